// The soak's figures and its verdict, as pure functions of the samples (unit-tested with
// synthetic data in bench/test/soak-analysis.test.ts): least-squares slopes, per-interval
// p99 and RSS, and the pass rule.

/** A point of a series: x in minutes since the measured load began, y in the series' unit. */
export interface Point {
  x: number;
  y: number;
}

/** The least-squares line through the points: slope (y per minute) and intercept; null below 2 distinct x. */
export function leastSquares(
  points: readonly Point[],
): { slope: number; intercept: number } | null {
  const n = points.length;
  if (n < 2) return null;
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += p.x;
    sy += p.y;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** What the rule is checked against (settings of a run). */
export interface SoakRule {
  /** Intervals at the start left out of the RSS slope (the warm-up: 2 "minutes"). */
  warmUpIntervals: number;
  /** The RSS slope bound after the warm-up, MB per minute. */
  maxRssSlopeMbPerMin: number;
  /** How much worse than the second interval's p99 the last one's may be (0.2: 20%). */
  maxP99Growth: number;
  /**
   * 'slope' (the 10-minute rule above). 'settled' (short runs): each process's RSS read after the
   * services' idle compaction following an unmeasured warm-up load, and again after the measured
   * load; the growth between them must be under max(settledFloorMb, maxRssSlopeMbPerMin x minutes
   * of measured load). V8's old-generation steps are given back by that compaction, a leak is not.
   * The p99 of the measured load's last half is compared with its first half's (the warm-up was
   * before it).
   */
  mode?: 'slope' | 'settled';
  /** The settled rule's floor (MB): allocator noise between two settled readings. */
  settledFloorMb?: number;
}

/** The settled rule's inputs: RSS after the warm-up's compaction and after the measured load's. */
export interface SettledReadings {
  before: { pid: number; rssMb: number | null }[];
  after: { pid: number; rssMb: number | null }[];
  /** Whether every service compacted before each reading (else the readings are not settled). */
  compacted: boolean;
  /** Minutes of measured load between the two readings. */
  loadMinutes: number;
  /**
   * p99 (ms) of the first and of the last half of the measured load, each from its own histogram:
   * what the settled rule's p99 check compares (one interval of 15 s is too short a window on a
   * busy machine: bench/README.md, soak). Absent: the first interval's and the last's.
   */
  p99FirstHalfMs?: number | null;
  p99LastHalfMs?: number | null;
}

/** The settled rule's bound for a measured load of `loadMinutes`. */
export function settledBoundMb(rule: SoakRule, loadMinutes: number): number {
  return Math.max(rule.settledFloorMb ?? 0, rule.maxRssSlopeMbPerMin * loadMinutes);
}

export const DEFAULT_RULE: SoakRule = {
  warmUpIntervals: 2,
  maxRssSlopeMbPerMin: 1,
  maxP99Growth: 0.2,
};

/** One process's RSS samples (time in minutes since the load began, RSS in MB). */
export interface RssSeries {
  pid: number;
  label: string;
  samples: Point[];
}

/** One measured interval ("minute"): its latency and request counts. */
export interface IntervalFigures {
  index: number;
  /** Start and end, minutes since the load began. */
  startMin: number;
  endMin: number;
  requests: number;
  errors: number;
  mismatches: number;
  /** p99 of every answered request of the interval, all operations together (ms). */
  p99Ms: number;
}

export interface ProcessVerdict {
  pid: number;
  label: string;
  /** Mean RSS of each interval (MB); null where no sample fell in it. */
  rssPerIntervalMb: (number | null)[];
  /** Over every sample after the warm-up (MB/min); null when fewer than two samples. */
  slopeAfterWarmUpMbPerMin: number | null;
  /** Over every sample of the run (MB/min), for the record. */
  slopeAllMbPerMin: number | null;
  peakMb: number;
  /** Settled rule: RSS after the warm-up's compaction, after the load's, and the growth (MB). */
  settledBeforeMb?: number | null;
  settledAfterMb?: number | null;
  settledGrowthMb?: number | null;
  pass: boolean;
}

export interface SoakVerdict {
  rule: SoakRule;
  /** Settled rule: the growth bound applied (MB); null under the slope rule. */
  settledBoundMb: number | null;
  processes: ProcessVerdict[];
  /** Slope of the intervals' p99 over all intervals (ms per minute), for the record. */
  p99SlopeMsPerMin: number | null;
  /** The reference interval's p99 (the second; the first under the settled rule), the last one's (ms), and last / reference. */
  p99Second: number | null;
  p99Last: number | null;
  p99Ratio: number | null;
  p99Pass: boolean;
  pass: boolean;
  /** Why it failed, one line per reason (empty when it passed). */
  reasons: string[];
}

/** The mean of the samples with startMin <= x < endMin (the last interval includes its end). */
export function meanIn(
  samples: readonly Point[],
  startMin: number,
  endMin: number,
  last: boolean,
): number | null {
  const inside = samples.filter((p) => p.x >= startMin && (last ? p.x <= endMin : p.x < endMin));
  return inside.length ? inside.reduce((n, p) => n + p.y, 0) / inside.length : null;
}

/**
 * The soak's rule: every process's RSS slope over the samples after the first
 * `warmUpIntervals` intervals is under `maxRssSlopeMbPerMin`, and the last interval's p99 is at
 * most (1 + maxP99Growth) x the second's. A last interval faster than the second passes: the rule
 * is about degradation over time. A run needs at least warmUpIntervals + 1 intervals (and 2).
 */
export function judge(
  intervals: readonly IntervalFigures[],
  rss: readonly RssSeries[],
  rule: SoakRule = DEFAULT_RULE,
  settled: SettledReadings | null = null,
): SoakVerdict {
  const reasons: string[] = [];
  const isSettled = rule.mode === 'settled';
  const needed = isSettled ? 2 : Math.max(2, rule.warmUpIntervals + 1);
  const bound = isSettled ? settledBoundMb(rule, settled?.loadMinutes ?? 0) : null;
  if (isSettled && settled === null) reasons.push('settled rule: no settled RSS readings');
  if (isSettled && settled !== null && !settled.compacted)
    reasons.push(
      'settled rule: not every service compacted before a reading (the RSS read was not settled)',
    );
  if (intervals.length < needed) {
    reasons.push(
      `${intervals.length} intervals measured: the rule needs at least ${needed} (${rule.warmUpIntervals} of warm-up and one after)`,
    );
  }
  // Under the settled rule the warm-up load ran before the intervals: the slope (recorded, not
  // judged) is over all of them.
  const warmEnd = isSettled ? 0 : (intervals[rule.warmUpIntervals - 1]?.endMin ?? 0);
  const processes = rss.map((s): ProcessVerdict => {
    const after = s.samples.filter((p) => p.x >= warmEnd);
    const slopeAfter = leastSquares(after)?.slope ?? null;
    const slopeAll = leastSquares(s.samples)?.slope ?? null;
    const base = {
      pid: s.pid,
      label: s.label,
      rssPerIntervalMb: intervals.map((iv, i) =>
        meanIn(s.samples, iv.startMin, iv.endMin, i === intervals.length - 1),
      ),
      slopeAfterWarmUpMbPerMin: slopeAfter,
      slopeAllMbPerMin: slopeAll,
      peakMb: s.samples.reduce((m, p) => Math.max(m, p.y), 0),
    };
    if (isSettled) {
      const b = settled?.before.find((r) => r.pid === s.pid)?.rssMb ?? null;
      const a = settled?.after.find((r) => r.pid === s.pid)?.rssMb ?? null;
      const growth = a !== null && b !== null ? a - b : null;
      const pass = growth !== null && growth < bound!;
      if (settled !== null && growth === null) {
        reasons.push(`${s.label} (pid ${s.pid}): no settled RSS reading before or after the load`);
      } else if (growth !== null && !pass) {
        reasons.push(
          `${s.label} (pid ${s.pid}): settled RSS grew ${growth.toFixed(1)} MB (${b!.toFixed(1)} -> ${a!.toFixed(1)}) over the load, not under ${bound!.toFixed(1)}`,
        );
      }
      return {
        ...base,
        settledBeforeMb: b,
        settledAfterMb: a,
        settledGrowthMb: growth,
        pass,
      };
    }
    const pass = slopeAfter !== null && slopeAfter < rule.maxRssSlopeMbPerMin;
    if (slopeAfter === null) {
      reasons.push(`${s.label} (pid ${s.pid}): fewer than two RSS samples after the warm-up`);
    } else if (!pass) {
      reasons.push(
        `${s.label} (pid ${s.pid}): RSS slope ${slopeAfter.toFixed(2)} MB/min after the warm-up, not under ${rule.maxRssSlopeMbPerMin}`,
      );
    }
    return { ...base, pass };
  });
  const halves = isSettled && settled?.p99FirstHalfMs !== undefined;
  const second =
    intervals.length < 2
      ? null
      : halves
        ? (settled!.p99FirstHalfMs ?? null)
        : intervals[isSettled ? 0 : 1]!.p99Ms;
  const last =
    intervals.length < 2
      ? null
      : halves
        ? (settled!.p99LastHalfMs ?? null)
        : intervals.at(-1)!.p99Ms;
  const what = halves
    ? { last: 'last half', ref: 'first half' }
    : { last: 'last interval', ref: isSettled ? 'first' : 'second' };
  const ratio = second !== null && last !== null && second > 0 ? last / second : null;
  const p99Pass = ratio !== null && ratio <= 1 + rule.maxP99Growth;
  if (ratio === null) {
    reasons.push(
      `no p99 to compare (fewer than two intervals, or none answered in the ${what.ref})`,
    );
  } else if (!p99Pass) {
    reasons.push(
      `p99 of the ${what.last} ${last!.toFixed(2)} ms is ${((ratio - 1) * 100).toFixed(0)}% over the ${what.ref}'s ${second!.toFixed(2)} ms (bound: ${(rule.maxP99Growth * 100).toFixed(0)}%)`,
    );
  }
  const p99Slope =
    leastSquares(intervals.map((iv) => ({ x: (iv.startMin + iv.endMin) / 2, y: iv.p99Ms })))
      ?.slope ?? null;
  return {
    rule,
    settledBoundMb: bound,
    processes,
    p99SlopeMsPerMin: p99Slope,
    p99Second: second,
    p99Last: last,
    p99Ratio: ratio,
    p99Pass,
    pass: reasons.length === 0,
    reasons,
  };
}
