// A write lease taken over from a write that may still commit (one that failed without a known
// outcome keeps its lease to its end) lasts as long as that one, and the new write's fill stores
// nothing and keeps it: otherwise a second write's ack would release the key, a reader would
// fill it, and the first write's late commit would leave that fill stale. One suite for both
// caches; the ordinary case (nothing to inherit) still stores and releases.
import t from 'tap';
import type { Cache } from '../src/cache/interface.ts';
import { MemoryCache } from '../src/cache/memory.ts';
import { RedisCache } from '../src/cache/redis.ts';
import { dropPrefix, quietLogger, redisUrl, uniquePrefix, waitFor } from './helpers.ts';

const leaseMs = 2000;

const backends: { name: string; make(prefix: string): Promise<Cache> }[] = [
  {
    name: 'memory',
    make: async () => new MemoryCache({ leaseMs, indexMs: 600_000, maxBytes: 1 << 20 }),
  },
  {
    name: 'redis',
    make: async (prefix) => {
      const c = await RedisCache.create({
        url: redisUrl,
        prefix,
        logger: quietLogger(),
        leaseMs,
        indexMs: 600_000,
        commandTimeoutMs: 1000,
        probeIntervalMs: 100,
        settleMs: 100,
        maxPendingInvalidations: 1000,
      });
      await waitFor(() => c.available, 5000, 'redis cache up');
      return c;
    },
  },
];

for (const backend of backends) {
  t.test(`write lease takeover: ${backend.name}`, async (t) => {
    const prefix = uniquePrefix(`takeover-${backend.name}`);
    const cache = await backend.make(prefix);
    t.teardown(async () => {
      await cache.close();
      if (backend.name === 'redis') await dropPrefix(redisUrl, prefix);
    });
    const k = (s: string) => `${prefix}{1}:${s}`;
    const v = (s: string) => Buffer.from(s);

    t.test('over a longer lease of a write that may still commit: held, kept', async (t) => {
      // Write 1 (60 s of deadline left) failed without a known outcome: it keeps its lease.
      const first = await cache.writeLease([k('a')], undefined, 60_000 + leaseMs);
      t.same(first.held, [false]);
      // Write 2, with a shorter deadline, takes the key over, commits, and fills.
      const second = await cache.writeLease([k('a')], undefined, 1000 + leaseMs);
      t.same(second.held, [true], "its lease inherits the longer one's end");
      await cache.writeFill(second, [{ value: v('second'), ttlMs: 60_000 }]);
      t.equal(await cache.get(k('a')), null, 'its fill stores nothing');
      const reader = await cache.lease(k('a'), undefined);
      t.equal(reader.state, 'held', 'and a reader cannot take the lease to fill it');
    });

    t.test(
      'over a shorter lease (a reader, or a write with less time): stored, released',
      async (t) => {
        const reader = await cache.lease(k('b'), undefined);
        t.equal(reader.state, 'granted');
        const w = await cache.writeLease([k('b')], undefined, 5000 + leaseMs);
        t.same(w.held, [false]);
        await cache.writeFill(w, [{ value: v('w'), ttlMs: 60_000 }]);
        t.same(await cache.get(k('b')), v('w'), 'the write stored its value');
        if (reader.state === 'granted')
          t.equal(
            await cache.fill(k('b'), reader.token, v('old'), 60_000),
            false,
            'the reader lost',
          );
        const short = await cache.writeLease([k('c')], undefined, 1000);
        const longer = await cache.writeLease([k('c')], undefined, 30_000);
        t.same([short.held, longer.held], [[false], [false]]);
        await cache.writeFill(longer, [{ value: v('c'), ttlMs: 60_000 }]);
        t.same(await cache.get(k('c')), v('c'));
      },
    );
  });
}
