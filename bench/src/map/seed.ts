// `bench map`'s world: players created in data-server (the records map-server reads: a player
// with resources and an alliance, four troop records, in one BatchWriteV2 of the player) and a
// city for each placed near a random point through map-server's PlaceCities (500 a call; it
// writes one BatchWriteV2 per region). A player or a city that exists already (a previous run on
// the same world) is kept. Then, with --marches, scout marches started from the bench's cities.
// Also what the map code shares: a ready map-server client, a scout march started.
import {
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
  toLong,
} from '@slg/proto';
import { createGrpcClient, type GrpcClient, ServiceError } from '@slg/service-kit';
import { forEachIndex } from '../lib/parallel.ts';
import { Rng } from '../lib/rng.ts';

/** The troops every bench player starts with (troop id, kind, tier, count). */
export const BENCH_TROOPS = [
  { troopId: 1, kind: 'infantry', tier: 2, count: 6000 },
  { troopId: 2, kind: 'cavalry', tier: 3, count: 3000 },
  { troopId: 3, kind: 'ranged', tier: 1, count: 4000 },
  { troopId: 4, kind: 'siege', tier: 1, count: 800 },
];
/** The troop of the bench's scout marches. */
const CAVALRY_TROOP_ID = BENCH_TROOPS.find((x) => x.kind === 'cavalry')!.troopId;
export const BENCH_RESOURCES = 50_000;
/** Cities per PlaceCities call (map-server takes up to 1,000). */
const PLACE_CHUNK = 500;
/** Players, cities and marches written in parallel. */
export const PARALLEL = 32;

export type MapClient = GrpcClient<typeof slg_mapserver_v1_MapServiceDefinition>;

/** `fn` on a client of map-server, ready, closed after. */
export async function withMap<T>(
  target: string,
  deadlineMs: number,
  fn: (c: MapClient) => Promise<T>,
): Promise<T> {
  const c = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, target, { deadlineMs });
  try {
    await c.waitForReady(10_000);
    return await fn(c);
  } finally {
    c.close();
  }
}

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
  /** Called after each chunk of cities (placed or found). */
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

/**
 * `--seeded`: the world of an earlier run is reused; the first and the last bench players'
 * cities are looked up (NOT_FOUND: an error naming the player), nothing is written.
 */
export async function checkSeeded(o: {
  target: string;
  firstPlayer: number;
  cities: number;
  deadlineMs: number;
}): Promise<void> {
  await withMap(o.target, o.deadlineMs, async (map) => {
    for (const playerId of [o.firstPlayer, o.firstPlayer + o.cities - 1]) {
      await map.GetCity({ playerId: toLong(BigInt(playerId)) }).catch((err) => {
        if (!isCode(err, 'NOT_FOUND')) throw err;
        throw new Error(
          `--seeded: player ${playerId} has no city on this world; seed it first (a run without --seeded)`,
        );
      });
    }
  });
}

