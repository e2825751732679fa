// `bench data`: the case study's data-server stress run. Weighted random V2 requests from
// virtual clients that each own a share of the players, every answer checked, the case study's
// line per operation, the echo ceiling measured in the same run, a JSON result, and with
// --verify the post-verification of every record against the store of record.
import { loadavg } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { ExpectedRecord } from '../data/model.ts';
import { DEFAULT_WEIGHTS, OPS, type OpName } from '../data/operations.ts';
import { defaultSchemaPath, loadGameSchema } from '../data/schema.ts';
import { estimateMessageSizes, type MessageSizes } from '../data/sizes.ts';
import { type VerifyResult, verifyAndReport } from '../data/verify.ts';
import {
  addLedger,
  type DataExtra,
  type DataParams,
  emptyLedger,
  type LedgerCounts,
  ledgerLine,
  type Sample,
  type Seeding,
  seedingOf,
} from '../data/workload.ts';
import { type CeilingResult, ceilingLike, measureCeiling } from '../lib/ceiling.ts';
import { type CpuPerRequest, cpuBesideEcho, cpuTable } from '../lib/cpu-cost.ts';
import { collectEnvironment, type Environment, environmentLine } from '../lib/environment.ts';
import { type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { LoadPool, onInterrupt, type PhaseOptions, type PhaseResult } from '../lib/load-pool.ts';
import {
  describeLoad,
  type LoadSettings,
  loadOptions,
  loadSettingsFrom,
  parseAddress,
  parseDuration,
  parseNonNegativeNumber,
  parsePositiveInt,
  UsageError,
} from '../lib/options.ts';
import { commandLabel } from '../lib/proc.ts';
import { combineUsage, machineLine, UsageSampler } from '../lib/proc-stats.ts';
import { createProgress } from '../lib/progress.ts';
import {
  bytes,
  caseStudyLine,
  int,
  latencyTable,
  type Totals,
  totals,
  totalsLine,
} from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';
import { EchoRounds, medianRatio, pct, type Round } from '../lib/rounds.ts';
import {
  type RuntimeMark,
  runtimeTable,
  type ServerRuntime,
  ServerRuntimeProbe,
} from '../lib/server-metrics.ts';

/** "FetchV2=50,CFetchV2=40,..." over the default mix (operations not named keep their weight). */
export function parseWeights(text: string): Map<OpName, number> {
  const out = new Map(DEFAULT_WEIGHTS);
  for (const part of text.split(',').filter((x) => x.trim())) {
    const m = /^\s*([A-Za-z0-9]+)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m) throw new InvalidArgumentError(`not OP=WEIGHT: ${JSON.stringify(part)}`);
    const op = OPS.find((o) => o.toLowerCase() === m[1]!.toLowerCase());
    if (!op) throw new InvalidArgumentError(`unknown operation ${m[1]} (one of ${OPS.join(', ')})`);
    out.set(op, Number(m[2]));
  }
  if ([...out.values()].every((w) => w === 0)) throw new InvalidArgumentError('every weight is 0');
  return out;
}

/** A run's settings: the load's, the workers' (DataParams but the faults suite's settle time), its own. */
export interface DataSettings extends LoadSettings, Omit<DataParams, 'settleMs'> {
  dbproxy: string | null;
  verify: boolean;
  ceiling: boolean;
  /**
   * --rate auto: `rate` is chosen by a closed-model run of `ceilingDurationMs` first (false, and
   * `rate` as given, otherwise). In a result file, `rate` is the rate chosen.
   */
  rateAuto: boolean;
  ceilingDurationMs: number;
  /** Slices of the run, each between two echo ceiling phases (1: one run, the ceiling before it). */
  rounds: number;
  maxErrors: number;
  /** Each load worker's V8 old generation (MB); 0 = V8's default (no bound). */
  workerHeapMb: number;
}

/**
 * The default bound of a data worker's heap: 64 MB (the code, grpc-js, protobufjs, histograms and
 * a 2-3x margin for garbage) + 8 KB per record of the population it owns (its model: the records,
 * their verified bytes in the memo); measured live: ~30 MB per worker for 1,000 players of 13
 * records over 2 workers.
 */
export function defaultWorkerHeapMb(players: number, members: number, workers: number): number {
  const records = players * (1 + 4 * members);
  return 64 + Math.ceil(((records / Math.max(1, workers)) * 8) / 1024);
}

