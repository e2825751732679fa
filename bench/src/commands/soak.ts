// `bench soak` (`npm run soak`): the data workload for a long time at a steady share
// (--load-fraction, 80%) of the maximum rate (probed, or --max-rate), on the stack it starts,
// watching for what a short run cannot show: memory that keeps growing and latency that drifts.
// It records each interval's p99 and every server process's RSS (sampled each second) and judges
// them by the slope rule, or under 5 minutes by the settled rule (RSS after the services' idle
// compaction, before and after the measured load; its halves judged on the rate held and the CPU
// per request): src/soak/analysis.ts, docs/design/bench.md. Writes JSON and an SVG chart.
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
  parseDuration,
  parseNonNegativeNumber,
  parsePositiveInt,
  UsageError,
} from '../lib/options.ts';
import { cpuSeconds, memoryStatus } from '../lib/proc.ts';
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
  type IntervalFigures,
  intervalLatency,
  judge,
  type RssSeries,
  SETTLED_RULE,
  SLOPE_RULE,
  type SoakVerdict,
} from '../soak/analysis.ts';
import { type ServerProcess, type StartedStack, startStack } from '../soak/stack.ts';
import { defaultWorkerHeapMb } from './data.ts';

/** A soak's settings, checked (the JSON's `settings`). */
export type SoakSettings = ReturnType<typeof soakSettingsFrom>;

export interface SoakInterval extends IntervalFigures {
  p50Ms: number;
  /** Requests answered per second of the interval's wall time. */
  rate: number;
  loadAverage: number[];
}

export interface SettleResult {
  /** Seconds from the end of the load until every service had compacted (or the timeout). */
  waitedS: number;
  /** Whether every service's compaction counter grew in that time. */
  compacted: boolean;
  /**
   * Each process's settled RSS: the lowest of its RSS samples (every 50 ms) from the end of the
   * load until the compaction was seen, i.e. right after the compaction. Read once the compaction
   * was seen, it had grown again by up to 4 MB within a second: the soak's own /metrics polls
   * (every 200 ms) allocate in the idle service (docs/design/bench.md, the soak's rules).
   */
  rssMb: { pid: number; label: string; rssMb: number | null }[];
}

export interface SoakResult {
  schemaVersion: number;
  kind: 'soak';
  environment: Environment;
  settings: SoakSettings;
  /** The rate the target is a share of: --max-rate, or the lowest of the probes' rates. */
  maxRate: { rate: number; probes: number[] };
  targetRate: number;
  seeding: Seeding;
  intervals: SoakInterval[];
  processes: ServerProcess[];
  /** Every RSS sample: minutes since the load began, MB. */
  rss: RssSeries[];
  totals: { requests: number; answered: number; errors: number; mismatches: number };
  verdict: SoakVerdict;
  /** Once the load stopped: each process's RSS after the services compacted. */
  after: SettleResult;
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
    'a long open-model run at a share of the maximum rate on the stack it starts: p99 per interval and each server process RSS, JSON and an SVG chart; pass/fail on the RSS slopes and the p99 (10 minutes), or under 5 minutes on the settled RSS, the rate held and the CPU per request',
  );
  cmd
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
    .addOption(
      new Option(
        '--rule <rule>',
        "slope: each process's RSS slope and the p99 over ten intervals (the 10-minute run); settled: after a warm-up load (a minute, at most half the duration), each process's RSS after the services' idle compaction before and after the load, the rate held and the CPU per request in each half (the short run in CI). Default: settled under 5 minutes",
      ).choices(['slope', 'settled']),
    )
    .option(
      '--max-rate <n>',
      'the maximum rate (requests/s) to take a share of, instead of probing it',
      parseNonNegativeNumber,
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
    .option('--players <n>', 'players seeded before the run', parsePositiveInt, 1000)
    .option('-o, --out <file>', 'the JSON result (the chart: the same path, .svg)')
    .option('-q, --quiet', 'no progress bars')
    .action(async (o: Record<string, unknown>) => {
      process.exitCode = await runSoak(soakSettingsFrom(o));
    });
  return cmd;
}

