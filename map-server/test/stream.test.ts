// Viewport streams on the real stack: every change inside the rectangle, in order, none
// outside it; a moved rectangle; what the events of the whole map build is the next snapshot; a
// bad rectangle; a slow consumer told and closed.
import * as grpc from '@grpc/grpc-js';
import { slg, slg_mapserver_v1_ViewportServiceDefinition } from '@slg/proto';
import t from 'tap';
import { ManualClock } from '../src/clock.ts';
import type { MapEvent } from '../src/engine/events.ts';
import { type Rect, rectsOverlap, segmentTouchesRect } from '../src/world/geometry.ts';
import { createRng, type DriveStats, randomAction, seedPlayers, smallConfig } from './helpers.ts';
import { startStack } from './stack.ts';
import { Mirror } from './stream-mirror.ts';
import { canonical } from './viewport-canonical.ts';

const def = slg_mapserver_v1_ViewportServiceDefinition.Watch;

function watch(address: string) {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const call = client.makeBidiStreamRequest(
    def.path,
    def.requestSerialize,
    def.responseDeserialize,
  ) as grpc.ClientDuplexStream<slg.mapserver.v1.IWatchRequest, slg.mapserver.v1.WatchEvent>;
  const events: slg.mapserver.v1.WatchEvent[] = [];
  let status: grpc.StatusObject | undefined;
  let error: grpc.ServiceError | undefined;
  call.on('data', (e: slg.mapserver.v1.WatchEvent) => events.push(e));
  call.on('status', (s) => {
    status = s;
  });
  call.on('error', (e: grpc.ServiceError) => {
    error = e;
  });
  return {
    call,
    events,
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    send: (rect: Rect) => call.write({ rect }),
    close() {
      call.cancel();
      client.close();
    },
  };
}

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const touches = (e: MapEvent, r: Rect) =>
  e.tiles.some((x) => rectsOverlap(x, r)) || e.paths.some((p) => segmentTouchesRect(p, r));

