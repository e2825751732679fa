// The cache contract, one suite run against both backends (Redis for real,
// and the embedded LRU): hit/miss, the lease protocol (the compare-and-set fill
// that makes the stale set impossible), member indexes, TTLs.
import t from 'tap';
import type { Cache } from '../src/cache/interface.ts';
import { MemoryCache } from '../src/cache/memory.ts';
import { RedisCache } from '../src/cache/redis.ts';
import { dropPrefix, quietLogger, redisUrl, uniquePrefix, waitFor } from './helpers.ts';

// Leases outlive any pause of a busy machine; the expiry tests make caches of their own with
// short leases and wait for the expiry as a condition, never for a time.
const LONG_LEASE_MS = 60_000;

const backends: { name: string; make(prefix: string, leaseMs?: number): Promise<Cache> }[] = [
  {
    name: 'memory',
    make: async (_prefix, leaseMs = LONG_LEASE_MS) =>
      new MemoryCache({ leaseMs, indexMs: 60_000, maxBytes: 1 << 20 }),
  },
  {
    name: 'redis',
    make: async (prefix, leaseMs = LONG_LEASE_MS) => {
      const c = await RedisCache.create({
        url: redisUrl,
        prefix,
        logger: quietLogger(),
        leaseMs,
        indexMs: 60_000,
        commandTimeoutMs: 5000,
        probeIntervalMs: 100,
        settleMs: 100,
        maxPendingInvalidations: 1000,
      });
      await waitFor(() => c.available, 30_000, 'redis cache up');
      return c;
    },
  },
];

