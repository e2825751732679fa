// Runs of one workload on two targets (A and B), compared with runs as the unit: per metric
// (throughput, latency percentiles) the ratio B/A of the means over runs with a bootstrap 95%
// interval, the Mann-Whitney U test, and a verdict only when both say the difference is real.
import type { Environment } from '../lib/environment.ts';
import { decodeHistogram, type Histogram, newHistogram } from '../lib/histogram.ts';
import { UsageError } from '../lib/options.ts';
import { STEAL_FLAG_SHARE } from '../lib/proc-stats.ts';
import { table } from '../lib/report.ts';
import { RESULT_SCHEMA_VERSION } from '../lib/result-file.ts';
import { bootstrapRatio, type Interval, mean } from './bootstrap.ts';
import { type MannWhitney, mannWhitney, minReachableP } from './mann-whitney.ts';

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
  /**
   * The load generator's CPU during the run (cores): the result's own, else the run's whole
   * process as bench pair measured it (a battle run states none: autocannon runs in its thread).
   */
  loadGeneratorCores?: number | null;
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
  kind: 'data' | 'echo' | 'battle' | 'map' | 'stack';
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
  /**
   * The share of the machine's CPU time the hypervisor gave to other tenants during the
   * measurement (steal), when the result states it.
   */
  stealShare: number | null;
  environment: Environment;
  /** The settings that define the workload (addresses and reporting flags left out). */
  workload: Record<string, unknown>;
  pair: PairAnnotation | null;
}

interface ServerCpu {
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

const PERCENTILES = [
  ['p50', 50],
  ['p90', 90],
  ['p99', 99],
  ['p99.9', 99.9],
] as const;
type PercentileKey = (typeof PERCENTILES)[number][0];

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

/** A histogram from a result file; one that does not decode is named with its file and field. */
function decodeAt(encoded: string, path: string, field: string): Histogram {
  try {
    return decodeHistogram(encoded);
  } catch (err) {
    throw new UsageError(
      `${path}: ${field} does not decode as a histogram (${(err as Error).message})`,
    );
  }
}

function workloadOf(settings: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(settings)) if (!NOT_WORKLOAD.has(k)) out[k] = v;
  return { ...out, ...extra };
}

/** The kinds a comparison reads, and where each one's throughput comes from, as a refusal names it. */
const THROUGHPUT_FIELD: Record<RunFigures['kind'], string> = {
  data: 'totals.rate',
  echo: 'totals.rate',
  map: 'viewport.rate',
  battle: 'figures.requestsPerSec',
  stack: 'the calls answered (ops[].count) over elapsedS',
};

type FieldType = 'object' | 'array' | 'number' | 'string';

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;

