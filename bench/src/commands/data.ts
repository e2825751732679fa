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
import { estimateMessageSizes } from '../data/sizes.ts';
import { type VerifyResult, verify } from '../data/verify.ts';
import {
  CHECKPOINT,
  type ClientSequence,
  type DataExtra,
  type DataParams,
  type Sample,
} from '../data/workload.ts';
import { type CeilingResult, measureCeiling } from '../lib/ceiling.ts';
import { collectEnvironment, environmentLine } from '../lib/environment.ts';
import { type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { LoadPool } from '../lib/load-pool.ts';
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
import { UsageSampler } from '../lib/proc-stats.ts';
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
import { printVerification } from './verify.ts';

/** "FetchV2=50,CFetchV2=40,..." over the default mix (operations not named keep their weight). */
export function parseWeights(text: string): Map<OpName, number> {
  const out = new Map(DEFAULT_WEIGHTS);
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z0-9]+)\s*=\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (!m) throw new InvalidArgumentError(`not OP=WEIGHT: ${JSON.stringify(part)}`);
    const op = OPS.find((o) => o.toLowerCase() === m[1]!.toLowerCase());
    if (!op) throw new InvalidArgumentError(`unknown operation ${m[1]} (one of ${OPS.join(', ')})`);
    out.set(op, Number(m[2]));
  }
  if ([...out.values()].every((w) => w === 0)) throw new InvalidArgumentError('every weight is 0');
  return out;
}

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
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^(p50|p75|p90|p99|p99\.9|max)\s*=\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (!m)
      throw new InvalidArgumentError(
        `not PERCENTILE=MS (p50, p75, p90, p99, p99.9, max): ${JSON.stringify(part)}`,
      );
    out[m[1]!] = Number(m[2]);
  }
  return out;
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
      const misses = Object.entries(target)
        .map(([k, boundMs]) => {
          const us = p[PERCENTILE_KEYS[k as keyof typeof PERCENTILE_KEYS]];
          return us / 1000 > boundMs ? `${k} ${(us / 1000).toFixed(2)} ms` : null;
        })
        .filter((x): x is string => x !== null);
      return { op: op.name, pass: misses.length === 0, detail: misses.join(', ') };
    });
}

export interface DataSettings extends LoadSettings {
  target: string;
  dbproxy: string | null;
  players: number;
  members: number;
  firstPlayer: string;
  seed: number;
  weights: [OpName, number][];
  schemaPath: string;
  verify: boolean;
  ceiling: boolean;
  ceilingDurationMs: number;
  ceilingAt: 'before' | 'after' | 'both';
  seedParallel: number;
  printLimit: number;
  maxErrors: number;
  /** Per-operation latency bounds to check, e.g. { p90: 2, p99: 10 } (ms); null = none. */
  latencyTarget: Record<string, number> | null;
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
  const prefixes: RequestSequence['prefixes'] = [];
  for (let k = 0; k < common; k++) {
    const h = createHash('sha256');
    for (const c of sorted) h.update(`${c.client}:${c.checkpoints[k]}\n`);
    prefixes.push({ requestsPerClient: (k + 1) * CHECKPOINT, hash: h.digest('hex') });
  }
  return {
    hash: all.digest('hex'),
    requests,
    prefixes,
    clients: sorted.map(({ client, requests: n, hash }) => ({ client, requests: n, hash })),
  };
}

