// Named queries and the row cap: a negative LIMIT (-1, INT64_MIN) used to return every row, and
// the cap (DBPROXY_MAX_RESULT_ROWS) was applied after reading the whole result. Now a negative
// LIMIT or OFFSET is INVALID_ARGUMENT, and the server reads at most cap + 1 rows.
import t from 'tap';
import { compile, loadQueries, ROW_CAP_PARAM } from '../src/queries.ts';
import { failure, int, kinds, startProxy, str } from './helpers.ts';

t.test('where each placeholder stands, and which reads get the cap', async (t) => {
  const c = compile('SELECT a FROM t WHERE x = :x ORDER BY a LIMIT :n');
  t.same(c.uses, ['other', 'count']);
  t.equal(c.rowsUncapped, false, 'it has its own LIMIT');
  t.same(compile('SELECT a FROM t LIMIT :o, :n').uses, ['limit', 'count'], 'LIMIT offset, count');
  t.same(compile('SELECT a FROM t LIMIT :n OFFSET :o').uses, ['count', 'limit']);
  const sub = compile('SELECT * FROM (SELECT a FROM t LIMIT :n) s WHERE a > :n');
  t.same(sub.uses, ['limit', 'other']);
  t.equal(sub.rowsUncapped, true, 'a LIMIT inside a subquery does not bound the answer');
  t.equal(compile('select a from t order by a').rowsUncapped, true);
  t.equal(compile('SELECT a FROM t FOR UPDATE').rowsUncapped, false, 'no LIMIT after a lock');
  t.equal(compile("SELECT 'limit' AS w FROM t").rowsUncapped, true, 'a quoted word is no LIMIT');
  const q = loadQueries({
    queries: {
      page: { params: { n: 'int64', o: 'int64' }, sql: 'SELECT a FROM t LIMIT :o, :n' },
      both: { params: { n: 'int64' }, sql: 'SELECT a FROM t WHERE a < :n LIMIT :n' },
      all: { sql: 'SELECT a FROM t ORDER BY a' },
      upd: { mode: 'write', sql: 'UPDATE t SET a = 1' },
    },
  });
  t.same([...q.get('page')!.limitParams].sort(), ['n', 'o']);
  t.same([...q.get('page')!.capParams], ['n'], 'the count is capped, the offset never');
  t.same([...q.get('both')!.capParams], [], 'a parameter used elsewhere too is left as given');
  t.equal(q.get('all')!.statements.mysql!.statement.sql, 'SELECT a FROM t ORDER BY a LIMIT ?');
  t.same(q.get('all')!.statements.mysql!.order, [ROW_CAP_PARAM]);
  t.equal(q.get('upd')!.statements.mysql!.statement.sql, 'UPDATE t SET a = 1', 'writes untouched');
  t.throws(
    () =>
      loadQueries({ queries: { x: { params: { [ROW_CAP_PARAM]: 'int64' }, sql: 'SELECT 1' } } }),
    /reserved/,
  );
});

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    const h = await startProxy(t, kind, `qlim_${kind}`, { limits: { maxResultRows: 5 } });
    const c = h.client;
    const owner = 4400;
    for (let i = 1; i <= 40; i++) {
      await c.Insert({
        table: 'item',
        fields: { player_id: int(owner), item_id: int(i), expires_at: int(10) },
      });
      await c.Insert({
        table: 'building',
        fields: { player_id: int(owner), building_id: int(i), kind: str('farm'), level: int(i) },
      });
    }
    const expiring = (limit: bigint) =>
      c.Query({
        name: 'items_expiring',
        shardKey: int(owner),
        params: { before: int(20), limit: int(limit) },
      });

    for (const limit of [-1n, -(2n ** 63n)]) {
      const err = await failure(expiring(limit));
      t.equal(err.code, 'INVALID_ARGUMENT', `limit ${limit}: refused`);
      t.match(err.message, /^params\.limit: -\d+ is negative/);
    }
    t.equal((await expiring(0n)).rows.length, 0, 'limit 0: no rows');
    t.equal((await expiring(5n)).rows.length, 5, 'limit 5: the cap itself');

    // Over the cap: refused having read cap + 1 rows, not all 40.
    const big = await failure(expiring(1000n));
    t.equal(big.code, 'RESOURCE_EXHAUSTED');
    t.match(big.message, /returned 6 rows, over the limit 5/, 'LIMIT bound to cap + 1');
    const unbounded = await failure(
      c.Query({ name: 'buildings_of_kind', shardKey: int(owner), params: { kind: str('farm') } }),
    );
    t.equal(unbounded.code, 'RESOURCE_EXHAUSTED');
    t.match(unbounded.message, /returned 6 rows, over the limit 5/, 'the cap appended as LIMIT');
  });
}
