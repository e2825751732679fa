// Batches: independent batches of several shard keys, committed in one transaction per
// backend. Each batch is answered on its own: the good ones written whole, a refused or
// invalid one not at all (not even its ops before the one that failed), none holding the
// others back; on MariaDB one COMMIT per backend for the whole group.
import type { slg } from '@slg/proto';
import type { Registry } from 'prom-client';
import t from 'tap';
import { big, failure, fieldsOf, int, kinds, startProxy } from './helpers.ts';

type Batch = slg.dbproxy.v1.BatchRequest.$Properties;

/** COMMITs db-proxy sent so far (its statement histogram's count). */
async function commits(registry: Registry): Promise<number> {
  const m = await registry.getSingleMetric('dbproxy_statement_duration_seconds')?.get();
  return (m?.values ?? [])
    .filter(
      (v) =>
        (v as { metricName?: string }).metricName?.endsWith('_count') &&
        v.labels.statement === 'commit',
    )
    .reduce((a, v) => a + v.value, 0);
}

const gold = (owner: number, delta: number): slg.dbproxy.v1.BatchOp.$Properties => ({
  increment: { table: 'player', key: [int(owner)], field: 'gold', delta },
});

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    const h = await startProxy(t, kind, `group_${kind}`);
    const c = h.client;
    // Owners on both backends.
    const owners = Array.from({ length: 8 }, (_, i) => 3001 + i);
    t.equal(new Set(owners.map((o) => h.backendOf(BigInt(o)))).size, 2, 'both backends used');
    for (const o of owners) {
      await c.Insert({ table: 'player', fields: { player_id: int(o), gold: int(100) } });
    }
    const goldOf = async (o: number) => {
      const r = await c.Get({ table: 'player', key: [int(o)] });
      return { gold: BigInt(fieldsOf(r.row).gold as bigint), version: big(r.row?.version) };
    };

    t.test('each batch answered on its own; refused and invalid ones write nothing', async (t) => {
      const [a, b, refused, invalid, dup, f, g, last] = owners as [number, ...number[]];
      const batches: Batch[] = [
        { ops: [gold(a, 1), gold(a, 2)] },
        { ops: [gold(b!, 5)] },
        {
          ops: [
            gold(refused!, 7),
            {
              update: {
                table: 'player',
                key: [int(refused!)],
                fields: { level: int(2) },
                expectedVersion: 99,
              },
            },
          ],
        },
        { ops: [gold(invalid!, 1), gold(a, 1)] }, // two shard keys
        {
          ops: [
            gold(dup!, 3),
            { insert: { table: 'player', fields: { player_id: int(dup!), gold: int(1) } } },
          ],
        },
        { ops: [gold(f!, -10)] },
        { ops: [gold(g!, 4), gold(g!, 4)] },
        { ops: [gold(last!, 0)] },
      ];
      const before = await commits(h.app.registry);
      const r = await c.Batches({ batches });
      const outcomes = r.outcomes;
      t.equal(outcomes.length, batches.length, 'one outcome per batch');
      const code = (i: number) => outcomes[i]?.failed?.code;
      t.equal(code(2), 9, 'version mismatch: FAILED_PRECONDITION');
      t.match(outcomes[2]?.failed?.message, /ops\[1\] \(update player\).*version/);
      t.equal(code(3), 3, 'two shard keys: INVALID_ARGUMENT');
      t.match(outcomes[3]?.failed?.message, /^batches\[3\]\.ops\[1\]: shard key/);
      t.equal(code(4), 6, 'duplicate: ALREADY_EXISTS');
      for (const i of [0, 1, 5, 6, 7]) t.ok(outcomes[i]?.written, `batch ${i} written`);
      t.same(
        outcomes[0]?.written?.results?.map((x) => big(x.increment?.value)),
        [101n, 103n],
        'results in op order',
      );
      t.same(await goldOf(a), { gold: 103n, version: 3n });
      t.same(await goldOf(b!), { gold: 105n, version: 2n });
      t.same(await goldOf(refused!), { gold: 100n, version: 1n }, 'refused: nothing');
      t.same(await goldOf(invalid!), { gold: 100n, version: 1n }, 'invalid: nothing');
      t.same(await goldOf(dup!), { gold: 100n, version: 1n }, 'duplicate: nothing');
      t.same(await goldOf(f!), { gold: 90n, version: 2n });
      t.same(await goldOf(g!), { gold: 108n, version: 3n });
      if (kind === 'mysql') {
        t.equal(
          (await commits(h.app.registry)) - before,
          2,
          'one COMMIT per backend for the group',
        );
      }
    });

    t.test('a group of only refused batches commits nothing and answers each', async (t) => {
      const o = owners[0]!;
      const r = await c.Batches({
        batches: [
          { ops: [gold(o, 1), { delete: { table: 'player', key: [int(o)], expectedVersion: 1 } }] },
          { ops: [{ delete: { table: 'player', key: [int(9999)] } }] },
        ],
      });
      t.same(
        r.outcomes.map((x) => x.failed?.code),
        [9, 5],
      );
      t.same(await goldOf(o), { gold: 103n, version: 3n });
    });

    t.test('the group itself: empty or too large is INVALID_ARGUMENT', async (t) => {
      t.equal((await failure(c.Batches({ batches: [] }))).code, 'INVALID_ARGUMENT');
      const many = Array.from({ length: 101 }, () => ({ ops: [gold(owners[0]!, 1)] }));
      const err = await failure(c.Batches({ batches: many }));
      t.equal(err.code, 'INVALID_ARGUMENT');
      t.match(err.message, /101 batches, the limit is 100/);
      t.same(await goldOf(owners[0]!), { gold: 103n, version: 3n }, 'nothing written');
    });
  });
}
