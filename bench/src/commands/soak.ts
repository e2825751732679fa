// `bench soak` (`npm run soak`): the data workload for a long time at a steady share
// (--load-fraction, 80%) of the maximum rate (probed, or --max-rate), watching for what a short
// run cannot show: memory that keeps growing and latency that drifts. It records each interval's
// p99 and every server process's RSS (sampled each second) and judges them by the slope rule, or
// under 5 minutes by the settled rule (RSS after the services' idle compaction, before and after
// the measured load; its halves judged on their p99 or, with --judge cpu, on the rate held and
// the CPU per request): src/soak/analysis.ts, docs/design/bench.md. Writes JSON and an SVG chart.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Command, Option } from 'commander';
import { DEFAULT_WEIGHTS } from '../data/operations.ts';
import { defaultSchemaPath } from '../data/schema.ts';
import { type DataParams, type Seeding, seedingOf } from '../data/workload.ts';
import { collectEnvironment, type Environment, environmentLine } from '../lib/environment.ts';
import type { OpSnapshot } from '../lib/histogram.ts';
import { LoadPool } from '../lib/load-pool.ts';
import {
  parseAddress,
  parseDuration,
  parseNonNegativeNumber,
  parsePids,
  parsePositiveInt,
  UsageError,
} from '../lib/options.ts';
import { cpuSeconds, memoryStatus, nodeOptionsOf, processLabel } from '../lib/proc.ts';
import { cpuBetween } from '../lib/proc-stats.ts';
import { createProgress } from '../lib/progress.ts';
import { int } from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';
import { scrapeMetrics, sumOf } from '../lib/server-metrics.ts';
import { soakChart } from '../report-html/report.ts';
import {
  DEFAULT_RULE,
  type HalfFigures,
  type IntervalFigures,
  type IntervalLatency,
  intervalLatency,
  judge,
  MAX_CPU_GROWTH,
  MIN_RATE_HELD,
  type RssSeries,
  type SoakRule,
  type SoakVerdict,
} from '../soak/analysis.ts';
import { type ServerProcess, type StartedStack, startStack } from '../soak/stack.ts';
import { defaultWorkerHeapMb } from './data.ts';

/** A soak's settings, checked (the JSON's `settings`). */
export type SoakSettings = ReturnType<typeof soakSettingsFrom>;

export interface SoakInterval
  extends IntervalFigures,
    Pick<IntervalLatency, 'p50Ms' | 'p99ByOpMs'> {
  rate: number;
  loadAverage: number[];
}

/** A process's RSS read at one moment (MB; null: unreadable). */
type ProcessRss = { pid: number; label: string; rssMb: number | null };

export interface SettleResult {
  /** Seconds from the end of the load until every service had compacted (or the timeout). */
  waitedS: number;
  /** Whether every service's compaction counter grew in that time (none given: false). */
  compacted: boolean;
  compactions: { url: string; before: number | null; after: number | null }[];
  /**
   * Each process's settled RSS: the lowest of its RSS samples (every 50 ms) from the end of the
   * load until the compaction was seen, i.e. right after the compaction. Read once the compaction
   * was seen, it had grown again by up to 4 MB within a second: the soak's own /metrics polls
   * (every 200 ms) allocate in the idle service (docs/design/bench.md, the soak's rules).
   */
  rssMb: ProcessRss[];
  /** Each process's RSS read once the compaction was seen (for the record; not judged). */
  rssReadMb?: ProcessRss[];
}

export interface SoakResult {
  schemaVersion: number;
  kind: 'soak';
  environment: Environment;
  settings: SoakSettings;
  stack: 'started' | 'given';
  maxRate: {
    rate: number;
    measured: boolean;
    probeRequests: number | null;
    probeErrors: number | null;
    /** Both probes' rates when a re-probe ran after the warm-up (rate is the lower). */
    firstProbeRate?: number;
    reprobeRate?: number;
  };
  targetRate: number;
  seeding: Seeding;
  intervals: SoakInterval[];
  processes: ServerProcess[];
  /** Every RSS sample: minutes since the load began, MB. */
  rss: RssSeries[];
  totals: { requests: number; answered: number; errors: number; mismatches: number };
  verdict: SoakVerdict;
  /** Once the load stopped: each process's RSS after the services compacted (null: not run). */
  after: SettleResult | null;
  /** Settled rule: the same after the warm-up load, before the measured one (null: not run). */
  afterWarmUp: SettleResult | null;
  chart: string;
  pass: boolean;
}

const say = (line: string) => console.log(line);

function rssMb(pid: number): number | null {
  const m = memoryStatus(pid);
  return m && m.rssBytes / 1024 / 1024;
}

