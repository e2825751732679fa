// `bench stack`: whole-game player sessions across every service. The stack is the
// given one (--map, --data, --battle-url) or `npm start`'s bundles started here on free ports
// over MariaDB and Redis (a database and a key prefix of the run's own), the game clock
// accelerated (MAPSERVER_SPEED) so that marches settle within the run. Players are seeded (a
// player record with resources, four troop records, three buildings, three mails, a city), a
// ledger of the map's changes is opened (./ledger.ts), every player's starting troops and
// resources read, then sessions (./session.ts) arrive as an open model at --rate per second for
// --duration, each on a free player. After the last session every march is recalled and waited
// home, and the invariants are checked (./checks.ts). Any violation is printed with its player and
// step and fails the run.
import {
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
  toLong,
} from '@slg/proto';
import { createGrpcClient, ServiceError } from '@slg/service-kit';
import { collectEnvironment } from '../lib/environment.ts';
import { type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { combineUsage, machineLine, type ServerUsage, UsageSampler } from '../lib/proc-stats.ts';
import { caseStudyLine, int, latencyTable, ms, table, totals, totalsLine } from '../lib/report.ts';
import { RESULT_SCHEMA_VERSION } from '../lib/result-file.ts';
import { Rng, WeightedChoice } from '../lib/rng.ts';
import { seedWorld } from '../map/seed.ts';
import { type StartedStack, startStack as startNpmStack } from '../soak/stack.ts';
import {
  battlePoster,
  cacheEqualsStore,
  type DataClient,
  exactlyOnceProblems,
  type MapClient,
  type PlayerState,
  readPlayer,
  recomputeReport,
  resourceProblem,
  stableRead,
  troopProblem,
  type Violation,
} from './checks.ts';
import { MapLedger, RESOURCES } from './ledger.ts';
import { CallFailed, perService, Recorders } from './ops.ts';
import { type Action, runSession, type SessionContext, type SessionSettings } from './session.ts';

export interface StackSettings {
  /** The stack to load; null: start `npm start`'s bundles here. */
  target: { map: string; data: string; battleUrl: string } | null;
  mysqlUrl: string;
  redisUrl: string;
  /** The world of a stack started here (MAPSERVER_* variables). */
  world: { width: number; height: number; fields: number; monsters: number; speed: number };
  /** Region ids of the checked world (map_city etc. owners): world id. */
  worldId: number;
  players: number;
  firstPlayer: number;
  rate: number;
  durationMs: number;
  seed: number;
  session: SessionSettings;
  mix: Map<Action, number>;
  slowMs: number;
  deadlineMs: number;
  serverPids: number[];
  /** How long every march may take to come home after the sessions (ms). */
  settleTimeoutMs: number;
  quiet: boolean;
}

/** A test's hook between the load and the checks (a fault injected there must be caught). */
export interface RunHooks {
  afterLoad?: (ctx: {
    data: DataClient;
    map: MapClient;
    stack: Prepared;
    ledger: MapLedger;
    marches: ReadonlyMap<number, number>;
  }) => Promise<void>;
}

export interface Prepared {
  map: string;
  data: string;
  battleUrl: string;
  /** The Redis key prefix and database of a stack started here (null: given). */
  keyPrefix: string | null;
  database: string | null;
  world: { width: number; height: number; regionSize: number; maxViewport: number };
  players: number[];
  processes: { pid: number; label: string }[];
  seedSeconds: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts (or connects to) the stack and seeds the players. */
export async function prepare(s: StackSettings, say: (l: string) => void): Promise<Prepared> {
  let started: StartedStack | null = null;
  let addr: { map: string; data: string; battleUrl: string };
  if (s.target) addr = s.target;
  else {
    say(
      `starting the stack (npm start's bundles) on MariaDB and Redis: world ${s.world.width} x ${s.world.height}, ${s.world.fields} fields, ${s.world.monsters} monsters, MAPSERVER_SPEED=${s.world.speed}`,
    );
    started = await startNpmStack({
      mysqlUrl: s.mysqlUrl,
      redisUrl: s.redisUrl,
      tag: 'stack',
      env: {
        MAPSERVER_WIDTH: String(s.world.width),
        MAPSERVER_HEIGHT: String(s.world.height),
        MAPSERVER_FIELDS: String(s.world.fields),
        MAPSERVER_MONSTERS: String(s.world.monsters),
        MAPSERVER_SPEED: String(s.world.speed),
        MAPSERVER_WORLD_ID: String(s.worldId),
      },
    });
    addr = { map: started.mapServer, data: started.dataServer, battleUrl: started.battleUrl };
    if (started.consoleUrl) say(`watch the run in the console: ${started.consoleUrl}`);
  }
  try {
    const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, addr.map, {
      deadlineMs: s.deadlineMs,
    });
    const data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, addr.data, {
      deadlineMs: s.deadlineMs,
    });
    try {
      await Promise.all([map.waitForReady(20_000), data.waitForReady(20_000)]);
      const w = await map.GetWorld({});
      const world = {
        width: w.width ?? 0,
        height: w.height ?? 0,
        regionSize: w.regionSize ?? 100,
        maxViewport: 100,
      };
      const t0 = performance.now();
      await seedWorld({
        target: addr.map,
        dataServer: addr.data,
        firstPlayer: s.firstPlayer,
        cities: s.players,
        seed: s.seed,
        parallel: 16,
        deadlineMs: s.deadlineMs,
        worldWidth: world.width,
        worldHeight: world.height,
      });
      const players = Array.from({ length: s.players }, (_, i) => s.firstPlayer + i);
      await seedExtras(data, players);
      const seedSeconds = (performance.now() - t0) / 1000;
      say(`${players.length} players seeded in ${seedSeconds.toFixed(1)} s`);
      const processes = started
        ? started.processes().map((p) => ({ pid: p.pid, label: p.label }))
        : s.serverPids.map((pid) => ({ pid, label: `pid ${pid}` }));
      return {
        ...addr,
        keyPrefix: started?.keyPrefix ?? null,
        database: started?.database ?? null,
        world,
        players,
        processes,
        seedSeconds,
        close: async () => {
          await started?.stop();
        },
      };
    } finally {
      map.close();
      data.close();
    }
  } catch (err) {
    await started?.stop();
    throw err;
  }
}

