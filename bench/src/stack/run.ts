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
import { percentiles } from '../lib/histogram.ts';
import { inParallel } from '../lib/parallel.ts';
import { machineLine, UsageSampler } from '../lib/proc-stats.ts';
import { int, latencyTable, ms, table, totals, totalsLine } from '../lib/report.ts';
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
import { MapLedger } from './ledger.ts';
import { CallFailed, Recorders } from './ops.ts';
import { type Action, runSession, type SessionContext, type SessionSettings } from './session.ts';

export interface StackSettings {
  /** The stack to load; null: start `npm start`'s bundles here. */
  target: { map: string; data: string; battleUrl: string } | null;
  mysqlUrl: string;
  redisUrl: string;
  /** Players 1..players. */
  players: number;
  rate: number;
  durationMs: number;
  seed: number;
  session: SessionSettings;
  mix: ReadonlyMap<Action, number>;
  deadlineMs: number;
  quiet: boolean;
}

/**
 * The world of a stack started here (MAPSERVER_* variables), the one docs/cloud-init gives the
 * servers: small enough that sessions see targets, its clock fast enough (MAPSERVER_SPEED) that
 * marches settle within the run. Another world: start the stack with it and give --map.
 */
export const STACK_WORLD = { width: 300, height: 300, fields: 600, monsters: 200, speed: 600 };

/** map-server's default MAPSERVER_WORLD_ID: its regions' records are checked (cache == store). */
const WORLD_ID = 1;

/** How long every march may take to come home after the sessions. */
const SETTLE_TIMEOUT_MS = 120_000;

/** A test's hook between the load and the checks (a fault injected there must be caught). */
export interface RunHooks {
  afterLoad?: (ctx: {
    data: DataClient;
    ledger: MapLedger;
    marches: ReadonlyMap<number, number>;
  }) => Promise<void>;
}

/** The stack, its players seeded, and the clients of every run. */
export interface Prepared {
  mapAddress: string;
  map: MapClient;
  data: DataClient;
  battleUrl: string;
  world: { width: number; height: number; regionSize: number; maxViewport: number };
  players: number[];
  processes: { pid: number; label: string }[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts (or connects to) the stack and seeds the players. */
export async function prepare(s: StackSettings, say: (l: string) => void): Promise<Prepared> {
  const started = s.target ? null : await startHere(s, say);
  const addr = s.target ?? {
    map: started!.mapServer,
    data: started!.dataServer,
    battleUrl: started!.battleUrl,
  };
  const client = { deadlineMs: s.deadlineMs, channels: 2 };
  const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, addr.map, client);
  const data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, addr.data, client);
  const close = async () => {
    map.close();
    data.close();
    await started?.stop();
  };
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
      firstPlayer: 1,
      cities: s.players,
      seed: s.seed,
      parallel: 16,
      deadlineMs: s.deadlineMs,
      worldWidth: world.width,
      worldHeight: world.height,
    });
    const players = Array.from({ length: s.players }, (_, i) => i + 1);
    await seedExtras(data, players);
    say(`${players.length} players seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return {
      mapAddress: addr.map,
      map,
      data,
      battleUrl: addr.battleUrl,
      world,
      players,
      processes: started?.processes().map((p) => ({ pid: p.pid, label: p.label })) ?? [],
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** `npm start`'s bundles on free ports, over a database and a key prefix of their own. */
async function startHere(s: StackSettings, say: (l: string) => void): Promise<StartedStack> {
  const { width, height, fields, monsters, speed } = STACK_WORLD;
  say(
    `starting the stack (npm start's bundles) on MariaDB and Redis: world ${width} x ${height}, ${fields} fields, ${monsters} monsters, MAPSERVER_SPEED=${speed}`,
  );
  const started = await startNpmStack({
    mysqlUrl: s.mysqlUrl,
    redisUrl: s.redisUrl,
    tag: 'stack',
    env: {
      MAPSERVER_WIDTH: String(width),
      MAPSERVER_HEIGHT: String(height),
      MAPSERVER_FIELDS: String(fields),
      MAPSERVER_MONSTERS: String(monsters),
      MAPSERVER_SPEED: String(speed),
    },
  });
  if (started.consoleUrl) say(`watch the run in the console: ${started.consoleUrl}`);
  return started;
}

/** Three buildings and three mails per player (kept when they exist). */
async function seedExtras(data: DataClient, players: number[]): Promise<void> {
  const create = (
    table: string,
    owner: number,
    member: number,
    f: Record<string, string | number>,
  ) => ({
    create: {
      table,
      ownerId: toLong(owner),
      memberId: member,
      fields: Object.fromEntries(
        Object.entries(f).map(([k, x]) => [k, typeof x === 'string' ? { str: x } : { int: x }]),
      ),
    },
  });
  await inParallel(players, 16, async (p) => {
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
  });
}

