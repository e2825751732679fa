// Batches on MariaDB go in one round trip (every op's statement in one text query), and run
// again one statement at a time when that meets a refusal, to find whose it is. Every answer
// and every row must be what the ops one after the other give, and a batch refused anywhere
// must leave nothing: not its rows, not its increments done before the refusal.
import type { slg } from '@slg/proto';
import type { Registry } from 'prom-client';
import t from 'tap';
import { asBig, big, fieldsOf, int, kinds, startProxy } from './helpers.ts';

type Op = slg.dbproxy.v1.BatchOp.$Properties;

/** How many of each statement db-proxy sent so far (its statement histogram's counts). */
async function sent(registry: Registry): Promise<Map<string, number>> {
  const m = await registry.getSingleMetric('dbproxy_statement_duration_seconds')?.get();
  const out = new Map<string, number>();
  for (const v of m?.values ?? []) {
    if (!(v as { metricName?: string }).metricName?.endsWith('_count')) continue;
    const s = String(v.labels.statement);
    out.set(s, (out.get(s) ?? 0) + v.value);
  }
  return out;
}

const gold = (owner: number, delta: number, extra: object = {}): Op => ({
  increment: { table: 'player', key: [int(owner)], field: 'gold', delta, ...extra },
});
const building = (owner: number, id: number, level = 1): Op => ({
  insert: {
    table: 'building',
    fields: { player_id: int(owner), building_id: int(id), level: int(level) },
  },
});
const removal = (owner: number, ...ids: number[]): Op => ({
  deleteMany: {
    table: 'building',
    shardKey: int(owner),
    members: ids.map((id) => ({ values: [int(id)] })),
  },
});

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    const h = await startProxy(t, kind, `gstmt_${kind}`);
    const c = h.client;
    const owners = Array.from({ length: 10 }, (_, i) => 4001 + i);
    for (const o of owners) {
      await c.Insert({ table: 'player', fields: { player_id: int(o), gold: int(100) } });
      await c.Insert({
        table: 'building',
        fields: { player_id: int(o), building_id: int(1), level: int(1) },
      });
    }
    const player = async (o: number) => {
      const r = await c.Get({ table: 'player', key: [int(o)] });
      return { gold: asBig(fieldsOf(r.row).gold), version: big(r.row?.version) };
    };
    const buildings = async (o: number) => {
      const r = await c.List({ table: 'building', shardKey: int(o), pageSize: 100 });
      return r.rows.map((row) => [
        asBig(fieldsOf(row).building_id),
        asBig(fieldsOf(row).level),
        big(row.version),
      ]);
    };

    t.test(
      'answers and rows as one op after the other; refused batches leave nothing',
      async (t) => {
        const [a, b, cc, d, e, f, g, hh] = owners as [number, ...number[]];
        const batches: { ops: Op[] }[] = [
          // 0: an insert left for the end, an increment not the last on its row (batch 5's is).
          { ops: [building(a, 10, 3), gold(a, 5)] },
          // 1: refused before the end (floor): its insert left for the end must not be written.
          { ops: [building(b!, 10), gold(b!, -1000, { floor: 0 })] },
          // 2: an increment done without the locking read, then a duplicate found only at the
          // end: the increment must be undone.
          { ops: [gold(cc!, 7), building(cc!, 1)] },
          // 3: new rows and a duplicate in one multi-row INSERT with batch 4's row: only this
          // batch's rows are refused, batch 4's is written.
          { ops: [building(d!, 20), building(d!, 21), building(d!, 1)] },
          // 4: an update then the removal of its row (left for the end), an insert, an increment.
          {
            ops: [
              {
                update: {
                  table: 'building',
                  key: [int(e!), int(1)],
                  fields: { level: int(5) },
                  expectedVersion: 1,
                },
              },
              removal(e!, 1),
              building(e!, 30),
              gold(e!, -40, { floor: 0 }),
            ],
          },
          // 5: the same row as batch 0's increment, later: its value follows batch 0's.
          { ops: [gold(a, 1)] },
          // 6: the removal of a row not there, and of one there that this transaction did not
          // write: each op answers its own count.
          { ops: [removal(f!, 99), removal(f!, 1)] },
          // 7: refused on the version of an increment left without the locking read.
          { ops: [building(g!, 10), gold(g!, 1, { expectedVersion: 99 })] },
          // 8: a row inserted, removed and inserted again in one batch.
          { ops: [building(hh!, 50, 1), removal(hh!, 50), building(hh!, 50, 2), gold(hh!, 2)] },
        ];
        const before = await sent(h.app.registry);
        const r = await c.Batches({ batches });
        const after = await sent(h.app.registry);
        const o = r.outcomes;
        t.equal(o.length, batches.length, 'one outcome per batch');
        const code = (i: number) => o[i]?.failed?.code;
        t.equal(code(1), 9, 'floor: FAILED_PRECONDITION');
        t.equal(code(2), 6, 'duplicate found at the end: ALREADY_EXISTS');
        t.match(o[2]?.failed?.message, /ops\[1\] \(insert building\).*already exists/);
        t.equal(code(3), 6, 'duplicate in a multi-row INSERT: ALREADY_EXISTS');
        t.match(o[3]?.failed?.message, /ops\[2\] \(insert building\)/);
        t.equal(code(7), 9, 'version: FAILED_PRECONDITION');
        for (const i of [0, 4, 5, 6, 8]) t.ok(o[i]?.written, `batch ${i} written`);
        const res = (i: number) => o[i]?.written?.results ?? [];
        t.same(
          res(0).map((x) => [big(x.insert?.version), big(x.increment?.value)]),
          [
            [1n, 0n],
            [0n, 105n],
          ],
        );
        t.same(big(res(0)[1]?.increment?.version), 2n);
        t.same(
          res(5).map((x) => [big(x.increment?.value), big(x.increment?.version)]),
          [[106n, 3n]],
        );
        t.same(big(res(4)[0]?.update?.version), 2n);
        t.same(big(res(4)[1]?.deleteMany?.deleted), 1n);
        t.same(big(res(4)[2]?.insert?.version), 1n);
        t.same([big(res(4)[3]?.increment?.value), big(res(4)[3]?.increment?.version)], [60n, 2n]);
        t.same(
          res(6).map((x) => big(x.deleteMany?.deleted)),
          [0n, 1n],
        );
        t.same(
          res(8).map((x) => big(x.insert?.version ?? x.deleteMany?.deleted ?? x.increment?.value)),
          [1n, 1n, 1n, 102n],
        );

        t.same(await player(a), { gold: 106n, version: 3n });
        t.same(await buildings(a), [
          [1n, 1n, 1n],
          [10n, 3n, 1n],
        ]);
        t.same(await player(b!), { gold: 100n, version: 1n }, 'refused: gold untouched');
        t.same(await buildings(b!), [[1n, 1n, 1n]], 'refused: its insert not written');
        t.same(
          await player(cc!),
          { gold: 100n, version: 1n },
          'refused at the end: increment undone',
        );
        t.same(await buildings(cc!), [[1n, 1n, 1n]]);
        t.same(await buildings(d!), [[1n, 1n, 1n]], 'refused: none of its new rows');
        t.same(await player(e!), { gold: 60n, version: 2n });
        t.same(await buildings(e!), [[30n, 1n, 1n]], 'updated then removed; inserted');
        t.same(await buildings(f!), []);
        t.same(await player(g!), { gold: 100n, version: 1n });
        t.same(await buildings(g!), [[1n, 1n, 1n]], 'refused on a version: its insert not written');
        t.same(await player(hh!), { gold: 102n, version: 2n });
        t.same(await buildings(hh!), [
          [1n, 1n, 1n],
          [50n, 2n, 1n],
        ]);

        if (kind === 'mysql') {
          const delta = (s: string) => (after.get(s) ?? 0) - (before.get(s) ?? 0);
          t.ok(delta('statements in one round trip') >= 1, 'the group tried in one round trip');
          t.ok(delta('rollback') >= 1, 'a refusal rolled it back');
          t.ok(delta('update building') >= 1, 'then one statement at a time');
        }
      },
    );

    t.test('a group of many rows per table: every answer in its place', async (t) => {
      // 70 batches (more than one statement's rows): each inserts a row and increments gold.
      const many = Array.from({ length: 70 }, (_, i) => 5000 + i);
      for (const o of many) {
        await c.Insert({ table: 'player', fields: { player_id: int(o), gold: int(o) } });
      }
      const before = await sent(h.app.registry);
      const r = await c.Batches({
        batches: many.map((o, i) => ({ ops: [building(o, 7, i + 1), gold(o, i)] })),
      });
      if (kind === 'mysql') {
        const after = await sent(h.app.registry);
        const delta = new Map<string, number>();
        // Without the health monitor's pings, which may run beside the call on a busy machine.
        for (const [k, v] of after)
          if (k !== 'ping' && v !== (before.get(k) ?? 0)) delta.set(k, v - (before.get(k) ?? 0));
        const n = delta.get('statements in one round trip') ?? 0;
        t.ok(n >= 1 && n <= 2, 'one transaction per backend used (two here)');
        // START TRANSACTION heads the round trip's query (no statement of its own).
        t.same(
          Object.fromEntries(delta),
          { 'statements in one round trip': n, commit: n },
          'MySQL: START TRANSACTION and 140 ops in one round trip per transaction, then COMMIT',
        );
      }
      t.ok(
        r.outcomes.every((x) => x.written),
        'all written',
      );
      t.same(
        r.outcomes.map((x) => big(x.written?.results?.[1]?.increment?.value)),
        many.map((o, i) => BigInt(o + i)),
        'each increment answers its own row',
      );
      for (const o of [many[0]!, many[37]!, many[69]!]) {
        const i = many.indexOf(o);
        t.same(await buildings(o), [[7n, BigInt(i + 1), 1n]]);
        t.same(await player(o), { gold: BigInt(o + i), version: 2n });
      }
    });

    t.test('a delete at an expected version: one statement, refused alone', async (t) => {
      const [x, y, z, w] = [6001, 6002, 6003, 6004];
      for (const o of [x, y, z, w]) {
        await c.Insert({ table: 'player', fields: { player_id: int(o), gold: int(10) } });
        await c.Insert({
          table: 'building',
          fields: { player_id: int(o), building_id: int(1), level: int(1) },
        });
      }
      const at = (o: number, id: number, version: number): Op => ({
        delete: { table: 'building', key: [int(o), int(id)], expectedVersion: version },
      });
      // Only good batches first: on MySQL each delete is one statement of the round trip.
      const before = await sent(h.app.registry);
      const good = await c.Batches({ batches: [{ ops: [at(x, 1, 1), gold(x, 3)] }] });
      const after = await sent(h.app.registry);
      t.same(
        good.outcomes.map((o) => big(o.written?.results?.[0]?.delete?.version)),
        [1n],
        'the delete answers the version it removed',
      );
      t.same(await buildings(x), [], 'deleted');
      t.same(await player(x), { gold: 13n, version: 2n });
      if (kind === 'mysql') {
        const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
        t.equal(delta('lock building'), 0, 'no locking read');
        t.equal(delta('statements in one round trip'), 1);
      }
      const r = await c.Batches({
        batches: [
          { ops: [gold(y, 1), at(y, 1, 5)] },
          { ops: [at(z, 99, 1)] },
          {
            ops: [
              {
                update: {
                  table: 'building',
                  key: [int(w), int(1)],
                  fields: { level: int(4) },
                  expectedVersion: 1,
                },
              },
              at(w, 1, 2),
            ],
          },
        ],
      });
      const o = r.outcomes;
      t.equal(o[0]?.failed?.code, 9, 'another version: FAILED_PRECONDITION');
      t.match(o[0]?.failed?.message, /version/);
      t.equal(o[1]?.failed?.code, 5, 'absent: NOT_FOUND');
      t.same(big(o[2]?.written?.results?.[1]?.delete?.version), 2n, 'its own update, then it');
      t.same(await buildings(y), [[1n, 1n, 1n]], 'refused: the row is kept');
      t.same(await player(y), { gold: 10n, version: 1n }, 'refused: its increment undone');
      t.same(await buildings(w), []);
    });
  });
}