/** A value as a message shows it: JSON cut short, or what it is when a whole object. */
function shown(v: unknown): string {
  const t = typeOf(v);
  if (t === 'object' || t === 'array') return `an ${t}`;
  const text = JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * The field at a path (`totals.rate`, `ops[2].count`) of a result, refused with the file and the
 * field (or its parent) when absent or of another type, rather than failing later on an
 * undefined.
 */
// biome-ignore lint/suspicious/noExplicitAny: checked here, then read as the result holds it
function need(r: { kind: string }, path: string, field: string, type: FieldType): any {
  const keys = [...field.matchAll(/[^.[\]]+/g)];
  let v: unknown = r;
  for (const [i, m] of keys.entries()) {
    // The field up to this key; what it must be: the type asked for, or what holds the next key.
    const at = field.slice(0, m.index + m[0].length).replace(/\[\d+$/, '$&]');
    const want = i === keys.length - 1 ? type : /^\d/.test(keys[i + 1]![0]) ? 'array' : 'object';
    v = (v as Record<string, unknown>)[m[0]];
    if (v === undefined)
      throw new UsageError(`${path}: ${at} is missing from this ${r.kind} result`);
    const ok = want === 'number' ? typeof v === 'number' && Number.isFinite(v) : typeOf(v) === want;
    if (!ok)
      throw new UsageError(
        `${path}: ${at} is ${shown(v)}, not ${want === 'array' || want === 'object' ? 'an' : 'a'} ${want}`,
      );
  }
  return v;
}

/** The ops snapshots at these fields merged: each one's count and maximum, its histogram when it counted. */
function mergeOps(
  r: { kind: string },
  path: string,
  fields: readonly string[],
): { h: Histogram; maxUs: number } {
  const h = newHistogram();
  let maxUs = 0;
  for (const f of fields) {
    if (need(r, path, `${f}.count`, 'number') > 0)
      h.add(decodeAt(need(r, path, `${f}.histogram`, 'string'), path, `${f}.histogram`));
    maxUs = Math.max(maxUs, need(r, path, `${f}.maxUs`, 'number'));
  }
  return { h, maxUs };
}

/** A share written by the bench (0 to 1); anything else, as a result before it had one: null. */
const shareOrNull = (v: unknown): number | null =>
  typeof v === 'number' && v >= 0 && v <= 1 ? v : null;

/**
 * A parsed result file's figures: an object with a kind a comparison reads, of this bench's
 * schema version, every field read with the right type. What is wrong is named with the file and
 * the field.
 */
// biome-ignore lint/suspicious/noExplicitAny: a result file is read as it was written
export function figuresOf(r: any, path: string): RunFigures {
  if (typeOf(r) !== 'object')
    throw new UsageError(`${path}: the JSON is ${shown(r)}, not a result object`);
  if (r.schemaVersion !== undefined && r.schemaVersion !== RESULT_SCHEMA_VERSION)
    throw new UsageError(
      `${path}: schemaVersion ${shown(r.schemaVersion)}, where this bench reads ${RESULT_SCHEMA_VERSION} (a result of another version of the bench)`,
    );
  if (typeof r.kind !== 'string')
    throw new UsageError(
      `${path}: kind is ${r.kind === undefined ? 'missing' : shown(r.kind)}: not a bench result`,
    );
  if (!Object.hasOwn(THROUGHPUT_FIELD, r.kind))
    throw new UsageError(
      `${path}: a ${r.kind} result; comparing runs reads data, echo, battle, map and stack results`,
    );
  const get = (field: string, type: FieldType = 'number') => need(r, path, field, type);
  get('environment', 'object');
  get('settings', 'object');
  const pair = (r.pair as PairAnnotation | undefined) ?? null;
  /** A kind's own figures over what a kind that does not state them has. */
  const figures = (
    h: Histogram | null,
    maxUs: number | undefined,
    own: Pick<RunFigures, 'target' | 'throughput' | 'requests' | 'errors' | 'clientCores'> &
      Partial<RunFigures>,
  ): RunFigures => ({
    path,
    kind: r.kind,
    mismatches: 0,
    targetRate: null,
    openModel: null,
    serverCpu: [],
    stealShare: null,
    workload: workloadOf(r.settings),
    ...own,
    clientCores: own.clientCores ?? pair?.loadGeneratorCores ?? null,
    latencyUs: percentilesOf(h, maxUs),
    histogram: h,
    environment: r.environment,
    pair,
  });
  if (r.kind === 'battle') {
    const url = get('settings.url', 'string');
    if (!URL.canParse(url))
      throw new UsageError(`${path}: settings.url is ${shown(url)}, not a URL`);
    const f = (k: string) => get(`figures.${k}`);
    const hist = r.histogram ?? null;
    const h = hist && decodeAt(get('histogram.encoded', 'string'), path, 'histogram.encoded');
    const { host, pathname, search } = new URL(url);
    return figures(h, hist ? get('histogram.max') : undefined, {
      target: host,
      throughput: f('requestsPerSec'),
      requests: f('completeRequests') + f('failedRequests'),
      errors: f('failedRequests') + f('non2xx'),
      clientCores: r.client?.cores ?? null,
      workload: workloadOf(r.settings, { path: `${pathname}${search}` }),
    });
  }
  const opFields = () => get('ops', 'array').map((_: unknown, i: number) => `ops[${i}]`);
  if (r.kind === 'stack') {
    // Sessions arrive at a seeded rate: throughput is every call the sessions made, per second
    // of the run; the gate is the run's own (its exit code: invariants, errors, failed, dropped
    // or unsustained sessions), as the arrivals' count is seeded and not exactly rate x time.
    const fields = opFields();
    const { h, maxUs } = mergeOps(r, path, fields);
    const answered = fields.reduce((n: number, f: string) => n + get(`${f}.count`), 0);
    const elapsedS = get('elapsedS');
    const errors = get('errors');
    return figures(h, maxUs, {
      target: r.settings.target?.map ?? 'the stack it started',
      throughput: elapsedS > 0 ? answered / elapsedS : 0,
      requests: answered + errors,
      errors: errors + get('sessions.failed') + get('sessions.dropped'),
      mismatches: get('violations', 'array').length,
      openModel: `${get('rate')} sessions/s`,
      clientCores: r.usage?.client?.cores ?? null,
      stealShare: shareOrNull(r.usage?.machine?.stealShare),
    });
  }
  // A data or echo run's operations merged; a map run's one, the viewport query.
  const { h, maxUs } = mergeOps(r, path, r.kind === 'map' ? ['viewport.op'] : opFields());
  const t = (k: string) => get(`${r.kind === 'map' ? 'viewport' : 'totals'}.${k}`);
  return figures(h, maxUs, {
    target: r.kind === 'echo' ? 'its own echo server' : r.settings.target,
    throughput: t('rate'),
    requests: t('requests'),
    errors: t('errors'),
    mismatches: t('mismatches'),
    targetRate: r.settings.rate ?? null,
    openModel: r.settings.rate ? `${r.settings.rate} requests/s` : null,
    clientCores: r.client?.cores ?? null,
    serverCpu: serverCpuOf(r.cpuPerRequest),
    stealShare: shareOrNull(r.machine?.stealShare),
  });
}

const show = (v: unknown) => (v === undefined ? 'unset' : JSON.stringify(v));

/**
 * Every run must be of one workload with one seed and the same settings: the first setting that
 * differs is named, with the two runs and their values.
 */
function checkSameWorkload(runs: readonly RunFigures[]): void {
  const first = runs[0];
  if (!first) return;
  for (const r of runs.slice(1)) {
    if (r.kind !== first.kind)
      throw new UsageError(
        `different workloads: ${first.path} is a ${first.kind} run, ${r.path} a ${r.kind} run (the field kind)`,
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

/** A run compared on throughput has answered requests: its throughput is a positive number. */
function checkThroughput(runs: readonly RunFigures[]): void {
  for (const r of runs)
    if (!(Number.isFinite(r.throughput) && r.throughput > 0))
      throw new UsageError(
        `${r.path}: ${THROUGHPUT_FIELD[r.kind]} is ${r.throughput}: a run's throughput must be a positive number`,
      );
}

/** The values of `of` over runs, when they differ: each with the runs that have it. */
function differing(runs: readonly RunFigures[], of: (r: RunFigures) => string): string | null {
  const by = new Map<string, string[]>();
  for (const r of runs) by.set(of(r), [...(by.get(of(r)) ?? []), r.path]);
  return by.size > 1 ? [...by].map(([v, paths]) => `${v} (${paths.join(', ')})`).join(', ') : null;
}

/**
 * What makes one side's runs less alike than they should be, warned of and not refused: other
 * commits or Node versions of the load generator, runs with errors or mismatches (which bench
 * pair's gate leaves out), and runs whose VM lost CPU time to the hypervisor (steal).
 */
function sideNotes(runs: readonly RunFigures[], side: 'A' | 'B'): string[] {
  const notes: string[] = [];
  const commits = differing(runs, (r) => r.environment.gitCommit?.slice(0, 10) ?? 'unknown');
  if (commits) notes.push(`${side}'s runs are of different commits: ${commits}`);
  const nodes = differing(runs, (r) => r.environment.node ?? 'unknown');
  if (nodes) notes.push(`${side}'s runs ran on different Node versions: ${nodes}`);
  const failing = runs
    .filter((r) => r.errors > 0 || r.mismatches > 0)
    .map((r) => `${r.path} (${r.errors} errors, ${r.mismatches} mismatches)`);
  if (failing.length)
    notes.push(
      `${side}'s runs with errors or mismatches, which bench pair's gate leaves out: ${failing.join(', ')}`,
    );
  const stolen = runs
    .filter((r) => r.stealShare !== null && r.stealShare >= STEAL_FLAG_SHARE)
    .map((r) => `${r.path} (${(r.stealShare! * 100).toFixed(1)}%)`);
  if (stolen.length)
    notes.push(
      `${side}'s runs whose VM lost ${STEAL_FLAG_SHARE * 100}% or more of its CPU time to the hypervisor (steal), measuring the host's other tenants too: ${stolen.join(', ')}`,
    );
  return notes;
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
  /** B's mean over A's: the point estimate, also when there is no interval. */
  ratio: number;
  /** The bootstrap interval of the ratio; null with one run on a side, where none exists. */
  interval: Interval | null;
  test: MannWhitney;
  significant: boolean;
  /** "B is faster by 4-9% (...)", or "no significant difference in ...: ..." and why. */
  verdict: string;
}

export interface CompareOptions {
  seed?: number;
  resamples?: number;
}

/** The two-sided level of the test, and 1 - the interval's level. */
const ALPHA = 0.05;

/** "4-9%" (one decimal below 10%); "20%" when both ends print the same. */
export function percentRange(x: number, y: number): string {
  const hi = Math.max(x, y);
  const [from, to] = [Math.min(x, y), hi].map((v) => v.toFixed(hi < 10 ? 1 : 0));
  return from === to ? `${to}%` : `${from}-${to}%`;
}

/** How a verdict says B went up or down on the metrics that have words of their own. */
const VERDICT_WORDS: Record<string, [up: string, down: string]> = {
  throughput: ['faster', 'slower'],
  'requests per dollar': ['cheaper per request', 'dearer per request'],
};

const intervalText = (i: Interval) =>
  `B/A ${i.ratio.toFixed(3)}, 95% interval ${i.lo.toFixed(3)}-${i.hi.toFixed(3)}`;

/** The ratio of B to A per metric, with its interval, test and verdict. */
export function compareMetric(
  metric: string,
  better: Direction,
  unit: string,
  a: readonly number[],
  b: readonly number[],
  o: CompareOptions = {},
): MetricComparison {
  // One run on a side: its spread is unknown, and resampling the other side alone would give an
  // interval that looks like one but ignores it.
  const oneRun = a.length < 2 || b.length < 2;
  const interval = oneRun
    ? null
    : bootstrapRatio(a, b, {
        seed: o.seed ?? 1,
        resamples: o.resamples ?? 10_000,
        level: 1 - ALPHA,
      });
  const ratio = mean(b) / mean(a);
  const test = mannWhitney(a, b);
  const minP = minReachableP(a.length, b.length);
  const excludesOne = interval !== null && (interval.lo > 1 || interval.hi < 1);
  // Tied runs (the normal approximation) can go below the floor without ties; that floor decides,
  // so that whether a verdict is possible depends on the run counts alone, as the notes say.
  const significant = !oneRun && minP < ALPHA && test.p < ALPHA && excludesOne;
  let verdict: string;
  if (!interval) {
    verdict = `no verdict with one run on a side: ${metric} B/A ${ratio.toFixed(3)}, a point estimate (no interval exists)`;
  } else if (!significant) {
    verdict = `no significant difference in ${metric}: ${intervalText(interval)}${
      minP >= ALPHA
        ? ` (no verdict is possible with ${a.length} v ${b.length} runs: the rank test's smallest p is ${minP.toFixed(3)})`
        : excludesOne
          ? ` (the interval excludes 1 but Mann-Whitney's p = ${test.p.toFixed(3)} does not agree: more runs would tell)`
          : ''
    }`;
  } else {
    const { lo, hi } = interval;
    const up = lo > 1;
    const words = VERDICT_WORDS[metric];
    const how = words
      ? `B is ${words[up ? 0 : 1]}`
      : `B's ${metric} is ${up ? 'higher' : 'lower'} (${up === (better === 'higher') ? 'better' : 'worse'})`;
    // By how far each end of the interval is from 1, in percent.
    const range = percentRange(Math.abs(lo - 1) * 100, Math.abs(hi - 1) * 100);
    verdict = `${how} by ${range} (${intervalText(interval)})`;
  }
  return {
    metric,
    better,
    unit,
    a: [...a],
    b: [...b],
    meanA: mean(a),
    meanB: mean(b),
    ratio,
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
  /**
   * The smallest p the rank test can reach with these run counts (2 / C(m+n, m)): at or above
   * the level, no verdict is possible whatever the runs measured.
   */
  minReachableP: number;
  /** At least two runs a side and a reachable p below the level. */
  verdictPossible: boolean;
  notes: string[];
  options: { seed: number; resamples: number; alpha: number };
}

export interface GroupOptions extends CompareOptions {
  priceA?: number | null;
  priceB?: number | null;
  serverA?: ServerEnvironment | null;
  serverB?: ServerEnvironment | null;
}

/** One metric of both sides' runs compared: the figure `of` each run. */
type CompareRuns = (
  metric: string,
  better: Direction,
  unit: string,
  of: (r: RunFigures) => number,
) => MetricComparison;

export function compareGroups(
  a: readonly RunFigures[],
  b: readonly RunFigures[],
  o: GroupOptions = {},
): Comparison {
  if (a.length === 0 || b.length === 0)
    throw new UsageError('each side needs at least one run (A… -- B…)');
  checkThroughput([...a, ...b]);
  checkSameWorkload([...a, ...b]);
  const opts = { seed: o.seed ?? 1, resamples: o.resamples ?? 10_000 };
  const compare: CompareRuns = (metric, better, unit, of) =>
    compareMetric(metric, better, unit, a.map(of), b.map(of), opts);
  const metrics = [
    compare('throughput', 'higher', 'requests/s', (r) => r.throughput),
    ...PERCENTILES.map(([k]) => compare(`${k} latency`, 'lower', 'us', (r) => r.latencyUs[k])),
  ];
  const serverCpu = serverCpuMetrics(a, b, compare);
  metrics.push(...serverCpu.metrics);
  const oneRun = a.length < 2 || b.length < 2;
  const minP = minReachableP(a.length, b.length);
  const notes: string[] = [...serverCpu.notes];
  if (oneRun)
    notes.push(
      'one run on a side gives no interval and no verdict: the spread between runs is unknown, so B/A is a point estimate (give several runs per side)',
    );
  else if (minP >= ALPHA) {
    let k = 2;
    while (minReachableP(k, k) >= ALPHA) k++;
    notes.push(
      `no verdict is possible with ${a.length} v ${b.length} runs (the rank test's smallest p is ${minP.toFixed(3)}, not below ${ALPHA}): give more runs (${k} v ${k} can reach ${minReachableP(k, k).toFixed(3)})`,
    );
  }
  notes.push(...sideNotes(a, 'A'), ...sideNotes(b, 'B'));
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
    verdict: headline.verdict,
    minReachableP: minP,
    verdictPossible: !oneRun && minP < ALPHA,
    notes,
    options: { ...opts, alpha: ALPHA },
  };
}

/**
 * Each server's CPU per request, B/A, when every run on both sides measured the same number of
 * servers (matched by position, as two machines have other pids): as a multiple of E when every
 * run has its ceiling (the figure that holds whatever the machine's load), else in µs. A server
 * that spent no CPU measurable on A's runs (an idle process given with --server-pids) has no
 * ratio: it is left out, and a note says so.
 */
function serverCpuMetrics(
  a: readonly RunFigures[],
  b: readonly RunFigures[],
  compare: CompareRuns,
): { metrics: MetricComparison[]; notes: string[] } {
  const runs = [...a, ...b];
  const n = runs[0]!.serverCpu.length;
  const out = { metrics: [] as MetricComparison[], notes: [] as string[] };
  if (n === 0 || runs.some((r) => r.serverCpu.length !== n)) return out;
  for (let k = 0; k < n; k++) {
    const ofE = runs.every((r) => r.serverCpu[k]!.multipleOfEcho !== null);
    const pick = (r: RunFigures) => (ofE ? r.serverCpu[k]!.multipleOfEcho! : r.serverCpu[k]!.us);
    const metric = `CPU per request, ${a[0]!.serverCpu[k]!.label}`;
    if (!(mean(a.map(pick)) > 0)) {
      out.notes.push(`${metric} left out: none measured on A's runs, so there is no ratio`);
      continue;
    }
    out.metrics.push(compare(metric, 'lower', ofE ? 'x E' : 'us CPU', pick));
  }
  return out;
}

/** A metric's value as the terminal table shows it. */
const fmtValue = (m: MetricComparison, v: number) =>
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
  const row = (m: MetricComparison) => [
    m.metric,
    fmtValue(m, m.meanA),
    fmtValue(m, m.meanB),
    m.ratio.toFixed(3),
    m.interval ? `${m.interval.lo.toFixed(3)}-${m.interval.hi.toFixed(3)}` : 'none',
    m.test.p.toFixed(3),
    m.significant ? 'yes' : 'no',
  ];
  const rows = [...c.metrics, ...(c.cost ? [c.cost.pricePerformance] : [])].map(row);
  const header = ['mean over runs', 'A', 'B', 'B/A', '95% interval', 'M-W p', 'significant'];
  lines.push(table(header, rows), '');
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
