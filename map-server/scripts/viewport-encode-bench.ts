// QueryViewport's encoding, in-process, on a world of issue 12's size (1,200 x 1,200, 100,000
// cities, 200,000 fields, 20,000 marches in flight, seeded): the query and its answer encoded by
// protobufjs from convert.ts's messages (the first version) against the direct encoder
// (viewport-encode.ts), alternating blocks of 500 queries, after a warm-up of both. Prints the
// CPU time per query of each (process.cpuUsage), of the index query alone, and the mean answer
// sizes.
//   node map-server/scripts/viewport-encode-bench.ts [queries]
import { slg } from '@slg/proto';
import { cityMsg, fieldMsg, marchMsg, monsterMsg } from '../src/convert.ts';
import { ViewportEncoder } from '../src/viewport-encode.ts';
import { createRng } from '../src/world/rng.ts';
import type { City, Field, March } from '../src/world/types.ts';
import { World } from '../src/world/world.ts';

const pb = slg.mapserver.v1;
const queries = Number(process.argv[2] ?? 20_000);
const rng = createRng(1);
const w = new World({ worldId: 1, width: 1200, height: 1200, seed: 1, regionSize: 100 });
for (let p = 1; w.cities.size < 100_000; p++) {
  const x = rng.below(1199);
  const y = rng.below(1199);
  if (w.cityBlocker(x, y) !== null) continue;
  const c: City = {
    kind: 'city',
    playerId: 800_000_000 + p,
    x,
    y,
    level: 1 + (p % 20),
    seq: 1,
    region: w.regionOf(x, y),
    version: 1,
    reinforcements: new Set(),
    slot: 0,
  };
  w.addCity(c);
}
const resources = ['food', 'wood', 'stone', 'iron', 'gold'] as const;
for (let id = 1; w.fields.size < 200_000; id++) {
  const x = rng.below(1200);
  const y = rng.below(1200);
  if (w.blocked(x, y) || w.at(x, y)) continue;
  const f: Field = {
    kind: 'field',
    id: Math.floor(id / 1400) * 1_000_000 + id,
    region: w.regionOf(x, y),
    resource: resources[id % 5]!,
    level: 1 + (id % 6),
    x,
    y,
    remaining: 20_000 * (1 + (id % 6)),
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
    id: 1_000_000 + id,
    playerId: c.playerId,
    kind: 'scout',
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
    legStart: 1_800_000_000_000,
    legEnd: 1_800_000_060_000,
    troops: [{ troopId: 2, type: 'cavalry', tier: 3, count: 1, wounded: 0 }],
    load: { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 },
    step: 0,
    version: 1,
    startedAt: 1_800_000_000_000,
    cells: [],
  };
  w.indexMarch(m);
}
const rects = Array.from({ length: queries }, () => ({
  x: rng.below(1171),
  y: rng.below(1181),
  width: 30,
  height: 20,
}));
const now = 1_800_000_030_000;
const viaObjects = (r: (typeof rects)[number]) => {
  const q = w.query(r);
  return pb.ViewportContents.encode(
    pb.ViewportContents.create({
      cities: q.cities.map(cityMsg),
      fields: q.fields.map(fieldMsg),
      monsters: q.monsters.map(monsterMsg),
      marches: q.marches.map(marchMsg),
      nowMs: now,
    }),
  ).finish();
};
const enc = new ViewportEncoder();
const direct = (r: (typeof rects)[number]) => enc.encode(w.query(r), now);
for (const r of rects.slice(0, 2000)) {
  viaObjects(r);
  direct(r);
}
const queryOnly = (r: (typeof rects)[number]) => {
  const q = w.query(r);
  return { length: q.cities.length + q.fields.length + q.monsters.length + q.marches.length };
};
const cpu = { objects: 0, direct: 0, query: 0 };
const bytes = { objects: 0, direct: 0, query: 0 };
const block = 500;
for (let k = 0; k < rects.length; k += block) {
  for (const [name, fn] of [
    ['objects', viaObjects],
    ['direct', direct],
    ['query', queryOnly],
  ] as const) {
    const c0 = process.cpuUsage();
    for (const r of rects.slice(k, k + block)) bytes[name] += fn(r).length;
    const c = process.cpuUsage(c0);
    cpu[name] += c.user + c.system;
  }
}
const us = (name: keyof typeof cpu) => +(cpu[name] / queries).toFixed(1);
console.log(
  JSON.stringify({
    world: { cities: w.cities.size, fields: w.fields.size, marches: w.marches.size },
    queries,
    cpuUsPerQuery: { objects: us('objects'), direct: us('direct'), queryAlone: us('query') },
    meanEntities: +(bytes.query / queries).toFixed(1),
    ratio: +(cpu.objects / cpu.direct).toFixed(2),
    meanBytes: {
      objects: Math.round(bytes.objects / queries),
      direct: Math.round(bytes.direct / queries),
    },
  }),
);
