// The world's pure parts: the spatial index against a brute-force scan on seeded random worlds,
// the cells a segment crosses, placement, terrain, and the sharing of battle losses.

import { createRng } from '@slg/service-kit/prng';
import t from 'tap';
import { distribute } from '../src/engine/combat.ts';
import { cellsOfSegment, segmentTouchesRect } from '../src/world/geometry.ts';
import type { City, Field, March, Monster } from '../src/world/types.ts';
import { MARCH_CELL, World } from '../src/world/world.ts';

function randomWorld(seed: number) {
  const rng = createRng(seed);
  const w = new World({ worldId: 1, width: 400, height: 300, seed, regionSize: 50 });
  for (let p = 1; p <= 1500; p++) {
    const spot = w.findCitySpot(rng.int(400), rng.int(300), 10);
    if (!spot) continue;
    const c: City = {
      kind: 'city',
      playerId: p,
      x: spot.x,
      y: spot.y,
      level: 1,
      seq: 1,
      region: w.regionOf(spot.x, spot.y),
      version: 1,
      reinforcements: new Set(),
      slot: 0,
    };
    w.addCity(c);
  }
  for (let i = 1; i <= 3000; i++) {
    const x = rng.int(400);
    const y = rng.int(300);
    if (w.blocked(x, y) || w.at(x, y)) continue;
    if (i % 4 === 0) {
      const m: Monster = {
        kind: 'monster',
        id: i,
        region: w.regionOf(x, y),
        level: 1,
        x,
        y,
        troops: 10,
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
        resource: 'food',
        level: 1,
        x,
        y,
        remaining: 100,
        gen: 0,
        version: 1,
        occupant: undefined,
        slot: 0,
      };
      w.addField(f);
    }
  }
  const states = ['outbound', 'returning', 'gathering', 'stationed'] as const;
  for (let id = 1; id <= 2000; id++) {
    // Long and short paths, some along cell borders, some of zero length.
    const x0 = rng.int(4) === 0 ? MARCH_CELL * rng.int(12) : rng.int(4000) / 10;
    const y0 = rng.int(3000) / 10;
    const long = rng.int(3) === 0;
    const x1 =
      rng.int(5) === 0
        ? x0
        : Math.min(400, Math.max(0, x0 + (rng.int(long ? 400 : 40) - (long ? 200 : 20))));
    const y1 = Math.min(300, Math.max(0, y0 + (rng.int(long ? 300 : 30) - (long ? 150 : 15))));
    const m: March = {
      id,
      playerId: 1,
      kind: 'scout',
      state: states[rng.int(4)]!,
      refRegion: 1,
      homeX: 0,
      homeY: 0,
      targetX: 0,
      targetY: 0,
      targetId: 0,
      targetGen: 0,
      fromX: x0,
      fromY: y0,
      toX: x1,
      toY: y1,
      legStart: 0,
      legEnd: 1,
      troops: [],
      load: { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 },
      step: 0,
      version: 1,
      startedAt: 0,
      cells: [],
    };
    w.indexMarch(m);
  }
  return { w, rng };
}

const ids = (r: ReturnType<World['query']>) => ({
  cities: r.cities.map((c) => c.playerId).sort((a, b) => a - b),
  fields: r.fields.map((f) => f.id).sort((a, b) => a - b),
  monsters: r.monsters.map((m) => m.id).sort((a, b) => a - b),
  marches: r.marches.map((m) => m.id).sort((a, b) => a - b),
});

t.test('viewport index = brute-force scan on seeded random worlds', async (t) => {
  let nonEmpty = 0;
  let crossing = 0;
  for (const seed of [1, 2, 3]) {
    const { w, rng } = randomWorld(seed);
    for (let q = 0; q < 400; q++) {
      const width = 1 + rng.int(q % 5 === 0 ? 100 : 30);
      const height = 1 + rng.int(q % 5 === 0 ? 100 : 20);
      const x = q % 7 === 0 ? MARCH_CELL * rng.int(10) : rng.int(400 - width + 1);
      const y = rng.int(300 - height + 1);
      const r = { x: Math.min(x, 400 - width), y, width, height };
      const a = ids(w.query(r));
      const b = ids(w.scan(r));
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        t.same(a, b, `seed ${seed}, rect ${JSON.stringify(r)}`);
        return;
      }
      if (a.cities.length + a.fields.length + a.marches.length > 0) nonEmpty++;
      // Marches crossing the rectangle with neither end inside it.
      for (const m of w.query(r).marches) {
        const inside = (px: number, py: number) =>
          px >= r.x && px <= r.x + r.width && py >= r.y && py <= r.y + r.height;
        if (!inside(m.fromX, m.fromY) && !inside(m.toX, m.toY)) crossing++;
      }
    }
    // Moves and removals keep the index exact.
    for (const m of [...w.marches.values()].slice(0, 500)) {
      if (m.id % 2) w.removeMarch(m);
      else w.updateMarch(m, { ...m, toX: rng.int(400) });
    }
    for (let q = 0; q < 100; q++) {
      const r = { x: rng.int(370), y: rng.int(280), width: 30, height: 20 };
      t.same(ids(w.query(r)), ids(w.scan(r)), `after changes, seed ${seed}`);
    }
  }
  t.ok(nonEmpty > 600, `most queries found something (${nonEmpty} of 1200)`);
  t.ok(
    crossing > 50,
    `marches crossing a rectangle with neither end in it were found (${crossing})`,
  );
});

