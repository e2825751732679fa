// Shared by data-server's tests: a real stack (db-proxy in-process over MariaDB, data-server
// with either cache, real Redis under a key prefix of this test process), values, assertions.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { build as buildDbProxy, configWith, type DbProxyApp } from '@slg/db-proxy';
import {
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_dbproxy_v1_DbProxyDefinition,
  toBigInt,
} from '@slg/proto';
import {
  createGrpcClient,
  createLogger,
  type GrpcClient,
  type Logger,
  ServiceError,
} from '@slg/service-kit';
import { freePort } from '@slg/test-kit/ports';
import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { build, type DataServer } from '../src/app.ts';
import { type DataServerConfig, defaultConfig } from '../src/config.ts';
import type { ReadHooks } from '../src/read-through.ts';

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
/**
 * TEST_REDIS_CLUSTER=host:port,...: a data-server started with the 'redis' cache and no URL of
 * its own uses this Redis Cluster instead (cluster-suites.test.ts runs suites so).
 */
export const redisCluster = process.env.TEST_REDIS_CLUSTER?.split(',') ?? [];

export const quietLogger = () =>
  createLogger({ name: 'data-server-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A key prefix no other test process (or engineer) uses. */
export function uniquePrefix(tag: string): string {
  return `dstest:${tag}:${process.pid}:${randomBytes(3).toString('hex')}:`;
}

/** Deletes every key under `prefix` (teardown). */
export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once `check` returns true (polled), or rejects after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

// ---- a real stack: db-proxy (in-process, real MariaDB or SQLite) + data-server(s) ----

export type CacheKind = 'memory' | 'redis';
export type DbKind = 'mysql' | 'sqlite';

/** The cache backends every common suite runs against (DATASERVER_TEST_CACHES=redis to narrow). */
export function cacheKinds(): CacheKind[] {
  const only = process.env.DATASERVER_TEST_CACHES;
  return only ? (only.split(',') as CacheKind[]) : ['memory', 'redis'];
}

const run = promisify(execFile);

/** Drops a MariaDB database of the local server (the mariadb client, so no driver is needed here). */
export async function dropDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await run('mariadb', [
    '-uroot',
    '-h127.0.0.1',
    '-P3306',
    '-e',
    `DROP DATABASE IF EXISTS \`${name}\``,
  ]);
}

/** A row written straight into MariaDB, behind db-proxy's and data-server's back. */
export async function mariadb(database: string, sql: string): Promise<string> {
  const { stdout } = await run('mariadb', [
    '-uroot',
    '-h127.0.0.1',
    '-P3306',
    '-N',
    '-B',
    database,
    '-e',
    sql,
  ]);
  return stdout;
}

interface TapLike {
  teardown(fn: () => unknown): void;
}

export interface DbProxyHandle {
  app: DbProxyApp;
  address: string;
  database: string | undefined;
  close(): Promise<void>;
}

/** A real db-proxy in-process on port 0, over a fresh MariaDB database (or an in-memory SQLite). */
export async function startDbProxy(
  t: TapLike,
  tag: string,
  kind: DbKind = 'mysql',
): Promise<DbProxyHandle> {
  const database = kind === 'mysql' ? `dstest_${tag}_${process.pid}` : undefined;
  if (database) await dropDatabase(database);
  const backends = database ? `mysql://root@127.0.0.1:3306/${database}` : 'sqlite::memory:';
  const app = await buildDbProxy(
    configWith({ backends, port: 0, metricsPort: null, healthIntervalMs: 500 }),
    {
      logger: quietLogger(),
    },
  );
  const { port } = await app.listen();
  let closed = false;
  const h: DbProxyHandle = {
    app,
    address: `127.0.0.1:${port}`,
    database,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (database) await dropDatabase(database);
    },
  };
  t.teardown(() => h.close());
  return h;
}

/** A data-server client (requests as plain objects). */
export type Client = GrpcClient<typeof slg_dataserver_v2_DataServiceDefinition>;

export function dataClient(address: string, deadlineMs = 10_000): Client {
  return createGrpcClient(slg_dataserver_v2_DataServiceDefinition, address, { deadlineMs });
}

export interface DataServerHandle {
  app: DataServer;
  client: Client;
  address: string;
  close(): Promise<void>;
}

/** A data-server in-process on port 0 against `dbProxy`, with the given cache. */
export async function startDataServer(
  t: TapLike,
  opts: {
    dbProxy: string;
    cache: CacheKind;
    prefix: string;
    redisUrl?: string;
    config?: Partial<DataServerConfig>;
    hooks?: ReadHooks;
    /** Default: silent (TEST_LOG_LEVEL). */
    logger?: Logger;
  },
): Promise<DataServerHandle> {
  const onCluster = opts.cache === 'redis' && !opts.redisUrl && redisCluster.length > 0;
  const config = defaultConfig({
    dbProxyAddress: opts.dbProxy,
    redisUrl: opts.cache === 'redis' && !onCluster ? (opts.redisUrl ?? redisUrl) : '',
    redisCluster: onCluster ? redisCluster : [],
    keyPrefix: opts.prefix,
    port: 0,
    metricsPort: 0,
    shutdownTimeoutMs: 2000,
    // A private cluster's six redis-servers on a busy 2-core machine: a command (and its WAIT)
    // may outlast the default 500 ms and degrade the cache under a suite that expects it up.
    ...(onCluster ? { redisCommandTimeoutMs: 5000 } : {}),
    ...opts.config,
  });
  const app = await build(config, {
    logger: opts.logger ?? quietLogger(),
    hooks: opts.hooks ?? {},
  });
  const port = await app.listen(0);
  const address = `127.0.0.1:${port}`;
  const client = dataClient(address);
  if (opts.cache === 'redis')
    await waitFor(() => app.cache.available, 5000, 'the Redis cache to be up');
  let closed = false;
  const h: DataServerHandle = {
    app,
    client,
    address,
    async close() {
      if (closed) return;
      closed = true;
      client.close();
      await app.close(2000);
      if (opts.cache === 'redis' && !onCluster)
        await dropPrefix(opts.redisUrl ?? redisUrl, opts.prefix);
    },
  };
  t.teardown(() => h.close());
  return h;
}

