// A march of troops whose stored record the map does not know: refused before anything is
// written, with a message naming what is wrong with the record (its tier, or its kind).
import { FailedPreconditionError } from '@slg/service-kit';
import t from 'tap';
import { ManualClock } from '../src/clock.ts';
import { buildApp, seedPlayers, smallConfig } from './helpers.ts';
import { MemoryStore } from './memory-store.ts';

t.test('a troop of an unknown tier or kind is named by what is unknown', async (t) => {
  const store = new MemoryStore();
  const clock = new ManualClock();
  await seedPlayers(store, 1);
  await store.write(1, [
    { create: { table: 'troop', member: 11, fields: { kind: 'infantry', tier: 11, count: 50 } } },
    { create: { table: 'troop', member: 12, fields: { kind: 'cavalry', tier: 'x', count: 50 } } },
    { create: { table: 'troop', member: 13, fields: { kind: 'dragon', tier: 2, count: 50 } } },
  ]);
  const app = await buildApp(smallConfig(), store, clock);
  t.teardown(() => app.close(100));
  const city = await app.cities.place(1, 80, 80);
  const march = (troopId: number) =>
    app.engine.startMarch({
      playerId: 1,
      kind: 'scout',
      targetX: city.x + 10,
      targetY: city.y,
      troops: [{ troopId, count: 1 }],
    });
  const before = JSON.stringify([await store.list('troop', 1), await store.list('map_march', 1)]);
  for (const [troopId, message] of [
    [11, 'troop 11 of player 1 is of an unknown tier 11 (tiers are 1 to 10)'],
    [12, 'troop 12 of player 1 is of an unknown tier "x" (tiers are 1 to 10)'],
    [13, 'troop 13 of player 1 is of an unknown kind "dragon" (kinds are infantry, cavalry'],
  ] as const) {
    const err = await march(troopId).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.type(err, FailedPreconditionError, `troop ${troopId}: FAILED_PRECONDITION`);
    t.match((err as Error).message, message);
  }
  t.notMatch(
    await march(11).catch((e: Error) => e.message),
    /kind/,
    'a known kind with an unknown tier is not called an unknown kind',
  );
  const after = JSON.stringify([await store.list('troop', 1), await store.list('map_march', 1)]);
  t.equal(after, before, 'nothing written');
});