/** Three buildings and three mails per player (kept when they exist). */
async function seedExtras(data: DataClient, players: number[]): Promise<void> {
  let next = 0;
  const v = (x: string | number | boolean) =>
    typeof x === 'string' ? { str: x } : typeof x === 'boolean' ? { bool: x } : { int: x };
  const create = (table: string, owner: number, member: number, f: Record<string, unknown>) => ({
    create: {
      table,
      ownerId: toLong(owner),
      memberId: member,
      fields: Object.fromEntries(
        Object.entries(f).map(([k, x]) => [k, v(x as string | number | boolean)]),
      ),
    },
  });
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next++; i < players.length; i = next++) {
        const p = players[i]!;
        try {
          await data.BatchWriteV2(
            slg.dataserver.v2.BatchWriteRequest.create({
              ops: [
                ...['barracks', 'farm', 'wall'].map((kind, b) =>
                  create('building', p, b + 1, { kind, level: 1 }),
                ),
                ...[1, 2, 3].map((m) =>
                  create('mail', p, m, { sender_id: 0, subject: `welcome ${m}`, body: 'hello' }),
                ),
              ],
            }),
          );
        } catch (err) {
          if (!(err instanceof ServiceError && err.code === 'ALREADY_EXISTS')) throw err;
        }
      }
    }),
  );
}

