// data-server's corpus (slg.dataserver.v2.DataService), generated like db-proxy's: every string
// position x every nasty string, ids out of range, wrong value kinds and wire types, malformed
// bytes, limits, oversize requests and 1 ms deadlines, for each of the ten methods. The
// records named are absent; a valid read would fill the cache (a Redis write), so every read
// case here is refused before any read, and the 1 ms deadline reads are of records cached
// before the corpus starts (`warmUp`).
import {
  ALREADY,
  badUtf8,
  caseList,
  deadline,
  EXHAUSTED,
  type Expect,
  FAILED,
  type GrpcCase,
  inv,
  label,
  NOT_FOUND,
  nasty,
  withField,
} from './cases.ts';
import { encode, entry, type Field, i, m, malformed, s, V, wrongWireTypes } from './wire.ts';

const svc = '/slg.dataserver.v2.DataService/';
/** An owner with no records. */
export const OWNER = 4_343_434_343n;
const MEMBER = 88n;

/**
 * The owner of the k-th rolled-back batch case. Each has an owner of its own: the cases run 8 at
 * a time, and two transactions inserting one key wait on each other's duplicate-key lock, which
 * InnoDB may end as a deadlock.
 */
const rollbackOwner = (k: number) => OWNER + 100n + BigInt(k);

const notFound: Expect = { codes: [NOT_FOUND], message: 'not found' };

/** The base request of each method, about an absent record. */
const base = {
  FetchV2: (): Field[] => [s(1, 'building'), i(2, OWNER), i(3, MEMBER)],
  CFetchV2: (): Field[] => [s(1, 'building'), i(2, OWNER)],
  ModifyV2: (): Field[] => [s(1, 'player'), i(2, OWNER), entry(4, 'gold', V.int(5))],
  IncrByV2: (): Field[] => [s(1, 'player'), i(2, OWNER), s(4, 'gold'), i(5, 5)],
  CreateV2: (): Field[] => [s(1, 'player'), i(2, OWNER), entry(4, 'name', V.str('corpus'))],
  RemoveV2: (): Field[] => [s(1, 'building'), i(2, OWNER), i(3, MEMBER)],
  CRemoveV2: (): Field[] => [s(1, 'building'), i(2, OWNER), i(3, MEMBER)],
  CCountV2: (): Field[] => [s(1, 'building'), i(2, OWNER)],
  InspectV2: (): Field[] => [s(1, 'building'), i(2, OWNER), i(3, MEMBER)],
  BatchWriteV2: (): Field[] => [m(1, [m(2, base.ModifyV2())])],
  BatchWritesV2: (): Field[] => [m(1, base.BatchWriteV2())],
};
type Method = keyof typeof base;
const methods = Object.keys(base) as Method[];
/** The methods addressed by (table, owner_id[, member_id]). */
const addressed = methods.filter((x) => x !== 'BatchWriteV2' && x !== 'BatchWritesV2');

/** The valid reads the 1 ms deadline cases repeat: sent once before the corpus (cached then). */
export const warmUp: { path: string; bytes: Buffer }[] = [
  ...(['FetchV2', 'CFetchV2', 'CCountV2'] as const).map((method) => ({
    path: svc + method,
    bytes: encode(base[method]()),
  })),
  // The members the batch cases write and roll back (`rollback` below). A write's lease adds its
  // member key to the collection's member index (so that a CRemoveV2 of all can invalidate it),
  // and the entry stays after a write that failed: cache bookkeeping, by design
  // (docs/guides/testing.md, the corpus). A read adds the same entry; these make the corpus's
  // own entries already there.
  {
    path: `${svc}FetchV2`,
    bytes: encode([s(1, 'building'), i(2, rollbackOwner(0)), i(3, MEMBER)]),
  },
  { path: `${svc}FetchV2`, bytes: encode([s(1, 'mail'), i(2, rollbackOwner(1)), i(3, MEMBER)]) },
];

