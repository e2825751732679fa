// Conservation over random marches through the real stack (MariaDB through db-proxy, data-server
// with Redis, battle-server over HTTP): four drivers start, recall and fight 120 marches at once
// on a manual clock, every march is brought home, and troops and resources are conserved to the
// unit. Its own file: 42 s at load 12, beside service.test.ts's 18 s it went over tap's minute.
import t from 'tap';
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

t.test('conservation over random marches through the real stack', async (t) => {
  const stack = await startStack(t, 'cons');
  const players = await seedPlayers(stack.store, 40);
  const clock = new ManualClock();
  const app = await stack.mapServer(smallConfig(), clock);
  const w = app.world;
  const initialFields = fieldTotals(app);
  const rng = createRng(11);
  for (const p of players)
    if (!w.cities.has(p)) await app.cities.place(p, rng.int(160), rng.int(160));
  const s: DriveStats = { started: 0, recalled: 0, refused: 0, byKind: {} };
  // Four drivers at once (their marches meet on the map: locks and time order under load).
  await Promise.all(
    [1, 2, 3, 4].map(async (k) => {
      const own = createRng(100 + k);
      while (s.started < 120) await randomAction(app, clock, own, players, s);
    }),
  );
  await bringAllHome(app, clock);
  const r = await checkConservation(stack.store, app, players, initialFields);
  t.same(r.problems, [], 'troops and resources conserved to the unit');
  t.ok(r.battles > 12, `${r.battles} battles`);
  t.comment(`${JSON.stringify(s)}; ${r.battles} battles, ${r.dead} dead, ${r.respawns} respawns`);
});
