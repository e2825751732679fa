// The soak's figures and its verdict, as pure functions of the samples (unit-tested with
// synthetic data in bench/test/soak-analysis.test.ts): least-squares slopes, per-interval
// p99 and RSS, and the pass rule.
import { decodeHistogram, newHistogram, type OpSnapshot } from '../lib/histogram.ts';

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
   * 'slope' (the 10-minute rule above) or 'settled' (short runs): each process's RSS growth
   * between readings after the services' idle compaction, after an unmeasured warm-up load and
   * after the measured load, under max(settledFloorMb, maxRssSlopeMbPerMin x minutes of load): the
   * compaction gives back V8's old-generation steps, not a leak. The p99 compares the load's halves.
   */
  mode?: 'slope' | 'settled';
  /** The settled rule's floor (MB): allocator noise between two settled readings. */
  settledFloorMb?: number;
  /**
   * Settled rule: the share of the target rate each half must answer for its p99 to be judged
   * (0.9). Below it the open model counted a backlog the machine could not serve, not the
   * services' latency: the p99 is not judged (and says so), the CPU per request decides.
   */
  minRateHeld?: number;
  /** How much more CPU per request the data path may spend in the last half than the first (0.3). */
  maxCpuGrowth?: number;
  /**
   * Settled rule: what the halves are judged on. 'p99' (the default): their p99, while the rate
   * held. 'cpu' (`--judge cpu`, CI's short run): the rate held and the data path's CPU per
   * request, the p99 only reported: on a busy 2-core machine a minute's p99 is its scheduling
   * stalls (+57% with the CPU per request +0%, docs/design/bench.md, the soak's rules).
   */
  judgeOn?: 'p99' | 'cpu';
}

/** The defaults of the settled rule's rate and CPU checks. */
export const MIN_RATE_HELD = 0.9;
export const MAX_CPU_GROWTH = 0.3;
/**
 * The share of the measured processes' CPU (first half) below which a process is not judged: it
 * is not on the data path. map-server and battle-server's processes spend about 0.5% of a core
 * each on their timers whatever the load: at 300 requests/s that is ~30 us per request, noise
 * counted in 10 ms ticks, a few percent of the total beside data-server's and db-proxy's.
 */
const CPU_JUDGED_FROM_SHARE = 0.1;

/** One half of the measured load (settled rule): its p99, achieved rate and each process's CPU. */
export interface HalfFigures {
  /** p99 of the half's answered requests, from its own histogram (ms); null: none answered. */
  p99Ms: number | null;
  /** Requests answered in the half, and its wall seconds (intervals' start to end). */
  answered: number;
  seconds: number;
  /** CPU seconds (user + system) each process spent in the half; null: unreadable. */
  cpuS: { pid: number; cpuS: number | null }[];
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
   * The target rate (requests/s) and each half's figures (the soak passes them unless
   * interrupted): the halves' p99 (one 15 s interval is too short a window on a busy machine),
   * rate and CPU per request are compared. Without them, the first interval's p99 and the last's.
   */
  targetRate?: number;
  firstHalf?: HalfFigures;
  lastHalf?: HalfFigures;
}

/** Whether each half held the target rate (settled rule with the halves' figures). */
export interface RateHeld {
  target: number;
  /** Answered requests per second of each half, and its share of the target. */
  firstHalf: number;
  lastHalf: number;
  firstShare: number;
  lastShare: number;
  /** The share each half had to reach (minRateHeld). */
  bound: number;
  held: boolean;
}

/**
 * The data path's CPU per request in each half (us): the processes judged, together. Together,
 * because work moves between them over a run (db-proxy 272 -> 392 us while data-server held
 * 660 -> 662 us in a 2-minute run at load 26: more of data-server's cache entries had expired),
 * while a service doing more work for the same requests raises the sum.
 */
export interface CpuTotal extends CpuPerRequest {
  /** The processes summed (their labels). */
  processes: string[];
  pass: boolean;
}

/** CPU per request in the first and the last half (us), and last / first. */
interface CpuPerRequest {
  firstUs: number | null;
  lastUs: number | null;
  ratio: number | null;
}

