// The interleavings a cache in front of a database gets wrong, forced
// deterministically with a barrier between a load and its fill, on both caches:
// the stale set (record and collection), a read after an acknowledged write that
// must not join a load begun before it, and single-flight (N misses, 1 load).
// Records are inserted straight through db-proxy, so that data-server's cache
// (which a CreateV2 would fill) has never seen them and the first read misses.
import { toBigInt } from '@slg/proto';
import t from 'tap';
import {
  cacheKinds,
  dbProxyCalls,
  fieldsOf,
  gate,
  insertDirect,
  int,
  metricCount,
  startDataServer,
  startDbProxy,
  uniquePrefix,
  waitFor,
} from './helpers.ts';

/** Blocks the loads of one key between load and fill, once, until the test opens the gate. */
function barrier() {
  let target: string | undefined;
  let reached = gate();
  let release = gate();
  return {
    hooks: {
      afterLoad: async (key: string) => {
        if (target === undefined || !key.endsWith(target)) return;
        target = undefined; // once
        reached.open();
        await release.wait();
      },
    },
    /** Arms the barrier for the next load of a key ending with `suffix`. */
    arm(suffix: string) {
      target = suffix;
      reached = gate();
      release = gate();
    },
    reached: () => reached.wait(),
    release: () => release.open(),
  };
}

