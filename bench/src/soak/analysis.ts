// The soak's figures and its verdict, as pure functions of the samples (unit-tested with
// synthetic data in bench/test/soak-analysis.test.ts): least-squares slopes, per-interval
// latency, and the two rules.
import { decodeHistogram, newHistogram, type OpSnapshot } from '../lib/histogram.ts';

/** A point of a series: x in minutes since the measured load began, y in the series' unit. */
export interface Point {
  x: number;
  y: number;
}

/** The slope of the least-squares line through the points (y per minute); null below 2 distinct x. */
export function leastSquares(points: readonly Point[]): number | null {
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
  return sxx === 0 ? null : sxy / sxx;
}

/**
 * The rule a run is judged by (the JSON's settings.rule), and its bounds. The bounds are fixed:
 * they are the targets' (docs/results.md: "RSS slopes under 1 MB/min, last p99 within 20% of the
 * second") and those the short run in CI was proven with (docs/results.md, the short soak).
 */
export interface SoakRule {
  /**
   * 'slope' (10 minutes and more): each process's RSS slope after the warm-up intervals, and the
   * last interval's p99 against the second's. 'settled' (short runs, CI's): each process's RSS
   * growth between readings after the services' idle compaction, after an unmeasured warm-up load
   * and after the measured load (the compaction gives back V8's old-generation steps, not a
   * leak); the measured load's halves judged on the rate held and the CPU per request, their
   * p99 recorded, not judged (on a busy 2-core machine a minute's p99 is its scheduling stalls,
   * +57% with the CPU per request +0%: docs/design/bench.md, the soak's rules).
   */
  mode: 'slope' | 'settled';
  /** Intervals at the start left out of the RSS slope (the heap sizing itself to the load). */
  warmUpIntervals: number;
  /** The RSS slope bound after the warm-up, MB per minute. */
  maxRssSlopeMbPerMin: number;
  /** How much worse than the second interval's p99 the last one's may be (0.2: 20%). */
  maxP99Growth: number;
  /**
   * The settled rule's bound is max(this floor, maxRssSlopeMbPerMin x minutes of load), MB: the
   * settled readings move by up to +-3 MB on CI's shared 2-core machine (docs/results.md, the soak
   * in CI); over 2 minutes a leak of 3 MB/min or more is caught.
   */
  settledFloorMb: number;
  /**
   * The share of the target rate each half must answer. Below it the open model counted a
   * backlog the machine could not serve: the run fails.
   */
  minRateHeld: number;
  /** How much more CPU per request the data path may spend in the last half than the first (0.3). */
  maxCpuGrowth: number;
}

export const SLOPE_RULE: SoakRule = {
  mode: 'slope',
  warmUpIntervals: 2,
  maxRssSlopeMbPerMin: 1,
  maxP99Growth: 0.2,
  settledFloorMb: 6,
  minRateHeld: 0.9,
  maxCpuGrowth: 0.3,
};
export const SETTLED_RULE: SoakRule = { ...SLOPE_RULE, mode: 'settled' };

/**
 * The share of the measured processes' CPU (first half) below which a process is not judged: it
 * is not on the data path. map-server and battle-server's processes spend about 0.5% of a core
 * each on their timers whatever the load: at 300 requests/s that is ~30 us per request, noise
 * counted in 10 ms ticks, a few percent of the total beside data-server's and db-proxy's.
 */
const CPU_JUDGED_FROM_SHARE = 0.1;

/** The settled rule's inputs: RSS after the warm-up's compaction and after the measured load's. */
export interface SettledReadings {
  before: { pid: number; rssMb: number | null }[];
  after: { pid: number; rssMb: number | null }[];
  /** Whether every service compacted before each reading (else the readings are not settled). */
  compacted: boolean;
  /** Minutes of measured load between the two readings. */
  loadMinutes: number;
  /** The rate (requests/s) each half was run at. */
  targetRate: number;
}

/** Whether each half held the target rate: answered requests per second, and the share of it. */
export interface RateHeld {
  target: number;
  firstHalf: number;
  lastHalf: number;
  firstShare: number;
  lastShare: number;
  /** The share each half had to reach (minRateHeld). */
  bound: number;
  held: boolean;
}

