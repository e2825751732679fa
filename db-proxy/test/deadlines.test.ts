// Deadlines and the bounded pool: a call whose deadline passes while its
// query runs gets DEADLINE_EXCEEDED and the query is stopped on the server; a
// call whose deadline passes while it waits for a connection leaves the queue;
// a full queue answers RESOURCE_EXHAUSTED at once.

import type { ServiceError } from '@slg/service-kit';
import mysql from 'mysql2/promise';
import t from 'tap';
import { failure, fieldsOf, int, kinds, MYSQL, metricValue, startProxy } from './helpers.ts';

const queries = {
  queries: {
    sleep: {
      description: 'holds a connection for :seconds (tests only)',
      params: { seconds: 'double' },
      sql: { mysql: 'SELECT SLEEP(:seconds) AS slept' },
    },
    lock: {
      description: 'holds a connection until the named lock is free (tests only)',
      params: { name: 'string' },
      sql: { mysql: 'SELECT GET_LOCK(:name, 120) AS got' },
    },
  },
};

/** Server threads of this test's databases waiting for a named lock. */
async function lockWaiters(db: string): Promise<number> {
  const c = await mysql.createConnection(MYSQL);
  try {
    const [rows] = await c.query(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND INFO LIKE 'SELECT GET_LOCK%'",
      [db],
    );
    return Number((rows as { n: number }[])[0]?.n);
  } finally {
    await c.end();
  }
}

/** Server threads of this test's databases running SLEEP, seen from a separate connection. */
async function sleepers(db: string): Promise<number> {
  const c = await mysql.createConnection(MYSQL);
  try {
    const [rows] = await c.query(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND INFO LIKE 'SELECT SLEEP%'",
      [db],
    );
    return Number((rows as { n: number }[])[0]?.n);
  } finally {
    await c.end();
  }
}

