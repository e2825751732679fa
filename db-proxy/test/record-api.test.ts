// Every RPC of the record API, its success path and its error statuses, on
// both backends (MariaDB and the embedded SQLite), checked against what the
// backend actually stores.

import { Long } from '@slg/proto';
import t from 'tap';
import {
  big,
  bool,
  bytes,
  dbl,
  failure,
  fieldsOf,
  int,
  kinds,
  plain,
  startProxy,
  str,
} from './helpers.ts';

const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);

for (const kind of kinds()) {
  t.test(kind, async (t) => {
    const h = await startProxy(t, kind, `api_${kind}`);
    const c = h.client;

    t.test('Insert then Get: every column type, defaults, version 1, exact int64', async (t) => {
      const w = await c.Insert({
        table: 'player',
        fields: {
          player_id: int(1001),
          name: str('Ærwyn 🐉'),
          gold: int(I64_MAX),
          power: int(I64_MIN),
          level: int(7),
        },
      });
      t.equal(big(w.version), 1n, 'a new row is at version 1');
      const { row } = await c.Get({ table: 'player', key: [int(1001)] });
      t.same(fieldsOf(row), {
        player_id: 1001n,
        name: 'Ærwyn 🐉',
        level: 7n,
        vip_level: 0n,
        power: I64_MIN,
        alliance_id: 0n,
        gold: I64_MAX,
        food: 0n,
        wood: 0n,
        stone: 0n,
        iron: 0n,
        created_at: 0n,
      });
      t.equal(big(row?.version), 1n);

      const attachment = Buffer.from([0, 255, 1, 0x27, 0x5c, 0]);
      await c.Insert({
        table: 'mail',
        fields: {
          player_id: int(1001),
          mail_id: int(1),
          subject: str(''),
          body: str('x'.repeat(4096)),
          read: bool(true),
          attachment: bytes(attachment),
          rating: dbl(-3.25e-7),
        },
      });
      const mail = fieldsOf((await c.Get({ table: 'mail', key: [int(1001), int(1)] })).row);
      t.equal(mail.read, true);
      t.same(mail.attachment, attachment, 'bytes round-trip exactly');
      t.equal(mail.rating, -3.25e-7);
      t.equal((mail.body as string).length, 4096);
      t.equal(mail.subject, '');
      t.equal(mail.sender_id, 0n, 'an omitted column takes its schema default');
      const stored = await h.stored(
        'SELECT `gold`, `power`, `version` FROM `player` WHERE `player_id` = ?',
        [1001],
        1001n,
      );
      t.same(
        stored.map((r) => r.map((v) => BigInt(v as string))),
        [[I64_MAX, I64_MIN, 1n]],
        'stored exactly',
      );
    });

    t.test('Insert of an existing key: ALREADY_EXISTS, the row unchanged', async (t) => {
      await c.Insert({ table: 'player', fields: { player_id: int(1002), gold: int(5) } });
      const err = await failure(
        c.Insert({ table: 'player', fields: { player_id: int(1002), gold: int(99) } }),
      );
      t.equal(err.code, 'ALREADY_EXISTS');
      t.match(err.message, /player\(player_id=1002\) already exists/);
      const { row } = await c.Get({ table: 'player', key: [int(1002)] });
      t.equal(plain(row?.fields?.gold), 5n);
      t.equal(big(row?.version), 1n);
    });

    t.test('Get of a missing row: OK, with no row', async (t) => {
      const r = await c.Get({ table: 'building', key: [int(1003), int(77)] });
      t.notOk(r.row, 'row unset');
      await c.Insert({ table: 'building', fields: { player_id: int(1003), building_id: int(78) } });
      const there = await c.Get({ table: 'building', key: [int(1003), int(78)] });
      t.equal(big(there.row?.version), 1n, 'a row beside it is found');
    });

    t.test('Update: some fields, versions, expected version, absent rows', async (t) => {
      await c.Insert({
        table: 'player',
        fields: { player_id: int(1004), name: str('a'), gold: int(10), food: int(20) },
      });
      const v2 = await c.Update({
        table: 'player',
        key: [int(1004)],
        fields: { name: str('b'), food: int(21) },
      });
      t.equal(big(v2.version), 2n, 'every write bumps the version');
      const f = fieldsOf((await c.Get({ table: 'player', key: [int(1004)] })).row);
      t.equal(f.name, 'b');
      t.equal(f.food, 21n);
      t.equal(f.gold, 10n, 'fields not named keep their value');
      const v3 = await c.Update({
        table: 'player',
        key: [int(1004)],
        fields: { gold: int(11) },
        expectedVersion: 2,
      });
      t.equal(big(v3.version), 3n, 'the expected version matched');
      const stale = await failure(
        c.Update({
          table: 'player',
          key: [int(1004)],
          fields: { gold: int(0) },
          expectedVersion: 2,
        }),
      );
      t.equal(stale.code, 'FAILED_PRECONDITION');
      t.match(stale.message, /is at version 3, not the expected 2/);
      t.equal(
        plain((await c.Get({ table: 'player', key: [int(1004)] })).row?.fields?.gold),
        11n,
        'a refused update writes nothing',
      );
      const missing = await failure(
        c.Update({ table: 'player', key: [int(1005)], fields: { gold: int(1) } }),
      );
      t.equal(missing.code, 'NOT_FOUND');
      const missingV = await failure(
        c.Update({
          table: 'player',
          key: [int(1005)],
          fields: { gold: int(1) },
          expectedVersion: 1,
        }),
      );
      t.equal(missingV.code, 'NOT_FOUND', 'absent beats a version mismatch');
    });

    t.test(
      'Increment: new value and version, floor and ceiling, int64 exactness and overflow',
      async (t) => {
        await c.Insert({
          table: 'player',
          fields: { player_id: int(1006), gold: int(100), iron: int(2n ** 62n) },
        });
        const r = await c.Increment({
          table: 'player',
          key: [int(1006)],
          field: 'gold',
          delta: -30,
          floor: 0,
        });
        t.equal(big(r.value), 70n);
        t.equal(big(r.version), 2n);
        const floor = await failure(
          c.Increment({ table: 'player', key: [int(1006)], field: 'gold', delta: -71, floor: 0 }),
        );
        t.equal(floor.code, 'FAILED_PRECONDITION');
        t.match(floor.message, /gold would become -1 \(70 \+ -71\), below the floor 0/);
        const toFloor = await c.Increment({
          table: 'player',
          key: [int(1006)],
          field: 'gold',
          delta: -70,
          floor: 0,
        });
        t.equal(big(toFloor.value), 0n, 'reaching the floor exactly is allowed');
        const ceiling = await failure(
          c.Increment({ table: 'player', key: [int(1006)], field: 'gold', delta: 11, ceiling: 10 }),
        );
        t.equal(ceiling.code, 'FAILED_PRECONDITION');
        t.match(ceiling.message, /above the ceiling 10/);
        const big1 = await c.Increment({
          table: 'player',
          key: [int(1006)],
          field: 'iron',
          delta: Long.fromString(String(2n ** 62n - 1n)),
        });
        t.equal(big(big1.value), I64_MAX, 'exact at 2^63-1');
        const over = await failure(
          c.Increment({ table: 'player', key: [int(1006)], field: 'iron', delta: 1 }),
        );
        t.equal(over.code, 'FAILED_PRECONDITION');
        t.match(over.message, /does not fit in int64/);
        const f = fieldsOf((await c.Get({ table: 'player', key: [int(1006)] })).row);
        t.equal(f.gold, 0n);
        t.equal(f.iron, I64_MAX, 'refused increments wrote nothing');
        t.equal(big((await c.Get({ table: 'player', key: [int(1006)] })).row?.version), 4n);
        const stale = await failure(
          c.Increment({
            table: 'player',
            key: [int(1006)],
            field: 'gold',
            delta: 1,
            expectedVersion: 1,
          }),
        );
        t.equal(stale.code, 'FAILED_PRECONDITION');
        const missing = await failure(
          c.Increment({ table: 'player', key: [int(1007)], field: 'gold', delta: 1 }),
        );
        t.equal(missing.code, 'NOT_FOUND');
        const notInt = await failure(
          c.Increment({ table: 'mail', key: [int(1006), int(1)], field: 'subject', delta: 1 }),
        );
        t.equal(notInt.code, 'INVALID_ARGUMENT');
        t.match(notInt.message, /"subject" is string; only int64 columns can be incremented/);
        const badBounds = await failure(
          c.Increment({
            table: 'player',
            key: [int(1006)],
            field: 'gold',
            delta: 1,
            floor: 5,
            ceiling: 4,
          }),
        );
        t.equal(badBounds.code, 'INVALID_ARGUMENT');
      },
    );

    t.test('Delete: the version it had, NOT_FOUND after, expected version', async (t) => {
      await c.Insert({
        table: 'item',
        fields: { player_id: int(1008), item_id: int(1), count: int(3) },
      });
      await c.Update({ table: 'item', key: [int(1008), int(1)], fields: { count: int(4) } });
      const stale = await failure(
        c.Delete({ table: 'item', key: [int(1008), int(1)], expectedVersion: 1 }),
      );
      t.equal(stale.code, 'FAILED_PRECONDITION');
      t.equal(
        plain((await c.Get({ table: 'item', key: [int(1008), int(1)] })).row?.fields?.count),
        4n,
        'still there',
      );
      const d = await c.Delete({ table: 'item', key: [int(1008), int(1)], expectedVersion: 2 });
      t.equal(big(d.version), 2n);
      t.notOk((await c.Get({ table: 'item', key: [int(1008), int(1)] })).row, 'gone: no row');
      t.equal(
        (await failure(c.Delete({ table: 'item', key: [int(1008), int(1)] }))).code,
        'NOT_FOUND',
      );
    });

    t.test('DeleteMany: listed members, or all rows of one shard key only', async (t) => {
      for (const id of [1, 2, 3, 4])
        await c.Insert({ table: 'troop', fields: { player_id: int(1009), troop_id: int(id) } });
      await c.Insert({ table: 'troop', fields: { player_id: int(1010), troop_id: int(1) } });
      const some = await c.DeleteMany({
        table: 'troop',
        shardKey: int(1009),
        members: [{ values: [int(2)] }, { values: [int(4)] }, { values: [int(99)] }],
      });
      t.equal(big(some.deleted), 2n, 'absent members are not counted');
      const left = await c.List({ table: 'troop', shardKey: int(1009) });
      t.same(
        left.rows.map((r) => plain(r.fields?.troop_id)),
        [1n, 3n],
      );
      const all = await c.DeleteMany({ table: 'troop', shardKey: int(1009), all: true });
      t.equal(big(all.deleted), 2n);
      t.equal(big((await c.Count({ table: 'troop', shardKey: int(1009) })).count), 0n);
      t.equal(
        big((await c.Count({ table: 'troop', shardKey: int(1010) })).count),
        1n,
        "another owner's rows stay",
      );
      const none = await failure(c.DeleteMany({ table: 'troop', shardKey: int(1009) }));
      t.equal(none.code, 'INVALID_ARGUMENT');
      const arity = await failure(
        c.DeleteMany({ table: 'troop', shardKey: int(1009), members: [{ values: [] }] }),
      );
      t.equal(arity.code, 'INVALID_ARGUMENT');
    });

    t.test('List and Count: key order, pages, tokens', async (t) => {
      for (let i = 25; i >= 1; i--) {
        await c.Insert({
          table: 'mail',
          fields: { player_id: int(1011), mail_id: int(i * 10), subject: str(`m${i}`) },
        });
      }
      await c.Insert({ table: 'mail', fields: { player_id: int(1012), mail_id: int(5) } });
      t.equal(big((await c.Count({ table: 'mail', shardKey: int(1011) })).count), 25n);
      t.equal(big((await c.Count({ table: 'mail', shardKey: int(1013) })).count), 0n);
      const seen: bigint[] = [];
      let token = '';
      let pages = 0;
      do {
        const page = await c.List({
          table: 'mail',
          shardKey: int(1011),
          pageSize: 10,
          pageToken: token,
        });
        pages++;
        t.ok(page.rows.length <= 10);
        for (const r of page.rows) {
          seen.push(plain(r.fields?.mail_id) as bigint);
          t.equal(plain(r.fields?.player_id), 1011n);
          t.equal(big(r.version), 1n);
        }
        token = page.nextPageToken;
      } while (token && pages < 10);
      t.equal(pages, 3);
      t.same(
        seen,
        Array.from({ length: 25 }, (_, i) => BigInt((i + 1) * 10)),
        'every row once, in key order',
      );
      const whole = await c.List({ table: 'mail', shardKey: int(1011) });
      t.equal(whole.rows.length, 25, 'the default page holds them all');
      t.equal(whole.nextPageToken, '');
      const empty = await c.List({ table: 'mail', shardKey: int(1013) });
      t.same([empty.rows.length, empty.nextPageToken], [0, '']);
      const single = await c.List({ table: 'player', shardKey: int(1004) });
      t.same(
        single.rows.map((r) => plain(r.fields?.player_id)),
        [1004n],
        'a one-row table lists its row',
      );
      const first = await c.List({ table: 'mail', shardKey: int(1011), pageSize: 10 });
      const foreign = await failure(
        c.List({
          table: 'mail',
          shardKey: int(1012),
          pageSize: 10,
          pageToken: first.nextPageToken,
        }),
      );
      t.equal(foreign.code, 'INVALID_ARGUMENT');
      t.match(foreign.message, /page_token: it belongs to another table or shard key/);
      const garbage = await failure(
        c.List({ table: 'mail', shardKey: int(1011), pageToken: 'not-a-token' }),
      );
      t.equal(garbage.code, 'INVALID_ARGUMENT');
    });

    t.test('Batch: ops in order in one transaction, a result each', async (t) => {
      await c.Insert({ table: 'player', fields: { player_id: int(1014), gold: int(50) } });
      await c.Insert({
        table: 'building',
        fields: { player_id: int(1014), building_id: int(1), level: int(1) },
      });
      await c.Insert({
        table: 'item',
        fields: { player_id: int(1014), item_id: int(9), count: int(1) },
      });
      const r = await c.Batch({
        ops: [
          { increment: { table: 'player', key: [int(1014)], field: 'gold', delta: -50, floor: 0 } },
          {
            update: {
              table: 'building',
              key: [int(1014), int(1)],
              fields: { level: int(2) },
              expectedVersion: 1,
            },
          },
          {
            insert: {
              table: 'building',
              fields: { player_id: int(1014), building_id: int(2), kind: str('farm') },
            },
          },
          { delete: { table: 'item', key: [int(1014), int(9)] } },
          { deleteMany: { table: 'troop', shardKey: int(1014), all: true } },
        ],
      });
      t.equal(r.results.length, 5);
      t.same(
        [big(r.results[0]?.increment?.value), big(r.results[0]?.increment?.version)],
        [0n, 2n],
      );
      t.equal(big(r.results[1]?.update?.version), 2n);
      t.equal(big(r.results[2]?.insert?.version), 1n);
      t.equal(big(r.results[3]?.delete?.version), 1n);
      t.equal(big(r.results[4]?.deleteMany?.deleted), 0n);
      t.equal(
        plain((await c.Get({ table: 'building', key: [int(1014), int(2)] })).row?.fields?.kind),
        'farm',
      );
      t.notOk((await c.Get({ table: 'item', key: [int(1014), int(9)] })).row, 'gone: no row');
    });

    t.test(
      'Batch failing half-way (ALREADY_EXISTS, NOT_FOUND, bound, version) leaves nothing written',
      async (t) => {
        await c.Insert({
          table: 'player',
          fields: { player_id: int(1015), gold: int(10), food: int(10) },
        });
        await c.Insert({
          table: 'building',
          fields: { player_id: int(1015), building_id: int(1) },
        });
        const before = await h.stored(
          'SELECT `gold`, `food`, `version` FROM `player` WHERE `player_id` = ?',
          [1015],
          1015n,
        );
        const failing: [string, object, string][] = [
          [
            'ALREADY_EXISTS',
            {
              insert: { table: 'building', fields: { player_id: int(1015), building_id: int(1) } },
            },
            'ops[3]',
          ],
          [
            'NOT_FOUND',
            {
              update: { table: 'building', key: [int(1015), int(404)], fields: { level: int(3) } },
            },
            'ops[3]',
          ],
          [
            'FAILED_PRECONDITION',
            {
              increment: { table: 'player', key: [int(1015)], field: 'food', delta: -11, floor: 0 },
            },
            'ops[3]',
          ],
          [
            'FAILED_PRECONDITION',
            { delete: { table: 'building', key: [int(1015), int(1)], expectedVersion: 9 } },
            'ops[3]',
          ],
        ];
        for (const [code, bad, at] of failing) {
          const err = await failure(
            c.Batch({
              ops: [
                { increment: { table: 'player', key: [int(1015)], field: 'gold', delta: 5 } },
                { insert: { table: 'mail', fields: { player_id: int(1015), mail_id: int(1) } } },
                { update: { table: 'player', key: [int(1015)], fields: { food: int(9) } } },
                bad,
                { deleteMany: { table: 'building', shardKey: int(1015), all: true } },
              ],
            }),
          );
          t.equal(err.code, code, `${code}: the failing op's status`);
          t.match(
            err.message,
            new RegExp(`^${at.replace(/[[\]]/g, '\\$&')} \\(`),
            'the message names the op',
          );
        }
        const after = await h.stored(
          'SELECT `gold`, `food`, `version` FROM `player` WHERE `player_id` = ?',
          [1015],
          1015n,
        );
        t.same(after, before, 'the player row is untouched');
        t.same(await h.stored('SELECT COUNT(*) FROM `mail` WHERE `player_id` = ?', [1015], 1015n), [
          [kind === 'mysql' ? 0 : 0n],
        ]);
        t.same(
          await h.stored('SELECT COUNT(*) FROM `building` WHERE `player_id` = ?', [1015], 1015n),
          [[kind === 'mysql' ? 1 : 1n]],
        );
      },
    );

    t.test('Batch over two shard keys or empty: INVALID_ARGUMENT', async (t) => {
      const two = await failure(
        c.Batch({
          ops: [
            { insert: { table: 'item', fields: { player_id: int(1016), item_id: int(1) } } },
            { insert: { table: 'item', fields: { player_id: int(1017), item_id: int(1) } } },
          ],
        }),
      );
      t.equal(two.code, 'INVALID_ARGUMENT');
      t.match(two.message, /ops\[1\]: shard key 1017 differs from ops\[0\]'s 1016/);
      t.equal(big((await c.Count({ table: 'item', shardKey: int(1016) })).count), 0n);
      t.equal((await failure(c.Batch({ ops: [] }))).code, 'INVALID_ARGUMENT');
      t.equal((await failure(c.Batch({ ops: [{}] }))).code, 'INVALID_ARGUMENT');
    });

    t.test('Query: named statements with typed parameters', async (t) => {
      for (const [id, count, wounded] of [
        [1, 100, 5],
        [2, 250, 0],
      ]) {
        await c.Insert({
          table: 'troop',
          fields: {
            player_id: int(1018),
            troop_id: int(id!),
            count: int(count!),
            wounded: int(wounded!),
          },
        });
      }
      const army = await c.Query({ name: 'army_size', shardKey: int(1018) });
      t.same(
        army.rows.map((r) => fieldsOf(r)),
        [{ troops: 350n, wounded: 5n }],
      );
      for (const [id, kindName, level] of [
        [1, 'farm', 3],
        [2, 'barracks', 5],
        [3, 'farm', 9],
      ] as const) {
        await c.Insert({
          table: 'building',
          fields: {
            player_id: int(1018),
            building_id: int(id),
            kind: str(kindName),
            level: int(level),
            x: int(id * 2),
          },
        });
      }
      const farms = await c.Query({
        name: 'buildings_of_kind',
        shardKey: int(1018),
        params: { kind: str('farm') },
      });
      t.same(
        farms.rows.map((r) => fieldsOf(r)),
        [
          { building_id: 3n, level: 9n, x: 6n, y: 0n },
          { building_id: 1n, level: 3n, x: 2n, y: 0n },
        ],
      );
      for (const [id, exp] of [
        [1, 500],
        [2, 100],
        [3, 0],
        [4, 300],
      ]) {
        await c.Insert({
          table: 'item',
          fields: { player_id: int(1018), item_id: int(id!), expires_at: int(exp!) },
        });
      }
      const soon = await c.Query({
        name: 'items_expiring',
        shardKey: int(1018),
        params: { before: int(400), limit: int(10) },
      });
      t.same(
        soon.rows.map((r) => plain(r.fields?.item_id)),
        [2n, 4n],
      );
      for (const id of [1, 2, 3]) {
        await c.Insert({
          table: 'mail',
          fields: { player_id: int(1018), mail_id: int(id), read: bool(id === 2) },
        });
      }
      t.same(fieldsOf((await c.Query({ name: 'unread_mail', shardKey: int(1018) })).rows[0]), {
        unread: 2n,
      });
      const marked = await c.Query({ name: 'mark_mail_read', shardKey: int(1018) });
      t.equal(big(marked.affectedRows), 2n);
      t.same(fieldsOf((await c.Query({ name: 'unread_mail', shardKey: int(1018) })).rows[0]), {
        unread: 0n,
      });
      t.equal(
        big((await c.Get({ table: 'mail', key: [int(1018), int(1)] })).row?.version),
        2n,
        'the write query bumped versions',
      );

      await c.Insert({
        table: 'player',
        fields: { player_id: int(1019), power: int(10n ** 15n), name: str('champion') },
      });
      const top = await c.Query({
        name: 'top_power',
        shardKey: int(1019),
        params: { limit: int(3) },
      });
      t.ok(top.rows.length >= 1 && top.rows.length <= 3);
      t.same(
        fieldsOf(top.rows[0]),
        { player_id: 1019n, name: 'champion', power: 10n ** 15n, level: 1n },
        'the leaderboard of the shard',
      );
      const powers = top.rows.map((r) => plain(r.fields?.power) as bigint);
      t.ok(
        powers.every((p, i) => i === 0 || p <= powers[i - 1]!),
        'strongest first',
      );

      const unknown = await failure(c.Query({ name: 'drop_everything', shardKey: int(1018) }));
      t.equal(unknown.code, 'INVALID_ARGUMENT');
      t.match(unknown.message, /no query "drop_everything" is configured/);
      const missing = await failure(
        c.Query({ name: 'items_expiring', shardKey: int(1018), params: { before: int(1) } }),
      );
      t.equal(missing.code, 'INVALID_ARGUMENT');
      t.match(missing.message, /needs limit/);
      const wrongType = await failure(
        c.Query({
          name: 'items_expiring',
          shardKey: int(1018),
          params: { before: str('soon'), limit: int(1) },
        }),
      );
      t.equal(wrongType.code, 'INVALID_ARGUMENT');
      t.match(wrongType.message, /params\.before: column "before" is int64/);
      const extra = await failure(
        c.Query({ name: 'unread_mail', shardKey: int(1018), params: { x: int(1) } }),
      );
      t.equal(extra.code, 'INVALID_ARGUMENT');
      const noShard = await failure(c.Query({ name: 'unread_mail' }));
      t.equal(noShard.code, 'INVALID_ARGUMENT');
    });
  });
}
