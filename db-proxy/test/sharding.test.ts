// Sharding: the fixed slot function, the slot map from DBPROXY_BACKENDS, and
// rows landing only on the backend of their shard key (two databases of the
// local MariaDB, or two SQLite files).
import t from 'tap';
import { parseBackends, slotOf } from '../src/shards.ts';
import { big, failure, int, kinds, startProxy } from './helpers.ts';

t.test('the slot function is fixed: pinned values', async (t) => {
  // These must never change: a different slot function would move every row.
  const pinned: [bigint, number][] = [
    [0n, 865],
    [1n, 230],
    [2n, 1000],
    [-1n, 378],
    [42n, 774],
    [1_000_000n, 132],
    [2n ** 63n - 1n, 406],
    [-(2n ** 63n), 452],
  ];
  for (const [key, slot] of pinned) t.equal(slotOf(key, 1024), slot, `slot of ${key}`);
});

t.test('the slot function spreads sequential ids evenly', async (t) => {
  const counts = new Array<number>(1024).fill(0);
  for (let i = 0n; i < 102_400n; i++) counts[slotOf(i, 1024)]!++;
  t.ok(
    Math.min(...counts) >= 50,
    `fullest ${Math.max(...counts)}, emptiest ${Math.min(...counts)} of 100 on average`,
  );
  t.ok(Math.max(...counts) <= 160);
});

t.test('DBPROXY_BACKENDS: even split, explicit ranges, and every mistake reported', async (t) => {
  const even = parseBackends('mysql://root@h:3306/a mysql://root@h:3306/b,mysql://u:p@h2/c', 1024);
  t.equal(even.specs.length, 3);
  t.same(
    [even.owners[0], even.owners[341], even.owners[342], even.owners[683], even.owners[1023]],
    [0, 0, 1, 2, 2],
  );
  t.match(even.specs[2], {
    kind: 'mysql',
    host: 'h2',
    port: 3306,
    user: 'u',
    password: 'p',
    database: 'c',
  });
  const explicit = parseBackends(
    'sqlite:/tmp/a.db?slots=0-9+20-1023 sqlite:/tmp/b.db?slots=10-19',
    1024,
  );
  t.same(
    [explicit.owners[9], explicit.owners[10], explicit.owners[19], explicit.owners[20]],
    [0, 1, 1, 0],
  );
  const bad: [string, RegExp][] = [
    ['', /no backend given/],
    ['sqlite:/a?slots=0-511 sqlite:/b?slots=600-1023', /slots without a backend: 512-599/],
    ['sqlite:/a?slots=0-600 sqlite:/b?slots=600-1023', /slot 600 is given to two backends/],
    ['sqlite:/a?slots=0-511 sqlite:/b', /either every backend names its slots/],
    ['sqlite:/a?slots=0-2000', /must be within 0-1023/],
    ['postgres://h/db', /unknown scheme postgres:/],
    ['mysql://h/bad-name', /database name/],
    ['mysql://h/a mysql://h/a', /listed twice/],
    ['mysql://root:secret@h/db?pool=3', /unknown option \?pool/],
  ];
  for (const [list, message] of bad) {
    t.throws(() => parseBackends(list, 1024), message, JSON.stringify(list));
  }
  try {
    parseBackends('mysql://root:secret@h/db?pool=3', 1024);
    t.fail('should have thrown');
  } catch (err) {
    t.notMatch((err as Error).message, /secret/, 'passwords are not echoed');
    t.match((err as Error).message, /root:\*\*\*@h/);
  }
});

for (const kind of kinds()) {
  t.test(`${kind}: rows live only on the backend of their shard key`, async (t) => {
    const h = await startProxy(t, kind, `shard_${kind}`);
    const c = h.client;
    const owners = Array.from({ length: 40 }, (_, i) => 4000n + BigInt(i) * 7919n);
    for (const id of owners) {
      await c.Insert({ table: 'player', fields: { player_id: int(id) } });
      await c.Insert({ table: 'item', fields: { player_id: int(id), item_id: int(1) } });
      await c.Insert({ table: 'item', fields: { player_id: int(id), item_id: int(2) } });
    }
    const perBackend = await h.storedAll('SELECT `player_id` FROM `player` ORDER BY `player_id`');
    const onBackend = perBackend.map((rows) => rows.map((r) => BigInt(r[0] as string)));
    t.ok(
      onBackend[0]!.length > 0 && onBackend[1]!.length > 0,
      `both backends hold rows (${onBackend[0]!.length} + ${onBackend[1]!.length})`,
    );
    t.equal(onBackend[0]!.length + onBackend[1]!.length, owners.length, 'each row stored once');
    for (const id of owners) {
      const i = h.backendOf(id);
      t.ok(
        onBackend[i]!.includes(id) && !onBackend[1 - i]!.includes(id),
        `${id} only on backend ${i} (slot ${slotOf(id, 1024)})`,
      );
    }
    const items = await h.storedAll(
      'SELECT `player_id`, COUNT(*) FROM `item` GROUP BY `player_id`',
    );
    for (let i = 0; i < 2; i++) {
      for (const [owner, n] of items[i]!) {
        t.equal(
          h.backendOf(BigInt(owner as string)),
          i,
          "an owner's collection lives with its owner",
        );
        t.equal(Number(n), 2);
      }
    }
    for (const id of owners.slice(0, 5))
      t.equal(big((await c.Count({ table: 'item', shardKey: int(id) })).count), 2n);
    const [a, b] = [
      owners.find((o) => h.backendOf(o) === 0)!,
      owners.find((o) => h.backendOf(o) === 1)!,
    ];
    const across = await failure(
      c.Batch({
        ops: [
          { increment: { table: 'player', key: [int(a)], field: 'gold', delta: 1 } },
          { increment: { table: 'player', key: [int(b)], field: 'gold', delta: 1 } },
        ],
      }),
    );
    t.equal(across.code, 'INVALID_ARGUMENT', 'a batch never spans shards');
  });

  t.test(
    `${kind}: an explicit slot map sends every slot but slot 0 to the second backend`,
    async (t) => {
      const h = await startProxy(t, kind, `map_${kind}`, { slotRanges: ['0', '1-1023'] });
      let inserted = 0;
      for (let id = 1n; id <= 20n; id++) {
        if (slotOf(id, 1024) === 0) continue;
        await h.client.Insert({ table: 'player', fields: { player_id: int(id) } });
        inserted++;
      }
      const counts = await h.storedAll('SELECT COUNT(*) FROM `player`');
      t.same(
        counts.map((r) => Number(r[0]?.[0])),
        [0, inserted],
      );
    },
  );
}
