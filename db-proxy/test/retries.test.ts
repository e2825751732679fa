// Retries only where they are safe: a read whose connection dies under it is
// run again and succeeds; a write whose connection dies under it is not (its
// outcome is unknown to db-proxy) and the caller gets UNAVAILABLE.
import mysql from 'mysql2/promise';
import t from 'tap';
import { failure, fieldsOf, int, kinds, MYSQL, startProxy } from './helpers.ts';

const queries = {
  queries: {
    slow_read: {
      params: { s: 'double' },
      sql: { mysql: 'SELECT SLEEP(:s) AS slept, :shard_key AS k' },
    },
    slow_write: {
      mode: 'write',
      params: { s: 'double' },
      sql: {
        mysql:
          'UPDATE `player` SET `gold` = `gold` + 1 WHERE `player_id` = :shard_key AND SLEEP(:s) = 0',
      },
    },
  },
};

/** A counter's value, or a histogram's count (name_count), for the labels given. */
async function counter(
  registry: { getSingleMetric(n: string): unknown },
  name: string,
  labels: Record<string, string>,
) {
  const count = name.endsWith('_count');
  const m = registry.getSingleMetric(count ? name.slice(0, -'_count'.length) : name) as {
    get(): Promise<{
      values: { labels: Record<string, unknown>; value: number; metricName?: string }[];
    }>;
  };
  const { values } = await m.get();
  return values
    .filter((v) => !count || v.metricName === name)
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((a, v) => a + v.value, 0);
}

/** Kills (KILL CONNECTION) the server thread running a statement of `db` that contains `text`. */
async function killRunning(db: string, text: string): Promise<number> {
  const c = await mysql.createConnection(MYSQL);
  try {
    // Polled until the statement shows (a bound of 30 s only ends a statement that never runs).
    for (let i = 0; i < 1500; i++) {
      const [rows] = await c.query(
        "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND INFO LIKE ? AND INFO NOT LIKE '%PROCESSLIST%'",
        [db, `%${text}%`],
      );
      const id = (rows as { ID: number }[])[0]?.ID;
      if (id) {
        await c.query(`KILL CONNECTION ${Number(id)}`);
        return id;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no running statement with ${text}`);
  } finally {
    await c.end();
  }
}

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    if (kind === 'sqlite') {
      t.test(
        'retries after a lost connection',
        { skip: 'SQLite is embedded: it has no connection to lose, nothing is ever retried' },
        async () => {},
      );
      return;
    }
    const h = await startProxy(t, kind, 'retries', { queries });
    const shard = 9001n;
    const db = h.locations[h.backendOf(shard)]!;
    const backend = h.app.shards.forKey(shard).name;
    await h.client.Insert({ table: 'player', fields: { player_id: int(shard), gold: int(0) } });

    t.test('a read whose connection is killed under it is retried and succeeds', async (t) => {
      const call = h.client.Query(
        { name: 'slow_read', shardKey: int(shard), params: { s: { float: 0.6 } } },
        { deadlineMs: 10_000 },
      );
      await killRunning(db, 'SLEEP');
      const r = await call;
      t.same(
        fieldsOf(r.rows[0]),
        { slept: 0n, k: shard },
        'the answer came from the second attempt',
      );
      t.equal(
        await counter(h.app.registry, 'dbproxy_retries_total', {
          backend,
          reason: 'read_after_lost_connection',
        }),
        1,
      );
    });

    t.test('a write whose connection is killed under it is not retried', async (t) => {
      const call = h.client.Query(
        { name: 'slow_write', shardKey: int(shard), params: { s: { float: 0.6 } } },
        { deadlineMs: 10_000 },
      );
      // Its failure is awaited from before the kill: it may come while the kill is still
      // being confirmed, and an unhandled rejection would end the test.
      const failed = failure(call);
      await killRunning(db, 'SLEEP');
      const err = await failed;
      t.equal(err.code, 'UNAVAILABLE');
      t.equal(
        await counter(h.app.registry, 'dbproxy_statement_duration_seconds_count', {
          backend,
          statement: 'query slow_write',
        }),
        1,
        'sent once',
      );
      t.equal(
        await counter(h.app.registry, 'dbproxy_retries_total', { backend, reason: 'never_sent' }),
        0,
      );
      const { row } = await h.client.Get({ table: 'player', key: [int(shard)] });
      t.equal(fieldsOf(row).gold, 0n, 'the killed statement was rolled back and not run again');
      const ok = await h.client.Query({
        name: 'slow_write',
        shardKey: int(shard),
        params: { s: { float: 0 } },
      });
      t.equal(Number(ok.affectedRows), 1, 'the pool serves on');
    });
  });
}
