// Viewport streams against QueryViewport, as a property: clients that keep what the engine's
// published events say (test/stream-mirror.ts) of the whole map and of a few rectangles, routed as
// the hub routes them (an event reaches a rectangle its tiles or paths touch), must hold exactly
// what a scan of every object answers for the same rectangle, after every one of 1,500 random
// engine actions: marches of every kind, recalls, battles (stationed armies cut or sent home),
// gathering, respawns, reinforcements arriving and leaving, city moves and a restart. A change
// that reaches the answer without an event (a city's reinforcement count, a stationed army's
// troops) or with an event the rectangle is not told of (a march's old path) fails it. Then the
// changes made outside a step: a march taking its stored record after a refused write, one whose
// record was removed, a placement whose write failed after a client's snapshot showed the city.
import { slg } from '@slg/proto';
import { UnavailableError } from '@slg/service-kit';
import t from 'tap';
import type { MapServer } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import type { MapEvent } from '../src/engine/events.ts';
import { KeyedLocks } from '../src/engine/locks.ts';
import { placeCities } from '../src/place-cities.ts';
import { marchFields, T } from '../src/store/records.ts';
import { type Rect, rectsOverlap, segmentTouchesRect } from '../src/world/geometry.ts';
import type { March } from '../src/world/types.ts';
import { buildApp, drive, quietLogger, randomWorld, seedPlayers, smallConfig } from './helpers.ts';
import { MemoryStore } from './memory-store.ts';
import { Mirror } from './stream-mirror.ts';
import { canonical, contentsOf, randomRect } from './viewport-canonical.ts';

const pb = slg.mapserver.v1;

const touches = (e: MapEvent, r: Rect) =>
  e.tiles.some((x) => rectsOverlap(x, r)) || e.paths.some((p) => segmentTouchesRect(p, r));

const answer = (app: MapServer, r: Rect, now: number) => contentsOf(app.world.scan(r), now);

const encode = (c: slg.mapserver.v1.IViewportContents) =>
  pb.ViewportContents.encode(pb.ViewportContents.create(c)).finish();

t.test('stream mirrors equal QueryViewport after random engine activity', async (t) => {
  const world = await randomWorld(12);
  const { clock, config, rng } = world;
  const rects: Rect[] = [{ x: 0, y: 0, width: config.width, height: config.height }];
  for (let i = 0; i < 6; i++)
    rects.push(randomRect(rng, config, { min: 8, width: 50, height: 50 }));
  const events: Record<string, number> = {};
  let mirrors: Mirror[] = [];
  // Snapshots taken when the observer is added: nothing happens between (one synchronous step).
  // After the restart a stream does not outlive it: clients subscribe again (a new snapshot).
  const subscribe = (a: MapServer) => {
    mirrors = rects.map((r) => new Mirror(r, answer(a, r, clock.now())));
    a.hub.observers.add((e) => {
      events[e.type] = (events[e.type] ?? 0) + 1;
      for (const m of mirrors) if (touches(e, m.rect)) m.apply(e);
    });
  };
  subscribe(world.app);
  let compared = 0;
  const check = (app: MapServer, action: number): boolean => {
    for (const m of mirrors) {
      const mine = canonical(m.encode(clock.now()));
      const theirs = canonical(encode(answer(app, m.rect, clock.now())));
      if (mine !== theirs) {
        t.same(
          JSON.parse(mine),
          JSON.parse(theirs),
          `action ${action}: the mirror of ${JSON.stringify(m.rect)} is QueryViewport's answer`,
        );
        return false;
      }
      compared++;
    }
    return true;
  };
  const actions = 1500;
  const { stats, moved, reloaded } = await drive(world, {
    actions,
    restarted: subscribe,
    check,
  });
  t.comment(
    `${JSON.stringify(stats)}; ${JSON.stringify(events)}; ${moved} moves, ${reloaded} marches reloaded, ${compared} mirrors compared`,
  );
  t.equal(compared, actions * rects.length, 'every mirror equalled the answer after every action');
  // The changes this covers did happen.
  for (const type of [
    'city_moved',
    'city_changed',
    'march_started',
    'march_arrived',
    'march_recalled',
    'march_returned',
    'march_changed',
    'field_changed',
    'field_respawned',
    'monster_changed',
    'monster_respawned',
  ]) {
    t.ok((events[type] ?? 0) > 0, `${type}: ${events[type] ?? 0}`);
  }
  t.ok(reloaded > 0, `marches in flight reloaded at the restart (${reloaded})`);
});

