// Runs of one workload on two targets (A and B), compared with runs as the unit: per metric
// (throughput, latency percentiles) the ratio B/A of the means over runs with a bootstrap 95%
// interval, the Mann-Whitney U test, and a verdict only when both say the difference is real.
import * as hdr from 'hdr-histogram-js';
import type { Environment } from '../lib/environment.ts';
import { decodeHistogram, type Histogram, type OpSnapshot } from '../lib/histogram.ts';
import { UsageError } from '../lib/options.ts';
import { bootstrapRatio, type Interval, mean } from './bootstrap.ts';
import { type MannWhitney, mannWhitney } from './mann-whitney.ts';

/** What `bench pair` adds to each run's JSON: which side it was, and whether it was valid. */
export interface PairAnnotation {
  side: 'A' | 'B';
  /** The run's place in the interleaved order (0 = the first measured run). */
  order: number;
  warmUp: boolean;
  valid: boolean;
  problems: string[];
  /** The load generator's CPU use during the run: cores busy / cores it can use (0..1). */
  loadGeneratorUtilisation: number | null;
  /** The load generator's CPU per request (microseconds), when known. */
  loadGeneratorUsPerRequest?: number | null;
  serverEnvironment: ServerEnvironment | null;
}

/** A server machine as the report states it (docs/cloud-init/slg-server.yaml writes it there). */
export interface ServerEnvironment {
  cpuModel: string;
  cores: number;
  arch: string;
  kernel: string;
  node: string;
  commit: string | null;
  /** Where these figures came from ("this machine", a file...). */
  source: string;
}

/** One run's figures, whatever the workload: what a comparison needs. */
export interface RunFigures {
  path: string;
  kind: 'data' | 'battle' | 'map' | 'stack';
  target: string;
  /** Answered requests per second over the measured phase. */
  throughput: number;
  /** Latency percentiles over every answered request of the run (microseconds). */
  latencyUs: Record<PercentileKey, number>;
  /** The run's latency histogram (microseconds) for the percentile plots. */
  histogram: Histogram | null;
  requests: number;
  errors: number;
  mismatches: number;
  /** Open model: the arrival rate asked for, in throughput's unit (the gate's); else null. */
  targetRate: number | null;
  /**
   * Whether the load was set by an arrival rate (then latency is the headline, throughput being
   * the load's), and that rate as the report states it ("2,000 requests/s", "2 sessions/s").
   */
  openModel: string | null;
  /** The load generator's CPU during the run (cores), when the result states it. */
  clientCores: number | null;
  /**
   * Each server's CPU per request (--server-pids; data and map runs), in the order given, with
   * its multiple of the bare echo server's CPU per call in the same run (E); empty when the run
   * measured none.
   */
  serverCpu: ServerCpu[];
  environment: Environment;
  /** The settings that define the workload (addresses and reporting flags left out). */
  workload: Record<string, unknown>;
  pair: PairAnnotation | null;
}

export interface ServerCpu {
  label: string;
  us: number;
  multipleOfEcho: number | null;
}

/** A data or map run's servers (and all of them, when several), from its `cpuPerRequest`. */
// biome-ignore lint/suspicious/noExplicitAny: a result file is read as it was written
function serverCpuOf(c: any): ServerCpu[] {
  if (!c || !Array.isArray(c.servers) || c.servers.length === 0) return [];
  const out: ServerCpu[] = c.servers.map((s: ServerCpu) => ({
    label: s.label,
    us: s.us,
    multipleOfEcho: s.multipleOfEcho ?? null,
  }));
  if (out.length > 1 && c.serversTotal)
    out.push({
      label: 'all servers',
      us: c.serversTotal.us,
      multipleOfEcho: c.serversTotal.multipleOfEcho ?? null,
    });
  return out;
}

export const PERCENTILES = [
  ['p50', 50],
  ['p90', 90],
  ['p99', 99],
  ['p99.9', 99.9],
] as const;
export type PercentileKey = (typeof PERCENTILES)[number][0];

