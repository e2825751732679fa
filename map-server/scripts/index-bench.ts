// The viewport index against the brute-force scan on a world of the issue's size: 1,200 x 1,200
// tiles, 100,000 cities, 200,000 fields, 20,000 marches in flight (seeded), in-process.
// Prints the query rates, their ratio, and the heap and RSS the world takes.
//   node --expose-gc map-server/scripts/index-bench.ts [queries]
import type { World } from '../src/world/world.ts';
import { issueWorld } from './issue-world.ts';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const queries = Number(process.argv[2] ?? 20_000);
gc();
const before = process.memoryUsage();
const t0 = performance.now();
// The viewport benches' world (issue-world.ts) without its monsters, radius 30: the same draws,
// so the same cities, fields and marches as this script built itself before it was shared.
const { w, rng } = issueWorld(30, 0);
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