t.test('changes made outside a step reach the mirrors too', async (t) => {
  const store = new MemoryStore();
  const clock = new ManualClock();
  const players = await seedPlayers(store, 8);
  const config = smallConfig();
  const app = await buildApp(config, store, clock);
  t.teardown(() => app.close(100));
  const whole = { x: 0, y: 0, width: config.width, height: config.height };
  for (const p of players) await app.cities.place(p, 18 * p, 18 * p);
  const mirrors: Mirror[] = [];
  // Snapshots as Watch takes them (the hub's, from the tile grid), of the whole map, each city's
  // tiles and any `more` rectangles.
  const subscribe = (...more: Rect[]) => {
    const cities = [...app.world.cities.values()];
    const rects = [whole, ...cities.map((c) => ({ x: c.x, y: c.y, width: 2, height: 2 })), ...more];
    mirrors.push(...rects.map((r) => new Mirror(r, app.hub.contents(r))));
  };
  app.hub.observers.add((e) => {
    for (const m of mirrors) if (touches(e, m.rect)) m.apply(e);
  });
  subscribe();
  const same = (what: string) => {
    const off = mirrors.filter(
      (m) =>
        canonical(m.encode(clock.now())) !== canonical(encode(answer(app, m.rect, clock.now()))),
    );
    t.same(
      off.map((m) => m.rect),
      [],
      `${what}: every mirror (${mirrors.length}) is the answer`,
    );
  };
  /** What Watch's snapshot (the grid) says of `r` is what a scan of every city says. */
  const gridIsScan = (r: Rect, what: string) =>
    t.equal(
      canonical(encode(app.hub.contents(r))),
      canonical(encode(answer(app, r, clock.now()))),
      `${what}: the snapshot of ${JSON.stringify(r)} is the scan's`,
    );
  // Two reinforcements of player 5's city (players 1 and 5 are allies), stationed.
  const sent = [];
  for (const from of [1, 1]) {
    const city = app.world.cities.get(5)!;
    sent.push(
      await app.engine.startMarch({
        playerId: from,
        kind: 'reinforce',
        targetX: city.x,
        targetY: city.y,
        troops: [{ troopId: 1, count: 100 }],
      }),
    );
  }
  clock.advance(3_600_000);
  await app.engine.drain();
  t.same(
    sent.map((m) => m.state),
    ['stationed', 'stationed'],
    'both stationed',
  );
  t.equal(app.world.cities.get(5)!.reinforcements.size, 2, 'the city holds both');
  same('stationed');

  // The first march's record changed behind map-server's back (its troops halved): the recall's
  // write is refused and memory takes the stored record.
  const [a, b] = sent as [March, March];
  const halved = { ...a, troops: a.troops.map((s) => ({ ...s, count: s.count / 2 })) };
  await store.write(1, [
    { modify: { table: T.march, member: a.id, fields: marchFields(halved as March) } },
  ]);
  const changed = mirrors[0]!.applied.march_changed ?? 0;
  await app.engine.recall(1, a.id);
  t.equal(app.world.marches.get(a.id)?.troops[0]?.count, 50, 'memory took the stored troops');
  t.equal(mirrors[0]!.applied.march_changed, changed + 1, 'a march_changed told it');
  same('a march that took its stored record');

  // The second march's record removed behind map-server's back: it leaves the map and the city.
  await store.write(1, [{ remove: { table: T.march, member: b.id } }]);
  await app.engine.recall(1, b.id).catch(() => undefined);
  t.notOk(app.world.marches.has(b.id), 'the march is gone');
  t.equal(app.world.cities.get(5)!.reinforcements.size, 1, 'the city holds one');
  t.equal(mirrors[0]!.applied.march_removed, 1, 'a march_removed told it');
  same('a march whose record was removed');

  // A placement whose write fails: a client subscribing while the write is out sees the city.
  store.beforeWrite = (_owner, ops) => {
    if (!ops.some((op) => 'create' in op && op.create.table === T.city)) return;
    subscribe();
    t.ok(app.world.cities.has(9), 'the snapshot taken during the write holds the city');
    throw new UnavailableError('the store is down');
  };
  await store.write(9, [
    { create: { table: 'player', member: 0, fields: { name: 'p9', alliance_id: 2 } } },
  ]);
  await t.rejects(app.cities.place(9, 100, 30), { name: 'UnavailableError' });
  store.beforeWrite = undefined;
  t.notOk(app.world.cities.has(9), 'not placed');
  same('a placement whose write failed');

  // The same through PlaceCities: a region's batch whose write fails after a snapshot.
  for (const p of [10, 11]) {
    await store.write(p, [
      { create: { table: 'player', member: 0, fields: { name: `p${p}`, alliance_id: 3 } } },
    ]);
  }
  const placement = {
    world: app.world,
    store,
    locks: new KeyedLocks(),
    clock,
    publish: app.hub.publish,
    log: quietLogger(),
  };
  let batches = 0;
  store.beforeWrite = (_owner, ops) => {
    if (!ops.some((op) => 'create' in op && op.create.table === T.city)) return;
    batches++;
    subscribe();
    throw new UnavailableError('the store is down');
  };
  const results = await placeCities(placement, [
    { playerId: 10, nearX: 100, nearY: 80 },
    { playerId: 11, nearX: 104, nearY: 80 },
  ]);
  store.beforeWrite = undefined;
  t.same(
    results.map((r) => r.code),
    ['UNAVAILABLE', 'UNAVAILABLE'],
    'neither placed',
  );
  t.equal(batches, 1, 'one region write, refused');
  t.notOk(app.world.cities.has(10) || app.world.cities.has(11), 'neither on the map');
  same('a PlaceCities batch whose write failed');

  // A city move: while its write is out, a snapshot of the new tiles alone (and one of the
  // whole map) is taken; the first move's write fails, the second's succeeds. The first goes
  // right of and below the city: a grid that gave the new tiles to the city before its
  // coordinates changed listed it there, at the old ones (a rectangle's city is listed at its
  // first tile inside, found from the record's corner).
  const mover = app.world.cities.get(3)!;
  const from = { x: mover.x, y: mover.y };
  const spots = [app.world.findCitySpot(100, 100)!, app.world.findCitySpot(20, 100)!];
  t.ok(spots[0]!.x > from.x && spots[0]!.y > from.y, 'the failing move goes right and down');
  for (const [k, to] of spots.entries()) {
    const fail = k === 0;
    const newTiles = { x: to.x, y: to.y, width: 2, height: 2 };
    let seen = 0;
    store.beforeWrite = (_owner, ops) => {
      const city = (op: (typeof ops)[number]) =>
        ('create' in op && op.create.table === T.city) ||
        ('modify' in op && op.modify.table === T.city);
      if (!ops.some(city)) return;
      seen++;
      subscribe(newTiles);
      gridIsScan(newTiles, `move ${k} in flight`);
      gridIsScan(whole, `move ${k} in flight`);
      t.equal(
        app.world.cityBlocker(to.x, to.y),
        `tile (${to.x}, ${to.y}) is being taken by the city of player 3 (moving there)`,
        'no placement takes the new tiles meanwhile',
      );
      if (fail) throw new UnavailableError('the store is down');
    };
    const moved = app.cities.relocate(3, to.x, to.y);
    if (fail) await t.rejects(moved, { name: 'UnavailableError' });
    else await moved;
    store.beforeWrite = undefined;
    t.equal(seen, 1, `move ${k}: its write was seen`);
    const at = fail ? from : to;
    t.same({ x: mover.x, y: mover.y }, at, `move ${k}: the city stands at (${at.x}, ${at.y})`);
    t.equal(
      app.world.cityBlocker(to.x, to.y, mover),
      null,
      `move ${k}: the new tiles are free or the city's`,
    );
    gridIsScan(whole, `move ${k} done`);
    same(fail ? 'a move whose write failed' : 'a move written');
  }
});
