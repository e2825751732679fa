// Test harness: a real db-proxy (in-process, port 0) over real backends — two
// MariaDB databases of the local server, or two SQLite files — with a gRPC
// client, and direct access to the stored rows for checking what was written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Long, type slg, slg_dbproxy_v1_DbProxyDefinition, toBigInt } from '@slg/proto';
import { createGrpcClient, createLogger, type GrpcClient, ServiceError } from '@slg/service-kit';
import mysql from 'mysql2/promise';
import { MysqlBackend } from '../src/backends/mysql.ts';
import { type BackendObserver, nullObserver } from '../src/backends/types.ts';
import { build, configWith, type DbProxyApp, type DbProxyConfig } from '../src/index.ts';

export type Kind = 'mysql' | 'sqlite';

/** The backends every suite runs against (DBPROXY_TEST_BACKENDS=sqlite to narrow). */
export function kinds(): Kind[] {
  const only = process.env.DBPROXY_TEST_BACKENDS;
  return only ? (only.split(',') as Kind[]) : ['mysql', 'sqlite'];
}

export const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

/** A MySQL backend of two connections on `database` (at `port`: a relay in front of MariaDB). */
export function smallMysqlBackend(
  database: string,
  observer: BackendObserver = nullObserver,
  port = MYSQL.port,
): MysqlBackend {
  return new MysqlBackend({
    target: { ...MYSQL, port, database },
    poolSize: 2,
    queueLimit: 16,
    statementCacheSize: 16,
    connectTimeoutMs: 5000,
    idleTimeoutMs: 600_000,
    reconnectIntervalMs: 100,
    poolsOnServer: 1,
    observer,
  });
}

/** A db-proxy client (requests as plain objects). */
export type Client = GrpcClient<typeof slg_dbproxy_v1_DbProxyDefinition>;

export function client(address: string, deadlineMs = 10_000): Client {
  return createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, address, { deadlineMs });
}

// ---- values ------------------------------------------------------------------

type Value = slg.common.v1.Value.$Properties;
export const int = (v: number | bigint | string): Value => ({
  int: typeof v === 'number' ? v : Long.fromString(String(v)),
});
export const str = (v: string): Value => ({ str: v });
export const dbl = (v: number): Value => ({ float: v });
export const bool = (v: boolean): Value => ({ bool: v });
export const bytes = (v: Uint8Array): Value => ({ bytes: v });

/** A decoded Value as a plain JS value: bigint, number, string, boolean, Buffer, or null. */
export function plain(v: Value | null | undefined): unknown {
  if (!v) return null;
  if (v.int !== null && v.int !== undefined) return toBigInt(v.int);
  if (v.float !== null && v.float !== undefined) return v.float;
  if (v.str !== null && v.str !== undefined) return v.str;
  if (v.bool !== null && v.bool !== undefined) return v.bool;
  if (v.bytes !== null && v.bytes !== undefined) return Buffer.from(v.bytes);
  return null;
}

export function fieldsOf(
  row: { fields?: { [k: string]: Value } | null } | null | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row?.fields ?? {})) out[k] = plain(v);
  return out;
}

export const big = (v: Long | number | string | null | undefined): bigint => toBigInt(v ?? 0);

/** Resolves to the ServiceError a call failed with (and fails the test if it succeeded). */
export async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected the call to fail, it succeeded');
}

// ---- a db-proxy over real backends -------------------------------------------------

export interface Harness {
  kind: Kind;
  app: DbProxyApp;
  client: Client;
  address: string;
  /** Rows as stored, read straight from the backend that owns `shardKey`. */
  stored(sql: string, params: unknown[], shardKey: bigint): Promise<unknown[][]>;
  /** Every backend's result for a statement (the same on each). */
  storedAll(sql: string, params?: unknown[]): Promise<unknown[][][]>;
  /** The backend index (0 or 1) a shard key lives on. */
  backendOf(shardKey: bigint): number;
  /** Names of the two MariaDB databases or paths of the two SQLite files. */
  locations: string[];
  close(): Promise<void>;
}

interface TapLike {
  teardown(fn: () => unknown): void;
}

export async function dropDatabases(names: string[], server = MYSQL): Promise<void> {
  const c = await mysql.createConnection(server);
  try {
    for (const n of names) await c.query(`DROP DATABASE IF EXISTS \`${n}\``);
  } finally {
    await c.end();
  }
}

/**
 * A small MySQL backend on a fresh database `db` holding one table `t (k BIGINT PRIMARY KEY)`,
 * closed and dropped in teardown; `stored()` reads t's keys in order.
 */