/** Settings that say where the target is or how the run reports, not what it sends. */
const NOT_WORKLOAD = new Set([
  'target',
  'url',
  'dbproxy',
  'dataServer',
  'metricsUrl',
  'out',
  'quiet',
  'progressIntervalS',
  'serverPids',
  'printLimit',
  'verify',
  'maxErrors',
  'schemaPath',
  'firstPlayer',
  'seedParallel',
  'latencyTarget',
  'workerHeapMb',
  'mysqlUrl',
  'redisUrl',
  'settleTimeoutMs',
  // bench battle --body: the file's path may differ between machines; its sha256 may not.
  'bodyPath',
]);

function percentilesOf(h: Histogram | null, maxUs?: number): Record<PercentileKey, number> {
  const out = {} as Record<PercentileKey, number>;
  for (const [k, p] of PERCENTILES) {
    const v = h && h.totalCount > 0 ? h.getValueAtPercentile(p) : 0;
    out[k] = maxUs !== undefined ? Math.min(v, maxUs) : v;
  }
  return out;
}

function mergeOps(ops: readonly OpSnapshot[]): { h: Histogram; maxUs: number } {
  const h = hdr.build({
    bitBucketSize: 32,
    useWebAssembly: false,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });
  let maxUs = 0;
  for (const op of ops) {
    if (op.count > 0) h.add(decodeHistogram(op.histogram));
    maxUs = Math.max(maxUs, op.maxUs);
  }
  return { h, maxUs };
}

function workloadOf(settings: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(settings)) if (!NOT_WORKLOAD.has(k)) out[k] = v;
  return { ...out, ...extra };
}

/** A result file's figures; refuses kinds a comparison over runs cannot read. */
// biome-ignore lint/suspicious/noExplicitAny: a result file is read as it was written
export function figuresOf(r: any, path: string): RunFigures {
  const pair = (r.pair as PairAnnotation | undefined) ?? null;
  if (r.kind === 'data') {
    const { h, maxUs } = mergeOps(r.ops as OpSnapshot[]);
    return {
      path,
      kind: 'data',
      target: r.settings.target,
      throughput: r.totals.rate,
      latencyUs: percentilesOf(h, maxUs),
      histogram: h,
      requests: r.totals.requests,
      errors: r.totals.errors,
      mismatches: r.totals.mismatches,
      targetRate: r.settings.rate ?? null,
      openModel: r.settings.rate ? `${r.settings.rate} requests/s` : null,
      clientCores: r.client?.cores ?? null,
      serverCpu: serverCpuOf(r.cpuPerRequest),
      environment: r.environment,
      workload: workloadOf(r.settings),
      pair,
    };
  }
  if (r.kind === 'map') {
    const { h, maxUs } = mergeOps([r.viewport.op as OpSnapshot]);
    return {
      path,
      kind: 'map',
      target: r.settings.target,
      throughput: r.viewport.rate,
      latencyUs: percentilesOf(h, maxUs),
      histogram: h,
      requests: r.viewport.requests,
      errors: r.viewport.errors,
      mismatches: r.viewport.mismatches,
      targetRate: r.settings.rate ?? null,
      openModel: r.settings.rate ? `${r.settings.rate} requests/s` : null,
      clientCores: r.client?.cores ?? null,
      serverCpu: serverCpuOf(r.cpuPerRequest),
      environment: r.environment,
      workload: workloadOf(r.settings),
      pair,
    };
  }
  if (r.kind === 'battle') {
    const h = r.histogram?.encoded ? hdr.decodeFromCompressedBase64(r.histogram.encoded) : null;
    const url = new URL(r.settings.url);
    return {
      path,
      kind: 'battle',
      target: url.host,
      throughput: r.figures.requestsPerSec,
      latencyUs: percentilesOf(h, r.histogram?.max),
      histogram: h,
      requests: r.figures.completeRequests + r.figures.failedRequests,
      errors: r.figures.failedRequests + r.figures.non2xx,
      mismatches: 0,
      targetRate: null,
      openModel: null,
      clientCores: r.client?.cores ?? null,
      serverCpu: [],
      environment: r.environment,
      workload: workloadOf(r.settings, { path: `${url.pathname}${url.search}` }),
      pair,
    };
  }
  if (r.kind === 'stack') {
    // Sessions arrive at a seeded rate: throughput is every call the sessions made, per second
    // of the run; the gate is the run's own (its exit code: invariants, errors, failed, dropped
    // or unsustained sessions), as the arrivals' count is seeded and not exactly rate x time.
    const ops = r.ops as OpSnapshot[];
    const { h, maxUs } = mergeOps(ops);
    const answered = ops.reduce((n, o) => n + o.count, 0);
    return {
      path,
      kind: 'stack',
      target: r.settings.target?.map ?? 'the stack it started',
      throughput: r.elapsedS > 0 ? answered / r.elapsedS : 0,
      latencyUs: percentilesOf(h, maxUs),
      histogram: h,
      requests: answered + r.errors,
      errors: r.errors + r.sessions.failed + r.sessions.dropped,
      mismatches: r.violations.length,
      targetRate: null,
      openModel: `${r.rate} sessions/s`,
      clientCores: r.usage?.client?.cores ?? null,
      serverCpu: [],
      environment: r.environment,
      workload: workloadOf(r.settings),
      pair,
    };
  }
  throw new UsageError(
    `${path}: a ${r.kind} result; comparing runs reads data, battle, map and stack results`,
  );
}