/** When a ceiling phase ran: 'between' two slices of a run split into rounds. */
export type CeilingAt = 'before' | 'after' | 'between';

/**
 * One slice of the run beside the ceiling phases around it (rates in requests/s; without rounds,
 * the one slice has only the ceiling before it); ratio = dataRate over their mean.
 */
export interface CeilingRound {
  dataRate: number;
  /** Requests sent in the slice, and its length (s). */
  requests: number;
  elapsedS: number;
  ceilingBefore: number | null;
  ceilingAfter: number | null;
  ratio: number | null;
}

type Usage = ReturnType<UsageSampler['stop']>;

/** One pool.run of the data workload: its own counts, and the figures so far. */
interface Slice {
  /** Cumulative since the pool started (the workload's recorders are), but for elapsedS. */
  run: PhaseResult;
  usage: Usage;
  requests: number;
  answered: number;
  elapsedS: number;
}

/** --rate auto: the closed-model capacity measured first, and the open model's rate from it. */
export interface RateAuto extends Pick<Totals, 'elapsedS' | 'requests' | 'errors' | 'mismatches'> {
  /** Answered requests per second of the closed-model run. */
  capacity: number;
  concurrency: number;
  /** The rate the run used: a third of `capacity`, rounded (at least 1). */
  rate: number;
}

/** --rate auto's rate: a third of the closed-model capacity. */
export function autoRate(capacity: number): number {
  return Math.max(1, Math.round(capacity / 3));
}

/** The echo ceiling's load workers hold no model: their heap bound (MB), with the data workers'. */
const ECHO_WORKER_HEAP_MB = 64;

/** The unmeasured echo phase before the first of the rounds' ceiling phases. */
const ECHO_WARM_UP_MS = 2000;

/** The data result file (JSON). */
export interface DataResult {
  schemaVersion: number;
  kind: 'data';
  environment: Environment;
  settings: DataSettings;
  seeding: Seeding;
  /** True when Ctrl-C ended the run early (the figures cover what ran). */
  interrupted: boolean;
  /** Load averages (1, 5, 15 min) right after the measured phase. */
  loadAverageAfter: number[];
  totals: Totals;
  ops: (OpSnapshot & { line: string; percentilesUs: ReturnType<typeof percentiles> })[];
  /** The echo ceiling: its rate (the mean of its measurements) and the run's ratio to it. */
  ceiling: {
    rate: number;
    /** The run's rate / `rate`; with --rounds, the median of the rounds' ratios. */
    ratio: number;
    /** The run's rate / `rate` (equal to `ratio` without rounds). */
    ratioOverall: number;
    requestBytes: number;
    responseBytes: number;
    /** Per slice (one without rounds): its rate, the ceilings around it, their ratio. */
    rounds: CeilingRound[];
    measurements: (Omit<CeilingResult, 'ops'> & { at: CeilingAt })[];
  } | null;
  client: Usage['client'];
  servers: Usage['servers'];
  /** The machine's CPU time over the measured phases, steal included (null: no /proc/stat). */
  machine: Usage['machine'];
  /** CPU per request of each server and of the load generator, beside the echo server's per call. */
  cpuPerRequest: CpuPerRequest;
  /** Per --server-pids process: its GC pauses and event-loop delay in the measured phases. */
  serverMetrics: ServerRuntime[];
  /** --rate auto: the capacity measured and the rate chosen; null otherwise. */
  rateAuto: RateAuto | null;
  mismatchSamples: Sample[];
  errorSamples: Sample[];
  /** Read-backs made by the ledger (each attempt). */
  resyncs: number;
  /** Every write by outcome, and what the read-backs of the unknown ones found (workload.ts). */
  ledger: LedgerCounts;
  /** The lost and phantom writes the read-backs found (up to 100 per worker). */
  ledgerSamples: Sample[];
  verification: VerifyResult | null;
  /** The expected state of every record of the population after the run (read by `verify`). */
  records: ExpectedRecord[];
}

export function targetOptions(): Option[] {
  return [
    new Option('-t, --target <host:port>', 'the data-server to load')
      .env('BENCH_TARGET')
      .argParser(parseAddress)
      .default('127.0.0.1:50052'),
    new Option(
      '--dbproxy <host:port>',
      'db-proxy, for the post-verification to read the store of record directly too',
    )
      .env('BENCH_DBPROXY')
      .argParser(parseAddress),
  ];
}