t.test('viewport streams', async (t) => {
  const stack = await startStack(t, 'str');
  const players = await seedPlayers(stack.store, 30);
  const clock = new ManualClock();
  const app = await stack.mapServer(smallConfig({ streamBuffer: 16 }), clock);
  const port = await app.listen(0);
  const address = `127.0.0.1:${port}`;
  const all: MapEvent[] = [];
  app.hub.observers.add((e) => all.push(e));
  const rng = createRng(21);

  t.test(
    'every change inside the rectangle, in order, none outside; then a moved rectangle',
    async (t) => {
      const w = watch(address);
      t.teardown(() => w.close());
      const r1 = { x: 40, y: 40, width: 50, height: 40 };
      w.send(r1);
      await until(() => w.events.length >= 1, 'the snapshot');
      const snap1 = w.events[0]!;
      t.equal(snap1.type, 'snapshot');
      // Activity all over the map: cities (some inside), marches crossing, battles, moves.
      for (const p of players) await app.cities.place(p, rng.int(160), rng.int(160));
      const s: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
      while (s.started < 40) await randomAction(app, clock, rng, players, s);
      const spot = app.world.findCitySpot(60, 60)!;
      const mover = players.find(
        (p) =>
          ![...app.world.marches.values()].some((m) => m.playerId === p) &&
          app.world.cities.get(p)!.reinforcements.size === 0,
      );
      if (mover) await app.cities.relocate(mover, spot.x, spot.y);

      const expected1 = all
        .filter((e) => e.seq > Number(snap1.seq) && touches(e, r1))
        .map((e) => e.seq);
      await until(() => w.events.length - 1 >= expected1.length, `${expected1.length} events`);
      const got1 = w.events.slice(1).map((e) => Number(e.seq));
      t.same(
        got1,
        expected1,
        `the stream got exactly the ${expected1.length} changes touching its rectangle, in order`,
      );
      t.ok(
        expected1.length > 20 && expected1.length < all.length,
        `${expected1.length} of ${all.length} changes were inside`,
      );
      t.ok(
        new Set(w.events.slice(1).map((e) => e.type)).size >= 4,
        `kinds: ${[...new Set(w.events.slice(1).map((e) => e.type))].join(', ')}`,
      );

      // Move the rectangle: a snapshot of the new one, then its changes only.
      const r2 = { x: 100, y: 100, width: 60, height: 60 };
      const before = w.events.length;
      w.send(r2);
      await until(
        () => w.events.slice(before).some((e) => e.type === 'snapshot'),
        'the second snapshot',
      );
      const k = w.events.findIndex((e, i) => i >= before && e.type === 'snapshot');
      const snap2 = w.events[k]!;
      t.equal(
        snap2.snapshot?.cities?.length,
        app.world.query(r2).cities.length,
        'the snapshot holds the cities of the new rectangle',
      );
      const s2: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
      while (s2.started < 20) await randomAction(app, clock, rng, players, s2);
      const expected2 = all
        .filter((e) => e.seq > Number(snap2.seq) && touches(e, r2))
        .map((e) => e.seq);
      await until(() => w.events.length - k - 1 >= expected2.length, `${expected2.length} events`);
      t.same(
        w.events.slice(k + 1).map((e) => Number(e.seq)),
        expected2,
        'then exactly the changes of the new rectangle',
      );
      // Before the switch: only the old rectangle's.
      const between = w.events.slice(1 + got1.length, k).map((e) => Number(e.seq));
      t.same(
        between,
        all
          .filter(
            (e) =>
              e.seq > (got1.at(-1) ?? Number(snap1.seq)) &&
              e.seq <= Number(snap2.seq) &&
              touches(e, r1),
          )
          .map((e) => e.seq),
      );
    },
  );

  t.test(
    'clients keeping the whole map from four streams hold what a new snapshot shows',
    async (t) => {
      // Four quadrants (a side is at most MAPSERVER_MAX_VIEWPORT), each kept by test/stream-mirror.ts
      // from its snapshot and events as decoded from the wire; then each asks again: the snapshot,
      // taken in the stream's order, must equal what the events built.
      const half = 80;
      const quads = [0, 1, 2, 3].map((i) => ({
        x: (i % 2) * half,
        y: Math.floor(i / 2) * half,
        width: half,
        height: half,
      }));
      const ws = quads.map(() => watch(address));
      t.teardown(() => {
        for (const w of ws) w.close();
      });
      for (const [i, r] of quads.entries()) ws[i]!.send(r);
      await until(() => ws.every((w) => w.events.length >= 1), 'the snapshots');
      const mirrors = quads.map((r, i) => new Mirror(r, ws[i]!.events[0]!.snapshot!));
      const s: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
      while (s.started < 60) await randomAction(app, clock, rng, players, s);
      clock.advance(600_000);
      await app.engine.drain();
      const seqs = ws.map((w) => w.events.length);
      for (const [i, r] of quads.entries()) ws[i]!.send(r);
      await until(
        () => ws.every((w, i) => w.events.slice(seqs[i]).some((e) => e.type === 'snapshot')),
        'the second snapshots',
      );
      const types: Record<string, number> = {};
      ws.forEach((w, i) => {
        const k = w.events.findIndex((e, j) => j > 0 && e.type === 'snapshot');
        for (const e of w.events.slice(1, k)) mirrors[i]!.apply(e);
        const snap = w.events[k]!;
        const now = Number(snap.snapshot!.nowMs);
        t.same(
          JSON.parse(canonical(mirrors[i]!.encode(now))),
          JSON.parse(canonical(slg.mapserver.v1.ViewportContents.encode(snap.snapshot!).finish())),
          `quadrant ${JSON.stringify(quads[i])}: ${k - 1} events built the new snapshot`,
        );
        for (const [type, n] of Object.entries(mirrors[i]!.applied))
          types[type] = (types[type] ?? 0) + n;
      });
      t.comment(JSON.stringify(types));
      t.ok((types.city_changed ?? 0) > 0, `reinforcement counts told (${types.city_changed ?? 0})`);
    },
  );

  t.test('a bad rectangle ends the stream with INVALID_ARGUMENT', async (t) => {
    const w = watch(address);
    t.teardown(() => w.close());
    w.send({ x: 150, y: 0, width: 20, height: 5 });
    await until(() => w.status !== undefined, 'the status');
    t.equal(w.status!.code, grpc.status.INVALID_ARGUMENT);
    t.match(w.status!.details, /is not inside the 160 x 160 map/);
  });

  t.test('a slow consumer is told and closed; memory stays bounded', async (t) => {
    const w = watch(address);
    t.teardown(() => w.close());
    const r = { x: 0, y: 0, width: 100, height: 100 };
    w.send(r);
    await until(() => w.events.length >= 1, 'the snapshot');
    w.call.pause(); // reads nothing more
    const subscribers = app.hub.subscribers;
    t.equal(subscribers, 1, 'one subscriber');
    // A burst of changes inside its rectangle, far more than the transport and the bound hold.
    const big = [...app.world.cities.values()][0]!;
    let sent = 0;
    while (app.hub.subscribers > 0 && sent < 200_000) {
      app.hub.publish({
        timeMs: clock.now(),
        type: 'city_moved',
        city: { playerId: big.playerId, x: 5, y: 5, level: 1, reinforcements: 0 },
        previousCity: { playerId: big.playerId, x: 6, y: 6, level: 1, reinforcements: 0 },
        tiles: [{ x: 5, y: 5, width: 2, height: 2 }],
        paths: [],
      });
      sent++;
      if (sent % 500 === 0) await new Promise((r) => setImmediate(r));
    }
    t.equal(app.hub.subscribers, 0, `closed after ${sent} changes`);
    w.call.resume();
    await until(() => w.status !== undefined, 'the status');
    t.equal(w.status!.code, grpc.status.RESOURCE_EXHAUSTED);
    t.match(w.status!.details, /viewport stream too slow: 16 events waiting \(limit 16\)/);
    t.ok(w.events.length < sent, `it got ${w.events.length} of ${sent} before being closed`);
    const m = await app.registry.getSingleMetric('mapserver_streams_closed_total')?.get();
    t.equal(m?.values.find((v) => v.labels.reason === 'slow')?.value, 1, 'counted as slow');
  });
});
