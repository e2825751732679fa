// QueryViewport's direct encoder against protobufjs: on seeded random worlds (big ids, fractional
// march coordinates, marches of many stacks so that a message's length takes several bytes,
// occupied fields, reinforced cities, zero values), the bytes decode to exactly what the
// generated codec encodes from convert.ts's messages.
import { slg } from '@slg/proto';
import { createRng } from '@slg/service-kit/prng';
import t from 'tap';
import { fieldMsg } from '../src/convert.ts';
import { ViewportEncoder } from '../src/viewport-encode.ts';
import {
  type City,
  type Field,
  MARCH_KINDS,
  type March,
  type Monster,
  RESOURCES,
  TROOP_TYPES,
} from '../src/world/types.ts';
import { World } from '../src/world/world.ts';
import { canonical, randomRect, referenceBytes } from './viewport-canonical.ts';

const pb = slg.mapserver.v1;
const BIG = Number.MAX_SAFE_INTEGER;
/** randomWorld()'s map. */
const MAP = { width: 200, height: 150 };

function randomWorld(seed: number) {
  const rng = createRng(seed);
  const big = () =>
    rng.int(3) === 0 ? BIG - rng.int(1000) : rng.int(3) === 0 ? 0 : 1 + rng.int(2 ** 31);
  const w = new World({ worldId: 1, ...MAP, seed, regionSize: 50 });
  const marches: March[] = [];
  for (let id = 1; id <= 300; id++) {
    const stacks = rng.int(4) === 0 ? 40 : rng.int(4);
    const m: March = {
      id: id * 7919 + (rng.int(2) ? 2 ** 40 : 0),
      playerId: big() || 1,
      kind: MARCH_KINDS[rng.int(MARCH_KINDS.length)]!,
      state: (['outbound', 'returning', 'gathering', 'stationed'] as const)[rng.int(4)]!,
      refRegion: 1,
      homeX: rng.int(200),
      homeY: rng.int(150),
      targetX: rng.int(200),
      targetY: rng.int(150),
      targetId: 0,
      targetGen: 0,
      fromX: rng.int(2000) / 10 + 0.05,
      fromY: rng.int(1500) / 10,
      toX: rng.int(200) + 0.5,
      toY: rng.int(150) === 0 ? 0 : rng.int(150) + 0.5,
      legStart: big(),
      legEnd: big(),
      troops: Array.from({ length: stacks }, (_, i) => ({
        troopId: big() || i + 1,
        type: TROOP_TYPES[rng.int(4)]!,
        tier: rng.int(6),
        count: big(),
        wounded: rng.int(2) ? 0 : big(),
      })),
      load: {
        food: big(),
        wood: 0,
        stone: rng.int(100),
        iron: big(),
        gold: rng.int(2) ? 0 : BIG,
      },
      step: 0,
      version: 1,
      startedAt: big(),
      cells: [],
    };
    w.indexMarch(m);
    marches.push(m);
  }
  for (let p = 1; p <= 800; p++) {
    const spot = w.findCitySpot(rng.int(200), rng.int(150), 8);
    if (!spot) continue;
    const c: City = {
      kind: 'city',
      playerId: rng.int(2) ? p : BIG - p,
      x: spot.x,
      y: spot.y,
      level: rng.int(30),
      seq: 1,
      region: w.regionOf(spot.x, spot.y),
      version: 1,
      reinforcements: new Set(marches.slice(0, rng.int(3))),
      slot: 0,
    };
    w.addCity(c);
  }
  for (let i = 1; i <= 3000; i++) {
    const x = rng.int(200);
    const y = rng.int(150);
    if (w.blocked(x, y) || w.at(x, y)) continue;
    if (i % 4 === 0) {
      const m: Monster = {
        kind: 'monster',
        id: i + (rng.int(2) ? 2 ** 33 : 0),
        region: w.regionOf(x, y),
        level: 1 + rng.int(8),
        x,
        y,
        troops: rng.int(3) === 0 ? 0 : big(),
        gen: 0,
        version: 1,
        slot: 0,
      };
      w.addMonster(m);
    } else {
      const f: Field = {
        kind: 'field',
        id: i,
        region: w.regionOf(x, y),
        resource: RESOURCES[rng.int(5)]!,
        level: 1 + rng.int(6),
        x,
        y,
        remaining: rng.int(3) === 0 ? 0 : big(),
        gen: 0,
        version: 1,
        occupant: rng.int(3) === 0 ? marches[rng.int(marches.length)] : undefined,
        slot: 0,
      };
      w.addField(f);
    }
  }
  return { w, rng };
}

