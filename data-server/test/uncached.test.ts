// A table the schema marks `"cache": false` (the map's marches, their region lists and
// reports: map-server keeps them in memory, nobody reads them back through the cache) is read
// from db-proxy and never filled; a write takes no lease for its keys and deletes them after
// the commit, so that a value left from when the table was cached (or by an instance that
// still caches it) never outlives a write. A batch that also writes cached tables fills
// those as before. With each cache.
import { toBigInt } from '@slg/proto';
import t from 'tap';
import type { Cache } from '../src/cache/interface.ts';
import { decodeFetch, encodeFetch } from '../src/records.ts';
import { loadSchemaInfo, schemaInfoFrom } from '../src/schema.ts';
import {
  cacheKinds,
  fieldsOf,
  int,
  metricCount,
  startDataServer,
  startDbProxy,
  str,
  uniquePrefix,
} from './helpers.ts';

t.test('the schema: "cache" is true or false', async (t) => {
  const table = (cache: unknown) => ({
    tables: { t: { primaryKey: ['id'], cache, columns: { id: { type: 'int64' } } } },
  });
  t.equal(schemaInfoFrom(table(undefined)).tables.get('t')?.cached, true, 'cached by default');
  t.equal(schemaInfoFrom(table(false)).tables.get('t')?.cached, false);
  t.throws(() => schemaInfoFrom(table('no')), /t\.cache: must be true or false, not "no"/);
  const shipped = ['map_march', 'map_march_ref', 'map_report'];
  t.same(
    [...loadSchemaInfo().tables.values()]
      .filter((x) => !x.cached)
      .map((x) => x.name)
      .sort(),
    shipped.sort(),
    "the shipped schema caches every table but the map's marches and reports",
  );
});

/** A value stored at `key` as a reader of a cached table would (lease, then fill). */
async function plant(cache: Cache, key: string, value: Buffer): Promise<void> {
  const lease = await cache.lease(key, undefined);
  if (lease.state !== 'granted') throw new Error(`no lease on ${key}: ${lease.state}`);
  if (!(await cache.fill(key, lease.token, value, 60_000))) throw new Error(`no fill of ${key}`);
}

for (const cacheKind of cacheKinds()) {
  t.test(`uncached tables with the ${cacheKind} cache`, async (t) => {
    const proxy = await startDbProxy(t, `uncached_${cacheKind}`);
    const prefix = uniquePrefix(`uncached-${cacheKind}`);
    const ds = await startDataServer(t, { dbProxy: proxy.address, cache: cacheKind, prefix });
    const c = ds.client;
    const cache = ds.app.cache;
    const record = (table: string, owner: number, member = 0) =>
      `${prefix}{${owner}}:r:${table}:${member}`;
    const collection = (table: string, owner: number) => `${prefix}{${owner}}:c:${table}`;
    const lookups = (result: string) =>
      metricCount(ds.app.registry, 'dataserver_cache_lookups_total', { kind: 'record', result });
    /** A stale copy of a march, as if filled before the table stopped being cached. */
    const stale = (owner: number, member: number) =>
      encodeFetch({
        table: 'map_march',
        ownerId: owner,
        memberId: member,
        fields: { kind: { str: 'stale' } },
        version: 99,
      });

    t.test('reads go to db-proxy and fill nothing; a write deletes what was there', async (t) => {
      const key = record('map_march', 1, 5);
      await plant(cache, key, stale(1, 5));
      const uncachedBefore = await lookups('uncached');
      t.equal((await c.FetchV2({ table: 'map_march', ownerId: 1, memberId: 5 })).record, null);
      t.equal((await lookups('uncached')) - uncachedBefore, 1, 'counted as uncached');
      await c.CreateV2({
        table: 'map_march',
        ownerId: 1,
        memberId: 5,
        fields: { kind: str('scout') },
      });
      t.equal(await cache.get(key), null, 'the old value is gone after the write');
      const got = await c.FetchV2({ table: 'map_march', ownerId: 1, memberId: 5 });
      t.equal(fieldsOf(got.record!).kind, 'scout');
      const list = await c.CFetchV2({ table: 'map_march', ownerId: 1 });
      t.equal(list.records.length, 1);
      t.equal(await cache.get(key), null, 'FetchV2 filled nothing');
      t.equal(await cache.get(collection('map_march', 1)), null, 'CFetchV2 filled nothing');
      await c.ModifyV2({
        table: 'map_march',
        ownerId: 1,
        memberId: 5,
        fields: { kind: str('gather') },
      });
      t.equal(await cache.get(key), null, 'a modify fills nothing');
      await plant(cache, key, stale(1, 5));
      await c.RemoveV2({ table: 'map_march', ownerId: 1, memberId: 5 });
      t.equal(await cache.get(key), null, 'a remove deletes what was there');
    });

    t.test('a batch of cached and uncached tables', async (t) => {
      await c.CreateV2({ table: 'player', ownerId: 2, fields: { gold: int(10) } });
      await c.FetchV2({ table: 'player', ownerId: 2 });
      const marchKey = record('map_march', 2, 7);
      await plant(cache, marchKey, stale(2, 7));
      await c.BatchWriteV2({
        ops: [
          { incrBy: { table: 'player', ownerId: 2, field: 'gold', delta: 5 } },
          { create: { table: 'map_march', ownerId: 2, memberId: 7, fields: {} } },
        ],
      });
      const player = await cache.get(record('player', 2));
      t.ok(player, 'the cached table is filled with its new value');
      t.equal(String(decodeFetch(player!)?.fields?.gold?.int), '15');
      t.equal(await cache.get(marchKey), null, "the uncached table's key is deleted");
      const m = await c.FetchV2({ table: 'map_march', ownerId: 2, memberId: 7 });
      t.equal(toBigInt(m.record!.version), 1n, 'served as stored');
    });

    t.test('BatchWritesV2: batches of uncached tables only, beside a mixed one', async (t) => {
      const keys = [record('map_report', 3, 1), record('map_march', 4, 1)];
      for (const [i, k] of keys.entries()) await plant(cache, k, stale(3 + i, 1));
      const res = await c.BatchWritesV2({
        batches: [
          { ops: [{ create: { table: 'map_report', ownerId: 3, memberId: 1, fields: {} } }] },
          {
            ops: [
              { create: { table: 'player', ownerId: 4, fields: { gold: int(1) } } },
              { create: { table: 'map_march', ownerId: 4, memberId: 1, fields: {} } },
            ],
          },
        ],
      });
      t.same(
        res.outcomes.map((o) => (o.written ? 'written' : 'failed')),
        ['written', 'written'],
      );
      for (const k of keys) t.equal(await cache.get(k), null, `${k} deleted`);
      t.ok(await cache.get(record('player', 4)), 'the cached table filled');
      const report = await c.FetchV2({ table: 'map_report', ownerId: 3, memberId: 1 });
      t.equal(toBigInt(report.record!.version), 1n);
    });
  });
}