export async function backendWithTable(
  t: { teardown(fn: () => Promise<void>): void },
  db: string,
  observer: BackendObserver,
): Promise<{ b: MysqlBackend; stored: () => Promise<number[]> }> {
  await dropDatabases([db]);
  const b = smallMysqlBackend(db, observer);
  t.teardown(async () => {
    await b.close();
    await dropDatabases([db]);
  });
  await b.init();
  await b.ddl('CREATE TABLE t (k BIGINT PRIMARY KEY)');
  const all = { name: 'all', sql: 'SELECT k FROM t ORDER BY k', mode: 'read' } as const;
  const stored = async () =>
    (await b.exec(all, [], Date.now() + 10_000)).rows.map((r) => Number(r[0]));
  return { b, stored };
}

/**
 * Starts db-proxy on two fresh databases (`dbpt_<name>_<pid>_0/1`: a second suite beside this
 * one on the same MariaDB has its own) or two fresh SQLite files, and closes everything in
 * teardown.
 */
export async function startProxy(
  t: TapLike,
  kind: Kind,
  name: string,
  overrides: Partial<Omit<DbProxyConfig, 'limits'>> & {
    limits?: Partial<DbProxyConfig['limits']>;
    /** Explicit slot ranges of the two backends (?slots=...). */
    slotRanges?: [string, string];
    /** A MariaDB other than the local one on 3306 (a private server a test started). */
    mysqlPort?: number;
  } = {},
): Promise<Harness> {
  const { slotRanges, mysqlPort = MYSQL.port, ...config } = overrides;
  const server = { ...MYSQL, port: mysqlPort };
  const suffix = (i: number) => (slotRanges ? `?slots=${slotRanges[i]}` : '');
  let locations: string[];
  let backends: string;
  let dir: string | undefined;
  if (kind === 'mysql') {
    locations = [`dbpt_${name}_${process.pid}_0`, `dbpt_${name}_${process.pid}_1`];
    await dropDatabases(locations, server);
    backends = locations
      .map((db, i) => `mysql://root@127.0.0.1:${mysqlPort}/${db}${suffix(i)}`)
      .join(' ');
  } else {
    dir = mkdtempSync(join(tmpdir(), `dbpt-${name}-`));
    locations = [join(dir, 'shard0.sqlite'), join(dir, 'shard1.sqlite')];
    backends = locations.map((p, i) => `sqlite:${p}${suffix(i)}`).join(' ');
  }
  const app = await build(
    configWith({ backends, port: 0, metricsPort: null, healthIntervalMs: 200, ...config }),
    { logger: createLogger({ name: 'db-proxy', level: process.env.LOG_LEVEL ?? 'silent' }) },
  );
  const { port } = await app.listen();
  const address = `127.0.0.1:${port}`;
  const c = client(address);
  const conns: (mysql.Connection | DatabaseSync)[] = [];
  const direct = async (i: number, sql: string, params: unknown[]): Promise<unknown[][]> => {
    if (!conns[i]) {
      conns[i] =
        kind === 'mysql'
          ? await mysql.createConnection({
              ...server,
              database: locations[i]!,
              supportBigNumbers: true,
              bigNumberStrings: true,
            })
          : new DatabaseSync(locations[i]!);
    }
    const conn = conns[i]!;
    if (conn instanceof DatabaseSync) {
      const s = conn.prepare(sql.replaceAll('`', '"'));
      s.setReturnArrays(true);
      s.setReadBigInts(true);
      return s.all(...(params as never[])) as unknown as unknown[][];
    }
    const [rows] = await conn.query({ sql, rowsAsArray: true }, params);
    return rows as unknown[][];
  };
  let closed = false;
  const h: Harness = {
    kind,
    app,
    client: c,
    address,
    locations,
    backendOf: (k) => app.backends.indexOf(app.shards.forKey(k)),
    stored: (sql, params, shardKey) => direct(h.backendOf(shardKey), sql, params),
    storedAll: (sql, params = []) => Promise.all([0, 1].map((i) => direct(i, sql, params))),
    async close() {
      if (closed) return;
      closed = true;
      c.close();
      await app.close();
      for (const conn of conns) {
        if (conn instanceof DatabaseSync) conn.close();
        else await conn?.end();
      }
      if (kind === 'mysql') await dropDatabases(locations, server).catch(() => undefined);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
  t.teardown(() => h.close());
  return h;
}

/** A stored value as a comparable JS value (BIGINT strings from mysql2, bigints from SQLite). */
export function asBig(v: unknown): bigint {
  return BigInt(v as string | number | bigint);
}

/** The sum of a metric's values whose labels include `labels` (0 if never registered). */
export async function metricValue(
  registry: { getSingleMetric(n: string): unknown },
  name: string,
  labels: Record<string, string>,
) {
  const m = registry.getSingleMetric(name) as
    | { get(): Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }
    | undefined;
  if (!m) return 0;
  const { values } = await m.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((a, v) => a + v.value, 0);
}