/** A run's JSON (`kind: 'stack'`), as StackRun.figures makes it. */
export type StackResult = ReturnType<StackRun['figures']>;

/** One measured run at `rate` sessions/s against a prepared stack, then the checks. */
export async function runOnce(
  s: StackSettings,
  stack: Prepared,
  rate: number,
  say: (l: string) => void,
  hooks: RunHooks = {},
): Promise<StackResult> {
  return new StackRun(s, stack, rate, say).run(hooks);
}

/** What the sessions did, and the servers' use meanwhile. */
interface Load {
  /** Dropped: arrivals with every player in a session already (not started). */
  sessions: Record<'arrived' | 'started' | 'completed' | 'failed' | 'dropped', number>;
  usage: ReturnType<UsageSampler['stop']>;
  elapsedS: number;
}

/**
 * One run, in phases: every player's start read, the sessions (an open model of arrivals), every
 * march brought home, then the checks: the ledger of the map's changes, each player's troops,
 * resources and reports, cache == store; and the figures. It is what every session sees of the
 * run (its SessionContext).
 */
class StackRun implements SessionContext {
  /** The sessions' calls (the measured load); the checks have their own. */
  readonly rec: Recorders;
  readonly data: DataClient;
  readonly map: MapClient;
  readonly mapAddress: string;
  readonly world: Prepared['world'];
  readonly players: ReadonlySet<number>;
  readonly settings: SessionSettings;
  readonly mix: WeightedChoice<Action>;
  readonly marches = new Map<number, number>();
  readonly counts: Record<string, number> = {};
  readonly #s: StackSettings;
  readonly #stack: Prepared;
  readonly #say: (l: string) => void;
  readonly #checkRec: Recorders;
  readonly #battle: ReturnType<typeof battlePoster>;
  readonly #violations: Violation[] = [];
  readonly #states = new Map<number, PlayerState>();
  /** How much each invariant was checked: "no violation" is not "nothing checked". */
  readonly #inv = {
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

  constructor(s: StackSettings, stack: Prepared, rate: number, say: (l: string) => void) {
    this.#s = { ...s, rate };
    this.#stack = stack;
    this.#say = say;
    this.map = stack.map;
    this.data = stack.data;
    this.mapAddress = stack.mapAddress;
    this.world = stack.world;
    this.players = new Set(stack.players);
    this.settings = s.session;
    this.mix = new WeightedChoice(s.mix);
    this.rec = new Recorders();
    this.#checkRec = new Recorders();
    this.#battle = battlePoster(stack.battleUrl, s.deadlineMs);
  }

  async run(hooks: RunHooks): Promise<StackResult> {
    const startedAt = new Date().toISOString();
    const ledger = await MapLedger.open(this.mapAddress, this.world, this.settings.streamTimeoutMs);
    try {
      await this.#readStart();
      const load = await this.#runSessions();
      await this.#bringMarchesHome();
      await hooks.afterLoad?.({ data: this.data, ledger, marches: this.marches });
      await this.#checkLedger(ledger);
      await this.#checkPlayers(ledger.loadsHome());
      await this.#checkCache();
      this.#inv.streamChecks = this.counts['stream checks'] ?? 0;
      return this.figures(startedAt, load);
    } finally {
      ledger.close();
    }
  }

  state(p: number): PlayerState {
    return this.#states.get(p)!;
  }

  violation(v: Violation): void {
    this.#violations.push(v);
    if (this.#violations.length <= 50)
      this.#say(
        `VIOLATION [${v.check}] ${v.player === null ? '' : `player ${v.player}, `}${v.step}: ${v.detail}`,
      );
  }

