// The memory trace's settings (BENCH_HEAP_TRACE_S, BENCH_HEAP_SNAPSHOT_AT): off unless set,
// validated once, a bad value refused with the variable's name.
import t from 'tap';
import { heapTraceConfig, startHeapTrace } from '../src/lib/heap-trace.ts';

t.test('off unless BENCH_HEAP_TRACE_S is set', async (t) => {
  t.equal(heapTraceConfig({}), null);
  t.equal(heapTraceConfig({ BENCH_HEAP_TRACE_S: '' }), null);
  const stop = startHeapTrace('test', null);
  t.type(stop, 'function', 'a stop function even when off');
  stop();
});

t.test('interval and snapshot times parsed, bad values refused', async (t) => {
  t.same(heapTraceConfig({ BENCH_HEAP_TRACE_S: '15', BENCH_HEAP_SNAPSHOT_AT: '165,30' }), {
    intervalS: 15,
    snapshotAtS: [165, 30],
  });
  t.same(heapTraceConfig({ BENCH_HEAP_TRACE_S: '0.5' }), { intervalS: 0.5, snapshotAtS: [] });
  t.throws(() => heapTraceConfig({ BENCH_HEAP_TRACE_S: '0' }), /BENCH_HEAP_TRACE_S must be/);
  t.throws(() => heapTraceConfig({ BENCH_HEAP_TRACE_S: 'x' }), /BENCH_HEAP_TRACE_S must be/);
  t.throws(
    () => heapTraceConfig({ BENCH_HEAP_TRACE_S: '5', BENCH_HEAP_SNAPSHOT_AT: '30,soon' }),
    /BENCH_HEAP_SNAPSHOT_AT: soon is not/,
  );
});
