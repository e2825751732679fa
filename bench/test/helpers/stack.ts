// The real stack for the bench's tests, in this process on port 0: db-proxy on MariaDB (a
// database of this test process) and data-server on Redis (a key prefix of this process).
// Nothing is mocked; teardown drops the database and the keys.
import { randomBytes } from 'node:crypto';
import { build as buildDataServer, type DataServer, defaultConfig } from '@slg/data-server';
import { build as buildDbProxy, configWith, type DbProxyApp } from '@slg/db-proxy';
import { createLogger, type Security } from '@slg/service-kit';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';

export const mariadb = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

export interface Stack {
  database: string;
  prefix: string;
  dbproxy: DbProxyApp;
  dataServer: DataServer;
  dbproxyAddress: string;
  dataServerAddress: string;
  /** A MariaDB connection to the stack's database (to change data behind the stack's back). */
  sql(): Promise<mysql.Connection>;
  close(): Promise<void>;
}

/** `security`: TLS and the internal token, served by both and used by data-server to call db-proxy. */
export async function startStack(tag: string, security?: Security): Promise<Stack> {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `bench_${tag}_${suffix}`;
  const prefix = `benchtest:${tag}:${suffix}:`;
  const logger = createLogger({
    name: `bench-test-${tag}`,
    level: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const dbproxy = await buildDbProxy(
    configWith({
      port: 0,
      metricsPort: null,
      backends: `mysql://${mariadb.user}@${mariadb.host}:${mariadb.port}/${database}`,
      logLevel: 'silent',
      ...(security ? { security } : {}),
    }),
    { logger },
  );
  const { port: dbPort } = await dbproxy.listen();
  const dbproxyAddress = `127.0.0.1:${dbPort}`;
  const dataServer = await buildDataServer(
    defaultConfig({
      port: 0,
      dbProxyAddress: dbproxyAddress,
      redisUrl,
      keyPrefix: prefix,
      logLevel: 'silent',
      ...(security ? { security } : {}),
    }),
    { logger },
  );
  const dsPort = await dataServer.listen(0, '127.0.0.1');
  return {
    database,
    prefix,
    dbproxy,
    dataServer,
    dbproxyAddress,
    dataServerAddress: `127.0.0.1:${dsPort}`,
    sql: () => mysql.createConnection({ ...mariadb, database }),
    async close() {
      await dataServer.close(2000).catch(() => {});
      await dbproxy.close().catch(() => {});
      const c = await mysql.createConnection(mariadb);
      try {
        await c.query(`DROP DATABASE IF EXISTS \`${database}\``);
      } finally {
        await c.end();
      }
      const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
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
    },
  };
}
