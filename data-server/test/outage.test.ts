// Redis going away under load, with two instances sharing it (a private
// redis-server this test starts): stopped and restarted (it comes back empty);
// paused (SIGSTOP: commands time out, and run when it resumes); cut off by a
// network partition (a TCP relay drops every connection: commands are lost,
// and Redis comes back with its old data, so the invalidations kept during the
// outage must be replayed).
// During the outage every call still succeeds (reads from db-proxy); every
// answer is checked against what the load's own clients wrote; afterwards the
// cache is used again and nothing it serves differs from the store.

import { slg, slg_dbproxy_v1_DbProxyDefinition, toBigInt } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import { Redis } from 'ioredis';
import t from 'tap';
import { cacheHealthName, serviceName } from '../src/app.ts';
import type { CacheState } from '../src/cache/interface.ts';
import {
  type DataServerHandle,
  fieldsOf,
  int,
  metricCount,
  type PrivateRedis,
  privateRedis,
  startDataServer,
  startDbProxy,
  tcpRelay,
  uniquePrefix,
  waitFor,
} from './helpers.ts';

/** The `t` of a subtest. */
type TestT = Parameters<Parameters<typeof t.test>[0]>[0];

const outageConfig = {
  redisCommandTimeoutMs: 500,
  redisProbeMs: 100,
  redisSettleMs: 300,
  leaseMs: 1000,
};

interface Owned {
  id: number;
  gold: bigint;
  power: bigint;
  troops: Set<number>;
  nextTroop: number;
}

/**
 * A closed-loop load: `workers` clients, each owning some players (so every
 * expectation is exact), each call through a random instance.
 */
