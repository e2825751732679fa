// Concurrent writes to one row: atomic increments end at the exact sum,
// optimistic updates with one expected version have exactly one winner, and
// concurrent inserts of one key have one winner. On both backends.
import t from 'tap';
import { big, failure, fieldsOf, int, kinds, startProxy } from './helpers.ts';

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    const h = await startProxy(t, kind, `conc_${kind}`, { poolSize: 16 });
    const c = h.client;

    t.test('64 concurrent Increments of one field end at the exact sum', async (t) => {
      await c.Insert({ table: 'player', fields: { player_id: int(2001), gold: int(1_000_000) } });
      const deltas = Array.from({ length: 64 }, (_, i) => (i % 2 === 0 ? i + 1 : -(i * 3)));
      const results = await Promise.all(
        deltas.map((delta) =>
          c.Increment({ table: 'player', key: [int(2001)], field: 'gold', delta }),
        ),
      );
      const sum = deltas.reduce((a, b) => a + b, 0);
      const { row } = await c.Get({ table: 'player', key: [int(2001)] });
      t.equal(fieldsOf(row).gold, BigInt(1_000_000 + sum), 'the stored value is the exact sum');
      t.equal(big(row?.version), 65n, 'one version per increment');
      const versions = results.map((r) => big(r.version)).sort((a, b) => (a < b ? -1 : 1));
      t.same(
        versions,
        Array.from({ length: 64 }, (_, i) => BigInt(i + 2)),
        'each increment saw its own version',
      );
      // Replaying the increments in version order reproduces every returned value.
      const byVersion = results
        .map((r, i) => ({ v: big(r.version), value: big(r.value), delta: BigInt(deltas[i]!) }))
        .sort((a, b) => (a.v < b.v ? -1 : 1));
      let acc = 1_000_000n;
      let consistent = true;
      for (const r of byVersion) {
        acc += r.delta;
        if (acc !== r.value) consistent = false;
      }
      t.ok(consistent, 'the returned values form one serial history');
    });

    t.test(
      '64 concurrent Increments with a floor: exactly the ones that fit succeed',
      async (t) => {
        await c.Insert({ table: 'player', fields: { player_id: int(2002), food: int(100) } });
        const settled = await Promise.allSettled(
          Array.from({ length: 64 }, () =>
            c.Increment({ table: 'player', key: [int(2002)], field: 'food', delta: -7, floor: 0 }),
          ),
        );
        const ok = settled.filter((s) => s.status === 'fulfilled').length;
        const refused = settled.filter(
          (s) =>
            s.status === 'rejected' &&
            (s.reason as { code?: string }).code === 'FAILED_PRECONDITION',
        ).length;
        t.equal(ok, 14, '100 / 7 = 14 decrements fit above the floor');
        t.equal(refused, 50, 'the rest were refused with FAILED_PRECONDITION');
        t.equal(fieldsOf((await c.Get({ table: 'player', key: [int(2002)] })).row).food, 2n);
      },
    );

    t.test('concurrent Updates with the same expected version: exactly one wins', async (t) => {
      await c.Insert({ table: 'player', fields: { player_id: int(2003), name: str0() } });
      for (let round = 0; round < 3; round++) {
        const { row } = await c.Get({ table: 'player', key: [int(2003)] });
        const version = big(row?.version);
        const settled = await Promise.allSettled(
          Array.from({ length: 32 }, (_, i) =>
            c.Update({
              table: 'player',
              key: [int(2003)],
              fields: { name: { str: `writer-${round}-${i}` }, level: int(i) },
              expectedVersion: Number(version),
            }),
          ),
        );
        const winners = settled.flatMap((s, i) => (s.status === 'fulfilled' ? [i] : []));
        t.equal(winners.length, 1, `round ${round}: one winner`);
        const losers = settled.filter((s) => s.status === 'rejected');
        t.ok(
          losers.every((s) => (s as PromiseRejectedResult).reason.code === 'FAILED_PRECONDITION'),
          'every other writer got FAILED_PRECONDITION',
        );
        const after = fieldsOf((await c.Get({ table: 'player', key: [int(2003)] })).row);
        t.equal(after.name, `writer-${round}-${winners[0]}`, "the stored row is the winner's");
        t.equal(after.level, BigInt(winners[0]!), 'with all of its fields');
      }
      t.equal(big((await c.Get({ table: 'player', key: [int(2003)] })).row?.version), 4n);
    });

    t.test('concurrent Inserts of one key: one wins, the others get ALREADY_EXISTS', async (t) => {
      const settled = await Promise.allSettled(
        Array.from({ length: 16 }, (_, i) =>
          c.Insert({
            table: 'item',
            fields: { player_id: int(2004), item_id: int(1), count: int(i + 1) },
          }),
        ),
      );
      const ok = settled.flatMap((s, i) => (s.status === 'fulfilled' ? [i] : []));
      t.equal(ok.length, 1);
      t.ok(
        settled.every(
          (s) =>
            s.status === 'fulfilled' || (s.reason as { code?: string }).code === 'ALREADY_EXISTS',
        ),
      );
      t.equal(
        fieldsOf((await c.Get({ table: 'item', key: [int(2004), int(1)] })).row).count,
        BigInt(ok[0]! + 1),
      );
    });

    t.test('concurrent Batches on one shard key serialize: no lost update', async (t) => {
      await c.Insert({
        table: 'player',
        fields: { player_id: int(2005), wood: int(0), stone: int(0) },
      });
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          c.Batch({
            ops: [
              { increment: { table: 'player', key: [int(2005)], field: 'wood', delta: 2 } },
              { insert: { table: 'mail', fields: { player_id: int(2005), mail_id: int(i) } } },
              { increment: { table: 'player', key: [int(2005)], field: 'stone', delta: 3 } },
            ],
          }),
        ),
      );
      const f = fieldsOf((await c.Get({ table: 'player', key: [int(2005)] })).row);
      t.same([f.wood, f.stone], [48n, 72n]);
      t.equal(big((await c.Count({ table: 'mail', shardKey: int(2005) })).count), 24n);
      const dup = await failure(
        c.Batch({
          ops: [{ insert: { table: 'mail', fields: { player_id: int(2005), mail_id: int(3) } } }],
        }),
      );
      t.equal(dup.code, 'ALREADY_EXISTS');
    });
  });
}

function str0() {
  return { str: 'nobody' };
}
