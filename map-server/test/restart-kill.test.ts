// Restart on the real stack: map-server killed in the middle of a settlement (between a battle's
// own write and its effects on other owners), up to three times; after each restart the step is
// finished exactly once and the conservation check still holds. (Marches arriving while it is
// down: restart.test.ts.)
import t from 'tap';
import type { MapServer } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import {
  bringAllHome,
  checkConservation,
  createRng,
  type DriveStats,
  FencedStore,
  fieldTotals,
  randomAction,
  seedPlayers,
  smallConfig,
} from './helpers.ts';
import { startStack } from './stack.ts';

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

t.test('killed in the middle of settlements: finished once after the restart', async (t) => {
  const stack = await startStack(t, 'kill');
  const players = await seedPlayers(stack.store, 16);
  const clock = new ManualClock();
  const config = smallConfig();
  let fenced = new FencedStore(stack.store);
  let kills = 0;
  let armed = false;
  let onKill = () => {};
  const hooks = {
    afterStepWrite: (m: { kind: string }): Promise<void> | undefined => {
      // The first battle step after arming: its own write is done, its effects are not.
      if (!armed || !m.kind.startsWith('attack')) return undefined;
      armed = false;
      kills++;
      fenced.kill();
      onKill();
      return new Promise(() => {});
    },
  };
  let app = await stack.mapServer(config, clock, { hooks, store: fenced });
  const initialFields = fieldTotals(app);
  const rng = createRng(4);
  for (const p of players) await app.cities.place(p, rng.int(160), rng.int(160));
  for (let round = 0; round < 3; round++) {
    await startMany(app, clock, players, 12, 10 + round);
    armed = true;
    const killed = new Promise<void>((resolve) => {
      onKill = resolve;
    });
    clock.advance(3_600_000);
    await Promise.race([app.engine.drain(), killed]);
    if (armed) {
      // No battle fell due this round: nothing to kill.
      armed = false;
      continue;
    }
    app.engine.stop();
    fenced = new FencedStore(stack.store);
    app = await stack.mapServer(config, clock, { hooks, store: fenced });
    t.ok(app.loaded.marches > 0, `restart ${kills}: ${app.loaded.marches} marches reloaded`);
    await app.engine.drain();
  }
  t.ok(kills >= 2, `killed ${kills} times mid-settlement`);
  await bringAllHome(app, clock);
  t.equal(app.world.marches.size, 0, 'every march came home');
  const c = await checkConservation(stack.store, app, players, initialFields);
  t.same(c.problems, [], 'conserved');
});