/** The population's shape: each player's records per collection table, and the first id. */
const MEMBERS = 3;
const FIRST_PLAYER = '1000000';

export function dataCommand(): Command {
  const cmd = new Command('data').description(
    "the case study's data-server stress run: weighted random V2 requests, every answer checked; --verify adds the post-verification",
  );
  for (const o of targetOptions()) cmd.addOption(o);
  for (const o of loadOptions({ duration: '60s', rateAuto: true })) cmd.addOption(o);
  cmd
    .addOption(
      new Option(
        '--players <n>',
        `players seeded before the run (>= --concurrency); ids ${FIRST_PLAYER} on are reset and seeded`,
      )
        .env('BENCH_PLAYERS')
        .argParser(parsePositiveInt)
        .default(1000),
    )
    .addOption(
      new Option('--seed <n>', 'the RNG seed: one seed, one request sequence')
        .env('BENCH_SEED')
        .argParser(parseNonNegativeNumber)
        .default(1),
    )
    .addOption(
      new Option(
        '--weights <list>',
        `operation weights, e.g. FetchV2=50,CFetchV2=40 (default: the case study's mix ${[...DEFAULT_WEIGHTS].map(([k, v]) => `${k}=${v}`).join(',')})`,
      )
        .env('BENCH_WEIGHTS')
        .argParser(parseWeights),
    )
    .option('--verify', 'run the post-verification after the run')
    .option('--no-ceiling', 'skip the echo ceiling')
    .option(
      '--ceiling-duration <time>',
      'length of an echo ceiling phase, and with --rate auto of the closed-model run that measures the capacity',
      '10s',
    )
    .addOption(
      new Option(
        '--rounds <n>',
        "split the run (--duration) into n equal slices, each between two echo ceiling phases of --ceiling-duration (n+1 in all, on one echo server); the ratio is the median of the rounds' (slice rate / mean of its two ceilings). Ignored with --no-ceiling",
      )
        .env('BENCH_ROUNDS')
        .argParser(parsePositiveInt)
        .default(1),
    )
    .option(
      '--max-errors <n>',
      'failed calls tolerated before the exit code says failure',
      parseNonNegativeNumber,
      0,
    )
    .addOption(
      new Option(
        '--worker-heap-mb <n>',
        "each load worker's V8 old generation in MB, which bounds the load generator's memory (default: 64 + 8 KB per record a worker owns; 0: V8's default, unbounded by the bench)",
      )
        .env('BENCH_WORKER_HEAP_MB')
        .argParser(parseNonNegativeNumber),
    )
    .action(async (o: Record<string, unknown>) => {
      process.exitCode = await runData(settingsFrom(o));
    });
  return cmd;
}

function settingsFrom(o: Record<string, unknown>): DataSettings {
  const rateAuto = o.rate === 'auto';
  const load = loadSettingsFrom(rateAuto ? { ...o, rate: undefined } : o);
  const players = o.players as number;
  if (players < load.concurrency) {
    throw new UsageError(
      `--players (${players}) must be >= --concurrency (${load.concurrency}): every virtual client owns players`,
    );
  }
  const seed = o.seed as number;
  if (!Number.isSafeInteger(seed)) throw new UsageError('--seed must be an integer');
  const rounds = o.rounds as number;
  if (rounds > 1 && o.ceiling !== false && load.requests !== null)
    throw new UsageError('--rounds splits --duration: use it without --requests');
  return {
    ...load,
    target: o.target as string,
    dbproxy: (o.dbproxy as string | undefined) ?? null,
    players,
    members: MEMBERS,
    firstPlayer: FIRST_PLAYER,
    seed,
    weights: [...((o.weights as Map<OpName, number> | undefined) ?? DEFAULT_WEIGHTS)],
    schemaPath: defaultSchemaPath,
    verify: o.verify === true,
    ceiling: o.ceiling !== false,
    rateAuto,
    ceilingDurationMs: parseDuration(String(o.ceilingDuration)),
    rounds,
    seedParallel: 32,
    // Mismatches printed as they happen, per worker (all are counted).
    printLimit: 20,
    maxErrors: o.maxErrors as number,
    workerHeapMb:
      (o.workerHeapMb as number | undefined) ?? defaultWorkerHeapMb(players, MEMBERS, load.workers),
  };
}

