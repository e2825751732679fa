// The idle compactor: one memory-reducing collection once a quiet period follows a burst of
// calls, none under load, none again without a new burst. Periods are driven by hand (check())
// or waited for by count (compactor.checks), never by elapsed time.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { getHeapSpaceStatistics } from 'node:v8';
import { slg, slg_echo_v1_EchoServiceDefinition } from '@slg/proto';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t from 'tap';
import { compactHeap, createGrpcClient, GrpcServer, IdleCompactor } from '../src/index.ts';
import { mallocTrim } from '../src/malloc-trim.ts';

async function compactions(registry: Registry): Promise<number> {
  const metric = await registry.getSingleMetric('process_idle_compactions_total')?.get();
  return metric?.values[0]?.value ?? 0;
}

t.test('compacts once after a burst, when a period passes without a call', async (t) => {
  let calls = 0;
  const registry = new Registry();
  const c = new IdleCompactor({ calls: () => calls, registry, minCalls: 500 });
  t.notOk(c.check(), 'no burst yet');
  calls += 600;
  t.notOk(c.check(), 'calls came during the period: still busy');
  t.ok(c.check(), 'a quiet period after 600 calls: compacted');
  t.notOk(c.check(), 'still quiet, nothing new: not again');
  calls += 10;
  t.notOk(c.check(), 'busy');
  t.notOk(c.check(), 'quiet, but 10 calls are no burst');
  calls += 490;
  t.notOk(c.check(), 'busy');
  t.ok(c.check(), '500 calls since the last compaction, then quiet: compacted');
  t.equal(await compactions(registry), 2, 'counted in process_idle_compactions_total');
});

t.test(
  'start-up: compacts at the first quiet period, even when the first one saw calls, and after each call until minCalls were served',
  async (t) => {
    let calls = 0;
    const registry = new Registry();
    const startups = async () =>
      (await registry.getSingleMetric('process_startup_compactions_total')?.get())?.values[0]
        ?.value ?? 0;
    // Periods driven by hand: the compactor's own timer is a day away.
    const c = new IdleCompactor({
      calls: () => calls,
      registry,
      minCalls: 500,
      periodMs: 86_400_000,
    });
    c.start();
    t.teardown(() => c.stop());
    calls += 3; // a neighbour starting called during the first period
    t.notOk(c.check(), 'calls during the first period: not yet');
    t.ok(c.check(), 'the first quiet period: compacted');
    t.equal(await startups(), 1, 'counted as the start-up compaction');
    t.equal(await compactions(registry), 0, 'not as an idle one');
    const since = async () =>
      (await registry.getSingleMetric('process_calls_since_compaction')?.get())?.values[0]?.value ??
      -1;
    t.equal(await since(), 0, 'compacted since the last call');
    calls += 3; // another neighbour's start (map-server loading its world) after the compaction
    t.equal(await since(), 3, 'three calls since');
    t.notOk(c.check(), 'busy');
    t.ok(c.check(), 'still starting up (6 of 500 calls): the quiet period after them compacts');
    t.equal(await startups(), 2, 'counted as start-up again');
    t.equal(await since(), 0);
    t.notOk(c.check(), 'quiet, nothing new: not again');
    calls += 600; // start-up over: 606 calls served
    t.notOk(c.check(), 'busy');
    t.ok(c.check(), 'a burst of 600, then quiet: the idle compaction');
    t.equal(await compactions(registry), 1);
    calls += 3;
    t.notOk(c.check(), 'busy');
    t.notOk(c.check(), 'quiet, 3 calls are no burst, and start-up is done: not again');
    t.equal(await startups(), 2);
    t.equal(await since(), 3, 'three calls since the last compaction');
  },
);

t.test('the memory-reducing collection gives the young generation back', async (t) => {
  const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!;
  // Short-lived garbage in volume makes V8 grow the young generation to its maximum.
  let keep: unknown[] = [];
  for (let i = 0; i < 400_000; i++) {
    keep.push({ i, s: `v${i}` });
    if (keep.length > 20_000) keep = [];
  }
  const grown = young().space_size;
  compactHeap();
  const after = young().space_size;
  t.comment(`new_space: ${(grown / 2 ** 20).toFixed(1)} MB -> ${(after / 2 ** 20).toFixed(1)} MB`);
  t.ok(after < grown, 'new space smaller after the compaction');
});

