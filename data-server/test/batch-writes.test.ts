// BatchWritesV2 and the cache, with each cache: the batches of one call take their write leases
// in ONE cache call and fill in ONE more, whatever their number (map-server sends the writes of
// many owners at once: a call per batch was two Redis scripts per batch); and one batch whose
// lease fails or whose write is refused leaves every owner's cache equal to what MariaDB holds.
import { toBigInt } from '@slg/proto';
import t from 'tap';
import type { Cache, WriteLease } from '../src/cache/interface.ts';
import {
  cacheKinds,
  fieldsOf,
  int,
  mariadb,
  startDataServer,
  startDbProxy,
  uniquePrefix,
} from './helpers.ts';

/** The cache's write-path calls, counted on the instance the service uses. */
function countCalls(cache: Cache) {
  const counts: Record<string, number> = {};
  const names = [
    'writeLease',
    'writeLeases',
    'writeFill',
    'writeFills',
    'invalidate',
    'lease',
    'fill',
  ] as const;
  for (const name of names) {
    counts[name] = 0;
    // (Without writeLeases/writeFills, as before the group calls, the counts say so.)
    if (typeof cache[name] !== 'function') continue;
    const original = (cache[name] as (...a: unknown[]) => unknown).bind(cache);
    (cache as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      counts[name]!++;
      return original(...args);
    };
  }
  return {
    counts,
    reset() {
      for (const name of names) counts[name] = 0;
    },
  };
}

for (const cacheKind of cacheKinds()) {
  t.test(`BatchWritesV2 with the ${cacheKind} cache`, async (t) => {
    const proxy = await startDbProxy(t, `batches_${cacheKind}`);
    const ds = await startDataServer(t, {
      dbProxy: proxy.address,
      cache: cacheKind,
      prefix: uniquePrefix(`batches-${cacheKind}`),
    });
    const c = ds.client;
    const calls = countCalls(ds.app.cache);

    /** What MariaDB holds for an owner: its gold and version, and its buildings' x and version. */
    const inDb = async (owner: number) => {
      const player = (
        await mariadb(
          proxy.database!,
          `SELECT gold, version FROM player WHERE player_id = ${owner}`,
        )
      ).trim();
      const buildings = (
        await mariadb(
          proxy.database!,
          `SELECT building_id, x, version FROM building WHERE player_id = ${owner} ORDER BY building_id`,
        )
      ).trim();
      return { player, buildings };
    };
    /** The same, as FetchV2/CFetchV2 serve it. */
    const served = async (owner: number) => {
      const p = await c.FetchV2({ table: 'player', ownerId: owner });
      const b = await c.CFetchV2({ table: 'building', ownerId: owner });
      return {
        player: p.record ? `${fieldsOf(p.record).gold}\t${toBigInt(p.record.version)}` : '',
        buildings: b.records
          .map((r) => `${toBigInt(r.memberId)}\t${fieldsOf(r).x}\t${toBigInt(r.version)}`)
          .join('\n'),
      };
    };
    const incrGold = (owner: number, delta: number, floor?: number) => ({
      incrBy: {
        table: 'player',
        ownerId: owner,
        field: 'gold',
        delta,
        ...(floor === undefined ? {} : { floor }),
      },
    });
    const incrX = (owner: number, delta: number) => ({
      incrBy: { table: 'building', ownerId: owner, memberId: 1, field: 'x', delta },
    });
    /** Owners with a player and a building, both cached (read once). */
    const seed = async (owners: number[]) => {
      for (const owner of owners) {
        await c.CreateV2({ table: 'player', ownerId: owner, fields: { gold: int(100) } });
        await c.CreateV2({ table: 'building', ownerId: owner, memberId: 1, fields: { x: int(0) } });
        await served(owner);
      }
    };
    const coherent = async (owners: number[], what: string) => {
      for (const owner of owners) {
        t.same(await served(owner), await inDb(owner), `${what}: owner ${owner} served as stored`);
      }
    };

    t.test('N batches: one lease call and one fill call', async (t) => {
      const owners = Array.from({ length: 12 }, (_, i) => 1000 + i);
      await seed(owners);
      calls.reset();
      const r = await c.BatchWritesV2({
        batches: owners.map((o) => ({ ops: [incrGold(o, 1), incrX(o, 2)] })),
      });
      t.equal(r.outcomes.length, owners.length);
      t.ok(
        r.outcomes.every((o) => o.written),
        'every batch written',
      );
      t.same(
        calls.counts,
        {
          writeLease: 0,
          writeLeases: 1,
          writeFill: 0,
          writeFills: 1,
          invalidate: 0,
          lease: 0,
          fill: 0,
        },
        `${owners.length} batches: one writeLeases and one writeFills, nothing else`,
      );
      await coherent(owners, 'after the group');
      // The fills stored the computed values: the reads above were hits, no lease taken.
      calls.reset();
      await coherent(owners, 'read again');
      t.equal(calls.counts.lease, 0, 'every key was filled by the write: no miss');
    });

    t.test('a refused batch and a batch without its lease: the others exact', async (t) => {
      const owners = [2000, 2001, 2002, 2003];
      await seed(owners);
      // Batch 1 is refused (gold would go below its floor); batch 2 gets no lease (as if its
      // slot's node failed); 0 and 3 are applied under theirs.
      const original = ds.app.cache.writeLeases;
      let withheld: WriteLease | Error | undefined;
      (ds.app.cache as { writeLeases: Cache['writeLeases'] }).writeLeases = async (
        writes,
        leaseMs,
      ) => {
        const out = await original.call(ds.app.cache, writes, leaseMs);
        withheld = out[2];
        out[2] = new Error('this batch gets no lease');
        return out;
      };
      t.teardown(() => {
        (ds.app.cache as { writeLeases: Cache['writeLeases'] }).writeLeases = original;
      });
      calls.reset();
      const r = await c.BatchWritesV2({
        batches: [
          { ops: [incrGold(2000, 5), incrX(2000, 1)] },
          { ops: [incrX(2001, 1), incrGold(2001, -1000, 0)] },
          { ops: [incrGold(2002, 7), incrX(2002, 3)] },
          { ops: [incrGold(2003, 9)] },
        ],
      });
      t.ok(r.outcomes[0]!.written, 'batch 0 written');
      t.equal(r.outcomes[1]!.failed?.code, 9, 'batch 1 refused: FAILED_PRECONDITION');
      t.ok(r.outcomes[2]!.written, 'batch 2 written (without its lease)');
      t.ok(r.outcomes[3]!.written, 'batch 3 written');
      t.ok(withheld && !(withheld instanceof Error), 'the cache had given batch 2 its lease');
      t.equal(calls.counts.writeFills, 1, 'one fill call (batches 0 and 3, and 1 put back)');
      // Its player, its building and its building collection.
      t.equal(calls.counts.invalidate, 3, "batch 2's three keys invalidated after its commit");
      t.same(
        await inDb(2001),
        { player: '100\t1', buildings: '1\t0\t1' },
        'the refused batch wrote nothing',
      );
      await coherent(owners, 'after the group');
    });
  });
}
