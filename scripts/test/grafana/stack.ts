// The `npm start` bundles as deploy/k8s runs them (db-proxy on MariaDB, data-server on Redis),
// on the ports they bind and report, for the dashboard's tests: a database and a key prefix of
// their own, removed at the end, and a small world (these tests read metrics, not a load).
import type { Test } from 'tap';
import { reachable, startScriptStack } from '../helpers/bundles.ts';

/** For Prometheus, which cannot report the port it bound (grafana-prometheus.test.ts). */
export { freePort } from '@slg/test-kit/ports';

/** Why the stack cannot run here, or false. */
export async function stackUnavailable(): Promise<string | false> {
  return (await reachable(3306)) && (await reachable(6379))
    ? false
    : 'needs MariaDB on 127.0.0.1:3306 and Redis on 127.0.0.1:6379 (the services as deployed)';
}

/** Each service's /metrics port (battle-server and the console serve it on their HTTP port). */
export type MetricsPorts = Record<
  'db-proxy' | 'data-server' | 'map-server' | 'battle-server' | 'console',
  number
>;

/** Starts the stack; stops it and removes its data in `t`'s teardown. */
export async function startStack(t: Test, tag: string): Promise<MetricsPorts> {
  const database = `slg_${tag}_${process.pid}`;
  const prefix = `${tag}${process.pid}:`;
  t.teardown(async () => {
    const mysql = await import('mysql2/promise');
    const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    await c.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await c.end();
    const { Redis } = await import('ioredis');
    const redis = new Redis({ host: '127.0.0.1', port: 6379, lazyConnect: true });
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  });
  // tap adds its loaders to NODE_OPTIONS of what this process spawns; `env -u` drops them.
  const { stack, ports } = await startScriptStack(
    {
      DBPROXY_BACKENDS: `mysql://root@127.0.0.1:3306/${database}`,
      DATASERVER_REDIS_URL: 'redis://127.0.0.1:6379',
      DATASERVER_KEY_PREFIX: prefix,
      MAPSERVER_WIDTH: '200',
      MAPSERVER_HEIGHT: '200',
      MAPSERVER_FIELDS: '50',
      MAPSERVER_MONSTERS: '20',
      BATTLE_PROCESSES: '1',
    },
    { timeoutMs: 50_000, withoutNodeOptions: true },
  );
  t.teardown(() => stack.stop('SIGINT'));
  return {
    'db-proxy': ports.DBPROXY_METRICS_PORT,
    'data-server': ports.DATASERVER_METRICS_PORT,
    'map-server': ports.MAPSERVER_METRICS_PORT,
    'battle-server': ports.BATTLE_PORT,
    console: ports.CONSOLE_PORT,
  };
}
