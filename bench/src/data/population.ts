// The population a data run starts from: N players, each with a player record and `members`
// records in every collection table, all generated from the seed (one RNG stream per player,
// so the population does not depend on how players are spread over clients or workers).
import { Rng } from '../lib/rng.ts';
import { newPlayer, type PlayerState, type RecordState } from './model.ts';
import type { GameSchema, TableInfo } from './schema.ts';
import { type Fields, randomValue } from './values.ts';

export function randomFields(rng: Rng, table: TableInfo): Fields {
  const f: Fields = new Map();
  for (const col of table.columns) f.set(col.name, randomValue(rng, col));
  return f;
}

/** The seeded state of player `index` (version 1 everywhere: as created). */
export function generatePlayer(
  schema: GameSchema,
  seed: number,
  index: number,
  firstPlayer: bigint,
  members: number,
): PlayerState {
  const rng = new Rng(seed, 'player', index);
  const p = newPlayer(schema, index, firstPlayer + BigInt(index));
  p.player = { fields: randomFields(rng, schema.playerTable), version: 1n };
  for (const t of schema.collections) {
    const c = p.collections.get(t.name)!;
    for (let m = 1; m <= members; m++) {
      const r: RecordState = { fields: randomFields(rng, t), version: 1n };
      c.members.set(m, r);
    }
    c.nextId = members + 1;
  }
  return p;
}

/** The players a virtual client owns: player p belongs to client p mod concurrency. */
export function playersOfClient(client: number, players: number, concurrency: number): number[] {
  const out: number[] = [];
  for (let p = client; p < players; p += concurrency) out.push(p);
  return out;
}
