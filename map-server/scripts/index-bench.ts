// The viewport index against the brute-force scan on a world of the size: 1,200 x 1,200
// tiles, 100,000 cities, 200,000 fields, 20,000 marches in flight (seeded), in-process.
// Prints the query rates, their ratio, and the heap and RSS the world takes.
//   node --expose-gc map-server/scripts/index-bench.ts [queries]
import { createRng } from '../src/world/rng.ts';
import type { City, Field, March } from '../src/world/types.ts';
import { World } from '../src/world/world.ts';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const queries = Number(process.argv[2] ?? 20_000);
gc();
const before = process.memoryUsage();
const rng = createRng(1);
const w = new World({ worldId: 1, width: 1200, height: 1200, seed: 1, regionSize: 100 });
const t0 = performance.now();
for (let p = 1; w.cities.size < 100_000; p++) {
  const x = rng.below(1199);
  const y = rng.below(1199);
  if (w.cityBlocker(x, y) !== null) continue;
  const c: City = {
    kind: 'city',
    playerId: p,
    x,
    y,
    level: 1,
    seq: 1,
    region: w.regionOf(x, y),
    version: 1,
    reinforcements: new Set(),
    slot: 0,
  };
  w.addCity(c);
}
for (let id = 1; w.fields.size < 200_000; id++) {
  const x = rng.below(1200);
  const y = rng.below(1200);
  if (w.blocked(x, y) || w.at(x, y)) continue;
  const f: Field = {
    kind: 'field',
    id,
    region: w.regionOf(x, y),
    resource: 'food',
    level: 1,
    x,
    y,
    remaining: 20_000,
    gen: 0,
    version: 1,
    occupant: undefined,
    slot: 0,
  };
  w.addField(f);
}
const cities = [...w.cities.values()];
for (let id = 1; id <= 20_000; id++) {
  const c = cities[rng.below(cities.length)]!;
  const dx = rng.below(61) - 30;
  const dy = rng.below(61) - 30;
  const m: March = {
    id,
    playerId: c.playerId,
    kind: 'gather',
    state: 'outbound',
    refRegion: c.region,
    homeX: c.x,
    homeY: c.y,
    targetX: c.x + dx,
    targetY: c.y + dy,
    targetId: 0,
    targetGen: 0,
    fromX: c.x + 1,
    fromY: c.y + 1,
    toX: Math.min(1199, Math.max(0, c.x + dx)) + 0.5,
    toY: Math.min(1199, Math.max(0, c.y + dy)) + 0.5,
    legStart: 0,
    legEnd: 60_000,
    troops: [{ troopId: 1, type: 'infantry', tier: 1, count: 100, wounded: 0 }],
    load: { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 },
    step: 0,
    version: 1,
    startedAt: 0,
    cells: [],
  };
  w.indexMarch(m);
}
const buildMs = performance.now() - t0;
gc();
const after = process.memoryUsage();
const rects = Array.from({ length: queries }, () => ({
  x: rng.below(1170),
  y: rng.below(1180),
  width: 30,
  height: 20,
}));
// A first pass warms the JIT up (the timed pass is the second).
for (const r of rects) w.query(r);
// Interleaved: 200 index queries, then one scan, and again, so that a change in the machine's
// speed (it is shared) weighs on both alike.
let found = 0;
let indexMs = 0;
let scanMs = 0;
let scans = 0;
let mismatches = 0;
const count = (q: ReturnType<World['query']>) =>
  q.cities.length + q.fields.length + q.marches.length;
for (let k = 0; k < rects.length; k += 200) {
  let t1 = performance.now();
  for (const r of rects.slice(k, k + 200)) found += count(w.query(r));
  indexMs += performance.now() - t1;
  const r = rects[k]!;
  t1 = performance.now();
  const q = w.scan(r);
  scanMs += performance.now() - t1;
  scans++;
  if (count(q) !== count(w.query(r))) mismatches++;
}
const perIndex = (indexMs * 1000) / queries;
const perScan = (scanMs * 1000) / scans;
console.log(
  JSON.stringify(
    {
      world: {
        width: 1200,
        height: 1200,
        cities: w.cities.size,
        fields: w.fields.size,
        marches: w.marches.size,
        buildMs: Math.round(buildMs),
      },
      heapMB: +((after.heapUsed - before.heapUsed) / 1e6).toFixed(1),
      arrayBuffersMB: +((after.arrayBuffers - before.arrayBuffers) / 1e6).toFixed(1),
      rssMB: +(after.rss / 1e6).toFixed(1),
      index: {
        queries,
        usPerQuery: +perIndex.toFixed(2),
        meanEntities: +(found / queries).toFixed(1),
      },
      scan: { queries: scans, usPerQuery: +perScan.toFixed(1), mismatches },
      ratio: Math.round(perScan / perIndex),
      indexEntries: w.indexSize,
    },
    null,
    1,
  ),
);