/**
 * The data path's CPU per request in each half (us), and last / first: the processes with
 * CPU_JUDGED_FROM_SHARE or more of the measured CPU in the first half, together. Together,
 * because work moves between them over a run (db-proxy 272 -> 392 us while data-server held
 * 660 -> 662 us in a 2-minute run at load 26: more of data-server's cache entries had expired),
 * while a service doing more work for the same requests raises the sum.
 */
export interface CpuTotal {
  firstUs: number | null;
  lastUs: number | null;
  ratio: number | null;
  /** The processes summed (their labels). */
  processes: string[];
  pass: boolean;
}

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
  /** p99 of every answered request of the interval, all operations together (ms; 0: none). */
  p99Ms: number;
  /** CPU seconds (user + system) each process spent in the interval; null: unreadable. */
  cpuS: { pid: number; cpuS: number | null }[];
}

export interface ProcessVerdict {
  pid: number;
  label: string;
  /** Over every sample after the warm-up (MB/min); null when fewer than two samples. */
  slopeAfterWarmUpMbPerMin: number | null;
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
  /** The reference p99 (the second interval's; the first half's under the settled rule), the last one's (ms), and last / reference. */
  p99Second: number | null;
  p99Last: number | null;
  p99Ratio: number | null;
  p99Pass: boolean;
  /** False under the settled rule: the p99 is recorded, not judged (`notes` says so). */
  p99Judged: boolean;
  /** Settled rule: each half's achieved rate against the target, and the data path's CPU. */
  rate: RateHeld | null;
  cpuTotal: CpuTotal | null;
  pass: boolean;
  /** Why it failed, one line per reason (empty when it passed). */
  reasons: string[];
  /** What the verdict did not judge and why (a pass with notes is not a silent pass). */
  notes: string[];
}

/**
 * The slope rule: every process's RSS slope over the samples after the first `warmUpIntervals`
 * intervals is under `maxRssSlopeMbPerMin`, and the last interval's p99 is at most
 * (1 + maxP99Growth) x the second's (a last interval faster than the second passes: the rule is
 * about degradation over time). A run needs at least warmUpIntervals + 1 intervals (and 2).
 * The settled rule (given `settled`, the soak's readings; null: none were taken, a failure; its
 * two intervals are the measured load's halves): every process's settled RSS grew under the
 * bound, each half held minRateHeld of the target rate, and the data path's CPU per request grew
 * at most maxCpuGrowth; the p99 recorded.
 */