for (const cache of cacheKinds()) {
  t.test(`races with the ${cache} cache`, async (t) => {
    const proxy = await startDbProxy(t, `races_${cache}`);
    const b = barrier();
    const ds = await startDataServer(t, {
      dbProxy: proxy.address,
      cache,
      prefix: uniquePrefix(`races-${cache}`),
      hooks: b.hooks,
    });
    const c = ds.client;
    const lost = () =>
      metricCount(ds.app.registry, 'dataserver_cache_fills_total', { result: 'lost' });

    t.test(
      'stale set on a record: a fill that lost its lease to a write stores nothing',
      async (t) => {
        await insertDirect(proxy.address, 'player', { player_id: 11 }, { gold: int(1) });
        const lostBefore = await lost();
        b.arm('{11}:r:player:0');
        // 1. A read misses and loads the OLD row (gold 1), then stops before its fill.
        const slowRead = c.FetchV2({ table: 'player', ownerId: 11 });
        await b.reached();
        // 2. A write commits and invalidates; it is acknowledged.
        await c.ModifyV2({ table: 'player', ownerId: 11, fields: { gold: int(2) } });
        // 3. The read resumes and tries to fill the cache with the old row.
        b.release();
        const old = await slowRead;
        t.equal(
          fieldsOf(old.record).gold,
          1n,
          'the interleaving happened: the slow read loaded the old row',
        );
        t.equal((await lost()) - lostBefore, 1, 'its fill was refused');
        // 4. Every read after the acknowledgement sees the write.
        for (let i = 0; i < 3; i++) {
          const r = await c.FetchV2({ table: 'player', ownerId: 11 });
          t.equal(fieldsOf(r.record).gold, 2n, `read ${i + 1} after the write`);
        }
        const inspect = await c.InspectV2({ table: 'player', ownerId: 11 });
        t.same(fieldsOf(inspect.served), fieldsOf(inspect.stored), 'cache and store agree');
        t.equal(inspect.cached, true, 'the fresh row was cached by the reads after the write');
      },
    );

    t.test('stale set on a collection: CFetchV2 and CCountV2 stay exact', async (t) => {
      await insertDirect(
        proxy.address,
        'troop',
        { player_id: 12, troop_id: 1 },
        { count: int(10) },
      );
      b.arm('{12}:c:troop');
      const slowList = c.CFetchV2({ table: 'troop', ownerId: 12 });
      await b.reached();
      await c.CreateV2({ table: 'troop', ownerId: 12, memberId: 2, fields: { count: int(20) } });
      await c.IncrByV2({ table: 'troop', ownerId: 12, memberId: 1, field: 'count', delta: 5 });
      b.release();
      t.equal((await slowList).records.length, 1, 'the slow list loaded the old collection');
      const now = await c.CFetchV2({ table: 'troop', ownerId: 12 });
      t.same(
        now.records.map((r) => [Number(toBigInt(r.memberId)), fieldsOf(r).count]),
        [
          [1, 15n],
          [2, 20n],
        ],
      );
      t.equal(Number(toBigInt((await c.CCountV2({ table: 'troop', ownerId: 12 })).count)), 2);
    });

    t.test('a read after an acknowledged write does not join a load begun before it', async (t) => {
      await insertDirect(proxy.address, 'player', { player_id: 13 }, { gold: int(1) });
      b.arm('{13}:r:player:0');
      const slowRead = c.FetchV2({ table: 'player', ownerId: 13 });
      await b.reached();
      await c.IncrByV2({ table: 'player', ownerId: 13, field: 'gold', delta: 1 });
      // The slow load is still held: a new read must not wait for it, nor take its value.
      const fresh = await c.FetchV2({ table: 'player', ownerId: 13 });
      t.equal(fieldsOf(fresh.record).gold, 2n);
      b.release();
      t.equal(fieldsOf((await slowRead).record).gold, 1n);
      t.equal(fieldsOf((await c.FetchV2({ table: 'player', ownerId: 13 })).record).gold, 2n);
    });

    t.test('a joiner of a load whose fill failed reads again', async (t) => {
      await insertDirect(proxy.address, 'player', { player_id: 14 }, { gold: int(1) });
      b.arm('{14}:r:player:0');
      const first = c.FetchV2({ table: 'player', ownerId: 14 });
      await b.reached();
      // A second read joins the held load (it started before the write: it may see either).
      const joinedBefore = await metricCount(
        ds.app.registry,
        'dataserver_cache_singleflight_joined_total',
        {},
      );
      const joiner = c.FetchV2({ table: 'player', ownerId: 14 });
      await waitFor(
        async () =>
          (await metricCount(ds.app.registry, 'dataserver_cache_singleflight_joined_total', {})) >
          joinedBefore,
        5000,
        'the second read to join',
      );
      await c.IncrByV2({ table: 'player', ownerId: 14, field: 'gold', delta: 1 });
      b.release();
      t.equal(fieldsOf((await first).record).gold, 1n, 'the loader answers what it loaded');
      t.equal(fieldsOf((await joiner).record).gold, 2n, 'the joiner re-read after the failed fill');
    });

    t.test('single-flight: 32 concurrent misses on one record, 1 db-proxy Get', async (t) => {
      await insertDirect(proxy.address, 'item', { player_id: 15, item_id: 3 }, { count: int(33) });
      const n = 32;
      const getsBefore = await dbProxyCalls(ds.app, 'Get');
      const joinedBefore = await metricCount(
        ds.app.registry,
        'dataserver_cache_singleflight_joined_total',
        {
          kind: 'record',
        },
      );
      b.arm('{15}:r:item:3');
      const reads = Array.from({ length: n }, () =>
        c.FetchV2({ table: 'item', ownerId: 15, memberId: 3 }),
      );
      await b.reached();
      await waitFor(
        async () =>
          (await metricCount(ds.app.registry, 'dataserver_cache_singleflight_joined_total', {
            kind: 'record',
          })) -
            joinedBefore ===
          n - 1,
        5000,
        `${n - 1} reads to join the load`,
      );
      b.release();
      const results = await Promise.all(reads);
      t.equal((await dbProxyCalls(ds.app, 'Get')) - getsBefore, 1, 'exactly one db-proxy Get');
      t.ok(
        results.every((r) => fieldsOf(r.record).count === 33n),
        'every caller got the record',
      );
    });

    t.test('single-flight without a barrier: concurrent misses load once', async (t) => {
      await insertDirect(proxy.address, 'item', { player_id: 16, item_id: 1 }, { count: int(1) });
      const getsBefore = await dbProxyCalls(ds.app, 'Get');
      const results = await Promise.all(
        Array.from({ length: 16 }, () => c.FetchV2({ table: 'item', ownerId: 16, memberId: 1 })),
      );
      t.equal((await dbProxyCalls(ds.app, 'Get')) - getsBefore, 1, 'exactly one db-proxy Get');
      t.ok(results.every((r) => fieldsOf(r.record).count === 1n));
    });

    t.test(
      'single-flight on a collection: 16 concurrent CFetchV2 misses, 1 db-proxy List',
      async (t) => {
        for (let m = 1; m <= 3; m++)
          await insertDirect(proxy.address, 'mail', { player_id: 17, mail_id: m });
        const before = await dbProxyCalls(ds.app, 'List');
        const joined = () =>
          metricCount(ds.app.registry, 'dataserver_cache_singleflight_joined_total', {});
        const joinedBefore = await joined();
        b.arm('{17}:c:mail');
        const lists = Array.from({ length: 16 }, () => c.CFetchV2({ table: 'mail', ownerId: 17 }));
        await b.reached();
        // The other 15 have joined the load held at the barrier.
        await waitFor(async () => (await joined()) - joinedBefore === 15, 30_000, '15 joiners');
        b.release();
        const results = await Promise.all(lists);
        t.equal((await dbProxyCalls(ds.app, 'List')) - before, 1, 'exactly one db-proxy List');
        t.ok(results.every((r) => r.records.length === 3));
      },
    );
  });
}
