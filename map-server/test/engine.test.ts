// The march engine over an in-memory double of data-server, a manual clock and battle-server's
// model in-process: conservation over thousands of random marches, recalls and battles, and
// exactly-once settlement across "crashes" at every point of a step.
import t from 'tap';
import type { MapServer } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import {
  bringAllHome,
  buildApp,
  checkConservation,
  createRng,
  type DriveStats,
  FencedStore,
  fieldTotals,
  randomAction,
  seedPlayers,
  smallConfig,
} from './helpers.ts';
import { MemoryStore } from './memory-store.ts';

async function placeAll(app: MapServer, players: number[], seed: number) {
  const rng = createRng(seed);
  for (const p of players)
    await app.cities.place(p, rng.int(app.world.width), rng.int(app.world.height));
}

t.test('conservation over thousands of random marches, recalls and battles', async (t) => {
  const store = new MemoryStore();
  const clock = new ManualClock();
  const players = await seedPlayers(store, 60);
  const app = await buildApp(smallConfig(), store, clock);
  t.teardown(() => app.close(100));
  const initialFields = fieldTotals(app);
  await placeAll(app, players, 1);
  const rng = createRng(42);
  const s: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
  while (s.started < 3000) await randomAction(app, clock, rng, players, s);
  await bringAllHome(app, clock);
  t.equal(app.world.marches.size, 0, 'every march came home');
  const c = await checkConservation(store, app, players, initialFields);
  t.same(c.problems, [], 'troops and resources conserved to the unit');
  t.comment(
    `${JSON.stringify(s)}; ${c.battles} battles, ${c.dead} dead, ${c.respawns} respawns, ${c.gathered} gathered`,
  );
  t.ok(c.battles > 400, `many battles (${c.battles})`);
  t.ok(c.dead > 0 && c.respawns > 0 && c.gathered > 0, 'deaths, respawns and gathering happened');
  t.ok(s.recalled > 100, `many recalls (${s.recalled})`);
});

t.test('exactly once: a crash at any point of a step, then a restart', async (t) => {
  const store = new MemoryStore();
  const clock = new ManualClock();
  const players = await seedPlayers(store, 30);
  const config = smallConfig();
  const rng = createRng(7);
  let fenced = new FencedStore(store);
  let onCrash: () => void = () => {};
  let crashAt = -1;
  let steps = 0;
  let mode: 'after-step-write' | 'before-any-write' | 'none' = 'none';
  const crashes = { 'after-step-write': 0, 'before-any-write': 0 };
  const die = () => {
    crashes[mode as keyof typeof crashes]++;
    fenced.kill();
    onCrash();
    return new Promise<void>(() => {});
  };
  const hooks = {
    // The step's own write is done, its effects on other owners are not: the process dies here.
    afterStepWrite: (): Promise<void> | undefined =>
      mode === 'after-step-write' && ++steps === crashAt ? die() : undefined,
  };
  // Any write (a step, a march start, a city, an effect) may be the one the process dies before.
  store.beforeWrite = (): Promise<void> | undefined =>
    mode === 'before-any-write' && rng.int(40) === 0 ? die() : undefined;
  let app = await buildApp(config, fenced, clock, undefined, hooks);
  const initialFields = fieldTotals(app);
  await placeAll(app, players, 2);
  const s: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
  let reloaded = 0;
  for (let round = 0; round < 24; round++) {
    mode = round % 2 === 0 ? 'after-step-write' : 'before-any-write';
    crashAt = steps + 3 + rng.int(30);
    const crashed = new Promise<'crash'>((resolve) => {
      onCrash = () => resolve('crash');
    });
    // Drive until the process "dies" (its calls then never return).
    while (
      (await Promise.race([
        randomAction(app, clock, rng, players, s).then(() => 'ok'),
        crashed,
      ])) === 'ok'
    );
    mode = 'none';
    app.engine.stop();
    fenced = new FencedStore(store);
    app = await buildApp(config, fenced, clock, undefined, hooks);
    reloaded += app.loaded.marches;
  }
  await bringAllHome(app, clock);
  t.equal(app.world.marches.size, 0, 'every march came home');
  const c = await checkConservation(store, app, players, initialFields);
  t.same(c.problems, [], 'troops and resources conserved after 24 crashes');
  t.equal(crashes['after-step-write'], 12, 'crashes between a step and its effects');
  t.equal(crashes['before-any-write'], 12, 'crashes before a write');
  t.ok(reloaded > 24, `marches in flight at the crashes were reloaded (${reloaded})`);
  t.comment(`${JSON.stringify(s)}; ${c.battles} battles, ${c.respawns} respawns`);
  await app.close(100);
});