/** Runs `bench data`; returns the exit code (0 pass, 1 mismatch/verification failure/errors). */
export async function runData(given: DataSettings): Promise<number> {
  let s = given;
  const say = (line: string) => console.log(line);
  const env = collectEnvironment();
  const schema = loadGameSchema(s.schemaPath);
  const sizes = estimateMessageSizes(schema, new Map(s.weights), {
    seed: s.seed,
    members: s.members,
    firstPlayer: BigInt(s.firstPlayer),
  });
  say(
    `bench data: target ${s.target}; ${describeLoad(s)}; ${s.players} players x ${s.members} members; seed ${s.seed}`,
  );
  say(environmentLine(env));
  say(`mix: ${s.weights.map(([k, v]) => `${k}=${v}`).join(', ')}`);
  // --rate auto: the run below is then exactly a run with --rate given that rate.
  let rateAuto: RateAuto | null = null;
  if (s.rateAuto) {
    rateAuto = await measureCapacity(s, say);
    s = { ...s, rate: rateAuto.rate };
  }
  const measured = await measure(s, sizes, say);
  if (measured === null) {
    say('interrupted before the measured run: no result');
    return 130;
  }
  const result = report(s, env, sizes, rateAuto, measured, say);
  const path = writeResult(s.out ?? defaultResultPath('data', env.startedAt), result);
  say(`result: ${showPath(path)}`);
  let failed = judge(s, result, say);
  if (s.verify) {
    say('');
    // Through the run's target and db-proxy, as many calls in flight, the same deadline.
    const v = await verifyAndReport(
      { ...s, schema, records: result.records, printLimit: 50 },
      '',
      say,
    );
    result.verification = v.result;
    writeResult(path, result);
    if (v.failed) failed = true;
  }
  return failed ? 1 : 0;
}

/** The data workload's pool: its workers seed the players, then run the slices. */
function startDataPool(s: DataSettings, label: string): Promise<LoadPool> {
  return LoadPool.start(
    {
      workloadModule: new URL('../data/workload.ts', import.meta.url),
      workers: s.workers,
      concurrency: s.concurrency,
      // The workers' DataParams: the settings are a superset of them.
      params: s satisfies DataParams,
      heapMb: s.workerHeapMb > 0 ? s.workerHeapMb : null,
    },
    createProgress({
      label,
      unit: 'players',
      total: { requests: s.players },
      intervalS: s.progressIntervalS,
      silent: s.quiet,
    }),
  );
}

/** One run of the pool (a closed model without `rate`), with its progress line. */
function runPhase(
  pool: LoadPool,
  s: DataSettings,
  label: string,
  phase: Omit<PhaseOptions, 'progress'>,
): Promise<PhaseResult> {
  const total =
    phase.requests !== null
      ? { requests: phase.requests }
      : { seconds: (phase.durationMs ?? 0) / 1000 };
  return pool.run({
    ...phase,
    progress: createProgress({ label, total, intervalS: s.progressIntervalS, silent: s.quiet }),
  });
}

/**
 * --rate auto: the closed-model capacity, from a run of `ceilingDurationMs` at the configured
 * concurrency on a population of its own (seeded here, then seeded again from a clean slate for
 * the measured run, which is then exactly a run with --rate given).
 */
async function measureCapacity(s: DataSettings, say: (line: string) => void): Promise<RateAuto> {
  say(
    `rate auto: measuring the closed-model capacity first (${s.concurrency} in flight for ${s.ceilingDurationMs / 1000} s, --ceiling-duration), after seeding ${s.players} players...`,
  );
  const pool = await startDataPool(s, 'seeding for the capacity run');
  let run: PhaseResult;
  try {
    run = await runPhase(pool, s, 'capacity', {
      durationMs: s.ceilingDurationMs,
      requests: null,
      rate: null,
    });
  } finally {
    await pool.close();
  }
  const t = totals(run.ops, run.elapsedS);
  if (t.answered === 0)
    throw new Error(
      `--rate auto: the closed-model run answered no request (${int(t.errors)} errors): no rate to choose`,
    );
  const r: RateAuto = {
    capacity: t.rate,
    concurrency: s.concurrency,
    elapsedS: t.elapsedS,
    requests: t.requests,
    errors: t.errors,
    mismatches: t.mismatches,
    rate: autoRate(t.rate),
  };
  say(
    `rate auto: closed-model capacity ${int(r.capacity)} requests/s answered (${s.concurrency} in flight, ${int(r.requests)} requests in ${r.elapsedS.toFixed(1)} s; errors ${int(r.errors)}, mismatches ${int(r.mismatches)}); the open model runs at a third of it: --rate ${r.rate}`,
  );
  return r;
}