for (const backend of backends) {
  t.test(`cache contract: ${backend.name}`, async (t) => {
    const prefix = uniquePrefix(`cache-${backend.name}`);
    const cache = await backend.make(prefix);
    t.teardown(async () => {
      await cache.close();
      if (backend.name === 'redis') await dropPrefix(redisUrl, prefix);
    });
    const k = (s: string) => `${prefix}{1}:${s}`;
    const v = (s: string) => Buffer.from(s);

    t.test('a miss, a lease, a fill, then hits', async (t) => {
      t.equal(await cache.get(k('a')), null);
      const l = await cache.lease(k('a'), undefined);
      t.equal(l.state, 'granted');
      const second = await cache.lease(k('a'), undefined);
      t.equal(second.state, 'held', 'a second caller does not get the lease');
      t.ok(await cache.fill(k('a'), (l as { token: string }).token, v('A1'), 60_000));
      t.same(await cache.get(k('a')), v('A1'));
      const third = await cache.lease(k('a'), undefined);
      t.equal(third.state, 'hit', 'lease re-checks the value');
      t.same((third as { value: Buffer }).value, v('A1'));
    });

    t.test('empty bytes are a value (a cached "absent"), not a miss', async (t) => {
      const l = await cache.lease(k('empty'), undefined);
      t.equal(l.state, 'granted');
      t.ok(await cache.fill(k('empty'), (l as { token: string }).token, Buffer.alloc(0), 60_000));
      const got = await cache.get(k('empty'));
      t.not(got, null);
      t.equal(got?.length, 0);
    });

    t.test(
      'the stale set: an invalidation between lease and fill makes the fill fail',
      async (t) => {
        const l = await cache.lease(k('b'), undefined);
        t.equal(l.state, 'granted');
        // ... the reader loads the OLD row here; a writer commits and invalidates:
        await cache.invalidate({ keys: [k('b')] });
        // A reader after the write takes a new lease and loads the NEW row.
        const l2 = await cache.lease(k('b'), undefined);
        t.equal(l2.state, 'granted', 'the invalidation removed the old lease');
        t.notOk(
          await cache.fill(k('b'), (l as { token: string }).token, v('OLD'), 60_000),
          'old fill refused',
        );
        t.equal(await cache.get(k('b')), null, 'nothing stale was stored');
        t.ok(await cache.fill(k('b'), (l2 as { token: string }).token, v('NEW'), 60_000));
        t.same(await cache.get(k('b')), v('NEW'));
        // An invalidation with no reader in between: the value goes.
        await cache.invalidate({ keys: [k('b')] });
        t.equal(await cache.get(k('b')), null);
      },
    );

    t.test('a fill with a wrong token, or after the lease expired, fails', async (t) => {
      const short = await backend.make(prefix, 100);
      t.teardown(() => short.close());
      const l = await short.lease(k('c'), undefined);
      t.notOk(await short.fill(k('c'), 'not-the-token', v('X'), 60_000));
      // Held until it expires; then it is granted again (a new lease, a new token).
      await waitFor(
        async () => (await short.lease(k('c'), undefined)).state === 'granted',
        30_000,
        'the lease to expire',
      );
      t.notOk(
        await short.fill(k('c'), (l as { token: string }).token, v('X'), 60_000),
        'expired lease',
      );
      t.equal(await short.get(k('c')), null);
    });

    t.test('values expire after their TTL, each its own', async (t) => {
      const short = await cache.lease(k('ttl-short'), undefined);
      t.ok(await cache.fill(k('ttl-short'), (short as { token: string }).token, v('S'), 100));
      const long = await cache.lease(k('ttl-long'), undefined);
      t.ok(await cache.fill(k('ttl-long'), (long as { token: string }).token, v('L'), 600_000));
      await waitFor(async () => (await cache.get(k('ttl-short'))) === null, 30_000, 'the TTL');
      t.same(await cache.get(k('ttl-long')), v('L'), 'a longer TTL keeps its value');
    });

    t.test(
      'member index: dropping it invalidates every member, even ones never listed',
      async (t) => {
        const idx = k('i:items');
        const members = ['m1', 'm2', 'm3'].map(k);
        const tokens: string[] = [];
        for (const m of members) {
          const l = await cache.lease(m, idx);
          t.equal(l.state, 'granted');
          tokens.push((l as { token: string }).token);
        }
        t.ok(await cache.fill(members[0]!, tokens[0]!, v('1'), 60_000));
        t.ok(await cache.fill(members[1]!, tokens[1]!, v('2'), 60_000));
        // members[2] is still being loaded (lease held) when the collection is removed.
        await cache.invalidate({ keys: [k('c:items')], index: idx, dropIndex: true });
        t.equal(await cache.get(members[0]!), null);
        t.equal(await cache.get(members[1]!), null);
        t.notOk(
          await cache.fill(members[2]!, tokens[2]!, v('3'), 60_000),
          'a pending member fill fails',
        );
        t.equal(await cache.get(members[2]!), null);
      },
    );

    t.test('member invalidation leaves the other members', async (t) => {
      const idx = k('i:troops');
      const a = k('t1');
      const b = k('t2');
      for (const [m, val] of [
        [a, 'A'],
        [b, 'B'],
      ] as const) {
        const l = await cache.lease(m, idx);
        t.ok(await cache.fill(m, (l as { token: string }).token, v(val), 60_000));
      }
      await cache.invalidate({ keys: [a], index: idx });
      t.equal(await cache.get(a), null);
      t.same(await cache.get(b), v('B'));
    });

    t.test(
      'write lease: takes the value and the lease; the fill is a compare-and-set',
      async (t) => {
        const key = k('w1');
        const col = k('wc');
        const r = await cache.lease(key, undefined);
        t.ok(await cache.fill(key, (r as { token: string }).token, v('OLD'), 60_000));
        // A reader is loading the collection when the write starts.
        const reader = await cache.lease(col, undefined);
        t.equal(reader.state, 'granted');
        const w = await cache.writeLease([key, col], undefined);
        t.same(w.old, [v('OLD'), null], 'the values the keys held');
        t.equal(await cache.get(key), null, 'the value is gone while the write runs');
        t.equal(
          (await cache.lease(key, undefined)).state,
          'held',
          'readers do not get a lease meanwhile',
        );
        t.notOk(
          await cache.fill(col, (reader as { token: string }).token, v('STALE'), 60_000),
          'the reader lost its lease',
        );
        await cache.writeFill(w, [{ value: v('NEW'), ttlMs: 60_000 }, undefined]);
        t.same(await cache.get(key), v('NEW'), 'the computed value is stored');
        t.equal(await cache.get(col), null, 'nothing computed: left empty');
        t.equal((await cache.lease(col, undefined)).state, 'granted', 'and its lease released');
      },
    );

    t.test('write lease taken over: the first write invalidates instead of filling', async (t) => {
      const key = k('w2');
      const w1 = await cache.writeLease([key], undefined);
      const w2 = await cache.writeLease([key], undefined);
      // w2 finishes first and stores its value; w1 (committed before or after it) must not
      // leave its own value, and must not leave w2's value either (it may predate w1).
      await cache.writeFill(w2, [{ value: v('W2'), ttlMs: 60_000 }]);
      t.same(await cache.get(key), v('W2'));
      await cache.writeFill(w1, [{ value: v('W1'), ttlMs: 60_000 }]);
      t.equal(await cache.get(key), null, 'invalidated by the write whose lease was taken over');
      // An invalidation between a write lease and its fill wins too.
      const w3 = await cache.writeLease([key], undefined);
      await cache.invalidate({ keys: [key] });
      await cache.writeFill(w3, [{ value: v('W3'), ttlMs: 60_000 }]);
      t.equal(await cache.get(key), null);
    });

    t.test(
      'a member write lease is in the index: dropping the index makes its fill fail',
      async (t) => {
        const idx = k('i:wi');
        const member = k('wm');
        const w = await cache.writeLease([member], idx);
        await cache.invalidate({ keys: [], index: idx, dropIndex: true });
        await cache.writeFill(w, [{ value: v('M'), ttlMs: 60_000 }]);
        t.equal(await cache.get(member), null);
      },
    );

    t.test(
      'one write lease over keys of two indexes: each index records its own key',
      async (t) => {
        const [ia, ib] = [k('i:wa'), k('i:wb')];
        const [ma, col, mb] = [k('wa1'), k('wcol'), k('wb1')];
        const w = await cache.writeLease([ma, col, mb], [ia, undefined, ib]);
        // Dropping index b fails only its member's fill; a's member and the collection fill.
        await cache.invalidate({ keys: [], index: ib, dropIndex: true });
        await cache.writeFill(w, [
          { value: v('A'), ttlMs: 60_000 },
          { value: v('C'), ttlMs: 60_000 },
          { value: v('B'), ttlMs: 60_000 },
        ]);
        t.same(await cache.get(ma), v('A'), "a's member filled");
        t.same(await cache.get(col), v('C'), 'the collection filled');
        t.equal(await cache.get(mb), null, "b's member: its index was dropped, no fill");
        const w2 = await cache.writeLease([ma], [ia]);
        await cache.invalidate({ keys: [], index: ia, dropIndex: true });
        await cache.writeFill(w2, [{ value: v('A2'), ttlMs: 60_000 }]);
        t.equal(await cache.get(ma), null, "a's index recorded it too");
      },
    );

    t.test(
      'several writes in one writeLeases/writeFills: each as its own writeLease',
      async (t) => {
        const [a, b, shared, ia] = [k('ga'), k('gb'), k('gs'), k('i:ga')];
        for (const key of [a, b]) {
          const l = await cache.lease(key, undefined);
          t.ok(await cache.fill(key, (l as { token: string }).token, v(`old-${key}`), 60_000));
        }
        const leases = await cache.writeLeases([
          { keys: [a, shared], index: [ia, undefined] },
          { keys: [b], index: [undefined] },
          // A later write on a key of an earlier one takes its lease over.
          { keys: [shared], index: [undefined] },
        ]);
        t.ok(
          leases.every((l) => !(l instanceof Error)),
          'every write got its lease',
        );
        const [w1, w2, w3] = leases as Exclude<(typeof leases)[number], Error>[];
        t.same(w1!.old, [v(`old-${a}`), null], 'write 1: the old values of its keys');
        t.same(w2!.old, [v(`old-${b}`)], 'write 2: its own');
        t.equal(new Set([w1!.token, w2!.token, w3!.token]).size, 3, 'a token each');
        t.equal(await cache.get(a), null, 'values deleted under the leases');
        t.equal((await cache.lease(b, undefined)).state, 'held', "a reader finds write 2's lease");
        await cache.writeFills([
          {
            lease: w1!,
            values: [
              { value: v('A'), ttlMs: 60_000 },
              { value: v('S1'), ttlMs: 60_000 },
            ],
          },
          { lease: w2!, values: [undefined] },
          { lease: w3!, values: [{ value: v('S3'), ttlMs: 60_000 }] },
        ]);
        t.same(await cache.get(a), v('A'), 'write 1 stored its value');
        t.equal(await cache.get(b), null, 'write 2 stored nothing');
        t.equal((await cache.lease(b, undefined)).state, 'granted', 'and released its lease');
        // Write 1 found its lease on `shared` taken over: it invalidated it (write 3's value too).
        t.equal(await cache.get(shared), null, 'the shared key left empty');
        const w4 = (await cache.writeLeases([{ keys: [a], index: [ia] }]))[0]!;
        t.notOk(w4 instanceof Error);
        await cache.invalidate({ keys: [], index: ia, dropIndex: true });
        await cache.writeFills([
          { lease: w4 as Exclude<typeof w4, Error>, values: [{ value: v('A4'), ttlMs: 60_000 }] },
        ]);
        t.equal(await cache.get(a), null, 'the member index recorded its key');
      },
    );

    t.test('invalidating several keys at once', async (t) => {
      for (const s of ['x1', 'x2']) {
        const l = await cache.lease(k(s), undefined);
        t.ok(await cache.fill(k(s), (l as { token: string }).token, v(s), 60_000));
      }
      await cache.invalidate({ keys: [k('x1'), k('x2')] });
      t.equal(await cache.get(k('x1')), null);
      t.equal(await cache.get(k('x2')), null);
    });
  });
}

