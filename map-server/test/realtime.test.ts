// The system clock: marches settle on their own as their times come (timers, no manual clock),
// and the tick lag is recorded.
import t from 'tap';
import { build } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { inlineBattles, quietLogger, seedPlayers, smallConfig } from './helpers.ts';
import { MemoryStore } from './memory-store.ts';

t.test('marches settle by themselves on the system clock', async (t) => {
  const store = new MemoryStore();
  const players = await seedPlayers(store, 4);
  // Fast game: a tile in well under a millisecond of travel.
  const app = await build(smallConfig({ speed: 1_000_000 }), {
    store,
    battles: inlineBattles,
    clock: systemClock,
    logger: quietLogger(),
  });
  t.teardown(() => app.close(500));
  for (const p of players) await app.cities.place(p, 20 + p * 30, 80);
  const monster = [...app.world.monsters.values()][0]!;
  const field = [...app.world.fields.values()][0]!;
  await app.engine.startMarch({
    playerId: 1,
    kind: 'scout',
    targetX: 5,
    targetY: 5,
    troops: [{ troopId: 1, count: 10 }],
  });
  await app.engine.startMarch({
    playerId: 2,
    kind: 'attack_monster',
    targetX: monster.x,
    targetY: monster.y,
    troops: [{ troopId: 2, count: 1000 }],
  });
  await app.engine.startMarch({
    playerId: 3,
    kind: 'gather',
    targetX: field.x,
    targetY: field.y,
    troops: [{ troopId: 1, count: 10 }],
  });
  const city4 = app.world.cities.get(4)!;
  await app.engine.startMarch({
    playerId: 1,
    kind: 'attack_city',
    targetX: city4.x,
    targetY: city4.y,
    troops: [{ troopId: 1, count: 100 }],
  });
  const end = Date.now() + 20_000;
  while (app.world.marches.size > 0 && Date.now() < end)
    await new Promise((r) => setTimeout(r, 10));
  t.equal(app.world.marches.size, 0, 'every march went, did its work and came home');
  const settled = await app.registry.getSingleMetric('mapserver_arrivals_settled_total')?.get();
  const by = Object.fromEntries((settled?.values ?? []).map((v) => [v.labels.kind, v.value]));
  t.equal(by.arrival, 4, 'four arrivals');
  t.equal(by.return, 4, 'four returns');
  t.equal(by.gather_end, 1, 'one gathering ended');
  const text = await app.registry.getSingleMetric('mapserver_tick_lag_seconds')?.get();
  t.ok((text?.values.length ?? 0) > 0, 'tick lag observed');
  t.equal((await store.list('map_report', 2)).length, 1, 'the monster battle reported');
});
