// Read coalescing: concurrent Gets of one table share lookups
// (SELECT ... WHERE key IN (...)) and each still gets exactly its own row, or
// no row — for one-column and two-column keys, int64 beyond 2^53, negative
// ids, and a write acknowledged just before.
import t from 'tap';
import { RecordStore } from '../src/store.ts';
import { big, fieldsOf, int, kinds, startProxy } from './helpers.ts';

async function histogram(registry: { getSingleMetric(n: string): unknown }) {
  const m = registry.getSingleMetric('dbproxy_get_batch_size') as
    | { get(): Promise<{ values: { metricName?: string; value: number }[] }> }
    | undefined;
  const values = m ? (await m.get()).values : [];
  const sum = values.filter((v) => v.metricName?.endsWith('_sum')).reduce((a, v) => a + v.value, 0);
  const count = values
    .filter((v) => v.metricName?.endsWith('_count'))
    .reduce((a, v) => a + v.value, 0);
  return { sum, count };
}

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    // One lookup per table in flight: every Get arriving meanwhile waits and coalesces.
    const h = await startProxy(t, kind, `batch_${kind}`, { readLanes: 1, readBatch: 16 });
    const c = h.client;
    const ids = [
      ...Array.from({ length: 60 }, (_, i) => 8000n + BigInt(i)),
      ...Array.from({ length: 20 }, (_, i) => 2n ** 62n + BigInt(i) * 3n),
      ...Array.from({ length: 20 }, (_, i) => -(2n ** 60n) - BigInt(i)),
    ];
    for (const [i, id] of ids.entries()) {
      if (i % 4 === 3) continue; // every fourth player is absent
      await c.Insert({
        table: 'player',
        fields: { player_id: int(id), gold: int(id % 1_000_000n), name: { str: `p${id}` } },
      });
      await c.Insert({
        table: 'building',
        fields: { player_id: int(id), building_id: int(i % 5), level: int(i) },
      });
    }

    t.test('each of 300 concurrent Gets gets its own row or none', async (t) => {
      const calls = [
        ...ids.map((id, i) => ({
          table: 'player',
          key: [id],
          present: i % 4 !== 3,
          check: { gold: id % 1_000_000n, name: `p${id}` },
        })),
        ...ids.map((id, i) => ({
          table: 'building',
          key: [id, BigInt(i % 5)],
          present: i % 4 !== 3,
          check: { level: BigInt(i) },
        })),
        ...ids.map((id, i) => ({
          table: 'building',
          key: [id, BigInt((i % 5) + 1)],
          present: false,
          check: {},
        })),
      ];
      const results = await Promise.allSettled(
        calls.map((call) => c.Get({ table: call.table, key: call.key.map((k) => int(k)) })),
      );
      let right = 0;
      const wrong: string[] = [];
      results.forEach((r, i) => {
        const call = calls[i]!;
        if (!call.present) {
          if (r.status === 'fulfilled' && !r.value.row) right++;
          else wrong.push(`${call.table} ${call.key}: expected no row`);
          return;
        }
        if (r.status !== 'fulfilled') {
          wrong.push(`${call.table} ${call.key}: ${(r.reason as Error).message}`);
          return;
        }
        const f = fieldsOf(r.value.row);
        const keyOk =
          f.player_id === call.key[0] && (call.key.length === 1 || f.building_id === call.key[1]);
        const valuesOk = Object.entries(call.check).every(([k, v]) => f[k] === v);
        if (keyOk && valuesOk && big(r.value.row?.version) === 1n) right++;
        else
          wrong.push(
            `${call.table} ${call.key}: got ${JSON.stringify(f, (_k, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
          );
      });
      t.same(wrong, [], "no call got another key's row");
      t.equal(right, calls.length);
      const { sum, count } = await histogram(h.app.registry);
      if (kind === 'mysql') {
        t.ok(
          count > 0 && sum / count > 1.5,
          `Gets were coalesced: ${sum} Gets in ${count} lookups`,
        );
      } else {
        t.equal(count, 0, 'SQLite runs each Get on its own (nothing to gain from coalescing)');
      }
    });

    if (kind === 'mysql') {
      t.test(
        'Gets of one event-loop turn leave as one lookup, even on a quiet proxy',
        async (t) => {
          const sizes: number[] = [];
          const store = new RecordStore({
            maxBatch: 16,
            lanes: 1,
            queueLimit: 100,
            observer: { batch: (_b, _t, n) => sizes.push(n) },
          });
          const table = h.app.schema.tables.get('player')!;
          const backend = h.app.backends[0]!;
          const deadline = Date.now() + 10_000;
          const idle = ids.filter((id) => h.app.shards.forKey(id) === backend);
          // One Get alone: answered (in a lookup of its own), not held for company.
          const one = await store.get(backend, table, [idle[0]!], deadline);
          t.equal(one?.[0], Number(idle[0]));
          t.same(sizes, [1]);
          // Ten in one turn, nothing running: one lookup of ten; then twenty: 16 and the 4 left.
          t.ok(idle.length >= 20, `${idle.length} players on the first backend`);
          const ten = await Promise.all(
            idle.slice(0, 10).map((id) => store.get(backend, table, [id], deadline)),
          );
          t.same(sizes, [1, 10]);
          t.same(
            ten.map((r) => r?.[0]),
            idle.slice(0, 10).map((id) => (ids.indexOf(id) % 4 === 3 ? undefined : Number(id))),
            'each its own row, or none',
          );
          await Promise.all(
            idle.slice(0, 20).map((id) => store.get(backend, table, [id], deadline)),
          );
          t.same(sizes, [1, 10, 16, 4]);
        },
      );
    }

    t.test('a Get coalesced with others sees a write acknowledged before it', async (t) => {
      const id = ids[0]!;
      for (let round = 0; round < 5; round++) {
        const noise = ids
          .slice(1, 40)
          .map((k) => c.Get({ table: 'player', key: [int(k)] }).catch(() => undefined));
        const w = await c.Increment({ table: 'player', key: [int(id)], field: 'gold', delta: 1 });
        const { row } = await c.Get({ table: 'player', key: [int(id)] });
        t.equal(fieldsOf(row).gold, big(w.value), `round ${round}`);
        t.equal(big(row?.version), big(w.version));
        await Promise.all(noise);
      }
    });
  });
}
