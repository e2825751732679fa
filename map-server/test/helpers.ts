// Shared by map-server's tests: a silent logger, in-process battles, a store a test can "kill",
// a seeded population, a random driver of marches (one action, or a whole drive with city moves
// and a restart), and the conservation check.
import { fight } from '@slg/battle-server/model';
import { createLogger } from '@slg/service-kit';
import { createRng, hash32, type Rng } from '@slg/service-kit/prng';
import { build, type MapServer } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import { defaultConfig, type MapServerConfig } from '../src/config.ts';
import type { BattleClient, BattleInput, BattleResult } from '../src/engine/battles.ts';
import { generateRegion } from '../src/engine/loader.ts';
import { FIELD_LEVELS, FIELD_SIZE_PER_LEVEL } from '../src/engine/rules.ts';
import type { MapStore, Op } from '../src/store/store.ts';
import { RESOURCES, type Resource } from '../src/world/types.ts';
import { MemoryStore } from './memory-store.ts';

export const quietLogger = () =>
  createLogger({ name: 'map-server-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** Battles fought in-process by battle-server's model (the same code its HTTP route runs). */
export const inlineBattles: BattleClient = {
  async fight(input: BattleInput): Promise<BattleResult> {
    return fight(JSON.parse(JSON.stringify(input)));
  },
};

/**
 * A store a test can kill: after kill(), every call through it (running or new) never
 * settles, as if the process had died there.
 */
export class FencedStore implements MapStore {
  readonly #inner: MapStore;
  #dead = false;
  constructor(inner: MapStore) {
    this.#inner = inner;
  }
  kill(): void {
    this.#dead = true;
  }
  #guard<R>(p: () => Promise<R>): Promise<R> {
    if (this.#dead) return new Promise(() => {});
    return p().then(
      (r) => (this.#dead ? new Promise<R>(() => {}) : r),
      (e: unknown) => (this.#dead ? new Promise<R>(() => {}) : Promise.reject(e)),
    );
  }
  fetch(table: string, owner: number, member?: number) {
    return this.#guard(() => this.#inner.fetch(table, owner, member));
  }
  list(table: string, owner: number) {
    return this.#guard(() => this.#inner.list(table, owner));
  }
  write(owner: number, ops: Op[]) {
    return this.#guard(() => this.#inner.write(owner, ops));
  }
  close(): void {}
}

export const TROOPS = [
  { troopId: 1, kind: 'infantry', tier: 2, count: 6000 },
  { troopId: 2, kind: 'cavalry', tier: 3, count: 3000 },
  { troopId: 3, kind: 'ranged', tier: 1, count: 4000 },
  { troopId: 4, kind: 'siege', tier: 1, count: 800 },
];
export const START_RESOURCES = 50_000;

/** Players 1..n with resources, alliances (p % 4) and four troop records each. */
export async function seedPlayers(store: MapStore, n: number): Promise<number[]> {
  const players = Array.from({ length: n }, (_, i) => i + 1);
  for (const p of players) {
    const res = Object.fromEntries(RESOURCES.map((k) => [k, START_RESOURCES]));
    await store.write(p, [
      {
        create: {
          table: 'player',
          member: 0,
          fields: { name: `p${p}`, alliance_id: 1 + (p % 4), ...res },
        },
      },
      ...TROOPS.map((tr) => ({
        create: {
          table: 'troop',
          member: tr.troopId,
          fields: { kind: tr.kind, tier: tr.tier, count: tr.count },
        },
      })),
    ]);
  }
  return players;
}

export function smallConfig(overrides: Partial<MapServerConfig> = {}): MapServerConfig {
  return defaultConfig({
    width: 160,
    height: 160,
    regionSize: 40,
    fields: 160,
    monsters: 60,
    seed: 7,
    speed: 60,
    // The manual clock's tests set it to a step's due time and expect the step to run then.
    tickMs: 0,
    port: 0,
    metricsPort: 0,
    shutdownTimeoutMs: 2000,
    ...overrides,
  });
}

export async function buildApp(
  config: MapServerConfig,
  store: MapStore,
  clock: ManualClock,
  battles: BattleClient = inlineBattles,
  hooks = {},
): Promise<MapServer> {
  return build(config, { store, clock, battles, logger: quietLogger(), hooks });
}

export interface DriveStats {
  started: number;
  recalled: number;
  refused: number;
  byKind: Record<string, number>;
}

/** One random action: start a march of a random kind, recall one, or let time pass. */
export async function randomAction(
  app: MapServer,
  clock: ManualClock,
  rng: Rng,
  players: number[],
  s: DriveStats,
  opts: { advance?: boolean } = {},
): Promise<void> {
  const w = app.world;
  const r = rng.int(100);
  if (r < 55) {
    const p = players[rng.int(players.length)]!;
    const city = w.cities.get(p);
    if (!city) return;
    const kinds = [
      'gather',
      'gather',
      'attack_city',
      'attack_monster',
      'reinforce',
      'scout',
    ] as const;
    const kind = kinds[rng.int(kinds.length)]!;
    const near = (list: { x: number; y: number }[]) => {
      if (!list.length) return undefined;
      let best = list[rng.int(list.length)]!;
      for (let i = 0; i < 6; i++) {
        const c = list[rng.int(list.length)]!;
        if (Math.hypot(c.x - city.x, c.y - city.y) < Math.hypot(best.x - city.x, best.y - city.y))
          best = c;
      }
      return best;
    };
    let target: { x: number; y: number } | undefined;
    const ours = new Set(players);
    if (kind === 'gather') target = near([...w.fields.values()].filter((f) => !f.occupant));
    else if (kind === 'attack_monster') target = near([...w.monsters.values()]);
    else if (kind === 'attack_city')
      target = near([...w.cities.values()].filter((c) => c.playerId !== p && ours.has(c.playerId)));
    else if (kind === 'reinforce') {
      target = near(
        [...w.cities.values()].filter(
          (c) => c.playerId !== p && c.playerId % 4 === p % 4 && ours.has(c.playerId),
        ),
      );
    } else target = { x: rng.int(w.width), y: rng.int(w.height) };
    if (!target) return;
    const troops = [1, 2, 3, 4]
      .filter(() => rng.int(3) > 0)
      .map((troopId) => ({ troopId, count: 1 + rng.int(kind === 'scout' ? 50 : 1500) }));
    if (!troops.length) troops.push({ troopId: 1, count: 10 });
    try {
      await app.engine.startMarch({
        playerId: p,
        kind,
        targetX: target.x,
        targetY: target.y,
        troops,
      });
      s.started++;
      s.byKind[kind] = (s.byKind[kind] ?? 0) + 1;
    } catch (err) {
      if ((err as { code?: string }).code !== 'FAILED_PRECONDITION') throw err;
      s.refused++;
    }
  } else if (r < 65) {
    const ms = [...w.marches.values()].filter((m) => m.state !== 'returning');
    const m = ms[rng.int(Math.max(1, ms.length))];
    if (!m) return;
    try {
      await app.engine.recall(m.playerId, m.id);
      s.recalled++;
    } catch (err) {
      if ((err as { code?: string }).code !== 'FAILED_PRECONDITION') throw err;
      s.refused++;
    }
  } else if (opts.advance !== false) {
    clock.advance(rng.int(20_000));
    await app.engine.drain();
  }
}

/** A small world for drive(): 40 seeded players, each city placed at random by `rng`. */
export async function randomWorld(seed: number) {
  const store = new MemoryStore();
  const clock = new ManualClock();
  const players = await seedPlayers(store, 40);
  const config = smallConfig();
  const app = await buildApp(config, store, clock);
  const rng = createRng(seed);
  for (const p of players) {
    await app.cities.place(p, rng.int(config.width), rng.int(config.height));
  }
  return { store, clock, players, config, app, rng };
}

export interface Drive {
  actions: number;
  /** The app rebuilt at the restart (action 700), before the next action: observe it again. */
  restarted(app: MapServer): void;
  /** After each action; false (the check failed, having said how) stops the drive. */
  check(app: MapServer, action: number): boolean;
}

export interface DriveOutcome {
  stats: DriveStats;
  /** Whether every action ran and passed its check. */
  finished: boolean;
  moved: number;
  /** Marches in flight the restart reloaded. */
  reloaded: number;
}

/**
 * Random engine activity on a randomWorld(): per action, 4 in 100 a city move (refused while its
 * marches are out or allies are stationed there), at action 700 a restart (the world rebuilt
 * from the store, marches in flight attached again), else randomAction(). The last app is
 * closed before it returns. `rng` is the world's: a check may draw from it too.
 */
export async function drive(
  world: Awaited<ReturnType<typeof randomWorld>>,
  d: Drive,
): Promise<DriveOutcome> {
  const { store, clock, players, config, rng } = world;
  let app = world.app;
  const stats: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
  let moved = 0;
  let reloaded = 0;
  let finished = true;
  for (let action = 0; action < d.actions; action++) {
    const r = rng.int(100);
    if (r < 4) {
      const p = players[rng.int(players.length)]!;
      await app.cities
        .relocate(p, rng.int(config.width - 1), rng.int(config.height - 1))
        .then(() => moved++)
        .catch((err: { code?: string }) => {
          if (err.code !== 'FAILED_PRECONDITION' && err.code !== 'NOT_FOUND') throw err;
        });
    } else if (action === 700) {
      await app.close(100);
      app = await buildApp(config, store, clock);
      d.restarted(app);
      reloaded = app.loaded.marches;
    } else await randomAction(app, clock, rng, players, stats);
    if (!d.check(app, action)) {
      finished = false;
      break;
    }
  }
  await app.close(100);
  return { stats, finished, moved, reloaded };
}

/** Recalls everything and lets time run until every march is home. */
export async function bringAllHome(app: MapServer, clock: ManualClock): Promise<void> {
  for (let round = 0; round < 100 && app.world.marches.size > 0; round++) {
    for (const m of [...app.world.marches.values()]) {
      if (m.state !== 'returning') await app.engine.recall(m.playerId, m.id).catch(() => undefined);
    }
    clock.advance(3_600_000);
    await app.engine.drain();
  }
}

/**
 * Conservation, read from the store: every player's troops (count + wounded) plus the dead of
 * every battle report equal what they started with, to the unit; per resource, what players
 * and fields hold equals what they started with plus what respawns added. Nothing left out.
 */
export async function checkConservation(
  store: MapStore,
  app: MapServer,
  players: number[],
  initialFields: Record<Resource, number>,
): Promise<{
  problems: string[];
  battles: number;
  dead: number;
  respawns: number;
  gathered: number;
}> {
  const problems: string[] = [];
  const dead = new Map<number, number>();
  let battles = 0;
  let deadTotal = 0;
  for (const p of players) {
    for (const r of await store.list('map_report', p)) {
      if (r.fields.kind !== 'battle') continue;
      const result = JSON.parse(String(r.fields.result)) as {
        role: string;
        losses: {
          attacker: { player: number; dead: number }[];
          defender: { player: number; dead: number }[];
        };
      };
      if (result.role !== 'attacker') continue;
      battles++;
      for (const row of [...result.losses.attacker, ...result.losses.defender]) {
        if (row.player === 0) continue; // a monster
        dead.set(row.player, (dead.get(row.player) ?? 0) + row.dead);
        deadTotal += row.dead;
      }
    }
  }
  const held: Record<Resource, number> = { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 };
  for (const p of players) {
    const troops = await store.list('troop', p);
    for (const tr of TROOPS) {
      const rec = troops.find((x) => x.member === tr.troopId);
      if (!rec) problems.push(`player ${p} lost troop record ${tr.troopId}`);
    }
    const have = troops.reduce((a, x) => a + Number(x.fields.count) + Number(x.fields.wounded), 0);
    const start = TROOPS.reduce((a, x) => a + x.count, 0);
    if (have + (dead.get(p) ?? 0) !== start) {
      problems.push(`player ${p}: troops ${have} + dead ${dead.get(p) ?? 0} != ${start}`);
    }
    const rec = await store.fetch('player', p);
    for (const k of RESOURCES) held[k] += Number(rec!.fields[k]);
    const marches = await store.list('map_march', p);
    if (marches.length) problems.push(`player ${p} still has ${marches.length} march records`);
  }
  const w = app.world;
  const inFields: Record<Resource, number> = { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 };
  const respawned: Record<Resource, number> = { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 };
  let respawns = 0;
  for (let i = 0; i < w.regionCount; i++) {
    const region = w.regionId(i);
    // A field never changed is not stored: its generated record counts.
    const stored = new Map(
      (await store.list('map_field', region)).map((f) => [f.member, f.fields]),
    );
    for (const g of generateRegion(w, i, app.config.fields, app.config.monsters).fields) {
      const f = stored.get(g.id) ?? g.fields;
      const k = f.resource as Resource;
      inFields[k] += Number(f.remaining);
      for (let n = 1; n <= Number(f.gen); n++) {
        respawns++;
        respawned[k] += (1 + (hash32(w.seed, g.id, n, 7) % FIELD_LEVELS)) * FIELD_SIZE_PER_LEVEL;
      }
    }
    const refs = await store.list('map_march_ref', region);
    if (refs.length) problems.push(`region ${region} still lists ${refs.length} marches`);
  }
  let gathered = 0;
  for (const k of RESOURCES) {
    const start = players.length * START_RESOURCES + initialFields[k] + respawned[k];
    gathered += held[k] - players.length * START_RESOURCES;
    if (held[k] + inFields[k] !== start) {
      problems.push(
        `${k}: players ${held[k]} + fields ${inFields[k]} != ${start} (start + respawns)`,
      );
    }
  }
  return { problems, battles, dead: deadTotal, respawns, gathered };
}

/** What the fields of a freshly generated world hold, per resource. */
export function fieldTotals(app: MapServer): Record<Resource, number> {
  const out: Record<Resource, number> = { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 };
  for (const f of app.world.fields.values()) out[f.resource] += f.remaining;
  return out;
}

export { createRng };