// ---- values and assertions ---------------------------------------------------------

type Value = slg.common.v1.Value.$Properties;
export const int = (v: number | bigint): Value => ({
  int: typeof v === 'number' ? v : toLongExact(v),
});
export const str = (v: string): Value => ({ str: v });

function toLongExact(v: bigint) {
  return slg.common.v1.Value.decode(
    slg.common.v1.Value.encode({ int: v.toString() as never }).finish(),
  ).int!;
}

/** A decoded Value as a plain JS value: bigint, number, string, boolean, Buffer, or null. */
export function plain(v: Value | null | undefined): unknown {
  if (!v) return null;
  if (v.int != null) return toBigInt(v.int);
  if (v.float != null) return v.float;
  if (v.str != null) return v.str;
  if (v.bool != null) return v.bool;
  if (v.bytes != null) return Buffer.from(v.bytes);
  return null;
}

export function fieldsOf(
  r: { fields?: { [k: string]: Value } | null } | null | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r?.fields ?? {})) out[k] = plain(v);
  return out;
}

/** Resolves to the ServiceError a call failed with (throws if it succeeded). */
export async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected the call to fail, it succeeded');
}

/** The sum of a histogram's _count samples (or a counter's values) matching `labels`. */
export async function metricCount(
  registry: Registry,
  name: string,
  labels: Record<string, string>,
): Promise<number> {
  const m = registry.getSingleMetric(name);
  if (!m) return 0;
  const data = await m.get();
  let n = 0;
  for (const v of data.values) {
    const sample = v as {
      metricName?: string;
      labels: Record<string, string | number>;
      value: number;
    };
    if (
      sample.metricName !== undefined &&
      !sample.metricName.endsWith('_count') &&
      sample.metricName !== name
    )
      continue;
    if (Object.entries(labels).every(([k, x]) => String(sample.labels[k]) === x)) n += sample.value;
  }
  return n;
}

/** db-proxy calls of one method data-server made (its client's latency histogram). */
export function dbProxyCalls(app: DataServer, method: string): Promise<number> {
  return metricCount(app.registry, 'grpc_client_handling_seconds', {
    grpc_service: 'slg.dbproxy.v1.DbProxy',
    grpc_method: method,
  });
}

/** A gate a test opens by hand: `wait()` blocks until `open()`. */
export function gate(): { wait(): Promise<void>; open(): void; readonly opened: boolean } {
  let release!: () => void;
  let opened = false;
  const p = new Promise<void>((r) => {
    release = r;
  });
  return {
    wait: () => p,
    open() {
      opened = true;
      release();
    },
    get opened() {
      return opened;
    },
  };
}

// ---- a private redis-server (outage tests) ----------------------------------------

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  /** SIGTERM and wait for the exit (nothing is saved: a restart comes back empty). */
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its data but answers nothing (a partition). */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

/** A redis-server of this test on its own port, with nothing on disk. */
export async function privateRedis(t: TapLike): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const up = async () => {
    const until = Date.now() + 30_000; // a bound only for a server that never opens its port
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const sock = connect(port, '127.0.0.1');
        sock.once('connect', () => {
          sock.destroy();
          resolve(true);
        });
        sock.once('error', () => resolve(false));
      });
      if (ok) return;
      if (Date.now() > until) throw new Error(`redis-server did not open port ${port}`);
      await sleep(20);
    }
  };
  const r: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await up();
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      c.kill('SIGCONT');
      const exited = once(c, 'exit');
      c.kill('SIGTERM');
      await exited;
      child = undefined;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    close: () => r.stop(),
  };
  await r.start();
  t.teardown(() => r.close());
  return r;
}

/**
 * A TCP relay to 127.0.0.1:`targetPort` that a test can cut (every connection
 * dropped, new ones refused: a network partition, the server keeps its data)
 * and heal.
 */
export async function tcpRelay(t: TapLike, targetPort: number) {
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
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
  const port = (server.address() as AddressInfo).port;
  const relay = {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    heal() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        relay.cut();
        server.close(() => resolve());
      }),
  };
  t.teardown(() => relay.close());
  return relay;
}

/**
 * Inserts a record straight through db-proxy (data-server does not see the write, so its
 * cache holds nothing for it): for tests that need a record the cache has never seen.
 */
export async function insertDirect(
  dbProxyAddress: string,
  table: string,
  key: Record<string, number>,
  fields: Record<string, Value> = {},
): Promise<void> {
  const c = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, dbProxyAddress);
  try {
    const all: Record<string, Value> = { ...fields };
    for (const [k, v] of Object.entries(key)) all[k] = { int: v };
    await c.Insert(slg.dbproxy.v1.InsertRequest.create({ table, fields: all }));
  } finally {
    c.close();
  }
}
