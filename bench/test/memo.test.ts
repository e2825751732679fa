// The answer memo of the data workload's reads: an answer byte-identical to one verified for the
// same expected state is a match without decoding; once the model changes, the same bytes are
// checked in full and reported; another encoding of the same record (map entries in another
// order) is accepted; a corrupted answer is a mismatch, with the message of the full check.
import { Long, slg } from '@slg/proto';
import t from 'tap';
import { AnswerMemo, UndecodableAnswer } from '../src/data/memo.ts';
import {
  getRecord,
  type PlayerState,
  type RecordState,
  recordToWire,
  setRecord,
} from '../src/data/model.ts';
import { type OpName, type Planned, Planner } from '../src/data/operations.ts';
import { generatePlayer } from '../src/data/population.ts';
import { loadGameSchema, type TableInfo } from '../src/data/schema.ts';
import { Rng } from '../src/lib/rng.ts';

const pb = slg.dataserver.v2;
const schema = loadGameSchema();
const player = schema.playerTable;
const mail = schema.byName.get('mail')!;

function setup(enabled = true) {
  const memo = new AnswerMemo(enabled);
  const planner = new Planner(schema, memo);
  const p = generatePlayer(schema, 7, 0, 1_000_000n, 3);
  return { memo, planner, p, rng: new Rng(7, 'memo-test') };
}

/** Plans `op` until it targets `table` (and `member`, for FetchV2). */
function planFor(
  planner: Planner,
  rng: Rng,
  p: PlayerState,
  op: OpName,
  table: TableInfo,
  member?: number,
): Planned {
  for (let i = 0; i < 100_000; i++) {
    const planned = planner.plan(op, rng, p);
    const r = planned.request as { table: string; memberId?: Long };
    if (r.table !== table.name) continue;
    if (member !== undefined && Number(r.memberId) !== member) continue;
    return planned;
  }
  throw new Error(`no ${op} of ${table.name}/${member} planned`);
}

/** A record as a correct server answers it, with its fields in the given order. */
function recordWire(p: PlayerState, table: TableInfo, member: number, order?: string[]) {
  const r = getRecord(p, table, member)!;
  const wire = recordToWire(table, p.idLong, member, r);
  if (order) {
    const fields = wire.fields!;
    wire.fields = Object.fromEntries(order.map((k) => [k, fields[k]!]));
  }
  return wire;
}

const fetchAnswer = (rec: slg.dataserver.v2.IRecord | null) =>
  Buffer.from(pb.FetchResponse.encode({ record: rec }).finish());
const cfetchAnswer = (recs: slg.dataserver.v2.IRecord[]) =>
  Buffer.from(pb.CFetchResponse.encode({ records: recs }).finish());
const copy = (b: Buffer) => Buffer.from(b);

/** The full check's verdict on an answer, by a planner without a memo, on the decoded answer. */
function fullVerdict(planned: Planned, answer: Buffer): string | null {
  const type = planned.op === 'FetchV2' ? pb.FetchResponse : pb.CFetchResponse;
  return planned.check(type.decode(answer));
}

t.test('FetchV2: the same bytes for the same state are a match without decoding', async (t) => {
  const { memo, planner, p, rng } = setup();
  const answer = fetchAnswer(recordWire(p, player, 0));
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(answer), null);
  t.equal(memo.stats.decodes, 1, 'the first answer is decoded');
  for (let i = 0; i < 5; i++) {
    t.equal(planFor(planner, rng, p, 'FetchV2', player).check(copy(answer)), null);
  }
  t.equal(memo.stats.decodes, 1, 'the same bytes again: not decoded');
  t.equal(memo.stats.hits, 5);
});

t.test('FetchV2: after the model changes, the old bytes are checked in full', async (t) => {
  const { memo, planner, p, rng } = setup();
  const old = fetchAnswer(recordWire(p, player, 0));
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(old), null);
  // An IncrByV2 the server applied: the model has a new version (and value).
  const incr = planFor(planner, rng, p, 'IncrByV2', player);
  const cur = getRecord(p, player, 0)!;
  const delta = BigInt((incr.request.delta as Long).toString());
  const field = incr.request.field as string;
  const value = BigInt((cur.fields.get(field) as { int: Long }).int.toString()) + delta;
  t.equal(
    incr.check(
      pb.IncrByResponse.create({
        value: Long.fromString(value.toString()),
        version: Long.fromNumber(2),
      }),
    ),
    null,
  );
  t.equal(getRecord(p, player, 0)!.version, 2n);
  const decodes = memo.stats.decodes;
  const fetch = planFor(planner, rng, p, 'FetchV2', player);
  const problem = fetch.check(copy(old));
  t.equal(memo.stats.decodes, decodes + 1, 'decoded: the expected state is another one');
  t.match(problem, /^version 1, expected 2; /);
  t.match(problem, new RegExp(`${field}=int -?\\d+, expected int ${value}`));
  t.equal(problem, fullVerdict(fetch, old), 'the message of the full check');
  // Still a mismatch the next time (a mismatch is never remembered).
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(copy(old)), problem);
  // The new state's answer matches, and is then remembered.
  const fresh = fetchAnswer(recordWire(p, player, 0));
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(fresh), null);
  const d2 = memo.stats.decodes;
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(copy(fresh)), null);
  t.equal(memo.stats.decodes, d2);
});

