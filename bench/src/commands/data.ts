// `bench data`: the case study's data-server stress run. Weighted random V2 requests from
// virtual clients that each own a share of the players, every answer checked, the case study's
// line per operation, the echo ceiling measured in the same run, a JSON result, and with
// --verify the post-verification of every record against the store of record.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { ExpectedRecord } from '../data/model.ts';
import { DEFAULT_WEIGHTS, OPS, type OpName } from '../data/operations.ts';
import { defaultSchemaPath, loadGameSchema } from '../data/schema.ts';
import { estimateMessageSizes, type MessageSizes } from '../data/sizes.ts';
import { type VerifyResult, verifyAndReport } from '../data/verify.ts';
import {
  addLedger,
  CHECKPOINT,
  type ClientSequence,
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

/** "K=V,K=V" as [K, V] pairs: each part must match `key`=number (else the error names `format`). */
function parsePairs(text: string, key: string, format: string): [string, number][] {
  const pattern = new RegExp(`^(${key})\\s*=\\s*(\\d+(?:\\.\\d+)?)$`);
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const m = pattern.exec(part);
      if (!m) throw new InvalidArgumentError(`not ${format}: ${JSON.stringify(part)}`);
      return [m[1]!, Number(m[2])];
    });
}

/** "FetchV2=50,CFetchV2=40,..." over the default mix (operations not named keep their weight). */
export function parseWeights(text: string): Map<OpName, number> {
  const out = new Map(DEFAULT_WEIGHTS);
  for (const [name, weight] of parsePairs(text, '[A-Za-z0-9]+', 'OP=WEIGHT')) {
    const op = OPS.find((o) => o.toLowerCase() === name.toLowerCase());
    if (!op) throw new InvalidArgumentError(`unknown operation ${name} (one of ${OPS.join(', ')})`);
    out.set(op, weight);
  }
  if ([...out.values()].every((w) => w === 0)) throw new InvalidArgumentError('every weight is 0');
  return out;
}

/** The percentiles a latency target may bound, and their names in `percentiles()`. */
const PERCENTILE_KEYS = {
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p99: 'p99',
  'p99.9': 'p999',
  max: 'max',
} as const;

/** "p90=2,p99=10" as { p90: 2, p99: 10 } (milliseconds). */
export function parseLatencyTarget(text: string): Record<string, number> {
  const names = Object.keys(PERCENTILE_KEYS);
  const key = names.map((k) => k.replace('.', '\\.')).join('|');
  return Object.fromEntries(parsePairs(text, key, `PERCENTILE=MS (${names.join(', ')})`));
}

export interface LatencyVerdict {
  op: string;
  pass: boolean;
  detail: string;
}

/** Each operation with answers against the bounds (an operation without answers is not judged). */
export function checkLatencyTarget(
  ops: readonly OpSnapshot[],
  target: Record<string, number>,
): LatencyVerdict[] {
  return ops
    .filter((op) => op.count > 0)
    .map((op) => {
      const p = percentiles(op);
      const misses = Object.entries(target).flatMap(([k, boundMs]) => {
        const ms = p[PERCENTILE_KEYS[k as keyof typeof PERCENTILE_KEYS]] / 1000;
        return ms > boundMs ? [`${k} ${ms.toFixed(2)} ms`] : [];
      });
      return { op: op.name, pass: misses.length === 0, detail: misses.join(', ') };
    });
}

