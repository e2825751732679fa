// Two private MariaDB servers (own data directories and ports) and db-proxy instances over them,
// for the tests of several backends and of resharding.
import { createLogger } from '@slg/service-kit';
import { PrivateMariaDb } from '@slg/test-kit/private-mariadb';
import mysql from 'mysql2/promise';
import { build, configWith, type DbProxyApp, type DbProxyConfig } from '../src/index.ts';
import { type Client, client } from './helpers.ts';

interface TapLike {
  teardown(fn: () => unknown): void;
}

export interface TwoServers {
  servers: PrivateMariaDb[];
  /** The database URL on each server (no ?slots). */
  urls: string[];
  /** The backend id (host:port/database) of each. */
  ids: string[];
  /** A statement on server i's database, rows as arrays, BIGINT as strings. */
  direct(i: number, sql: string, params?: unknown[]): Promise<unknown[][]>;
}

export async function twoServers(t: TapLike, database = 'slg'): Promise<TwoServers> {
  const servers = await Promise.all([PrivateMariaDb.start(), PrivateMariaDb.start()]);
  t.teardown(() => Promise.all(servers.map((s) => s.destroy())));
  const conns: mysql.Connection[] = [];
  t.teardown(() => Promise.all(conns.map((c) => c.end().catch(() => c.destroy()))));
  return {
    servers,
    urls: servers.map((s) => `mysql://root@127.0.0.1:${s.port}/${database}`),
    ids: servers.map((s) => `127.0.0.1:${s.port}/${database}`),
    async direct(i, sql, params = []) {
      if (!conns[i]) {
        conns[i] = await mysql.createConnection({
          host: '127.0.0.1',
          port: servers[i]!.port,
          user: 'root',
          database,
          supportBigNumbers: true,
          bigNumberStrings: true,
        });
      }
      const [rows] = await conns[i]!.query({ sql, rowsAsArray: true }, params);
      return rows as unknown[][];
    },
  };
}

export interface Proxy {
  app: DbProxyApp;
  client: Client;
  address: string;
  close(): Promise<void>;
}

export async function startProxy(
  t: TapLike,
  backends: string,
  overrides: Partial<Omit<DbProxyConfig, 'limits'>> = {},
): Promise<Proxy> {
  const app = await build(
    configWith({ backends, port: 0, metricsPort: null, healthIntervalMs: 200, ...overrides }),
    { logger: createLogger({ name: 'db-proxy', level: process.env.LOG_LEVEL ?? 'silent' }) },
  );
  const { port } = await app.listen();
  const c = client(`127.0.0.1:${port}`);
  let closed = false;
  const p: Proxy = {
    app,
    client: c,
    address: `127.0.0.1:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      c.close();
      await app.close();
    },
  };
  t.teardown(() => p.close());
  return p;
}

/** Polls `check` until it is true (or fails after `timeoutMs`). */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