/** The data result file (JSON). */
export interface DataResult {
  schemaVersion: number;
  kind: 'data';
  environment: ReturnType<typeof collectEnvironment>;
  settings: DataSettings;
  seeding: { players: number; records: number; seconds: number };
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
    ratio: number;
    requestBytes: number;
    responseBytes: number;
    measurements: (Omit<CeilingResult, 'ops'> & { at: 'before' | 'after'; line: string })[];
  } | null;
  client: ReturnType<UsageSampler['stop']>['client'];
  servers: ReturnType<UsageSampler['stop']>['servers'];
  mismatchSamples: Sample[];
  errorSamples: Sample[];
  resyncs: number;
  disabledPlayers: number;
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
  for (const o of loadOptions({ duration: '60s' })) cmd.addOption(o);
  cmd
    .addOption(
      new Option('--players <n>', 'players seeded before the run (>= --concurrency)')
        .env('BENCH_PLAYERS')
        .argParser(parsePositiveInt)
        .default(1000),
    )
    .addOption(
      new Option('--members <n>', 'records per collection table per player at the start')
        .argParser(parsePositiveInt)
        .default(3),
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
    .addOption(
      new Option('--schema <file>', "db-proxy's schema file (the tables)").default(
        defaultSchemaPath,
      ),
    )
    .addOption(new Option('--verify', 'run the post-verification after the run'))
    .addOption(new Option('--no-ceiling', 'skip the echo ceiling'))
    .addOption(
      new Option('--ceiling-duration <time>', 'length of the echo ceiling phase').default('10s'),
    )
    .addOption(
      new Option(
        '--ceiling-at <when>',
        "measure the ceiling before the run, after it, or both (then the ratio uses their mean: the machine's other load may change)",
      )
        .choices(['before', 'after', 'both'])
        .default('before'),
    )
    .addOption(
      new Option('--seed-parallel <n>', 'players seeded in parallel per worker')
        .argParser(parsePositiveInt)
        .default(32),
    )
    .addOption(
      new Option('--print-limit <n>', 'mismatches printed as they happen, per worker')
        .argParser(parseNonNegativeNumber)
        .default(20),
    )
    .addOption(
      new Option('--max-errors <n>', 'failed calls tolerated before the exit code says failure')
        .argParser(parseNonNegativeNumber)
        .default(0),
    )
    .addOption(
      new Option(
        '--latency-target <list>',
        'per-operation latency bounds to report on, e.g. p90=2,p99=10 (ms)',
      ).argParser(parseLatencyTarget),
    )
    .action(async (o: Record<string, unknown>) => {
      process.exitCode = await runData(settingsFrom(o));
    });
  return cmd;
}

function settingsFrom(o: Record<string, unknown>): DataSettings {
  const load = loadSettingsFrom(o);
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
    ceilingDurationMs: parseDuration(String(o.ceilingDuration)),
    ceilingAt: o.ceilingAt as DataSettings['ceilingAt'],
    seedParallel: o.seedParallel as number,
    printLimit: o.printLimit as number,
    maxErrors: o.maxErrors as number,
    latencyTarget: (o.latencyTarget as Record<string, number> | undefined) ?? null,
  };
}