  async checkTroops(p: number, step: string): Promise<void> {
    const r = await stableRead(this.#checkRec, this.data, p, this.state(p).baseReports);
    if (!r) {
      this.#inv.troopChecksUnstable++;
      return;
    }
    this.#inv.troopChecksDuring++;
    const problem = troopProblem(this.state(p), r);
    if (problem) this.violation({ check: 'troops', player: p, step, detail: problem });
  }

  async checkReport(p: number, id: number, step: string, recorded: boolean): Promise<void> {
    const rec = recorded ? this.rec : this.#checkRec;
    const problem = await recomputeReport(rec, this.map, this.#battle, p, id);
    this.state(p).reportsChecked.add(id);
    this.#inv.reportsRecomputed++;
    if (problem) this.violation({ check: 'report-hash', player: p, step, detail: problem });
  }

  /** Every player's start: troops (records + marches out), resources, reports so far. */
  async #readStart(): Promise<void> {
    await inParallel(this.#stack.players, 16, async (p) => {
      // Nothing of this run moves yet: one read.
      const r = await readPlayer(this.#checkRec, this.data, p, new Set());
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

  /** The open model: arrivals at exponential intervals (seeded), each on a free player. */
  async #runSessions(): Promise<Load> {
    const s = this.#s;
    const rate = s.rate;
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
      const run = runSession(this, player, new Rng(s.seed, 'stack-session', index))
        .then(
          () => {
            sessions.completed++;
          },
          (err: unknown) => {
            sessions.failed++;
            if (!(err instanceof CallFailed) && this.rec.errorSamples.length < 20)
              this.rec.errorSamples.push(`session of player ${player}: ${(err as Error).message}`);
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
    await Promise.all(running);
    const usage = sampler.stop();
    const elapsedS = (performance.now() - t0) / 1000;
    this.#say(
      `load done in ${elapsedS.toFixed(1)} s: ${sessions.completed} sessions completed, ${sessions.failed} failed, ${sessions.dropped} dropped; ${this.marches.size} marches started`,
    );
    return { sessions, usage, elapsedS };
  }

  /** Every march home: the ones out recalled, then waited for (a condition polled). */
  async #bringMarchesHome(): Promise<void> {
    const { map } = this;
    const checkRec = this.#checkRec;
    const settle0 = performance.now();
    const until = Date.now() + SETTLE_TIMEOUT_MS;
    let out = this.#stack.players;
    for (let round = 0; out.length; round++) {
      const left = new Set<number>();
      await Promise.all(
        out.map(async (p) => {
          try {
            const l = await checkRec.must('ListMarches', () => map.ListMarches({ playerId: p }));
            const ms = l.marches ?? [];
            if (!ms.length) return;
            left.add(p);
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
            left.add(p);
          }
        }),
      );
      out = [...left];
      if (!out.length) break;
      if (Date.now() > until)
        throw new Error(
          `${out.length} players still had marches out ${SETTLE_TIMEOUT_MS / 1000} s after the load (players ${out.slice(0, 5).join(', ')})`,
        );
      await sleep(Math.min(1000, 100 * 2 ** round));
    }
    this.#inv.settleSeconds = (performance.now() - settle0) / 1000;
  }

  /** The ledger: every change told, each march started once and home once. */
  async #checkLedger(ledger: MapLedger): Promise<void> {
    const after = (detail: string) =>
      this.violation({ check: 'stream', player: null, step: 'after the run', detail });
    const { failed, missing } = await ledger.flush(this.settings.streamTimeoutMs);
    for (const f of [...failed, ...ledger.problems()]) after(f);
    this.#inv.ledgerEvents = ledger.events;
    this.#inv.ledgerMissing = missing.length;
    if (missing.length)
      after(
        `${missing.length} changes of the map (seq ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}) told by no stream of the ledger`,
      );
    for (const v of exactlyOnceProblems(this.marches, ledger.marches)) this.violation(v);
    this.#inv.marchesSettled = [...this.marches.keys()].filter(
      (id) => ledger.marches.get(id)?.home === 1,
    ).length;
  }

  /** Per player, every session ended and every march home: troops, resources, every report. */
  async #checkPlayers(homeLoads: Map<number, Record<string, number>>): Promise<void> {
    await inParallel(this.#stack.players, 8, async (p) => {
      const st = this.state(p);
      const after = (check: Violation['check'], detail: string) =>
        this.violation({ check, player: p, step: 'after the run', detail });
      // Every session ended and every march home: one read.
      const r = await readPlayer(this.#checkRec, this.data, p, st.baseReports);
      this.#inv.playersChecked++;
      if (r.marches) after('exactly-once', `${r.marches} march records left with every march home`);
      const tp = troopProblem(st, r);
      if (tp) after('troops', tp);
      if (st.uncertain) this.#inv.resourcesUnchecked++;
      else {
        const rp = resourceProblem(st, r, homeLoads.get(p) ?? {});
        if (rp) after('resources', rp);
      }
      for (const id of r.reportIds)
        if (!st.baseReports.has(id) && !st.reportsChecked.has(id))
          await this.checkReport(p, id, 'after the run', false);
    });
  }

