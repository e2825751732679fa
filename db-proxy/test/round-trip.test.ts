// On MySQL a transaction of Batch or Batches sends its statements in one round trip: one text
// query with the values inlined as literals (backends/mysql.ts `inlined`). Checked on MariaDB:
// every column type comes back exactly as written (int64 at both ends, doubles at their edges,
// strings with quotes, backslashes, `?` and `;`, bytes with zeros and quotes, booleans, NULL),
// through an insert and an update; an increment's value and version are its own when a row is
// incremented twice; a delete answers the version it removed; and a refusal met in the query
// (a version, a floor) leaves nothing, found again one statement at a time.
import { Long } from '@slg/proto';
import t from 'tap';
import { inlined, queries } from '../src/backends/mysql.ts';
import type { Statement } from '../src/backends/types.ts';
import {
  big,
  bool,
  bytes,
  dbl,
  failure,
  fieldsOf,
  int,
  kinds,
  startProxy,
  str,
} from './helpers.ts';

const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);
const L = (v: number | bigint) => Long.fromString(String(v));

t.test('inlined: each ? its literal, values never scanned again', async (t) => {
  t.equal(
    inlined('SELECT ?, ?, ?, ?, ?, ?', [1n, -2.5, "a'?\\", true, null, Buffer.from([0, 0x27])]),
    "SELECT 1, -2.5e+0, 'a\\'?\\\\', 1, NULL, X'0027'",
  );
  t.throws(() => inlined('SELECT ?', []), /more placeholders/);
  t.throws(() => inlined('SELECT ?', [1n, 2n]), /2 values for 1 placeholders/);
  t.throws(() => inlined('SELECT ?', [Number.NaN]), /no SQL literal/);
});

t.test('queries: a long list in several queries, in order, none over the bound', async (t) => {
  const put: Statement = { name: 'put', sql: 'SELECT ?', mode: 'write' };
  const get: Statement = { name: 'get', sql: 'SELECT 1', mode: 'read' };
  const list = [
    ...Array.from({ length: 5 }, (_, i) => ({ stmt: put, params: ['x'.repeat(30 + i)] })),
    { stmt: get, params: [] },
  ];
  t.same(queries(list), [
    { texts: list.map((p) => inlined(p.stmt.sql, p.params)), logged: '5 x put; 1 x get' },
  ]);
  const split = queries(list, 100);
  t.ok(split.length > 1, 'split');
  t.same(
    split.flatMap((q) => q.texts),
    list.map((p) => inlined(p.stmt.sql, p.params)),
    'every statement once, in order',
  );
  for (const q of split) {
    t.ok(q.texts.join(';\n').length <= 100, 'each within the bound');
  }
  t.equal(split[split.length - 1]?.logged.endsWith('1 x get'), true);
  const one = queries([{ stmt: put, params: ['y'.repeat(500)] }], 100);
  t.equal(one.length, 1, 'a statement longer than the bound goes alone');
});

t.test('mysql', { skip: kinds().includes('mysql') ? false : 'MariaDB not selected' }, async (t) => {
  const h = await startProxy(t, 'mysql', 'round_trip');
  const c = h.client;
  const attachment = Buffer.from([0, 255, 1, 0x27, 0x5c, 0x22, 0x3f, 0x3b, 0]);
  const subject = 'Ærwyn 🐉 \' " \\ ? ; -- /* \n\t\0';
  const key = [int(7101), int(1)];

  const created = await c.Batch({
    ops: [
      {
        insert: {
          table: 'mail',
          fields: {
            player_id: int(7101),
            mail_id: int(1),
            sender_id: int(I64_MAX),
            subject: str(subject),
            body: str('?'),
            read: bool(true),
            attachment: bytes(attachment),
            rating: dbl(0.1 + 0.2),
            sent_at: int(I64_MIN),
          },
        },
      },
      { insert: { table: 'player', fields: { player_id: int(7101), gold: int(10) } } },
    ],
  });
  t.same(
    created.results.map((r) => big(r.insert?.version)),
    [1n, 1n],
  );
  t.same(fieldsOf((await c.Get({ table: 'mail', key })).row), {
    player_id: 7101n,
    mail_id: 1n,
    sender_id: I64_MAX,
    subject,
    body: '?',
    read: true,
    attachment,
    rating: 0.1 + 0.2,
    sent_at: I64_MIN,
  });

  for (const rating of [5e-324, -1.7976931348623157e308, 1e-300, 123456789.12345679]) {
    const r = await c.Batch({
      ops: [{ update: { table: 'mail', key, fields: { rating: dbl(rating), read: bool(false) } } }],
    });
    t.ok(r.results[0]?.update?.version, `update with rating ${rating}`);
    const f = fieldsOf((await c.Get({ table: 'mail', key })).row);
    t.equal(f.rating, rating, `double ${rating} exact`);
    t.equal(f.read, false);
    t.equal(f.subject, subject, 'a column not named kept');
  }

  const twice = await c.Batch({
    ops: [
      { increment: { table: 'player', key: [int(7101)], field: 'gold', delta: L(5) } },
      { update: { table: 'mail', key, fields: { body: str("it's") } } },
      { increment: { table: 'player', key: [int(7101)], field: 'gold', delta: L(-3) } },
    ],
  });
  t.same(
    [0, 2].map((i) => [
      big(twice.results[i]?.increment?.value),
      big(twice.results[i]?.increment?.version),
    ]),
    [
      [15n, 2n],
      [12n, 3n],
    ],
    'each increment its own value and version',
  );

  const refused = await failure(
    c.Batch({
      ops: [
        { increment: { table: 'player', key: [int(7101)], field: 'gold', delta: L(100) } },
        {
          increment: {
            table: 'player',
            key: [int(7101)],
            field: 'gold',
            delta: L(-1000),
            floor: L(0),
          },
        },
      ],
    }),
  );
  t.equal(refused.code, 'FAILED_PRECONDITION');
  t.match(refused.message, /ops\[1\].*below the floor/);
  t.equal(
    fieldsOf((await c.Get({ table: 'player', key: [int(7101)] })).row).gold,
    12n,
    'the refused batch left nothing, not its first increment',
  );

  const version = big((await c.Get({ table: 'mail', key })).row?.version);
  const stale = await failure(
    c.Batch({ ops: [{ delete: { table: 'mail', key, expectedVersion: L(version - 1n) } }] }),
  );
  t.equal(stale.code, 'FAILED_PRECONDITION');
  t.ok((await c.Get({ table: 'mail', key })).row, 'a refused delete removes nothing');
  const gone = await c.Batch({
    ops: [{ delete: { table: 'mail', key, expectedVersion: L(version) } }],
  });
  t.equal(big(gone.results[0]?.delete?.version), version, 'the version it removed');
  t.notOk((await c.Get({ table: 'mail', key })).row);
});
