// A write whose outcome is unknown (db-proxy answered DEADLINE_EXCEEDED: it may be committing)
// keeps its write lease until after the last moment it could commit: no read fills the key
// meanwhile, with either cache; once the lease has expired, reads fill again. Before, the
// write released its lease on any failure, and the next FetchV2 filled the row as it was
// before a commit that could still land. The same for CRemoveV2's members.
import { toBigInt } from '@slg/proto';
import mysql from 'mysql2/promise';
import t from 'tap';
import {
  cacheKinds,
  failure,
  int,
  startDataServer,
  startDbProxy,
  uniquePrefix,
  waitFor,
} from './helpers.ts';

for (const cache of cacheKinds()) {
  t.test(`a write that may still commit keeps its lease (${cache} cache)`, async (t) => {
    const proxy = await startDbProxy(t, `wlease_${cache}`);
    const ds = await startDataServer(t, {
      dbProxy: proxy.address,
      cache,
      prefix: uniquePrefix(`wlease-${cache}`),
      config: { leaseMs: 2000, leaseWaitMs: 0 },
    });
    const c = ds.client;
    const lockRow = async (sql: string, params: unknown[]) => {
      const lock = await mysql.createConnection({
        host: '127.0.0.1',
        port: 3306,
        user: 'root',
        password: '',
        database: proxy.database!,
      });
      await lock.query('BEGIN');
      await lock.query(sql, params);
      let done = false;
      const release = async () => {
        if (done) return;
        done = true;
        await lock.query('ROLLBACK');
        await lock.end();
      };
      t.teardown(release);
      return release;
    };
    const cached = async (table: string, ownerId: number, memberId = 0) =>
      (await c.InspectV2({ table, ownerId, memberId })).cached;

    t.test('IncrByV2 past its deadline', async (t) => {
      const owner = 11;
      await c.CreateV2({ table: 'player', ownerId: owner, fields: { gold: int(0) } });
      await c.FetchV2({ table: 'player', ownerId: owner });
      t.equal(await cached('player', owner), true, 'cached before the write');
      const release = await lockRow('SELECT * FROM player WHERE player_id = ? FOR UPDATE', [owner]);
      const err = await failure(
        c.IncrByV2(
          { table: 'player', ownerId: owner, field: 'gold', delta: 1 },
          { deadlineMs: 1000 },
        ),
      );
      t.equal(err.code, 'DEADLINE_EXCEEDED');
      const r = await c.FetchV2({ table: 'player', ownerId: owner });
      t.equal(toBigInt(r.record!.fields!.gold!.int!), 0n, 'the read answers the stored row');
      t.equal(await cached('player', owner), false, 'but does not fill it: the lease is held');
      await release();
      // Once the lease is over (the write's deadline + DATASERVER_LEASE_MS), reads fill again.
      await waitFor(
        async () => {
          await c.FetchV2({ table: 'player', ownerId: owner });
          return cached('player', owner);
        },
        15_000,
        'a read to fill the record again',
      );
      t.equal(await cached('player', owner), true, 'filled again after the lease');
    });

    t.test("CRemoveV2 past its deadline: its members' keys are held too", async (t) => {
      const owner = 12;
      await c.CreateV2({ table: 'building', ownerId: owner, memberId: 1, fields: {} });
      await c.FetchV2({ table: 'building', ownerId: owner, memberId: 1 });
      await c.CFetchV2({ table: 'building', ownerId: owner });
      t.equal(await cached('building', owner, 1), true, 'the member is cached before');
      const release = await lockRow(
        'SELECT * FROM building WHERE player_id = ? AND building_id = 1 FOR UPDATE',
        [owner],
      );
      const err = await failure(
        c.CRemoveV2({ table: 'building', ownerId: owner, memberIds: [1] }, { deadlineMs: 1000 }),
      );
      t.equal(err.code, 'DEADLINE_EXCEEDED');
      const r = await c.FetchV2({ table: 'building', ownerId: owner, memberId: 1 });
      t.ok(r.record, 'the member is still stored');
      t.equal(await cached('building', owner, 1), false, 'and not filled: its key is held');
      const list = await c.CFetchV2({ table: 'building', ownerId: owner });
      t.equal(list.records.length, 1);
      await release();
    });
  });
}
