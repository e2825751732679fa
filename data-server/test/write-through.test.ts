// The cached collection edited in place (write-through.ts): a member patched, added or removed
// by splicing its bytes gives exactly the bytes of decoding the whole collection, editing it
// and encoding it again, on random collections (members negative, 0 and near ±2^63 included);
// bytes that are not a collection of records throw, which leaves the key empty.
import { Long, slg, toBigInt } from '@slg/proto';
import { createRng } from '@slg/service-kit/prng';
import t from 'tap';
import { encodeCollection } from '../src/records.ts';
import {
  collectionEntries,
  collectionWith,
  collectionWithout,
  patchedCollection,
} from '../src/write-through.ts';

type RecordProps = slg.dataserver.v2.Record.$Properties;
type FieldMap = { [name: string]: slg.common.v1.Value.$Properties };
const CFetch = slg.dataserver.v2.CFetchResponse;

const rng = createRng(20261207);
const EDGES = [0n, 1n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 53n + 1n, 127n, 128n];

function long(v: bigint): Long {
  return Long.fromString(v.toString());
}

function randomMember(): bigint {
  return rng.int(4) === 0 ? EDGES[rng.int(EDGES.length)]! : BigInt(rng.int(1_000_000)) - 500_000n;
}

function troop(member: bigint, version: number): RecordProps {
  return {
    table: 'troop',
    ownerId: long(4_000_000_000n + BigInt(rng.int(1000))),
    memberId: long(member),
    version: long(BigInt(version)),
    fields: {
      kind: { str: ['infantry', 'cavalry', 'ranged', 'siege'][rng.int(4)]! },
      count: { int: long(BigInt(rng.int(100_000))) },
      rating: { float: rng.int(1000) / 7 },
      ...(rng.int(2) ? { note: { str: 'é'.repeat(rng.int(300)) } } : {}),
    },
  };
}

/** A collection of distinct members in member order, and its records. */
function randomCollection(): RecordProps[] {
  const members = [...new Set(Array.from({ length: rng.int(7) }, randomMember))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return members.map((m) => troop(m, 1 + rng.int(5)));
}

// The reference: the whole collection decoded, edited, encoded again.
function referencePatched(old: Buffer, memberStr: string, fields: FieldMap, version: Long) {
  const records = CFetch.decode(old).records as RecordProps[];
  const i = records.findIndex((r) => toBigInt(r.memberId).toString() === memberStr);
  const current = records[i];
  if (!current || toBigInt(current.version) + 1n !== toBigInt(version)) return undefined;
  records[i] = { ...current, fields: { ...current.fields, ...fields }, version };
  return encodeCollection(records);
}

function referenceWith(old: Buffer, record: RecordProps) {
  const records = CFetch.decode(old).records as RecordProps[];
  const member = toBigInt(record.memberId);
  if (records.some((r) => toBigInt(r.memberId) === member)) return undefined;
  records.push(record);
  records.sort((a, b) => {
    const x = toBigInt(a.memberId);
    const y = toBigInt(b.memberId);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return encodeCollection(records);
}

function referenceWithout(old: Buffer, members: string[]) {
  const gone = new Set(members);
  return encodeCollection(
    (CFetch.decode(old).records as RecordProps[]).filter(
      (r) => !gone.has(toBigInt(r.memberId).toString()),
    ),
  );
}

t.test('a patched member: the bytes of a full decode, patch and encode', async (t) => {
  let patched = 0;
  let refused = 0;
  for (let n = 0; n < 500; n++) {
    const records = randomCollection();
    const old = encodeCollection(records);
    const target = records.length > 0 && rng.int(5) > 0 ? records[rng.int(records.length)]! : null;
    const memberStr = (target ? toBigInt(target.memberId) : randomMember()).toString();
    const base = target ? toBigInt(target.version) : 1n;
    // The next version (patched), or one that skips a write (left empty).
    const version = long(base + (rng.int(4) === 0 ? 2n : 1n));
    const fields: FieldMap = { count: { int: long(BigInt(rng.int(9999))) }, kind: { str: 'x' } };
    const got = patchedCollection(old, memberStr, fields, version);
    const want = referencePatched(old, memberStr, fields, version);
    if (want === undefined) refused++;
    else patched++;
    if (!t.same(got, want, `collection ${n}, member ${memberStr}`)) break;
  }
  t.ok(patched > 100 && refused > 100, `both outcomes met (${patched} patched, ${refused} not)`);
});

t.test('a member added in member order, or refused when there', async (t) => {
  for (let n = 0; n < 300; n++) {
    const records = randomCollection();
    const old = encodeCollection(records);
    const existing = records.length > 0 && rng.int(4) === 0;
    const member = existing ? toBigInt(records[rng.int(records.length)]!.memberId) : randomMember();
    const record = troop(member, 1);
    if (!t.same(collectionWith(old, record), referenceWith(old, record), `collection ${n}`)) break;
  }
});

t.test('members removed, present or not', async (t) => {
  for (let n = 0; n < 300; n++) {
    const records = randomCollection();
    const old = encodeCollection(records);
    const members = records
      .filter(() => rng.int(2) === 0)
      .map((r) => toBigInt(r.memberId).toString());
    if (rng.int(2)) members.push(randomMember().toString());
    if (!t.same(collectionWithout(old, members), referenceWithout(old, members), `${n}`)) break;
  }
  t.same(collectionWithout(null, ['1']), undefined, 'nothing cached: nothing to edit');
  t.same(collectionWithout(null, 'all'), encodeCollection([]), 'all of them: the empty collection');
});

t.test('not a collection of records: an error (the caller leaves the key empty)', async (t) => {
  const one = encodeCollection([troop(5n, 1)]);
  t.same(
    collectionEntries(one).map((e) => e.member),
    [5n],
    'a well-formed collection reads back its member',
  );
  t.throws(() => collectionEntries(one.subarray(0, one.length - 1)), /truncated/);
  t.throws(() => collectionEntries(Buffer.from([0x12, 0x00])), /records only/);
  t.throws(() => collectionEntries(Buffer.from([0x0a, 0x02, 0x1b, 0x00])), /wire type 3/);
  t.throws(
    () => collectionEntries(Buffer.from([0x0a, 0x02, 0x18, 0xff])),
    /malformed/,
    'a varint running past its record',
  );
});