export interface StackResult {
  kind: 'stack';
  schemaVersion: number;
  startedAt: string;
  environment: ReturnType<typeof collectEnvironment>;
  settings: Record<string, unknown>;
  world: Prepared['world'];
  rate: number;
  durationS: number;
  elapsedS: number;
  sessions: {
    arrived: number;
    started: number;
    completed: number;
    failed: number;
    /** Arrivals with every player in a session already (not started). */
    dropped: number;
    /** Completed per second of the measured phase. */
    sustained: number;
  };
  counts: Record<string, number>;
  marchesStarted: number;
  ops: OpSnapshot[];
  services: OpSnapshot[];
  /** The checks' own calls (not in the measured load). */
  checkOps: OpSnapshot[];
  errors: number;
  errorSamples: string[];
  usage: ReturnType<UsageSampler['stop']>;
  processes: {
    pid: number;
    label: string;
    cpuS: number | null;
    usPerSession: number | null;
    usPerRequest: number | null;
    peakRssBytes: number | null;
  }[];
  invariants: {
    troopChecksDuring: number;
    troopChecksUnstable: number;
    streamChecks: number;
    reportsRecomputed: number;
    playersChecked: number;
    resourcesUnchecked: number;
    marchesSettled: number;
    ledgerEvents: number;
    ledgerMissing: number;
    cacheRecords: number;
    cacheServedFromCache: number;
    settleSeconds: number;
  };
  violations: Violation[];
  /** Every operation's p99, the highest (µs): what the knee search bounds. */
  maxP99Us: number;
  valid: boolean;
  problems: string[];
}

/** One measured run at `rate` sessions/s against a prepared stack, then the checks. */
export async function runOnce(
  s: StackSettings,
  stack: Prepared,
  rate: number,
  say: (l: string) => void,
  hooks: RunHooks = {},
): Promise<StackResult> {
  const run = new StackRun(s, stack, rate, say);
  try {
    return await run.run(hooks);
  } finally {
    run.close();
  }
}

type Invariants = StackResult['invariants'];

/** What the sessions did, and the servers' use meanwhile. */
interface Load {
  sessions: Omit<StackResult['sessions'], 'sustained'>;
  usage: ReturnType<UsageSampler['stop']>;
  elapsedS: number;
}

/**
 * One run, in phases: every player's start read, the sessions (an open model of arrivals), every
 * march brought home, then the checks: the ledger of the map's changes, each player's troops,
 * resources and reports, cache == store; and the figures.
 */