export function soakSettingsFrom(o: Record<string, unknown>) {
  const durationMs = parseDuration(String(o.duration));
  const settled = (o.rule ?? (durationMs < SETTLED_UNDER_MS ? 'settled' : 'slope')) === 'settled';
  const fraction = o.loadFraction as number;
  if (!(fraction > 0 && fraction <= 1)) throw new UsageError('--load-fraction must be in (0, 1]');
  const players = o.players as number;
  if (players < (o.concurrency as number))
    throw new UsageError('--players must be >= --concurrency: every virtual client owns players');
  const maxRate = (o.maxRate as number | undefined) ?? null;
  if (maxRate !== null && maxRate <= 0) throw new UsageError('--max-rate must be > 0');
  return {
    mysqlUrl: String(o.mysql),
    redisUrl: String(o.redis),
    durationMs,
    /**
     * The measured intervals. Slope rule: ten (the 10-minute run's minutes: two of warm-up, the
     * last one's p99 against the second's). Settled rule: the two halves the rate and the CPU are
     * judged on, each one run of the load (each run's start and drain count against the rate:
     * with 15 s intervals that alone cost a busy machine the rate).
     */
    intervals: settled ? 2 : 10,
    /** The maximum rate given (requests/s); null: measured by a closed-model probe. */
    maxRate,
    /**
     * Settled rule: unmeasured load at the soak's rate before the first settled reading (the
     * heap settling), a minute (CI's 2-minute run) or half a shorter run; 0 under the slope rule,
     * whose warm-up is its first two intervals.
     */
    warmUpMs: settled ? Math.min(60_000, durationMs / 2) : 0,
    loadFraction: fraction,
    concurrency: o.concurrency as number,
    workers: o.workers as number,
    players,
    rule: settled ? SETTLED_RULE : SLOPE_RULE,
    out: (o.out as string | undefined) ?? null,
    quiet: o.quiet === true,
  };
}

/** Runs shorter than this are judged by the settled rule unless --rule says: in 2 minutes the slope rule fails a stack without a leak (V8's old generation steps up once or twice). */
const SETTLED_UNDER_MS = 5 * 60_000;
/** The closed-model probe of the maximum rate (as long as a data run's default). */
const PROBE_MS = 20_000;
/** How often each process's RSS is read. */
const SAMPLE_MS = 1000;
/**
 * After a load, how long to wait for the services' idle compaction: they compact once 5 s pass
 * without a call after a burst (service-kit/src/idle-gc.ts); 60 s leaves a busy machine room.
 */
const SETTLE_TIMEOUT_MS = 60_000;

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
  look();
  return {
    waitedS: (performance.now() - loadEnd) / 1000,
    compacted: done(),
    rssMb: processes.map((p) => ({ pid: p.pid, label: p.label, rssMb: low.get(p.pid) ?? null })),
  };
}

