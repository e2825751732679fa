// A debugging aid for the load generator's memory: with BENCH_HEAP_TRACE_S=<s> in
// the environment, the main thread and every load worker print, every <s> seconds, one JSON line
// to fd 2 with their V8 heap after a full collection (what is live, not what V8 lets grow
// between collections) and the process's RSS; with BENCH_HEAP_SNAPSHOT_AT=<s1>,<s2>,... each
// also writes a heap snapshot (bench-heap-<thread>-<s>.heapsnapshot, in the working directory)
// at those seconds, to compare object counts between two moments. Unset: nothing runs. The
// forced collections cost CPU, so a run traced is not a run measured.
import { writeSync } from 'node:fs';
import {
  getHeapSpaceStatistics,
  getHeapStatistics,
  setFlagsFromString,
  writeHeapSnapshot,
} from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface HeapTraceConfig {
  intervalS: number;
  snapshotAtS: number[];
}

/** The trace's settings from the environment, or null when it is off (validated here, once). */
export function heapTraceConfig(env: NodeJS.ProcessEnv = process.env): HeapTraceConfig | null {
  const raw = env.BENCH_HEAP_TRACE_S;
  if (raw === undefined || raw === '') return null;
  const intervalS = Number(raw);
  if (!Number.isFinite(intervalS) || intervalS <= 0)
    throw new Error(`BENCH_HEAP_TRACE_S must be a positive number of seconds, not ${raw}`);
  const snapshotAtS = (env.BENCH_HEAP_SNAPSHOT_AT ?? '')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((s) => {
      const n = Number(s);
      if (!Number.isFinite(n) || n < 0)
        throw new Error(`BENCH_HEAP_SNAPSHOT_AT: ${s} is not a number of seconds`);
      return n;
    });
  return { intervalS, snapshotAtS };
}

/** A full collection on demand (the flag is set at run time, so `npm run bench` needs no node flag). */
function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const MB = 1024 * 1024;

/** Starts the trace for this thread (`label`: "main" or "worker N"); returns its stop function. */
export function startHeapTrace(label: string, config = heapTraceConfig()): () => void {
  if (!config) return () => {};
  const gc = fullGc();
  const t0 = performance.now();
  const snapshots = [...config.snapshotAtS].sort((a, b) => a - b);
  const tick = () => {
    const s = (performance.now() - t0) / 1000;
    gc();
    const h = getHeapStatistics();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((x) => [
        x.space_name,
        Math.round((x.space_used_size / MB) * 10) / 10,
      ]),
    );
    const m = process.memoryUsage();
    const line = {
      heapTrace: label,
      at: new Date().toISOString(),
      s: Math.round(s),
      usedMb: Math.round((h.used_heap_size / MB) * 10) / 10,
      totalMb: Math.round((h.total_heap_size / MB) * 10) / 10,
      externalMb: Math.round((h.external_memory / MB) * 10) / 10,
      mallocedMb: Math.round((h.malloced_memory / MB) * 10) / 10,
      spaces,
      // Process-wide (every thread): RSS, and the ArrayBuffers outside the V8 heaps.
      rssMb: Math.round((m.rss / MB) * 10) / 10,
      arrayBuffersMb: Math.round((m.arrayBuffers / MB) * 10) / 10,
    };
    writeSync(2, `${JSON.stringify(line)}\n`);
    while (snapshots.length && snapshots[0]! <= s) {
      const at = snapshots.shift()!;
      const name = `bench-heap-${label.replace(/\W+/g, '-')}-${at}.heapsnapshot`;
      writeHeapSnapshot(name);
      writeSync(2, `${JSON.stringify({ heapTrace: label, snapshot: name, s: Math.round(s) })}\n`);
    }
  };
  const timer = setInterval(tick, config.intervalS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