/** What the measured phase left: the slices, the echo phases beside them, the seeding. */
interface Measured {
  seeding: Seeding;
  slices: Slice[];
  ceilings: { at: CeilingAt; result: CeilingResult }[];
  /** With --rounds > 1: each slice beside the echo phases around it; null otherwise. */
  rounds: Round[] | null;
  interrupted: boolean;
  loadAverageAfter: number[];
  runtime: ServerRuntimeProbe;
}

/**
 * The seeding and the measured phase: one slice with the echo ceiling before it, or --rounds
 * slices alternated with echo phases. Null when Ctrl-C came first.
 */
async function measure(
  s: DataSettings,
  sizes: MessageSizes,
  say: (line: string) => void,
): Promise<Measured | null> {
  const rounds = s.ceiling ? s.rounds : 1;
  const sliceMs = rounds > 1 ? s.durationMs! / rounds : s.durationMs;
  if (rounds > 1) {
    say(
      `rounds: ${rounds} slices of ${sliceMs! / 1000} s, each between two echo ceiling phases of ${s.ceilingDurationMs / 1000} s after a warm-up of ${ECHO_WARM_UP_MS / 1000} s`,
    );
  }
  const ceilingOptions = ceilingLike(s, {
    durationMs: s.ceilingDurationMs,
    ...sizes,
    heapMb: s.workerHeapMb > 0 ? ECHO_WORKER_HEAP_MB : null,
  });
  const ceilingLine = (r: CeilingResult, label: string) =>
    say(
      `${label}: bare grpc-js echo, ${s.concurrency} in flight, request ${bytes(sizes.requestBytes)} / response ${bytes(sizes.responseBytes)}, ` +
        `${r.elapsedS.toFixed(1)} s: ${int(r.rate)} requests/s (errors ${int(r.errors)})`,
    );
  const ceilings: Measured['ceilings'] = [];
  // Rounds: one echo server and its client for every ceiling phase; else one phase before the run.
  const echo =
    rounds > 1
      ? await EchoRounds.start(ceilingOptions, {
          rounds,
          warmUpMs: ECHO_WARM_UP_MS,
          name: 'data',
          say,
          echoLine: (r, i) => ceilingLine(r, `ceiling ${i + 1}/${rounds + 1}`),
        })
      : undefined;
  if (!echo && s.ceiling) {
    const result = await measureCeiling(ceilingOptions);
    ceilingLine(result, 'ceiling');
    ceilings.push({ at: 'before', result });
  }

  say(`seeding ${s.players} players through ${s.target}...`);
  let pool: LoadPool;
  try {
    pool = await startDataPool(s, 'seeding');
  } catch (err) {
    await echo?.close();
    throw err;
  }
  const seeding = seedingOf(pool.readyInfo);
  say(
    `seeded ${int(seeding.records)} records of ${int(seeding.players)} players in ${seeding.seconds.toFixed(1)} s`,
  );
  // Each server's /metrics, found from its pid (scraped around every measured slice).
  const runtime = await ServerRuntimeProbe.find(s.serverPids);
  // The data workload's figures are cumulative over the pool's runs (its recorders and samples
  // live as long as the pool): a slice's own counts are the differences.
  const slices: Slice[] = [];
  let before = { requests: 0, answered: 0 };
  let loadAverageAfter: number[] = [];
  const runSlice = async (label: string): Promise<number> => {
    const mark: RuntimeMark = await runtime.before();
    const sampler = new UsageSampler(s.serverPids);
    sampler.start();
    const run = await runPhase(pool, s, label, {
      durationMs: sliceMs,
      requests: s.requests,
      rate: s.rate,
    });
    const usage = sampler.stop();
    await runtime.after(mark);
    loadAverageAfter = loadavg().map((x) => Math.round(x * 100) / 100);
    const now = totals(run.ops, run.elapsedS);
    const { elapsedS } = run;
    const answered = now.answered - before.answered;
    slices.push({ run, usage, requests: now.requests - before.requests, answered, elapsedS });
    before = now;
    return elapsedS > 0 ? answered / elapsedS : 0;
  };
  const ctrlC = onInterrupt(() => {
    pool.stop();
    echo?.interrupt();
  });
  try {
    if (echo) await echo.run((i) => runSlice(`data ${i + 1}/${rounds}`));
    else await runSlice('data');
  } finally {
    ctrlC.off();
    await pool.close();
    await echo?.close();
  }
  if (slices.length === 0) return null;
  echo?.ceilings.forEach((result, i) => {
    ceilings.push({ at: i === 0 ? 'before' : i >= slices.length ? 'after' : 'between', result });
  });
  return {
    seeding,
    slices,
    ceilings,
    rounds: echo ? echo.rounds : null,
    interrupted: ctrlC.interrupted(),
    loadAverageAfter,
    runtime,
  };
}

