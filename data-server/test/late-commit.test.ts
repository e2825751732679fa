// As the services ship (the esbuild bundles, MariaDB, Redis): a write that is still waiting
// in db-proxy when its data-server dies (kill -9, or SIGTERM with the write outliving the
// drain) must not leave a stale value in the cache. The write waits on a row lock held by this
// test's own MariaDB session (seen waiting in information_schema), the data-server goes,
// another instance starts on the same Redis prefix, and then, once the lock is released:
// either MariaDB never got the write, or no FetchV2 returns the older version after MariaDB
// has the newer one. Were db-proxy to keep the dead caller's transaction and commit it once
// the lock went, the write's 3 s lease would have expired by then and a FetchV2 could have
// filled the old row for the record TTL (5 min).

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  grpc_health_v1_HealthDefinition,
  grpc as pb,
  slg_dataserver_v2_DataServiceDefinition,
  toBigInt,
} from '@slg/proto';
import { createGrpcClient, listeningPorts } from '@slg/service-kit';
import { SERVICE_MALLOC_ARENA_MAX } from '@slg/service-kit/node-options';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import t from 'tap';
import {
  dropDatabase,
  dropPrefix,
  failure,
  int,
  redisUrl,
  uniquePrefix,
  waitFor,
} from './helpers.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

/**
 * The bundles as `npm start` runs them, built here from the sources under test, then copied
 * to a path of this test beside dist/ (same depth: their relative asset paths still hold), so
 * that another test rebuilding dist/ meanwhile cannot hand a spawn a half-written file. A copy
 * is taken only when it is whole (it ends with esbuild's source-map comment).
 */
function privateBundles(): Record<'db-proxy' | 'data-server', string> {
  const out = {} as Record<'db-proxy' | 'data-server', string>;
  for (let attempt = 0; ; attempt++) {
    execFileSync(process.execPath, ['scripts/build.ts'], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: 'ignore',
    });
    let whole = true;
    for (const service of ['db-proxy', 'data-server'] as const) {
      const code = readFileSync(`${root}${service}/dist/main.mjs`, 'utf8');
      if (!code.trimEnd().endsWith('//# sourceMappingURL=main.mjs.map')) whole = false;
      mkdirSync(`${root}${service}/.scratch`, { recursive: true });
      const path = `${service}/.scratch/late-commit-${process.pid}.mjs`;
      writeFileSync(`${root}${path}`, code);
      out[service] = path;
    }
    if (whole) return out;
    if (attempt === 2) throw new Error('the bundles kept changing while being copied');
  }
}
const bundles = privateBundles();
t.teardown(() => {
  for (const path of Object.values(bundles)) {
    rmSync(`${root}${path}`, { force: true });
    try {
      rmdirSync(dirname(`${root}${path}`)); // only if nothing else is in it
    } catch {}
  }
});

interface Service {
  child: ChildProcess;
  port: number;
  output(): string;
}

async function startBundle(
  t: { teardown(fn: () => unknown): void },
  bundle: string,
  env: Record<string, string>,
  portVar: string,
  metricsVar: string,
): Promise<Service> {
  const full: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LOG_LEVEL: 'warn',
    MALLOC_ARENA_MAX: SERVICE_MALLOC_ARENA_MAX,
    ...env,
    // Any free ports: read back from its listening line.
    [portVar]: '0',
    [metricsVar]: '0',
  };
  const child = spawn(process.execPath, [`${root}${bundle}`], {
    env: full,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listening = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      out += `${line}\n`;
      const ports = listeningPorts(line);
      if (ports) resolve(ports.port);
    });
    child.once('exit', (code) => reject(new Error(`${bundle} exited (${code}):\n${out}`)));
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const port = await listening;
  const health = createGrpcClient(grpc_health_v1_HealthDefinition, `127.0.0.1:${port}`, {
    deadlineMs: 1000,
  });
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`${bundle} exited:\n${out}`);
        try {
          const r = await health.Check({ service: '' });
          return r.status === pb.health.v1.HealthCheckResponse.ServingStatus.SERVING;
        } catch {
          return false;
        }
      },
      30_000,
      `${bundle} to serve`,
    );
  } finally {
    health.close();
  }
  return { child, port, output: () => out };
}

/**
 * db-proxy's sessions on `db` other than `except`'s: how many run a statement (`waiting`: while
 * `except` holds the row lock, a statement on that row waits for it) and how many run one or
 * hold a transaction (`all`).
 */
async function transactions(db: string, except: number) {
  const c = await mysql.createConnection(MYSQL);
  try {
    const [sessions] = await c.query(
      'SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> ? AND ID <> CONNECTION_ID()',
      [db, except],
    );
    const [status] = await c.query('SHOW ENGINE INNODB STATUS');
    const inTrx = activeTrxSessions((status as { Status: string }[])[0]!.Status);
    const list = sessions as { id: number; info: string | null }[];
    return {
      all: list.filter((s) => s.info !== null || inTrx.has(Number(s.id))).length,
      waiting: list.filter((s) => s.info !== null).length,
    };
  } finally {
    await c.end();
  }
}

/**
 * The sessions with an InnoDB transaction open, from SHOW ENGINE INNODB STATUS. Not from
 * INNODB_TRX: MariaDB refreshes that table's cache only when nobody has read it for 100 ms, so
 * tests polling it (this one, or another beside it) can read a stale list for as long as they
 * poll: a rolled-back transaction still listed, a waiting write never shown.
 */
