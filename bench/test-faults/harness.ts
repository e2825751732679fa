// The faults suite's harness (`npm run test:faults`): a private MariaDB and Redis on free ports
// (temporary data directories), the stack's bundles (`<service>/dist/main.mjs`, as `npm start`
// runs them) on free ports, TCP relays the suite can cut between data-server and db-proxy /
// Redis, and the bench's data workload with its ledger driven in this process. One fault at a
// time: a load is running, the fault is injected, the process comes back, the time to the
// first acknowledged write sent after that is the recovery time; then the load is paused, every
// unknown write is read back, and the post-verification checks every record against the
// ledger. Nothing is mocked.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { grpc_health_v1_HealthDefinition, grpc as pb } from '@slg/proto';
import { createGrpcClient, type ListeningPorts, listeningPorts } from '@slg/service-kit';
import { SERVICE_MALLOC_ARENA_MAX } from '@slg/service-kit/node-options';
import { freePort } from '@slg/test-kit/ports';
import { newMariadbDir } from '@slg/test-kit/private-mariadb';
import tap from 'tap';
import type { OpName } from '../src/data/operations.ts';
import { defaultSchemaPath, loadGameSchema } from '../src/data/schema.ts';
import { verify } from '../src/data/verify.ts';
import {
  addLedger,
  type DataExtra,
  type DataParams,
  DataWorkload,
  emptyLedger,
  type LedgerCounts,
} from '../src/data/workload.ts';
import { Counters } from '../src/lib/workload.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The recovery bound every fault is held to: a fault-tolerance claim, not a timing test. */
export const RECOVERY_BOUND_MS = 30_000;
/** Errors a client may see while a process is down or paused (data-server's README). */
export const OUTAGE_CODES = new Set(['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'CANCELLED']);
/** The deadline of every bench call here: a paused process costs a call this long. */
export const DEADLINE_MS = 2_000;

/** The `t` of a tap test. */
type TestT = Parameters<Parameters<typeof tap.test>[0]>[0];

/** The `t` tap gives a test (only what the harness uses). */
export interface TapLike {
  teardown(fn: () => unknown): void;
  comment(...args: unknown[]): void;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** An error that ends a waitFor at once (e.g. the process waited for has exited). */
export class Fatal extends Error {}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await Promise.resolve()
      .then(check)
      .catch((err: unknown) => {
        if (err instanceof Fatal) throw err;
        return false;
      });
    if (ok) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Every process the suite started, killed when this test process ends however it ends (tap's
 * timeout included, which gives no teardown): nothing private outlives its file.
 */
const started = new Set<Proc>();
const killAll = () => {
  for (const p of started) p.signal('SIGKILL');
};
process.once('exit', killAll);
for (const sig of ['SIGTERM', 'SIGINT'] as const)
  process.once(sig, () => {
    killAll();
    process.exit(1);
  });

/**
 * A process the suite starts, kills, pauses and restarts (same command, same ports: a service of
 * this repository is started on port 0 first, and its restarts get the ports it reported, see
 * `listening()` and `pin()`).
 */
export class Proc {
  readonly name: string;
  readonly #cmd: string;
  readonly #args: string[];
  readonly #env: NodeJS.ProcessEnv;
  child: ChildProcess | null = null;
  #log: string[] = [];
  #exited: Promise<void> = Promise.resolve();
  /** The ports of the current run's listening line, once written. */
  #listening: Promise<ListeningPorts> = new Promise(() => {});

  /** A process group of its own: signals go to the whole group (a primary and its workers). */
  readonly #group: boolean;

  constructor(
    name: string,
    cmd: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
    group = false,
  ) {
    this.name = name;
    this.#cmd = cmd;
    this.#args = args;
    this.#env = { ...env };
    this.#group = group;
  }

  /** Sets variables for the next starts (a restart on the ports the first start bound). */
  pin(vars: Record<string, string | number>): void {
    for (const [k, v] of Object.entries(vars)) this.#env[k] = String(v);
  }

  /** The ports this run of a service reported (its listening line); rejects if it exits first. */
  listening(timeoutMs = 60_000): Promise<ListeningPorts> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`${this.name} reported no ports in ${timeoutMs} ms\n${this.tail()}`)),
        timeoutMs,
      );
    });
    return Promise.race([this.#listening, timeout]).finally(() => clearTimeout(timer));
  }

  start(): void {
    const child = spawn(this.#cmd, this.#args, {
      env: this.#env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: this.#group,
    });
    this.child = child;
    started.add(this);
    // A watchdog: should this test process be killed outright (tap's timeout sends SIGKILL: no
    // teardown, no exit handler), the child does not outlive it. It ends with the child. (sh is
    // dash on Debian: its kill takes no `--`; `kill -9 -PGID` signals a group.)
    const target = this.#group ? `-${child.pid}` : `${child.pid}`;
    spawn(
      'sh',
      [
        '-c',
        `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${child.pid} 2>/dev/null; do sleep 1; done; ` +
          `kill -0 ${process.pid} 2>/dev/null || kill -9 ${target} 2>/dev/null`,
      ],
      { stdio: 'ignore', detached: true },
    ).unref();
    const keep = (line: string) => {
      this.#log.push(line);
      if (this.#log.length > 60) this.#log = this.#log.slice(-60);
    };
    const stdout = createInterface({ input: child.stdout! });
    createInterface({ input: child.stderr! }).on('line', keep);
    this.#exited = new Promise((r) => child.once('exit', () => r()));
    this.#listening = new Promise((resolve, reject) => {
      stdout.on('line', (line) => {
        keep(line);
        const ports = listeningPorts(line);
        if (ports) resolve(ports);
      });
      child.once('exit', () => reject(new Error(`${this.name} exited:\n${this.tail()}`)));
    });
    // Only a wait on it may fail: a run nobody asked for its ports is no error.
    this.#listening.catch(() => {});
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  signal(sig: NodeJS.Signals): void {
    if (!this.child?.pid) return;
    if (this.#group) {
      try {
        process.kill(-this.child.pid, sig);
      } catch {
        // the group is gone
      }
    } else this.child.kill(sig);
  }

  /** Sends the signal and waits until the process is gone. */
  async stop(sig: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<void> {
    if (!this.running) return;
    this.signal(sig);
    const timer = setTimeout(() => this.signal('SIGKILL'), timeoutMs);
    await this.#exited;
    clearTimeout(timer);
  }

  tail(): string {
    return this.#log.slice(-20).join('\n');
  }
}

