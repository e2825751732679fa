// The population a data run starts from: N players, each with a player record and `members`
// records in every collection table, all generated from the seed (one RNG stream per player,
// so the population does not depend on how players are spread over clients or workers).

import { toLong } from '@slg/proto';
import { Rng } from '../lib/rng.ts';
import type { CollectionState, PlayerState, RecordState } from './model.ts';
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
  const id = firstPlayer + BigInt(index);
  const created = (table: TableInfo): RecordState => ({
    fields: randomFields(rng, table),
    version: 1n,
  });
  const player = created(schema.playerTable);
  const collections = new Map(
    schema.collections.map((t): [string, CollectionState] => {
      const ids = Array.from({ length: members }, (_, i) => i + 1);
      const records = new Map(ids.map((m) => [m, created(t)]));
      return [t.name, { members: records, nextId: members + 1, removed: new Set() }];
    }),
  );
  return { id, idLong: toLong(id), player, collections, pending: null };
}

/** The players a virtual client owns: player p belongs to client p mod concurrency. */
export function playersOfClient(client: number, players: number, concurrency: number): number[] {
  const out: number[] = [];
  for (let p = client; p < players; p += concurrency) out.push(p);
  return out;
}