// The servers below run no timer (idleCompactionMs 0): their periods are check() called here,
// since a loaded machine can pause a burst for longer than any short period.
t.test('a gRPC server compacts after its calls stop', async (t) => {
  const registry = new Registry();
  const server = new GrpcServer({
    logger: pino({ level: 'silent' }),
    registry,
    idleCompactionMs: 0,
    idleCompactionMinCalls: 50,
  });
  server.addService(slg_echo_v1_EchoServiceDefinition, {
    Echo: async (req) => slg.echo.v1.EchoResponse.create({ text: req.text }),
  });
  const port = await server.listen('127.0.0.1', 0);
  const client = createGrpcClient(slg_echo_v1_EchoServiceDefinition, `127.0.0.1:${port}`);
  t.teardown(async () => {
    client.close();
    await server.shutdown(1000);
  });
  for (let i = 0; i < 60; i++) await client.Echo({ text: `${i}` });
  t.notOk(server.compactor.check(), 'calls came during the period');
  t.ok(server.compactor.check(), 'a quiet period after 60 calls: compacted');
  t.equal(await compactions(registry), 1);
  for (let i = 0; i < 3; i++) server.compactor.check();
  t.equal(await compactions(registry), 1, 'three more quiet periods without calls: not again');
});

t.test('a gRPC server compacts after a flood of connections that made no call', async (t) => {
  const registry = new Registry();
  const server = new GrpcServer({
    logger: pino({ level: 'silent' }),
    registry,
    idleCompactionMs: 0,
    idleCompactionMinCalls: 50,
  });
  const port = await server.listen('127.0.0.1', 0);
  t.teardown(() => server.shutdown(1000));
  const open = async () =>
    (await registry.getSingleMetric('grpc_server_connections')!.get()).values[0]!.value;
  // 30 connections opened and closed: 60 connection events, no call.
  const sockets = Array.from({ length: 30 }, () => connect(port, '127.0.0.1'));
  await Promise.all(sockets.map((s) => once(s, 'connect')));
  while ((await open()) < 30) await new Promise(setImmediate);
  for (const s of sockets) s.destroy();
  while ((await open()) > 0) await new Promise(setImmediate);
  t.notOk(server.compactor.check(), 'connections came and went during the period');
  t.ok(server.compactor.check(), 'a quiet period after them: compacted');
  t.equal(await compactions(registry), 1);
});

const rssMb = () =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

t.test("the period after an idle compaction trims malloc's heap", async (t) => {
  let calls = 0;
  const c = new IdleCompactor({ calls: () => calls, registry: new Registry(), minCalls: 10 });
  c.start();
  t.teardown(() => c.stop());
  t.ok(c.check(), 'the start-up compaction');
  c.check();
  t.equal(c.trims, 0, 'no trim after it');
  calls += 20;
  t.notOk(c.check(), 'busy');
  t.ok(c.check(), 'compacted');
  t.equal(c.trims, 0, 'not in the same period');
  c.check();
  t.equal(c.trims, 1, 'trimmed at the next one');
  c.check();
  t.equal(c.trims, 1, 'once');
});

t.test(
  'malloc_trim gives back what was freed in the middle of the heap',
  { skip: process.platform === 'linux' ? false : 'glibc malloc_trim: Linux only' },
  async (t) => {
    t.equal(typeof mallocTrim(), 'boolean', 'available here');
    // 2,000 blocks of 60 KB from libc itself (no garbage collector in the way), every other
    // one freed: the ones kept between them keep glibc from returning that space by itself.
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    const malloc = libc.func('void *malloc(size_t)');
    const memset = libc.func('void *memset(void *, int, size_t)');
    const free = libc.func('void free(void *)');
    const blocks: unknown[] = [];
    for (let i = 0; i < 2000; i++) {
      const p = malloc(60_000);
      memset(p, 1, 60_000);
      blocks.push(p);
    }
    const kept = blocks.filter((_, i) => i % 2 === 1);
    for (const [i, p] of blocks.entries()) if (i % 2 === 0) free(p);
    const before = rssMb();
    t.equal(mallocTrim(), true, 'memory given back');
    const after = rssMb();
    t.comment(`RSS ${before.toFixed(1)} -> ${after.toFixed(1)} MB`);
    t.ok(before - after > 40, 'most of the 60 MB freed left RSS');
    for (const p of kept) free(p);
  },
);