/** The run's rate beside the echo ceiling: the ceiling ratio's line and the result's figures. */
function ceilingFigures(
  m: Measured,
  rate: number,
  sizes: MessageSizes,
  say: (line: string) => void,
): DataResult['ceiling'] {
  const { slices, ceilings } = m;
  const mean = (xs: number[]) => xs.reduce((n, x) => n + x, 0) / xs.length;
  const ceilingRate = mean(ceilings.map((c) => c.result.rate));
  if (!ceilingRate) return null;
  const ratioOverall = rate / ceilingRate;
  const roundOf = (x: Slice, ceilingBefore: number | null, ceilingAfter: number | null) => {
    const dataRate = x.elapsedS > 0 ? x.answered / x.elapsedS : 0;
    const known = [ceilingBefore, ceilingAfter].filter((v): v is number => v !== null);
    const echoRate = known.length ? mean(known) : 0;
    const ratio = echoRate > 0 ? dataRate / echoRate : null;
    const { requests, elapsedS } = x;
    return { dataRate, requests, elapsedS, ceilingBefore, ceilingAfter, ratio };
  };
  const rounds: CeilingRound[] = m.rounds
    ? m.rounds.map((r, i) => roundOf(slices[i]!, r.ceilingBefore, r.ceilingAfter))
    : [roundOf(slices[0]!, ceilingRate, null)];
  const ratio = m.rounds ? medianRatio(rounds) : ratioOverall;
  if (ratio !== null && m.rounds) {
    say(
      `ceiling ratio: ${pct(ratio)} of the echo ceiling (median of the rounds: ${rounds.flatMap((r) => (r.ratio === null ? [] : [pct(r.ratio)])).join(', ')}; over all rounds ${pct(ratioOverall)})`,
    );
  } else if (ratio !== null) {
    say(
      `ceiling ratio: ${pct(ratio)} of the echo ceiling (${int(ceilingRate)} requests/s, measured before the run)`,
    );
  }
  return {
    rate: ceilingRate,
    ratio: ratio ?? 0,
    ratioOverall,
    requestBytes: sizes.requestBytes,
    responseBytes: sizes.responseBytes,
    rounds,
    measurements: ceilings.map(({ at, result: { ops: _, ...rest } }) => ({ at, ...rest })),
  };
}