/** Runs `bench data`; returns the exit code (0 pass, 1 mismatch/verification failure/errors). */
export async function runData(s: DataSettings): Promise<number> {
  const env = collectEnvironment();
  const schema = loadGameSchema(s.schemaPath);
  const weights = new Map(s.weights);
  const sizes = estimateMessageSizes(schema, weights, {
    seed: s.seed,
    members: s.members,
    firstPlayer: BigInt(s.firstPlayer),
  });
  const say = (line: string) => console.log(line);
  say(
    `bench data: target ${s.target}; ${describeLoad(s)}; ${s.players} players x ${s.members} members; seed ${s.seed}`,
  );
  say(environmentLine(env));
  say(`mix: ${s.weights.map(([k, v]) => `${k}=${v}`).join(', ')}`);

  const ceilingRun = async (): Promise<CeilingResult> => {
    const r = await measureCeiling({
      workers: s.workers,
      channels: s.channels,
      concurrency: s.concurrency,
      durationMs: s.ceilingDurationMs,
      requestBytes: sizes.requestBytes,
      responseBytes: sizes.responseBytes,
      deadlineMs: s.deadlineMs,
      slowMs: s.slowMs,
      quiet: s.quiet,
      progressIntervalS: s.progressIntervalS,
    });
    say(
      `ceiling: bare grpc-js echo, ${s.concurrency} in flight, request ${bytes(sizes.requestBytes)} / response ${bytes(sizes.responseBytes)}, ` +
        `${(r.elapsedS).toFixed(1)} s: ${int(r.rate)} requests/s (errors ${int(r.errors)})`,
    );
    return r;
  };
  const ceilings: { at: 'before' | 'after'; result: CeilingResult }[] = [];
  if (s.ceiling && s.ceilingAt !== 'after')
    ceilings.push({ at: 'before', result: await ceilingRun() });

  const params: DataParams = {
    target: s.target,
    channels: s.channels,
    deadlineMs: s.deadlineMs,
    schemaPath: s.schemaPath,
    seed: s.seed,
    players: s.players,
    firstPlayer: s.firstPlayer,
    members: s.members,
    concurrency: s.concurrency,
    weights: s.weights,
    slowMs: s.slowMs,
    seedParallel: s.seedParallel,
    printLimit: s.printLimit,
  };
  say(`seeding ${s.players} players through ${s.target}...`);
  const pool = await LoadPool.start(
    {
      workloadModule: new URL('../data/workload.ts', import.meta.url),
      workers: s.workers,
      concurrency: s.concurrency,
      params,
    },
    createProgress({
      label: 'seeding',
      unit: 'players',
      total: { requests: s.players },
      intervalS: s.progressIntervalS,
      silent: s.quiet,
    }),
  );
  const seeding = {
    players: pool.readyInfo.reduce((n, i) => n + (i.players as number), 0),
    records: pool.readyInfo.reduce((n, i) => n + (i.records as number), 0),
    seconds: Math.max(...pool.readyInfo.map((i) => i.seedS as number)),
  };
  say(
    `seeded ${int(seeding.records)} records of ${int(seeding.players)} players in ${seeding.seconds.toFixed(1)} s`,
  );

  let interrupted = 0;
  const onSignal = () => {
    interrupted++;
    if (interrupted === 1) {
      process.stderr.write(
        '\ninterrupted: finishing the requests in flight (Ctrl-C again to abort)\n',
      );
      pool.stop();
    } else {
      process.exit(130);
    }
  };
  process.on('SIGINT', onSignal);
  const sampler = new UsageSampler(s.serverPids);
  let phase: Awaited<ReturnType<LoadPool['run']>>;
  let usage: ReturnType<UsageSampler['stop']>;
  try {
    sampler.start();
    phase = await pool.run({
      durationMs: s.durationMs,
      requests: s.requests,
      rate: s.rate,
      progress: createProgress({
        label: 'data',
        total:
          s.requests !== null ? { requests: s.requests } : { seconds: (s.durationMs ?? 0) / 1000 },
        intervalS: s.progressIntervalS,
        silent: s.quiet,
      }),
    });
    usage = sampler.stop();
  } finally {
    process.off('SIGINT', onSignal);
    await pool.close();
  }
  const loadAverageAfter = loadavg().map((x) => Math.round(x * 100) / 100);
  if (s.ceiling && s.ceilingAt !== 'before')
    ceilings.push({ at: 'after', result: await ceilingRun() });
  const ceilingRate = ceilings.length
    ? ceilings.reduce((n, c) => n + c.result.rate, 0) / ceilings.length
    : null;

  const extras = phase.extras as DataExtra[];
  const t = totals(phase.ops, phase.elapsedS);
  const sequence = requestSequence(
    extras.flatMap((e) => e.clients),
    t.requests,
  );
  const requestBytes = extras.reduce((n, e) => n + e.requestBytes, 0);
  const responseBytes = extras.reduce((n, e) => n + e.responseBytes, 0);
  const responses = extras.reduce((n, e) => n + e.responses, 0);
  const mismatchSamples = extras.flatMap((e) => e.mismatchSamples);
  const errorSamples = extras.flatMap((e) => e.errorSamples);
  const records = extras.flatMap((e) => e.records);

  say('');
  for (const op of phase.ops) say(caseStudyLine(op));
  say('');
  say(`latency in ms (slow = over ${s.slowMs} ms):`);
  say(latencyTable(phase.ops, phase.elapsedS));
  say(totalsLine(t));
  if (s.rate !== null) {
    say(
      `open model: ${int(s.rate)} requests/s intended, ${int(t.rate)} answered per second (${((t.rate / s.rate) * 100).toFixed(1)}%); latency counts from each intended send time`,
    );
  }
  const ratio = ceilingRate ? t.rate / ceilingRate : null;
  if (ceilingRate && ratio !== null) {
    const when = ceilings.map((c) => `${int(c.result.rate)} ${c.at}`).join(', ');
    say(
      `ceiling ratio: ${(ratio * 100).toFixed(1)}% of the echo ceiling (${int(ceilingRate)} requests/s${ceilings.length > 1 ? `, the mean of ${when}` : `, measured ${ceilings[0]!.at} the run`})`,
    );
  }
  const latencyVerdicts = s.latencyTarget ? checkLatencyTarget(phase.ops, s.latencyTarget) : null;
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
    `messages: request ${bytes(Math.round(requestBytes / Math.max(1, t.requests)))} / response ${bytes(Math.round(responseBytes / Math.max(1, responses)))} on average`,
  );
  say(
    `client: CPU ${(usage.client.cores * 100).toFixed(0)}% of one core (${usage.client.userCpuS.toFixed(1)} s user + ${usage.client.systemCpuS.toFixed(1)} s system over ${usage.client.wallS.toFixed(1)} s), peak RSS ${bytes(usage.client.maxRssBytes)}; load average after the run ${loadAverageAfter.join(' ')}`,
  );
  for (const srv of usage.servers) {
    say(
      `server pid ${srv.pid} (${srv.name ?? '?'}): CPU ${srv.cores === null ? '?' : `${(srv.cores * 100).toFixed(0)}% of one core`}, peak RSS ${srv.peakRssBytes === null ? '?' : bytes(srv.peakRssBytes)} (VmHWM ${srv.vmHwmBytes === null ? '?' : bytes(srv.vmHwmBytes)})`,
    );
  }
  const lastPrefix = sequence.prefixes.at(-1);
  say(
    `request sequence: sha256 ${sequence.hash} (${int(t.requests)} requests from ${sequence.clients.length} clients, seed ${s.seed})` +
      (lastPrefix
        ? `; first ${int(lastPrefix.requestsPerClient)} of each client: ${lastPrefix.hash.slice(0, 16)}`
        : ''),
  );
  if (t.errors > 0) {
    say(`errors: ${int(t.errors)}; first ones:`);
    for (const e of errorSamples.slice(0, 5)) say(`  ${e.op} player ${e.player}: ${e.problem}`);
  }
  if (extras.some((e) => e.disabledPlayers > 0)) {
    say(
      `players dropped after a failed read-back: ${extras.reduce((n, e) => n + e.disabledPlayers, 0)}`,
    );
  }

  const result: DataResult = {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: 'data',
    environment: env,
    settings: s,
    seeding,
    interrupted: interrupted > 0,
    loadAverageAfter,
    totals: t,
    ops: phase.ops.map((op) => ({
      ...op,
      line: caseStudyLine(op),
      percentilesUs: percentiles(op),
    })),
    requestSequence: sequence,
    messageSizes: {
      requestMean: requestBytes / Math.max(1, t.requests),
      responseMean: responseBytes / Math.max(1, responses),
      echoRequest: sizes.requestBytes,
      echoResponse: sizes.responseBytes,
    },
    ceiling: ceilingRate
      ? {
          rate: ceilingRate,
          ratio: ratio ?? 0,
          requestBytes: sizes.requestBytes,
          responseBytes: sizes.responseBytes,
          measurements: ceilings.map(({ at, result }) => {
            const { ops, ...rest } = result;
            return { at, ...rest, line: ops[0] ? caseStudyLine(ops[0]) : '' };
          }),
        }
      : null,
    client: usage.client,
    servers: usage.servers,
    mismatchSamples,
    errorSamples,
    resyncs: extras.reduce((n, e) => n + e.resyncs, 0),
    disabledPlayers: extras.reduce((n, e) => n + e.disabledPlayers, 0),
    latencyTarget: latencyVerdicts ? { target: s.latencyTarget!, verdicts: latencyVerdicts } : null,
    verification: null,
    records,
  };
  const path = writeResult(s.out ?? defaultResultPath('data', env.startedAt), result);
  say(`result: ${showPath(path)}`);

  let failed = t.mismatches > 0 || t.errors > s.maxErrors;
  if (t.mismatches > 0) say(`FAIL: ${int(t.mismatches)} mismatches`);
  if (t.errors > s.maxErrors) say(`FAIL: ${int(t.errors)} errors (tolerated: ${s.maxErrors})`);
  if (s.verify) {
    say('');
    say(
      `post-verification of ${int(records.length)} records through ${s.target}${s.dbproxy ? ` and db-proxy ${s.dbproxy}` : ''}...`,
    );
    const v = await verify({
      target: s.target,
      dbproxy: s.dbproxy,
      schema,
      records,
      concurrency: s.concurrency,
      deadlineMs: s.deadlineMs,
      printLimit: 50,
    });
    result.verification = v;
    writeResult(path, result);
    if (printVerification(v, say)) failed = true;
  }
  return failed ? 1 : 0;
}
