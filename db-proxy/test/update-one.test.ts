// An Update alone on MySQL is one autocommitted statement (store.ts #updateOne): no BEGIN, no
// locking read, no COMMIT, the new version from the statement's insert id. Checked on MariaDB:
// the statements db-proxy sent (its statement metrics), every column type written exactly
// (int64 at both ends, doubles, bytes with quotes and zeros, booleans, unicode), the fields not
// named untouched, the version, and the refusals (expected version, absent row) writing nothing.
// In a Batch's transaction an Update is the same one statement (no locking read). An Increment alone is two: the autocommitted
// UPDATE and a read of the new value it left in the session; its refusals (floor, ceiling,
// int64 overflow, expected version, absent row) read the row once to say why, writing nothing.
import { Long } from '@slg/proto';
import t from 'tap';
import {
  big,
  bool,
  bytes,
  dbl,
  failure,
  fieldsOf,
  int,
  kinds,
  plain,
  startProxy,
  str,
} from './helpers.ts';

const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);
const L = (v: number | bigint) => Long.fromString(String(v));

/** Statements db-proxy sent, by name, summed over its backends (dbproxy_statement_duration_seconds). */
async function statements(registry: {
  getSingleMetric(name: string): unknown;
}): Promise<Map<string, number>> {
  const m = registry.getSingleMetric('dbproxy_statement_duration_seconds') as {
    get(): Promise<{
      values: { metricName?: string; labels: Record<string, string>; value: number }[];
    }>;
  };
  const out = new Map<string, number>();
  for (const v of (await m.get()).values) {
    if (!v.metricName?.endsWith('_count')) continue;
    const name = String(v.labels.statement);
    out.set(name, (out.get(name) ?? 0) + v.value);
  }
  return out;
}

function delta(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const d: Record<string, number> = {};
  for (const [k, v] of after) {
    const n = v - (before.get(k) ?? 0);
    // The health check's ping runs every 200 ms whatever the calls.
    if (n > 0 && k !== 'ping') d[k] = n;
  }
  return d;
}