function load(instances: DataServerHandle[], players: Owned[], workers: number) {
  let running = true;
  const errors: string[] = [];
  const mismatches: string[] = [];
  let calls = 0;
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const via = () => instances[Math.floor(rnd() * instances.length)]!.client;
  const step = async (p: Owned) => {
    const r = rnd();
    if (r < 0.4) {
      const rec = (await via().FetchV2({ table: 'player', ownerId: p.id })).record;
      const f = fieldsOf(rec);
      if (f.gold !== p.gold || f.power !== p.power) {
        mismatches.push(
          `player ${p.id}: served gold=${f.gold} power=${f.power}, expected ${p.gold}/${p.power}`,
        );
      }
    } else if (r < 0.75) {
      const got = (await via().CFetchV2({ table: 'troop', ownerId: p.id })).records.map((x) =>
        Number(toBigInt(x.memberId)),
      );
      const want = [...p.troops].sort((x, y) => x - y);
      if (got.join(',') !== want.join(','))
        mismatches.push(`troops of ${p.id}: served [${got}], expected [${want}]`);
    } else if (r < 0.85) {
      const res = await via().IncrByV2({ table: 'player', ownerId: p.id, field: 'gold', delta: 3 });
      p.gold += 3n;
      if (toBigInt(res.value) !== p.gold)
        mismatches.push(`IncrBy ${p.id}: ${res.value} != ${p.gold}`);
    } else if (r < 0.92) {
      const power = BigInt(Math.floor(rnd() * 1e9));
      await via().ModifyV2({ table: 'player', ownerId: p.id, fields: { power: int(power) } });
      p.power = power;
    } else if (r < 0.96) {
      const m = p.nextTroop++;
      await via().CreateV2({
        table: 'troop',
        ownerId: p.id,
        memberId: m,
        fields: { count: int(m) },
      });
      p.troops.add(m);
    } else if (r < 0.99 && p.troops.size > 0) {
      const m = [...p.troops][Math.floor(rnd() * p.troops.size)]!;
      const res = await via().RemoveV2({ table: 'troop', ownerId: p.id, memberId: m });
      if (!res.removed) mismatches.push(`RemoveV2 troop ${m} of ${p.id}: removed=false`);
      p.troops.delete(m);
    } else {
      const n = Number(toBigInt((await via().CCountV2({ table: 'troop', ownerId: p.id })).count));
      if (n !== p.troops.size) mismatches.push(`CCount ${p.id}: ${n} != ${p.troops.size}`);
    }
  };
  const worker = async (w: number) => {
    const mine = players.filter((_, i) => i % workers === w);
    while (running) {
      const p = mine[Math.floor(rnd() * mine.length)]!;
      try {
        await step(p);
      } catch (err) {
        errors.push((err as Error).message);
        // The outcome of a failed write is unknown: stop checking that player exactly.
        mine.splice(mine.indexOf(p), 1);
        if (mine.length === 0) return;
      }
      calls++;
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    errors,
    mismatches,
    get calls() {
      return calls;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

type Relay = Awaited<ReturnType<typeof tcpRelay>>;

/**
 * Resolves once the outage has been seen, whatever the machine's speed: both instances took
 * their cache down, health showed the service SERVING with its cache NOT_SERVING, the load
 * went on (20 calls or more), and what the scenario needs happened (`pending`: writes kept
 * invalidations for replay; `overflow`: more of them than the limit).
 */
type WhileDown = (needs?: 'pending' | 'overflow') => Promise<void>;

async function scenario(
  t: TestT,
  name: string,
  outage: (redis: PrivateRedis, relay: Relay, whileDown: WhileDown) => Promise<void>,
  extra: Partial<typeof outageConfig> & { maxPendingInvalidations?: number } = {},
) {
  const proxy = await startDbProxy(t, `outage_${name}`);
  const server = await privateRedis(t);
  // data-server reaches Redis through a relay the partition scenarios cut.
  const relay = await tcpRelay(t, server.port);
  const redis = { url: relay.url };
  const prefix = uniquePrefix(`outage-${name}`);
  const config = { ...outageConfig, ...extra };
  const a = await startDataServer(t, {
    dbProxy: proxy.address,
    cache: 'redis',
    redisUrl: redis.url,
    prefix,
    config,
  });
  const b = await startDataServer(t, {
    dbProxy: proxy.address,
    cache: 'redis',
    redisUrl: redis.url,
    prefix,
    config,
  });
  const states: Record<string, CacheState[]> = { a: [], b: [] };
  a.app.cache.onStateChange((s) => states.a!.push(s));
  b.app.cache.onStateChange((s) => states.b!.push(s));
  let maxPending = 0;
  const health = new Set<string>();
  const pendingWatch = setInterval(() => {
    const pending = a.app.cache.pendingInvalidations + b.app.cache.pendingInvalidations;
    maxPending = Math.max(maxPending, pending);
    const h = a.app.server.health;
    health.add(`service=${h.get(serviceName)} cache=${h.get(cacheHealthName)}`);
  }, 10);
  t.teardown(() => clearInterval(pendingWatch));

  // Seed 24 players with 2 troops each, and warm both caches.
  const players: Owned[] = [];
  for (let i = 0; i < 24; i++) {
    const id = 500 + i;
    await a.client.CreateV2({
      table: 'player',
      ownerId: id,
      fields: { gold: int(0), power: int(0) },
    });
    for (const m of [1, 2])
      await a.client.CreateV2({ table: 'troop', ownerId: id, memberId: m, fields: {} });
    players.push({ id, gold: 0n, power: 0n, troops: new Set([1, 2]), nextTroop: 3 });
    for (const c of [a.client, b.client]) {
      await c.FetchV2({ table: 'player', ownerId: id });
      await c.CFetchV2({ table: 'troop', ownerId: id });
    }
  }

  // A record no one touches during the load, cached before the outage.
  await a.client.CreateV2({ table: 'player', ownerId: 999, fields: {} });
  await a.client.FetchV2({ table: 'player', ownerId: 999 });
  const untouchedKey = `${prefix}{999}:r:player:0`;
  const probe = new Redis(server.url, { lazyConnect: true });
  probe.on('error', () => {}); // it reconnects by itself after the outage
  t.teardown(() => probe.disconnect());
  // (On a loaded machine a Redis command can outlast the short test timeout and degrade the
  // cache for a moment: read again until it is cached.)
  await waitFor(
    async () => {
      await a.client.FetchV2({ table: 'player', ownerId: 999 });
      return (await probe.exists(untouchedKey)) === 1;
    },
    10_000,
    'the untouched record to be cached',
  );
  t.equal(await probe.exists(untouchedKey), 1, 'the untouched record is cached before the outage');

  const l = load([a, b], players, 12);
  await waitFor(() => l.calls >= 50, 30_000, 'the load to run');
  const before = l.calls;
  const whileDown: WhileDown = async (needs) => {
    const from = { a: states.a!.length, b: states.b!.length, calls: l.calls };
    const overflowed = () =>
      [a, b].some((x) => (x.app.cache as { pending?: { overflow: boolean } }).pending?.overflow);
    await waitFor(
      () =>
        states.a!.slice(from.a).includes('down') &&
        states.b!.slice(from.b).includes('down') &&
        health.has('service=SERVING cache=NOT_SERVING') &&
        l.calls - from.calls >= 20 &&
        (needs !== 'pending' || maxPending > 0) &&
        (needs !== 'overflow' || overflowed()),
      30_000,
      'the outage to be seen by both instances, under load',
    );
  };
  await outage(server, relay, whileDown);
  const during = l.calls - before;
  await waitFor(
    () => a.app.cache.available && b.app.cache.available,
    15_000,
    'both caches to be up again',
  );
  const hitsBefore = await metricCount(a.app.registry, 'dataserver_cache_lookups_total', {
    result: 'hit',
  });
  const hits = () =>
    metricCount(a.app.registry, 'dataserver_cache_lookups_total', { result: 'hit' });
  await waitFor(async () => (await hits()) >= hitsBefore + 20, 30_000, 'cache hits again');
  await l.stop();
  // (On a loaded machine a command can outlast the timeout and degrade the cache again for a
  // moment after the outage; the final state is what matters.)
  await waitFor(
    () => a.app.cache.available && b.app.cache.available,
    15_000,
    'both caches up at the end',
  );
  const hitsAfter = await metricCount(a.app.registry, 'dataserver_cache_lookups_total', {
    result: 'hit',
  });

  t.same(l.errors, [], 'no call failed, during the outage or after it');
  t.same(
    l.mismatches.slice(0, 10),
    [],
    `every answer was what the clients wrote (${l.calls} calls)`,
  );
  t.ok(during > 10, `the load went on during the outage (${during} calls)`);
  t.ok(
    states.a!.includes('down') && states.b!.includes('down'),
    'both instances saw the cache degraded',
  );
  t.ok(
    health.has('service=SERVING cache=NOT_SERVING'),
    `health: the service stayed SERVING while its cache entry was NOT_SERVING (${[...health].join('; ')})`,
  );
  t.notOk(
    [...health].some((h) => h.startsWith('service=NOT_SERVING')),
    'the service itself never went NOT_SERVING',
  );
  t.equal(a.app.server.health.get(cacheHealthName), 'SERVING', 'the cache entry is SERVING again');
  t.equal(states.a!.at(-1), 'up');
  t.equal(states.b!.at(-1), 'up');
  t.ok(
    hitsAfter > hitsBefore,
    `the cache is used again without a restart (${hitsAfter - hitsBefore} hits)`,
  );

  // Post-verification: every touched record and collection, through both instances, against db-proxy.
  const dbp = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, proxy.address);
  t.teardown(() => dbp.close());
  let compared = 0;
  const diffs: string[] = [];
  for (const p of players) {
    for (const [name, c] of [
      ['A', a.client],
      ['B', b.client],
    ] as const) {
      const r = await c.InspectV2({ table: 'player', ownerId: p.id });
      compared++;
      if (
        JSON.stringify(fieldsOf(r.served), big) !== JSON.stringify(fieldsOf(r.stored), big) ||
        String(r.served?.version) !== String(r.stored?.version)
      ) {
        diffs.push(
          `player ${p.id} via ${name}: served ${JSON.stringify(fieldsOf(r.served), big)} stored ${JSON.stringify(fieldsOf(r.stored), big)}`,
        );
      }
      const served = (await c.CFetchV2({ table: 'troop', ownerId: p.id })).records.map(
        (x) => `${x.memberId}@${x.version}`,
      );
      const stored = (
        await dbp.List(
          slg.dbproxy.v1.ListRequest.create({
            table: 'troop',
            shardKey: { int: p.id },
            pageSize: 1000,
          }),
        )
      ).rows.map((row) => `${row.fields?.troop_id?.int}@${row.version}`);
      compared++;
      if (served.join() !== stored.join())
        diffs.push(`troops of ${p.id} via ${name}: [${served}] vs [${stored}]`);
    }
  }
  t.same(diffs, [], `0 cache/store mismatches over ${compared} records and collections`);
  const body = await a.app.registry.getSingleMetricAsString('dataserver_cache_up');
  t.match(body, /dataserver_cache_up\{backend="redis"\} 1/);
  const untouchedCached = (await probe.exists(untouchedKey)) === 1;
  return { maxPending, untouchedCached };
}

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

t.test('Redis stopped and restarted (empty) during a load', async (t) => {
  await scenario(t, 'restart', async (redis, _relay, whileDown) => {
    await redis.stop();
    await whileDown();
    await redis.start();
  });
});

t.test(
  'Redis paused (SIGSTOP) during a load: commands time out, nothing stale after',
  async (t) => {
    const { maxPending } = await scenario(t, 'pause', async (redis, _relay, whileDown) => {
      redis.pause();
      await whileDown('pending');
      redis.resume();
    });
    t.ok(maxPending > 0, `writes during the pause were kept for replay (up to ${maxPending})`);
  },
);

t.test(
  'Redis cut off by a partition (its data survives) during a load: kept invalidations are replayed',
  async (t) => {
    const { maxPending, untouchedCached } = await scenario(
      t,
      'partition',
      async (_redis, relay, whileDown) => {
        relay.cut();
        await whileDown('pending');
        relay.heal();
      },
    );
    t.ok(maxPending > 0, `writes during the partition were kept for replay (up to ${maxPending})`);
    t.ok(
      untouchedCached,
      'only the kept invalidations were replayed: an untouched record stayed cached',
    );
  },
);

t.test(
  'partition with too many kept invalidations: the whole prefix is flushed on recovery',
  async (t) => {
    const { maxPending, untouchedCached } = await scenario(
      t,
      'overflow',
      async (_redis, relay, whileDown) => {
        relay.cut();
        await whileDown('overflow');
        relay.heal();
      },
      { maxPendingInvalidations: 3 },
    );
    t.ok(maxPending <= 6, `the kept set stayed bounded (${maxPending})`);
    t.notOk(untouchedCached, 'the prefix was flushed: an untouched cached record is gone');
  },
);