class StackRun {
  readonly #s: StackSettings;
  readonly #stack: Prepared;
  readonly #rate: number;
  readonly #say: (l: string) => void;
  readonly #map: MapClient;
  readonly #data: DataClient;
  /** The sessions' calls (the measured load) and the checks' own. */
  readonly #rec: Recorders;
  readonly #checkRec: Recorders;
  readonly #violations: Violation[] = [];
  readonly #states = new Map<number, PlayerState>();
  /** Marches the sessions started: march id -> player. */
  readonly #marches = new Map<number, number>();
  readonly #counts: Record<string, number> = {};
  readonly #inv: Invariants = {
    troopChecksDuring: 0,
    troopChecksUnstable: 0,
    streamChecks: 0,
    reportsRecomputed: 0,
    playersChecked: 0,
    resourcesUnchecked: 0,
    marchesSettled: 0,
    ledgerEvents: 0,
    ledgerMissing: 0,
    cacheRecords: 0,
    cacheServedFromCache: 0,
    settleSeconds: 0,
  };
  #ledger: MapLedger | null = null;
  #ctx!: SessionContext;

  constructor(s: StackSettings, stack: Prepared, rate: number, say: (l: string) => void) {
    this.#s = s;
    this.#stack = stack;
    this.#rate = rate;
    this.#say = say;
    const client = { deadlineMs: s.deadlineMs, channels: 2 };
    this.#map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, stack.map, client);
    this.#data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, stack.data, client);
    this.#rec = new Recorders(s.slowMs);
    this.#checkRec = new Recorders(s.slowMs);
  }

  async run(hooks: RunHooks): Promise<StackResult> {
    const startedAt = new Date().toISOString();
    const s = this.#s;
    this.#ledger = await MapLedger.open(
      this.#stack.map,
      this.#stack.world,
      this.#stack.world.maxViewport,
      s.session.streamTimeoutMs,
    );
    await this.#readStart();
    this.#ctx = this.#context();
    const load = await this.#runSessions();
    await this.#bringMarchesHome();
    await hooks.afterLoad?.({
      data: this.#data,
      map: this.#map,
      stack: this.#stack,
      ledger: this.#ledger,
      marches: this.#marches,
    });
    const homeLoads = await this.#checkLedger();
    await this.#checkPlayers(homeLoads);
    await this.#checkCache();
    this.#inv.streamChecks = this.#counts['stream checks'] ?? 0;
    return this.#figures(startedAt, load);
  }

  close(): void {
    this.#ledger?.close();
    this.#map.close();
    this.#data.close();
  }

  #violation(v: Violation): void {
    this.#violations.push(v);
    if (this.#violations.length <= 50)
      this.#say(
        `VIOLATION [${v.check}] ${v.player === null ? '' : `player ${v.player}, `}${v.step}: ${v.detail}`,
      );
  }

  /** Calls `each` for every player, `parallel` at a time. */
  async #forPlayers(parallel: number, each: (p: number) => Promise<void>): Promise<void> {
    const players = this.#stack.players;
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = next++; i < players.length; i = next++) await each(players[i]!);
      }),
    );
  }

  /** Every player's start: troops (records + marches out), resources, reports so far. */
  async #readStart(): Promise<void> {
    await this.#forPlayers(16, async (p) => {
      // Nothing of this run moves yet: one read.
      const r = await readPlayer(this.#checkRec, this.#data, p, new Set());
      this.#states.set(p, {
        baseTroops: r.records + r.inMarches,
        baseResources: r.resources,
        baseReports: new Set(r.reportIds),
        spent: {},
        reportsChecked: new Set(),
        uncertain: r.marches > 0 ? `${r.marches} marches out at the start` : null,
      });
    });
  }

  /** What a session sees of the run: the clients, the players' states, the checks it makes. */
  #context(): SessionContext {
    const s = this.#s;
    const battle = battlePoster(this.#stack.battleUrl);
    const state = (p: number) => this.#states.get(p)!;
    return {
      rec: this.#rec,
      data: this.#data,
      map: this.#map,
      mapAddress: this.#stack.map,
      battleUrl: this.#stack.battleUrl,
      deadlineMs: s.deadlineMs,
      world: this.#stack.world,
      players: new Set(this.#stack.players),
      state,
      settings: s.session,
      mix: new WeightedChoice(s.mix),
      violation: (v) => this.#violation(v),
      marches: this.#marches,
      counts: this.#counts,
      checkTroops: async (p, step) => {
        const r = await stableRead(this.#checkRec, this.#data, p, state(p).baseReports);
        if (!r) {
          this.#inv.troopChecksUnstable++;
          return;
        }
        this.#inv.troopChecksDuring++;
        const problem = troopProblem(state(p), r);
        if (problem) this.#violation({ check: 'troops', player: p, step, detail: problem });
      },
      checkReport: async (p, id, step, recorded) => {
        const problem = await recomputeReport(
          recorded ? this.#rec : this.#checkRec,
          this.#map,
          battle,
          s.deadlineMs,
          p,
          id,
        );
        state(p).reportsChecked.add(id);
        this.#inv.reportsRecomputed++;
        if (problem) this.#violation({ check: 'report-hash', player: p, step, detail: problem });
      },
    };
  }

  /** The open model: arrivals at exponential intervals (seeded), each on a free player. */
  async #runSessions(): Promise<Load> {
    const s = this.#s;
    const rate = this.#rate;
    const rng = new Rng(s.seed, 'stack-arrivals');
    const free = [...this.#stack.players];
    const sessions = { arrived: 0, started: 0, completed: 0, failed: 0, dropped: 0 };
    const running = new Set<Promise<void>>();
    const sampler = new UsageSampler(this.#stack.processes.map((p) => p.pid));
    this.#say(
      `${rate} sessions/s for ${s.durationMs / 1000} s (open model), ${s.session.actions} actions a session, think ${s.session.thinkMs} ms; ${this.#stack.players.length} players`,
    );
    sampler.start();
    const t0 = performance.now();
    let due = 0;
    let lastProgress = t0;
    while (true) {
      due += (-Math.log(1 - rng.float()) / rate) * 1000;
      if (due >= s.durationMs) break;
      const wait = t0 + due - performance.now();
      if (wait > 0) await sleep(wait);
      sessions.arrived++;
      if (!free.length) {
        sessions.dropped++;
        continue;
      }
      const player = free.splice(rng.int(free.length), 1)[0]!;
      const index = sessions.started++;
      const run = runSession(this.#ctx, player, new Rng(s.seed, 'stack-session', index))
        .then(
          () => {
            sessions.completed++;
          },
          (err: unknown) => {
            sessions.failed++;
            if (!(err instanceof CallFailed) && this.#rec.errorSamples.length < 20)
              this.#rec.errorSamples.push(`session of player ${player}: ${(err as Error).message}`);
          },
        )
        .finally(() => {
          free.push(player);
          running.delete(run);
        });
      running.add(run);
      if (!s.quiet && performance.now() - lastProgress > 10_000) {
        lastProgress = performance.now();
        this.#say(
          `  ${((lastProgress - t0) / 1000).toFixed(0)} s: ${sessions.started} sessions started, ${sessions.completed} completed, ${running.size} running, ${this.#violations.length} violations`,
        );
      }
    }
    await Promise.all([...running]);
    const usage = combineUsage([sampler.stop()]);
    const elapsedS = (performance.now() - t0) / 1000;
    this.#say(
      `load done in ${elapsedS.toFixed(1)} s: ${sessions.completed} sessions completed, ${sessions.failed} failed, ${sessions.dropped} dropped; ${this.#marches.size} marches started`,
    );
    return { sessions, usage, elapsedS };
  }

  /** Every march home: the ones out recalled, then waited for (a condition polled). */
  async #bringMarchesHome(): Promise<void> {
    const s = this.#s;
    const map = this.#map;
    const checkRec = this.#checkRec;
    const settle0 = performance.now();
    const until = Date.now() + s.settleTimeoutMs;
    let out = this.#stack.players;
    for (let round = 0; out.length; round++) {
      const left: number[] = [];
      await Promise.all(
        out.map(async (p) => {
          try {
            const l = await checkRec.must('ListMarches', () => map.ListMarches({ playerId: p }));
            const ms = l.marches ?? [];
            if (!ms.length) return;
            left.push(p);
            for (const m of ms)
              if (m.state !== 'returning')
                await checkRec.call(
                  'RecallMarch',
                  () => map.RecallMarch({ playerId: p, marchId: m.id! }),
                  ['FAILED_PRECONDITION', 'NOT_FOUND'],
                );
          } catch (err) {
            // An overloaded stack (a deadline): asked again in the next round.
            if (!(err instanceof CallFailed)) throw err;
            if (!left.includes(p)) left.push(p);
          }
        }),
      );
      out = left;
      if (!out.length) break;
      if (Date.now() > until)
        throw new Error(
          `${out.length} players still had marches out ${s.settleTimeoutMs / 1000} s after the load (players ${out.slice(0, 5).join(', ')})`,
        );
      await sleep(Math.min(1000, 100 * 2 ** round));
    }
    this.#inv.settleSeconds = (performance.now() - settle0) / 1000;
  }

  /** The ledger: every change told, each march started once and home once; the loads home. */
  async #checkLedger(): Promise<Map<number, Record<string, number>>> {
    const ledger = this.#ledger!;
    const after = (detail: string, player: number | null = null, check = 'stream' as const) =>
      this.#violation({ check, player, step: 'after the run', detail });
    const flushed = await ledger.flush(this.#s.session.streamTimeoutMs);
    for (const f of flushed.failed) after(f);
    for (const p of ledger.problems()) after(p);
    this.#inv.ledgerEvents = ledger.events;
    this.#inv.ledgerMissing = flushed.missing.length;
    if (flushed.missing.length)
      after(
        `${flushed.missing.length} changes of the map (seq ${flushed.missing.slice(0, 5).join(', ')}${flushed.missing.length > 5 ? ', ...' : ''}) told by no stream of the ledger`,
      );
    for (const x of exactlyOnceProblems(this.#marches, ledger.marches))
      this.#violation({
        check: 'exactly-once',
        player: x.player,
        step: 'after the run',
        detail: x.detail,
      });
    this.#inv.marchesSettled = [...this.#marches.keys()].filter(
      (id) => ledger.marches.get(id)?.home === 1,
    ).length;
    const homeLoads = new Map<number, Record<string, number>>();
    for (const e of ledger.marches.values()) {
      const h = homeLoads.get(e.playerId) ?? {};
      for (const k of RESOURCES) h[k] = (h[k] ?? 0) + (e.load[k] ?? 0);
      homeLoads.set(e.playerId, h);
    }
    return homeLoads;
  }

  /** Per player, every session ended and every march home: troops, resources, every report. */
  async #checkPlayers(homeLoads: Map<number, Record<string, number>>): Promise<void> {
    await this.#forPlayers(8, async (p) => {
      const st = this.#states.get(p)!;
      const after = (check: Violation['check'], detail: string) =>
        this.#violation({ check, player: p, step: 'after the run', detail });
      // Every session ended and every march home: one read.
      const r = await readPlayer(this.#checkRec, this.#data, p, st.baseReports);
      this.#inv.playersChecked++;
      if (r.marches) after('exactly-once', `${r.marches} march records left with every march home`);
      const tp = troopProblem(st, r);
      if (tp) after('troops', tp);
      if (st.uncertain) this.#inv.resourcesUnchecked++;
      else {
        const rp = resourceProblem(st, r, homeLoads.get(p) ?? {});
        if (rp) after('resources', rp);
      }
      for (const id of r.reportIds) {
        if (st.baseReports.has(id) || st.reportsChecked.has(id)) continue;
        await this.#ctx.checkReport(p, id, 'after the run', false);
      }
    });
  }

  /** cache == store, for every player's records and the world's regions. */
  async #checkCache(): Promise<void> {
    const { world, players } = this.#stack;
    const regions =
      Math.ceil(world.width / world.regionSize) * Math.ceil(world.height / world.regionSize);
    const cache = await cacheEqualsStore(this.#checkRec, this.#data, [
      ...players.map((owner) => ({
        owner,
        single: ['player'],
        tables: ['building', 'troop', 'item', 'mail', 'map_march', 'map_report'],
      })),
      ...Array.from({ length: regions }, (_, i) => ({
        owner: this.#s.worldId * 2 ** 20 + i + 1,
        tables: ['map_city', 'map_field', 'map_monster', 'map_march_ref'],
      })),
    ]);
    this.#inv.cacheRecords = cache.records;
    this.#inv.cacheServedFromCache = cache.cached;
    for (const m of cache.mismatches)
      this.#violation({
        check: 'cache',
        player:
          m.table.startsWith('map_') && !['map_march', 'map_report'].includes(m.table)
            ? null
            : m.owner,
        step: 'post-verification',
        detail: `${m.table} owner ${m.owner} member ${m.member}: ${m.problem}`,
      });
  }

  /** The run's figures and whether it is valid. */
  #figures(startedAt: string, load: Load): StackResult {
    const s = this.#s;
    const { sessions, usage, elapsedS } = load;
    const ops = this.#rec.snapshots();
    const t = totals(ops, elapsedS);
    // Sessions completed per second of arrivals (each arrival's session ran to its end).
    const sustained = sessions.completed / (s.durationMs / 1000);
    const processes = this.#stack.processes.map((p, i) => {
      const u: ServerUsage | undefined = usage.servers[i];
      const cpuS = u?.cpuS ?? null;
      return {
        pid: p.pid,
        label: p.label,
        cpuS,
        usPerSession:
          cpuS !== null && sessions.completed ? (cpuS * 1e6) / sessions.completed : null,
        usPerRequest: cpuS !== null && t.answered ? (cpuS * 1e6) / t.answered : null,
        peakRssBytes: u?.peakRssBytes ?? null,
      };
    });
    const maxP99Us = Math.max(0, ...ops.map((o) => (o.count ? percentiles(o).p99 : 0)));
    const problems: string[] = [];
    const violations = this.#violations;
    if (violations.length) problems.push(`${violations.length} invariant violations`);
    if (t.errors) problems.push(`${t.errors} errors`);
    if (sessions.failed) problems.push(`${sessions.failed} sessions failed`);
    if (sessions.dropped) problems.push(`${sessions.dropped} arrivals found no free player`);
    const arrivedRate = sessions.arrived / (s.durationMs / 1000);
    if (sustained < 0.95 * arrivedRate)
      problems.push(
        `sustained ${sustained.toFixed(2)} sessions/s, under 95% of the ${arrivedRate.toFixed(2)}/s that arrived`,
      );
    return {
      kind: 'stack',
      schemaVersion: RESULT_SCHEMA_VERSION,
      startedAt,
      environment: collectEnvironment(),
      settings: { ...s, mix: Object.fromEntries(s.mix), rate: this.#rate },
      world: this.#stack.world,
      rate: this.#rate,
      durationS: s.durationMs / 1000,
      elapsedS,
      sessions: { ...sessions, sustained },
      counts: this.#counts,
      marchesStarted: this.#marches.size,
      ops,
      services: perService(ops),
      checkOps: this.#checkRec.snapshots(),
      errors: t.errors,
      errorSamples: this.#rec.errorSamples,
      usage,
      processes,
      invariants: this.#inv,
      violations,
      maxP99Us,
      valid: problems.length === 0,
      problems,
    };
  }
}

