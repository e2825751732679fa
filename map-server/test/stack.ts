// The real stack for the service tests, in-process on port 0: db-proxy over a fresh MariaDB
// database, data-server with the Redis cache under a key prefix of this process, battle-server
// (fastify, battles in-line). map-server is built on top by each test (manual clock).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { build as buildBattle, InlineRunner } from '@slg/battle-server';
import { build as buildDataServer, defaultConfig as dataServerConfig } from '@slg/data-server';
import { build as buildDbProxy, configWith } from '@slg/db-proxy';
import type { MapServer } from '../src/app.ts';
import { build } from '../src/app.ts';
import type { ManualClock } from '../src/clock.ts';
import type { MapServerConfig } from '../src/config.ts';
import type { EngineHooks } from '../src/engine/march-engine.ts';
import { DataServerStore, type MapStore } from '../src/store/store.ts';
import { quietLogger } from './helpers.ts';

const run = promisify(execFile);
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

async function sql(statement: string): Promise<void> {
  await run('mariadb', ['-uroot', '-h127.0.0.1', '-P3306', '-e', statement]);
}

async function dropPrefix(prefix: string): Promise<void> {
  const { stdout } = await run('redis-cli', ['-u', redisUrl, '--scan', '--pattern', `${prefix}*`]);
  const keys = stdout.split('\n').filter(Boolean);
  for (let i = 0; i < keys.length; i += 500)
    await run('redis-cli', ['-u', redisUrl, 'DEL', ...keys.slice(i, i + 500)]);
}

interface TapLike {
  teardown(fn: () => unknown): void;
}

export interface Stack {
  dataServer: string;
  battleUrl: string;
  /** A store client of its own (the test's view of data-server). */
  store: DataServerStore;
  /** A map-server on this stack (closed in teardown). */
  mapServer(
    config: MapServerConfig,
    clock: ManualClock,
    opts?: { hooks?: EngineHooks; store?: MapStore },
  ): Promise<MapServer>;
}

export async function startStack(t: TapLike, tag: string): Promise<Stack> {
  const database = `mstest_${tag}_${process.pid}`;
  const prefix = `mstest:${tag}:${process.pid}:${randomBytes(3).toString('hex')}:`;
  await sql(`DROP DATABASE IF EXISTS \`${database}\``);
  const dbProxy = await buildDbProxy(
    configWith({
      backends: `mysql://root@127.0.0.1:3306/${database}`,
      port: 0,
      metricsPort: null,
      healthIntervalMs: 500,
    }),
    { logger: quietLogger() },
  );
  const { port: dbPort } = await dbProxy.listen();
  const ds = await buildDataServer(
    dataServerConfig({
      dbProxyAddress: `127.0.0.1:${dbPort}`,
      redisUrl,
      keyPrefix: prefix,
      port: 0,
      metricsPort: 0,
      shutdownTimeoutMs: 2000,
    }),
    { logger: quietLogger() },
  );
  const dsPort = await ds.listen(0);
  for (let i = 0; i < 250 && !ds.cache.available; i++) await new Promise((r) => setTimeout(r, 20));
  const runner = new InlineRunner();
  await runner.start();
  const battle = await buildBattle({ runner });
  const battleUrl = await battle.listen({ host: '127.0.0.1', port: 0 });
  const store = new DataServerStore(`127.0.0.1:${dsPort}`);
  const apps: MapServer[] = [];
  t.teardown(async () => {
    for (const a of apps) await a.close(500);
    store.close();
    await battle.close();
    await ds.close(2000);
    await dbProxy.close();
    await sql(`DROP DATABASE IF EXISTS \`${database}\``);
    await dropPrefix(prefix);
  });
  return {
    dataServer: `127.0.0.1:${dsPort}`,
    battleUrl,
    store,
    async mapServer(config, clock, opts = {}) {
      const app = await build(
        { ...config, dataServerAddress: `127.0.0.1:${dsPort}`, battleUrl },
        { clock, logger: quietLogger(), ...opts },
      );
      apps.push(app);
      return app;
    },
  };
}
