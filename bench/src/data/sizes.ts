// The data workload's typical message sizes, estimated from the seeded population and the
// mix without a server: the echo ceiling then carries payloads of the same sizes.
import { slg } from '@slg/proto';
import { Rng, WeightedChoice } from '../lib/rng.ts';
import { getRecord, recordToWire } from './model.ts';
import { type OpName, Planner } from './operations.ts';
import { generatePlayer } from './population.ts';
import type { GameSchema } from './schema.ts';

export interface MessageSizes {
  requestBytes: number;
  responseBytes: number;
}

const pb = slg.dataserver.v2;
/** Requests of the mix the estimate is made of. */
const SAMPLES = 4000;

export function estimateMessageSizes(
  schema: GameSchema,
  weights: ReadonlyMap<OpName, number>,
  opts: { seed: number; members: number; firstPlayer: bigint },
): MessageSizes {
  const players = Array.from({ length: 16 }, (_, i) =>
    generatePlayer(schema, opts.seed, i, opts.firstPlayer, opts.members),
  );
  const planner = new Planner(schema);
  const choice = new WeightedChoice(weights);
  const rng = new Rng(opts.seed, 'sizes');
  let req = 0;
  let res = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const op = choice.pick(rng);
    const p = rng.pick(players);
    const planned = planner.plan(op, rng, p);
    req += planned.bytes.length;
    const r = planned.request as { table: string; memberId?: { toNumber(): number } };
    const table = schema.byName.get(r.table)!;
    switch (op) {
      case 'FetchV2': {
        const member = r.memberId ? r.memberId.toNumber() : 0;
        const rec = getRecord(p, table, member);
        res += pb.FetchResponse.encode({
          record: rec ? recordToWire(table, p.idLong, member, rec) : null,
        }).finish().length;
        break;
      }
      case 'CFetchV2': {
        const members = [...p.collections.get(table.name)!.members];
        res += pb.CFetchResponse.encode({
          records: members.map(([m, rec]) => recordToWire(table, p.idLong, m, rec)),
        }).finish().length;
        break;
      }
      case 'IncrByV2':
        res += 14;
        break;
      default:
        res += 2;
    }
  }
  return { requestBytes: Math.round(req / SAMPLES), responseBytes: Math.round(res / SAMPLES) };
}
