// BatchWriteV2: several writes of one owner in one db-proxy transaction. With each cache:
// the results in order; all or nothing when op k fails (each kind of failure), the cache
// left as it was; the cache equal to the store after every batch (records and
// collections, write-through included); one owner only; concurrent batches and single
// writes on the same records ending at the exact totals, never reading older than an ack.
import { type slg, slg_dbproxy_v1_DbProxyDefinition, toBigInt } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import t from 'tap';
import {
  cacheKinds,
  dbProxyCalls,
  failure,
  fieldsOf,
  int,
  startDataServer,
  startDbProxy,
  str,
  uniquePrefix,
} from './helpers.ts';

type Op = slg.dataserver.v2.WriteOp.$Properties;
type Row = Record<string, unknown>;
type Snapshot = { player: Row | null; buildings: Row[] };
type Asserts = {
  same(found: unknown, wanted: unknown, message: string): boolean;
  equal(found: unknown, wanted: unknown, message: string): boolean;
};

for (const cache of cacheKinds()) {
  t.test(`BatchWriteV2 with the ${cache} cache`, async (t) => {
    const proxy = await startDbProxy(t, `batch_${cache}`);
    const ds = await startDataServer(t, {
      dbProxy: proxy.address,
      cache,
      prefix: uniquePrefix(`batch-${cache}`),
    });
    const c = ds.client;
    const db = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, proxy.address);
    t.teardown(() => db.close());

    /** What db-proxy stores for an owner: the player and every building, as plain objects. */
    const stored = async (owner: number): Promise<Snapshot> => {
      const p = await c.InspectV2({ table: 'player', ownerId: owner });
      const list = await db.List({ table: 'building', shardKey: { int: owner }, pageSize: 1000 });
      return {
        player: p.stored ? { ...fieldsOf(p.stored), version: toBigInt(p.stored.version) } : null,
        buildings: list.rows.map((r) => ({ ...fieldsOf(r), version: toBigInt(r.version) })),
      };
    };
    /** The same as data-server serves it (through its cache). */
    const served = async (owner: number): Promise<Snapshot> => {
      const p = await c.FetchV2({ table: 'player', ownerId: owner });
      const list = await c.CFetchV2({ table: 'building', ownerId: owner });
      return {
        player: p.record ? { ...fieldsOf(p.record), version: toBigInt(p.record.version) } : null,
        buildings: list.records.map((r) => ({
          ...fieldsOf(r),
          player_id: toBigInt(r.ownerId),
          building_id: toBigInt(r.memberId),
          version: toBigInt(r.version),
        })),
      };
    };
    /** The cache equals the store: every record and the collection, each building's own key too. */
    const coherent = async (t: Asserts, owner: number, what: string) => {
      const s = await stored(owner);
      const before = await served(owner);
      t.same(before, s, `${what}: FetchV2/CFetchV2 serve what db-proxy stores`);
      for (const b of s.buildings) {
        const i = await c.InspectV2({
          table: 'building',
          ownerId: owner,
          memberId: Number(b.building_id),
        });
        t.same(fieldsOf(i.served), fieldsOf(i.stored), `${what}: building ${b.building_id}`);
        t.equal(
          toBigInt(i.served?.version ?? 0),
          toBigInt(i.stored?.version ?? 0),
          `${what}: building ${b.building_id} version`,
        );
      }
      // A second read (now certainly from the cache) serves the same.
      t.same(await served(owner), before, `${what}: served again from the cache`);
    };

    const create = (owner: number, table: string, member: number, fields = {}): Op => ({
      create: { table, ownerId: owner, memberId: member, fields },
    });
    const modify = (
      owner: number,
      table: string,
      member: number,
      fields: Record<string, slg.common.v1.Value.$Properties>,
      expectedVersion?: number,
    ): Op => ({
      modify: {
        table,
        ownerId: owner,
        memberId: member,
        fields,
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
      },
    });
    const incr = (
      owner: number,
      table: string,
      member: number,
      field: string,
      delta: number,
      bounds: { floor?: number; ceiling?: number } = {},
    ): Op => ({ incrBy: { table, ownerId: owner, memberId: member, field, delta, ...bounds } });
    const remove = (owner: number, table: string, member: number): Op => ({
      remove: { table, ownerId: owner, memberId: member },
    });

    t.test('every kind of op, results in order, cache equal to the store', async (t) => {
      const owner = 101;
      // Cache the (empty) collection and the absent player first: write-through must patch them.
      await served(owner);
      const r = await c.BatchWriteV2({
        ops: [
          create(owner, 'player', 0, { name: str('ann'), gold: int(10) }),
          create(owner, 'building', 1, { kind: str('farm') }),
          create(owner, 'building', 2, { kind: str('mine') }),
          incr(owner, 'player', 0, 'gold', 5),
          modify(owner, 'building', 1, { level: int(3) }),
          incr(owner, 'building', 1, 'x', 7),
          remove(owner, 'building', 2),
          remove(owner, 'building', 3),
        ],
      });
      t.same(
        r.results.map((x) => x.result),
        ['create', 'create', 'create', 'incrBy', 'modify', 'incrBy', 'remove', 'remove'],
        'one result per op, in order',
      );
      t.equal(toBigInt(r.results[0]!.create!.version), 1n);
      t.equal(toBigInt(r.results[3]!.incrBy!.value), 15n, 'the increment saw the create');
      t.equal(toBigInt(r.results[3]!.incrBy!.version), 2n);
      t.equal(toBigInt(r.results[4]!.modify!.version), 2n);
      t.equal(toBigInt(r.results[5]!.incrBy!.value), 7n);
      t.equal(toBigInt(r.results[5]!.incrBy!.version), 3n);
      t.equal(r.results[6]!.remove!.removed, true);
      t.equal(r.results[7]!.remove!.removed, false, 'removing an absent record: removed false');
      const s = await stored(owner);
      t.equal(s.player?.gold, 15n);
      t.same(
        s.buildings.map((b) => [b.building_id, b.level, b.x, b.version]),
        [[1n, 3n, 7n, 3n]],
      );
      // Write-through: the batch left the player and the collection in the cache.
      const gets = await dbProxyCalls(ds.app, 'Get');
      const lists = await dbProxyCalls(ds.app, 'List');
      const after = await served(owner);
      t.equal(await dbProxyCalls(ds.app, 'Get'), gets, 'FetchV2 after the batch: a cache hit');
      t.equal(await dbProxyCalls(ds.app, 'List'), lists, 'CFetchV2 after the batch: a cache hit');
      t.equal(after.player?.gold, 15n);
      await coherent(t, owner, 'after the batch');
    });

    t.test('all or nothing: op k fails, nothing is written, the cache is as before', async (t) => {
      const owner = 202;
      await c.CreateV2({ table: 'player', ownerId: owner, fields: { gold: int(100) } });
      await c.CreateV2({ table: 'building', ownerId: owner, memberId: 1, fields: {} });
      await served(owner); // cached
      const before = await stored(owner);
      const cases: [string, Op[], string, RegExp][] = [
        [
          'ALREADY_EXISTS',
          [incr(owner, 'player', 0, 'gold', 1), create(owner, 'building', 1)],
          'ALREADY_EXISTS',
          /ops\[1\].*already exists/,
        ],
        [
          'NOT_FOUND (modify)',
          [incr(owner, 'player', 0, 'gold', 1), modify(owner, 'building', 9, { level: int(2) })],
          'NOT_FOUND',
          /ops\[1\].*not found/,
        ],
        [
          'NOT_FOUND (incr_by)',
          [create(owner, 'building', 5), incr(owner, 'building', 9, 'x', 1)],
          'NOT_FOUND',
          /ops\[1\].*not found/,
        ],
        [
          'FAILED_PRECONDITION (expected version)',
          [
            create(owner, 'building', 5),
            incr(owner, 'player', 0, 'gold', 1),
            modify(owner, 'building', 1, { level: int(2) }, 7),
          ],
          'FAILED_PRECONDITION',
          /ops\[2\].*version 1, not the expected 7/,
        ],
        [
          'FAILED_PRECONDITION (floor)',
          [remove(owner, 'building', 1), incr(owner, 'player', 0, 'gold', -101, { floor: 0 })],
          'FAILED_PRECONDITION',
          /ops\[1\].*below the floor 0/,
        ],
        [
          'INVALID_ARGUMENT (an unknown field, checked before anything is sent)',
          [incr(owner, 'player', 0, 'gold', 1), modify(owner, 'building', 1, { nope: int(1) })],
          'INVALID_ARGUMENT',
          /^ops\[1\] \(modify\): fields\.nope: table building has no such field/,
        ],
        [
          'INVALID_ARGUMENT (an empty op)',
          [incr(owner, 'player', 0, 'gold', 1), {}],
          'INVALID_ARGUMENT',
          /^ops\[1\]: empty/,
        ],
        [
          'INVALID_ARGUMENT (two owners)',
          [incr(owner, 'player', 0, 'gold', 1), incr(owner + 1, 'player', 0, 'gold', 1)],
          'INVALID_ARGUMENT',
          /ops\[1\]\.owner_id 203 differs from ops\[0\]\.owner_id 202/,
        ],
      ];
      for (const [what, ops, code, message] of cases) {
        const batches = await dbProxyCalls(ds.app, 'Batch');
        const err = await failure(c.BatchWriteV2({ ops }));
        t.equal(err.code, code, `${what}: ${code}`);
        t.match(err.message, message, `${what}: the message names the op`);
        if (code === 'INVALID_ARGUMENT')
          t.equal(await dbProxyCalls(ds.app, 'Batch'), batches, `${what}: no db-proxy call`);
        t.same(await stored(owner), before, `${what}: nothing written`);
        await coherent(t, owner, what);
      }
      const none = await failure(c.BatchWriteV2({ ops: [] }));
      t.equal(none.code, 'INVALID_ARGUMENT');
      t.match(none.message, /at least one op/);
      const many = await failure(
        c.BatchWriteV2({
          ops: Array.from({ length: 101 }, () => incr(owner, 'player', 0, 'gold', 1)),
        }),
      );
      t.equal(many.code, 'INVALID_ARGUMENT');
      t.match(many.message, /101 ops, more than the 100/);
    });

    t.test(
      'concurrent batches and single writes: exact totals, no read older than an ack',
      async (t) => {
        const owner = 303;
        await c.CreateV2({ table: 'player', ownerId: owner, fields: { gold: int(0) } });
        await c.CreateV2({ table: 'building', ownerId: owner, memberId: 1, fields: { x: int(0) } });
        const n = 24;
        let reads = 0;
        const work = Array.from({ length: n }, async (_, i) => {
          let gold: bigint;
          let x: bigint;
          if (i % 3 === 2) {
            // A single write beside the batches: one IncrByV2 of each.
            gold = toBigInt(
              (await c.IncrByV2({ table: 'player', ownerId: owner, field: 'gold', delta: 1 }))
                .value,
            );
            x = toBigInt(
              (
                await c.IncrByV2({
                  table: 'building',
                  ownerId: owner,
                  memberId: 1,
                  field: 'x',
                  delta: 1,
                })
              ).value,
            );
          } else {
            const r = await c.BatchWriteV2({
              ops: [incr(owner, 'player', 0, 'gold', 1), incr(owner, 'building', 1, 'x', 1)],
            });
            gold = toBigInt(r.results[0]!.incrBy!.value);
            x = toBigInt(r.results[1]!.incrBy!.value);
          }
          // Every read after the ack sees at least the acknowledged values.
          const p = await c.FetchV2({ table: 'player', ownerId: owner });
          const b = await c.CFetchV2({ table: 'building', ownerId: owner });
          reads++;
          t.ok(toBigInt(p.record!.fields!.gold!.int!) >= gold, `read ${i}: gold >= acked ${gold}`);
          t.ok(toBigInt(b.records[0]!.fields!.x!.int!) >= x, `read ${i}: x >= acked ${x}`);
        });
        await Promise.all(work);
        t.equal(reads, n);
        const s = await stored(owner);
        t.equal(s.player?.gold, BigInt(n), 'gold: every increment once');
        t.equal(s.buildings[0]?.x, BigInt(n), 'x: every increment once');
        await coherent(t, owner, 'after the concurrent writes');
      },
    );
  });
}
