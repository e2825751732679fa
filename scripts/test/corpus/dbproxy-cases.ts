// db-proxy's corpus (slg.dbproxy.v1.DbProxy), generated: every string position x every nasty
// string, wrong value kinds, wrong wire types, malformed bytes, limits, oversize requests and
// 1 ms deadlines, for each of the ten methods. Every row it names is absent (the owner ids
// below have no rows), so no case can write, whatever the server did with it.
import {
  ALREADY,
  badUtf8,
  caseList,
  deadline,
  EXHAUSTED,
  type Expect,
  FAILED,
  type GrpcCase,
  INVALID,
  inv,
  label,
  NOT_FOUND,
  nasty,
  withField,
} from './cases.ts';
import { encode, entry, type Field, i, m, malformed, s, V, wrongWireTypes } from './wire.ts';

const svc = '/slg.dbproxy.v1.DbProxy/';
/** Owners with no rows. */
const OWNER = 4_242_424_242n;
const MEMBER = 77n;

/** The base request of each method: valid in shape, about an absent row. */
const base = {
  Get: (): Field[] => [s(1, 'player'), m(2, V.int(OWNER))],
  List: (): Field[] => [s(1, 'building'), m(2, V.int(OWNER))],
  Count: (): Field[] => [s(1, 'building'), m(2, V.int(OWNER))],
  Insert: (): Field[] => [
    s(1, 'player'),
    entry(2, 'player_id', V.int(OWNER)),
    entry(2, 'name', V.str('corpus')),
  ],
  Update: (): Field[] => [s(1, 'player'), m(2, V.int(OWNER)), entry(3, 'gold', V.int(5))],
  Increment: (): Field[] => [s(1, 'player'), m(2, V.int(OWNER)), s(3, 'gold'), i(4, 5)],
  Delete: (): Field[] => [s(1, 'building'), m(2, V.int(OWNER)), m(2, V.int(MEMBER))],
  DeleteMany: (): Field[] => [s(1, 'building'), m(2, V.int(OWNER)), m(3, [m(1, V.int(MEMBER))])],
  Batch: (): Field[] => [m(1, [m(2, base.Update())])],
  Batches: (): Field[] => [m(1, base.Batch())],
  Query: (): Field[] => [s(1, 'army_size'), m(2, V.int(OWNER))],
};
type Method = keyof typeof base;
const methods = Object.keys(base) as Method[];

/** What an absent row answers, per method (the write RPCs). */
const absent: Partial<Record<Method, Expect>> = {
  Update: { codes: [NOT_FOUND], message: 'not found' },
  Increment: { codes: [NOT_FOUND], message: 'not found' },
  Delete: { codes: [NOT_FOUND], message: 'not found' },
  Batch: { codes: [NOT_FOUND], message: 'not found' },
};

/**
 * Where the wire-type cases put a wrong type: a field with a wire type other than its own is an
 * unknown field to a protobuf decoder (skipped), so the answer is that of the request without
 * it; wire types 6 and 7 do not exist, and the request does not decode.
 */
const topFields: Record<Method, [number, 0 | 2, string, Expect][]> = {
  Get: [
    [1, 2, 'table', inv('table: required')],
    [2, 2, 'key', inv('got 0 values')],
  ],
  List: [
    [1, 2, 'table', inv('table: required')],
    [2, 2, 'shard_key', inv('shard_key: required')],
  ],
  Count: [
    [1, 2, 'table', inv('table: required')],
    [2, 2, 'shard_key', inv('shard_key: required')],
  ],
  Insert: [
    [1, 2, 'table', inv('table: required')],
    [2, 2, 'fields', inv('needs every key column')],
  ],
  Update: [
    [1, 2, 'table', inv('table: required')],
    [2, 2, 'key', inv('got 0 values')],
    [3, 2, 'fields', inv('nothing to update')],
    [4, 0, 'expected_version', { codes: [NOT_FOUND], message: 'not found' }],
  ],
  Increment: [
    [1, 2, 'table', inv('table: required')],
    [3, 2, 'field', inv('field: required')],
    [4, 0, 'delta', { codes: [NOT_FOUND], message: 'not found' }],
  ],
  Delete: [
    [1, 2, 'table', inv('table: required')],
    [2, 2, 'key', inv('got 0 values')],
  ],
  DeleteMany: [
    [1, 2, 'table', inv('table: required')],
    [3, 2, 'members', inv('members: give the rows')],
  ],
  Batch: [[1, 2, 'ops', inv('at least one op')]],
  Batches: [[1, 2, 'batches', inv('at least one batch')]],
  Query: [
    [1, 2, 'name', inv('name: required')],
    [3, 2, 'params', inv('needs limit')],
  ],
};