t.test(
  'FetchV2: the bytes of another record with the same state object are not taken',
  async (t) => {
    // The memo keeps which record it verified, not only the expected state.
    const { memo, planner, p, rng } = setup();
    const shared: RecordState = getRecord(p, mail, 1)!;
    setRecord(p, mail, 2, shared);
    const m1 = fetchAnswer(recordWire(p, mail, 1));
    t.equal(planFor(planner, rng, p, 'FetchV2', mail, 1).check(m1), null);
    const d = memo.stats.decodes;
    const f2 = planFor(planner, rng, p, 'FetchV2', mail, 2);
    const problem = f2.check(copy(m1));
    t.equal(memo.stats.decodes, d + 1);
    t.equal(problem, 'member_id 1');
  },
);

t.test('another encoding of the same record (map order) is a match', async (t) => {
  const { memo, planner, p, rng } = setup();
  const names = [...getRecord(p, player, 0)!.fields.keys()];
  const a = fetchAnswer(recordWire(p, player, 0));
  const b = fetchAnswer(recordWire(p, player, 0, [...names].reverse()));
  t.not(a.equals(b), true, 'the bytes differ');
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(a), null);
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(b), null);
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(copy(b)), null);
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(copy(a)), null);
  t.equal(memo.stats.decodes, 3, 'each change of encoding is decoded, a repeat is not');
  t.equal(memo.stats.hits, 1);
  // CFetchV2 the same way.
  const ids = [1, 2, 3];
  const order = [...mail.columns.map((c) => c.name)].reverse();
  const ca = cfetchAnswer(ids.map((m) => recordWire(p, mail, m)));
  const cb = cfetchAnswer(ids.map((m) => recordWire(p, mail, m, order)));
  t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(ca), null);
  t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(cb), null);
  t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(copy(cb)), null);
  t.equal(memo.stats.decodes, 5);
});

t.test('a corrupted answer (one byte of a value changed) is a mismatch', async (t) => {
  const { memo, planner, p, rng } = setup();
  const seeded = getRecord(p, player, 0)!;
  setRecord(p, player, 0, {
    fields: new Map([...seeded.fields, ['name', { str: 'Alice' }]]),
    version: seeded.version,
  });
  const good = fetchAnswer(recordWire(p, player, 0));
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(good), null);
  const bad = copy(good);
  const at = bad.indexOf('Alice');
  t.ok(at > 0);
  bad[at] = 'B'.charCodeAt(0);
  t.equal(bad.length, good.length);
  const fetch = planFor(planner, rng, p, 'FetchV2', player);
  const problem = fetch.check(bad);
  t.equal(problem, 'name=str "Blice", expected str "Alice"');
  t.equal(problem, fullVerdict(fetch, bad));
  t.equal(memo.stats.decodes, 2);
  // The good bytes are still the verified ones.
  t.equal(planFor(planner, rng, p, 'FetchV2', player).check(copy(good)), null);
  t.equal(memo.stats.decodes, 2);
  // In a collection's answer too.
  const ids = [1, 2, 3];
  const cgood = cfetchAnswer(ids.map((m) => recordWire(p, mail, m)));
  t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(cgood), null);
  const cbad = copy(cgood);
  const last = cbad.length - 1; // the last byte: the last member's version (1)
  cbad[last] = cbad[last]! ^ 1;
  const cfetch = planFor(planner, rng, p, 'CFetchV2', mail);
  const cproblem = cfetch.check(cbad);
  t.match(cproblem, /^member 3: version \d+, expected 1$/);
  t.equal(cproblem, fullVerdict(cfetch, cbad));
});