const show = (v: unknown) => (v === undefined ? 'unset' : JSON.stringify(v));

/**
 * Every run must be of one workload with one seed and the same settings: the first setting that
 * differs is named, with the two runs and their values.
 */
export function checkSameWorkload(runs: readonly RunFigures[]): void {
  const first = runs[0];
  if (!first) return;
  for (const r of runs.slice(1)) {
    if (r.kind !== first.kind)
      throw new UsageError(
        `different workloads: ${first.path} is a ${first.kind} run, ${r.path} a ${r.kind} run`,
      );
    const keys = new Set([...Object.keys(first.workload), ...Object.keys(r.workload)]);
    for (const k of keys) {
      if (JSON.stringify(first.workload[k]) !== JSON.stringify(r.workload[k]))
        throw new UsageError(
          `the setting ${k} differs: ${show(first.workload[k])} in ${first.path}, ${show(r.workload[k])} in ${r.path}`,
        );
    }
  }
}

export type Direction = 'higher' | 'lower';

export interface MetricComparison {
  metric: string;
  /** Which way is better. */
  better: Direction;
  unit: string;
  a: number[];
  b: number[];
  meanA: number;
  meanB: number;
  interval: Interval;
  test: MannWhitney;
  significant: boolean;
  /** "B is faster by 4-9%", or "no significant difference (...)". */
  verdict: string;
}

export interface CompareOptions {
  seed?: number;
  resamples?: number;
  /** Two-sided level of the test (and 1 - the interval's level). */
  alpha?: number;
}

/** "4-9%" (one decimal below 10%). */
export function percentRange(x: number, y: number): string {
  const lo = Math.min(x, y);
  const hi = Math.max(x, y);
  const f = (v: number) => (hi < 10 ? v.toFixed(1) : v.toFixed(0));
  return `${f(lo)}-${f(hi)}%`;
}

