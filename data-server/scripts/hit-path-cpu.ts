// CPU per cache-hit GET of the two ways data-server can send its coalesced GETs: ioredis's
// mgetBuffer (before) and the hit path's own connection (src/cache/resp-gets.ts, now). The same
// batching as RedisCache.get: every GET asked for in one turn of the event loop leaves as one
// MGET; `concurrency` readers loop, each asking for the next key once it has its answer, so
// that each MGET carries about `concurrency` keys. The process's CPU over the run divided by the
// GETs answered (the readers' own loop included, the same on both sides).
//
//   node data-server/scripts/hit-path-cpu.ts <ioredis|resp> [seconds=3] [concurrency=12] [redis URL]
//
// Writes 1,000 keys of 220 bytes (a FetchV2 record's size in the bench) under a key prefix of its
// own and deletes them after.
import { Redis } from 'ioredis';
import { RespGets, respTarget } from '../src/cache/resp-gets.ts';

const [mode = '', secs = '3', conc = '12', url = 'redis://127.0.0.1:6379/0'] =
  process.argv.slice(2);
if (mode !== 'ioredis' && mode !== 'resp') {
  console.error('usage: hit-path-cpu.ts <ioredis|resp> [seconds] [concurrency] [redis URL]');
  process.exit(2);
}
const target = respTarget(url);
if (!target) throw new Error(`${url}: a redis://host:port[/db] URL`);
const prefix = `hitpathcpu:${process.pid}:`;
const r = new Redis(url, { protocol: 2, autoPipeliningIgnoredCommands: ['get', 'mget'] });
const value = Buffer.alloc(220, 7);
const keys = Array.from({ length: 1000 }, (_, i) => `${prefix}{${i}}:r:building:1`);
await r.mset(...keys.flatMap((k) => [k, value]));
const resp = new RespGets(target, {
  timeoutMs: 5_000,
  onFailure: (why) => {
    throw new Error(why);
  },
});
while (!resp.ready) await new Promise((done) => setTimeout(done, 10));

let batch: { keys: string[]; done: ((v: Buffer | null) => void)[] } | undefined;
let commands = 0;
function get(key: string): Promise<Buffer | null> {
  if (!batch) {
    batch = { keys: [], done: [] };
    setImmediate(send);
  }
  const b = batch;
  b.keys.push(key);
  return new Promise((done) => b.done.push(done));
}
function send(): void {
  const b = batch!;
  batch = undefined;
  commands++;
  if (mode === 'resp') {
    resp.mget(b.keys, (err, values) => {
      if (err) throw err;
      for (let i = 0; i < b.done.length; i++) b.done[i]!(values![i]!);
    });
  } else {
    r.mgetBuffer(b.keys).then((values) => {
      for (let i = 0; i < b.done.length; i++) b.done[i]!(values[i] ?? null);
    });
  }
}

let answered = 0;
let stop = false;
async function reader(first: number): Promise<void> {
  for (let j = first; !stop; j++) {
    const v = await get(keys[j % keys.length]!);
    if (v?.length !== value.length) throw new Error('a wrong value');
    answered++;
    await new Promise((next) => setImmediate(next));
  }
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
setTimeout(() => {
  stop = true;
}, Number(secs) * 1000);
await Promise.all(Array.from({ length: Number(conc) }, (_, i) => reader(i * 7)));
const cpu = process.cpuUsage(cpu0);
const s = (performance.now() - t0) / 1000;
console.log(
  `${mode}: ${answered} GETs in ${s.toFixed(1)} s, ${(answered / commands).toFixed(1)} keys per MGET, ` +
    `${((cpu.user + cpu.system) / answered).toFixed(1)} us CPU per GET (user ${(cpu.user / answered).toFixed(1)}, system ${(cpu.system / answered).toFixed(1)})`,
);
resp.close();
await r.del(...keys);
await r.quit();
