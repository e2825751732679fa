// map-server's old generation and CPU per query under a viewport load, for A/B runs of
// MAPSERVER_HEAP_GROWING_PERCENT: the server and load of memory-load.test.ts (a child process
// with npm start's V8 flags, the in-memory store, a 600 x 600 world of 40,000 fields;
// test/memory-load-client.ts), 2,000 warm-up queries, then `queries` QueryViewport at random
// 30 x 20 rectangles, 64 in flight, answers taken as bytes. Prints one JSON line: the server's
// CPU per query (every thread of the child: V8's GC helpers included), its old generation when
// the load started and its peak, the full collections during the load, and the load average.
//   node map-server/scripts/viewport-memory.ts [heap growing percent (40)] [queries (24000)]
import { readFileSync } from 'node:fs';
import { createRng } from '../src/world/rng.ts';
import { ask, forkLoadServer, viewportClient, viewportLoad } from '../test/memory-load-client.ts';

const percent = process.argv[2] ?? '40';
const queries = Number(process.argv[3] ?? 24_000);
const MB = 2 ** 20;

const child = forkLoadServer({ ...process.env, MAPSERVER_HEAP_GROWING_PERCENT: percent });
const { port } = await ask<{ port: number }>(child, null, 'port');
const { query, close } = viewportClient(port);

for (let i = 0; i < 2000; i++) await query({ x: i % 570, y: i % 580, width: 30, height: 20 });
const { base } = await ask<{ base: number }>(child, 'mark', 'base');
const rng = createRng(12);
await viewportLoad(query, rng, queries, 64);
const m = await ask<{ peak: number; majorGcs: number; cpuUs: number }>(child, 'mem', 'peak');
console.log(
  JSON.stringify({
    heapGrowingPercent: Number(percent),
    queries,
    cpuUsPerQuery: Number((m.cpuUs / queries).toFixed(1)),
    oldGenerationMB: Number((base / MB).toFixed(1)),
    peakMB: Number((m.peak / MB).toFixed(1)),
    majorGcs: m.majorGcs,
    load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  }),
);
close();
child.send('stop');