/** A process's CPU per request in each half (us), and whether it is on the data path (judged). */
export interface CpuVerdict extends CpuPerRequest {
  pid: number;
  label: string;
  /** Its share of the measured processes' CPU in the first half. */
  share: number | null;
  /** False for a process off the data path (under CPU_JUDGED_FROM_SHARE in the first half). */
  judged: boolean;
  /** False only for a judged process whose CPU could not be read in a half. */
  pass: boolean;
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
  /**
   * False when the p99 check was not judged: a half did not hold the target rate, so its p99 is
   * the backlog the open model counted, not the services' latency (`notes` says so). True otherwise.
   */
  p99Judged: boolean;
  /** Settled rule with the halves' figures: each half's achieved rate against the target. */
  rate: RateHeld | null;
  /** Settled rule with the halves' figures: CPU per request of each process in each half. */
  cpu: CpuVerdict[];
  /** The judged processes' CPU per request together, first half against last (null: no halves). */
  cpuTotal: CpuTotal | null;
  pass: boolean;
  /** Why it failed, one line per reason (empty when it passed). */
  reasons: string[];
  /** What the verdict did not judge and why (a pass with notes is not a silent pass). */
  notes: string[];
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
  const notes: string[] = [];
  const isSettled = rule.mode === 'settled';
  const needed = isSettled ? 2 : Math.max(2, rule.warmUpIntervals + 1);
  const bound = isSettled
    ? Math.max(rule.settledFloorMb ?? 0, rule.maxRssSlopeMbPerMin * (settled?.loadMinutes ?? 0))
    : null;
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
    const slopeAfter = leastSquares(s.samples.filter((p) => p.x >= warmEnd))?.slope ?? null;
    const base = {
      pid: s.pid,
      label: s.label,
      rssPerIntervalMb: intervals.map((iv, i) =>
        meanIn(s.samples, iv.startMin, iv.endMin, i === intervals.length - 1),
      ),
      slopeAfterWarmUpMbPerMin: slopeAfter,
      slopeAllMbPerMin: leastSquares(s.samples)?.slope ?? null,
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
  // The p99 compared: the halves' own (settled rule with their figures), else the last
  // interval's against the first's (settled: the warm-up ran before) or the second's (slope).
  const halves =
    isSettled && settled?.firstHalf && settled.lastHalf
      ? { first: settled.firstHalf, last: settled.lastHalf, target: settled.targetRate ?? 0 }
      : null;
  const what = halves
    ? { ref: 'first half', last: 'last half' }
    : { ref: isSettled ? 'first' : 'second', last: 'last interval' };
  let second: number | null = null;
  let last: number | null = null;
  if (intervals.length >= 2) {
    second = halves ? halves.first.p99Ms : intervals[isSettled ? 0 : 1]!.p99Ms;
    last = halves ? halves.last.p99Ms : intervals.at(-1)!.p99Ms;
  }
  const ratio = ratioOf(second, last);
  const rate = halves ? rateHeld(halves, rule.minRateHeld ?? MIN_RATE_HELD) : null;
  const cpu = halves ? cpuVerdicts(halves.first, halves.last, rss) : [];
  const maxCpu = rule.maxCpuGrowth ?? MAX_CPU_GROWTH;
  const cpuTotal = halves ? cpuTotalOf(cpu, halves.first, halves.last, maxCpu) : null;
  const cpuToJudge = (cpuTotal?.processes.length ?? 0) > 0;
  const onCpu = isSettled && rule.judgeOn === 'cpu';
  const p99Judged = !onCpu && (rate === null || rate.held);
  const p99Pass = p99Judged && ratio !== null && ratio <= 1 + rule.maxP99Growth;
  const ms = (v: number | null) => v?.toFixed(1) ?? '?';
  if (onCpu) {
    // The services' own stability: the rate held and the CPU per request; the p99 recorded.
    notes.push(
      `p99 not judged (--judge cpu): ${what.ref} ${ms(second)} ms -> ${what.last} ${ms(last)} ms${ratio === null ? '' : ` (${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%)`}, measured and recorded; the rate held and the data path's CPU per request judged`,
    );
    if (!rate) {
      reasons.push(
        "--judge cpu: no halves' figures (the target rate, each half's answered requests and CPU) to judge",
      );
    } else {
      if (!rate.held) reasons.push(`the target rate was not held: ${shortfall(rate)}`);
      if (!cpuToJudge) reasons.push('--judge cpu: no process CPU per request to judge');
    }
  } else if (!p99Judged) {
    notes.push(
      `p99 not judged: ${shortfall(rate!)}, so the open model counted a backlog the machine could not serve, not the services' latency (p99 ${ms(second)} -> ${ms(last)} ms); CPU per request judged instead`,
    );
    if (!cpuToJudge)
      reasons.push(
        'p99 not judged (the target rate was not held) and no process CPU per request to judge instead',
      );
  } else if (ratio === null) {
    reasons.push(
      `no p99 to compare (fewer than two intervals, or none answered in the ${what.ref})`,
    );
  } else if (!p99Pass) {
    reasons.push(
      `p99 of the ${what.last} ${last!.toFixed(2)} ms is ${((ratio - 1) * 100).toFixed(0)}% over the ${what.ref}'s ${second!.toFixed(2)} ms (bound: ${(rule.maxP99Growth * 100).toFixed(0)}%)`,
    );
  }
  for (const c of cpu) {
    if (c.judged && c.ratio === null)
      reasons.push(`${c.label} (pid ${c.pid}): no CPU per request in a half (its CPU unreadable)`);
  }
  if (cpuTotal && cpuTotal.ratio !== null && !cpuTotal.pass)
    reasons.push(
      `CPU per request of the data path (${cpuTotal.processes.join(' + ')}) ${cpuTotal.lastUs!.toFixed(1)} us in the last half, ${((cpuTotal.ratio - 1) * 100).toFixed(0)}% over the first half's ${cpuTotal.firstUs!.toFixed(1)} us (bound: ${(maxCpu * 100).toFixed(0)}%)`,
    );
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
    p99Judged,
    rate,
    cpu,
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

/** Each half's answered rate against the target, and whether both held `bound` of it. */
function rateHeld(
  { first, last, target }: { first: HalfFigures; last: HalfFigures; target: number },
  bound: number,
): RateHeld {
  const perS = (h: HalfFigures) => (h.seconds > 0 ? h.answered / h.seconds : 0);
  const firstHalf = perS(first);
  const lastHalf = perS(last);
  const firstShare = target > 0 ? firstHalf / target : 0;
  const lastShare = target > 0 ? lastHalf / target : 0;
  return {
    target,
    firstHalf,
    lastHalf,
    firstShare,
    lastShare,
    bound,
    held: firstShare >= bound && lastShare >= bound,
  };
}

/** The processes' CPU over the half's answered requests (us); null: a process's CPU unreadable, none answered, or no process. */
function usPerRequest(h: HalfFigures, pids: readonly number[]): number | null {
  let cpuS = 0;
  for (const pid of pids) {
    const c = h.cpuS.find((x) => x.pid === pid)?.cpuS ?? null;
    if (c === null) return null;
    cpuS += c;
  }
  return pids.length > 0 && h.answered > 0 ? (cpuS * 1e6) / h.answered : null;
}

/**
 * Each process's CPU per answered request in each half. A process with under
 * CPU_JUDGED_FROM_SHARE of the processes' CPU in the first half is recorded, not judged; one
 * whose CPU could not be read in a half fails (it is gone or unreadable).
 */
function cpuVerdicts(
  first: HalfFigures,
  last: HalfFigures,
  rss: readonly RssSeries[],
): CpuVerdict[] {
  const pids = [...new Set([...first.cpuS, ...last.cpuS].map((c) => c.pid))];
  const total = first.cpuS.reduce((n, c) => n + (c.cpuS ?? 0), 0);
  return pids.map((pid) => {
    const firstUs = usPerRequest(first, [pid]);
    const lastUs = usPerRequest(last, [pid]);
    const ratio = ratioOf(firstUs, lastUs);
    const own = first.cpuS.find((x) => x.pid === pid)?.cpuS ?? null;
    const share = own !== null && total > 0 ? own / total : null;
    const judged = firstUs === null || lastUs === null || (share ?? 0) >= CPU_JUDGED_FROM_SHARE;
    const label = rss.find((s) => s.pid === pid)?.label ?? `pid ${pid}`;
    return { pid, label, firstUs, lastUs, ratio, share, judged, pass: !judged || ratio !== null };
  });
}

/** The judged processes' CPU per request together in each half, against the bound. */
function cpuTotalOf(
  cpu: readonly CpuVerdict[],
  first: HalfFigures,
  last: HalfFigures,
  maxGrowth: number,
): CpuTotal {
  const on = cpu.filter((c) => c.judged && c.ratio !== null);
  const pids = on.map((c) => c.pid);
  const firstUs = usPerRequest(first, pids);
  const lastUs = usPerRequest(last, pids);
  const ratio = ratioOf(firstUs, lastUs);
  const pass = ratio !== null && ratio <= 1 + maxGrowth;
  return { firstUs, lastUs, ratio, processes: on.map((c) => c.label), pass };
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
  const atMs = (p: number) => (all.totalCount > 0 ? all.getValueAtPercentile(p) / 1000 : 0);
  return { answered, errors, mismatches, p99Ms: atMs(99), p50Ms: atMs(50), p99ByOpMs };
}