/** The ratio of B to A per metric, with its interval, test and verdict. */
export function compareMetric(
  metric: string,
  better: Direction,
  unit: string,
  a: readonly number[],
  b: readonly number[],
  o: CompareOptions = {},
): MetricComparison {
  const alpha = o.alpha ?? 0.05;
  const interval = bootstrapRatio(a, b, {
    seed: o.seed ?? 1,
    resamples: o.resamples ?? 10_000,
    level: 1 - alpha,
  });
  const test = mannWhitney(a, b);
  const excludesOne = interval.lo > 1 || interval.hi < 1;
  const significant = a.length >= 2 && b.length >= 2 && test.p < alpha && excludesOne;
  const ci = `B/A ${interval.ratio.toFixed(3)}, 95% interval ${interval.lo.toFixed(3)}-${interval.hi.toFixed(3)}`;
  let verdict: string;
  if (!significant) {
    verdict = `no significant difference in ${metric} (${ci}; Mann-Whitney p=${test.p.toFixed(3)})`;
  } else {
    const up = interval.lo > 1;
    const range = up
      ? percentRange((interval.lo - 1) * 100, (interval.hi - 1) * 100)
      : percentRange((1 - interval.hi) * 100, (1 - interval.lo) * 100);
    const word =
      metric === 'throughput'
        ? up
          ? 'faster'
          : 'slower'
        : metric === 'requests per dollar'
          ? up
            ? 'cheaper per request'
            : 'dearer per request'
          : up
            ? `higher (${better === 'lower' ? 'worse' : 'better'})`
            : `lower (${better === 'lower' ? 'better' : 'worse'})`;
    verdict =
      metric === 'throughput' || metric === 'requests per dollar'
        ? `B is ${word} by ${range} (${ci}; Mann-Whitney p=${test.p.toFixed(3)})`
        : `B's ${metric} is ${word} by ${range} (${ci}; Mann-Whitney p=${test.p.toFixed(3)})`;
  }
  return {
    metric,
    better,
    unit,
    a: [...a],
    b: [...b],
    meanA: mean(a),
    meanB: mean(b),
    interval,
    test,
    significant,
    verdict,
  };
}

export interface SideSummary {
  label: string;
  target: string;
  runs: string[];
  /** The machine the target runs on, when known (bench pair: --a-env, or this machine). */
  server: ServerEnvironment | null;
  /** The machine the load came from (each result states its own). */
  loadGenerator: Environment;
  /** Price per hour in dollars (--price-a / --price-b), when given. */
  pricePerHour: number | null;
}

export interface Comparison {
  kind: RunFigures['kind'];
  workload: Record<string, unknown>;
  openModel: boolean;
  /** The arrival rate in the open model ("2 sessions/s"), else null. */
  rate: string | null;
  A: SideSummary;
  B: SideSummary;
  metrics: MetricComparison[];
  /** Throughput per dollar and B's price-performance over A's, when both prices are given. */
  cost: {
    priceA: number;
    priceB: number;
    requestsPerDollarA: number;
    requestsPerDollarB: number;
    /** B's requests per dollar over A's, with the bootstrap interval of throughput scaled. */
    pricePerformance: MetricComparison;
  } | null;
  /** The metric the headline is about: throughput in the closed model, p99 in the open one. */
  headline: MetricComparison;
  verdict: string;
  notes: string[];
  options: { seed: number; resamples: number; alpha: number };
}

export interface GroupOptions extends CompareOptions {
  priceA?: number | null;
  priceB?: number | null;
  serverA?: ServerEnvironment | null;
  serverB?: ServerEnvironment | null;
}

