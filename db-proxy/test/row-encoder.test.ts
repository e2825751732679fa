// The direct row encoder writes exactly the bytes protobufjs writes for the
// same Row built as objects, for every column type and edge value, and for
// values as each backend returns them (mysql2: safe numbers or decimal
// strings; node:sqlite: bigints).
import { slg } from '@slg/proto';
import t from 'tap';
import { encodeListResponse, encodeRowResponse, NO_ROW, rowToWire } from '../src/row-encoder.ts';
import { loadSchema } from '../src/schema.ts';

const schema = loadSchema({
  tables: {
    every: {
      primaryKey: ['owner', 'id'],
      columns: {
        owner: { type: 'int64' },
        id: { type: 'string', maxLength: 64 },
        n: { type: 'int64', nullable: true },
        d: { type: 'double' },
        s: { type: 'string', maxLength: 4096, nullable: true },
        b: { type: 'bool' },
        bin: { type: 'bytes', maxLength: 70000 },
      },
    },
  },
});
const table = schema.tables.get('every')!;

const ints: unknown[] = [
  0,
  1,
  127,
  128,
  300,
  2 ** 31,
  2 ** 53 - 1,
  -1,
  -128,
  -(2 ** 53) + 1,
  '9223372036854775807',
  '-9223372036854775808',
  '9007199254740993',
  0n,
  -5n,
  2n ** 62n,
  -(2n ** 63n),
  null,
];
const strings: unknown[] = [
  '',
  'a',
  'é',
  '😈\'"\\',
  'x'.repeat(200),
  'y'.repeat(5000).slice(0, 4096),
  null,
];
const doubles = [0, -0, 1.5, -3.25e-7, 1e308, Number.MIN_VALUE];
const bools: unknown[] = [0, 1, true, false, 0n, 1n];
const blobs = [
  Buffer.alloc(0),
  Buffer.from([0, 255]),
  Buffer.alloc(300, 7),
  Buffer.alloc(70000, 1),
];

const generic = (raws: unknown[][], token = '') =>
  Buffer.from(
    slg.dbproxy.v1.ListResponse.encode({
      rows: raws.map((r) => rowToWire(table, r)),
      nextPageToken: token,
    }).finish(),
  );

t.test('one row: the same bytes as protobufjs, every type and edge value', async (t) => {
  let cases = 0;
  let differ = 0;
  for (
    let i = 0;
    i < Math.max(ints.length, strings.length, doubles.length, bools.length, blobs.length) * 3;
    i++
  ) {
    const raw = [
      ints[i % ints.length] ?? 0,
      `key-${i}`,
      ints[(i * 7) % ints.length],
      doubles[i % doubles.length],
      strings[i % strings.length],
      bools[i % bools.length],
      blobs[i % blobs.length],
      ints[(i * 3) % ints.length] ?? 1,
    ];
    if (raw[0] === null) raw[0] = 0;
    if (raw[7] === null) raw[7] = 1;
    const want = Buffer.from(
      slg.dbproxy.v1.RowResponse.encode({ row: rowToWire(table, raw) }).finish(),
    );
    const got = encodeRowResponse(table, raw);
    cases++;
    if (!got.equals(want)) {
      differ++;
      t.fail(
        `row ${i}: ${JSON.stringify(raw, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)).slice(0, 200)}`,
      );
    }
  }
  t.equal(differ, 0, `${cases} rows encoded identically`);
  const decoded = slg.dbproxy.v1.RowResponse.decode(
    encodeRowResponse(table, [-1, 'k', '9223372036854775807', 1.5, 'é', 1, Buffer.from([9]), 7]),
  );
  t.equal(decoded.row?.fields?.n?.int?.toString(), '9223372036854775807');
  t.equal(decoded.row?.fields?.owner?.int?.toString(), '-1');
  t.equal(decoded.row?.fields?.s?.str, 'é');
  t.equal(decoded.row?.fields?.b?.bool, true);
  t.equal(decoded.row?.version?.toString(), '7');
});

t.test('a page of rows and its token: the same bytes as protobufjs', async (t) => {
  const rows = Array.from({ length: 25 }, (_, i) => [
    i,
    `k${i}`,
    i * 1000,
    i / 3,
    i % 2 ? null : `s${i}`,
    i % 2,
    Buffer.from([i]),
    i + 1,
  ]);
  t.same(encodeListResponse(table, rows, 'WyJ0b2tlbiJd'), generic(rows, 'WyJ0b2tlbiJd'));
  t.same(encodeListResponse(table, rows, ''), generic(rows, ''));
  t.same(encodeListResponse(table, [], ''), generic([], ''));
  t.equal(encodeListResponse(table, [], '').length, 0, 'an empty page is an empty message');
});

t.test('a table wider than the scratch arrays, then a narrow one again', async (t) => {
  const columns: Record<string, { type: 'int64' | 'string'; maxLength?: number }> = {
    owner: { type: 'int64' },
  };
  for (let i = 0; i < 99; i++)
    columns[`c${i}`] = i % 2 ? { type: 'string', maxLength: 32 } : { type: 'int64' };
  const wide = loadSchema({ tables: { wide: { primaryKey: ['owner'], columns } } }).tables.get(
    'wide',
  )!;
  const raw = [7, ...Array.from({ length: 99 }, (_, i) => (i % 2 ? `v${i}` : i * 1000)), 3];
  t.same(
    encodeRowResponse(wide, raw),
    Buffer.from(slg.dbproxy.v1.RowResponse.encode({ row: rowToWire(wide, raw) }).finish()),
  );
  const narrow = [1, 'k', 5, 0.5, 's', 1, Buffer.from([1]), 2];
  t.same(
    encodeRowResponse(table, narrow),
    Buffer.from(slg.dbproxy.v1.RowResponse.encode({ row: rowToWire(table, narrow) }).finish()),
  );
});

t.test(
  'a missing row: the RowResponse protobufjs writes with row unset, decoded as no row',
  async (t) => {
    t.same(NO_ROW.bytes, Buffer.from(slg.dbproxy.v1.RowResponse.encode({}).finish()));
    t.equal(NO_ROW.bytes.length, 0);
    t.notOk(slg.dbproxy.v1.RowResponse.decode(NO_ROW.bytes).row, 'row unset');
    const present = slg.dbproxy.v1.RowResponse.decode(
      encodeRowResponse(table, [1, 'k', null, 0, null, 0, Buffer.alloc(0), 1]),
    );
    t.ok(present.row, 'a row whose every value is empty or zero is still a row');
  },
);