  /** cache == store, for every player's records and the world's regions. */
  async #checkCache(): Promise<void> {
    const { world, players } = this.#stack;
    const regions =
      Math.ceil(world.width / world.regionSize) * Math.ceil(world.height / world.regionSize);
    const cache = await cacheEqualsStore(this.#checkRec, this.data, [
      ...players.map((owner) => ({
        owner,
        single: ['player'],
        tables: ['building', 'troop', 'item', 'mail', 'map_march', 'map_report'],
      })),
      ...Array.from({ length: regions }, (_, i) => ({
        owner: WORLD_ID * 2 ** 20 + i + 1,
        tables: ['map_city', 'map_field', 'map_monster', 'map_march_ref'],
      })),
    ]);
    this.#inv.cacheRecords = cache.records;
    this.#inv.cacheServedFromCache = cache.cached;
    for (const m of cache.mismatches)
      this.violation({
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
  figures(startedAt: string, load: Load) {
    const s = this.#s;
    const { sessions, usage, elapsedS } = load;
    const ops = this.rec.snapshots();
    const t = totals(ops, elapsedS);
    // Sessions completed per second of arrivals (each arrival's session ran to its end).
    const sustained = sessions.completed / (s.durationMs / 1000);
    const processes = this.#stack.processes.map((p, i) => {
      const u = usage.servers[i];
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
      kind: 'stack' as const,
      schemaVersion: RESULT_SCHEMA_VERSION,
      startedAt,
      environment: collectEnvironment(),
      settings: { ...s, mix: Object.fromEntries(s.mix) },
      world: this.#stack.world,
      rate: s.rate,
      durationS: s.durationMs / 1000,
      elapsedS,
      /** Sustained: completed per second of the measured phase. */
      sessions: { ...sessions, sustained },
      counts: this.counts,
      marchesStarted: this.marches.size,
      ops,
      /** The checks' own calls (not in the measured load). */
      checkOps: this.#checkRec.snapshots(),
      errors: t.errors,
      errorSamples: this.rec.errorSamples,
      usage,
      processes,
      invariants: this.#inv,
      violations,
      /** Every operation's p99, the highest (µs): what the knee search bounds. */
      maxP99Us,
      valid: problems.length === 0,
      problems,
    };
  }
}

/** What a person reads. */
export function formatResult(r: StackResult): string {
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const i = r.invariants;
  return [
    `bench stack: ${r.rate} sessions/s for ${r.durationS} s; world ${r.world.width} x ${r.world.height}`,
    '',
    latencyTable(r.ops, r.elapsedS),
    '',
    totalsLine(totals(r.ops, r.elapsedS)),
    `sessions: ${r.sessions.arrived} arrived, ${r.sessions.started} started, ${r.sessions.completed} completed (${r.sessions.sustained.toFixed(2)}/s sustained), ${r.sessions.failed} failed, ${r.sessions.dropped} dropped; ${r.marchesStarted} marches started`,
    `what they did: ${Object.entries(r.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    ...(r.processes.length
      ? [
          '',
          table(
            ['process', 'pid', 'CPU s', 'µs/session', 'µs/request', 'peak RSS MiB'],
            r.processes.map((p) => [
              p.label,
              String(p.pid),
              p.cpuS === null ? '-' : p.cpuS.toFixed(2),
              p.usPerSession === null ? '-' : int(p.usPerSession),
              p.usPerRequest === null ? '-' : int(p.usPerRequest),
              p.peakRssBytes === null ? '-' : mib(p.peakRssBytes),
            ]),
          ),
        ]
      : []),
    `load generator: ${r.usage.client.cores.toFixed(2)} cores, peak RSS ${mib(r.usage.client.maxRssBytes)} MiB`,
    machineLine(r.usage.machine, r.usage.client.wallS),
    '',
    `invariants: troops checked at ${i.troopChecksDuring} log-outs (${i.troopChecksUnstable} skipped: never a stable read) and for ${i.playersChecked} players after the run (resources too, ${i.resourcesUnchecked} not checkable); ${i.marchesSettled} of ${r.marchesStarted} marches settled exactly once (${i.ledgerEvents} changes in the ledger, ${i.ledgerMissing} missing; every march home ${i.settleSeconds.toFixed(1)} s after the load); ${i.streamChecks} stream snapshots matched against their events; ${i.reportsRecomputed} battle reports recomputed; cache == store over ${i.cacheRecords} records (${i.cacheServedFromCache} served from the cache)`,
    r.violations.length
      ? `${r.violations.length} VIOLATIONS (the first ones printed above)`
      : 'no violation',
    `max p99 of an operation: ${ms(r.maxP99Us)} ms`,
    r.valid ? 'run: valid' : `run: NOT valid (${r.problems.join('; ')})`,
  ]
    .filter((l) => l !== null)
    .join('\n');
}
