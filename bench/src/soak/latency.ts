// One interval's latency from the load pool's cumulative figures: the data workload's
// recorders live as long as the pool, so each run's snapshots count everything since the pool
// started; an interval's own histogram is the cumulative one minus the previous interval's.
import { decodeHistogram, newHistogram, type OpSnapshot } from '../lib/histogram.ts';

export interface IntervalLatency {
  /** Answered requests of the interval (all operations). */
  answered: number;
  errors: number;
  mismatches: number;
  /** p99 and p50 of the interval's answered requests, all operations together (ms). */
  p99Ms: number;
  p50Ms: number;
  /** p99 per operation (ms; operations with no answer in the interval left out). */
  p99ByOpMs: Record<string, number>;
}

/** The interval between two cumulative snapshots of the same pool (`before` null: the first). */
export function intervalLatency(
  before: readonly OpSnapshot[] | null,
  now: readonly OpSnapshot[],
): IntervalLatency {
  const all = newHistogram();
  let answered = 0;
  let errors = 0;
  let mismatches = 0;
  const p99ByOpMs: Record<string, number> = {};
  for (const op of now) {
    const prev = before?.find((b) => b.name === op.name);
    const h = decodeHistogram(op.histogram);
    if (prev) h.subtract(decodeHistogram(prev.histogram));
    const count = op.count - (prev?.count ?? 0);
    answered += count;
    errors += op.errors - (prev?.errors ?? 0);
    mismatches += op.mismatches - (prev?.mismatches ?? 0);
    if (h.totalCount > 0) {
      p99ByOpMs[op.name] = h.getValueAtPercentile(99) / 1000;
      all.add(h);
    }
  }
  return {
    answered,
    errors,
    mismatches,
    p99Ms: all.totalCount > 0 ? all.getValueAtPercentile(99) / 1000 : 0,
    p50Ms: all.totalCount > 0 ? all.getValueAtPercentile(50) / 1000 : 0,
    p99ByOpMs,
  };
}