const asObject = (b: Uint8Array) =>
  pb.ViewportContents.toObject(pb.ViewportContents.decode(b), {
    longs: String,
    defaults: true,
    arrays: true,
  });

t.test('the direct encoding decodes to what protobufjs encodes', async (t) => {
  const enc = new ViewportEncoder();
  let entities = 0;
  let longMessages = 0;
  let checked = 0;
  let larger = 0;
  for (const seed of [1, 2, 3]) {
    const { w, rng } = randomWorld(seed);
    for (let q = 0; q < 100; q++) {
      // One in 10 up to the whole map.
      const size = q % 10 === 0 ? MAP : { width: 40, height: 30 };
      const r = randomRect(rng, MAP, { min: 1, ...size });
      const res = w.query(r);
      const now = q % 7 === 0 ? 0 : 1_800_000_000_000 + q;
      const mine = enc.encode(res, now);
      const reference = referenceBytes(res, now);
      const a = asObject(mine);
      const b = asObject(reference);
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        t.same(a, b, `seed ${seed} query ${q}: the same message`);
        return;
      }
      checked++;
      if (mine.length > reference.length) larger++;
      entities += res.cities.length + res.fields.length + res.monsters.length + res.marches.length;
      longMessages += res.marches.filter((m) => m.troops.length >= 40).length;
    }
  }
  t.equal(checked, 300, 'every answer decoded to the reference');
  t.equal(larger, 0, 'no answer larger than protobufjs (defaults left out)');
  t.ok(entities > 20_000, `${entities} entities compared`);
  t.ok(longMessages > 50, `${longMessages} marches of 40 stacks (lengths of 2 bytes)`);
});

t.test('an answer larger than the scratch buffer', async (t) => {
  const { w } = randomWorld(4);
  const enc = new ViewportEncoder();
  const res = w.query({ x: 0, y: 0, width: 200, height: 150 });
  // Every march many times over: well beyond the first 64 KiB.
  const many = { ...res, marches: Array.from({ length: 20 }, () => res.marches).flat() };
  const mine = enc.encode(many, 5);
  t.ok(mine.length > 256 * 1024, `${mine.length} bytes`);
  const back = pb.ViewportContents.decode(mine);
  t.equal(back.marches.length, many.marches.length);
  t.equal(back.cities.length, res.cities.length);
  // The encoder is reused: a small answer afterwards is right too.
  const small = w.query({ x: 10, y: 10, width: 30, height: 20 });
  t.same(
    asObject(enc.encode(small, 5)).fields,
    asObject(
      pb.ViewportContents.encode(
        pb.ViewportContents.create({ fields: small.fields.map(fieldMsg), nowMs: 5 }),
      ).finish(),
    ).fields,
  );
});

