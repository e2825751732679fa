// QueryViewport's encoding, in-process, on a full-size world (1,200 x 1,200, 100,000
// cities, 200,000 fields, 20,000 monsters, 20,000 marches in flight, seeded): the query and its
// answer encoded by protobufjs from convert.ts's messages (the first version) against the
// service's path (`direct`: the encoder of this checkout), alternating blocks of 500 queries,
// after a warm-up of both. Prints the CPU time per query of each (process.cpuUsage), of the
// index query alone, of the same viewport encoded again right after the first time (`repeat`:
// its caches warm, what a query would cost without the first reads of scattered memory), the
// mean answer (entities by kind, bytes) and the memory of typed arrays and buffers.
// The same script runs against an older checkout (copied there with issue-world.ts and
// test/viewport-canonical.ts): it uses what that has.
// `churn`: marches re-indexed (as a step does) before each block of 500 queries, so that kept
// march bytes are dropped at a server's rate (600 steps/s beside 750 queries/s: 400 a block).
//   node map-server/scripts/viewport-encode-bench.ts [queries] [march radius, tiles: 100] [churn]
import { ViewportEncoder } from '../src/viewport-encode.ts';
import type { SlotResult, World } from '../src/world/world.ts';
import * as worldModule from '../src/world/world.ts';
import { referenceBytes } from '../test/viewport-canonical.ts';
import { issueWorld } from './issue-world.ts';

// An older checkout has no slot query (its query alone then builds the objects).
const { slotResult } = worldModule as { slotResult?: () => SlotResult };

const queries = Number(process.argv[2] ?? 20_000);
// The gRPC bench's scouts go up to 100 tiles (43 marches an answer there).
const radius = Number(process.argv[3] ?? 100);
const churn = Number(process.argv[4] ?? 0);
const { w, rng } = issueWorld(radius);
const rects = Array.from({ length: queries }, () => ({
  x: rng.below(1171),
  y: rng.below(1181),
  width: 30,
  height: 20,
}));
const now = 1_800_000_030_000;
const viaObjects = (r: (typeof rects)[number]) => referenceBytes(w.query(r), now);
type R = (typeof rects)[number];
const enc = new ViewportEncoder();
// The service's path of this checkout: encodeRect where it exists (the world's slot records
// and march bytes), else the entities' objects encoded directly.
const viaRect = (enc as { encodeRect?: (w: World, r: R, now: number) => Buffer }).encodeRect;
const direct = viaRect
  ? (r: R) => viaRect.call(enc, w, r, now)
  : (r: R) => enc.encode(w.query(r), now);
for (const r of rects.slice(0, 2000)) {
  viaObjects(r);
  direct(r);
}
const kinds = { cities: 0, fields: 0, monsters: 0, marches: 0 };
// The index query alone: the slots (querySlots) where the checkout has them, else the objects.
const slots = slotResult?.();
const queryOnly = (r: R) => {
  if (slots) {
    w.querySlots(r, slots);
    kinds.cities += slots.cities.length;
    kinds.fields += slots.fields.length;
    kinds.monsters += slots.monsters.length;
    kinds.marches += slots.marches.length;
    return {
      length:
        slots.cities.length + slots.fields.length + slots.monsters.length + slots.marches.length,
    };
  }
  const q = w.query(r);
  kinds.cities += q.cities.length;
  kinds.fields += q.fields.length;
  kinds.monsters += q.monsters.length;
  kinds.marches += q.marches.length;
  return { length: q.cities.length + q.fields.length + q.monsters.length + q.marches.length };
};
// Each viewport twice in a row: the second is the repeat (this block less the `direct` one).
const twice = (r: R) => {
  direct(r);
  return direct(r);
};
const cpu = { objects: 0, direct: 0, query: 0, twice: 0 };
const bytes = { objects: 0, direct: 0, query: 0, twice: 0 };
const block = 500;
const marchList = [...w.marches.values()];
for (let k = 0; k < rects.length; k += block) {
  for (let i = 0; i < churn; i++) w.indexMarch(marchList[rng.below(marchList.length)]!);
  for (const [name, fn] of [
    ['objects', viaObjects],
    ['direct', direct],
    ['query', queryOnly],
    ['twice', twice],
  ] as const) {
    const c0 = process.cpuUsage();
    for (const r of rects.slice(k, k + block)) bytes[name] += fn(r).length;
    const c = process.cpuUsage(c0);
    cpu[name] += c.user + c.system;
  }
}
const us = (name: keyof typeof cpu) => +(cpu[name] / queries).toFixed(1);
// node --expose-gc for memory figures without the garbage (grown arrays' old buffers).
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
const wire = w as unknown as {
  records?: { capacity: number };
  marchWire?: { size: { allocated: number; live: number } };
};
console.log(
  JSON.stringify({
    world: {
      cities: w.cities.size,
      fields: w.fields.size,
      monsters: w.monsters.size,
      marches: w.marches.size,
      marchRadius: radius,
      churnPerBlock: churn,
    },
    queries,
    cpuUsPerQuery: {
      objects: us('objects'),
      direct: us('direct'),
      repeat: +((cpu.twice - cpu.direct) / queries).toFixed(1),
      queryAlone: us('query'),
    },
    meanEntities: +(bytes.query / queries).toFixed(1),
    meanByKind: Object.fromEntries(
      Object.entries(kinds).map(([k, v]) => [k, +(v / queries).toFixed(1)]),
    ),
    ratio: +(cpu.objects / cpu.direct).toFixed(2),
    wireBytes: wire.records
      ? { records: wire.records.capacity * 16, marchArena: wire.marchWire?.size }
      : undefined,
    arrayBuffersMB: +(mem.arrayBuffers / 2 ** 20).toFixed(1),
    heapUsedMB: +(mem.heapUsed / 2 ** 20).toFixed(1),
    meanBytes: {
      objects: Math.round(bytes.objects / queries),
      direct: Math.round(bytes.direct / queries),
    },
  }),
);
