// db-proxy over two MariaDB servers (each a private mariadbd of this test): rows land on the
// server their slot names, and every operation works on keys of either. The persisted slot map:
// backends-map.test.ts; moving slots under load: reshard.test.ts.
import t, { type Test } from 'tap';
import { loadDbProxyConfig } from '../src/config.ts';
import { slotOf } from '../src/shards.ts';
import { big, type Client, failure, fieldsOf, int, plain, str } from './helpers.ts';
import { startProxy, twoServers } from './two-servers.ts';

const SLOTS = 1024;

/** Every RPC on one shard key; returns nothing, asserts as it goes. */

async function exercise(t: Test, c: Client, id: bigint): Promise<void> {
  const key = [int(id)];
  t.equal(
    big(
      (await c.Insert({ table: 'player', fields: { player_id: int(id), gold: int(10) } })).version,
    ),
    1n,
  );
  t.equal(fieldsOf((await c.Get({ table: 'player', key })).row).gold, 10n, 'Get');
  t.equal(
    big(
      (
        await c.Update({
          table: 'player',
          key,
          fields: { name: str(`p${id}`) },
          expectedVersion: 1,
        })
      ).version,
    ),
    2n,
    'Update with the expected version',
  );
  const inc = await c.Increment({ table: 'player', key, field: 'gold', delta: 5, floor: 0 });
  t.same([big(inc.value), big(inc.version)], [15n, 3n], 'Increment');
  t.equal(
    (await failure(c.Increment({ table: 'player', key, field: 'gold', delta: -16, floor: 0 })))
      .code,
    'FAILED_PRECONDITION',
    'Increment under its floor',
  );
  for (let i = 1n; i <= 5n; i++)
    await c.Insert({
      table: 'item',
      fields: { player_id: int(id), item_id: int(i), count: int(i) },
    });
  t.equal(
    (await failure(c.Insert({ table: 'item', fields: { player_id: int(id), item_id: int(1) } })))
      .code,
    'ALREADY_EXISTS',
  );
  t.equal(big((await c.Count({ table: 'item', shardKey: int(id) })).count), 5n, 'Count');
  const seen: unknown[] = [];
  let token = '';
  do {
    const page = await c.List({ table: 'item', shardKey: int(id), pageSize: 2, pageToken: token });
    seen.push(...page.rows.map((r) => plain(r.fields?.item_id)));
    token = page.nextPageToken;
  } while (token);
  t.same(seen, [1n, 2n, 3n, 4n, 5n], 'List, paged');
  t.equal(
    big((await c.Delete({ table: 'item', key: [int(id), int(5)], expectedVersion: 1 })).version),
    1n,
  );
  const some = await c.DeleteMany({
    table: 'item',
    shardKey: int(id),
    members: [{ values: [int(3)] }, { values: [int(4)] }],
  });
  t.equal(big(some.deleted), 2n, 'DeleteMany, listed');
  const b = await c.Batch({
    ops: [
      {
        insert: {
          table: 'mail',
          fields: { player_id: int(id), mail_id: int(1), subject: str('hi') },
        },
      },
      { insert: { table: 'mail', fields: { player_id: int(id), mail_id: int(2) } } },
      { increment: { table: 'player', key, field: 'gold', delta: 1 } },
    ],
  });
  t.equal(big(b.results[2]!.increment!.value), 16n, 'Batch');
  const q = await c.Query({ name: 'unread_mail', shardKey: int(id) });
  t.equal(plain(q.rows[0]!.fields!.unread), 2n, 'Query');
  t.equal(big((await c.DeleteMany({ table: 'mail', shardKey: int(id), all: true })).deleted), 2n);
}

t.test(
  'two MariaDB servers: rows on the server of their slot, every operation on each',
  async (t) => {
    const s = await twoServers(t);
    // Server 0 owns the slots 0-299 and 700-1023, server 1 the slots 300-699.
    const p = await startProxy(t, `${s.urls[0]}?slots=0-299+700-1023 ${s.urls[1]}?slots=300-699`);
    const ownerOf = (k: bigint) => (slotOf(k, SLOTS) >= 300 && slotOf(k, SLOTS) < 700 ? 1 : 0);
    const ids: bigint[] = [];
    for (let k = 1n; ids.filter((i) => ownerOf(i) === 1).length < 3 || ids.length < 6; k += 7919n)
      ids.push(k);
    for (const id of ids) await exercise(t, p.client, id);
    for (const table of ['player', 'item', 'mail']) {
      const stored = await Promise.all(
        [0, 1].map((i) => s.direct(i, `SELECT DISTINCT player_id FROM \`${table}\``)),
      );
      for (let i = 0; i < 2; i++)
        for (const [k] of stored[i]!)
          t.equal(
            ownerOf(BigInt(k as string)),
            i,
            `${table} of ${k} on server ${i}, its slot's owner`,
          );
    }
    const players = await Promise.all(
      [0, 1].map((i) => s.direct(i, 'SELECT player_id FROM player')),
    );
    t.equal(players[0]!.length + players[1]!.length, ids.length, 'each player stored once');
    t.ok(players[1]!.length >= 3 && players[0]!.length >= 1, 'both servers hold players');
    const items = await Promise.all(
      [0, 1].map((i) => s.direct(i, 'SELECT player_id, item_id FROM item ORDER BY 1, 2')),
    );
    t.equal(
      items[0]!.length + items[1]!.length,
      ids.length * 2,
      'items 1 and 2 of each player left',
    );
  },
);

t.test('DBPROXY_SLOT_MAP is checked', async (t) => {
  t.throws(
    () => loadDbProxyConfig({ DBPROXY_SLOT_MAP: 'backend', DBPROXY_BACKENDS: 'sqlite:/tmp/x.db' }),
    /first of DBPROXY_BACKENDS holds the map and must be a mysql/,
  );
  t.throws(() => loadDbProxyConfig({ DBPROXY_SLOT_MAP: 'etcd' }), /DBPROXY_SLOT_MAP/);
  t.throws(
    () => loadDbProxyConfig({ DBPROXY_MAP_REFRESH_MS: '1000', DBPROXY_MAP_LEASE_MS: '1500' }),
    /at least twice/,
  );
});