export function soakCommand(): Command {
  const cmd = new Command('soak').description(
    'a long open-model run at a share of the maximum rate: p99 per interval and each server process RSS, their slopes, JSON and an SVG chart; pass/fail on the slopes',
  );
  cmd
    .option(
      '-t, --target <host:port>',
      'a running data-server to load (default: the soak starts the stack with scripts/start.ts on MySQL and Redis)',
      parseAddress,
    )
    .option(
      '--server-pids <pids>',
      'with --target: the server processes whose RSS is sampled (comma-separated)',
      parsePids,
      [],
    )
    .addOption(
      new Option(
        '--mysql <url>',
        'the MySQL/MariaDB server of the stack it starts (a database of its own)',
      )
        .env('SOAK_MYSQL_URL')
        .default('mysql://root@127.0.0.1:3306'),
    )
    .addOption(
      new Option('--redis <url>', 'the Redis of the stack it starts (a key prefix of its own)')
        .env('SOAK_REDIS_URL')
        .default('redis://127.0.0.1:6379/0'),
    )
    .option('-d, --duration <time>', 'the measured soak (after seeding and the probe)', '10m')
    .option(
      '--interval <time>',
      'the length of one measured interval (a "minute"). Default: 1m; under the settled rule half the duration (the halves the p99 and the rate are judged on, each one run of the load)',
    )
    .option(
      '--max-rate <n>',
      'the maximum rate (requests/s) to take a share of, instead of measuring it',
      parseNonNegativeNumber,
    )
    .option('--probe-duration <time>', 'the closed-model run that measures the maximum rate', '20s')
    .option(
      '--reprobe-duration <time>',
      'a second probe after the warm-up; the target is a share of the lower of the two (0: none). Default: the probe duration under the settled rule, 0 otherwise',
    )
    .option(
      '--min-rate-held <x>',
      'settled rule: the share of the target rate each half must answer for the p99 halves to be judged (below: not judged, CPU per request judged instead)',
      parseNonNegativeNumber,
      MIN_RATE_HELD,
    )
    .option(
      '--max-cpu-growth <x>',
      'settled rule: how much more CPU per request the data path (the processes with 10% or more of the CPU, together) may spend in the last half than in the first (0.3: 30%)',
      parseNonNegativeNumber,
      MAX_CPU_GROWTH,
    )
    .option(
      '--warm-up <time>',
      "unmeasured load at the soak's rate before the first interval (0: none; the rule's own warm-up intervals still apply). Default: 0, 1m under the settled rule",
    )
    .option(
      '--load-fraction <x>',
      'the share of the maximum rate the soak runs at',
      parseNonNegativeNumber,
      0.8,
    )
    .option(
      '-c, --concurrency <n>',
      'virtual clients (and requests in flight in the probe)',
      parsePositiveInt,
      64,
    )
    .option('-w, --workers <n>', 'load worker threads', parsePositiveInt, 2)
    .option('--channels <n>', 'gRPC channels per worker', parsePositiveInt, 2)
    .option('--players <n>', 'players seeded before the run', parsePositiveInt, 1000)
    .option('--first-player <id>', 'the first player id (reset and seeded)', '1000000')
    .option('--seed <n>', 'the RNG seed', parseNonNegativeNumber, 1)
    .option('--deadline-ms <ms>', 'gRPC deadline of every call', parsePositiveInt, 10_000)
    .option('--sample-interval <time>', 'how often each process RSS is read', '1s')
    .option(
      '--warm-up-intervals <n>',
      'intervals left out of the RSS slope',
      parseNonNegativeNumber,
      DEFAULT_RULE.warmUpIntervals,
    )
    .option(
      '--max-rss-slope <mb>',
      'RSS slope bound after the warm-up, MB/min',
      parseNonNegativeNumber,
      DEFAULT_RULE.maxRssSlopeMbPerMin,
    )
    .option(
      '--max-p99-growth <x>',
      "how much over the second interval's p99 the last's may be (0.2: 20%)",
      parseNonNegativeNumber,
      DEFAULT_RULE.maxP99Growth,
    )
    .addOption(
      new Option(
        '--rule <rule>',
        'slope: RSS slope after the warm-up intervals (the 10-minute rule); settled: RSS growth between the settled readings after a warm-up load and after the measured load (short runs); auto: settled under 5 minutes',
      )
        .choices(['auto', 'slope', 'settled'])
        .default('auto'),
    )
    .addOption(
      new Option(
        '--judge <what>',
        "settled rule: what the halves are judged on. p99: the p99 halves (when both held --min-rate-held of the target; else the CPU per request); cpu: the services' own stability, not the machine's: both halves hold --min-rate-held of the target and the data path's CPU per request grows at most --max-cpu-growth; each half's p99 measured and reported, not judged (the short run in CI: on a busy machine a minute's p99 is its scheduling stalls)",
      )
        .choices(['p99', 'cpu'])
        .default('p99'),
    )
    .option(
      '--settled-floor <mb>',
      "the settled rule's floor: RSS growth (MB) allowed whatever the duration (allocator noise)",
      parseNonNegativeNumber,
      SETTLED_FLOOR_MB,
    )
    .option('--max-errors <n>', 'failed calls tolerated', parseNonNegativeNumber, 0)
    .option(
      '--settle-timeout <time>',
      "after the load, how long to wait for the services' idle compaction before reading RSS again (0: skip)",
      '60s',
    )
    .option(
      '--metrics-urls <urls>',
      'with --target: the services /metrics URLs (comma-separated) whose compaction the settle phase waits for',
      '',
    )
    .option('-o, --out <file>', 'the JSON result (the chart: the same path, .svg)')
    .option('-q, --quiet', 'no progress bars')
    .action(async (o: Record<string, unknown>) => {
      process.exitCode = await runSoak(soakSettingsFrom(o));
    });
  return cmd;
}