/** Polls `f` until it holds; false if it still does not after `ms` (a bound far from the case tested). */
const until = async (f: () => Promise<boolean>, ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await f()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return f();
};

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    if (kind === 'sqlite') {
      // node:sqlite runs a statement to completion on the event loop and offers no interrupt,
      // so a running statement cannot be stopped and the lock is never held across a wait the
      // test could arrange. What SQLite does guarantee is checked: the MySQL-only query is refused.
      const h = await startProxy(t, kind, 'dl_sqlite', { queries });
      const err = await failure(
        h.client.Query({ name: 'sleep', shardKey: int(1), params: { seconds: { float: 1 } } }),
      );
      t.equal(err.code, 'FAILED_PRECONDITION');
      t.match(err.message, /query sleep has no SQL for sqlite/);
      t.test(
        'a deadline stopping a running statement',
        { skip: 'node:sqlite cannot interrupt a running statement' },
        async () => {},
      );
      return;
    }

    t.test(
      'a deadline passing while the query runs: DEADLINE_EXCEEDED, and the query is stopped on the server',
      async (t) => {
        const h = await startProxy(t, kind, 'dl_kill', { queries, poolSize: 4 });
        const shard = 5001n;
        const db = h.locations[h.backendOf(shard)]!;
        // A 600 s sleep: gone from the server only if db-proxy stopped it. The deadline is long
        // enough for the query to start on a busy machine, short beside the sleep.
        const err = await failure(
          h.client.Query(
            { name: 'sleep', shardKey: int(shard), params: { seconds: { float: 600 } } },
            { deadlineMs: 3000 },
          ),
        );
        t.equal(err.code, 'DEADLINE_EXCEEDED');
        const gone = await until(async () => (await sleepers(db)) === 0, 30_000);
        t.ok(gone, 'no SLEEP runs on the server any more (it would have for 600 s)');
        t.equal(
          await metricValue(h.app.registry, 'dbproxy_killed_queries_total', {
            statement: 'query sleep',
          }),
          1,
        );
        // The pool serves on: the killed connection was replaced.
        await h.client.Insert({ table: 'player', fields: { player_id: int(shard) } });
        const { row } = await h.client.Get({ table: 'player', key: [int(shard)] });
        t.ok(row, 'calls after the kill succeed');
        const ok = await h.client.Query({
          name: 'sleep',
          shardKey: int(shard),
          params: { seconds: { float: 0.05 } },
        });
        t.equal(ok.rows.length, 1, 'a query within its deadline completes');
      },
    );

    t.test('a deadline passing while waiting for a connection, and a full queue', async (t) => {
      const h = await startProxy(t, kind, 'dl_queue', { queries, poolSize: 1, queueLimit: 1 });
      const shard = 5002n;
      await h.client.Insert({ table: 'player', fields: { player_id: int(shard) } });
      const backend = h.app.shards.forKey(shard).name;
      const db = h.locations[h.backendOf(shard)]!;
      // The only connection waits for a named lock this test holds, until the test lets it go.
      const lockName = `dl_queue_${db}`;
      const locker = await mysql.createConnection(MYSQL);
      t.teardown(() => locker.end());
      await locker.query('SELECT GET_LOCK(?, 0)', [lockName]);
      const holder = h.client.Query(
        { name: 'lock', shardKey: int(shard), params: { name: { str: lockName } } },
        { deadlineMs: 60_000 },
      );
      t.ok(
        await until(async () => (await lockWaiters(db)) === 1, 30_000),
        'the only connection is held',
      );
      const getsBefore = await metricValue(
        h.app.registry,
        'dbproxy_statement_duration_seconds_count',
        {
          statement: 'get player',
        },
      );
      const waited = await failure(
        h.client.Get({ table: 'player', key: [int(shard)] }, { deadlineMs: 300 }),
      );
      t.equal(waited.code, 'DEADLINE_EXCEEDED');
      t.ok(
        await until(
          async () =>
            (await metricValue(h.app.registry, 'dbproxy_pool_rejections_total', {
              backend,
              reason: 'deadline',
            })) === 1,
          30_000,
        ),
        'it left the queue when its deadline passed',
      );
      t.equal(
        await metricValue(h.app.registry, 'dbproxy_statement_duration_seconds_count', {
          statement: 'get player',
        }),
        getsBefore,
        'and never ran',
      );
      // One caller may wait for the connection (a Get); the next is refused (a Count): with the
      // connection held until the test lets it go, a Count that waited would end in its deadline.
      const running = h.client.Get({ table: 'player', key: [int(shard)] }, { deadlineMs: 60_000 });
      t.ok(
        await until(async () => h.app.shards.forKey(shard).stats().waiting === 1, 30_000),
        'one call waits',
      );
      const full = await failure(
        h.client.Count({ table: 'player', shardKey: int(shard) }, { deadlineMs: 60_000 }),
      );
      t.equal(full.code, 'RESOURCE_EXHAUSTED');
      t.match(full.message, /all 1 connections busy and 1 calls waiting \(the limit\)/);
      // Gets wait to coalesce behind a running lookup of their table: that queue is bounded
      // too. Two more Gets: whichever arrives first waits, the other is refused.
      const more = [0, 1].map(() =>
        h.client.Get({ table: 'player', key: [int(shard)] }, { deadlineMs: 60_000 }),
      );
      // The refused one settles first: the other waits for the connection the test holds.
      const first = await Promise.race(
        more.map((p, i) =>
          p.then(
            () => ({ i, err: undefined }),
            (err: ServiceError) => ({ i, err }),
          ),
        ),
      );
      t.equal(first.err?.code, 'RESOURCE_EXHAUSTED', 'one of the two is refused');
      t.match(first.err?.message, /1 Gets of player waiting \(the limit\)/);
      await locker.query('SELECT RELEASE_LOCK(?)', [lockName]);
      t.same(fieldsOf((await holder).rows[0]), { got: 1n }, 'the held query got its lock');
      t.ok((await running).row, 'the waiting call is served when the connection frees');
      t.ok((await more[1 - first.i]!).row, 'and so is the coalesced Get');
    });
  });
}