export function dbProxyCases(): GrpcCase[] {
  const { cases, add } = caseList<Method>('db-proxy', svc);

  // 1. Every nasty string in every string position.
  for (const { name: what, value } of nasty) {
    const tag = `${what} ${label(value)}`;
    const addN: typeof add = (method, name, fields, expect) =>
      add(method, name, fields, Buffer.isBuffer(value) ? badUtf8 : expect);
    for (const method of methods) {
      if (method === 'Batch' || method === 'Batches' || method === 'Query') continue;
      addN(method, `table = ${tag}`, withField(base[method](), 1, [s(1, value)]), inv('table'));
    }
    for (const [kind, n, op] of [
      ['insert', 1, base.Insert()],
      ['update', 2, base.Update()],
      ['increment', 3, base.Increment()],
      ['delete', 4, base.Delete()],
      ['delete_many', 5, base.DeleteMany()],
    ] as const) {
      addN(
        'Batch',
        `ops[0].${kind}.table = ${tag}`,
        [m(1, [m(n, withField(op, 1, [s(1, value)]))])],
        inv(`ops[0].${kind}.table`),
      );
    }
    addN(
      'Insert',
      `fields key = ${tag}`,
      [...base.Insert(), entry(2, value, V.int(1))],
      inv('has no column'),
    );
    addN(
      'Update',
      `fields key = ${tag}`,
      withField(base.Update(), 3, [entry(3, value, V.int(1))]),
      inv('has no column'),
    );
    addN(
      'Batch',
      `ops[0].update.fields key = ${tag}`,
      [m(1, [m(2, withField(base.Update(), 3, [entry(3, value, V.int(1))]))])],
      inv('ops[0].update.fields'),
    );
    addN(
      'Increment',
      `field = ${tag}`,
      withField(base.Increment(), 3, [s(3, value)]),
      inv('field'),
    );
    addN('List', `page_token = ${tag}`, [...base.List(), s(4, value)], inv('page_token'));
    addN('Query', `name = ${tag}`, withField(base.Query(), 1, [s(1, value)]), inv('name'));
    addN(
      'Query',
      `params key = ${tag}`,
      [...base.Query(), entry(3, value, V.int(1))],
      inv('params'),
    );
    addN(
      'Query',
      `params.limit = ${tag}`,
      [s(1, 'top_power'), m(2, V.int(OWNER)), entry(3, 'limit', V.str(value))],
      inv('params.limit'),
    );
    // As a value: in an int64 key or shard key (the wrong kind), and in a string column of an
    // absent row (reaches the store as a parameter: NOT_FOUND, or refused when too long).
    for (const method of ['Get', 'Update', 'Increment'] as const) {
      addN(
        method,
        `key[0] = Value.str ${tag}`,
        withField(base[method](), 2, [m(2, V.str(value))]),
        inv('key[0]'),
      );
    }
    for (const method of ['List', 'Count', 'DeleteMany', 'Query'] as const) {
      addN(
        method,
        `shard_key = Value.str ${tag}`,
        withField(base[method](), 2, [m(2, V.str(value))]),
        inv('shard_key'),
      );
    }
    const tooLong = typeof value === 'string' && value.length > 32;
    addN(
      'Update',
      `fields.name = ${tag} (absent row)`,
      withField(base.Update(), 3, [entry(3, 'name', V.str(value))]),
      tooLong ? inv('fields.name') : absent.Update!,
    );
    addN(
      'Update',
      `fields.body = ${tag} (absent mail)`,
      [s(1, 'mail'), m(2, V.int(OWNER)), m(2, V.int(MEMBER)), entry(3, 'body', V.str(value))],
      typeof value === 'string' && value.length > 4096 ? inv('fields.body') : absent.Update!,
    );
  }

  // 2. Values of the wrong kind, in keys and in columns of each type.
  const kinds: [string, Field[]][] = [
    ['Value.float', V.float(1.5)],
    ['Value.bool', V.bool(true)],
    ['Value.bytes', V.bytes(Buffer.from('01', 'hex'))],
    ['unset Value', V.unset()],
    ['Value.float NaN', V.float(Number.NaN)],
  ];
  for (const [kind, value] of kinds) {
    for (const method of ['Get', 'Update', 'Increment', 'Delete'] as const)
      add(
        method,
        `key[0] = ${kind}`,
        withField(base[method](), 2, [
          m(2, value),
          ...(method === 'Delete' ? [m(2, V.int(MEMBER))] : []),
        ]),
        inv('key[0]'),
      );
    for (const method of ['List', 'Count', 'DeleteMany'] as const)
      add(
        method,
        `shard_key = ${kind}`,
        withField(base[method](), 2, [m(2, value)]),
        inv('shard_key'),
      );
    add(
      'Insert',
      `fields.gold = ${kind}`,
      [...base.Insert(), entry(2, 'gold', value)],
      inv('fields.gold'),
    );
  }
  add(
    'Insert',
    'fields.name = Value.int',
    [...base.Insert(), entry(2, 'name', V.int(1))],
    inv('fields.name'),
  );
  add(
    'Insert',
    'fields.name = 33 characters (maxLength 32)',
    withField(base.Insert(), 2, [
      entry(2, 'player_id', V.int(OWNER)),
      entry(2, 'name', V.str('x'.repeat(33))),
    ]),
    inv('fields.name'),
  );
  add(
    'Insert',
    'fields.name = 16 four-byte emoji over 32',
    withField(base.Insert(), 2, [
      entry(2, 'player_id', V.int(OWNER)),
      entry(2, 'name', V.str('😀'.repeat(33))),
    ]),
    inv('fields.name'),
  );
  add(
    'Insert',
    'mail.attachment = 1,025 bytes (maxLength 1,024)',
    [
      s(1, 'mail'),
      entry(2, 'player_id', V.int(OWNER)),
      entry(2, 'mail_id', V.int(MEMBER)),
      entry(2, 'attachment', V.bytes(Buffer.alloc(1025))),
    ],
    inv('fields.attachment'),
  );
  add(
    'Insert',
    'mail.rating = Infinity',
    [
      s(1, 'mail'),
      entry(2, 'player_id', V.int(OWNER)),
      entry(2, 'mail_id', V.int(MEMBER)),
      entry(2, 'rating', V.float(Number.POSITIVE_INFINITY)),
    ],
    inv('fields.rating'),
  );
  add(
    'Insert',
    'mail.read = Value.int',
    [
      s(1, 'mail'),
      entry(2, 'player_id', V.int(OWNER)),
      entry(2, 'mail_id', V.int(MEMBER)),
      entry(2, 'read', V.int(1)),
    ],
    inv('fields.read'),
  );
  add(
    'Insert',
    'missing key column',
    [s(1, 'building'), entry(2, 'player_id', V.int(OWNER))],
    inv('missing building_id'),
  );
  add(
    'Insert',
    'fields.version',
    [...base.Insert(), entry(2, 'version', V.int(9))],
    inv('version'),
  );
  add('Insert', 'no table', [entry(2, 'player_id', V.int(OWNER))], inv('table'));
  add(
    'Insert',
    'a NULL in a non-nullable column',
    [...base.Insert(), entry(2, 'gold', V.unset())],
    inv('fields.gold'),
  );
  add(
    'Update',
    'key column in fields',
    withField(base.Update(), 3, [entry(3, 'player_id', V.int(1))]),
    inv('key column'),
  );
  add('Update', 'no fields', withField(base.Update(), 3, []), inv('nothing to update'));
  add('Get', 'key of 2 values for a 1-column key', [...base.Get(), m(2, V.int(1))], inv('key'));
  add('Get', 'no key', [s(1, 'player')], inv('key'));
  add(
    'Delete',
    'key of 1 value for a 2-column key',
    [s(1, 'building'), m(2, V.int(OWNER))],
    inv('key'),
  );
  add(
    'Increment',
    'a string column',
    withField(base.Increment(), 3, [s(3, 'name')]),
    inv('only int64'),
  );
  add(
    'Increment',
    'a key column',
    withField(base.Increment(), 3, [s(3, 'player_id')]),
    inv('key column'),
  );
  add('Increment', 'no field', withField(base.Increment(), 3, []), inv('field'));
  add('Increment', 'floor above ceiling', [...base.Increment(), i(5, 10), i(6, -10)], inv('floor'));
  add('DeleteMany', 'no members and not all', withField(base.DeleteMany(), 3, []), inv('members'));
  add(
    'DeleteMany',
    'members of 2 values for a 1-value rest',
    withField(base.DeleteMany(), 3, [m(3, [m(1, V.int(1)), m(1, V.int(2))])]),
    inv('members[0]'),
  );
  add(
    'DeleteMany',
    'no shard_key',
    [s(1, 'building'), m(3, [m(1, V.int(MEMBER))])],
    inv('shard_key'),
  );
  add('Batches', 'no batches', [], inv('batches: at least one batch'));
  add(
    'Batches',
    '101 batches (limit 100)',
    Array.from({ length: 101 }, () => m(1, base.Batch())),
    inv('101 batches, the limit is 100'),
  );
  add('Batch', 'no ops', [], inv('ops'));
  add('Batch', 'an empty op', [m(1, [])], inv('ops[0]'));
  add(
    'Batch',
    'two shard keys',
    [
      m(1, [m(2, base.Update())]),
      m(1, [m(2, withField(base.Update(), 2, [m(2, V.int(OWNER + 1n))]))]),
    ],
    inv('shard key'),
  );
  add('Query', 'no shard_key', [s(1, 'army_size')], inv('shard_key'));
  add('Query', 'a missing parameter', [s(1, 'top_power'), m(2, V.int(OWNER))], inv('limit'));
  add('Query', 'no name', [m(2, V.int(OWNER))], inv('name'));

  // A batch whose first ops write (a new row, a new member) and whose last one fails in the
  // store (its row is absent): the transaction is rolled back, nothing of it stays. Each case
  // has an owner of its own: the cases run 8 at a time, and two transactions inserting one key
  // wait on each other's duplicate-key lock, which InnoDB may end as a deadlock.
  const rollback = (k: number) => {
    const owner = V.int(OWNER + 100n + BigInt(k));
    return {
      insertNew: m(1, [
        m(1, [s(1, 'player'), entry(2, 'player_id', owner), entry(2, 'name', V.str('corpus'))]),
      ]),
      insertMember: m(1, [
        m(1, [
          s(1, 'building'),
          entry(2, 'player_id', owner),
          entry(2, 'building_id', V.int(MEMBER)),
          entry(2, 'kind', V.str("' OR 1=1 --")),
        ]),
      ]),
      increment: (ceiling: Field[] = []) =>
        m(1, [m(3, [s(1, 'player'), m(2, owner), s(3, 'gold'), i(4, 5), ...ceiling])]),
      updateMail: m(1, [
        m(2, [s(1, 'mail'), m(2, owner), m(2, V.int(MEMBER)), entry(3, 'read', V.bool(true))]),
      ]),
      deleteItem: m(1, [m(4, [s(1, 'item'), m(2, owner), m(2, V.int(MEMBER))])]),
    };
  };
  const [a, b, c, d, e] = [rollback(0), rollback(1), rollback(2), rollback(3), rollback(4)];
  add('Batch', 'insert, then update of an absent row (rolled back)', [a.insertNew, a.updateMail], {
    codes: [NOT_FOUND],
    message: /ops\[1\].*not found/s,
  });
  add(
    'Batch',
    'two inserts, then delete of an absent row (rolled back)',
    [b.insertNew, b.insertMember, b.deleteItem],
    { codes: [NOT_FOUND], message: /ops\[2\].*not found/s },
  );
  add(
    'Batch',
    'insert, then increment of it past its ceiling (rolled back)',
    [c.insertNew, c.increment([i(6, 1)])],
    { codes: [FAILED], message: /ops\[1\].*ceiling/s },
  );
  add('Batch', 'insert, then the same insert again (rolled back)', [d.insertNew, d.insertNew], {
    codes: [ALREADY, FAILED, INVALID],
    message: /ops\[1\]/,
  });
  add(
    'Batch',
    'an increment of the absent row first (nothing to roll back)',
    [e.increment(), e.insertNew],
    { codes: [NOT_FOUND], message: /ops\[0\].*not found/s },
  );

  // 3. Negative and huge limits, ids and versions.
  add('List', 'page_size 1,001 (max 1,000)', [...base.List(), i(3, 1001)], inv('page_size'));
  add('List', 'page_size 2^32-1', [...base.List(), i(3, 0xffffffff)], inv('page_size'));
  add('List', 'page_size -1 (as a varint)', [...base.List(), i(3, -1n)], inv('page_size'));
  add(
    'List',
    'page_token of another table',
    [
      ...base.List(),
      s(4, Buffer.from(JSON.stringify(['player', `${OWNER}`, []])).toString('base64url')),
    ],
    inv('page_token'),
  );
  add(
    'List',
    'page_token with a huge id',
    [
      ...base.List(),
      s(
        4,
        Buffer.from(JSON.stringify(['building', `${OWNER}`, [`i${'9'.repeat(40)}`]])).toString(
          'base64url',
        ),
      ),
    ],
    inv('page_token'),
  );
  add(
    'Query',
    'top_power limit -1',
    [s(1, 'top_power'), m(2, V.int(OWNER)), entry(3, 'limit', V.int(-1))],
    inv('negative'),
  );
  add(
    'Query',
    'top_power limit -2^63',
    [s(1, 'top_power'), m(2, V.int(OWNER)), entry(3, 'limit', V.int(-(2n ** 63n)))],
    inv('negative'),
  );
  add(
    'Query',
    'items_expiring limit -5',
    [
      s(1, 'items_expiring'),
      m(2, V.int(OWNER)),
      entry(3, 'before', V.int(1)),
      entry(3, 'limit', V.int(-5)),
    ],
    inv('negative'),
  );
  add(
    'Query',
    'buildings_of_kind kind of 33 characters',
    [s(1, 'buildings_of_kind'), m(2, V.int(OWNER)), entry(3, 'kind', V.str('k'.repeat(33)))],
    inv('params.kind'),
  );
  add(
    'DeleteMany',
    '1,001 members (max 1,000)',
    withField(
      base.DeleteMany(),
      3,
      Array.from({ length: 1001 }, (_, k) => m(3, [m(1, V.int(k + 1))])),
    ),
    inv('members'),
  );
  add(
    'Batch',
    '101 ops (max 100)',
    Array.from({ length: 101 }, () => m(1, [m(2, base.Update())])),
    inv('ops'),
  );
  for (const [what, v] of [
    ['-1', -1n],
    ['-2^63', -(2n ** 63n)],
    ['2^63-1', 2n ** 63n - 1n],
    ['0', 0n],
  ] as const) {
    add(
      'Update',
      `key ${what} (absent)`,
      withField(base.Update(), 2, [m(2, V.int(v))]),
      absent.Update!,
    );
    add(
      'Update',
      `expected_version ${what} (absent row)`,
      [...base.Update(), i(4, v)],
      absent.Update!,
    );
    add(
      'Increment',
      `delta ${what} (absent row)`,
      withField(base.Increment(), 4, [i(4, v)]),
      absent.Increment!,
    );
    add(
      'Delete',
      `expected_version ${what} (absent row)`,
      [...base.Delete(), i(3, v)],
      absent.Delete!,
    );
  }

  // 4. Wrong wire types for the fields of each method.
  for (const method of methods) {
    const b =
      method === 'Query'
        ? [s(1, 'top_power'), m(2, V.int(OWNER)), entry(3, 'limit', V.int(1))]
        : base[method]();
    for (const [n, wire, field, skipped] of topFields[method]) {
      for (const w of wrongWireTypes(n, wire)) {
        const bytes = Buffer.concat([encode(b.filter((f) => f.n !== n)), w.raw]);
        add(
          method,
          `${field} as ${w.name}`,
          bytes,
          w.name.startsWith('wire type') ? inv(/malformed.*wire type/is) : skipped,
        );
      }
    }
  }

  // 5. Bytes that are not a request.
  for (const method of methods) {
    const empty =
      method === 'Batch'
        ? inv('at least one op')
        : method === 'Batches'
          ? inv('at least one batch')
          : method === 'Query'
            ? inv('name: required')
            : inv('table: required');
    for (const c of malformed(encode(base[method]())))
      add(method, c.name, c.bytes, c.empty ? empty : inv('malformed request'));
  }

  // 6. Oversize: over DBPROXY_MAX_REQUEST_BYTES (1 MiB, refused by db-proxy with the size) and
  // over the 4 MiB grpc-js receive limit (refused by grpc-js before decoding).
  for (const method of methods) {
    const pad = (n: number) =>
      Buffer.concat([encode(base[method]()), encode([s(15, Buffer.alloc(n, 0x61))])]);
    add(method, '1.5 MiB request (limit 1 MiB)', pad(1.5 * 1024 * 1024), inv('limit is'));
    add(method, '5 MiB request (over the receive limit)', pad(5 * 1024 * 1024), {
      codes: [EXHAUSTED],
      message: 'larger than max',
    });
  }

  // 7. 1 ms deadlines on requests that reach MariaDB (reads, and writes of absent rows).
  for (const method of ['Get', 'List', 'Count', 'Query'] as const) {
    add(method, '1 ms deadline', base[method](), deadline('ok'), 1);
  }
  for (const method of ['Update', 'Increment', 'Delete', 'Batch'] as const) {
    add(method, '1 ms deadline (absent row)', base[method](), deadline(absent[method]!), 1);
  }
  return cases;
}