export function dataServerCases(): GrpcCase[] {
  const { cases, add } = caseList<Method>('data-server', svc);

  // 1. Every nasty string in every string position.
  for (const { name: what, value } of nasty) {
    const tag = `${what} ${label(value)}`;
    const addN: typeof add = (method, name, fields, expect) =>
      add(method, name, fields, Buffer.isBuffer(value) ? badUtf8 : expect);
    for (const method of addressed) {
      addN(method, `table = ${tag}`, withField(base[method](), 1, [s(1, value)]), inv('table'));
    }
    for (const [kind, n, op] of [
      ['create', 1, base.CreateV2()],
      ['modify', 2, base.ModifyV2()],
      ['incr_by', 3, base.IncrByV2()],
      ['remove', 4, base.RemoveV2()],
    ] as const) {
      addN(
        'BatchWriteV2',
        `ops[0].${kind}.table = ${tag}`,
        [m(1, [m(n, withField(op, 1, [s(1, value)]))])],
        inv(/ops\[0\].*table/is),
      );
    }
    addN(
      'ModifyV2',
      `fields key = ${tag}`,
      withField(base.ModifyV2(), 4, [entry(4, value, V.int(1))]),
      inv('no such field'),
    );
    addN(
      'CreateV2',
      `fields key = ${tag}`,
      [...base.CreateV2(), entry(4, value, V.int(1))],
      inv('no such field'),
    );
    addN(
      'BatchWriteV2',
      `ops[0].create.fields key = ${tag}`,
      [m(1, [m(1, [...base.CreateV2(), entry(4, value, V.int(1))])])],
      inv(/ops\[0\].*no such field/is),
    );
    addN('IncrByV2', `field = ${tag}`, withField(base.IncrByV2(), 4, [s(4, value)]), inv('field'));
    // As a value: in an int64 field (the wrong kind), and in a string field of an absent record
    // (through data-server and db-proxy to MariaDB as a parameter: NOT_FOUND; or too long).
    addN(
      'ModifyV2',
      `fields.gold = Value.str ${tag}`,
      withField(base.ModifyV2(), 4, [entry(4, 'gold', V.str(value))]),
      inv('fields.gold'),
    );
    addN(
      'CreateV2',
      `fields.level = Value.str ${tag}`,
      [...base.CreateV2(), entry(4, 'level', V.str(value))],
      inv('fields.level'),
    );
    const tooLong = typeof value === 'string' && value.length > 32;
    addN(
      'ModifyV2',
      `fields.name = ${tag} (absent record)`,
      withField(base.ModifyV2(), 4, [entry(4, 'name', V.str(value))]),
      tooLong ? inv('fields.name') : notFound,
    );
    addN(
      'BatchWriteV2',
      `ops[0].modify.fields.name = ${tag} (absent record)`,
      [m(1, [m(2, withField(base.ModifyV2(), 4, [entry(4, 'name', V.str(value))]))])],
      tooLong ? inv('fields.name') : notFound,
    );
  }

  // 2. Ids out of range, in every method that takes them.
  const ids: [string, bigint][] = [
    ['0', 0n],
    ['-1', -1n],
    ['-2^63', -(2n ** 63n)],
  ];
  for (const method of addressed) {
    for (const [what, v] of ids) {
      add(
        method,
        `owner_id ${what}`,
        withField(base[method](), 2, v === 0n ? [] : [i(2, v)]),
        inv('owner_id'),
      );
    }
  }
  for (const method of ['FetchV2', 'RemoveV2', 'InspectV2'] as const) {
    for (const [what, v] of ids) {
      add(
        method,
        `member_id ${what} on a collection`,
        withField(base[method](), 3, v === 0n ? [] : [i(3, v)]),
        inv('member_id'),
      );
    }
    add(
      method,
      'member_id on a single-record table',
      withField(base[method](), 1, [s(1, 'player')]),
      inv('member_id must be 0'),
    );
  }
  for (const method of ['ModifyV2', 'IncrByV2', 'CreateV2'] as const) {
    add(
      method,
      'member_id on a single-record table',
      [...base[method](), i(3, 5)],
      inv('member_id'),
    );
    add(
      method,
      'member_id 2^63-1 on a single-record table',
      [...base[method](), i(3, 2n ** 63n - 1n)],
      inv('member_id'),
    );
  }
  for (const method of ['CFetchV2', 'CCountV2', 'CRemoveV2'] as const) {
    add(
      method,
      'a single-record table',
      withField(base[method](), 1, [s(1, 'player')]),
      inv('single-record'),
    );
  }
  add(
    'CRemoveV2',
    'no member_ids and not all',
    withField(base.CRemoveV2(), 3, []),
    inv('member_ids'),
  );
  add(
    'CRemoveV2',
    '1,001 member_ids (max 1,000)',
    withField(
      base.CRemoveV2(),
      3,
      Array.from({ length: 1001 }, (_, k) => i(3, k + 1)),
    ),
    inv('member_ids'),
  );
  add(
    'CRemoveV2',
    'member_ids packed, 1,001 of them',
    withField(base.CRemoveV2(), 3, [
      s(3, Buffer.from(Array.from({ length: 1001 }, (_, k) => (k % 100) + 1))),
    ]),
    inv('member_ids'),
  );
  for (const [what, v] of ids.slice(1)) {
    add(
      'CRemoveV2',
      `member_ids [${what}]`,
      withField(base.CRemoveV2(), 3, [i(3, v)]),
      inv('member_ids'),
    );
  }
  add(
    'CRemoveV2',
    'member_ids [5, 0]',
    withField(base.CRemoveV2(), 3, [i(3, 5), i(3, 0)]),
    inv('member_ids'),
  );

  // 3. Fields and values: the wrong kind, NULL, too long, not finite, keys and version.
  const kinds: [string, Field[]][] = [
    ['Value.float', V.float(1.5)],
    ['Value.bool', V.bool(true)],
    ['Value.bytes', V.bytes(Buffer.from('01', 'hex'))],
    ['Value.str', V.str('5')],
    ['unset Value (NULL)', V.unset()],
  ];
  for (const [kind, value] of kinds) {
    add(
      'ModifyV2',
      `fields.gold = ${kind}`,
      withField(base.ModifyV2(), 4, [entry(4, 'gold', value)]),
      inv('fields.gold'),
    );
    add(
      'CreateV2',
      `fields.gold = ${kind}`,
      [...base.CreateV2(), entry(4, 'gold', value)],
      inv('fields.gold'),
    );
    add(
      'BatchWriteV2',
      `ops[0].create.fields.gold = ${kind}`,
      [m(1, [m(1, [...base.CreateV2(), entry(4, 'gold', value)])])],
      inv('fields.gold'),
    );
  }
  const mail = (fields: Field[]): Field[] => [s(1, 'mail'), i(2, OWNER), i(3, MEMBER), ...fields];
  add(
    'CreateV2',
    'mail.rating = NaN',
    mail([entry(4, 'rating', V.float(Number.NaN))]),
    inv('fields.rating'),
  );
  add(
    'CreateV2',
    'mail.rating = -Infinity',
    mail([entry(4, 'rating', V.float(Number.NEGATIVE_INFINITY))]),
    inv('fields.rating'),
  );
  add('CreateV2', 'mail.read = Value.int', mail([entry(4, 'read', V.int(1))]), inv('fields.read'));
  add(
    'CreateV2',
    'mail.attachment = 1,025 bytes (max 1,024)',
    mail([entry(4, 'attachment', V.bytes(Buffer.alloc(1025)))]),
    inv('fields.attachment'),
  );
  add(
    'CreateV2',
    'mail.body = 4,097 characters (max 4,096)',
    mail([entry(4, 'body', V.str('b'.repeat(4097)))]),
    inv('fields.body'),
  );
  add(
    'CreateV2',
    'mail.subject = 1.5 MiB',
    mail([entry(4, 'subject', V.str('s'.repeat(1.5 * 1024 * 1024)))]),
    inv('fields.subject'),
  );
  add(
    'CreateV2',
    'fields.player_id (a key column)',
    [...base.CreateV2(), entry(4, 'player_id', V.int(1))],
    inv('key columns'),
  );
  // Ops that write (a new player, a new member) before one that fails in the store: all rolled
  // back, and the cache keeps nothing of them.
  const rollback = (k: number) => {
    const owner = rollbackOwner(k);
    return {
      createNew: m(1, [m(1, [s(1, 'player'), i(2, owner), entry(4, 'name', V.str('corpus'))])]),
      createMember: m(1, [
        m(1, [
          s(1, 'mail'),
          i(2, owner),
          i(3, MEMBER),
          entry(4, 'subject', V.str("'; FLUSHALL; --")),
        ]),
      ]),
      modifyAbsent: m(1, [
        m(2, [s(1, 'building'), i(2, owner), i(3, MEMBER), entry(4, 'level', V.int(2))]),
      ]),
      incrPastCeiling: m(1, [m(3, [s(1, 'player'), i(2, owner), s(4, 'gold'), i(5, 5), i(7, 1)])]),
    };
  };
  const [a, b, c] = [rollback(0), rollback(1), rollback(2)];
  add(
    'BatchWriteV2',
    'create, then modify of an absent record (rolled back)',
    [a.createNew, a.modifyAbsent],
    { codes: [NOT_FOUND], message: /ops\[1\].*not found/s },
  );
  add(
    'BatchWriteV2',
    'two creates, then incr_by past a ceiling (rolled back)',
    [b.createNew, b.createMember, b.incrPastCeiling],
    { codes: [FAILED], message: /ops\[2\].*ceiling/s },
  );
  add(
    'BatchWriteV2',
    'create, then the same create again (rolled back)',
    [c.createNew, c.createNew],
    {
      codes: [ALREADY],
      message: /ops\[1\].*exists/s,
    },
  );
  add(
    'ModifyV2',
    'fields.version',
    withField(base.ModifyV2(), 4, [entry(4, 'version', V.int(1))]),
    inv('version'),
  );
  add('ModifyV2', 'no fields', withField(base.ModifyV2(), 4, []), inv('nothing to modify'));
  add('IncrByV2', 'a string field', withField(base.IncrByV2(), 4, [s(4, 'name')]), inv('int64'));
  add(
    'IncrByV2',
    'a key field',
    withField(base.IncrByV2(), 4, [s(4, 'player_id')]),
    inv('key column'),
  );
  add('IncrByV2', 'no field', withField(base.IncrByV2(), 4, []), inv('field is required'));
  add('IncrByV2', 'floor above ceiling', [...base.IncrByV2(), i(6, 10), i(7, -10)], inv('floor'));
  add(
    'IncrByV2',
    'floor 2^63-1 above ceiling -2^63',
    [...base.IncrByV2(), i(6, 2n ** 63n - 1n), i(7, -(2n ** 63n))],
    inv('floor'),
  );
  for (const [what, v] of [
    ['-2^63', -(2n ** 63n)],
    ['2^63-1', 2n ** 63n - 1n],
  ] as const) {
    add(
      'IncrByV2',
      `delta ${what} (absent record)`,
      withField(base.IncrByV2(), 5, [i(5, v)]),
      notFound,
    );
    add(
      'ModifyV2',
      `expected_version ${what} (absent record)`,
      [...base.ModifyV2(), i(5, v)],
      notFound,
    );
  }
  add('BatchWriteV2', 'no ops', [], inv('ops'));
  add('BatchWriteV2', 'an empty op', [m(1, [])], inv('ops[0]'));
  add(
    'BatchWriteV2',
    'two owners',
    [
      m(1, [m(2, base.ModifyV2())]),
      m(1, [m(2, withField(base.ModifyV2(), 2, [i(2, OWNER + 1n)]))]),
    ],
    inv('owner'),
  );
  add(
    'BatchWriteV2',
    'ops[1] invalid after a valid ops[0]',
    [m(1, [m(2, base.ModifyV2())]), m(1, [m(3, withField(base.IncrByV2(), 4, [s(4, 'name')]))])],
    inv('ops[1]'),
  );
  add(
    'BatchWriteV2',
    '1,001 ops',
    Array.from({ length: 1001 }, () => m(1, [m(2, base.ModifyV2())])),
    inv('ops'),
  );

  // 4. Wrong wire types: the field is skipped, and the request refused for lacking it.
  const required: Record<string, [number, 0 | 2, Expect]> = {
    table: [1, 2, inv('table is required')],
    owner_id: [2, 0, inv('owner_id is required')],
  };
  for (const method of addressed) {
    for (const [field, [n, wire, skipped]] of Object.entries(required)) {
      for (const w of wrongWireTypes(n, wire)) {
        const bytes = Buffer.concat([encode(base[method]().filter((f) => f.n !== n)), w.raw]);
        add(
          method,
          `${field} as ${w.name}`,
          bytes,
          w.name.startsWith('wire type') ? inv(/malformed.*wire type/is) : skipped,
        );
      }
    }
  }
  for (const w of wrongWireTypes(1, 2)) {
    add(
      'BatchWriteV2',
      `ops as ${w.name}`,
      w.raw,
      w.name.startsWith('wire type') ? inv(/malformed.*wire type/is) : inv('ops'),
    );
  }

  for (const w of wrongWireTypes(1, 2)) {
    add(
      'BatchWritesV2',
      `batches as ${w.name}`,
      w.raw,
      w.name.startsWith('wire type') ? inv(/malformed.*wire type/is) : inv('batches'),
    );
  }
  add('BatchWritesV2', 'no batches', [], inv('batches: at least one batch'));
  add(
    'BatchWritesV2',
    '101 batches (limit 100)',
    Array.from({ length: 101 }, () => m(1, base.BatchWriteV2())),
    inv('101 batches'),
  );

  // 5. Bytes that are not a request.
  for (const method of methods) {
    const empty =
      method === 'BatchWriteV2'
        ? inv('ops')
        : method === 'BatchWritesV2'
          ? inv('batches')
          : inv('table is required');
    for (const c of malformed(encode(base[method]())))
      add(method, c.name, c.bytes, c.empty ? empty : inv('malformed request'));
  }

  // 6. Over the 4 MiB receive limit: refused by grpc-js before decoding.
  for (const method of methods) {
    const bytes = Buffer.concat([
      encode(base[method]()),
      encode([s(15, Buffer.alloc(5 * 1024 * 1024, 0x61))]),
    ]);
    add(method, '5 MiB request (over the receive limit)', bytes, {
      codes: [EXHAUSTED],
      message: 'larger than max',
    });
  }

  // 7. 1 ms deadlines on reads of records cached before the corpus (warmUp).
  for (const w of warmUp) {
    const method = w.path.slice(w.path.lastIndexOf('/') + 1) as Method;
    add(method, '1 ms deadline', w.bytes, deadline('ok'), 1);
  }
  return cases;
}
