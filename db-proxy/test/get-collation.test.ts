// A coalesced Get answers what a single Get answers, whatever the server's comparison rules: with
// a string key column, MariaDB's PAD SPACE collation makes key 'a ' find row 'a'. The batcher
// used to match rows back to Gets by String(value), so coalesced, 'a ' found no row.
import t from 'tap';
import { failure, int, kinds, startProxy, str } from './helpers.ts';

const schema = {
  tables: {
    tag: {
      primaryKey: ['owner_id', 'name'],
      columns: {
        owner_id: { type: 'int64' },
        name: { type: 'string', maxLength: 32 },
        n: { type: 'int64', default: 0 },
      },
    },
  },
};

type Outcome = string;

const noMysql = kinds().includes('mysql')
  ? false
  : 'MariaDB is not among the test backends (DBPROXY_TEST_BACKENDS); the batcher runs only on MySQL';

t.test('MariaDB: coalesced and single Gets of string keys agree', { skip: noMysql }, async (t) => {
  const h = await startProxy(t, 'mysql', 'getpad', { schema, readBatch: 32, readLanes: 1 });
  const c = h.client;
  const owner = 77n;
  for (const [name, n] of [
    ['a', 1],
    ['B', 2],
    ['x y', 3],
  ] as const) {
    await c.Insert({ table: 'tag', fields: { owner_id: int(owner), name: str(name), n: int(n) } });
  }
  const keys = ['a', 'a ', 'a   ', 'A', 'B', 'B ', 'b', 'x y', 'x y ', 'x  y', 'zz', ''];
  const get = (name: string): Promise<Outcome> =>
    c.Get({ table: 'tag', key: [int(owner), str(name)] }).then(
      (r) => (r.row ? `row ${r.row.fields?.name?.str} n=${r.row.fields?.n?.int}` : 'no row'),
      async (e: unknown) => (await failure(Promise.reject(e))).code,
    );
  // One at a time: each Get is alone in its lookup (the single statement).
  const single: Outcome[] = [];
  for (const k of keys) single.push(await get(k));
  t.equal(single[1], 'row a n=1', "single: 'a ' finds row 'a' (PAD SPACE)");
  t.equal(single[3], 'no row', "single: 'A' does not (utf8mb4_bin is case-sensitive)");
  t.equal(single[10], 'no row');
  // What the server itself finds for each key: the reference both must give.
  const server: Outcome[] = [];
  for (const k of keys) {
    const rows = await h.stored(
      'SELECT name, n FROM tag WHERE owner_id = ? AND name = ?',
      [String(owner), k],
      owner,
    );
    server.push(rows[0] ? `row ${rows[0][0]} n=${rows[0][1]}` : 'no row');
  }
  t.same(single, server, 'alone, each Get answers what the server finds');
  const before = await batches(h.app.registry);
  // All in one event-loop turn: one coalesced lookup.
  const coalesced = await Promise.all(keys.map(get));
  const after = await batches(h.app.registry);
  t.equal(after.count - before.count, 1, 'one lookup served them all');
  t.equal(after.sum - before.sum, keys.length, `${keys.length} Gets in it`);
  t.same(
    Object.fromEntries(keys.map((k, i) => [JSON.stringify(k), coalesced[i]])),
    Object.fromEntries(keys.map((k, i) => [JSON.stringify(k), single[i]])),
    'every key: the same answer coalesced as alone',
  );
});

async function batches(registry: { getSingleMetric(n: string): unknown }) {
  const m = registry.getSingleMetric('dbproxy_get_batch_size') as
    | { get(): Promise<{ values: { metricName?: string; value: number }[] }> }
    | undefined;
  const values = m ? (await m.get()).values : [];
  const total = (suffix: string) =>
    values.filter((v) => v.metricName?.endsWith(suffix)).reduce((a, v) => a + v.value, 0);
  return { sum: total('_sum'), count: total('_count') };
}
