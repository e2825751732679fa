// A write whose caller is gone is stopped in db-proxy: its query killed, its transaction
// rolled back, nothing retried. Each write waits on a row lock held by another MariaDB
// session of this test, and the test checks, while that lock is still held (so the write
// could not have gone on to commit), that db-proxy's transaction is gone, ended by the kill
// and not by the lock wait's timeout (50 s by default); then it releases
// the lock and finds the row unchanged. Also: several kills at once share one side
// connection (they each opened one, and all but the last leaked), and a backend that closes
// fails the calls waiting for a connection with UNAVAILABLE (it was INTERNAL).
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { slg_dbproxy_v1_DbProxyDefinition } from '@slg/proto';
import { createGrpcClient, createLogger } from '@slg/service-kit';
import mysql from 'mysql2/promise';
import t from 'tap';
import type { MysqlBackend } from '../src/backends/mysql.ts';
import { build, configWith, type DbProxyApp } from '../src/index.ts';
import { big, failure, int, MYSQL, metricValue } from './helpers.ts';

const db = `dbp_cancel_${process.pid}`;

async function admin(sql: string, params: unknown[] = []): Promise<unknown[]> {
  const c = await mysql.createConnection(MYSQL);
  try {
    const [rows] = await c.query(sql, params);
    return rows as unknown[];
  } finally {
    await c.end();
  }
}

/**
 * Polls `check` until it holds. No time bound of its own: what each wait proves is checked after
 * it (by the statements' outcomes), and tap's timeout ends a wait that never holds.
 */