/** A private MariaDB: a data directory copied from the test kit's template (mariadbTemplate). */
export class PrivateMariaDb {
  readonly port: number;
  readonly proc: Proc;
  readonly dir: string;
  constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
    this.proc = new Proc('mariadb', 'mariadbd', [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      // Its own tmpdir: mariadbd deletes every `#sql*` file in its tmpdir when it starts.
      `--tmpdir=${join(dir, 'tmp')}`,
      `--socket=${join(dir, 'mariadb.sock')}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      `--log-error=${join(dir, 'error.log')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      '--skip-grant-tables',
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=32M',
      // Durable commits (the default): an acknowledged write survives a SIGKILL of mariadbd.
      '--innodb-flush-log-at-trx-commit=1',
    ]);
  }

  static async start(t: TapLike): Promise<PrivateMariaDb> {
    const dir = await newMariadbDir('slg-faults-mariadb-');
    const db = new PrivateMariaDb(await freePort(), dir);
    t.teardown(async () => {
      await db.proc.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });
    await db.start();
    return db;
  }

  async start(): Promise<void> {
    this.proc.start();
    await waitFor(() => portOpen(this.port), 60_000, `MariaDB on ${this.port}`).catch((e) => {
      throw new Error(`${(e as Error).message}\n${this.proc.tail()}`);
    });
  }
}

