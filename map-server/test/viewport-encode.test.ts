// QueryViewport's direct encoder against protobufjs: on seeded random worlds (big ids, fractional
// march coordinates, marches of many stacks so that a message's length takes several bytes,
// occupied fields, reinforced cities, zero values), the bytes decode to exactly what the
// generated codec encodes from convert.ts's messages.
import { slg } from '@slg/proto';
import t from 'tap';
import { cityMsg, fieldMsg, marchMsg, monsterMsg } from '../src/convert.ts';
import { ViewportEncoder } from '../src/viewport-encode.ts';
import { createRng } from '../src/world/rng.ts';
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

const pb = slg.mapserver.v1;
const BIG = Number.MAX_SAFE_INTEGER;

function randomWorld(seed: number) {
  const rng = createRng(seed);
  const big = () =>
    rng.below(3) === 0 ? BIG - rng.below(1000) : rng.below(3) === 0 ? 0 : 1 + rng.below(2 ** 31);
  const w = new World({ worldId: 1, width: 200, height: 150, seed, regionSize: 50 });
  const marches: March[] = [];
  for (let id = 1; id <= 300; id++) {
    const stacks = rng.below(4) === 0 ? 40 : rng.below(4);
    const m: March = {
      id: id * 7919 + (rng.below(2) ? 2 ** 40 : 0),
      playerId: big() || 1,
      kind: MARCH_KINDS[rng.below(MARCH_KINDS.length)]!,
      state: (['outbound', 'returning', 'gathering', 'stationed'] as const)[rng.below(4)]!,
      refRegion: 1,
      homeX: rng.below(200),
      homeY: rng.below(150),
      targetX: rng.below(200),
      targetY: rng.below(150),
      targetId: 0,
      targetGen: 0,
      fromX: rng.below(2000) / 10 + 0.05,
      fromY: rng.below(1500) / 10,
      toX: rng.below(200) + 0.5,
      toY: rng.below(150) === 0 ? 0 : rng.below(150) + 0.5,
      legStart: big(),
      legEnd: big(),
      troops: Array.from({ length: stacks }, (_, i) => ({
        troopId: big() || i + 1,
        type: TROOP_TYPES[rng.below(4)]!,
        tier: rng.below(6),
        count: big(),
        wounded: rng.below(2) ? 0 : big(),
      })),
      load: {
        food: big(),
        wood: 0,
        stone: rng.below(100),
        iron: big(),
        gold: rng.below(2) ? 0 : BIG,
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
    const spot = w.findCitySpot(rng.below(200), rng.below(150), 8);
    if (!spot) continue;
    const c: City = {
      kind: 'city',
      playerId: rng.below(2) ? p : BIG - p,
      x: spot.x,
      y: spot.y,
      level: rng.below(30),
      seq: 1,
      region: w.regionOf(spot.x, spot.y),
      version: 1,
      reinforcements: new Set(marches.slice(0, rng.below(3))),
      slot: 0,
    };
    w.addCity(c);
  }
  for (let i = 1; i <= 3000; i++) {
    const x = rng.below(200);
    const y = rng.below(150);
    if (w.blocked(x, y) || w.at(x, y)) continue;
    if (i % 4 === 0) {
      const m: Monster = {
        kind: 'monster',
        id: i + (rng.below(2) ? 2 ** 33 : 0),
        region: w.regionOf(x, y),
        level: 1 + rng.below(8),
        x,
        y,
        troops: rng.below(3) === 0 ? 0 : big(),
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
        resource: RESOURCES[rng.below(5)]!,
        level: 1 + rng.below(6),
        x,
        y,
        remaining: rng.below(3) === 0 ? 0 : big(),
        gen: 0,
        version: 1,
        occupant: rng.below(3) === 0 ? marches[rng.below(marches.length)] : undefined,
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
      const width = 1 + rng.below(q % 10 === 0 ? 200 : 40);
      const height = 1 + rng.below(q % 10 === 0 ? 150 : 30);
      const r = {
        x: rng.below(200 - width + 1),
        y: rng.below(150 - height + 1),
        width,
        height,
      };
      const res = w.query(r);
      const now = q % 7 === 0 ? 0 : 1_800_000_000_000 + q;
      const mine = enc.encode(res, now);
      const reference = pb.ViewportContents.encode(
        pb.ViewportContents.create({
          cities: res.cities.map(cityMsg),
          fields: res.fields.map(fieldMsg),
          monsters: res.monsters.map(monsterMsg),
          marches: res.marches.map(marchMsg),
          nowMs: now,
        }),
      ).finish();
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
