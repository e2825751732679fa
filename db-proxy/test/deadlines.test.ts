// Deadlines and the bounded pool: a call whose deadline passes while its
// query runs gets DEADLINE_EXCEEDED and the query is stopped on the server; a
// call whose deadline passes while it waits for a connection leaves the queue;
// a full queue answers RESOURCE_EXHAUSTED at once.

import mysql from 'mysql2/promise';
import t from 'tap';
import { failure, int, kinds, MYSQL, startProxy } from './helpers.ts';

const queries = {
  queries: {
    sleep: {
      description: 'holds a connection for :seconds (tests only)',
      params: { seconds: 'double' },
      sql: { mysql: 'SELECT SLEEP(:seconds) AS slept' },
    },
  },
};

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

async function metricValue(
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

const until = async (f: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
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
      return;
    }

    t.test(
      'a deadline passing while the query runs: DEADLINE_EXCEEDED, and the query is stopped on the server',
      async (t) => {
        const h = await startProxy(t, kind, 'dl_kill', { queries, poolSize: 4 });
        const shard = 5001n;
        const db = h.locations[h.backendOf(shard)]!;
        const started = Date.now();
        const err = await failure(
          h.client.Query(
            { name: 'sleep', shardKey: int(shard), params: { seconds: { float: 20 } } },
            { deadlineMs: 500 },
          ),
        );
        t.equal(err.code, 'DEADLINE_EXCEEDED');
        t.ok(Date.now() - started < 3000, 'the call ended near its deadline');
        const gone = await until(async () => (await sleepers(db)) === 0, 3000);
        t.ok(gone, 'no SLEEP runs on the server any more');
        t.ok(Date.now() - started < 6000, 'stopped long before the 20 s sleep would have ended');
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
      // The only connection sleeps for 1.5 s.
      const holder = h.client.Query(
        { name: 'sleep', shardKey: int(shard), params: { seconds: { float: 1.5 } } },
        { deadlineMs: 10_000 },
      );
      await new Promise((r) => setTimeout(r, 200));
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
          1000,
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
      // One caller may wait for the connection (a Get); the next is refused at once (a Count).
      const running = h.client.Get({ table: 'player', key: [int(shard)] }, { deadlineMs: 10_000 });
      await new Promise((r) => setTimeout(r, 100));
      t.equal(h.app.shards.forKey(shard).stats().waiting, 1, 'one call waits');
      const t0 = Date.now();
      const full = await failure(
        h.client.Count({ table: 'player', shardKey: int(shard) }, { deadlineMs: 10_000 }),
      );
      t.equal(full.code, 'RESOURCE_EXHAUSTED');
      t.match(full.message, /all 1 connections busy and 1 calls waiting \(the limit\)/);
      t.ok(Date.now() - t0 < 500, 'refused without waiting');
      // Gets wait to coalesce behind a running lookup of their table: that queue is bounded too.
      const coalescing = h.client.Get(
        { table: 'player', key: [int(shard)] },
        { deadlineMs: 10_000 },
      );
      await new Promise((r) => setTimeout(r, 50));
      const refused = await failure(
        h.client.Get({ table: 'player', key: [int(shard)] }, { deadlineMs: 10_000 }),
      );
      t.equal(refused.code, 'RESOURCE_EXHAUSTED');
      t.match(refused.message, /1 Gets of player waiting \(the limit\)/);
      t.ok((await running).row, 'the waiting call is served when the connection frees');
      t.ok((await coalescing).row, 'and so is the coalesced Get');
      t.equal((await holder).rows.length, 1);
    });
  });
}
