// Every operation's semantics and errors, through a real db-proxy over the real
// MariaDB, with each cache backend (the same suite for both).
import { status } from '@grpc/grpc-js';
import { toBigInt } from '@slg/proto';
import t from 'tap';
import type { RedisCache } from '../src/cache/redis.ts';
import {
  cacheKinds,
  dbProxyCalls,
  failure,
  fieldsOf,
  insertDirect,
  int,
  mariadb,
  metricCount,
  startDataServer,
  startDbProxy,
  str,
  uniquePrefix,
} from './helpers.ts';

const big = toBigInt;

for (const cache of cacheKinds()) {
  t.test(`operations with the ${cache} cache`, async (t) => {
    const proxy = await startDbProxy(t, `ops_${cache}`);
    const ds = await startDataServer(t, {
      dbProxy: proxy.address,
      cache,
      prefix: uniquePrefix(`ops-${cache}`),
    });
    const c = ds.client;
    // Owner ids of this run (the database is fresh, but keep them distinct per test).
    let nextOwner = 1000;
    const owner = () => ++nextOwner;

    t.test('player: create (which fills the cache), fetch (hits), duplicate create', async (t) => {
      const id = owner();
      const none = await c.FetchV2({ table: 'player', ownerId: id });
      t.equal(none.record, null, 'a missing record is an empty response');
      const created = await c.CreateV2({
        table: 'player',
        ownerId: id,
        fields: { name: str('alice'), gold: int(100) },
      });
      t.equal(big(created.version), 1n);
      const hitsBefore = await metricCount(ds.app.registry, 'dataserver_cache_lookups_total', {
        kind: 'record',
        result: 'hit',
      });
      const getsBefore = await dbProxyCalls(ds.app, 'Get');
      const first = await c.FetchV2({ table: 'player', ownerId: id });
      const second = await c.FetchV2({ table: 'player', ownerId: id });
      const hitsAfter = await metricCount(ds.app.registry, 'dataserver_cache_lookups_total', {
        kind: 'record',
        result: 'hit',
      });
      t.equal(hitsAfter - hitsBefore, 2, 'both fetches were cache hits (CreateV2 wrote through)');
      t.equal((await dbProxyCalls(ds.app, 'Get')) - getsBefore, 0, 'no db-proxy Get');
      for (const r of [first, second]) {
        t.equal(r.record?.table, 'player');
        t.equal(big(r.record?.ownerId), BigInt(id));
        t.equal(big(r.record?.memberId), 0n);
        t.equal(big(r.record?.version), 1n);
        t.same(fieldsOf(r.record), {
          name: 'alice',
          level: 1n,
          vip_level: 0n,
          power: 0n,
          alliance_id: 0n,
          gold: 100n,
          food: 0n,
          wood: 0n,
          stone: 0n,
          iron: 0n,
          created_at: 0n,
        });
      }
      const dup = await failure(
        c.CreateV2({ table: 'player', ownerId: id, fields: { name: str('bob') } }),
      );
      t.equal(dup.grpcCode, status.ALREADY_EXISTS);
      const after = await c.FetchV2({ table: 'player', ownerId: id });
      t.equal(fieldsOf(after.record).name, 'alice', 'the duplicate changed nothing');
    });

    t.test('a cached "absent" is replaced by a create', async (t) => {
      const id = owner();
      t.equal((await c.FetchV2({ table: 'player', ownerId: id })).record, null);
      t.equal((await c.FetchV2({ table: 'player', ownerId: id })).record, null);
      await c.CreateV2({ table: 'player', ownerId: id, fields: {} });
      const r = await c.FetchV2({ table: 'player', ownerId: id });
      t.equal(big(r.record?.version), 1n);
    });

    t.test('ModifyV2: fields, expected version, missing record', async (t) => {
      const id = owner();
      await c.CreateV2({ table: 'player', ownerId: id, fields: { name: str('a') } });
      await c.FetchV2({ table: 'player', ownerId: id }); // cached now
      const m = await c.ModifyV2({
        table: 'player',
        ownerId: id,
        fields: { name: str('b'), power: int(7) },
      });
      t.equal(big(m.version), 2n);
      let r = await c.FetchV2({ table: 'player', ownerId: id });
      t.equal(fieldsOf(r.record).name, 'b', 'no stale read after the acknowledged write');
      t.equal(fieldsOf(r.record).power, 7n);
      t.equal(big(r.record?.version), 2n);
      const stale = await failure(
        c.ModifyV2({
          table: 'player',
          ownerId: id,
          fields: { name: str('x') },
          expectedVersion: 1,
        }),
      );
      t.equal(stale.grpcCode, status.FAILED_PRECONDITION);
      const ok = await c.ModifyV2({
        table: 'player',
        ownerId: id,
        fields: { name: str('c') },
        expectedVersion: 2,
      });
      t.equal(big(ok.version), 3n);
      r = await c.FetchV2({ table: 'player', ownerId: id });
      t.equal(fieldsOf(r.record).name, 'c');
      const missing = await failure(
        c.ModifyV2({ table: 'player', ownerId: owner(), fields: { name: str('x') } }),
      );
      t.equal(missing.grpcCode, status.NOT_FOUND);
    });

    t.test('IncrByV2: exact int64, floor and ceiling, missing record', async (t) => {
      const id = owner();
      await c.CreateV2({ table: 'player', ownerId: id, fields: { gold: int(10) } });
      await c.FetchV2({ table: 'player', ownerId: id });
      const r1 = await c.IncrByV2({ table: 'player', ownerId: id, field: 'gold', delta: 5 });
      t.equal(big(r1.value), 15n);
      t.equal(big(r1.version), 2n);
      t.equal(fieldsOf((await c.FetchV2({ table: 'player', ownerId: id })).record).gold, 15n);
      const low = await failure(
        c.IncrByV2({ table: 'player', ownerId: id, field: 'gold', delta: -20, floor: 0 }),
      );
      t.equal(low.grpcCode, status.FAILED_PRECONDITION, 'crossing the floor');
      const high = await failure(
        c.IncrByV2({ table: 'player', ownerId: id, field: 'gold', delta: 10, ceiling: 20 }),
      );
      t.equal(high.grpcCode, status.FAILED_PRECONDITION, 'crossing the ceiling');
      const inside = await c.IncrByV2({
        table: 'player',
        ownerId: id,
        field: 'gold',
        delta: 5,
        floor: 0,
        ceiling: 20,
      });
      t.equal(big(inside.value), 20n, 'reaching the ceiling exactly is allowed');
      const huge = 2n ** 62n + 3n;
      const r2 = await c.IncrByV2({
        table: 'player',
        ownerId: id,
        field: 'food',
        delta: int(huge).int!,
      });
      t.equal(big(r2.value), huge, 'int64 stays exact beyond 2^53');
      const fetched = fieldsOf((await c.FetchV2({ table: 'player', ownerId: id })).record);
      t.equal(fetched.food, huge);
      t.equal(fetched.gold, 20n);
      const missing = await failure(
        c.IncrByV2({ table: 'player', ownerId: owner(), field: 'gold', delta: 1 }),
      );
      t.equal(missing.grpcCode, status.NOT_FOUND);
    });

    t.test('RemoveV2: removed, then absent, then removed=false', async (t) => {
      const id = owner();
      await c.CreateV2({ table: 'player', ownerId: id, fields: {} });
      await c.FetchV2({ table: 'player', ownerId: id });
      t.equal((await c.RemoveV2({ table: 'player', ownerId: id })).removed, true);
      t.equal((await c.FetchV2({ table: 'player', ownerId: id })).record, null);
      t.equal((await c.RemoveV2({ table: 'player', ownerId: id })).removed, false);
    });

    t.test('RemoveV2 at an expected version: single and in a batch', async (t) => {
      const id = owner();
      await c.CreateV2({ table: 'troop', ownerId: id, memberId: 1, fields: { count: int(5) } });
      await c.CreateV2({ table: 'troop', ownerId: id, memberId: 2, fields: { count: int(6) } });
      await c.CFetchV2({ table: 'troop', ownerId: id }); // the collection cached
      const stale = await failure(
        c.RemoveV2({ table: 'troop', ownerId: id, memberId: 1, expectedVersion: 2 }),
      );
      t.equal(stale.grpcCode, status.FAILED_PRECONDITION, 'another version');
      t.equal(
        big((await c.CCountV2({ table: 'troop', ownerId: id })).count),
        2n,
        'nothing removed',
      );
      const absent = await failure(
        c.RemoveV2({ table: 'troop', ownerId: id, memberId: 9, expectedVersion: 1 }),
      );
      t.equal(absent.grpcCode, status.NOT_FOUND, 'absent: NOT_FOUND, not removed=false');
      const ok = await c.RemoveV2({ table: 'troop', ownerId: id, memberId: 1, expectedVersion: 1 });
      t.equal(ok.removed, true);
      const listed = await c.CFetchV2({ table: 'troop', ownerId: id });
      t.same(
        listed.records.map((r) => big(r.memberId)),
        [2n],
        'the cached collection follows',
      );
      const batch = await c.BatchWriteV2({
        ops: [
          { incrBy: { table: 'troop', ownerId: id, memberId: 2, field: 'count', delta: 1 } },
          { remove: { table: 'troop', ownerId: id, memberId: 2, expectedVersion: 2 } },
        ],
      });
      t.same(
        batch.results.map((r) => r.remove?.removed ?? null),
        [null, true],
      );
      const refused = await c.BatchWritesV2({
        batches: [
          { ops: [{ remove: { table: 'player', ownerId: id, expectedVersion: 1 } }] },
          { ops: [{ create: { table: 'troop', ownerId: id, memberId: 3, fields: {} } }] },
        ],
      });
      t.equal(refused.outcomes[0]?.failed?.code, status.NOT_FOUND, 'in a group: that batch alone');
      t.ok(refused.outcomes[1]?.written, 'the other written');
      t.same(
        (await c.CFetchV2({ table: 'troop', ownerId: id })).records.map((r) => big(r.memberId)),
        [3n],
      );
    });

    t.test(
      'collections: CFetchV2 and CCountV2 stay exact through every member write',
      async (t) => {
        const id = owner();
        const members = async () =>
          (await c.CFetchV2({ table: 'troop', ownerId: id })).records.map((r) => [
            Number(big(r.memberId)),
            fieldsOf(r).count,
            Number(big(r.version)),
          ]);
        const count = async () =>
          Number(big((await c.CCountV2({ table: 'troop', ownerId: id })).count));
        t.same(await members(), []);
        t.equal(await count(), 0);
        for (const m of [3, 1, 2])
          await c.CreateV2({
            table: 'troop',
            ownerId: id,
            memberId: m,
            fields: { count: int(m * 10) },
          });
        t.same(
          await members(),
          [
            [1, 10n, 1],
            [2, 20n, 1],
            [3, 30n, 1],
          ],
          'ordered by member id',
        );
        t.equal(await count(), 3);
        await c.FetchV2({ table: 'troop', ownerId: id, memberId: 2 }); // member cached too
        await c.ModifyV2({ table: 'troop', ownerId: id, memberId: 2, fields: { count: int(21) } });
        t.same(
          await members(),
          [
            [1, 10n, 1],
            [2, 21n, 2],
            [3, 30n, 1],
          ],
          'after ModifyV2',
        );
        await c.IncrByV2({ table: 'troop', ownerId: id, memberId: 3, field: 'count', delta: 5 });
        t.same(
          await members(),
          [
            [1, 10n, 1],
            [2, 21n, 2],
            [3, 35n, 2],
          ],
          'after IncrByV2',
        );
        await c.CreateV2({ table: 'troop', ownerId: id, memberId: 9, fields: { count: int(90) } });
        t.equal(await count(), 4, 'after CreateV2');
        t.equal((await c.RemoveV2({ table: 'troop', ownerId: id, memberId: 1 })).removed, true);
        t.same(
          await members(),
          [
            [2, 21n, 2],
            [3, 35n, 2],
            [9, 90n, 1],
          ],
          'after RemoveV2',
        );
        t.equal(await count(), 3);
        t.equal(
          fieldsOf((await c.FetchV2({ table: 'troop', ownerId: id, memberId: 2 })).record).count,
          21n,
        );
        const some = await c.CRemoveV2({ table: 'troop', ownerId: id, memberIds: [2, 77] });
        t.equal(big(some.removed), 1n, 'only existing members count');
        t.same(
          await members(),
          [
            [3, 35n, 2],
            [9, 90n, 1],
          ],
          'after CRemoveV2 of some',
        );
        t.equal(
          (await c.FetchV2({ table: 'troop', ownerId: id, memberId: 2 })).record,
          null,
          'removed member gone',
        );
        await c.FetchV2({ table: 'troop', ownerId: id, memberId: 3 });
        await c.FetchV2({ table: 'troop', ownerId: id, memberId: 9 });
        const all = await c.CRemoveV2({ table: 'troop', ownerId: id, all: true });
        t.equal(big(all.removed), 2n);
        t.same(await members(), []);
        t.equal(await count(), 0);
        t.equal(
          (await c.FetchV2({ table: 'troop', ownerId: id, memberId: 3 })).record,
          null,
          'cached member gone',
        );
        t.equal(
          (await c.FetchV2({ table: 'troop', ownerId: id, memberId: 9 })).record,
          null,
          'cached member gone',
        );
      },
    );

    t.test(
      'CRemoveV2 all also invalidates members whose index Redis evicted',
      {
        skip:
          cache === 'redis'
            ? false
            : 'the embedded cache keeps its member indexes outside the LRU: nothing to evict',
      },
      async (t) => {
        const id = owner();
        for (const m of [1, 2]) {
          await c.CreateV2({ table: 'item', ownerId: id, memberId: m, fields: {} });
          await c.FetchV2({ table: 'item', ownerId: id, memberId: m });
        }
        const redis = (ds.app.cache as RedisCache).redis;
        const prefix = ds.app.config.keyPrefix;
        t.equal(await redis.exists(`${prefix}{${id}}:r:item:1`), 1, 'member cached');
        t.equal(await redis.del(`${prefix}{${id}}:i:item`), 1, 'index evicted (by hand)');
        await c.CRemoveV2({ table: 'item', ownerId: id, all: true });
        t.equal((await c.FetchV2({ table: 'item', ownerId: id, memberId: 1 })).record, null);
        t.equal((await c.FetchV2({ table: 'item', ownerId: id, memberId: 2 })).record, null);
      },
    );

    t.test('collections of one owner are separate from other owners and tables', async (t) => {
      const a = owner();
      const b = owner();
      await c.CreateV2({ table: 'item', ownerId: a, memberId: 1, fields: { kind: str('sword') } });
      await c.CreateV2({ table: 'item', ownerId: b, memberId: 1, fields: { kind: str('shield') } });
      await c.CreateV2({
        table: 'building',
        ownerId: a,
        memberId: 1,
        fields: { kind: str('farm') },
      });
      t.same(
        (await c.CFetchV2({ table: 'item', ownerId: a })).records.map((r) => fieldsOf(r).kind),
        ['sword'],
      );
      await c.CRemoveV2({ table: 'item', ownerId: a, all: true });
      t.same(
        (await c.CFetchV2({ table: 'item', ownerId: b })).records.map((r) => fieldsOf(r).kind),
        ['shield'],
      );
      t.same(
        (await c.CFetchV2({ table: 'building', ownerId: a })).records.map((r) => fieldsOf(r).kind),
        ['farm'],
      );
    });

    t.test('every value type round-trips (mail)', async (t) => {
      const id = owner();
      const attachment = Buffer.from([0, 1, 2, 255]);
      await c.CreateV2({
        table: 'mail',
        ownerId: id,
        memberId: 5,
        fields: {
          sender_id: int(2n ** 63n - 1n),
          subject: str('héllo 🌍'),
          read: { bool: true },
          attachment: { bytes: attachment },
          rating: { float: 4.25 },
        },
      });
      for (let i = 0; i < 2; i++) {
        const f = fieldsOf((await c.FetchV2({ table: 'mail', ownerId: id, memberId: 5 })).record);
        t.equal(f.sender_id, 2n ** 63n - 1n);
        t.equal(f.subject, 'héllo 🌍');
        t.equal(f.read, true);
        t.same(f.attachment, attachment);
        t.equal(f.rating, 4.25);
      }
    });

    t.test(
      'writes write through: no db-proxy read after them, and what is served is what is stored',
      async (t) => {
        const id = owner();
        const reads = async () =>
          (await dbProxyCalls(ds.app, 'Get')) + (await dbProxyCalls(ds.app, 'List'));
        // A cached player and a cached collection to start from.
        await c.CreateV2({ table: 'player', ownerId: id, fields: { name: str('w') } });
        t.same((await c.CFetchV2({ table: 'troop', ownerId: id })).records, []);
        const before = await reads();
        await c.ModifyV2({
          table: 'player',
          ownerId: id,
          fields: { power: int(9), name: str('x') },
        });
        await c.IncrByV2({ table: 'player', ownerId: id, field: 'gold', delta: 7 });
        for (const m of [5, 2, 8]) {
          await c.CreateV2({ table: 'troop', ownerId: id, memberId: m, fields: { count: int(m) } });
        }
        await c.ModifyV2({
          table: 'troop',
          ownerId: id,
          memberId: 2,
          fields: { kind: str('archer') },
        });
        await c.IncrByV2({ table: 'troop', ownerId: id, memberId: 5, field: 'count', delta: 10 });
        await c.RemoveV2({ table: 'troop', ownerId: id, memberId: 8 });
        const player = await c.FetchV2({ table: 'player', ownerId: id });
        const troops = await c.CFetchV2({ table: 'troop', ownerId: id });
        const t2 = await c.FetchV2({ table: 'troop', ownerId: id, memberId: 2 });
        const t8 = await c.FetchV2({ table: 'troop', ownerId: id, memberId: 8 });
        const count = Number(big((await c.CCountV2({ table: 'troop', ownerId: id })).count));
        t.equal((await reads()) - before, 0, 'every read after the writes was a cache hit');
        // Every column: the written ones, and the schema's defaults for the others.
        t.strictSame(fieldsOf(player.record), {
          name: 'x',
          level: 1n,
          vip_level: 0n,
          power: 9n,
          alliance_id: 0n,
          gold: 7n,
          food: 0n,
          wood: 0n,
          stone: 0n,
          iron: 0n,
          created_at: 0n,
        });
        t.equal(big(player.record?.version), 3n);
        t.same(
          troops.records.map((r) => [
            Number(big(r.memberId)),
            fieldsOf(r).kind,
            fieldsOf(r).count,
            Number(big(r.version)),
          ]),
          [
            [2, 'archer', 2n, 2],
            [5, 'infantry', 15n, 2],
          ],
        );
        t.equal(fieldsOf(t2.record).kind, 'archer');
        t.equal(t8.record, null, 'the removed member is cached as absent');
        t.equal(count, 2);
        // And all of it equals the store of record.
        for (const [table, member] of [
          ['player', 0],
          ['troop', 2],
          ['troop', 5],
          ['troop', 8],
        ] as const) {
          const r = await c.InspectV2({ table, ownerId: id, memberId: member });
          t.same(fieldsOf(r.served), fieldsOf(r.stored), `${table} ${member}: served = stored`);
          t.equal(
            String(r.served?.version),
            String(r.stored?.version),
            `${table} ${member}: same version`,
          );
          t.equal(r.cached, true, `${table} ${member}: cached`);
        }
        await c.CRemoveV2({ table: 'troop', ownerId: id, memberIds: [2] });
        t.same(
          (await c.CFetchV2({ table: 'troop', ownerId: id })).records.map((r) =>
            Number(big(r.memberId)),
          ),
          [5],
        );
        await c.CRemoveV2({ table: 'troop', ownerId: id, all: true });
        const beforeEmpty = await reads();
        t.same((await c.CFetchV2({ table: 'troop', ownerId: id })).records, []);
        t.equal((await reads()) - beforeEmpty, 0, 'the emptied collection is cached');
      },
    );

    t.test('a cached copy that missed a write is not patched (version gap)', async (t) => {
      const id = owner();
      await c.CreateV2({ table: 'player', ownerId: id, fields: { gold: int(1) } });
      await c.FetchV2({ table: 'player', ownerId: id }); // cached at version 1
      // A write the cache never saw (version 2), then one through data-server (version 3).
      await mariadb(
        proxy.database!,
        `UPDATE player SET gold = 50, version = version + 1 WHERE player_id = ${id}`,
      );
      await c.ModifyV2({ table: 'player', ownerId: id, fields: { name: str('after') } });
      const r = await c.FetchV2({ table: 'player', ownerId: id });
      t.equal(fieldsOf(r.record).gold, 50n, 'the change made behind its back is served');
      t.equal(fieldsOf(r.record).name, 'after');
      t.equal(big(r.record?.version), 3n);
    });

    t.test('a write that fails changes nothing in the cache', async (t) => {
      const id = owner();
      await c.CreateV2({ table: 'player', ownerId: id, fields: { gold: int(5) } });
      const before = await dbProxyCalls(ds.app, 'Get');
      await failure(
        c.IncrByV2({ table: 'player', ownerId: id, field: 'gold', delta: -10, floor: 0 }),
      );
      await failure(
        c.ModifyV2({ table: 'player', ownerId: id, fields: { gold: int(1) }, expectedVersion: 9 }),
      );
      const r = await c.FetchV2({ table: 'player', ownerId: id });
      t.equal(fieldsOf(r.record).gold, 5n);
      t.equal(
        (await dbProxyCalls(ds.app, 'Get')) - before,
        0,
        'still cached: put back after the failures',
      );
    });

    t.test('InspectV2: served (cached or not) beside stored', async (t) => {
      const id = owner();
      await insertDirect(
        proxy.address,
        'building',
        { player_id: id, building_id: 4 },
        { level: int(3) },
      );
      const before = await c.InspectV2({ table: 'building', ownerId: id, memberId: 4 });
      t.equal(before.cached, false);
      t.same(fieldsOf(before.served), fieldsOf(before.stored));
      t.equal(fieldsOf(before.stored).level, 3n);
      await c.FetchV2({ table: 'building', ownerId: id, memberId: 4 });
      const after = await c.InspectV2({ table: 'building', ownerId: id, memberId: 4 });
      t.equal(after.cached, true);
      t.same(fieldsOf(after.served), fieldsOf(after.stored));
      t.equal(big(after.served?.version), 1n);
      const absent = await c.InspectV2({ table: 'building', ownerId: id, memberId: 99 });
      t.equal(absent.served, null);
      t.equal(absent.stored, null);
    });

    t.test("InspectV2 reports a record changed behind data-server's back", async (t) => {
      const id = owner();
      await c.CreateV2({ table: 'player', ownerId: id, fields: { gold: int(1) } });
      await c.FetchV2({ table: 'player', ownerId: id }); // cached
      await mariadb(
        proxy.database!,
        `UPDATE player SET gold = 999, version = version + 1 WHERE player_id = ${id}`,
      );
      const r = await c.InspectV2({ table: 'player', ownerId: id });
      t.equal(r.cached, true);
      t.equal(fieldsOf(r.served).gold, 1n, 'served from the cache');
      t.equal(fieldsOf(r.stored).gold, 999n, 'stored as changed');
    });

    t.test(
      'bad input: INVALID_ARGUMENT naming the problem, nothing written, no db-proxy call',
      async (t) => {
        const id = owner();
        await c.CreateV2({ table: 'player', ownerId: id, fields: { gold: int(5) } });
        await c.CreateV2({ table: 'troop', ownerId: id, memberId: 1, fields: {} });
        const calls = async () => {
          let n = 0;
          for (const m of [
            'Get',
            'List',
            'Count',
            'Insert',
            'Update',
            'Increment',
            'Delete',
            'DeleteMany',
          ]) {
            n += await dbProxyCalls(ds.app, m);
          }
          return n;
        };
        const before = await calls();
        const long = 'x'.repeat(33);
        const cases: [string, Promise<unknown>, RegExp][] = [
          ['unknown table', c.FetchV2({ table: 'nope', ownerId: id }), /table "nope" is unknown/],
          ['no table', c.CFetchV2({ table: '', ownerId: id }), /table is required/],
          ['missing owner', c.FetchV2({ table: 'player', ownerId: 0 }), /owner_id is required/],
          [
            'negative owner',
            c.FetchV2({ table: 'player', ownerId: -5 }),
            /owner_id must be a positive/,
          ],
          [
            'member on a single-record table',
            c.FetchV2({ table: 'player', ownerId: id, memberId: 3 }),
            /member_id must be 0/,
          ],
          ['missing member', c.FetchV2({ table: 'troop', ownerId: id }), /member_id is required/],
          [
            'collection op on a single table',
            c.CFetchV2({ table: 'player', ownerId: id }),
            /single-record table/,
          ],
          [
            'unknown field',
            c.ModifyV2({ table: 'player', ownerId: id, fields: { nope: int(1) } }),
            /fields\.nope/,
          ],
          [
            'wrong type',
            c.ModifyV2({ table: 'player', ownerId: id, fields: { gold: str('1') } }),
            /fields\.gold: expected int64/,
          ],
          [
            'NULL',
            c.ModifyV2({ table: 'player', ownerId: id, fields: { gold: {} } }),
            /fields\.gold: a value is required/,
          ],
          [
            'oversize string',
            c.ModifyV2({ table: 'player', ownerId: id, fields: { name: str(long) } }),
            /33 characters, more than the 32/,
          ],
          [
            'oversize bytes',
            c.CreateV2({
              table: 'mail',
              ownerId: id,
              memberId: 1,
              fields: { attachment: { bytes: Buffer.alloc(1025) } },
            }),
            /1025 bytes/,
          ],
          [
            'not finite',
            c.CreateV2({
              table: 'mail',
              ownerId: id,
              memberId: 1,
              fields: { rating: { float: Number.NaN } },
            }),
            /not a finite/,
          ],
          [
            'key column in fields',
            c.ModifyV2({ table: 'player', ownerId: id, fields: { player_id: int(1) } }),
            /key columns cannot be set/,
          ],
          [
            'member key in fields',
            c.CreateV2({ table: 'troop', ownerId: id, memberId: 2, fields: { troop_id: int(9) } }),
            /key columns cannot be set/,
          ],
          [
            'version in fields',
            c.ModifyV2({ table: 'player', ownerId: id, fields: { version: int(9) } }),
            /fields\.version/,
          ],
          [
            'nothing to modify',
            c.ModifyV2({ table: 'player', ownerId: id, fields: {} }),
            /nothing to modify/,
          ],
          [
            'incr of a string',
            c.IncrByV2({ table: 'player', ownerId: id, field: 'name', delta: 1 }),
            /needs an int64 field/,
          ],
          [
            'incr of a key',
            c.IncrByV2({ table: 'troop', ownerId: id, memberId: 1, field: 'troop_id', delta: 1 }),
            /key column/,
          ],
          [
            'incr of nothing',
            c.IncrByV2({ table: 'player', ownerId: id, field: '', delta: 1 }),
            /field is required/,
          ],
          [
            'floor above ceiling',
            c.IncrByV2({
              table: 'player',
              ownerId: id,
              field: 'gold',
              delta: 1,
              floor: 5,
              ceiling: 1,
            }),
            /floor 5 is above ceiling 1/,
          ],
          [
            'empty CRemove',
            c.CRemoveV2({ table: 'troop', ownerId: id, memberIds: [] }),
            /nothing to remove/,
          ],
          [
            'bad member in CRemove',
            c.CRemoveV2({ table: 'troop', ownerId: id, memberIds: [1, 0] }),
            /member_ids: 0 is not a positive troop_id/,
          ],
          [
            'too many members',
            c.CRemoveV2({
              table: 'troop',
              ownerId: id,
              memberIds: Array.from({ length: 1001 }, (_, i) => i + 1),
            }),
            /1001 ids/,
          ],
          ['inspect bad table', c.InspectV2({ table: 'x', ownerId: id }), /table "x" is unknown/],
        ];
        for (const [what, p, message] of cases) {
          const err = await failure(p);
          t.equal(err.grpcCode, status.INVALID_ARGUMENT, what);
          t.match(err.message, message, what);
        }
        t.equal(await calls(), before, 'no bad request reached db-proxy');
        const r = await c.FetchV2({ table: 'player', ownerId: id });
        t.equal(fieldsOf(r.record).gold, 5n, 'nothing was written');
        t.equal(big(r.record?.version), 1n);
        t.equal(Number(big((await c.CCountV2({ table: 'troop', ownerId: id })).count)), 1);
      },
    );

    t.test(
      '/metrics: per-operation latency, cache hits and misses, db-proxy latency, cache up',
      async (t) => {
        const port = await ds.app.listenMetrics(0, '127.0.0.1');
        const body = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        t.match(
          body,
          /grpc_server_handling_seconds_count\{grpc_service="slg.dataserver.v2.DataService",grpc_method="FetchV2",grpc_code="OK"\} \d+/,
        );
        t.match(body, /grpc_server_handling_seconds_count\{[^}]*grpc_method="CFetchV2"[^}]*\} \d+/);
        t.match(body, /dataserver_cache_lookups_total\{kind="record",result="hit"\} [1-9]/);
        t.match(body, /dataserver_cache_lookups_total\{kind="record",result="miss"\} [1-9]/);
        t.match(
          body,
          /grpc_client_handling_seconds_count\{grpc_service="slg.dbproxy.v1.DbProxy",grpc_method="Get",grpc_code="OK"\} [1-9]/,
        );
        t.match(body, new RegExp(`dataserver_cache_up\\{backend="${cache}"\\} 1`));
      },
    );
  });
}
