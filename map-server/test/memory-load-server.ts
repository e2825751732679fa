// The map-server of memory-load.test.ts, in a process of its own so that its V8 heap holds the
// server only (the test's client, in the parent, allocates as much per query). Over the
// in-memory store and a manual clock (nothing settles during the load), gRPC on port 0, its
// configuration read from the environment as main.ts reads it (MAPSERVER_HEAP_GROWING_PERCENT
// reaches it). On the IPC channel: { port } once listening; 'mark' -> { base } (the old
// generation now, and the peak restarted); 'mem' -> the peak since, with the full GCs counted
// and the process's CPU time (every thread's: V8's GC helpers included).
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { build } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import { configFromEnv } from '../src/config.ts';
import { inlineBattles, quietLogger } from './helpers.ts';
import { MemoryStore } from './memory-store.ts';

/** The old generation's committed bytes: every space but the young generation's. */
function oldGeneration(): number {
  let n = 0;
  for (const s of getHeapSpaceStatistics())
    if (s.space_name !== 'new_space' && s.space_name !== 'new_large_object_space')
      n += s.space_size;
  return n;
}

const config = configFromEnv({
  MAPSERVER_WIDTH: '600',
  MAPSERVER_HEIGHT: '600',
  MAPSERVER_FIELDS: '40000',
  MAPSERVER_MONSTERS: '4000',
  ...process.env,
  LOG_LEVEL: 'silent',
});
const app = await build(config, {
  store: new MemoryStore(),
  battles: inlineBattles,
  clock: new ManualClock(),
  logger: quietLogger(),
});
const port = await app.listen(0);

let peak = 0;
let majorGcs = 0;
let cpuAtMark = process.cpuUsage();
const sample = () => {
  peak = Math.max(peak, oldGeneration());
};
// Sampled at every full collection's end (the old generation is at its largest just before
// one ends) and every 20 ms in between.
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if ((e as { detail?: { kind?: number } }).detail?.kind === perf.NODE_PERFORMANCE_GC_MAJOR)
      majorGcs++;
  sample();
});
observer.observe({ entryTypes: ['gc'] });
const timer = setInterval(sample, 20);

process.on('message', (m) => {
  if (m === 'mark') {
    peak = oldGeneration();
    majorGcs = 0;
    cpuAtMark = process.cpuUsage();
    process.send?.({ base: peak });
  } else if (m === 'mem') {
    sample();
    const cpu = process.cpuUsage(cpuAtMark);
    process.send?.({ peak, majorGcs, now: oldGeneration(), cpuUs: cpu.user + cpu.system });
  } else if (m === 'stop') {
    clearInterval(timer);
    observer.disconnect();
    void app.close(1000).then(() => process.disconnect());
  }
});
process.send?.({ port, heapGrowingPercent: config.heapGrowingPercent });