/** A private Redis (nothing on disk: a restart comes back empty). */
export class PrivateRedis {
  readonly port: number;
  readonly proc: Proc;
  constructor(port: number, dir: string) {
    this.port = port;
    this.proc = new Proc('redis', 'redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ]);
  }

  static async start(t: TapLike): Promise<PrivateRedis> {
    const dir = mkdtempSync(join(tmpdir(), 'slg-faults-redis-'));
    const r = new PrivateRedis(await freePort(), dir);
    t.teardown(async () => {
      await r.proc.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });
    await r.start();
    return r;
  }

  async start(): Promise<void> {
    this.proc.start();
    await waitFor(() => portOpen(this.port), 30_000, `Redis on ${this.port}`);
  }
}

/** A TCP relay the suite controls: `cut()` drops every connection through it, mid-call. */
export class Relay {
  readonly port: number;
  readonly #server: ReturnType<typeof createServer>;
  readonly #sockets: Set<Socket>;
  cuts = 0;

  private constructor(server: ReturnType<typeof createServer>, sockets: Set<Socket>) {
    this.#server = server;
    this.#sockets = sockets;
    this.port = (server.address() as AddressInfo).port;
  }

  static async start(t: TapLike, targetPort: number): Promise<Relay> {
    const sockets = new Set<Socket>();
    const server = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1');
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const relay = new Relay(server, sockets);
    t.teardown(() => relay.close());
    return relay;
  }

  /** Connections open through the relay now. */
  get connections(): number {
    return this.#sockets.size / 2;
  }

  /** Drops every connection open now (with whatever calls are in flight on them). */
  cut(): number {
    const n = this.connections;
    for (const s of this.#sockets) s.destroy();
    this.cuts++;
    return n;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((r) => this.#server.close(() => r()));
  }
}

/** The environment of a bundle: the user's, without tap's loaders. */
export function serviceEnv(vars: Record<string, string | number>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    MALLOC_ARENA_MAX: SERVICE_MALLOC_ARENA_MAX,
  };
  delete env.NODE_OPTIONS;
  for (const [k, v] of Object.entries(vars)) env[k] = String(v);
  return env;
}

/** The bundle of a service of this repository (`npm run build`). */
export function bundleOf(name: string): string {
  const bundle = join(ROOT, name, 'dist', 'main.mjs');
  if (!existsSync(bundle))
    throw new Error(`${bundle} is missing: run \`npm run build\` (npm run test:faults does)`);
  return bundle;
}

/**
 * A gRPC service's bundle: its first start binds port 0 (`portVar`, `metricsVar`) and reports
 * the ports; its restarts take the same ones, so that its clients find it again where it was.
 */
export class GrpcService {
  readonly proc: Proc;
  readonly #portVar: string;
  readonly #metricsVar: string;
  #port = 0;

  constructor(
    name: string,
    ports: { portVar: string; metricsVar: string },
    vars: Record<string, string | number>,
  ) {
    this.#portVar = ports.portVar;
    this.#metricsVar = ports.metricsVar;
    this.proc = new Proc(
      name,
      process.execPath,
      [bundleOf(name)],
      serviceEnv({ ...vars, [ports.portVar]: 0, [ports.metricsVar]: 0 }),
    );
  }