/** Runs the soak on the stack it starts; returns the exit code (0 pass, 1 fail). */
export async function runSoak(s: SoakSettings): Promise<number> {
  const env = collectEnvironment();
  say(environmentLine(env));
  say(
    `starting the stack (scripts/start.ts; db-proxy on ${s.mysqlUrl}, data-server on ${s.redisUrl})...`,
  );
  const t0 = performance.now();
  const stack = await startStack({ mysqlUrl: s.mysqlUrl, redisUrl: s.redisUrl });
  say(`stack up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    return await new Soak(s, env, stack).run();
  } finally {
    await stack.stop();
  }
}

/**
 * One soak against a stack, in phases: seed the players, find the rate (the probes and the
 * warm-up), run the measured intervals while each process's RSS is sampled, wait for the
 * services' compaction, judge, and write the JSON and the chart.
 */
class Soak {
  readonly #s: SoakSettings;
  readonly #env: Environment;
  readonly #stack: StartedStack;
  readonly #processes: ServerProcess[];
  readonly #metricsUrls: string[];
  #pool!: LoadPool;
  /** The pool's cumulative latency at the end of its last run (its figures never reset). */
  #before: OpSnapshot[] | null = null;
  readonly #probes: number[] = [];
  #maxRate = 0;
  #rate = 0;
  #afterWarmUp: SettleResult | null = null;
  readonly #intervals: SoakInterval[] = [];
  readonly #series: Map<number, RssSeries>;
  #loadStart = 0;
  #loadEnd = 0;
  #rssTimer: NodeJS.Timeout | undefined;

  constructor(s: SoakSettings, env: Environment, stack: StartedStack) {
    this.#s = s;
    this.#env = env;
    this.#stack = stack;
    this.#processes = stack.processes();
    this.#metricsUrls = [stack.metrics.dbproxy, stack.metrics.dataServer];
    this.#series = new Map(
      this.#processes.map((p) => [p.pid, { pid: p.pid, label: p.label, samples: [] }]),
    );
  }

  async run(): Promise<number> {
    const s = this.#s;
    say(`server processes: ${this.#processes.map((p) => `${p.label} ${p.pid}`).join(', ')}`);
    const seeding = await this.#seed();
    let compactionsAtLoadEnd: (number | null)[];
    try {
      await this.#findRate();
      compactionsAtLoadEnd = await this.#measureIntervals();
    } finally {
      clearInterval(this.#rssTimer);
      await this.#pool.close();
    }
    const after = await this.#settle('after the load', this.#loadEnd, compactionsAtLoadEnd);
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
      maxRate: { rate: this.#maxRate, probes: this.#probes },
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
        title: `soak ${this.#env.startedAt}: ${int(this.#rate)} req/s (${(s.loadFraction * 100).toFixed(0)}% of ${int(this.#maxRate)}), ${this.#env.cores} cores, load ${this.#intervals.at(-1)?.loadAverage[0] ?? '?'}`,
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
          ? 'PASS (p99 not judged: see NOTE above)'
          : 'PASS'
        : `FAIL: ${verdict.reasons.join('; ')}`,
    );
    return verdict.pass ? 0 : 1;
  }

  /** Seeds the players: the pool's workers each seed theirs. */
  async #seed(): Promise<Seeding> {
    const s = this.#s;
    const target = this.#stack.dataServer;
    // The data run's defaults; the stack is the soak's own (its database and key prefix), so the
    // players' ids collide with no other run's.
    const params: DataParams = {
      target,
      channels: 2,
      deadlineMs: 10_000,
      schemaPath: defaultSchemaPath,
      seed: 1,
      players: s.players,
      firstPlayer: '1000000',
      members: 3,
      concurrency: s.concurrency,
      weights: [...DEFAULT_WEIGHTS],
      slowMs: 200,
      seedParallel: 32,
      printLimit: 5,
    };
    say(`seeding ${s.players} players through ${target}...`);
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

  /** A closed-model probe of the maximum rate: its rate joins the probes'. */
  async #probe(label: string): Promise<void> {
    const { run, own } = await this.#runPool(label, PROBE_MS, null, 5);
    const rate = own.answered / run.elapsedS;
    this.#probes.push(rate);
    say(
      `${label === 'probe' ? 'maximum rate' : 'maximum rate again, after the warm-up'}: ${int(rate)} requests/s (closed model, ${this.#s.concurrency} in flight, ${PROBE_MS / 1000} s, ${int(own.errors)} errors; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')})`,
    );
  }

  /**
   * The rate: a share of the maximum, probed (or given); then, under the settled rule, the
   * unmeasured warm-up at it, a second probe (the lower of the two is taken) and the RSS settled
   * after the warm-up load.
   */
  async #findRate(): Promise<void> {
    const s = this.#s;
    const setRate = () => {
      this.#maxRate = s.maxRate ?? Math.min(...this.#probes);
      this.#rate = this.#maxRate * s.loadFraction;
    };
    if (s.maxRate === null) await this.#probe('probe');
    else say(`maximum rate: ${int(s.maxRate)} requests/s (--max-rate)`);
    setRate();
    if (!(this.#rate > 0))
      throw new Error('the maximum rate measured is 0: is the data-server answering?');
    say(
      `soak: open model at ${int(this.#rate)} requests/s (${(s.loadFraction * 100).toFixed(0)}% of the maximum), ${s.intervals} intervals of ${s.durationMs / s.intervals / 1000} s`,
    );
    if (s.warmUpMs === 0) return;
    const w = await this.#runPool('warm-up', s.warmUpMs, this.#rate, 30);
    say(
      `warm-up: ${(s.warmUpMs / 1000).toFixed(0)} s at that rate, not measured (answered ${int(w.own.answered / w.run.elapsedS)}/s)`,
    );
    if (s.maxRate === null) {
      // The first probe may have met a quieter moment than the load that follows: probe again
      // now that the heap has settled, and take the lower (docs/design/bench.md, the soak's rules).
      await this.#probe('re-probe');
      setRate();
      say(
        `soak: open model at ${int(this.#rate)} requests/s (${(s.loadFraction * 100).toFixed(0)}% of the lower probe, ${int(this.#maxRate)})`,
      );
    }
    this.#afterWarmUp = await this.#settle('after the warm-up', performance.now());
  }

  /** Each process's CPU seconds so far. */
  #cpu() {
    return this.#processes.map((p) => ({ pid: p.pid, cpuS: cpuSeconds(p.pid) }));
  }

  /** Appends every process's RSS now to its series (minutes since the load began, MB). */
  #sampleRss(): void {
    const x = (performance.now() - this.#loadStart) / 60_000;
    for (const p of this.#processes) {
      const v = rssMb(p.pid);
      if (v !== null) this.#series.get(p.pid)!.samples.push({ x, y: v });
    }
  }

  /**
   * The measured load: intervals at the rate, each process's RSS sampled meanwhile. Returns the
   * services' compaction counts at its end (read then: a service compacts 5 s after it).
   */
  async #measureIntervals(): Promise<(number | null)[]> {
    const s = this.#s;
    const n = s.intervals;
    this.#loadStart = performance.now();
    this.#sampleRss();
    this.#rssTimer = setInterval(() => this.#sampleRss(), SAMPLE_MS);
    for (let i = 0; i < n; i++) {
      const startMin = (performance.now() - this.#loadStart) / 60_000;
      const cpuBefore = this.#cpu();
      const ms = s.durationMs / n;
      const { own } = await this.#runPool(`interval ${i + 1}/${n}`, ms, this.#rate, 30);
      const endMin = (performance.now() - this.#loadStart) / 60_000;
      const load = loadavg().map((x) => Math.round(x * 100) / 100);
      const { answered, ...lat } = own;
      const iv: SoakInterval = {
        index: i + 1,
        startMin,
        endMin,
        requests: answered + lat.errors,
        ...lat,
        cpuS: cpuBetween(cpuBefore, this.#cpu()),
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
    this.#loadEnd = performance.now();
    return Promise.all(this.#metricsUrls.map(compactions));
  }

  /** settle() after a load that ended at `loadEnd` (the compactions then: `before`, else now). */
  async #settle(when: string, loadEnd: number, before?: (number | null)[]): Promise<SettleResult> {
    before ??= await Promise.all(this.#metricsUrls.map(compactions));
    const r = await settle(this.#metricsUrls, before, this.#processes, SETTLE_TIMEOUT_MS, loadEnd);
    say(
      `${when}: ${r.compacted ? 'every service compacted' : 'NOT every service compacted'} within ${r.waitedS.toFixed(1)} s; settled RSS MB (the lowest while waiting): ${r.rssMb.map((p) => `${p.label} ${p.rssMb?.toFixed(1) ?? '?'}`).join(', ')}`,
    );
    return r;
  }

  /** The rule's verdict, and the run's own failures (mismatches, errors) with it. */
  #judge(after: SettleResult) {
    const s = this.#s;
    const settled =
      s.rule.mode === 'settled' && this.#afterWarmUp
        ? {
            before: this.#afterWarmUp.rssMb,
            after: after.rssMb,
            compacted: this.#afterWarmUp.compacted && after.compacted,
            loadMinutes: (this.#loadEnd - this.#loadStart) / 60_000,
            targetRate: this.#rate,
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
    if (totals.errors > 0) reasons.push(`${totals.errors} failed calls`);
    return { verdict: { ...verdict, pass: reasons.length === 0, reasons }, totals };
  }

  /** What a person reads of the verdict: each process's RSS, the p99, the rate and the CPU. */
  #sayVerdict(verdict: SoakVerdict): void {
    const isSettled = this.#s.rule.mode === 'settled';
    const f = (v: number | null | undefined, digits: number) => v?.toFixed(digits) ?? '?';
    say(
      isSettled
        ? `RSS per process (MB): growth between the settled readings after the warm-up and after the load (bound ${f(verdict.settledBoundMb, 1)} MB); slope`
        : 'RSS per process (MB): slope after the warm-up',
    );
    for (const p of verdict.processes) {
      const growth = p.settledGrowthMb;
      const settledText = isSettled
        ? `settled ${f(p.settledBeforeMb, 1)} -> ${f(p.settledAfterMb, 1)} (${growth == null ? '?' : `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}`}), `
        : '';
      say(
        `  ${p.label.padEnd(20)} ${settledText}slope ${f(p.slopeAfterWarmUpMbPerMin, 2)} MB/min, peak ${p.peakMb.toFixed(0)}${p.pass ? '' : '  FAIL'}`,
      );
    }
    say(
      `p99 per interval (ms): ${this.#intervals.map((iv) => iv.p99Ms.toFixed(1)).join(' ')}; ${isSettled ? `first half ${f(verdict.p99Second, 1)}, last half ${f(verdict.p99Last, 1)}: last / first half` : 'last / second'} ${f(verdict.p99Ratio, 2)} (${isSettled ? 'recorded, not judged' : `bound ${(1 + this.#s.rule.maxP99Growth).toFixed(2)}`})`,
    );
    const r = verdict.rate;
    if (r)
      say(
        `rate answered (target ${int(r.target)}/s): first half ${int(r.firstHalf)}/s (${(r.firstShare * 100).toFixed(0)}%), last half ${int(r.lastHalf)}/s (${(r.lastShare * 100).toFixed(0)}%); needed ${(r.bound * 100).toFixed(0)}% in both: ${r.held ? 'held' : 'NOT held FAIL'}`,
      );
    const c = verdict.cpuTotal;
    if (c)
      say(
        `CPU per request of the data path (${c.processes.join(' + ') || 'none'}), first half -> last half: ${f(c.firstUs, 1)} -> ${f(c.lastUs, 1)} us (${c.ratio === null ? '?' : `${c.ratio >= 1 ? '+' : ''}${((c.ratio - 1) * 100).toFixed(0)}%`}; bound +${(this.#s.rule.maxCpuGrowth * 100).toFixed(0)}%)${c.pass ? '' : ' FAIL'}`,
      );
    for (const note of verdict.notes) say(`NOTE: ${note}`);
  }
}