function activeTrxSessions(status: string): Set<number> {
  const out = new Set<number>();
  for (const block of status.split('---TRANSACTION ').slice(1)) {
    if (!/^\d+, ACTIVE/.test(block)) continue;
    const m = /MariaDB thread id (\d+)/.exec(block);
    if (m) out.add(Number(m[1]));
  }
  return out;
}

// One db-proxy (a bundle, over a database of this test) serves both scenarios.
const db = `dstest_late_${process.pid}`;
await dropDatabase(db);
t.teardown(() => dropDatabase(db));
const proxy = await startBundle(
  t,
  bundles['db-proxy'],
  { DBPROXY_BACKENDS: `mysql://root@127.0.0.1:3306/${db}` },
  'DBPROXY_PORT',
  'DBPROXY_METRICS_PORT',
);

for (const how of ['kill -9', 'SIGTERM past the drain'] as const) {
  t.test(`a write in flight when its data-server goes (${how})`, async (t) => {
    const tag = how === 'kill -9' ? 'k9' : 'term';
    const prefix = uniquePrefix(`late-${tag}`);
    t.teardown(() => dropPrefix(redisUrl, prefix));
    const dsEnv = {
      DATASERVER_DBPROXY_ADDR: `127.0.0.1:${proxy.port}`,
      DATASERVER_REDIS_URL: redisUrl,
      DATASERVER_KEY_PREFIX: prefix,
      // The drain ends long before the write does (it waits on this test's lock).
      SHUTDOWN_TIMEOUT_MS: '1000',
    };
    const start = () =>
      startBundle(t, bundles['data-server'], dsEnv, 'DATASERVER_PORT', 'DATASERVER_METRICS_PORT');
    const client = (s: Service) =>
      createGrpcClient(slg_dataserver_v2_DataServiceDefinition, `127.0.0.1:${s.port}`, {
        deadlineMs: 15_000,
      });
    const redis = new Redis(redisUrl);
    t.teardown(() => redis.disconnect());

    const player = how === 'kill -9' ? 7001 : 7002;
    const first = await start();
    const a = client(first);
    t.teardown(() => a.close());
    await a.CreateV2({ table: 'player', ownerId: player, fields: { gold: int(0) } });
    const cached = await a.FetchV2({ table: 'player', ownerId: player });
    t.equal(toBigInt(cached.record!.fields!.gold!.int!), 0n, 'v1 cached: gold 0');

    // Another MariaDB session holds the row lock: the write will wait inside db-proxy.
    const lock = await mysql.createConnection({ ...MYSQL, database: db });
    t.teardown(() => lock.end().catch(() => undefined));
    const [idRows] = await lock.query('SELECT CONNECTION_ID() AS id');
    const lockId = Number((idRows as { id: number }[])[0]!.id);
    await lock.query('BEGIN');
    await lock.query('SELECT player_id FROM player WHERE player_id = ? FOR UPDATE', [player]);

    const callStart = Date.now();
    const write = failure(
      a.IncrByV2(
        { table: 'player', ownerId: player, field: 'gold', delta: 1 },
        { deadlineMs: 15_000 },
      ),
    );
    await waitFor(
      async () => (await transactions(db, lockId)).waiting === 1,
      10_000,
      'the write to wait for the row lock in db-proxy',
    );
    // The write's lease outlives the write's deadline (it was 3 s, whatever the deadline).
    const leaseKey = `${prefix}{${player}}:r:player:0:lease`;
    const pttl = await redis.pttl(leaseKey);
    t.ok(
      Date.now() + pttl >= callStart + 15_000,
      `the write lease (${pttl} ms left) lasts past the write's 15 s deadline`,
    );

    if (how === 'kill -9') first.child.kill('SIGKILL');
    else first.child.kill('SIGTERM');
    await once(first.child, 'exit');
    t.ok((await write).message, 'the caller of the write got an error');

    const second = await start();
    const b = client(second);
    t.teardown(() => b.close());
    // Either db-proxy dropped the write, or the lease the old instance took expired.
    await waitFor(
      async () =>
        (await transactions(db, lockId)).all === 0 || (await redis.exists(leaseKey)) === 0,
      20_000,
      "db-proxy's transaction to end or the write's lease to expire",
    );
    const during = await b.FetchV2({ table: 'player', ownerId: player });
    t.equal(toBigInt(during.record!.fields!.gold!.int!), 0n, 'while the lock is held: gold 0');

    await lock.query('ROLLBACK');
    await waitFor(
      async () => (await transactions(db, -1)).all === 0,
      20_000,
      'every transaction on the database to end',
    );
    const [rows] = await lock.query('SELECT gold, version FROM player WHERE player_id = ?', [
      player,
    ]);
    const stored = (rows as { gold: number | bigint; version: number | bigint }[])[0]!;
    t.equal(BigInt(stored.gold), 0n, 'the write never reached MariaDB (cancelled in db-proxy)');
    for (let i = 0; i < 3; i++) {
      const r = await b.FetchV2({ table: 'player', ownerId: player });
      t.equal(
        toBigInt(r.record!.fields!.gold!.int!),
        BigInt(stored.gold),
        `FetchV2 ${i + 1} serves what MariaDB holds`,
      );
      t.equal(toBigInt(r.record!.version!), BigInt(stored.version), 'at its version');
    }
    const inspect = await b.InspectV2({ table: 'player', ownerId: player });
    t.equal(
      toBigInt(inspect.served!.version!),
      toBigInt(inspect.stored!.version!),
      'InspectV2: served = stored',
    );
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
  });
}

t.test('db-proxy stops cleanly', async (t) => {
  proxy.child.kill('SIGTERM');
  const [code] = await once(proxy.child, 'exit');
  t.equal(code, 0);
});