export function compareGroups(
  a: readonly RunFigures[],
  b: readonly RunFigures[],
  o: GroupOptions = {},
): Comparison {
  if (a.length === 0 || b.length === 0)
    throw new UsageError('each side needs at least one run (A… -- B…)');
  checkSameWorkload([...a, ...b]);
  const seed = o.seed ?? 1;
  const resamples = o.resamples ?? 10_000;
  const alpha = o.alpha ?? 0.05;
  const opts = { seed, resamples, alpha };
  const metrics: MetricComparison[] = [
    compareMetric(
      'throughput',
      'higher',
      'requests/s',
      a.map((r) => r.throughput),
      b.map((r) => r.throughput),
      opts,
    ),
  ];
  for (const [k] of PERCENTILES)
    metrics.push(
      compareMetric(
        `${k} latency`,
        'lower',
        'us',
        a.map((r) => r.latencyUs[k]),
        b.map((r) => r.latencyUs[k]),
        opts,
      ),
    );
  metrics.push(...serverCpuMetrics(a, b, opts));
  const notes: string[] = [];
  if (a.length < 2 || b.length < 2)
    notes.push(
      'one run on a side gives no interval: the spread of runs is unknown (give several runs per side)',
    );
  else if (a.length + b.length < 8 || Math.min(a.length, b.length) < 4)
    notes.push(
      `Mann-Whitney cannot reach p < ${alpha} with ${a.length} and ${b.length} runs below 4 per side: no verdict is possible (give 5+ runs per side)`,
    );
  const invalid = [...a, ...b].filter((r) => r.pair && !r.pair.valid);
  if (invalid.length)
    notes.push(`${invalid.length} run(s) failed bench pair's validity gate and are included`);
  let cost: Comparison['cost'] = null;
  const priceA = o.priceA ?? null;
  const priceB = o.priceB ?? null;
  if (priceA !== null && priceB !== null) {
    if (!(priceA > 0 && priceB > 0)) throw new UsageError('--price-a and --price-b must be > 0');
    const perDollar = (rate: number, price: number) => (rate * 3600) / price;
    const pa = a.map((r) => perDollar(r.throughput, priceA));
    const pb = b.map((r) => perDollar(r.throughput, priceB));
    cost = {
      priceA,
      priceB,
      requestsPerDollarA: mean(pa),
      requestsPerDollarB: mean(pb),
      pricePerformance: compareMetric('requests per dollar', 'higher', 'requests/$', pa, pb, opts),
    };
  } else if (priceA !== null || priceB !== null) {
    throw new UsageError('give both --price-a and --price-b (or neither)');
  }
  const openModel = a[0]!.openModel !== null;
  const headline = openModel ? metrics.find((m) => m.metric === 'p99 latency')! : metrics[0]!;
  const verdict = headline.significant
    ? headline.verdict.replace(/ \(B\/A.*$/, '')
    : `no significant difference in ${headline.metric}: B/A ${headline.interval.ratio.toFixed(3)}, 95% interval ${headline.interval.lo.toFixed(3)}-${headline.interval.hi.toFixed(3)}${
        headline.interval.lo > 1 || headline.interval.hi < 1
          ? ` (the interval excludes 1 but Mann-Whitney's p = ${headline.test.p.toFixed(3)} does not agree: more runs would tell)`
          : ''
      }`;
  const side = (
    runs: readonly RunFigures[],
    label: string,
    server: ServerEnvironment | null | undefined,
    price: number | null,
  ): SideSummary => ({
    label,
    target: [...new Set(runs.map((r) => r.target))].join(', '),
    runs: runs.map((r) => r.path),
    server: server ?? runs.find((r) => r.pair?.serverEnvironment)?.pair?.serverEnvironment ?? null,
    loadGenerator: runs[0]!.environment,
    pricePerHour: price,
  });
  return {
    kind: a[0]!.kind,
    workload: a[0]!.workload,
    openModel,
    rate: a[0]!.openModel,
    A: side(a, 'A', o.serverA, priceA),
    B: side(b, 'B', o.serverB, priceB),
    metrics,
    cost,
    headline,
    verdict,
    notes,
    options: { seed, resamples, alpha },
  };
}

/**
 * Each server's CPU per request, B/A, when every run on both sides measured the same number of
 * servers (matched by position, as two machines have other pids): as a multiple of E when every
 * run has its ceiling (the figure that holds whatever the machine's load), else in µs.
 */
function serverCpuMetrics(
  a: readonly RunFigures[],
  b: readonly RunFigures[],
  opts: CompareOptions,
): MetricComparison[] {
  const runs = [...a, ...b];
  const n = runs[0]!.serverCpu.length;
  if (n === 0 || runs.some((r) => r.serverCpu.length !== n)) return [];
  const out: MetricComparison[] = [];
  for (let k = 0; k < n; k++) {
    const ofE = runs.every((r) => r.serverCpu[k]!.multipleOfEcho !== null);
    const pick = (r: RunFigures) => (ofE ? r.serverCpu[k]!.multipleOfEcho! : r.serverCpu[k]!.us);
    out.push(
      compareMetric(
        `CPU per request, ${a[0]!.serverCpu[k]!.label}`,
        'lower',
        ofE ? 'x E' : 'us CPU',
        a.map(pick),
        b.map(pick),
        opts,
      ),
    );
  }
  return out;
}

/** A metric's value as the terminal table shows it. */
export const fmtValue = (m: MetricComparison, v: number) =>
  m.unit === 'us'
    ? `${(v / 1000).toFixed(2)} ms`
    : m.unit === 'x E'
      ? `${v.toFixed(2)} E`
      : m.unit === 'us CPU'
        ? `${v.toFixed(1)} us`
        : Math.round(v).toLocaleString('en-US');

/** The comparison as a person reads it in a terminal. */
export function formatComparison(c: Comparison): string {
  const envLine = (s: SideSummary) =>
    s.server
      ? `${s.server.arch}, ${s.server.cpuModel}, ${s.server.cores} cores, kernel ${s.server.kernel}, Node ${s.server.node}, commit ${s.server.commit?.slice(0, 10) ?? 'unknown'} (${s.server.source})`
      : `load generator: ${s.loadGenerator.arch}, ${s.loadGenerator.cpuModel}, ${s.loadGenerator.cores} cores, Node ${s.loadGenerator.node}`;
  const lines = [
    `${c.kind} workload, ${c.openModel ? `open model at ${c.rate}` : 'closed model'}; runs: A ${c.A.runs.length}, B ${c.B.runs.length}`,
    `A: ${c.A.target} — ${envLine(c.A)}`,
    `B: ${c.B.target} — ${envLine(c.B)}`,
    '',
  ];
  const rows = c.metrics.map((m) => [
    m.metric,
    fmtValue(m, m.meanA),
    fmtValue(m, m.meanB),
    m.interval.ratio.toFixed(3),
    `${m.interval.lo.toFixed(3)}-${m.interval.hi.toFixed(3)}`,
    m.test.p.toFixed(3),
    m.significant ? 'yes' : 'no',
  ]);
  if (c.cost) {
    const m = c.cost.pricePerformance;
    rows.push([
      'requests per dollar',
      fmtValue(m, m.meanA),
      fmtValue(m, m.meanB),
      m.interval.ratio.toFixed(3),
      `${m.interval.lo.toFixed(3)}-${m.interval.hi.toFixed(3)}`,
      m.test.p.toFixed(3),
      m.significant ? 'yes' : 'no',
    ]);
  }
  const header = ['mean over runs', 'A', 'B', 'B/A', '95% interval', 'M-W p', 'significant'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  lines.push(line(header), ...rows.map(line), '');
  const perRun = (label: string, m: MetricComparison) =>
    `${label} ${m.metric} per run: ${m.a.map((v) => fmtValue(m, v)).join(', ')} | ${m.b.map((v) => fmtValue(m, v)).join(', ')}`;
  lines.push(perRun('A | B', c.metrics[0]!));
  if (c.cost)
    lines.push(
      `cost: A $${c.cost.priceA}/h, B $${c.cost.priceB}/h; ${c.cost.pricePerformance.verdict}`,
    );
  for (const n of c.notes) lines.push(`note: ${n}`);
  lines.push('', `verdict: ${c.verdict}`);
  return lines.join('\n');
}
