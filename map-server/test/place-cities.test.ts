// PlaceCities over the real stack (MariaDB through db-proxy, data-server with Redis), through
// gRPC: the same spots as PlaceCity one by one, a result per entry (unknown player, a city
// already there), bad requests that place nothing, requests racing each other and PlaceCity for
// the same spot (no shared tile, one city per player), and what a restart loads back; the
// cities placed, seen through QueryViewport (the direct encoding) as the world holds them.
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient, ServiceError } from '@slg/service-kit';
import t from 'tap';
import { ManualClock } from '../src/clock.ts';
import type { MapStore } from '../src/store/store.ts';
import { seedPlayers, smallConfig } from './helpers.ts';
import { startStack } from './stack.ts';

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected the call to fail, it succeeded');
}

/** A store whose owner ids (players) are shifted by `by`: seedPlayers writes players 1..n. */
const offset = (store: MapStore, by: number): MapStore => ({
  fetch: (table, owner, member) => store.fetch(table, owner + by, member),
  list: (table, owner) => store.list(table, owner + by),
  write: (owner, ops) => store.write(owner + by, ops),
  close: () => {},
});

const tilesOf = (c: { x?: number | null; y?: number | null }) => {
  const [x, y] = [c.x ?? -9, c.y ?? -9];
  return [`${x},${y}`, `${x + 1},${y}`, `${x},${y + 1}`, `${x + 1},${y + 1}`];
};