t.test('mysql', { skip: kinds().includes('mysql') ? false : 'MariaDB not selected' }, async (t) => {
  const h = await startProxy(t, 'mysql', 'update_one');
  const c = h.client;
  const attachment = Buffer.from([0, 255, 1, 0x27, 0x5c, 0x22, 0]);

  await c.Insert({
    table: 'mail',
    fields: {
      player_id: int(7001),
      mail_id: int(1),
      sender_id: int(5),
      subject: str('before'),
      body: str('kept'),
      read: bool(false),
      rating: dbl(1.5),
      sent_at: int(99),
    },
  });

  const before = await statements(h.app.registry);
  const w = await c.Update({
    table: 'mail',
    key: [int(7001), int(1)],
    fields: {
      subject: str('Ærwyn 🐉 \' " \\'),
      read: bool(true),
      attachment: bytes(attachment),
      rating: dbl(0.1 + 0.2),
      sender_id: int(I64_MAX),
      sent_at: int(I64_MIN),
    },
  });
  t.equal(big(w.version), 2n, 'the new version, from the insert id');
  t.same(
    delta(before, await statements(h.app.registry)),
    { 'update mail': 1 },
    'one statement: no BEGIN, no locking read, no COMMIT',
  );
  const row = (await c.Get({ table: 'mail', key: [int(7001), int(1)] })).row;
  t.same(fieldsOf(row), {
    player_id: 7001n,
    mail_id: 1n,
    sender_id: I64_MAX,
    subject: 'Ærwyn 🐉 \' " \\',
    body: 'kept',
    read: true,
    attachment,
    rating: 0.1 + 0.2,
    sent_at: I64_MIN,
  });
  t.equal(big(row?.version), 2n);

  const v3 = await c.Update({
    table: 'mail',
    key: [int(7001), int(1)],
    fields: { rating: dbl(-0), read: bool(false) },
    expectedVersion: 2,
  });
  t.equal(big(v3.version), 3n, 'with the expected version');
  const again = fieldsOf((await c.Get({ table: 'mail', key: [int(7001), int(1)] })).row);
  t.equal(Object.is(again.rating, -0) || again.rating === 0, true, 'rating -0 stored as zero');
  t.equal(again.read, false);
  t.same(again.attachment, attachment, 'a field not named keeps its bytes');

  const beforeStale = await statements(h.app.registry);
  const stale = await failure(
    c.Update({
      table: 'mail',
      key: [int(7001), int(1)],
      fields: { subject: str('lost') },
      expectedVersion: 2,
    }),
  );
  t.equal(stale.code, 'FAILED_PRECONDITION');
  t.match(stale.message, /is at version 3, not the expected 2/);
  t.same(
    delta(beforeStale, await statements(h.app.registry)),
    { 'update mail': 1, 'get mail': 1 },
    'a refusal: the statement, then one read to say why',
  );
  t.equal(
    plain((await c.Get({ table: 'mail', key: [int(7001), int(1)] })).row?.fields?.subject),
    'Ærwyn 🐉 \' " \\',
    'a refused update writes nothing',
  );
  const stored = await h.stored(
    'SELECT `version` FROM `mail` WHERE `player_id` = ? AND `mail_id` = ?',
    [7001, 1],
    7001n,
  );
  t.equal(String(stored[0]?.[0]), '3', 'as stored');

  const missing = await failure(
    c.Update({ table: 'mail', key: [int(7001), int(2)], fields: { read: bool(true) } }),
  );
  t.equal(missing.code, 'NOT_FOUND');
  t.match(missing.message, /not found/);

  const beforeBatch = await statements(h.app.registry);
  const b = await c.Batch({
    ops: [{ update: { table: 'mail', key: [int(7001), int(1)], fields: { body: str('b') } } }],
  });
  t.equal(big(b.results[0]?.update?.version), 4n);
  const batch = delta(beforeBatch, await statements(h.app.registry));
  t.same(
    [
      batch.begin ?? 0,
      batch['lock mail'] ?? 0,
      batch['update mail'] ?? 0,
      batch['statements in one round trip'],
      batch.commit,
    ],
    [0, 0, 0, 1, 1],
    "a Batch's Update: START TRANSACTION and its statement in one round trip, no locking read",
  );

  t.test('Increment: one statement and a read of the value; refusals explained', async (t) => {
    await c.Insert({ table: 'player', fields: { player_id: int(7002), gold: int(10) } });
    const key = [int(7002)];
    const b0 = await statements(h.app.registry);
    const r = await c.Increment({ table: 'player', key, field: 'gold', delta: L(5) });
    t.equal(big(r.value), 15n);
    t.equal(big(r.version), 2n);
    t.same(
      delta(b0, await statements(h.app.registry)),
      { 'increment.gold player': 1, 'increment.value': 1 },
      'no BEGIN, no locking read, no COMMIT',
    );
    const top = await c.Increment({
      table: 'player',
      key,
      field: 'gold',
      delta: L(I64_MAX - 15n),
      ceiling: L(I64_MAX),
      expectedVersion: 2,
    });
    t.equal(big(top.value), I64_MAX, 'exact at the int64 maximum');
    t.equal(big(top.version), 3n);
    const cases: [string, Parameters<typeof c.Increment>[0], RegExp][] = [
      ['overflow', { table: 'player', key, field: 'gold', delta: L(1) }, /does not fit in int64/],
      [
        'floor',
        { table: 'player', key, field: 'gold', delta: L(-5), floor: L(I64_MAX) },
        /below the floor/,
      ],
      [
        'ceiling',
        { table: 'player', key, field: 'gold', delta: L(-1), ceiling: L(0) },
        /above the ceiling/,
      ],
      [
        'expected version',
        { table: 'player', key, field: 'gold', delta: L(-1), expectedVersion: 2 },
        /is at version 3, not the expected 2/,
      ],
    ];
    for (const [name, req, message] of cases) {
      const e = await failure(c.Increment(req));
      t.equal(e.code, 'FAILED_PRECONDITION', name);
      t.match(e.message, message, name);
    }
    const absent = await failure(
      c.Increment({ table: 'player', key: [int(7003)], field: 'gold', delta: L(1) }),
    );
    t.equal(absent.code, 'NOT_FOUND');
    const now = (await c.Get({ table: 'player', key })).row;
    t.equal(plain(now?.fields?.gold), I64_MAX, 'the refusals wrote nothing');
    t.equal(big(now?.version), 3n);
  });
});
