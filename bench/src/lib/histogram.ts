// Latency recording: one HDR histogram per operation (hdr-histogram-js in pure JS mode,
// microsecond resolution, 3 significant digits), plus the exact figures the case study's
// line needs (count, slow count, slowest slow request, maximum), so that those never carry
// the histogram's rounding. Workers send their recorders as snapshots (the histogram encoded
// as compressed base64); the main thread merges them.
import * as hdr from 'hdr-histogram-js';

export type Histogram = hdr.Histogram;

/** Up to one hour, in microseconds; values above are clamped (and still counted). */
const HIGHEST_US = 3_600_000_000;

export function newHistogram(): Histogram {
  return hdr.build({
    bitBucketSize: 32,
    useWebAssembly: false,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: 3,
  });
}

/** What one operation recorded: exact counters and a histogram of successful latencies. */
export class OpRecorder {
  readonly name: string;
  readonly slowThresholdUs: number;
  readonly histogram: Histogram = newHistogram();
  /** Requests answered (successes and mismatches; errors are counted apart). */
  count = 0;
  errors = 0;
  mismatches = 0;
  /** Requests slower than the threshold, and the slowest of them. */
  slow = 0;
  maxSlowUs = 0;
  maxUs = 0;
  minUs = Number.POSITIVE_INFINITY;
  sumUs = 0;

  constructor(name: string, slowThresholdUs: number) {
    this.name = name;
    this.slowThresholdUs = slowThresholdUs;
  }

  /** Records one answered request's latency, in microseconds. */
  record(us: number): void {
    const v = us < 1 ? 1 : Math.round(us);
    this.count++;
    this.sumUs += v;
    if (v > this.maxUs) this.maxUs = v;
    if (v < this.minUs) this.minUs = v;
    if (v > this.slowThresholdUs) {
      this.slow++;
      if (v > this.maxSlowUs) this.maxSlowUs = v;
    }
    this.histogram.recordValue(Math.min(v, HIGHEST_US));
  }

  /** An empty recorder of the same operation and threshold (the next run of a reused pool). */
  fresh(): OpRecorder {
    return new OpRecorder(this.name, this.slowThresholdUs);
  }

  snapshot(): OpSnapshot {
    return {
      name: this.name,
      count: this.count,
      errors: this.errors,
      mismatches: this.mismatches,
      slow: this.slow,
      slowThresholdUs: this.slowThresholdUs,
      maxSlowUs: this.maxSlowUs,
      maxUs: this.maxUs,
      minUs: this.count ? this.minUs : 0,
      sumUs: this.sumUs,
      histogram: hdr.encodeIntoCompressedBase64(this.histogram),
    };
  }
}

/** A recorder as it crosses a thread boundary or lands in the JSON file. */
export interface OpSnapshot {
  name: string;
  count: number;
  errors: number;
  mismatches: number;
  slow: number;
  slowThresholdUs: number;
  maxSlowUs: number;
  maxUs: number;
  minUs: number;
  sumUs: number;
  /** HDR histogram (microseconds), hdr-histogram-js compressed base64 (V2 encoding). */
  histogram: string;
}

export function decodeHistogram(encoded: string): Histogram {
  return hdr.decodeFromCompressedBase64(encoded, 32, false);
}

/** Merges snapshots of one operation (from several workers) into one. */
export function mergeSnapshots(name: string, parts: readonly OpSnapshot[]): OpSnapshot {
  const h = newHistogram();
  for (const p of parts) h.add(decodeHistogram(p.histogram));
  const sum = (f: (p: OpSnapshot) => number) => parts.reduce((n, p) => n + f(p), 0);
  const max = (f: (p: OpSnapshot) => number) => Math.max(0, ...parts.map(f));
  const answered = parts.filter((p) => p.count > 0);
  return {
    name,
    count: sum((p) => p.count),
    errors: sum((p) => p.errors),
    mismatches: sum((p) => p.mismatches),
    slow: sum((p) => p.slow),
    slowThresholdUs: parts.at(-1)?.slowThresholdUs ?? 0,
    maxSlowUs: max((p) => p.maxSlowUs),
    maxUs: max((p) => p.maxUs),
    minUs: answered.length ? Math.min(...answered.map((p) => p.minUs)) : 0,
    sumUs: sum((p) => p.sumUs),
    histogram: hdr.encodeIntoCompressedBase64(h),
  };
}

/** Merges per-worker lists of snapshots by operation name, in the order names first appear. */
export function mergeByName(perWorker: readonly (readonly OpSnapshot[])[]): OpSnapshot[] {
  const groups = Map.groupBy(perWorker.flat(), (s) => s.name);
  return [...groups].map(([name, parts]) => mergeSnapshots(name, parts));
}

/** Latency percentiles of one operation, in microseconds (the maximum is exact). */
export interface Percentiles {
  p50: number;
  p75: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

export function percentiles(s: OpSnapshot): Percentiles {
  if (s.count === 0) return { p50: 0, p75: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0 };
  const h = decodeHistogram(s.histogram);
  // The histogram's value at a percentile is the top of its bucket (at most 0.1% high); it can
  // never exceed the exact maximum.
  const at = (p: number) => Math.min(h.getValueAtPercentile(p), s.maxUs);
  return {
    p50: at(50),
    p75: at(75),
    p90: at(90),
    p99: at(99),
    p999: at(99.9),
    max: s.maxUs,
    mean: s.sumUs / s.count,
  };
}