/** A run's settings: the load's, the workers' (DataParams but the settle times, the faults suite's), its own. */
export interface DataSettings
  extends LoadSettings,
    Omit<DataParams, 'settleMs' | 'settleMarginMs'> {
  dbproxy: string | null;
  verify: boolean;
  ceiling: boolean;
  /**
   * --rate auto: `rate` is chosen by a closed-model run of `capacityDurationMs` first (false, and
   * `rate` as given, otherwise). In a result file, `rate` is the rate chosen.
   */
  rateAuto: boolean;
  capacityDurationMs: number;
  ceilingDurationMs: number;
  ceilingAt: 'before' | 'after' | 'both';
  /** Slices of the run, each between two echo ceiling phases (1: one run, --ceiling-at). */
  rounds: number;
  maxErrors: number;
  /** Per-operation latency bounds to check, e.g. { p90: 2, p99: 10 } (ms); null = none. */
  latencyTarget: Record<string, number> | null;
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

/**
 * What the run sent, as hashes: `hash` covers every request of every client (equal for two
 * runs with one seed and one request count); `prefixes` cover the first n x 64 requests of
 * every client (comparable between two timed runs, which send different counts).
 */
export interface RequestSequence {
  hash: string;
  requests: number;
  prefixes: { requestsPerClient: number; hash: string }[];
  /** Per client: its request count and hash (its checkpoints are folded into `prefixes`). */
  clients: Omit<ClientSequence, 'checkpoints'>[];
}

export function requestSequence(clients: ClientSequence[], requests: number): RequestSequence {
  const sorted = [...clients].sort((a, b) => a.client - b.client);
  const all = createHash('sha256');
  for (const c of sorted) all.update(`${c.client}:${c.requests}:${c.hash}\n`);
  const common = Math.min(...sorted.map((c) => c.checkpoints.length));
  const prefixes = Array.from({ length: common }, (_, k) => {
    const h = createHash('sha256');
    for (const c of sorted) h.update(`${c.client}:${c.checkpoints[k]}\n`);
    return { requestsPerClient: (k + 1) * CHECKPOINT, hash: h.digest('hex') };
  });
  return {
    hash: all.digest('hex'),
    requests,
    prefixes,
    clients: sorted.map(({ client, requests: n, hash }) => ({ client, requests: n, hash })),
  };
}

/** When a ceiling phase ran: 'between' two slices of a run split into rounds. */
export type CeilingAt = 'before' | 'after' | 'between';

/**
 * One slice of the run beside the ceiling phases around it (rates in requests/s; a side is
 * null only without rounds, when --ceiling-at left it out); ratio = dataRate over their mean.
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
  requestSequence: RequestSequence;
  messageSizes: {
    requestMean: number;
    responseMean: number;
    echoRequest: number;
    echoResponse: number;
  };
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
    measurements: (Omit<CeilingResult, 'ops'> & { at: CeilingAt; line: string })[];
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
  latencyTarget: { target: Record<string, number>; verdicts: LatencyVerdict[] } | null;
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

export function dataCommand(): Command {
  const cmd = new Command('data').description(
    "the case study's data-server stress run: weighted random V2 requests, every answer checked; --verify adds the post-verification",
  );
  for (const o of targetOptions()) cmd.addOption(o);
  for (const o of loadOptions({ duration: '60s', rateAuto: true })) cmd.addOption(o);
  cmd
    .addOption(
      new Option('--players <n>', 'players seeded before the run (>= --concurrency)')
        .env('BENCH_PLAYERS')
        .argParser(parsePositiveInt)
        .default(1000),
    )
    .option(
      '--members <n>',
      'records per collection table per player at the start',
      parsePositiveInt,
      3,
    )
    .addOption(
      new Option(
        '--first-player <id>',
        'the first player id (ids first..first+players-1 are reset and seeded)',
      )
        .env('BENCH_FIRST_PLAYER')
        .default('1000000'),
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
    .option('--schema <file>', "db-proxy's schema file (the tables)", defaultSchemaPath)
    .option('--verify', 'run the post-verification after the run')
    .option('--no-ceiling', 'skip the echo ceiling')
    .option('--ceiling-duration <time>', 'length of the echo ceiling phase', '10s')
    .option(
      '--capacity-duration <time>',
      'with --rate auto: length of the closed-model run that measures the capacity',
      '10s',
    )
    .addOption(
      new Option(
        '--ceiling-at <when>',
        "measure the ceiling before the run, after it, or both (then the ratio uses their mean: the machine's other load may change); ignored with --rounds > 1",
      )
        .choices(['before', 'after', 'both'])
        .default('before'),
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
    .option('--seed-parallel <n>', 'players seeded in parallel per worker', parsePositiveInt, 32)
    .option(
      '--print-limit <n>',
      'mismatches printed as they happen, per worker',
      parseNonNegativeNumber,
      20,
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
    .option(
      '--latency-target <list>',
      'per-operation latency bounds to report on, e.g. p90=2,p99=10 (ms)',
      parseLatencyTarget,
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
  let first: bigint;
  try {
    first = BigInt(String(o.firstPlayer));
  } catch {
    throw new UsageError(`--first-player: not an integer: ${String(o.firstPlayer)}`);
  }
  if (first < 1n || first + BigInt(players) > (1n << 63n) - 1n)
    throw new UsageError('--first-player out of range');
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
    members: o.members as number,
    firstPlayer: first.toString(),
    seed,
    weights: [...((o.weights as Map<OpName, number> | undefined) ?? DEFAULT_WEIGHTS)],
    schemaPath: o.schema as string,
    verify: o.verify === true,
    ceiling: o.ceiling !== false,
    rateAuto,
    capacityDurationMs: parseDuration(String(o.capacityDuration ?? '10s')),
    ceilingDurationMs: parseDuration(String(o.ceilingDuration)),
    ceilingAt: o.ceilingAt as DataSettings['ceilingAt'],
    rounds,
    seedParallel: o.seedParallel as number,
    printLimit: o.printLimit as number,
    maxErrors: o.maxErrors as number,
    latencyTarget: (o.latencyTarget as Record<string, number> | undefined) ?? null,
    workerHeapMb:
      (o.workerHeapMb as number | undefined) ??
      defaultWorkerHeapMb(players, o.members as number, load.workers),
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
  say(
    s.workerHeapMb > 0
      ? `load workers' heap: ${s.workerHeapMb} MB each (--worker-heap-mb)`
      : "load workers' heap: V8's default (--worker-heap-mb 0)",
  );
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
 * --rate auto: the closed-model capacity, from a run of `capacityDurationMs` at the configured
 * concurrency on a population of its own (seeded here, then seeded again from a clean slate for
 * the measured run, which is then exactly a run with --rate given).
 */
async function measureCapacity(s: DataSettings, say: (line: string) => void): Promise<RateAuto> {
  say(
    `rate auto: measuring the closed-model capacity first (${s.concurrency} in flight for ${s.capacityDurationMs / 1000} s, --capacity-duration), after seeding ${s.players} players...`,
  );
  const pool = await startDataPool(s, 'seeding for the capacity run');
  let run: PhaseResult;
  try {
    run = await runPhase(pool, s, 'capacity', {
      durationMs: s.capacityDurationMs,
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
 * The seeding and the measured phase: one slice, with the echo ceiling before and/or after it
 * (--ceiling-at), or --rounds slices alternated with echo phases. Null when Ctrl-C came first.
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
      `rounds: ${rounds} slices of ${sliceMs! / 1000} s, each between two echo ceiling phases of ${s.ceilingDurationMs / 1000} s after a warm-up of ${ECHO_WARM_UP_MS / 1000} s (--ceiling-at is ignored)`,
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
  // Without rounds: one echo ceiling phase before and/or after the run (--ceiling-at).
  const ceilingPhase = async (at: 'before' | 'after') => {
    if (rounds > 1 || !s.ceiling || (s.ceilingAt !== 'both' && s.ceilingAt !== at)) return;
    const result = await measureCeiling(ceilingOptions);
    ceilingLine(result, 'ceiling');
    ceilings.push({ at, result });
  };
  // Rounds: one echo server and its client for every ceiling phase.
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
  await ceilingPhase('before');

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
  // The data workload's figures are cumulative over the pool's runs (its recorders, request
  // hashes and samples live as long as the pool): a slice's own counts are the differences.
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
  await ceilingPhase('after');
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
  const rateAt = (at: CeilingAt) => ceilings.find((c) => c.at === at)?.result.rate ?? null;
  const rounds: CeilingRound[] = m.rounds
    ? m.rounds.map((r, i) => roundOf(slices[i]!, r.ceilingBefore, r.ceilingAfter))
    : [roundOf(slices[0]!, rateAt('before'), rateAt('after'))];
  const ratio = m.rounds ? medianRatio(rounds) : ratioOverall;
  if (ratio !== null && m.rounds) {
    say(
      `ceiling ratio: ${pct(ratio)} of the echo ceiling (median of the rounds: ${rounds.flatMap((r) => (r.ratio === null ? [] : [pct(r.ratio)])).join(', ')}; over all rounds ${pct(ratioOverall)})`,
    );
  } else if (ratio !== null) {
    const when = ceilings.map((c) => `${int(c.result.rate)} ${c.at}`).join(', ');
    say(
      `ceiling ratio: ${(ratio * 100).toFixed(1)}% of the echo ceiling (${int(ceilingRate)} requests/s${ceilings.length > 1 ? `, the mean of ${when}` : `, measured ${ceilings[0]!.at} the run`})`,
    );
  }
  return {
    rate: ceilingRate,
    ratio: ratio ?? 0,
    ratioOverall,
    requestBytes: sizes.requestBytes,
    responseBytes: sizes.responseBytes,
    rounds,
    measurements: ceilings.map(({ at, result: { ops, ...rest } }) => ({
      at,
      ...rest,
      line: ops[0] ? caseStudyLine(ops[0]) : '',
    })),
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
  const sequence = requestSequence(
    extras.flatMap((e) => e.clients),
    t.requests,
  );
  const sum = (f: (e: DataExtra) => number) => extras.reduce((n, e) => n + f(e), 0);
  const requestMean = sum((e) => e.requestBytes) / Math.max(1, t.requests);
  const responseMean =
    sum((e) => e.responseBytes) /
    Math.max(
      1,
      sum((e) => e.responses),
    );
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
  const latencyVerdicts = s.latencyTarget ? checkLatencyTarget(ops, s.latencyTarget) : null;
  if (latencyVerdicts) {
    const failing = latencyVerdicts.filter((v) => !v.pass);
    say(
      `latency target ${Object.entries(s.latencyTarget!)
        .map(([k, v]) => `${k} <= ${v} ms`)
        .join(', ')}: ` +
        (failing.length === 0
          ? 'met by every operation'
          : `missed by ${failing.map((v) => `${v.op} (${v.detail})`).join(', ')}`),
    );
  }
  say(
    `messages: request ${bytes(Math.round(requestMean))} / response ${bytes(Math.round(responseMean))} on average`,
  );
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
  const lastPrefix = sequence.prefixes.at(-1);
  say(
    `request sequence: sha256 ${sequence.hash} (${int(t.requests)} requests from ${sequence.clients.length} clients, seed ${s.seed})` +
      (lastPrefix
        ? `; first ${int(lastPrefix.requestsPerClient)} of each client: ${lastPrefix.hash.slice(0, 16)}`
        : ''),
  );
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
    requestSequence: sequence,
    messageSizes: {
      requestMean,
      responseMean,
      echoRequest: sizes.requestBytes,
      echoResponse: sizes.responseBytes,
    },
    ceiling,
    client: usage.client,
    servers: usage.servers,
    machine: usage.machine,
    cpuPerRequest: cpu,
    serverMetrics,
    rateAuto,
    mismatchSamples: extras.flatMap((e) => e.mismatchSamples),
    errorSamples,
    resyncs: sum((e) => e.resyncs),
    ledger,
    ledgerSamples,
    latencyTarget: latencyVerdicts ? { target: s.latencyTarget!, verdicts: latencyVerdicts } : null,
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
