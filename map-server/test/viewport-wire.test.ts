// QueryViewport's answer after the engine's own changes: random marches of every kind, recalls,
// battles, gathering, respawns, reinforcements, city moves and a restart (the loader), driven
// through the same APIs the service calls. After every action, every entity's answer (the whole
// map) and a few viewports are encoded by the service's encoder (the world's slot records and
// kept march bytes) and compared with what protobufjs encodes from convert.ts's messages of the
// same entities, found by scanning every object (World.scan, which reads neither the records nor
// the tile grid): a change that reached an entity's object but not its record or bytes fails.
// (The scan's order is not the tile order: each list is compared sorted by id.)
import t from 'tap';
import type { MapServer } from '../src/app.ts';
import { ViewportEncoder } from '../src/viewport-encode.ts';
import { drive, randomWorld } from './helpers.ts';
import { canonical, randomRect, referenceBytes } from './viewport-canonical.ts';

t.test('every answer after random engine activity is what protobufjs encodes', async (t) => {
  const world = await randomWorld(11);
  const { clock, config, rng } = world;
  const events: Record<string, number> = {};
  const observe = (a: MapServer) =>
    a.hub.observers.add((e) => {
      events[e.type] = (events[e.type] ?? 0) + 1;
    });
  observe(world.app);
  const enc = new ViewportEncoder();
  const whole = { x: 0, y: 0, width: config.width, height: config.height };
  let answers = 0;
  let reinforced = 0;
  let stationedCut = 0;
  const stationedTroops = new Map<number, string>();
  const check = (app: MapServer, action: number): boolean => {
    const rects = [whole];
    for (let i = 0; i < 3; i++)
      rects.push(randomRect(rng, config, { min: 1, width: 40, height: 30 }));
    for (const r of rects) {
      // Twice: the second time every march comes from the bytes the first one kept.
      for (let k = 0; k < 2; k++) {
        const mine = canonical(enc.encodeRect(app.world, r, clock.now()));
        const theirs = canonical(referenceBytes(app.world.scan(r), clock.now()));
        if (mine !== theirs) {
          t.same(JSON.parse(mine), JSON.parse(theirs), `action ${action}: ${JSON.stringify(r)}`);
          return false;
        }
        answers++;
      }
    }
    // What happened, so the test can say the changes it covers did happen.
    for (const c of app.world.cities.values()) if (c.reinforcements.size > 0) reinforced++;
    for (const m of app.world.marches.values()) {
      if (m.state !== 'stationed') continue;
      const troops = JSON.stringify(m.troops);
      const before = stationedTroops.get(m.id);
      if (before !== undefined && before !== troops) stationedCut++;
      stationedTroops.set(m.id, troops);
    }
    return true;
  };
  // The restart rebuilds the world from the store, marches in flight attached again (the loader).
  const { stats, finished, moved, reloaded } = await drive(world, {
    actions: 1500,
    restarted: observe,
    check,
  });
  if (!finished) return;
  t.comment(
    `${JSON.stringify(stats)}; ${JSON.stringify(events)}; ${moved} moves, ${reloaded} marches reloaded, ${stationedCut} stationed armies cut, ${answers} answers`,
  );
  t.equal(answers, 1500 * 4 * 2, 'every answer decoded to the reference');
  for (const type of [
    'march_started',
    'march_arrived',
    'march_recalled',
    'march_returned',
    'field_changed',
    'field_respawned',
    'monster_changed',
    'monster_respawned',
    'city_moved',
  ]) {
    t.ok((events[type] ?? 0) > 0, `${type}: ${events[type] ?? 0}`);
  }
  t.ok(reinforced > 0, `cities held reinforcements (${reinforced} city-checks)`);
  t.ok(stationedCut > 0, `stationed armies lost troops in battles (${stationedCut})`);
  t.ok(reloaded > 0, `marches in flight reloaded at the restart (${reloaded})`);
});