  get port(): number {
    if (!this.#port) throw new Error(`${this.proc.name} has not been started`);
    return this.#port;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc.start();
    if (!this.#port) {
      const bound = await this.proc.listening();
      this.#port = bound.port;
      this.proc.pin({ [this.#portVar]: bound.port, [this.#metricsVar]: bound.metricsPort ?? 0 });
    }
    await this.healthy();
  }

  /** Until grpc.health.v1 answers SERVING (the process is back). */
  async healthy(timeoutMs = 60_000): Promise<void> {
    const health = createGrpcClient(grpc_health_v1_HealthDefinition, this.address, {
      deadlineMs: 1000,
    });
    try {
      await waitFor(
        async () => {
          if (!this.proc.running) throw new Fatal(`${this.proc.name} exited:\n${this.proc.tail()}`);
          const res = await health.Check(pb.health.v1.HealthCheckRequest.create({ service: '' }));
          return res.status === pb.health.v1.HealthCheckResponse.ServingStatus.SERVING;
        },
        timeoutMs,
        `${this.proc.name} SERVING on ${this.address}`,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${this.proc.tail()}`);
    } finally {
      health.close();
    }
  }
}

/** MariaDB, Redis, db-proxy and data-server (through two relays), all private to one test file. */
export interface DataStack {
  mariadb: PrivateMariaDb;
  redis: PrivateRedis;
  dbproxy: GrpcService;
  dataServer: GrpcService;
  /** data-server -> db-proxy, and data-server -> Redis. */
  dbRelay: Relay;
  redisRelay: Relay;
}

export async function startDataStack(t: TapLike): Promise<DataStack> {
  const [mariadb, redis] = await Promise.all([PrivateMariaDb.start(t), PrivateRedis.start(t)]);
  const dbproxy = new GrpcService(
    'db-proxy',
    { portVar: 'DBPROXY_PORT', metricsVar: 'DBPROXY_METRICS_PORT' },
    { DBPROXY_BACKENDS: `mysql://root@127.0.0.1:${mariadb.port}/faults` },
  );
  t.teardown(() => dbproxy.proc.stop('SIGKILL'));
  await dbproxy.start();
  const dbRelay = await Relay.start(t, dbproxy.port);
  const redisRelay = await Relay.start(t, redis.port);
  const dataServer = new GrpcService(
    'data-server',
    { portVar: 'DATASERVER_PORT', metricsVar: 'DATASERVER_METRICS_PORT' },
    {
      DATASERVER_DBPROXY_ADDR: `127.0.0.1:${dbRelay.port}`,
      DATASERVER_REDIS_URL: `redis://127.0.0.1:${redisRelay.port}/0`,
    },
  );
  t.teardown(() => dataServer.proc.stop('SIGKILL'));
  await dataServer.start();
  return { mariadb, redis, dbproxy, dataServer, dbRelay, redisRelay };
}

/**
 * battle-server and map-server (bundles) on a data stack: a small world of `size` x `size`
 * tiles, with `vars` added to map-server's environment. Both killed in teardown.
 */
export async function startMapServer(
  t: TapLike,
  stack: DataStack,
  size: number,
  vars: Record<string, string | number> = {},
): Promise<GrpcService> {
  const battle = new Proc(
    'battle-server',
    process.execPath,
    [bundleOf('battle-server')],
    serviceEnv({ BATTLE_PORT: 0, BATTLE_PROCESSES: 1 }),
    true,
  );
  t.teardown(() => battle.stop('SIGKILL'));
  battle.start();
  const battlePort = (await battle.listening()).port;
  const map = new GrpcService(
    'map-server',
    { portVar: 'MAPSERVER_PORT', metricsVar: 'MAPSERVER_METRICS_PORT' },
    {
      MAPSERVER_DATASERVER_ADDR: stack.dataServer.address,
      MAPSERVER_BATTLE_URL: `http://127.0.0.1:${battlePort}`,
      MAPSERVER_WIDTH: size,
      MAPSERVER_HEIGHT: size,
      MAPSERVER_REGION_SIZE: 20,
      MAPSERVER_FIELDS: 40,
      MAPSERVER_MONSTERS: 10,
      ...vars,
    },
  );
  t.teardown(() => map.proc.stop('SIGKILL'));
  await map.start();
  return map;
}

/** A write-heavier mix than the case study's, so that every fault meets writes in flight. */
export const FAULT_WEIGHTS: [OpName, number][] = [
  ['FetchV2', 30],
  ['CFetchV2', 30],
  ['ModifyV2', 12],
  ['IncrByV2', 12],
  ['CreateV2', 5],
  ['RemoveV2', 4],
  ['CRemoveV2', 3],
  ['CCountV2', 4],
];

interface Snapshot {
  answered: number;
  errors: number;
  mismatches: number;
  ledger: LedgerCounts;
}

/** The bench's data workload with its ledger, driven in this process (closed model). */
export class DataLoad {
  readonly workload: DataWorkload;
  readonly params: DataParams;
  readonly #buffer: SharedArrayBuffer;
  #running = false;
  #loops: Promise<void>[] = [];
  /** The post-verification's findings so far (each is counted once, by the fault that made it). */
  readonly seen = new Set<string>();
  /** Answer times of acknowledged writes, with their send times (performance.now()). */
  readonly acks: { sentAt: number; answeredAt: number }[] = [];

  private constructor(params: DataParams) {
    this.params = params;
    this.#buffer = Counters.buffer(1);
    this.workload = new DataWorkload({
      workerIndex: 0,
      clientIds: Array.from({ length: params.concurrency }, (_, i) => i),
      counters: new Counters(this.#buffer, 0),
      params,
    });
  }

  static async start(
    target: string,
    o: { players?: number; concurrency?: number; firstPlayer?: string } = {},
  ): Promise<DataLoad> {
    const concurrency = o.concurrency ?? 16;
    const params: DataParams = {
      target,
      channels: 2,
      deadlineMs: DEADLINE_MS,
      schemaPath: defaultSchemaPath,
      seed: 1,
      players: o.players ?? 24,
      firstPlayer: o.firstPlayer ?? '7000000',
      members: 3,
      concurrency,
      weights: FAULT_WEIGHTS,
      slowMs: 200,
      seedParallel: 16,
      printLimit: 20,
      settleMs: 45_000,
    };
    const load = new DataLoad(params);
    await load.workload.prepare();
    load.workload.observer = {
      acknowledged: (_op, sentAt, answeredAt) => {
        load.acks.push({ sentAt, answeredAt });
      },
    };
    load.resume();
    return load;
  }

  resume(): void {
    if (this.#running) return;
    this.#running = true;
    const n = this.params.concurrency;
    this.#loops = Array.from({ length: n }, async (_, i) => {
      while (this.#running) {
        const e0 = this.workload.ledgerSnapshot();
        const errs0 = sumCodes(e0);
        await this.workload.step(i, undefined);
        // A failed call: a short pause, so that an outage is not a busy loop of refusals.
        if (sumCodes(this.workload.ledgerSnapshot()) > errs0) await sleep(50);
      }
    });
  }

  async pause(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#loops);
  }

  snapshot(): Snapshot {
    const ops = this.#ops();
    return {
      answered: ops.answered,
      errors: ops.errors,
      mismatches: ops.mismatches,
      ledger: this.workload.ledgerSnapshot(),
    };
  }

  #ops() {
    const c = Counters.sum(this.#buffer);
    return { answered: c.completed, errors: c.errors, mismatches: c.mismatches };
  }

  /** Resolves once `n` writes sent at or after `since` were acknowledged; returns the first one's answer time. */
  async acked(since: number, n: number, timeoutMs: number, what: string): Promise<number> {
    await waitFor(
      () => this.acks.filter((a) => a.sentAt >= since).length >= n,
      timeoutMs,
      `${n} acknowledged writes ${what}`,
    );
    return this.acks.find((a) => a.sentAt >= since)!.answeredAt;
  }
}

function sumCodes(l: LedgerCounts): number {
  let n = 0;
  for (const v of Object.values(l.errorsByCode)) n += v;
  return n;
}

export { addLedger, type DataExtra, emptyLedger, loadGameSchema, verify };

/** One row of the fault table. */
export interface FaultRow {
  group: string;
  fault: string;
  /** Calls sent from the fault's start to the end of its verification (answered + failed). */
  requests: number;
  /** Failed calls by status (or connection error) name. */
  errors: Record<string, number>;
  /** From the process being back to the first success sent after that (ms); null: none within the bound. */
  recoveryMs: number | null;
  /** Writes of unknown outcome during the fault, and how their read-backs settled them. */
  unknownWrites: number;
  unknownApplied: number;
  lost: number;
  phantom: number;
  /** In-run mismatches + the post-verification's (cache vs store included). */
  mismatches: number;
  /** Players the post-verification could not read (null: not a data fault). */
  unreadable: number | null;
  /** Records checked by the post-verification after this fault (null: not a data fault). */
  verifiedRecords: number | null;
}

function diffCodes(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(b)) if (v - (a[k] ?? 0) > 0) out[k] = v - (a[k] ?? 0);
  return out;
}

/**
 * One fault under the data load: `inject` does the fault and resolves when the process is back
 * (restarted and SERVING, resumed, or the connections cut). Then the recovery (the first
 * acknowledged write sent after that), some load after it, a pause of the load, every unknown
 * write read back, and the post-verification of every record (served, stored, db-proxy).
 */
export async function dataFault(
  t: TapLike,
  group: string,
  stack: DataStack,
  load: DataLoad,
  fault: string,
  inject: () => Promise<void>,
): Promise<FaultRow> {
  const before = load.snapshot();
  const t0 = performance.now();
  await load.acked(t0, 5, 60_000, `before ${fault}`);
  await inject();
  const backAt = performance.now();
  let recoveryMs: number | null = null;
  try {
    recoveryMs =
      (await load.acked(backAt, 1, RECOVERY_BOUND_MS, `within the bound after ${fault}`)) - backAt;
  } catch {
    recoveryMs = null;
  }
  if (recoveryMs !== null) await load.acked(backAt, 10, 60_000, `after ${fault}`);
  await load.pause();
  const res = await load.workload.results();
  const extra = res.extra as DataExtra;
  const v = await verify({
    target: stack.dataServer.address,
    dbproxy: stack.dbproxy.address,
    schema: loadGameSchema(load.params.schemaPath),
    records: extra.records,
    concurrency: 16,
    deadlineMs: 10_000,
    printLimit: 10,
    log: (line) => t.comment(line),
  });
  for (const e of v.errorSamples.slice(0, 3)) t.comment(`verification error: ${e}`);
  // Only what this fault added: a record still wrong from an earlier fault is that one's.
  const fresh = v.mismatches.filter((m) => {
    const key = `${m.table}/${m.ownerId}/${m.memberId}/${m.check}/${m.problem}`;
    if (load.seen.has(key)) return false;
    load.seen.add(key);
    return true;
  });
  const records = (kind: 'lost' | 'phantom') =>
    new Set(
      fresh.filter((m) => m.kind === kind).map((m) => `${m.table}/${m.ownerId}/${m.memberId}`),
    ).size;
  const after = load.snapshot();
  load.resume();
  const l0 = before.ledger;
  const l1 = after.ledger;
  return {
    group,
    fault,
    requests: after.answered + after.errors - before.answered - before.errors,
    errors: diffCodes(l0.errorsByCode, l1.errorsByCode),
    recoveryMs,
    unknownWrites: l1.unknown - l0.unknown,
    unknownApplied: l1.settledApplied - l0.settledApplied,
    lost: l1.lost - l0.lost + records('lost'),
    phantom: l1.phantom - l0.phantom + records('phantom'),
    mismatches: after.mismatches - before.mismatches + fresh.length,
    unreadable: v.unreadable + (v.errors > 0 && v.unreadable === 0 ? 1 : 0),
    verifiedRecords: v.records,
  };
}

/** The assertions every row is held to. */
export function checkRow(
  t: TestT,
  row: FaultRow,
  allowed: ReadonlySet<string> = OUTAGE_CODES,
  /** A known defect this fault shows (tap's todo: reported, not failing the run). */
  known?: string,
): void {
  const f = row.fault;
  const todo = known ? { todo: known } : {};
  t.ok(
    row.recoveryMs !== null && row.recoveryMs <= RECOVERY_BOUND_MS,
    `${f}: recovered within ${RECOVERY_BOUND_MS / 1000} s (${row.recoveryMs === null ? 'no success' : `${Math.round(row.recoveryMs)} ms`})`,
  );
  t.equal(row.lost, 0, `${f}: no acknowledged write lost`, todo);
  t.equal(row.phantom, 0, `${f}: no phantom write`, todo);
  t.equal(row.mismatches, 0, `${f}: no mismatch (in-run, cache vs store, db-proxy)`, todo);
  if (row.unreadable !== null) t.equal(row.unreadable, 0, `${f}: every player read back`);
  const other = Object.keys(row.errors).filter((c) => !allowed.has(c));
  t.equal(
    other.join(', '),
    '',
    `${f}: errors only of the documented kinds (${[...allowed].join(', ')}): ${JSON.stringify(row.errors)}`,
  );
}

/** The fault table, as printed. */
export function faultTable(rows: readonly FaultRow[]): string {
  const head = [
    'fault',
    'requests',
    'errors by code',
    'recovery',
    'unknown writes (applied)',
    'lost',
    'phantom',
    'mismatches',
    'unreadable',
  ];
  const body = rows.map((r) => [
    r.fault,
    r.requests.toLocaleString('en-US'),
    Object.entries(r.errors)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || '0',
    r.recoveryMs === null ? 'none' : `${(r.recoveryMs / 1000).toFixed(2)} s`,
    r.unreadable === null ? '-' : `${r.unknownWrites} (${r.unknownApplied})`,
    r.unreadable === null ? '-' : String(r.lost),
    r.unreadable === null ? '-' : String(r.phantom),
    String(r.mismatches),
    r.unreadable === null ? '-' : String(r.unreadable),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Writes a file's rows where the runner collects them (FAULTS_OUT_DIR), else bench/results/. */
export function writeRows(group: string, rows: readonly FaultRow[]): string {
  const dir = process.env.FAULTS_OUT_DIR ?? join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `faults-${group}.json`);
  writeFileSync(file, `${JSON.stringify({ group, rows }, null, 2)}\n`);
  return file;
}

/** Signals a process and, after `ms`, resumes it (the pause is longer than the bench's deadline). */
export async function pause(proc: Proc, ms = DEADLINE_MS + 1000): Promise<void> {
  proc.signal('SIGSTOP');
  await sleep(ms);
  proc.signal('SIGCONT');
}

/**
 * A test file's data faults, one after the other on one stack and one load: the rows checked,
 * printed as a table and written for the runner.
 */
export function dataFaults(
  group: string,
  faults: [string, (stack: DataStack, t: TestT) => Promise<void>, string?][],
): void {
  tap.test(`${group}: ${faults.map(([f]) => f).join('; ')}`, async (t) => {
    const t0 = performance.now();
    const stack = await startDataStack(t);
    const load = await DataLoad.start(stack.dataServer.address);
    t.teardown(() => load.pause().then(() => load.workload.close()));
    t.comment(`stack up and ${load.params.players} players seeded in ${secs(t0)}`);
    const rows: FaultRow[] = [];
    for (const [fault, inject, known] of faults) {
      const t1 = performance.now();
      const row = await dataFault(t, group, stack, load, fault, () => inject(stack, t));
      rows.push(row);
      checkRow(t, row, OUTAGE_CODES, known);
      t.comment(`${fault}: ${secs(t1)} (fault, recovery, read-backs, post-verification)`);
    }
    t.comment(`\n${faultTable(rows)}`);
    writeRows(group, rows);
  });
}

function secs(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