export async function seedWorld(o: SeedOptions): Promise<SeedResult> {
  const data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, o.dataServer, {
    deadlineMs: o.deadlineMs,
  });
  // A PlaceCities of PLACE_CHUNK cities looks up each player and writes a batch per region: on
  // a loaded machine it may take longer than one call's deadline.
  const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, o.target, {
    deadlineMs: Math.max(o.deadlineMs, 120_000),
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
  let done = 0;
  const createPlayer = async (i: number) => {
    const playerId = o.firstPlayer + i;
    const owner = toLong(BigInt(playerId));
    const create = (table: string, memberId: number, fields: Record<string, string | number>) => ({
      create: {
        table,
        ownerId: owner,
        memberId,
        fields: Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [
            k,
            typeof v === 'string' ? { str: v } : { int: toLong(BigInt(v)) },
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
  };
  try {
    await Promise.all([data.waitForReady(10_000), map.waitForReady(10_000)]);
    // Players in chunks: each chunk's players are created (half of `parallel` BatchWriteV2 in
    // flight), then its cities placed with one PlaceCities (map-server writes them one
    // BatchWriteV2 per region); two chunks in flight, so the player writes and the placements
    // overlap.
    const chunks = Math.ceil(o.cities / PLACE_CHUNK);
    await forEachIndex(chunks, Math.min(2, chunks), async (c) => {
      const from = c * PLACE_CHUNK;
      const to = Math.min(o.cities, from + PLACE_CHUNK);
      await forEachIndex(to - from, Math.ceil(o.parallel / 2), (k) => createPlayer(from + k));
      const res = await map.PlaceCities({
        cities: points.slice(from, to).map((p, k) => ({
          playerId: toLong(BigInt(o.firstPlayer + from + k)),
          nearX: p.x,
          nearY: p.y,
        })),
      });
      res.results.forEach((x, k) => {
        if (!x.code) r.citiesPlaced++;
        else if (x.code === 'ALREADY_EXISTS') r.citiesExisting++;
        else if (x.code === 'FAILED_PRECONDITION' && /no free spot/.test(x.message ?? ''))
          r.noSpot++;
        else
          throw new Error(
            `PlaceCities for player ${o.firstPlayer + from + k}: ${x.code} ${x.message}`,
          );
      });
      done += to - from;
      o.progress?.(done);
    });
  } finally {
    data.close();
    map.close();
  }
  r.seconds = (performance.now() - t0) / 1000;
  return r;
}

/** A player's city (its top-left tile), asked of map-server once. */
export function cityLookup(c: MapClient): (playerId: number) => Promise<{ x: number; y: number }> {
  const cities = new Map<number, Promise<{ x: number; y: number }>>();
  return (playerId) => {
    if (!cities.has(playerId)) cities.set(playerId, c.GetCity({ playerId }));
    return cities.get(playerId)!;
  };
}

/**
 * A scout march of one cavalry from `playerId`'s city to the tile `aim` draws; a tile refused
 * (FAILED_PRECONDITION: blocked or taken, or five marches out; INVALID_ARGUMENT) is drawn again,
 * up to 20 tries, each counted by `refused`. The leg's start and end (ms of map-server's clock).
 */
export async function startScout(
  c: MapClient,
  playerId: number,
  aim: () => { x: number; y: number },
  refused: () => void,
): Promise<{ x: number; y: number; legStartMs: number; legEndMs: number }> {
  for (let attempt = 0; ; attempt++) {
    const { x, y } = aim();
    try {
      const m = await c.StartMarch({
        playerId,
        kind: 'scout',
        targetX: x,
        targetY: y,
        troops: [{ troopId: CAVALRY_TROOP_ID, count: 1 }],
      });
      return { x, y, legStartMs: Number(m.legStartMs), legEndMs: Number(m.legEndMs) };
    } catch (err) {
      const retry = isCode(err, 'FAILED_PRECONDITION') || isCode(err, 'INVALID_ARGUMENT');
      if (!retry || attempt >= 20)
        throw new Error(`StartMarch for player ${playerId}: ${(err as Error).message}`);
      refused();
    }
  }
}

export interface MarchStart {
  started: number;
  /** Refused (a blocked or taken tile, five marches out): FAILED_PRECONDITION, tried elsewhere. */
  refused: number;
  /** The outbound legs' durations (ms of game time): when the arrivals fall due. */
  legMsMin: number;
  legMsMax: number;
}

/**
 * `--marches`: scout marches of one cavalry each from the players' cities (round robin, at most
 * 5 out per player), each to a random tile within `radius` of its city; on a world whose speed
 * keeps them in flight, they fill the viewports' answers (the full world's 20,000).
 */
export async function startMarches(o: {
  target: string;
  deadlineMs: number;
  players: number[];
  marches: number;
  radius: number;
  seed: number;
}): Promise<MarchStart> {
  if (o.marches > o.players.length * 5)
    throw new Error(`--marches ${o.marches}: at most 5 per player (${o.players.length} players)`);
  const rng = new Rng(o.seed, 'map-marches');
  const out: MarchStart = { started: 0, refused: 0, legMsMin: Infinity, legMsMax: 0 };
  await withMap(o.target, o.deadlineMs, async (c) => {
    const cityOf = cityLookup(c);
    await forEachIndex(o.marches, PARALLEL, async (i) => {
      const playerId = o.players[i % o.players.length]!;
      const city = await cityOf(playerId);
      const m = await startScout(
        c,
        playerId,
        () => ({
          x: Math.max(0, city.x + rng.range(-o.radius, o.radius)),
          y: Math.max(0, city.y + rng.range(-o.radius, o.radius)),
        }),
        () => out.refused++,
      );
      out.legMsMin = Math.min(out.legMsMin, m.legEndMs - m.legStartMs);
      out.legMsMax = Math.max(out.legMsMax, m.legEndMs - m.legStartMs);
      out.started++;
    });
  });
  if (out.started === 0) out.legMsMin = 0;
  return out;
}
