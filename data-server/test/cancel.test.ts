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

  /**
   * db-proxy's sessions on this database other than `except`'s: how many run a statement
   * (`waiting`: while `except` holds the row lock, a statement on that row waits for it) and
   * how many run one or hold a transaction (`all`).
   */
  const transactions = async (except: number) => {
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
