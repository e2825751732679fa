// `bench map`'s world: players created in data-server (the records map-server reads: a player
// with resources and an alliance, four troop records, in one BatchWriteV2 of the player) and a
// city for each placed through map-server's PlaceCity near a random point. A player or a city
// that exists already (a previous run on the same world) is kept.
import {
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
  toLong,
} from '@slg/proto';
import { createGrpcClient, ServiceError } from '@slg/service-kit';
import { Rng } from '../lib/rng.ts';

/** The troops every bench player starts with (troop id, kind, tier, count). */
export const BENCH_TROOPS = [
  { troopId: 1, kind: 'infantry', tier: 2, count: 6000 },
  { troopId: 2, kind: 'cavalry', tier: 3, count: 3000 },
  { troopId: 3, kind: 'ranged', tier: 1, count: 4000 },
  { troopId: 4, kind: 'siege', tier: 1, count: 800 },
];
export const BENCH_RESOURCES = 50_000;

export interface SeedOptions {
  target: string;
  dataServer: string;
  firstPlayer: number;
  cities: number;
  seed: number;
  parallel: number;
  deadlineMs: number;
  worldWidth: number;
  worldHeight: number;
  /** Called after each city (placed or found). */
  progress?: (done: number) => void;
}

export interface SeedResult {
  playersCreated: number;
  playersExisting: number;
  citiesPlaced: number;
  citiesExisting: number;
  /** Players whose city found no free spot near its point (FAILED_PRECONDITION). */
  noSpot: number;
  seconds: number;
}

const isCode = (err: unknown, code: string) => err instanceof ServiceError && err.code === code;

export async function seedWorld(o: SeedOptions): Promise<SeedResult> {
  const data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, o.dataServer, {
    deadlineMs: o.deadlineMs,
  });
  const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, o.target, {
    deadlineMs: o.deadlineMs,
  });
  const r: SeedResult = {
    playersCreated: 0,
    playersExisting: 0,
    citiesPlaced: 0,
    citiesExisting: 0,
    noSpot: 0,
    seconds: 0,
  };
  const t0 = performance.now();
  const rng = new Rng(o.seed, 'map-cities');
  // Every city's point drawn up front: one seed, one world, whatever the parallelism.
  const points = Array.from({ length: o.cities }, () => ({
    x: rng.int(o.worldWidth),
    y: rng.int(o.worldHeight),
  }));
  let next = 0;
  let done = 0;
  try {
    await Promise.all([data.waitForReady(10_000), map.waitForReady(10_000)]);
    await Promise.all(
      Array.from({ length: Math.max(1, o.parallel) }, async () => {
        for (let i = next++; i < o.cities; i = next++) {
          const playerId = o.firstPlayer + i;
          const owner = toLong(BigInt(playerId));
          const create = (table: string, memberId: number, fields: Record<string, unknown>) => ({
            create: {
              table,
              ownerId: owner,
              memberId,
              fields: Object.fromEntries(
                Object.entries(fields).map(([k, v]) => [
                  k,
                  typeof v === 'string' ? { str: v } : { int: toLong(BigInt(v as number)) },
                ]),
              ),
            },
          });
          try {
            await data.BatchWriteV2(
              slg.dataserver.v2.BatchWriteRequest.create({
                ops: [
                  create('player', 0, {
                    name: `bench-map-${playerId}`,
                    alliance_id: 1 + (playerId % 4),
                    food: BENCH_RESOURCES,
                    wood: BENCH_RESOURCES,
                    stone: BENCH_RESOURCES,
                    iron: BENCH_RESOURCES,
                    gold: BENCH_RESOURCES,
                  }),
                  ...BENCH_TROOPS.map((t) =>
                    create('troop', t.troopId, { kind: t.kind, tier: t.tier, count: t.count }),
                  ),
                ],
              }),
            );
            r.playersCreated++;
          } catch (err) {
            if (!isCode(err, 'ALREADY_EXISTS')) throw err;
            r.playersExisting++;
          }
          const p = points[i]!;
          try {
            await map.PlaceCity({ playerId: owner, nearX: p.x, nearY: p.y });
            r.citiesPlaced++;
          } catch (err) {
            if (isCode(err, 'ALREADY_EXISTS')) r.citiesExisting++;
            else if (isCode(err, 'FAILED_PRECONDITION') && /no free spot/.test(String(err)))
              r.noSpot++;
            else throw new Error(`PlaceCity for player ${playerId}: ${(err as Error).message}`);
          }
          o.progress?.(++done);
        }
      }),
    );
  } finally {
    data.close();
    map.close();
  }
  r.seconds = (performance.now() - t0) / 1000;
  return r;
}