export function soakSettingsFrom(o: Record<string, unknown>) {
  const durationMs = parseDuration(String(o.duration));
  const ruleOpt = String(o.rule ?? 'auto') as 'auto' | 'slope' | 'settled';
  const auto = durationMs < SETTLED_UNDER_MS ? 'settled' : 'slope';
  const mode = ruleOpt === 'auto' ? auto : ruleOpt;
  const settledRule = mode === 'settled';
  // The duration flags whose '0' means none.
  const durationOr0 = (text: string) => (text === '0' ? 0 : parseDuration(text));
  const intervalMs = parseDuration(
    String(o.interval ?? (settledRule ? `${durationMs / 2}ms` : '1m')),
  );
  if (intervalMs > durationMs) throw new UsageError('--interval is longer than --duration');
  const target = (o.target as string | undefined) ?? null;
  const serverPids = (o.serverPids as number[] | undefined) ?? [];
  if (target === null && serverPids.length > 0)
    throw new UsageError(
      '--server-pids goes with --target (a stack the soak starts is measured whole)',
    );
  const fraction = o.loadFraction as number;
  if (!(fraction > 0 && fraction <= 1)) throw new UsageError('--load-fraction must be in (0, 1]');
  const players = o.players as number;
  if (players < (o.concurrency as number))
    throw new UsageError('--players must be >= --concurrency: every virtual client owns players');
  const maxRate = (o.maxRate as number | undefined) ?? null;
  if (maxRate !== null && maxRate <= 0) throw new UsageError('--max-rate must be > 0');
  const warmUpMs = durationOr0(String(o.warmUp ?? (settledRule ? '1m' : '0')));
  const settleTimeoutMs = durationOr0(String(o.settleTimeout));
  if (settledRule && (warmUpMs === 0 || settleTimeoutMs === 0))
    throw new UsageError(
      'the settled rule needs a warm-up load (--warm-up) and the settle phase (--settle-timeout)',
    );
  const reprobeMs = durationOr0(String(o.reprobeDuration ?? (settledRule ? o.probeDuration : '0')));
  const judgeOn = String(o.judge ?? 'p99') as 'p99' | 'cpu';
  if (judgeOn === 'cpu' && !settledRule)
    throw new UsageError(
      '--judge cpu goes with the settled rule (a --duration under 5 minutes, or --rule settled): the slope rule judges the p99',
    );
  const minRateHeld = o.minRateHeld as number | undefined;
  if (minRateHeld !== undefined && minRateHeld > 1)
    throw new UsageError('--min-rate-held must be in [0, 1]');
  return {
    /** data-server to load; null: the soak starts the stack (scripts/start.ts) itself. */
    target,
    serverPids,
    mysqlUrl: String(o.mysql),
    redisUrl: String(o.redis),
    durationMs,
    intervalMs,
    /** The maximum rate given (requests/s); null: measured by a closed-model probe. */
    maxRate,
    probeMs: parseDuration(String(o.probeDuration)),
    /**
     * A second closed-model probe after the warm-up (0: none; the settled rule's default is the
     * probe's length): the target is --load-fraction of the lower of the two, so one probe that
     * met a quiet moment does not set a rate the machine cannot keep.
     */
    reprobeMs,
    /** Unmeasured load at the soak's rate before the intervals (the heap settling); 0: none. */
    warmUpMs,
    loadFraction: fraction,
    concurrency: o.concurrency as number,
    workers: o.workers as number,
    channels: o.channels as number,
    players,
    firstPlayer: String(o.firstPlayer),
    seed: o.seed as number,
    deadlineMs: o.deadlineMs as number,
    sampleMs: parseDuration(String(o.sampleInterval)),
    maxErrors: o.maxErrors as number,
    /**
     * After the load: how long to wait for each gRPC service's idle compaction (its
     * process_idle_compactions_total growing) before reading every process's RSS once more; 0: no
     * such phase. Needs the services' /metrics (a stack the soak starts, or --metrics-urls).
     */
    settleTimeoutMs,
    metricsUrls: String(o.metricsUrls ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
    rule: {
      warmUpIntervals: Math.floor(o.warmUpIntervals as number),
      maxRssSlopeMbPerMin: o.maxRssSlope as number,
      maxP99Growth: o.maxP99Growth as number,
      mode,
      settledFloorMb: (o.settledFloor as number | undefined) ?? SETTLED_FLOOR_MB,
      minRateHeld: minRateHeld ?? MIN_RATE_HELD,
      maxCpuGrowth: (o.maxCpuGrowth as number | undefined) ?? MAX_CPU_GROWTH,
      judgeOn,
    } satisfies SoakRule,
    out: (o.out as string | undefined) ?? null,
    quiet: o.quiet === true,
  };
}

/** Runs shorter than this are judged by the settled rule under --rule auto. */
const SETTLED_UNDER_MS = 5 * 60_000;
/** The settled rule's floor (MB); measured: docs/results.md, the soak. */
const SETTLED_FLOOR_MB = 4;

/** The idle compactions a service has run (process_idle_compactions_total); null if unreadable. */
async function compactions(url: string): Promise<number | null> {
  try {
    return sumOf(await scrapeMetrics(url, 5000), 'process_idle_compactions_total');
  } catch {
    return null;
  }
}

/**
 * Waits until every service's compaction counter has grown past its value at the end of the
 * load (the kit compacts once a quiet period follows a burst: service-kit/src/idle-gc.ts), or the
 * timeout, then reads every process's RSS.
 */
export async function settle(
  urls: string[],
  before: (number | null)[],
  processes: ServerProcess[],
  timeoutMs: number,
  loadEnd: number,
): Promise<SettleResult> {
  let now: (number | null)[] = before;
  const done = () => now.every((n, i) => n !== null && n > (before[i] ?? -1));
  // The lowest RSS of each process while waiting: the trough right after its compaction, before
  // the next /metrics poll (this loop's own) makes the idle service allocate again.
  const low = new Map<number, number>();
  const look = () => {
    for (const p of processes) {
      const v = rssMb(p.pid);
      if (v !== null && v < (low.get(p.pid) ?? Number.POSITIVE_INFINITY)) low.set(p.pid, v);
    }
  };
  look();
  const sampler = setInterval(look, 50);
  try {
    while (!done() && performance.now() - loadEnd < timeoutMs) {
      await new Promise((r) => setTimeout(r, 200));
      now = await Promise.all(urls.map(compactions));
    }
  } finally {
    clearInterval(sampler);
  }
  const read = processes.map((p) => ({ pid: p.pid, label: p.label, rssMb: rssMb(p.pid) }));
  look();
  return {
    waitedS: (performance.now() - loadEnd) / 1000,
    compacted: done(),
    compactions: urls.map((url, i) => ({ url, before: before[i] ?? null, after: now[i] ?? null })),
    rssMb: processes.map((p) => ({ pid: p.pid, label: p.label, rssMb: low.get(p.pid) ?? null })),
    rssReadMb: read,
  };
}

/** Runs the soak; returns the exit code (0 pass, 1 fail). */
export async function runSoak(s: SoakSettings): Promise<number> {
  const env = collectEnvironment();
  say(environmentLine(env));
  let stack: StartedStack | null = null;
  if (s.target === null) {
    say(
      `starting the stack (scripts/start.ts; db-proxy on ${s.mysqlUrl}, data-server on ${s.redisUrl})...`,
    );
    const t0 = performance.now();
    stack = await startStack({ mysqlUrl: s.mysqlUrl, redisUrl: s.redisUrl });
    say(`stack up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  try {
    return await new Soak(s, env, stack).run();
  } finally {
    await stack?.stop();
  }
}

/** The cumulative figures at a moment of the measured load: the latency and each process's CPU. */
interface Mark {
  ops: OpSnapshot[] | null;
  cpu: HalfFigures['cpuS'];
}

/** Calls `handler` on SIGINT and SIGTERM until the function returned is called. */
function onSignals(handler: () => void): () => void {
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/**
 * One soak against a stack, in phases: seed the players, find the rate (the probes and the
 * warm-up), run the measured intervals while each process's RSS is sampled, wait for the
 * services' compaction, judge, and write the JSON and the chart.
 */
class Soak {
  readonly #s: SoakSettings;
  readonly #env: Environment;
  readonly #stack: StartedStack | null;
  readonly #processes: ServerProcess[];
  readonly #metricsUrls: string[];
  #pool!: LoadPool;
  #stopped = false;
  /** The pool's cumulative latency at the end of its last run (its figures never reset). */
  #before: OpSnapshot[] | null = null;
  #maxRate!: SoakResult['maxRate'];
  #rate = 0;
  #afterWarmUp: SettleResult | null = null;
  readonly #intervals: SoakInterval[] = [];
  readonly #series: Map<number, RssSeries>;
  #loadStart = 0;
  #loadEnd = 0;
  /** At the measured load's start, half-way (after interval #halfAt) and end. */
  #marks: { start?: Mark; half?: Mark; end?: Mark } = {};
  /** The measured intervals to run. */
  readonly #count: number;
  /** After which interval the last half begins. */
  readonly #halfAt: number;
  #rssTimer: NodeJS.Timeout | undefined;

  constructor(s: SoakSettings, env: Environment, stack: StartedStack | null) {
    this.#s = s;
    this.#env = env;
    this.#stack = stack;
    this.#processes = stack
      ? stack.processes()
      : s.serverPids.map((pid) => ({
          pid,
          label: processLabel(pid),
          nodeOptions: nodeOptionsOf(pid),
        }));
    this.#metricsUrls = stack ? [stack.metrics.dbproxy, stack.metrics.dataServer] : s.metricsUrls;
    this.#count = Math.max(1, Math.round(s.durationMs / s.intervalMs));
    this.#halfAt = Math.floor(this.#count / 2);
    this.#series = new Map(
      this.#processes.map((p) => [p.pid, { pid: p.pid, label: p.label, samples: [] }]),
    );
  }

  async run(): Promise<number> {
    const s = this.#s;
    say(
      `server processes: ${this.#processes.length ? this.#processes.map((p) => `${p.label} ${p.pid}`).join(', ') : 'none given (--server-pids): no RSS measured'}`,
    );
    const seeding = await this.#seed();
    const offSignals = onSignals(() => {
      if (this.#stopped) process.exit(130);
      this.#stopped = true;
      process.stderr.write('\ninterrupted: ending after the requests in flight\n');
      this.#pool.stop();
    });
    let compactionsAtLoadEnd: (number | null)[];
    try {
      await this.#findRate();
      await this.#measureIntervals();
    } finally {
      this.#loadEnd = performance.now();
      compactionsAtLoadEnd = await Promise.all(this.#metricsUrls.map(compactions));
      clearInterval(this.#rssTimer);
      offSignals();
      await this.#pool.close();
    }
    let after: SettleResult | null = null;
    if (s.settleTimeoutMs > 0 && this.#metricsUrls.length > 0 && !this.#stopped)
      after = await this.#settle('after the load', this.#loadEnd, compactionsAtLoadEnd);
    const { verdict, totals } = this.#judge(after);
    say('');
    this.#sayVerdict(verdict);
    const jsonPath = s.out ?? defaultResultPath('soak', this.#env.startedAt);
    const chartPath = `${jsonPath.replace(/\.json$/, '')}.svg`;
    const result: SoakResult = {
      schemaVersion: RESULT_SCHEMA_VERSION,
      kind: 'soak',
      environment: this.#env,
      settings: s,
      stack: this.#stack ? 'started' : 'given',
      maxRate: this.#maxRate,
      targetRate: this.#rate,
      seeding,
      intervals: this.#intervals,
      processes: this.#processes,
      rss: [...this.#series.values()],
      totals,
      verdict,
      after,
      afterWarmUp: this.#afterWarmUp,
      chart: chartPath,
      pass: verdict.pass,
    };
    const written = writeResult(jsonPath, result);
    writeFileSync(
      chartPath,
      soakChart({
        title: `soak ${this.#env.startedAt}: ${int(this.#rate)} req/s (${(s.loadFraction * 100).toFixed(0)}% of ${int(this.#maxRate.rate)}), ${this.#env.cores} cores, load ${this.#intervals.at(-1)?.loadAverage[0] ?? '?'}`,
        intervals: this.#intervals,
        rss: result.rss,
        verdict,
      }),
    );
    say(`result: ${showPath(written)}; chart: ${showPath(chartPath)}`);
    // A pass with notes (the p99 halves not judged) says so on the verdict line itself.
    say(
      verdict.pass
        ? verdict.notes.length
          ? `PASS (${verdict.notes.map((n) => n.replace(/:.*/, '')).join('; ')}: see NOTE above)`
          : 'PASS'
        : `FAIL: ${verdict.reasons.join('; ')}`,
    );
    return verdict.pass ? 0 : 1;
  }

  /** Seeds the players: the pool's workers each seed theirs. */
  async #seed(): Promise<Seeding> {
    const s = this.#s;
    const target = this.#stack?.dataServer ?? s.target!;
    const params: DataParams = {
      target,
      channels: s.channels,
      deadlineMs: s.deadlineMs,
      schemaPath: defaultSchemaPath,
      seed: s.seed,
      players: s.players,
      firstPlayer: s.firstPlayer,
      members: 3,
      concurrency: s.concurrency,
      weights: [...DEFAULT_WEIGHTS],
      slowMs: 200,
      seedParallel: 32,
      printLimit: 5,
    };
    say(`seeding ${s.players} players through ${target}...`);
    // Ctrl-C while seeding ends the process; a stack the soak started is killed on the way out.
    const offSignals = onSignals(() => process.exit(130));
    this.#pool = await LoadPool.start(
      {
        workloadModule: new URL('../data/workload.ts', import.meta.url),
        workers: s.workers,
        concurrency: s.concurrency,
        params,
        heapMb: defaultWorkerHeapMb(s.players, 3, s.workers),
      },
      createProgress({
        label: 'seeding',
        unit: 'players',
        total: { requests: s.players },
        intervalS: 5,
        silent: s.quiet,
      }),
    );
    offSignals();
    const seeding = seedingOf(this.#pool.readyInfo);
    say(`seeded ${int(seeding.records)} records in ${seeding.seconds.toFixed(1)} s`);
    return seeding;
  }

  /** One run of the pool; `before` moves to its end. */
  async #runPool(label: string, ms: number, rate: number | null, intervalS: number) {
    const run = await this.#pool.run({
      durationMs: ms,
      requests: null,
      rate,
      progress: createProgress({
        label,
        total: { seconds: ms / 1000 },
        intervalS,
        silent: this.#s.quiet,
      }),
    });
    const own = intervalLatency(this.#before, run.ops);
    this.#before = run.ops;
    return { run, own };
  }

  /** A closed-model probe of the maximum rate. */
  async #probe(label: string, ms: number): Promise<SoakResult['maxRate']> {
    const { run, own } = await this.#runPool(label, ms, null, 5);
    const rate = own.answered / run.elapsedS;
    say(
      `${label === 'probe' ? 'maximum rate' : 'maximum rate again, after the warm-up'}: ${int(rate)} requests/s (closed model, ${this.#s.concurrency} in flight, ${(ms / 1000).toFixed(0)} s, ${int(own.errors)} errors; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')})`,
    );
    const probeRequests = own.answered + own.errors;
    return { rate, measured: true, probeRequests, probeErrors: own.errors };
  }

  /**
   * The rate: a share of the maximum, probed (or given); then the unmeasured warm-up at it, a
   * second probe (the lower of the two is taken) and, under the settled rule, the RSS settled
   * after the warm-up load.
   */
  async #findRate(): Promise<void> {
    const s = this.#s;
    if (s.maxRate === null) {
      this.#maxRate = await this.#probe('probe', s.probeMs);
    } else {
      this.#maxRate = { rate: s.maxRate, measured: false, probeRequests: null, probeErrors: null };
      say(`maximum rate: ${int(s.maxRate)} requests/s (--max-rate)`);
    }
    this.#rate = this.#maxRate.rate * s.loadFraction;
    if (!(this.#rate > 0))
      throw new Error('the maximum rate measured is 0: is the data-server answering?');
    say(
      `soak: open model at ${int(this.#rate)} requests/s (${(s.loadFraction * 100).toFixed(0)}% of the maximum), ${this.#count} intervals of ${s.intervalMs / 1000} s`,
    );
    if (s.warmUpMs === 0 || this.#stopped) return;
    const w = await this.#runPool('warm-up', s.warmUpMs, this.#rate, 30);
    say(
      `warm-up: ${(s.warmUpMs / 1000).toFixed(0)} s at that rate, not measured (answered ${int(w.own.answered / w.run.elapsedS)}/s)`,
    );
    if (s.maxRate === null && s.reprobeMs > 0 && !this.#stopped) {
      // The first probe may have met a quieter moment than the load that follows: probe again
      // now that the heap has settled, and take the lower (docs/design/bench.md, the soak's rules).
      const { rate: reprobeRate } = await this.#probe('re-probe', s.reprobeMs);
      const first = this.#maxRate.rate;
      this.#maxRate = {
        ...this.#maxRate,
        rate: Math.min(first, reprobeRate),
        firstProbeRate: first,
        reprobeRate,
      };
      this.#rate = this.#maxRate.rate * s.loadFraction;
      say(
        `soak: open model at ${int(this.#rate)} requests/s (${(s.loadFraction * 100).toFixed(0)}% of the lower probe, ${int(this.#maxRate.rate)})`,
      );
    }
    if (s.rule.mode === 'settled' && !this.#stopped)
      this.#afterWarmUp = await this.#settle('after the warm-up', performance.now());
  }

  #mark(): Mark {
    return {
      ops: this.#before,
      cpu: this.#processes.map((p) => ({ pid: p.pid, cpuS: cpuSeconds(p.pid) })),
    };
  }

  /** Appends every process's RSS now to its series (minutes since the load began, MB). */
  #sampleRss(): void {
    const x = (performance.now() - this.#loadStart) / 60_000;
    for (const p of this.#processes) {
      const v = rssMb(p.pid);
      if (v !== null) this.#series.get(p.pid)!.samples.push({ x, y: v });
    }
  }

  /** The measured load: intervals at the rate, each process's RSS sampled meanwhile. */
  async #measureIntervals(): Promise<void> {
    const s = this.#s;
    const n = this.#count;
    this.#loadStart = performance.now();
    this.#marks.start = this.#mark();
    this.#sampleRss();
    this.#rssTimer = setInterval(() => this.#sampleRss(), s.sampleMs);
    for (let i = 0; i < n && !this.#stopped; i++) {
      const startMin = (performance.now() - this.#loadStart) / 60_000;
      const { own } = await this.#runPool(`interval ${i + 1}/${n}`, s.intervalMs, this.#rate, 30);
      const endMin = (performance.now() - this.#loadStart) / 60_000;
      const mark = this.#mark();
      if (i + 1 === this.#halfAt) this.#marks.half = mark;
      this.#marks.end = mark;
      const load = loadavg().map((x) => Math.round(x * 100) / 100);
      const { answered, ...lat } = own;
      const iv: SoakInterval = {
        index: i + 1,
        startMin,
        endMin,
        requests: answered + lat.errors,
        ...lat,
        rate: answered / ((endMin - startMin) * 60),
        loadAverage: load,
      };
      this.#intervals.push(iv);
      const rssNow = this.#processes
        .map((p) => `${p.label} ${this.#series.get(p.pid)!.samples.at(-1)?.y.toFixed(0) ?? '?'}`)
        .join(', ');
      say(
        `interval ${i + 1}/${n}: ${int(iv.rate)} answered/s, p50 ${iv.p50Ms.toFixed(2)} ms, p99 ${iv.p99Ms.toFixed(2)} ms, errors ${iv.errors}, mismatches ${iv.mismatches}; RSS MB: ${rssNow}; load ${load.join(' ')}`,
      );
    }
    this.#sampleRss();
  }

  /** settle() after a load that ended at `loadEnd` (the compactions then: `before`, else now). */
  async #settle(when: string, loadEnd: number, before?: (number | null)[]): Promise<SettleResult> {
    before ??= await Promise.all(this.#metricsUrls.map(compactions));
    const r = await settle(
      this.#metricsUrls,
      before,
      this.#processes,
      this.#s.settleTimeoutMs,
      loadEnd,
    );
    say(
      `${when}: ${r.compacted ? 'every service compacted' : 'NOT every service compacted'} within ${r.waitedS.toFixed(1)} s; settled RSS MB (the lowest while waiting): ${r.rssMb.map((p) => `${p.label} ${p.rssMb?.toFixed(1) ?? '?'}`).join(', ')}`,
    );
    return r;
  }

  /** The rule's verdict, and the run's own failures (mismatches, errors, Ctrl-C) with it. */
  #judge(after: SettleResult | null) {
    const s = this.#s;
    const { start, half, end } = this.#marks;
    const halfOf = (from: Mark, to: Mark, ivs: SoakInterval[]): HalfFigures => {
      const lat = intervalLatency(from.ops, to.ops!);
      return {
        p99Ms: lat.answered > 0 ? lat.p99Ms : null,
        answered: lat.answered,
        seconds: ivs.reduce((n, iv) => n + (iv.endMin - iv.startMin) * 60, 0),
        cpuS: cpuBetween(from.cpu, to.cpu),
      };
    };
    // The halves' figures, unless interrupted.
    const halves =
      start && half && end && !this.#stopped
        ? {
            targetRate: this.#rate,
            firstHalf: halfOf(start, half, this.#intervals.slice(0, this.#halfAt)),
            lastHalf: halfOf(half, end, this.#intervals.slice(this.#halfAt)),
          }
        : {};
    const settled =
      s.rule.mode === 'settled' && this.#afterWarmUp !== null && after !== null
        ? {
            before: this.#afterWarmUp.rssMb,
            after: after.rssMb,
            compacted: this.#afterWarmUp.compacted && after.compacted,
            loadMinutes: this.#loadStart > 0 ? (this.#loadEnd - this.#loadStart) / 60_000 : 0,
            ...halves,
          }
        : null;
    const verdict = judge(this.#intervals, [...this.#series.values()], s.rule, settled);
    const totals = this.#intervals.reduce(
      (a, iv) => ({
        requests: a.requests + iv.requests,
        answered: a.answered + iv.requests - iv.errors,
        errors: a.errors + iv.errors,
        mismatches: a.mismatches + iv.mismatches,
      }),
      { requests: 0, answered: 0, errors: 0, mismatches: 0 },
    );
    const reasons = [...verdict.reasons];
    if (totals.mismatches > 0) reasons.push(`${totals.mismatches} answers did not match the model`);
    if (totals.errors > s.maxErrors)
      reasons.push(`${totals.errors} failed calls (tolerated: ${s.maxErrors})`);
    if (this.#stopped) reasons.push('interrupted');
    return { verdict: { ...verdict, pass: reasons.length === 0, reasons }, totals };
  }

  /** What a person reads of the verdict: each process's RSS, the p99, the rate and the CPU. */
  #sayVerdict(verdict: SoakVerdict): void {
    const s = this.#s;
    const isSettled = s.rule.mode === 'settled';
    const f = (v: number | null | undefined, digits: number) => v?.toFixed(digits) ?? '?';
    say(
      isSettled
        ? `RSS per process (MB): mean of each interval; settled rule: growth between the settled readings after the warm-up and after the load (bound ${f(verdict.settledBoundMb, 1)} MB)`
        : 'RSS per process (MB): mean of each interval; slope after the warm-up',
    );
    for (const p of verdict.processes) {
      const growth = p.settledGrowthMb;
      const settledText = isSettled
        ? `settled ${f(p.settledBeforeMb, 1)} -> ${f(p.settledAfterMb, 1)} (${growth == null ? '?' : `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}`}), `
        : '';
      say(
        `  ${p.label.padEnd(20)} ${p.rssPerIntervalMb.map((v) => (v === null ? '?' : v.toFixed(0))).join(' ')}  ${settledText}slope ${f(p.slopeAfterWarmUpMbPerMin, 2)} MB/min (whole run ${f(p.slopeAllMbPerMin, 2)}), peak ${p.peakMb.toFixed(0)}${p.pass ? '' : '  FAIL'}`,
      );
    }
    say(
      `p99 per interval (ms): ${this.#intervals.map((iv) => iv.p99Ms.toFixed(1)).join(' ')}; ${verdict.rate ? `first half ${f(verdict.p99Second, 1)}, last half ${f(verdict.p99Last, 1)}: last / first half` : `last / ${isSettled ? 'first' : 'second'}`} ${f(verdict.p99Ratio, 2)} (${isSettled && s.rule.judgeOn === 'cpu' ? 'recorded, not judged: --judge cpu' : `bound ${(1 + s.rule.maxP99Growth).toFixed(2)}`}); slope ${f(verdict.p99SlopeMsPerMin, 3)} ms/min`,
    );
    if (verdict.rate) {
      const r = verdict.rate;
      say(
        `rate answered (target ${int(r.target)}/s): first half ${int(r.firstHalf)}/s (${(r.firstShare * 100).toFixed(0)}%), last half ${int(r.lastHalf)}/s (${(r.lastShare * 100).toFixed(0)}%); ${
          s.rule.judgeOn === 'cpu'
            ? `needed ${(r.bound * 100).toFixed(0)}% in both (--judge cpu): ${r.held ? 'held' : 'NOT held FAIL'}`
            : `needed ${(r.bound * 100).toFixed(0)}% in both for the p99 halves to be judged: ${r.held ? 'held' : 'NOT held, p99 not judged'}`
        }`,
      );
    }
    if (verdict.cpuTotal) {
      const c = verdict.cpuTotal;
      say(
        `CPU per request of the data path (${c.processes.join(' + ') || 'none'}), first half -> last half: ${f(c.firstUs, 1)} -> ${f(c.lastUs, 1)} us (${c.ratio === null ? '?' : `${c.ratio >= 1 ? '+' : ''}${((c.ratio - 1) * 100).toFixed(0)}%`}; bound +${(s.rule.maxCpuGrowth * 100).toFixed(0)}%)${c.pass ? '' : ' FAIL'}; each: ${verdict.cpu
          .map(
            (p) =>
              `${p.label} ${f(p.firstUs, 1)} -> ${f(p.lastUs, 1)}${p.judged ? '' : ' (off the data path)'}`,
          )
          .join(', ')}`,
      );
    }
    for (const note of verdict.notes) say(`NOTE: ${note}`);
  }
}