t.test(
  'redis: the GETs of one event-loop turn leave as one MGET, each caller gets its own key',
  async (t) => {
    const prefix = uniquePrefix('cache-mget');
    const cache = (await backends[1]!.make(prefix)) as RedisCache;
    t.teardown(async () => {
      await cache.close();
      await dropPrefix(redisUrl, prefix);
    });
    const k = (s: string) => `${prefix}{1}:${s}`;
    for (const s of ['a', 'b', 'c']) {
      const l = await cache.lease(k(s), undefined);
      t.ok(await cache.fill(k(s), (l as { token: string }).token, Buffer.from(`v-${s}`), 60_000));
    }
    const before = { ...cache.getStats };
    const keys = ['a', 'missing', 'b', 'a', 'c', 'missing2'];
    const got = await Promise.all(keys.map((s) => cache.get(k(s))));
    t.same(
      got.map((b) => b?.toString() ?? null),
      ['v-a', null, 'v-b', 'v-a', 'v-c', null],
      'every caller gets the value of its own key (null when absent), duplicates included',
    );
    t.equal(cache.getStats.keys - before.keys, keys.length, 'six keys asked for');
    t.equal(cache.getStats.commands - before.commands, 1, 'in one command');

    // A GET asked for in a later turn goes in a later command, and sees a write made meanwhile.
    const first = cache.get(k('a'));
    await first;
    const w = await cache.writeLease([k('a')], undefined);
    await cache.writeFill(w, [{ value: Buffer.from('v-a2'), ttlMs: 60_000 }]);
    t.equal((await cache.get(k('a')))?.toString(), 'v-a2');
    t.equal(cache.getStats.commands - before.commands, 3);

    // Redis gone: every caller of the batch fails, and the cache is marked down.
    cache.redis.disconnect();
    await waitFor(() => cache.redis.status !== 'ready', 5_000, 'the connection to close');
    const failed = await Promise.allSettled(['a', 'b'].map((s) => cache.get(k(s))));
    t.same(
      failed.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    t.equal(cache.available, false, 'marked down');
  },
);