export function judge(
  intervals: readonly IntervalFigures[],
  rss: readonly RssSeries[],
  rule: SoakRule = SLOPE_RULE,
  settled: SettledReadings | null = null,
): SoakVerdict {
  const reasons: string[] = [];
  const notes: string[] = [];
  const isSettled = rule.mode === 'settled';
  const needed = isSettled ? 2 : Math.max(2, rule.warmUpIntervals + 1);
  if (intervals.length < needed) {
    reasons.push(
      `${intervals.length} intervals measured: the rule needs at least ${needed} (${isSettled ? 'the two halves' : `${rule.warmUpIntervals} of warm-up and one after`})`,
    );
  }
  const bound = isSettled
    ? Math.max(rule.settledFloorMb, rule.maxRssSlopeMbPerMin * (settled?.loadMinutes ?? 0))
    : null;
  if (isSettled && settled === null) reasons.push('settled rule: no settled RSS readings');
  if (settled !== null && !settled.compacted)
    reasons.push(
      'settled rule: not every service compacted before a reading (the RSS read was not settled)',
    );
  // Under the settled rule the warm-up load ran before the intervals: the slope (recorded, not
  // judged) is over all of them.
  const warmEnd = isSettled ? 0 : (intervals[rule.warmUpIntervals - 1]?.endMin ?? 0);
  const processes = rss.map((s): ProcessVerdict => {
    const slopeAfter = leastSquares(s.samples.filter((p) => p.x >= warmEnd));
    const base = {
      pid: s.pid,
      label: s.label,
      slopeAfterWarmUpMbPerMin: slopeAfter,
      peakMb: s.samples.reduce((m, p) => Math.max(m, p.y), 0),
    };
    if (bound === null) {
      const pass = slopeAfter !== null && slopeAfter < rule.maxRssSlopeMbPerMin;
      if (slopeAfter === null) {
        reasons.push(`${s.label} (pid ${s.pid}): fewer than two RSS samples after the warm-up`);
      } else if (!pass) {
        reasons.push(
          `${s.label} (pid ${s.pid}): RSS slope ${slopeAfter.toFixed(2)} MB/min after the warm-up, not under ${rule.maxRssSlopeMbPerMin}`,
        );
      }
      return { ...base, pass };
    }
    const b = settled?.before.find((r) => r.pid === s.pid)?.rssMb ?? null;
    const a = settled?.after.find((r) => r.pid === s.pid)?.rssMb ?? null;
    const growth = a !== null && b !== null ? a - b : null;
    const pass = growth !== null && growth < bound;
    if (settled !== null && growth === null) {
      reasons.push(`${s.label} (pid ${s.pid}): no settled RSS reading before or after the load`);
    } else if (growth !== null && !pass) {
      reasons.push(
        `${s.label} (pid ${s.pid}): settled RSS grew ${growth.toFixed(1)} MB (${b!.toFixed(1)} -> ${a!.toFixed(1)}) over the load, not under ${bound.toFixed(1)}`,
      );
    }
    return { ...base, settledBeforeMb: b, settledAfterMb: a, settledGrowthMb: growth, pass };
  });
  // The p99: the last interval's against the second's (the first's under the settled rule, whose
  // two intervals are the halves and whose warm-up ran before), judged under the slope rule only.
  const second = intervals[isSettled ? 0 : 1]?.p99Ms ?? null;
  const last = intervals.length >= 2 ? intervals.at(-1)!.p99Ms : null;
  const ratio = ratioOf(second, last);
  const p99Pass = !isSettled && ratio !== null && ratio <= 1 + rule.maxP99Growth;
  const ms = (v: number | null) => v?.toFixed(1) ?? '?';
  if (isSettled) {
    // The services' own stability is judged: the rate held and the CPU per request.
    notes.push(
      `p99 not judged (settled rule): first half ${ms(second)} ms -> last half ${ms(last)} ms${ratio === null ? '' : ` (${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%)`}, measured and recorded; the rate held and the data path's CPU per request judged`,
    );
  } else if (ratio === null) {
    reasons.push('no p99 to compare (fewer than two intervals, or none answered in the second)');
  } else if (!p99Pass) {
    reasons.push(
      `p99 of the last interval ${last!.toFixed(2)} ms is ${((ratio - 1) * 100).toFixed(0)}% over the second's ${second!.toFixed(2)} ms (bound: ${(rule.maxP99Growth * 100).toFixed(0)}%)`,
    );
  }
  const halves =
    settled && intervals.length >= 2 ? ([intervals[0]!, intervals.at(-1)!] as const) : null;
  const rate = halves && rateHeld(halves, settled!.targetRate, rule.minRateHeld);
  if (rate && !rate.held) reasons.push(`the target rate was not held: ${shortfall(rate)}`);
  const cpuTotal = halves && dataPathCpu(halves, rss, rule.maxCpuGrowth, reasons);
  return {
    rule,
    settledBoundMb: bound,
    processes,
    p99Second: second,
    p99Last: last,
    p99Ratio: ratio,
    p99Pass,
    p99Judged: !isSettled,
    rate,
    cpuTotal,
    pass: reasons.length === 0,
    reasons,
    notes,
  };
}

/** later / earlier; null without both, or with an earlier figure of 0. */
function ratioOf(earlier: number | null, later: number | null): number | null {
  return earlier !== null && later !== null && earlier > 0 ? later / earlier : null;
}

/** e.g. "the last half answered 1180/s, 74% of the 1600/s target (needed: 90%)". */
function shortfall(r: RateHeld): string {
  const halves = [
    { half: 'first', rate: r.firstHalf, share: r.firstShare },
    { half: 'last', rate: r.lastHalf, share: r.lastShare },
  ].filter((h) => h.share < r.bound);
  return `${halves.map((h) => `the ${h.half} half answered ${h.rate.toFixed(0)}/s, ${(h.share * 100).toFixed(0)}%`).join(' and ')} of the ${r.target.toFixed(0)}/s target (needed: ${(r.bound * 100).toFixed(0)}%)`;
}

type Halves = readonly [IntervalFigures, IntervalFigures];

/** Requests answered in an interval, and per second of its wall time (its start and drain included). */
const answered = (iv: IntervalFigures) => iv.requests - iv.errors;
const perS = (iv: IntervalFigures) =>
  iv.endMin > iv.startMin ? answered(iv) / ((iv.endMin - iv.startMin) * 60) : 0;

/** Each half's answered rate against the target, and whether both held `bound` of it. */
function rateHeld([first, last]: Halves, target: number, bound: number): RateHeld {
  const [firstHalf, lastHalf] = [perS(first), perS(last)];
  const firstShare = target > 0 ? firstHalf / target : 0;
  const lastShare = target > 0 ? lastHalf / target : 0;
  const held = firstShare >= bound && lastShare >= bound;
  return { target, firstHalf, lastHalf, firstShare, lastShare, bound, held };
}

/**
 * The data path's CPU per request (CpuTotal), its failures pushed to `reasons`: none to judge,
 * a process whose CPU could not be read in a half (it is gone), more than maxGrowth of growth.
 */
function dataPathCpu(
  [first, last]: Halves,
  rss: readonly RssSeries[],
  maxGrowth: number,
  reasons: string[],
): CpuTotal {
  const cpuOf = (h: IntervalFigures, pid: number) =>
    h.cpuS.find((c) => c.pid === pid)?.cpuS ?? null;
  const labelOf = (pid: number) => rss.find((r) => r.pid === pid)?.label ?? `pid ${pid}`;
  const pids = [...new Set([...first.cpuS, ...last.cpuS].map((c) => c.pid))];
  const total = first.cpuS.reduce((n, c) => n + (c.cpuS ?? 0), 0);
  const judged: number[] = [];
  for (const pid of pids) {
    const own = cpuOf(first, pid);
    if (own === null || cpuOf(last, pid) === null)
      reasons.push(
        `${labelOf(pid)} (pid ${pid}): no CPU per request in a half (its CPU unreadable)`,
      );
    else if (total > 0 && own >= CPU_JUDGED_FROM_SHARE * total) judged.push(pid);
  }
  const us = (h: IntervalFigures) =>
    judged.length > 0 && answered(h) > 0
      ? (judged.reduce((n, pid) => n + cpuOf(h, pid)!, 0) * 1e6) / answered(h)
      : null;
  const [firstUs, lastUs] = [us(first), us(last)];
  const ratio = ratioOf(firstUs, lastUs);
  const pass = ratio !== null && ratio <= 1 + maxGrowth;
  const processes = judged.map(labelOf);
  if (judged.length === 0) reasons.push('settled rule: no process CPU per request to judge');
  else if (ratio === null)
    reasons.push('no CPU per request of the data path (none answered in a half)');
  else if (!pass)
    reasons.push(
      `CPU per request of the data path (${processes.join(' + ')}) ${lastUs!.toFixed(1)} us in the last half, ${((ratio - 1) * 100).toFixed(0)}% over the first half's ${firstUs!.toFixed(1)} us (bound: ${(maxGrowth * 100).toFixed(0)}%)`,
    );
  return { firstUs, lastUs, ratio, processes, pass };
}

// One interval's latency from the load pool's cumulative figures: the data workload's
// recorders live as long as the pool, so each run's snapshots count everything since the pool
// started; an interval's own histogram is the cumulative one minus the previous interval's.
export interface IntervalLatency {
  /** Answered requests of the interval (all operations). */
  answered: number;
  errors: number;
  mismatches: number;
  /** p99 and p50 of the interval's answered requests, all operations together (ms). */
  p99Ms: number;
  p50Ms: number;
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
  for (const op of now) {
    const prev = before?.find((b) => b.name === op.name);
    const h = decodeHistogram(op.histogram);
    if (prev) h.subtract(decodeHistogram(prev.histogram));
    const count = op.count - (prev?.count ?? 0);
    answered += count;
    errors += op.errors - (prev?.errors ?? 0);
    mismatches += op.mismatches - (prev?.mismatches ?? 0);
    if (h.totalCount > 0) all.add(h);
  }
  const atMs = (p: number) => (all.totalCount > 0 ? all.getValueAtPercentile(p) / 1000 : 0);
  return { answered, errors, mismatches, p99Ms: atMs(99), p50Ms: atMs(50) };
}