t.test('CFetchV2: members verified by any read; a change of membership is caught', async (t) => {
  const { memo, planner, p, rng } = setup();
  const ids = [1, 2, 3];
  // Each member verified by a FetchV2 of it...
  for (const m of ids) {
    t.equal(
      planFor(planner, rng, p, 'FetchV2', mail, m).check(fetchAnswer(recordWire(p, mail, m))),
      null,
    );
  }
  t.equal(memo.stats.decodes, 3);
  // ...makes the collection's answer a match without decoding.
  const all = cfetchAnswer(ids.map((m) => recordWire(p, mail, m)));
  t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(all), null);
  t.equal(memo.stats.decodes, 3);
  // A member removed (a RemoveV2 answered removed=true): the old answer has one member too many.
  const remove = planFor(planner, rng, p, 'RemoveV2', mail, 2);
  t.equal(remove.check(pb.RemoveResponse.create({ removed: true })), null);
  const cfetch = planFor(planner, rng, p, 'CFetchV2', mail);
  t.equal(cfetch.check(copy(all)), 'members [1,2,3], expected [1,3]');
  t.equal(memo.stats.decodes, 4);
  // The right answer: members 1 and 3 as verified before, without decoding.
  const now = cfetchAnswer([1, 3].map((m) => recordWire(p, mail, m)));
  t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(now), null);
  t.equal(memo.stats.decodes, 4);
  // An answer missing a member, or with the members out of order: mismatches.
  const one = cfetchAnswer([recordWire(p, mail, 1)]);
  t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(one), 'members [1], expected [1,3]');
  const swapped = cfetchAnswer([3, 1].map((m) => recordWire(p, mail, m)));
  t.equal(
    planFor(planner, rng, p, 'CFetchV2', mail).check(swapped),
    'members [3,1], expected [1,3]',
  );
  // The member's FetchV2 also takes the bytes the CFetchV2 verified.
  const d = memo.stats.decodes;
  t.equal(
    planFor(planner, rng, p, 'FetchV2', mail, 3).check(fetchAnswer(recordWire(p, mail, 3))),
    null,
  );
  t.equal(memo.stats.decodes, d);
});

t.test('no record: an empty answer matches, any record is a mismatch', async (t) => {
  const { memo, planner, p, rng } = setup();
  setRecord(p, mail, 2, undefined);
  const f = planFor(planner, rng, p, 'FetchV2', mail, 2);
  t.equal(f.check(Buffer.alloc(0)), null);
  t.equal(memo.stats.decodes, 0);
  p.collections.get('mail')!.members.set(2, getRecord(p, mail, 1)!);
  const stale = fetchAnswer(recordWire(p, mail, 2));
  p.collections.get('mail')!.members.delete(2);
  t.equal(f.check(stale), 'expected no record, found version 1');
  t.equal(memo.stats.decodes, 1);
});

t.test('bytes that do not decode are an error, as grpc-js reported them', async (t) => {
  const { planner, p, rng } = setup();
  const f = planFor(planner, rng, p, 'FetchV2', player);
  let thrown: unknown;
  try {
    f.check(Buffer.from([0x0a, 0x05, 0x0a])); // a Record of 5 bytes, cut after 1
  } catch (err) {
    thrown = err;
  }
  t.ok(thrown instanceof UndecodableAnswer, 'an UndecodableAnswer');
  const e = (thrown as UndecodableAnswer).error;
  t.equal(e.grpcCode, 13);
  t.equal(e.code, 'INTERNAL');
  t.equal(e.message, 'Response message parsing error: index out of range');
});

t.test('BENCH_NO_MEMO: every answer decoded', async (t) => {
  const { memo, planner, p, rng } = setup(false);
  const answer = fetchAnswer(recordWire(p, player, 0));
  for (let i = 0; i < 3; i++) {
    t.equal(planFor(planner, rng, p, 'FetchV2', player).check(copy(answer)), null);
  }
  t.equal(memo.stats.decodes, 3);
  t.equal(memo.stats.hits, 0);
});

t.test(
  'priming: the seeded records, encoded by the client and checked, match at once',
  async (t) => {
    const { memo, planner, p, rng } = setup();
    t.equal(memo.prime(schema, [p]), 1 + schema.collections.length * 3);
    t.equal(
      planFor(planner, rng, p, 'FetchV2', player).check(fetchAnswer(recordWire(p, player, 0))),
      null,
    );
    const ids = [1, 2, 3];
    const all = cfetchAnswer(ids.map((m) => recordWire(p, mail, m)));
    t.equal(planFor(planner, rng, p, 'CFetchV2', mail).check(all), null);
    t.equal(memo.stats.decodes, 0, 'nothing decoded');
    // Another encoding is decoded; a wrong answer is still a mismatch.
    const names = [...getRecord(p, player, 0)!.fields.keys()].reverse();
    t.equal(
      planFor(planner, rng, p, 'FetchV2', player).check(
        fetchAnswer(recordWire(p, player, 0, names)),
      ),
      null,
    );
    t.equal(memo.stats.decodes, 1);
    const wrong = recordWire(p, player, 0);
    wrong.version = Long.fromNumber(7);
    t.equal(
      planFor(planner, rng, p, 'FetchV2', player).check(fetchAnswer(wrong)),
      'version 7, expected 1',
    );
    // Off: nothing primed.
    const off = setup(false);
    t.equal(off.memo.prime(schema, [off.p]), 0);
  },
);