t.test(
  'encodeRect (slot records, cached march bytes) after changes through the world',
  async (t) => {
    const changes: Record<string, number> = {};
    const did = (k: string) => {
      changes[k] = (changes[k] ?? 0) + 1;
    };
    let compared = 0;
    let cachedHits = 0;
    for (const seed of [5, 6]) {
      const { w, rng } = randomWorld(seed);
      const enc = new ViewportEncoder();
      const big = () => (rng.int(3) === 0 ? BIG - rng.int(1000) : rng.int(2 ** 20));
      const check = (label: string): boolean => {
        // The whole map (every entity) and a few smaller views (cities cut by the edge).
        const rects = [{ x: 0, y: 0, ...MAP }];
        for (let i = 0; i < 4; i++)
          rects.push(randomRect(rng, MAP, { min: 1, width: 40, height: 30 }));
        for (const r of rects) {
          // Twice: the second answer's marches come from the bytes the first one kept.
          for (let k = 0; k < 2; k++) {
            const mine = enc.encodeRect(w, r, 77);
            const a = canonical(mine);
            // The reference from a scan: neither the slot records nor the tile grid read.
            const b = canonical(referenceBytes(w.scan(r), 77));
            if (a !== b) {
              t.same(JSON.parse(a), JSON.parse(b), `${label}: ${JSON.stringify(r)}, pass ${k}`);
              return false;
            }
            compared++;
            if (k === 1) cachedHits += asObject(mine).marches.length;
          }
        }
        return true;
      };
      if (!check(`seed ${seed} before any change`)) return;
      for (let round = 0; round < 25; round++) {
        for (let k = 0; k < 10; k++) {
          const fields = [...w.fields.values()];
          const monsters = [...w.monsters.values()];
          const cities = [...w.cities.values()];
          const marches = [...w.marches.values()];
          const pick = <E>(l: E[]) => l[rng.int(l.length)];
          const what = rng.int(9);
          if (what === 0) {
            const f = pick(fields)!;
            const occupant = rng.int(2) ? pick(marches) : undefined;
            w.updateField(f, { remaining: big(), level: 1 + rng.int(6), occupant });
            did(occupant ? 'field occupied' : 'field left');
          } else if (what === 1) {
            w.updateMonster(pick(monsters)!, { troops: big(), level: rng.int(300) });
            did('monster fought');
          } else if (what === 2) {
            const c = pick(cities)!;
            const m = pick(marches)!;
            if (rng.int(2)) {
              w.station(c, m);
              did('station');
            } else {
              w.unstation(c, [...c.reinforcements][0] ?? m);
              did('unstation');
            }
          } else if (what === 3) {
            const m = pick(marches)!;
            w.updateMarch(m, {
              ...m,
              state: (['outbound', 'returning', 'gathering', 'stationed'] as const)[rng.int(4)]!,
              fromX: rng.int(2000) / 10,
              legEnd: big(),
              troops: m.troops.map((s) => ({ ...s, count: s.count - 1, wounded: s.wounded + 1 })),
              load: { ...m.load, wood: m.load.wood + rng.int(1000) },
            });
            did('march step');
          } else if (what === 4) {
            const c = pick(cities)!;
            const spot = w.findCitySpot(rng.int(199), rng.int(149), 6);
            if (!spot || w.cityBlocker(spot.x, spot.y, c) !== null) continue;
            w.beginMove(c, spot.x, spot.y);
            w.commitMove(c, spot.x, spot.y);
            did('city moved');
          } else if (what === 5) {
            const e = rng.int(2) ? pick(fields)! : pick(monsters)!;
            const x = rng.int(200);
            const y = rng.int(150);
            if (w.blocked(x, y) || w.at(x, y)) continue;
            w.moveOne(e, x, y);
            did('respawned elsewhere');
          } else if (what === 6) {
            const m = pick(marches)!;
            w.removeMarch(m);
            if (rng.int(2)) {
              w.indexMarch({ ...m, id: m.id + 1, cells: [] });
              did('march replaced');
            } else did('march removed');
          } else if (what === 7) {
            const c = pick(cities)!;
            w.removeCity(c);
            const spot = w.findCitySpot(rng.int(199), rng.int(149), 6);
            if (spot) {
              w.addCity({ ...c, x: spot.x, y: spot.y, reinforcements: new Set(), slot: 0 });
              did('city replaced');
            } else did('city removed');
          } else {
            const f = pick(fields)!;
            w.updateField(f, { occupant: undefined, remaining: 0, gen: f.gen + 1 });
            did('field emptied');
          }
        }
        if (!check(`seed ${seed} round ${round}`)) return;
      }
    }
    t.comment(JSON.stringify(changes));
    for (const k of [
      'field occupied',
      'field left',
      'monster fought',
      'station',
      'unstation',
      'march step',
      'city moved',
      'respawned elsewhere',
      'march replaced',
      'city replaced',
      'field emptied',
    ]) {
      t.ok((changes[k] ?? 0) > 5, `${k}: ${changes[k] ?? 0} times`);
    }
    t.equal(compared, 2 * 26 * 5 * 2, 'every answer decoded to the reference');
    t.ok(cachedHits > 5_000, `${cachedHits} marches answered from their kept bytes`);
  },
);
