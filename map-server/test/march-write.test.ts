// A march step writes only the fields of the march record that the step changed (and always
// `step` and `pending`), and what is stored after it is still the whole march as memory holds
// it: a restart reads back the march the engine kept. The last step removes the record at the
// version memory holds, in the write that brings the troops home.
import t from 'tap';
import { ManualClock } from '../src/clock.ts';
import { marchChanges, marchFields, T } from '../src/store/records.ts';
import type { Op } from '../src/store/store.ts';
import type { March } from '../src/world/types.ts';
import { buildApp, seedPlayers, smallConfig } from './helpers.ts';
import { MemoryStore } from './memory-store.ts';

t.test('marchChanges: the changed fields, step and pending', async (t) => {
  const was = {
    id: 7,
    playerId: 1,
    kind: 'scout',
    state: 'outbound',
    refRegion: 3,
    homeX: 10,
    homeY: 12,
    targetX: 40,
    targetY: 12,
    targetId: 2,
    targetGen: 0,
    fromX: 10.5,
    fromY: 12.5,
    toX: 40.5,
    toY: 12.5,
    legStart: 1000,
    legEnd: 5000,
    troops: [{ troopId: 1, type: 'cavalry', tier: 1, count: 5, wounded: 0 }],
    load: { food: 0, wood: 0, stone: 0, gold: 0 },
    step: 0,
    version: 1,
    startedAt: 1000,
    cells: [],
  } as unknown as March;
  const next = {
    ...was,
    state: 'returning',
    fromX: 40.5,
    toX: 10.5,
    legStart: 5000,
    legEnd: 9000,
    step: 1,
  } as March;
  const changes = marchChanges(was, next, []);
  t.same(Object.keys(changes).sort(), [
    'from_x',
    'leg_end',
    'leg_start',
    'pending',
    'state',
    'step',
    'to_x',
  ]);
  t.same({ ...marchFields(was), ...changes }, marchFields(next), 'stored + changes = the whole');
  const troopsToo = marchChanges(
    was,
    { ...next, troops: [{ ...was.troops[0]!, count: 3 }] } as March,
    [],
  );
  t.equal(troopsToo.troops, JSON.stringify([[1, 'cavalry', 1, 3, 0]]), 'a changed JSON field');
});

t.test('an arrival writes its changes; the stored march equals memory', async (t) => {
  const store = new MemoryStore();
  const clock = new ManualClock();
  await seedPlayers(store, 2);
  const app = await buildApp(smallConfig(), store, clock);
  t.teardown(() => app.close(100));
  await app.cities.place(1, 80, 80);
  const target = await app.cities.place(2, 100, 80);
  const troops = await store.list(T.troop, 1);
  const started = await app.engine.startMarch({
    playerId: 1,
    kind: 'scout',
    targetX: target.x,
    targetY: target.y,
    troops: [{ troopId: troops[0]!.member, count: 1 }],
  });
  const id = Number(started.id);
  const writes: Op[][] = [];
  store.beforeWrite = (_owner, ops) => {
    writes.push(ops);
  };
  const march = app.world.marches.get(id)!;
  clock.advance(march.legEnd - clock.now() + 1);
  await app.engine.drain();
  const step = writes.find((ops) =>
    ops.some((o) => 'modify' in o && o.modify.table === T.march && o.modify.member === id),
  );
  t.ok(step, 'the arrival wrote the march');
  const modify = step!.find((o) => 'modify' in o && o.modify.table === T.march) as Extract<
    Op,
    { modify: unknown }
  >;
  t.notOk('home_x' in modify.modify.fields, 'an unchanged field is not sent');
  t.notOk('troops' in modify.modify.fields, 'nor the troops, unchanged by a scout');
  t.equal(modify.modify.fields.state, 'returning');
  t.ok('pending' in modify.modify.fields && 'step' in modify.modify.fields);
  const stored = await store.fetch(T.march, 1, id);
  const now = app.world.marches.get(id)!;
  t.equal(now.state, 'returning');
  t.same(stored!.fields, marchFields(now), 'the stored record is the march memory holds');
  t.equal(stored!.version, now.version);

  // The return: the record removed at the version memory holds, the troops back, one write.
  writes.length = 0;
  const troopsBefore = (await store.fetch(T.troop, 1, troops[0]!.member))!.fields.count;
  clock.advance(now.legEnd - clock.now() + 1);
  await app.engine.drain();
  const last = writes.find((ops) => ops.some((o) => 'remove' in o && o.remove.member === id));
  t.same(last?.[0], { remove: { table: T.march, member: id, expectedVersion: now.version } });
  t.notOk(
    last?.some((o) => 'modify' in o),
    'no separate write of the step before the removal',
  );
  t.equal(await store.fetch(T.march, 1, id), null, 'removed');
  t.equal(
    (await store.fetch(T.troop, 1, troops[0]!.member))!.fields.count,
    Number(troopsBefore) + 1,
    'the scout is home',
  );
});