/** What a person reads. */
export function formatResult(r: StackResult): string {
  const lines: string[] = [];
  lines.push(
    `bench stack: ${r.rate} sessions/s for ${r.durationS} s; world ${r.world.width} x ${r.world.height}`,
  );
  lines.push('');
  for (const o of r.ops) lines.push(caseStudyLine(o));
  lines.push('');
  lines.push(latencyTable(r.ops, r.elapsedS));
  lines.push('');
  lines.push('per service (every call the sessions made to it):');
  lines.push(latencyTable(r.services, r.elapsedS));
  lines.push('');
  lines.push(totalsLine(totals(r.ops, r.elapsedS)));
  lines.push(
    `sessions: ${r.sessions.arrived} arrived, ${r.sessions.started} started, ${r.sessions.completed} completed (${r.sessions.sustained.toFixed(2)}/s sustained), ${r.sessions.failed} failed, ${r.sessions.dropped} dropped; ${r.marchesStarted} marches started`,
  );
  lines.push(
    `what they did: ${Object.entries(r.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  if (r.processes.length) {
    lines.push('');
    lines.push(
      table(
        ['process', 'pid', 'CPU s', 'µs/session', 'µs/request', 'peak RSS MiB'],
        r.processes.map((p) => [
          p.label,
          String(p.pid),
          p.cpuS === null ? '-' : p.cpuS.toFixed(2),
          p.usPerSession === null ? '-' : int(p.usPerSession),
          p.usPerRequest === null ? '-' : int(p.usPerRequest),
          p.peakRssBytes === null ? '-' : (p.peakRssBytes / 2 ** 20).toFixed(1),
        ]),
      ),
    );
  }
  lines.push(
    `load generator: ${r.usage.client.cores.toFixed(2)} cores, peak RSS ${(r.usage.client.maxRssBytes / 2 ** 20).toFixed(1)} MiB`,
  );
  // Results written before the machine's time was recorded have none.
  const machine = machineLine(r.usage.machine ?? null, r.usage.client.wallS);
  if (machine) lines.push(machine);
  const i = r.invariants;
  lines.push('');
  lines.push(
    `invariants: troops checked at ${i.troopChecksDuring} log-outs (${i.troopChecksUnstable} skipped: never a stable read) and for ${i.playersChecked} players after the run (resources too, ${i.resourcesUnchecked} not checkable); ${i.marchesSettled} of ${r.marchesStarted} marches settled exactly once (${i.ledgerEvents} changes in the ledger, ${i.ledgerMissing} missing; every march home ${i.settleSeconds.toFixed(1)} s after the load); ${i.streamChecks} stream snapshots matched against their events; ${i.reportsRecomputed} battle reports recomputed; cache == store over ${i.cacheRecords} records (${i.cacheServedFromCache} served from the cache)`,
  );
  lines.push(
    r.violations.length
      ? `${r.violations.length} VIOLATIONS (the first ones printed above)`
      : 'no violation',
  );
  lines.push(`max p99 of an operation: ${ms(r.maxP99Us)} ms`);
  lines.push(r.valid ? 'run: valid' : `run: NOT valid (${r.problems.join('; ')})`);
  return lines.join('\n');
}
