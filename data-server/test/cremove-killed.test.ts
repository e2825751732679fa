// A data-server that dies between CRemoveV2's commit and its invalidation of the members must
// leave no removed member's value in the cache (found by `npm run test:faults`: after a
// SIGKILL of data-server, 1-3 removed members were still served from Redis). The death is
// made exact here: the first instance's store commits the delete, then its call never goes on
// (as a killed process's would not); a second instance on the same Redis prefix and db-proxy
// then reads each member. Before the fix, CRemoveV2 leased only the collection's key before
// the delete, so the members' cached values outlived the commit.
import type { slg } from '@slg/proto';
import { Redis } from 'ioredis';
import t from 'tap';
import { redisUrl, startDataServer, startDbProxy, uniquePrefix } from './helpers.ts';

for (const all of [false, true]) {
  t.test(`killed after the commit of CRemoveV2 (${all ? 'all' : 'member_ids'})`, async (t) => {
    const proxy = await startDbProxy(t, `cremove_killed_${all ? 'all' : 'ids'}`);
    const prefix = uniquePrefix('cremove-killed');
    const first = await startDataServer(t, { dbProxy: proxy.address, cache: 'redis', prefix });
    const second = await startDataServer(t, { dbProxy: proxy.address, cache: 'redis', prefix });
    const owner = 7001;
    const ops: slg.dataserver.v2.WriteOp.$Properties[] = [1, 2, 3].map((m) => ({
      create: { table: 'item', ownerId: owner, memberId: m, fields: {} },
    }));
    await first.client.BatchWriteV2({ ops });
    for (const m of [1, 2, 3]) {
      const got = await first.client.FetchV2({ table: 'item', ownerId: owner, memberId: m });
      t.ok(got.record, `member ${m} read, and so cached`);
    }
    const redis = new Redis(redisUrl, { lazyConnect: true });
    await redis.connect();
    t.teardown(() => redis.quit());
    const cached = async () =>
      (await redis.keys(`${prefix}*`)).filter((k) => !k.endsWith(':lease'));
    const before = (await cached()).length;
    t.ok(before >= 3, `the members' values are in Redis (${before} keys)`);

    // The first instance commits the delete, then "dies": its call never goes on.
    let committed!: () => void;
    const commit = new Promise<void>((resolve) => {
      committed = resolve;
    });
    const store = first.app.store;
    const deleteMany = store.deleteMany.bind(store);
    store.deleteMany = (async (...args: Parameters<typeof deleteMany>) => {
      await deleteMany(...args);
      committed();
      return new Promise<never>(() => {});
    }) as typeof store.deleteMany;
    void first.client
      .CRemoveV2(
        all
          ? { table: 'item', ownerId: owner, all: true }
          : { table: 'item', ownerId: owner, memberIds: [1, 2, 3] },
        { deadlineMs: 2_000 },
      )
      .catch(() => undefined);
    await commit;

    for (const m of [1, 2, 3]) {
      const got = await second.client.FetchV2({ table: 'item', ownerId: owner, memberId: m });
      t.equal(got.record, null, `member ${m}: removed in the store, not served from the cache`);
    }
    t.same(
      (await second.client.CFetchV2({ table: 'item', ownerId: owner })).records,
      [],
      'the collection is served empty',
    );
  });
}