t.test('PlaceCities on the real stack', async (t) => {
  const stack = await startStack(t, 'place');
  // The players (as helpers.ts's seedPlayers writes them), 17 writes at a time.
  const players = (
    await Promise.all(
      Array.from({ length: 5 }, async (_, k) =>
        (await seedPlayers(offset(stack.store, k * 17), 17)).map((p) => p + k * 17),
      ),
    )
  ).flat();
  const clock = new ManualClock();
  const open = async (worldId: number) => {
    const app = await stack.mapServer(smallConfig({ worldId }), clock);
    const port = await app.listen(0);
    const c = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, `127.0.0.1:${port}`);
    t.teardown(() => c.close());
    return { app, c };
  };
  const stored = async (app: Awaited<ReturnType<typeof open>>['app']) => {
    const out = new Map<number, { x: number; y: number }>();
    for (let i = 0; i < app.world.regionCount; i++) {
      for (const r of await stack.store.list('map_city', app.world.regionId(i))) {
        if (out.has(r.member)) t.fail(`two stored cities for player ${r.member}`);
        out.set(r.member, { x: Number(r.fields.x), y: Number(r.fields.y) });
      }
    }
    return out;
  };
  // Points spread over the map, several near one another (the rings of spots interleave).
  const pointOf = (i: number) => ({ nearX: (i * 37) % 120, nearY: (i * 53) % 120 });

  t.test('the spots PlaceCity gives one by one; a result per entry', async (t) => {
    const one = await open(2);
    const bulk = await open(3);
    const list = players.slice(0, 60);
    const single = [];
    for (const [i, p] of list.entries())
      single.push(await one.c.PlaceCity({ playerId: p, ...pointOf(i) }));
    // An unknown player and a player who has a city already (far from the others' points),
    // among the entries.
    const other = players[60]!;
    await bulk.c.PlaceCity({ playerId: other, nearX: 155, nearY: 155 });
    const entries = [...list.entries()].map(([i, p]) => ({ playerId: p, ...pointOf(i) }));
    entries.splice(10, 0, { playerId: 999_999, nearX: 5, nearY: 5 });
    entries.push({ playerId: other, nearX: 155, nearY: 155 });
    const res = await bulk.c.PlaceCities({ cities: entries });
    t.equal(res.results.length, entries.length, 'one result per entry');
    t.equal(res.results[10]!.code, 'FAILED_PRECONDITION');
    t.match(res.results[10]!.message, /player 999999 does not exist/);
    t.notOk(res.results[10]!.city, 'no city for the unknown player');
    t.equal(res.results[61]!.code, 'ALREADY_EXISTS');
    t.match(res.results[61]!.message, /already has a city/);
    const placed = res.results.filter((r) => r.code === '');
    t.equal(placed.length, 60, 'every other entry placed');
    // The same spots as PlaceCity one by one in the same order, entry for entry.
    for (let i = 0; i < 60; i++) {
      const r = res.results[i < 10 ? i : i + 1]!;
      t.same(
        { player: Number(r.city!.playerId), x: r.city!.x, y: r.city!.y },
        { player: Number(single[i]!.playerId), x: single[i]!.x, y: single[i]!.y },
      );
    }
    const tiles = new Set<string>();
    for (const r of placed) {
      for (const k of tilesOf(r.city!)) tiles.add(k);
      const [x, y] = [r.city!.x ?? -1, r.city!.y ?? -1];
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ])
        t.notOk(bulk.app.world.blocked(x + dx!, y + dy!), 'no city on blocked terrain');
    }
    t.equal(tiles.size, 4 * placed.length, 'no two cities share a tile');
    const records = await stored(bulk.app);
    t.equal(records.size, 61, 'a stored record per city (60 placed, 1 before)');
    // QueryViewport over gRPC (the direct encoding) against the world's own query.
    for (const r of [
      { x: 0, y: 0, width: 100, height: 100 },
      { x: 60, y: 60, width: 100, height: 100 },
      { x: 30, y: 20, width: 30, height: 20 },
    ]) {
      const got = await bulk.c.QueryViewport(r);
      const want = bulk.app.world.query(r);
      t.same(
        got.cities.map((c) => [Number(c.playerId), c.x, c.y, c.level]),
        want.cities.map((c) => [c.playerId, c.x, c.y, c.level]),
        'the cities of the viewport',
      );
      t.same(
        got.fields.map((f) => [Number(f.id), f.resource, f.x, f.y, Number(f.remaining)]),
        want.fields.map((f) => [f.id, f.resource, f.x, f.y, f.remaining]),
        'its fields',
      );
      t.same(
        got.monsters.map((m) => Number(m.id)),
        want.monsters.map((m) => m.id),
        'its monsters',
      );
    }
    for (const r of placed) {
      t.same(records.get(Number(r.city!.playerId)), { x: r.city!.x, y: r.city!.y }, 'as stored');
      t.same(bulk.app.world.cities.get(Number(r.city!.playerId)), {
        ...bulk.app.world.cities.get(Number(r.city!.playerId)),
        x: r.city!.x,
        y: r.city!.y,
      });
    }
  });

  t.test('bad requests: INVALID_ARGUMENT naming the entry, nothing placed', async (t) => {
    const { app, c } = await open(4);
    const cases: [string, Parameters<typeof c.PlaceCities>[0], RegExp][] = [
      [
        'outside the map',
        {
          cities: [
            { playerId: players[0]!, nearX: 3, nearY: 3 },
            { playerId: players[1]!, nearX: 160, nearY: 3 },
          ],
        },
        /cities\[1\]: near \(160, 3\) is outside the 160 x 160 map/,
      ],
      [
        'a player twice',
        {
          cities: [
            { playerId: players[0]!, nearX: 3, nearY: 3 },
            { playerId: players[0]!, nearX: 9, nearY: 9 },
          ],
        },
        /cities\[1\]: player 1 is named twice/,
      ],
      ['a bad id', { cities: [{ playerId: 0, nearX: 3, nearY: 3 }] }, /cities\[0\]\.player_id/],
      [
        'too many',
        {
          cities: Array.from({ length: 1001 }, (_, i) => ({ playerId: i + 1, nearX: 1, nearY: 1 })),
        },
        /1001 entries, more than the 1000/,
      ],
    ];
    for (const [what, req, message] of cases) {
      const err = await failure(c.PlaceCities(req));
      t.equal(err.code, 'INVALID_ARGUMENT', what);
      t.match(err.message, message, what);
    }
    t.equal(app.world.cities.size, 0, 'no city in memory');
    t.equal((await stored(app)).size, 0, 'no city stored');
  });

  t.test('racing requests and PlaceCity for one spot: no shared tile, one city each', async (t) => {
    const { app, c } = await open(5);
    const near = { nearX: 80, nearY: 80 };
    const a = players.slice(0, 40).map((p) => ({ playerId: p, ...near }));
    const b = players.slice(40, 80).map((p) => ({ playerId: p, ...near }));
    // Players 1..5 are also asked for by PlaceCity at the same time, and 41..45 by two batches.
    const both = players.slice(40, 45).map((p) => ({ playerId: p, ...near }));
    const settled = await Promise.allSettled([
      c.PlaceCities({ cities: a }),
      c.PlaceCities({ cities: [...b] }),
      c.PlaceCities({ cities: both }),
      ...players.slice(0, 5).map((p) => c.PlaceCity({ playerId: p, ...near })),
    ]);
    t.ok(
      settled.slice(0, 3).every((s) => s.status === 'fulfilled'),
      'every PlaceCities answered',
    );
    const won = new Map<number, number>();
    const tiles = new Set<string>();
    const count = (player: number, city: { x?: number | null; y?: number | null }) => {
      won.set(player, (won.get(player) ?? 0) + 1);
      for (const k of tilesOf(city)) {
        t.notOk(tiles.has(k), `tile ${k} taken once`);
        tiles.add(k);
      }
    };
    for (const s of settled.slice(0, 3)) {
      const res = (s as PromiseFulfilledResult<Awaited<ReturnType<typeof c.PlaceCities>>>).value;
      for (const r of res.results) {
        if (r.code === '') count(Number(r.city!.playerId), r.city!);
        else t.equal(r.code, 'ALREADY_EXISTS', String(r.message));
      }
    }
    for (const s of settled.slice(3)) {
      if (s.status === 'rejected') {
        t.equal((s.reason as ServiceError).code, 'ALREADY_EXISTS', String(s.reason));
        continue;
      }
      const city = s.value as Awaited<ReturnType<typeof c.PlaceCity>>;
      count(Number(city.playerId), city);
    }
    // PlaceCity of players 1..5 and batch a: one of them won each, the other said so.
    t.equal(won.size, 80, 'every player got a city');
    t.ok(
      [...won.values()].every((n) => n === 1),
      'no player got two',
    );
    const records = await stored(app);
    t.equal(records.size, 80, 'one stored record per player');
    t.equal(app.world.cities.size, 80);
  });

  t.test('a restart loads what PlaceCities stored', async (t) => {
    const first = await stack.mapServer(smallConfig({ worldId: 5 }), clock);
    const cities = [...first.world.cities.values()]
      .map((c) => [c.playerId, c.x, c.y])
      .sort((a, b) => a[0]! - b[0]!);
    t.equal(cities.length, 80);
    t.same(
      cities,
      [...(await stored(first)).entries()]
        .map(([p, xy]) => [p, xy.x, xy.y])
        .sort((a, b) => a[0]! - b[0]!),
    );
  });
});
