// A tiny HTTP server for bench/test/soak-settled.test.ts: each GET /work builds about 64 KB of
// short-lived objects (the garbage a request leaves) and, with LEAK_KB > 0, keeps LEAK_KB more
// for good (a leak). /metrics shows process_idle_compactions_total: like service-kit's idle
// compactor, once a quiet period (300 ms) follows a call it runs one memory-reducing full GC (any
// call, not 500 as in the kit: on a busy machine a stall of the client mid-load can pass for a
// quiet period and compact early, and the end of the load must still be followed by one).
// It prints its port on stdout.
import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (o: {
  type: 'major';
  execution: 'sync';
  flavor: 'last-resort';
}) => void;

const leakKb = Number(process.env.LEAK_KB ?? '0');
const kept: Uint8Array[] = [];
let calls = 0;
let seen = 0;
let atLastCompaction = 0;
let compactions = 0;
let sink = 0;

const server = createServer((req, res) => {
  if (req.url === '/metrics') {
    res.end(`process_idle_compactions_total ${compactions}\n`);
    return;
  }
  calls++;
  const garbage: string[] = [];
  for (let i = 0; i < 1024; i++) garbage.push(`${i}:${'x'.repeat(48)}:${Math.random()}`);
  sink += garbage.length;
  if (leakKb > 0) kept.push(new Uint8Array(leakKb * 1024).fill(sink & 0xff || 1));
  res.end('ok');
});

setInterval(() => {
  if (calls === seen && calls > atLastCompaction) {
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    atLastCompaction = calls;
    compactions++;
  }
  seen = calls;
}, 300).unref();

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => process.exit(0));
