// The cache's cluster mode on a private Redis Cluster (3 masters, 3 replicas), at the level of
// the cache contract: the slot function agrees with the cluster's, the coalesced GETs of many
// owners leave as one command per slot and each caller gets its own key, every write-path step
// is on the slot's replica when it resolves (WAIT: what a promoted replica would serve), the
// write leases and fills of many owners at once (one script per slot), and invalidations over
// keys of several slots (a replay) and a member index work.
import t from 'tap';
import { RedisCache } from '../src/cache/redis.ts';
import { keySlot } from '../src/cache/slot.ts';
import { localCluster } from './cluster-redis.ts';
import { quietLogger, uniquePrefix, waitFor } from './helpers.ts';

t.test('the Redis cache in cluster mode', async (t) => {
  const cluster = await localCluster(t);
  const prefix = uniquePrefix('cluster-cache');
  const cache = await RedisCache.create({
    url: '',
    cluster: cluster.seeds,
    prefix,
    logger: quietLogger(),
    leaseMs: 60_000,
    indexMs: 60_000,
    commandTimeoutMs: 5000,
    probeIntervalMs: 100,
    settleMs: 100,
    maxPendingInvalidations: 1000,
  });
  t.teardown(() => cache.close());
  await waitFor(() => cache.available, 30_000, 'the cluster cache up');
  t.ok(cache.cluster, 'a Cluster client');
  const k = (owner: number, s: string) => `${prefix}{${owner}}:r:player:${s}`;
  const admin = cluster.connect(cluster.seeds[0]!);

  t.test('keySlot is the cluster slot (CLUSTER KEYSLOT)', async (t) => {
    for (const key of [
      k(1, '0'),
      k(123456789, 'x'),
      'plain',
      '{}x',
      'a{b}c{d}',
      'é{ü}',
      `${prefix}{}`,
    ]) {
      t.equal(keySlot(key), Number(await admin.cluster('KEYSLOT', key)), key);
    }
  });

  // The replica that serves `key`'s slot, reading (READONLY) what it holds.
  const replicaOf = async (key: string) => {
    const slot = keySlot(key);
    const shard = (await cluster.topology()).find((s) =>
      s.slots.some(([lo, hi]) => slot >= lo && slot <= hi),
    )!;
    const r = cluster.connect(shard.replicas[0]!);
    await r.readonly();
    return r;
  };

  t.test('write lease and write fill are on the replica when they resolve', async (t) => {
    const key = k(42, '0');
    const l = await cache.lease(key, undefined);
    t.equal(l.state, 'granted');
    t.ok(await cache.fill(key, (l as { token: string }).token, Buffer.from('v1'), 60_000));
    const w = await cache.writeLease([key], undefined);
    const replica = await replicaOf(key);
    t.same(w.old[0], Buffer.from('v1'), 'the write lease returned the old value');
    t.equal(await replica.get(key), null, 'the replica no longer holds the old value');
    t.equal(await replica.get(`${key}:lease`), w.token, "the replica holds the write's lease");
    await cache.writeFill(w, [{ value: Buffer.from('v2'), ttlMs: 60_000 }]);
    t.equal(await replica.get(key), 'v2', 'the replica holds the written value');
    t.equal(await replica.get(`${key}:lease`), null, 'and the lease is released there too');
    await cache.invalidate({ keys: [key] });
    t.equal(await replica.get(key), null, 'an invalidation is on the replica when it resolves');
  });

  t.test('writeLeases and writeFills over many owners: per slot, on the replicas', async (t) => {
    // Owners on several slots, and two writes of one owner (one slot, one script for both).
    const owners = [3001, 3002, 3003, 3004, 3005, 3006];
    const writes = [
      ...owners.map((o) => ({ keys: [k(o, '0'), k(o, 'c')], index: [undefined, undefined] })),
      { keys: [k(3001, '1')], index: [`${prefix}{3001}:i:player`] },
    ];
    t.ok(new Set(owners.map((o) => keySlot(k(o, '0')))).size > 3, 'several slots');
    for (const o of owners) {
      const l = await cache.lease(k(o, '0'), undefined);
      await cache.fill(k(o, '0'), (l as { token: string }).token, Buffer.from(`p${o}`), 60_000);
    }
    const leases = await cache.writeLeases(writes);
    t.ok(
      leases.every((l) => !(l instanceof Error)),
      'every write got its lease',
    );
    const ok = leases as Exclude<(typeof leases)[number], Error>[];
    t.equal(new Set(ok.map((l) => l.token)).size, writes.length, 'each under its own token');
    t.same(
      ok.slice(0, owners.length).map((l) => l.old[0]?.toString() ?? null),
      owners.map((o) => `p${o}`),
      'each write got the old values of its own keys',
    );
    for (const [i, o] of owners.entries()) {
      const replica = await replicaOf(k(o, '0'));
      t.equal(await replica.get(k(o, '0')), null, `owner ${o}: old value gone on the replica`);
      t.equal(await replica.get(`${k(o, '0')}:lease`), ok[i]!.token, `owner ${o}: lease there`);
    }
    const index = await (await replicaOf(k(3001, '1'))).smembers(`${prefix}{3001}:i:player`);
    t.same(index, [k(3001, '1')], 'the member index records its key');
    await cache.writeFills(
      ok.map((lease, i) => ({
        lease,
        values: lease.keys.map((_, j) =>
          j === 0 ? { value: Buffer.from(`w${i}`), ttlMs: 60_000 } : undefined,
        ),
      })),
    );
    for (const [i, o] of owners.entries()) {
      const replica = await replicaOf(k(o, '0'));
      t.equal(await replica.get(k(o, '0')), `w${i}`, `owner ${o}: the filled value on the replica`);
      t.equal(await replica.get(`${k(o, '0')}:lease`), null, `owner ${o}: lease released`);
      t.equal(
        await replica.get(`${k(o, 'c')}:lease`),
        null,
        `owner ${o}: nothing stored, released`,
      );
    }
    t.equal(cache.available, true, 'no command failed');
  });

  t.test('the GETs of one turn over many owners: one command per slot', async (t) => {
    const owners = Array.from({ length: 12 }, (_, i) => 1000 + i);
    for (const o of owners) {
      const l = await cache.lease(k(o, '0'), undefined);
      await cache.fill(k(o, '0'), (l as { token: string }).token, Buffer.from(`p${o}`), 60_000);
    }
    const keys = [...owners.map((o) => k(o, '0')), k(1000, 'missing'), k(1001, '0')];
    const slots = new Set(keys.map(keySlot)).size;
    const before = { ...cache.getStats };
    const got = await Promise.all(keys.map((key) => cache.get(key)));
    t.same(
      got.map((b) => b?.toString() ?? null),
      [...owners.map((o) => `p${o}`), null, 'p1001'],
      'each caller gets its own key',
    );
    t.equal(cache.getStats.keys - before.keys, keys.length);
    t.equal(cache.getStats.commands - before.commands, slots, `${slots} slots, ${slots} commands`);
    t.ok(slots > 3, 'the keys span several slots (and masters)');
  });

  t.test('an invalidation over keys of several slots, and a member index', async (t) => {
    const owners = [2001, 2002, 2003, 2004];
    for (const o of owners) {
      const l = await cache.lease(k(o, '1'), `${prefix}{${o}}:i:player`);
      await cache.fill(k(o, '1'), (l as { token: string }).token, Buffer.from('m'), 60_000);
    }
    await cache.invalidate({ keys: owners.slice(0, 2).map((o) => k(o, '1')) });
    t.same(
      await Promise.all(owners.map((o) => cache.get(k(o, '1')))),
      [null, null, Buffer.from('m'), Buffer.from('m')],
      'a DEL per slot',
    );
    await cache.invalidate({ keys: [], index: `${prefix}{2003}:i:player`, dropIndex: true });
    t.equal(await cache.get(k(2003, '1')), null, 'the index dropped its member');
    t.same(await cache.get(k(2004, '1')), Buffer.from('m'), 'another owner untouched');
    t.equal(cache.available, true, 'no command failed');
  });
});