t.test('cellsOfSegment holds the cell of every point of the segment', async (t) => {
  const rng = createRng(9);
  let checked = 0;
  for (let i = 0; i < 2000; i++) {
    const s = {
      x0: rng.int(6400) / 10,
      y0: rng.int(6400) / 10,
      x1: rng.int(6400) / 10,
      y1: rng.int(6400) / 10,
    };
    if (i % 10 === 0) s.x1 = s.x0;
    if (i % 13 === 0) s.y1 = s.y0;
    const cells = new Set(cellsOfSegment(s, MARCH_CELL).map(([x, y]) => `${x},${y}`));
    for (let k = 0; k <= 200; k++) {
      const f = k / 200;
      const px = s.x0 + (s.x1 - s.x0) * f;
      const py = s.y0 + (s.y1 - s.y0) * f;
      const key = `${Math.floor(px / MARCH_CELL)},${Math.floor(py / MARCH_CELL)}`;
      if (!cells.has(key)) {
        t.fail(`segment ${JSON.stringify(s)} misses cell ${key} at f=${f}`);
        return;
      }
      checked++;
    }
  }
  t.equal(checked, 2000 * 201);
  t.ok(
    segmentTouchesRect({ x0: 0, y0: 0, x1: 10, y1: 10 }, { x: 4, y: 0, width: 1, height: 1 }) ===
      false,
  );
  t.ok(segmentTouchesRect({ x0: 0, y0: 5, x1: 10, y1: 5 }, { x: 4, y: 0, width: 1, height: 10 }));
});

t.test('placement: nearest free spot, never on a taken or blocked tile', async (t) => {
  const w = new World({ worldId: 1, width: 200, height: 200, seed: 5, regionSize: 50 });
  const placed: City[] = [];
  for (let p = 1; p <= 300; p++) {
    const spot = w.findCitySpot(100, 100);
    t.ok(spot, 'a spot is found');
    if (!spot) return;
    t.equal(w.cityBlocker(spot.x, spot.y), null);
    const c: City = {
      kind: 'city',
      playerId: p,
      x: spot.x,
      y: spot.y,
      level: 1,
      seq: 1,
      region: w.regionOf(spot.x, spot.y),
      version: 1,
      reinforcements: new Set(),
      slot: 0,
    };
    w.addCity(c);
    placed.push(c);
  }
  // No two cities overlap and none stands on blocked terrain.
  const tiles = new Set<string>();
  for (const c of placed) {
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      const k = `${c.x + dx},${c.y + dy}`;
      t.notOk(tiles.has(k), `tile ${k} taken once`);
      tiles.add(k);
      t.notOk(w.blocked(c.x + dx, c.y + dy));
    }
  }
  t.equal(w.indexSize.tiles, 1200);
  t.match(w.cityBlocker(placed[0]!.x, placed[0]!.y) ?? '', /taken by the city of player 1/);
  t.match(w.cityBlocker(199, 10) ?? '', /would leave the 200 x 200 map/);
  let blocked = 0;
  for (let y = 0; y < 200; y++) for (let x = 0; x < 200; x++) if (w.blocked(x, y)) blocked++;
  t.ok(
    blocked > 200 && blocked < 40_000 * 0.3,
    `some terrain is blocked (${blocked} of 40000 tiles)`,
  );
  t.equal(
    new World({ worldId: 1, width: 200, height: 200, seed: 5, regionSize: 50 }).blocked(17, 33),
    w.blocked(17, 33),
  );
});

t.test('distribute: shares sum to the total, none above its part, proportional', async (t) => {
  const rng = createRng(3);
  for (let i = 0; i < 3000; i++) {
    const parts = Array.from({ length: 1 + rng.int(6) }, () =>
      rng.int(4) === 0 ? 0 : rng.int(10_000_000),
    );
    const sum = parts.reduce((a, b) => a + b, 0);
    const total = sum === 0 ? 0 : rng.int(sum + 1);
    const shares = distribute(total, parts);
    const got = shares.reduce((a, b) => a + b, 0);
    if (
      got !== total ||
      shares.some(
        (s, k) => s > parts[k]! || s < 0 || Math.abs(s - (parts[k]! * total) / sum) >= 1 + 1e-9,
      )
    ) {
      t.fail(`distribute(${total}, ${JSON.stringify(parts)}) = ${JSON.stringify(shares)}`);
      return;
    }
  }
  t.same(distribute(3, [1, 1, 1, 1]), [1, 1, 1, 0]);
  t.same(distribute(0, [5, 5]), [0, 0]);
});

t.test('the tile grid widens past 65,535 slots and keeps every entity', async (t) => {
  // Two bytes a tile while every slot fits (world.ts); the 65,536th entity widens it.
  const w = new World({ worldId: 1, width: 400, height: 400, seed: 11, regionSize: 100 });
  const placed: Field[] = [];
  for (let y = 0; y < 400 && placed.length < 70_000; y++) {
    for (let x = 0; x < 400 && placed.length < 70_000; x++) {
      if (w.blocked(x, y)) continue;
      const f: Field = {
        kind: 'field',
        id: placed.length + 1,
        region: w.regionOf(x, y),
        resource: 'wood',
        level: 1,
        x,
        y,
        remaining: 100,
        gen: 0,
        version: 1,
        occupant: undefined,
        slot: 0,
      };
      w.addField(f);
      placed.push(f);
    }
  }
  t.equal(placed.length, 70_000, '70,000 fields placed');
  t.ok(placed.at(-1)!.slot > 0xffff, `the last slot ${placed.at(-1)!.slot} is past 65,535`);
  const wrong = placed.filter((f) => w.at(f.x, f.y) !== f);
  t.equal(wrong.length, 0, 'every tile still names its own field, the first ones included');
  const q = w.query({ x: 0, y: 0, width: 400, height: 400 });
  t.equal(q.fields.length, 70_000, 'the viewport over the whole map finds every field');
});
