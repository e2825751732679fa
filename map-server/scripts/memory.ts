// map-server's memory holding a world: builds it in-process against a running data-server and
// battle-server (the environment's MAPSERVER_* as main.ts reads them), then prints the start-up
// rebuild time, RSS and V8's heap spaces once the load's garbage is collected.
//   MAPSERVER_DATASERVER_ADDR=... MAPSERVER_FIELDS=200000 node map-server/scripts/memory.ts
import { getHeapSpaceStatistics } from 'node:v8';
import { build } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';

const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
const config = configFromEnv({ LOG_LEVEL: 'warn', ...process.env });
const t0 = performance.now();
const app = await build(config);
const ms = performance.now() - t0;
const w = app.world;
const mem = process.memoryUsage();
console.log(
  `world ${w.width} x ${w.height}: ${w.cities.size} cities, ${w.fields.size} fields, ${w.monsters.size} monsters, ${w.marches.size} marches; built in ${(ms / 1000).toFixed(1)} s (load ${app.loaded.ms} ms, generated ${app.loaded.generated})`,
);
const status = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8');
const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
console.log(
  `peak rss (VmHWM) ${mb(hwm)}; rss ${mb(mem.rss)}, heap used ${mb(mem.heapUsed)} of ${mb(mem.heapTotal)}, external ${mb(mem.external)}, array buffers ${mb(mem.arrayBuffers)}`,
);
for (const s of getHeapSpaceStatistics()) {
  if (s.space_size > 1 << 20)
    console.log(`  ${s.space_name}: ${mb(s.space_used_size)} used of ${mb(s.space_size)}`);
}
await app.close(1000);
