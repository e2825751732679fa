// Restart on the real stack: marches arrive while map-server is down; after the restart each is
// settled exactly once and the conservation check still holds. (Killed in the middle of a
// settlement: restart-kill.test.ts.)
import t from 'tap';
import type { MapServer } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import {
  bringAllHome,
  checkConservation,
  createRng,
  type DriveStats,
  fieldTotals,
  randomAction,
  seedPlayers,
  smallConfig,
} from './helpers.ts';
import { startStack } from './stack.ts';

async function settledCount(app: MapServer, kind: string): Promise<number> {
  const m = await app.registry.getSingleMetric('mapserver_arrivals_settled_total')?.get();
  return m?.values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

/** Starts marches without letting time pass (so all are in flight). */
async function startMany(
  app: MapServer,
  clock: ManualClock,
  players: number[],
  n: number,
  seed: number,
) {
  const rng = createRng(seed);
  const s: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
  while (s.started < n) await randomAction(app, clock, rng, players, s, { advance: false });
  return s;
}

t.test(
  'marches that arrive while map-server is down are settled once after it is back',
  async (t) => {
    const stack = await startStack(t, 'rst');
    const players = await seedPlayers(stack.store, 24);
    const clock = new ManualClock();
    const config = smallConfig();
    const first = await stack.mapServer(config, clock);
    const initialFields = fieldTotals(first);
    const rng = createRng(3);
    for (const p of players) await first.cities.place(p, rng.int(160), rng.int(160));
    // Only starts and recalls (no time passes): every march is in flight when the server stops.
    const s = await startMany(first, clock, players, 40, 5);
    const inFlight = first.world.marches.size;
    const outbound = [...first.world.marches.values()].filter((m) => m.state === 'outbound').length;
    await first.close(2000);
    // Down for two hours of game time: arrivals, gathering, battles and returns all fall due.
    clock.advance(2 * 3_600_000);
    const second = await stack.mapServer(config, clock);
    t.equal(second.loaded.marches, inFlight, `all ${inFlight} marches reloaded`);
    t.equal(second.world.cities.size, players.length, 'cities reloaded');
    await second.engine.drain();
    t.equal(await settledCount(second, 'arrival'), outbound, 'each outbound march arrived once');
    const left = [...second.world.marches.values()];
    t.ok(
      left.every((m) => m.state === 'stationed'),
      'only reinforcements stay (until recalled)',
    );
    t.equal(
      await settledCount(second, 'return'),
      inFlight - left.length,
      'the others came home once',
    );
    await bringAllHome(second, clock);
    t.equal(second.world.marches.size, 0, 'every march came home');
    const c = await checkConservation(stack.store, second, players, initialFields);
    t.same(c.problems, [], 'conserved');
    t.ok(c.battles > 5, `${c.battles} battles while down`);
    t.comment(JSON.stringify(s.byKind));
  },
);
