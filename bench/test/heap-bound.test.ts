// The load generator's memory bound: each load worker's V8 heap is bounded, by default
// from the population it owns, and a worker whose live data outgrows its bound ends the run with
// an error naming the bound, not an unbounded RSS.
import t from 'tap';
import { defaultWorkerHeapMb } from '../src/commands/data.ts';
import { LoadPool } from '../src/lib/load-pool.ts';

t.test('the default bound: 64 MB + 8 KB per record a worker owns', async (t) => {
  // 1,000 players x (1 + 4 collections x 3 members) = 13,000 records over 2 workers.
  t.equal(defaultWorkerHeapMb(1000, 3, 2), 64 + Math.ceil((6500 * 8) / 1024));
  t.equal(defaultWorkerHeapMb(1000, 3, 2), 115);
  t.equal(defaultWorkerHeapMb(100_000, 3, 2), 64 + Math.ceil((650_000 * 8) / 1024));
  t.ok(defaultWorkerHeapMb(16, 1, 1) >= 64, 'never under the fixed part');
});

t.test('a worker past its bound fails with an error naming it', async (t) => {
  const start = LoadPool.start({
    workloadModule: new URL('./helpers/hoarding-workload.ts', import.meta.url),
    workers: 1,
    concurrency: 1,
    params: {},
    heapMb: 48,
  });
  await t.rejects(start, /worker 0 ran out of its 48 MB heap \(BENCH_WORKER_HEAP_MB sets it/);
});