async function waitFor(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

/**
 * db-proxy's sessions on this test's database other than `except`'s: how many run a statement
 * (`waiting`: while `except` holds the row lock, a statement on that row waits for it) and how
 * many run one or hold a transaction (`all`).
 */
async function transactions(except: number): Promise<{ all: number; waiting: number }> {
  const sessions = (await admin(
    'SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> ? AND ID <> CONNECTION_ID()',
    [db, except],
  )) as { id: number; info: string | null }[];
  const status = (await admin('SHOW ENGINE INNODB STATUS')) as { Status: string }[];
  const inTrx = activeTrxSessions(status[0]!.Status);
  return {
    all: sessions.filter((s) => s.info !== null || inTrx.has(Number(s.id))).length,
    waiting: sessions.filter((s) => s.info !== null).length,
  };
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

/** A TCP relay to `port` that counts its open connections and can drop them all. */
async function relay(port: number) {
  const sockets = new Set<Socket>();
  let open = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    open++;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      open--;
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
    };
    sockets.add(client);
    for (const s of [client, upstream]) {
      s.on('error', close);
      s.on('close', close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    get open() {
      return open;
    },
    cut() {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

t.test('writes whose caller is gone', async (t) => {
  await admin(`DROP DATABASE IF EXISTS \`${db}\``);
  // db-proxy reaches MariaDB through a relay that counts connections (for the kill test).
  const toMaria = await relay(MYSQL.port);
  const app: DbProxyApp = await build(
    configWith({
      backends: `mysql://root@127.0.0.1:${toMaria.port}/${db}`,
      port: 0,
      metricsPort: null,
      healthIntervalMs: 1e9,
      poolSize: 8,
    }),
    { logger: createLogger({ name: 'db-proxy-test', level: 'silent' }) },
  );
  const { port } = await app.listen();
  const address = `127.0.0.1:${port}`;
  const backend = app.backends[0] as MysqlBackend;
  // Callers reach db-proxy through a relay too, so that a test can drop their connection.
  const toProxy = await relay(port);
  const client = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, address, {
    deadlineMs: 30_000,
  });
  const viaRelay = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, `127.0.0.1:${toProxy.port}`, {
    deadlineMs: 30_000,
  });
  t.teardown(async () => {
    client.close();
    viaRelay.close();
    await app.close();
    await toProxy.close();
    await toMaria.close();
    await admin(`DROP DATABASE IF EXISTS \`${db}\``);
  });

  let nextId = 1;
  /** A fresh player row, locked by another session until `release()`. */
  const lockedPlayer = async () => {
    const id = nextId++;
    await client.Insert({ table: 'player', fields: { player_id: int(id), gold: int(5) } });
    const lock = await mysql.createConnection({ ...MYSQL, database: db });
    const [idRow] = await lock.query('SELECT CONNECTION_ID() AS id');
    const lockId = Number((idRow as { id: number }[])[0]!.id);
    await lock.query('BEGIN');
    await lock.query('SELECT player_id FROM player WHERE player_id = ? FOR UPDATE', [id]);
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await lock.query('ROLLBACK');
      await lock.end();
    };
    t.teardown(release);
    return { id, lockId, release };
  };
  /**
   * How db-proxy's statements ended so far: stopped for a caller that went away, or by the lock
   * wait's own timeout. A wait that ends while the lock is held was ended by one or the other.
   */
  const outcomes = async () => ({
    cancelled: await metricValue(app.registry, 'dbproxy_statement_errors_total', {
      error: 'cancelled',
    }),
    lockTimeouts: await metricValue(app.registry, 'dbproxy_statement_errors_total', {
      error: 'ER_LOCK_WAIT_TIMEOUT',
    }),
  });
  const row = async (id: number) => {
    const r = await client.Get({ table: 'player', key: [int(id)] });
    return { gold: big(r.row?.fields?.gold?.int), version: big(r.row?.version) };
  };

  t.test(
    'several kills at once share one side connection (the first kills of this backend)',
    async (t) => {
      const p = await lockedPlayer();
      const controller = new AbortController();
      const n = 4;
      const calls = Array.from({ length: n }, () =>
        failure(
          client.Increment(
            { table: 'player', key: [int(p.id)], field: 'gold', delta: 1 },
            { signal: controller.signal },
          ),
        ),
      );
      await waitFor(async () => (await transactions(p.lockId)).waiting === n);
      const before = await outcomes();
      controller.abort();
      for (const c of calls) t.equal((await c).code, 'CANCELLED');
      await waitFor(async () => (await transactions(p.lockId)).all === 0);
      t.same(
        await outcomes(),
        { cancelled: before.cancelled + n, lockTimeouts: 0 },
        'each increment was stopped by its kill',
      );
      // Killed connections are closed; what stays open through the relay is the pool and the
      // side connections. One side connection: the pool's connections + 1.
      await waitFor(async () => {
        const s = backend.stats();
        return toMaria.open === s.inUse + s.idle + 1;
      });
      const s = backend.stats();
      t.equal(toMaria.open - (s.inUse + s.idle), 1, 'one side connection for all the kills');
      await p.release();
      t.same(await row(p.id), { gold: 5n, version: 1n }, 'the row is unchanged');
    },
  );

  t.test('the caller cancels: query killed, rolled back while the lock is held', async (t) => {
    const p = await lockedPlayer();
    const controller = new AbortController();
    const call = failure(
      client.Increment(
        { table: 'player', key: [int(p.id)], field: 'gold', delta: 1 },
        { signal: controller.signal },
      ),
    );
    await waitFor(async () => (await transactions(p.lockId)).waiting === 1);
    const before = await outcomes();
    controller.abort();
    t.equal((await call).code, 'CANCELLED', 'the caller sees CANCELLED');
    await waitFor(async () => (await transactions(p.lockId)).all === 0);
    t.same(
      await outcomes(),
      { cancelled: before.cancelled + 1, lockTimeouts: 0 },
      'the kill ended it, not the lock wait timeout',
    );
    await p.release();
    t.same(await row(p.id), { gold: 5n, version: 1n }, 'the row is unchanged');
  });

  t.test('the caller connection drops: a Batch is killed and rolled back', async (t) => {
    const p = await lockedPlayer();
    const call = failure(
      viaRelay.Batch({
        ops: [
          { update: { table: 'player', key: [int(p.id)], fields: { name: { str: 'x' } } } },
          { increment: { table: 'player', key: [int(p.id)], field: 'gold', delta: 1 } },
        ],
      }),
    );
    await waitFor(async () => (await transactions(p.lockId)).waiting === 1);
    const before = await outcomes();
    toProxy.cut();
    t.equal((await call).code, 'UNAVAILABLE', 'the caller lost its connection');
    await waitFor(async () => (await transactions(p.lockId)).all === 0);
    t.same(
      await outcomes(),
      { cancelled: before.cancelled + 1, lockTimeouts: 0 },
      'the kill ended it, not the lock wait timeout',
    );
    await p.release();
    t.same(await row(p.id), { gold: 5n, version: 1n }, 'nothing of the batch was written');
  });

  t.test('a closing backend fails the waiting calls with UNAVAILABLE', async (t) => {
    // A pool of 1 (an app of its own): one transaction holds it, the next call waits.
    const db2 = `${db}_close`;
    await admin(`DROP DATABASE IF EXISTS \`${db2}\``);
    const small = await build(
      configWith({
        backends: `mysql://root@127.0.0.1:${MYSQL.port}/${db2}`,
        port: 0,
        metricsPort: null,
        healthIntervalMs: 1e9,
        poolSize: 1,
      }),
      { logger: createLogger({ name: 'db-proxy-test', level: 'silent' }) },
    );
    t.teardown(async () => {
      await small.close();
      await admin(`DROP DATABASE IF EXISTS \`${db2}\``);
    });
    const b = small.backends[0] as MysqlBackend;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const holder = b.transaction(Date.now() + 30_000, () => held);
    await waitFor(async () => b.stats().inUse === 1);
    const waiting = b
      .exec({ name: 'ping', sql: 'SELECT 1', mode: 'read' }, [], Date.now() + 30_000)
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    await waitFor(async () => b.stats().waiting === 1);
    await b.close();
    const err = (await waiting) as { code?: string; message?: string } | undefined;
    t.equal(err?.code, 'UNAVAILABLE', 'the waiting call gets UNAVAILABLE');
    t.match(err?.message, /is closing/);
    release();
    await holder.catch(() => undefined);
  });
});
