// Cancellation travels: a caller that cancels its write to data-server while the write waits
// in db-proxy (on a row lock held by this test's MariaDB session) has its write stopped in
// db-proxy too: the transaction ends while the lock is still held, and nothing is written.
// Before, data-server did not pass its caller's cancellation on, and db-proxy went on waiting
// (and committed once the lock went).
import mysql from 'mysql2/promise';
import t from 'tap';
import {
  failure,
  int,
  mariadb,
  startDataServer,
  startDbProxy,
  uniquePrefix,
  waitFor,
} from './helpers.ts';

const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

t.test("a caller's cancel reaches db-proxy", async (t) => {
  const proxy = await startDbProxy(t, 'cancel');
  const db = proxy.database!;
  const ds = await startDataServer(t, {
    dbProxy: proxy.address,
    cache: 'memory',
    prefix: uniquePrefix('cancel'),
  });
  const c = ds.client;

  /** db-proxy's transactions on this database (every session but the lock's). */
  const transactions = async (except: number) => {
    const out = await mariadb(
      db,
      `SELECT t.trx_state FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id WHERE p.DB = '${db}' AND p.ID <> ${except}`,
    );
    const states = out.split('\n').filter(Boolean);
    return { all: states.length, waiting: states.filter((s) => s === 'LOCK WAIT').length };
  };

  const cases = [
    {
      name: 'IncrByV2',
      call: (owner: number, signal: AbortSignal) =>
        c.IncrByV2(
          { table: 'player', ownerId: owner, field: 'gold', delta: 1 },
          { signal, deadlineMs: 30_000 },
        ),
    },
    {
      name: 'BatchWriteV2',
      call: (owner: number, signal: AbortSignal) =>
        c.BatchWriteV2(
          {
            ops: [
              { incrBy: { table: 'player', ownerId: owner, field: 'gold', delta: 1 } },
              { create: { table: 'item', ownerId: owner, memberId: 1, fields: {} } },
            ],
          },
          { signal, deadlineMs: 30_000 },
        ),
    },
  ];
  let owner = 500;
  for (const k of cases) {
    t.test(k.name, async (t) => {
      owner++;
      await c.CreateV2({ table: 'player', ownerId: owner, fields: { gold: int(3) } });
      const lock = await mysql.createConnection({ ...MYSQL, database: db });
      t.teardown(() => lock.end().catch(() => undefined));
      const [idRows] = await lock.query('SELECT CONNECTION_ID() AS id');
      const lockId = Number((idRows as { id: number }[])[0]!.id);
      await lock.query('BEGIN');
      await lock.query('SELECT player_id FROM player WHERE player_id = ? FOR UPDATE', [owner]);

      const controller = new AbortController();
      const call = failure(k.call(owner, controller.signal));
      await waitFor(
        async () => (await transactions(lockId)).waiting === 1,
        10_000,
        'the write to wait for the row lock in db-proxy',
      );
      controller.abort();
      t.equal((await call).code, 'CANCELLED', 'the caller sees CANCELLED');
      // Under innodb_lock_wait_timeout (10 s): a wait nobody stopped cannot end by itself first.
      await waitFor(
        async () => (await transactions(lockId)).all === 0,
        8_000,
        "db-proxy's transaction to end while the lock is still held",
      );
      await lock.query('ROLLBACK');
      const stored = await mariadb(
        db,
        `SELECT gold, version, (SELECT COUNT(*) FROM item WHERE player_id = ${owner}) FROM player WHERE player_id = ${owner}`,
      );
      t.equal(stored.trim(), '3\t1\t0', 'nothing was written');
      const r = await c.FetchV2({ table: 'player', ownerId: owner });
      t.equal(Number(r.record!.fields!.gold!.int), 3, 'FetchV2 serves the stored row');
    });
  }
});