/** What a person reads of the measured phase, and the result file's content. */
function report(
  s: DataSettings,
  env: Environment,
  sizes: MessageSizes,
  rateAuto: RateAuto | null,
  m: Measured,
  say: (line: string) => void,
): DataResult {
  const { slices, ceilings } = m;
  // The whole run: the last slice's cumulative figures over the slices' summed time.
  const last = slices.at(-1)!.run;
  const ops = last.ops;
  const elapsedS = slices.reduce((n, x) => n + x.elapsedS, 0);
  const usage = slices.length === 1 ? slices[0]!.usage : combineUsage(slices.map((x) => x.usage));
  const extras = last.extras as DataExtra[];
  const t = totals(ops, elapsedS);
  const errorSamples = extras.flatMap((e) => e.errorSamples);
  const saySamples = (samples: Sample[]) => {
    for (const e of samples.slice(0, 5)) say(`  ${e.op} player ${e.player}: ${e.problem}`);
  };

  say('');
  for (const op of ops) say(caseStudyLine(op));
  say('');
  say(`latency in ms (slow = over ${s.slowMs} ms):`);
  say(latencyTable(ops, elapsedS));
  say(totalsLine(t));
  if (s.rate !== null) {
    say(
      `open model: ${int(s.rate)} requests/s intended, ${int(t.rate)} answered per second (${((t.rate / s.rate) * 100).toFixed(1)}%); latency counts from each intended send time`,
    );
  }
  const ceiling = ceilingFigures(m, t.rate, sizes, say);
  say(
    `client: CPU ${(usage.client.cores * 100).toFixed(0)}% of one core (${usage.client.userCpuS.toFixed(1)} s user + ${usage.client.systemCpuS.toFixed(1)} s system over ${usage.client.wallS.toFixed(1)} s), peak RSS ${bytes(usage.client.maxRssBytes)}; load average after the run ${m.loadAverageAfter.join(' ')}`,
  );
  const machine = machineLine(usage.machine, usage.client.wallS);
  if (machine) say(machine);
  for (const srv of usage.servers) {
    say(
      `server pid ${srv.pid} (${srv.name ?? '?'}): CPU ${srv.cores === null ? '?' : `${(srv.cores * 100).toFixed(0)}% of one core`}, peak RSS ${srv.peakRssBytes === null ? '?' : bytes(srv.peakRssBytes)} (VmHWM ${srv.vmHwmBytes === null ? '?' : bytes(srv.vmHwmBytes)})`,
    );
  }
  const cpu = cpuBesideEcho(
    ceilings.map((c) => c.result),
    usage,
    t.requests,
  );
  say(cpuTable(cpu));
  const serverMetrics = m.runtime.results(
    (pid) =>
      cpu.servers.find((x) => x.pid === pid)?.label ??
      commandLabel(pid, usage.servers.find((x) => x.pid === pid)?.name ?? null),
  );
  if (serverMetrics.length > 0) say(runtimeTable(serverMetrics));
  if (t.errors > 0) {
    say(`errors: ${int(t.errors)}; first ones:`);
    saySamples(errorSamples);
  }
  const ledger = extras.reduce((a, e) => addLedger(a, e.ledger), emptyLedger());
  say(ledgerLine(ledger));
  const ledgerSamples = extras.flatMap((e) => e.ledgerSamples);
  saySamples(ledgerSamples);
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: 'data',
    environment: env,
    settings: s,
    seeding: m.seeding,
    interrupted: m.interrupted,
    loadAverageAfter: m.loadAverageAfter,
    totals: t,
    ops: ops.map((op) => ({ ...op, line: caseStudyLine(op), percentilesUs: percentiles(op) })),
    ceiling,
    client: usage.client,
    servers: usage.servers,
    machine: usage.machine,
    cpuPerRequest: cpu,
    serverMetrics,
    rateAuto,
    mismatchSamples: extras.flatMap((e) => e.mismatchSamples),
    errorSamples,
    resyncs: extras.reduce((n, e) => n + e.resyncs, 0),
    ledger,
    ledgerSamples,
    verification: null,
    records: extras.flatMap((e) => e.records),
  };
}

/** The run's own verdict, before any post-verification: true when it failed. */
function judge(s: DataSettings, r: DataResult, say: (line: string) => void): boolean {
  const { totals: t, ledger, rateAuto } = r;
  const fail = (line: string) => {
    say(`FAIL: ${line}`);
    return true;
  };
  let failed = false;
  if (t.mismatches > 0) failed = fail(`${int(t.mismatches)} mismatches`);
  if (rateAuto && rateAuto.mismatches > 0)
    failed = fail(`${int(rateAuto.mismatches)} mismatches in the capacity run (--rate auto)`);
  if (t.errors > s.maxErrors) failed = fail(`${int(t.errors)} errors (tolerated: ${s.maxErrors})`);
  if (ledger.lost + ledger.phantom > 0)
    failed = fail(`${int(ledger.lost)} lost and ${int(ledger.phantom)} phantom writes`);
  // Unsettled writes are checked by the post-verification (any state they may have left);
  // without it, their players could not be read and the run cannot vouch for them.
  if (ledger.unsettled > 0 && !s.verify)
    failed = fail(`${int(ledger.unsettled)} players unreadable (a write's outcome still unknown)`);
  return failed;
}
