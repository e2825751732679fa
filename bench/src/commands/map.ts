// `bench map`: map-server's viewport queries beside the echo ceiling.
// Seeds a world (players in data-server, a city each through PlaceCity), measures the mean size
// of a viewport answer, then loads QueryViewport (random rectangles, every answer decoded and
// checked) in rounds alternating with a bare grpc-js echo whose response is that size: each
// round's ratio is its viewport rate over the mean of the two echo phases around it, the run's
// the median of the rounds'. Prints the table, CPU per request of --server-pids, peak RSS, and
// writes the JSON.
import { loadavg } from 'node:os';
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import { Command, InvalidArgumentError, Option } from 'commander';
import { type CeilingResult, ceilingLike } from '../lib/ceiling.ts';
import { cpuBesideEcho, cpuTable } from '../lib/cpu-cost.ts';
import { collectEnvironment, environmentLine } from '../lib/environment.ts';
import { mergeSnapshots, type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { LoadPool, onInterrupt } from '../lib/load-pool.ts';
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
import { combineUsage, machineLine, STEAL_FLAG_SHARE, UsageSampler } from '../lib/proc-stats.ts';
import { createProgress } from '../lib/progress.ts';
import { bytes, caseStudyLine, int, median, ms, table, totals } from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';
import { EchoRounds, medianRatio, pct, type Round } from '../lib/rounds.ts';
import { type ArrivalSearch, cpuLine, searchArrivalRate } from '../map/arrival-search.ts';
import {
  lagQuantileBound,
  type MarchStart,
  type SettleSnapshot,
  scrapeSettle,
  settleDelta,
  startMarches,
  sumDeltas,
} from '../map/arrivals.ts';
import { BENCH_TROOPS, checkSeeded, type SeedResult, seedWorld } from '../map/seed.ts';
import type { ViewportCounts } from '../map/viewport-check.ts';
import type { ViewportExtra, ViewportParams } from '../map/viewport-workload.ts';

export interface MapSettings extends LoadSettings {
  target: string;
  dataServer: string;
  cities: number;
  firstPlayer: number;
  seed: number;
  viewWidth: number;
  viewHeight: number;
  rounds: number;
  ceilingDurationMs: number;
  warmUpMs: number;
  seedParallel: number;
  /** Skip seeding: the world holds the bench's cities from an earlier run. */
  seeded: boolean;
  printLimit: number;
  maxErrors: number;
  marches: number;
  marchRadius: number;
  metricsUrl: string | null;
  /** The arrival rates to try, in increasing order (null: no search). */
  arrivalRates: number[] | null;
  arrivalWindowMs: number;
  /** The viewport load beside the arrivals, as a fraction of the rate the rounds measured. */
  viewportFraction: number;
}

/** "30x20" as [30, 20]. */
export function parseView(text: string): [number, number] {
  const m = /^(\d+)\s*x\s*(\d+)$/i.exec(text.trim());
  const w = Number(m?.[1]);
  const h = Number(m?.[2]);
  if (!m || w < 1 || h < 1)
    throw new InvalidArgumentError(`not WIDTHxHEIGHT in tiles: ${JSON.stringify(text)}`);
  return [w, h];
}

/** One phase (a slice of the viewport load or an echo phase): its rate and counts. */
interface PhaseFigures {
  rate: number;
  requests: number;
  elapsedS: number;
}

export function mapCommand(): Command {
  const cmd = new Command('map').description(
    "map-server's viewport queries (QueryViewport at random positions, every answer checked) beside the echo ceiling with the answers' mean size, in alternating rounds",
  );
  cmd
    .addOption(
      new Option('-t, --target <host:port>', 'the map-server to load')
        .env('BENCH_MAP_TARGET')
        .argParser(parseAddress)
        .default('127.0.0.1:50053'),
    )
    .addOption(
      new Option(
        '--dataserver <host:port>',
        "map-server's data-server (the bench creates its players there)",
      )
        .env('BENCH_DATASERVER')
        .argParser(parseAddress)
        .default('127.0.0.1:50052'),
    )
    .addOption(
      new Option('--cities <n>', 'players created and cities placed before the load')
        .env('BENCH_MAP_CITIES')
        .argParser(parsePositiveInt)
        .default(2000),
    )
    .option(
      '--first-player <id>',
      "player ids first..first+cities-1 are the bench's (created if missing, kept if there)",
      parsePositiveInt,
      800_000_000,
    )
    .addOption(
      new Option('--seed <n>', 'the RNG seed (city points, viewport positions)')
        .env('BENCH_SEED')
        .argParser(parseNonNegativeNumber)
        .default(1),
    )
    .option('--view <WxH>', 'viewport size in tiles', parseView, [30, 20])
    .option(
      '--rounds <n>',
      "slices of --duration, each between two echo ceiling phases (n+1 in all); the ratio is the median of the rounds'",
      parsePositiveInt,
      3,
    )
    .option('--ceiling-duration <time>', 'length of each echo ceiling phase', '5s')
    .option(
      '--warm-up <time>',
      "unmeasured load on each side before the first round (the viewport warm-up's answers set the echo's response size)",
      '2s',
    )
    .option('--seed-parallel <n>', 'players and cities created in parallel', parsePositiveInt, 32)
    .option(
      '--seeded',
      "reuse a world an earlier run seeded with the same --cities and --first-player: no player or city is written (the first and last bench players' cities are looked up)",
    )
    .option(
      '--print-limit <n>',
      'malformed answers printed as they happen, per worker',
      parseNonNegativeNumber,
      10,
    )
    .option(
      '--max-errors <n>',
      'failed calls tolerated before the exit code says failure',
      parseNonNegativeNumber,
      0,
    );
  cmd
    .option(
      '--marches <n>',
      "scout marches started before the load (one cavalry each, from the bench's cities, at most 5 per city) so that they arrive and return during it; give map-server a MAPSERVER_SPEED that makes their travel seconds",
      parseNonNegativeNumber,
    )
    .option(
      '--march-radius <tiles>',
      'the marches go to a tile at most this far from home',
      parsePositiveInt,
      6,
    )
    .addOption(
      new Option(
        '--metrics-url <url>',
        "map-server's /metrics (e.g. http://127.0.0.1:9103/metrics): steps settled per second and tick lag during the viewport slices",
      ).env('BENCH_MAP_METRICS_URL'),
    )
    .option(
      '--arrival-rates <list>',
      'after the rounds, search the highest arrival rate settled with tick lag p99 <= 100 ms beside viewport queries at --viewport-fraction of the rate measured: these rates (arrivals/s, increasing, e.g. 50,100,200,300,400), until one fails; needs --metrics-url; with --server-pids, the CPU of each per settled step',
      parseRates,
    )
    .option(
      '--viewport-fraction <f>',
      'the viewport load beside the arrivals, as a fraction of the rate the rounds measured (0: none, the arrivals alone)',
      parseFraction,
      0.5,
    )
    .option('--arrival-window <time>', 'each arrival rate is measured over this window', '10s');
  for (const o of loadOptions({ duration: '30s' })) cmd.addOption(o);
  cmd.action(async (o: Record<string, unknown>) => {
    process.exitCode = await runMap(settingsFrom(o));
  });
  return cmd;
}

function settingsFrom(o: Record<string, unknown>): MapSettings {
  const load = loadSettingsFrom(o);
  if (load.requests !== null || load.rate !== null)
    throw new UsageError('bench map compares ceilings: use --duration (no --requests or --rate)');
  const [viewWidth, viewHeight] = o.view as [number, number];
  const seed = o.seed as number;
  if (!Number.isSafeInteger(seed)) throw new UsageError('--seed must be an integer');
  const cities = o.cities as number;
  const firstPlayer = o.firstPlayer as number;
  if (firstPlayer + cities > Number.MAX_SAFE_INTEGER)
    throw new UsageError('--first-player + --cities is beyond 2^53');
  return {
    ...load,
    target: o.target as string,
    dataServer: o.dataserver as string,
    cities,
    firstPlayer,
    seed,
    viewWidth,
    viewHeight,
    rounds: o.rounds as number,
    ceilingDurationMs: parseDuration(String(o.ceilingDuration)),
    warmUpMs: parseDuration(String(o.warmUp)),
    seedParallel: o.seedParallel as number,
    seeded: o.seeded === true,
    printLimit: o.printLimit as number,
    maxErrors: o.maxErrors as number,
    marches: Math.floor((o.marches as number | undefined) ?? 0),
    marchRadius: o.marchRadius as number,
    metricsUrl: (o.metricsUrl as string | undefined) ?? null,
    ...arrivalSettings(o),
  };
}

async function getWorld(s: MapSettings) {
  const c = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, s.target, {
    deadlineMs: s.deadlineMs,
  });
  try {
    try {
      await c.waitForReady(10_000);
    } catch (err) {
      throw new Error(`map-server at ${s.target} (--target): ${(err as Error).message}`);
    }
    const w = await c.GetWorld({});
    return {
      width: w.width,
      height: w.height,
      seed: Number(w.seed),
      cities: Number(w.cities),
      fields: Number(w.fields),
      monsters: Number(w.monsters),
      marches: Number(w.marches),
    };
  } finally {
    c.close();
  }
}

export async function runMap(s: MapSettings): Promise<number> {
  const env = collectEnvironment();
  const say = (line: string) => console.log(line);
  say(
    `bench map: target ${s.target} (data-server ${s.dataServer}); ${describeLoad(s)}; ${s.rounds} rounds with echo phases of ${s.ceilingDurationMs / 1000} s; viewport ${s.viewWidth} x ${s.viewHeight}; ${int(s.cities)} bench cities; seed ${s.seed}`,
  );
  say(environmentLine(env));
  const before = await getWorld(s);
  if (s.viewWidth > before.width || s.viewHeight > before.height)
    throw new UsageError(
      `--view ${s.viewWidth}x${s.viewHeight} is larger than the ${before.width} x ${before.height} world`,
    );
  let seeding: SeedResult;
  if (s.seeded) {
    seeding = await checkSeeded({
      target: s.target,
      firstPlayer: s.firstPlayer,
      cities: s.cities,
      deadlineMs: s.deadlineMs,
    });
    say(
      `--seeded: the world is reused (the first and last bench players' cities found, ${seeding.seconds.toFixed(1)} s); nothing written`,
    );
  } else {
    say(`seeding ${int(s.cities)} players and cities...`);
    const seedProgress = createProgress({
      label: 'seeding',
      unit: 'cities',
      total: { requests: s.cities },
      intervalS: s.progressIntervalS,
      silent: s.quiet,
    });
    const t0 = performance.now();
    try {
      seeding = await seedWorld({
        target: s.target,
        dataServer: s.dataServer,
        firstPlayer: s.firstPlayer,
        cities: s.cities,
        seed: s.seed,
        parallel: s.seedParallel,
        deadlineMs: s.deadlineMs,
        worldWidth: before.width,
        worldHeight: before.height,
        progress: (done) =>
          seedProgress.update({
            elapsedS: (performance.now() - t0) / 1000,
            completed: done,
            errors: 0,
            mismatches: 0,
          }),
      });
    } finally {
      seedProgress.stop();
    }
    say(
      `seeded in ${seeding.seconds.toFixed(1)} s: players ${int(seeding.playersCreated)} created, ${int(seeding.playersExisting)} there already; cities ${int(seeding.citiesPlaced)} placed, ${int(seeding.citiesExisting)} there already, ${int(seeding.noSpot)} without a free spot`,
    );
  }
  const world = await getWorld(s);
  say(
    `world: ${world.width} x ${world.height} (seed ${world.seed}), ${int(world.cities)} cities, ${int(world.fields)} fields, ${int(world.monsters)} monsters, ${int(world.marches)} marches`,
  );

  let marches: MarchStart | null = null;
  if (s.marches > 0) {
    marches = await startMarches({
      target: s.target,
      deadlineMs: s.deadlineMs,
      players: Array.from({ length: s.cities }, (_, i) => s.firstPlayer + i),
      marches: s.marches,
      radius: s.marchRadius,
      seed: s.seed,
      parallel: s.seedParallel,
      cavalryTroopId: BENCH_TROOPS.find((x) => x.kind === 'cavalry')!.troopId,
    });
    say(
      `started ${int(marches.started)} scout marches (${int(marches.refused)} targets refused and drawn again); outbound legs of ${(marches.legMsMin / 1000).toFixed(1)}-${(marches.legMsMax / 1000).toFixed(1)} s of game time`,
    );
  }
  const params: ViewportParams = {
    target: s.target,
    channels: s.channels,
    deadlineMs: s.deadlineMs,
    slowMs: s.slowMs,
    seed: s.seed,
    worldWidth: world.width,
    worldHeight: world.height,
    viewWidth: s.viewWidth,
    viewHeight: s.viewHeight,
    printLimit: s.printLimit,
  };
  // The load's own warm-up (unmeasured) gives the mean size of its answers: the echo's.
  const pool = await LoadPool.start({
    workloadModule: new URL('../map/viewport-workload.ts', import.meta.url),
    workers: s.workers,
    concurrency: s.concurrency,
    params,
    heapMb: 64,
  });
  let echo: EchoRounds;
  let sizes: { requestBytes: number; responseBytes: number; samples: number };
  try {
    const warm = (await pool.run({ durationMs: s.warmUpMs, requests: null, rate: null }))
      .extras as ViewportExtra[];
    const n = warm.reduce((a, e) => a + e.responses, 0);
    if (n === 0) {
      throw new Error(
        `no viewport answer in the warm-up (${warm.find((e) => e.firstError)?.firstError ?? 'no call finished'})`,
      );
    }
    sizes = {
      requestBytes: Math.round(warm.reduce((a, e) => a + e.requestBytes, 0) / n),
      responseBytes: Math.round(warm.reduce((a, e) => a + e.responseBytes, 0) / n),
      samples: n,
    };
    say(
      `viewport answers: ${bytes(sizes.responseBytes)} on average over the ${int(n)} of the warm-up (request ${bytes(sizes.requestBytes)}): the echo ceiling's message sizes`,
    );
    echo = await EchoRounds.start(
      ceilingLike(s, {
        durationMs: s.ceilingDurationMs,
        requestBytes: sizes.requestBytes,
        responseBytes: sizes.responseBytes,
        heapMb: 64,
      }),
      {
        rounds: s.rounds,
        warmUpMs: s.warmUpMs,
        name: 'viewport',
        say,
        echoLine: (r, i) =>
          say(
            `echo ${i + 1}/${s.rounds + 1}: ${int(r.rate)} requests/s (${int(r.requests)} in ${r.elapsedS.toFixed(1)} s, errors ${int(r.errors)})`,
          ),
      },
    );
  } catch (err) {
    await pool.close();
    throw err;
  }
  const sliceMs = s.durationMs! / s.rounds;
  const slices: {
    ops: OpSnapshot[];
    extras: ViewportExtra[];
    usage: ReturnType<UsageSampler['stop']>;
    figures: PhaseFigures;
    settle: SettleSnapshot | null;
    wallS: number;
  }[] = [];
  const slice = async (r: number): Promise<number> => {
    const settle0 = s.metricsUrl ? await scrapeSettle(s.metricsUrl) : null;
    const sampler = new UsageSampler(s.serverPids);
    sampler.start();
    const run = await pool.run({
      durationMs: sliceMs,
      requests: null,
      rate: null,
      progress: createProgress({
        label: `viewport ${r + 1}/${s.rounds}`,
        total: { seconds: sliceMs / 1000 },
        intervalS: s.progressIntervalS,
        silent: s.quiet,
      }),
    });
    const usage = sampler.stop();
    const settle = settle0 ? settleDelta(settle0, await scrapeSettle(s.metricsUrl!)) : null;
    const t = totals(run.ops, run.elapsedS);
    slices.push({
      ops: run.ops,
      extras: run.extras as ViewportExtra[],
      usage,
      figures: { rate: t.rate, requests: t.requests, elapsedS: run.elapsedS },
      settle,
      wallS: usage.client.wallS,
    });
    for (const e of run.extras as ViewportExtra[])
      if (e.firstError) say(`viewport: first error: ${e.firstError}`);
    return t.rate;
  };
  let arrivalSearch: ArrivalSearch | null = null;
  const ctrlC = onInterrupt(() => {
    pool.stop();
    echo.interrupt();
  });
  try {
    await echo.run(slice);
    if (s.arrivalRates && !ctrlC.interrupted() && echo.rounds.length > 0)
      arrivalSearch = await runArrivalSearch(s, pool, world, echo.rounds, say, ctrlC.interrupted);
  } finally {
    ctrlC.off();
    await pool.close();
    await echo.close();
  }
  if (slices.length === 0) {
    say('interrupted before the measured run: no result');
    return 130;
  }
  return report(
    s,
    env,
    world,
    seeding,
    marches,
    sizes,
    slices,
    echo.ceilings,
    echo.rounds,
    ctrlC.interrupted(),
    arrivalSearch,
  );
}

function report(
  s: MapSettings,
  env: ReturnType<typeof collectEnvironment>,
  world: Awaited<ReturnType<typeof getWorld>>,
  seeding: SeedResult,
  marches: MarchStart | null,
  sizes: { requestBytes: number; responseBytes: number; samples: number },
  slices: {
    ops: OpSnapshot[];
    extras: ViewportExtra[];
    usage: ReturnType<UsageSampler['stop']>;
    figures: PhaseFigures;
    settle: SettleSnapshot | null;
    wallS: number;
  }[],
  ceilings: CeilingResult[],
  rounds: Round[],
  interrupted: boolean,
  arrivalSearch: ArrivalSearch | null,
): number {
  const say = (line: string) => console.log(line);
  const viewport = mergeSnapshots(
    'QueryViewport',
    slices.map((x) => x.ops[0]!),
  );
  const viewportS = slices.reduce((n, x) => n + x.figures.elapsedS, 0);
  const echoOp = mergeSnapshots(
    'Echo',
    ceilings.map((c) => c.ops[0]!),
  );
  const echoS = ceilings.reduce((n, c) => n + c.elapsedS, 0);
  const vt = totals([viewport], viewportS);
  const et = totals([echoOp], echoS);
  const extras = slices.flatMap((x) => x.extras);
  const responses = extras.reduce((n, e) => n + e.responses, 0);
  const responseBytes = extras.reduce((n, e) => n + e.responseBytes, 0);
  const requestBytes = extras.reduce((n, e) => n + e.requestBytes, 0);
  const counts: ViewportCounts = { cities: 0, fields: 0, monsters: 0, marches: 0 };
  for (const e of extras)
    for (const k of Object.keys(counts) as (keyof ViewportCounts)[]) counts[k] += e.counts[k];
  const meanCounts = Object.fromEntries(
    Object.entries(counts).map(([k, v]) => [k, responses ? v / responses : 0]),
  ) as unknown as ViewportCounts;
  const ratios = rounds.flatMap((r) => (r.ratio === null ? [] : [r.ratio]));
  const ratio = medianRatio(rounds);
  const ratioOverall = et.rate > 0 ? vt.rate / et.rate : null;

  say('');
  say(caseStudyLine(viewport));
  say(caseStudyLine(echoOp));
  say('');
  const row = (label: string, op: OpSnapshot, t: ReturnType<typeof totals>, r: string) => {
    const q = percentiles(op);
    return [
      label,
      int(t.requests),
      int(t.rate),
      ms(q.p50),
      ms(q.p90),
      ms(q.p99),
      ms(q.max),
      int(t.errors),
      int(t.mismatches),
      r,
    ];
  };
  say(
    table(
      [
        'phase',
        'requests',
        'req/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'errors',
        'malformed',
        'x echo',
      ],
      [
        row(
          `viewport ${s.viewWidth} x ${s.viewHeight}`,
          viewport,
          vt,
          ratio === null ? '-' : pct(ratio),
        ),
        row(`echo, response ${bytes(sizes.responseBytes)}`, echoOp, et, '100.0%'),
      ],
    ),
  );
  if (ratio !== null) {
    say(
      `viewport = ${pct(ratio)} of the echo ceiling (median of the rounds: ${ratios.map(pct).join(', ')}; over all rounds ${ratioOverall === null ? '-' : pct(ratioOverall)}; target >= 60%)`,
    );
  }
  say(
    `viewport answers: ${bytes(Math.round(responseBytes / Math.max(1, responses)))} on average during the run (echo: ${bytes(sizes.responseBytes)}, the warm-up's mean over ${int(sizes.samples)}), request ${bytes(Math.round(requestBytes / Math.max(1, responses)))}; entities per answer: ${meanCounts.cities.toFixed(1)} cities, ${meanCounts.fields.toFixed(1)} fields, ${meanCounts.monsters.toFixed(1)} monsters, ${meanCounts.marches.toFixed(1)} marches`,
  );
  let settlement: {
    settled: number;
    seconds: number;
    perSecond: number;
    lagP50BoundMs: number | null;
    lagP99BoundMs: number | null;
    lagBuckets: [number | string, number][];
  } | null = null;
  if (slices.every((x) => x.settle)) {
    const d = sumDeltas(slices.map((x) => x.settle!));
    const seconds = slices.reduce((n, x) => n + x.wallS, 0);
    const bound = (q: number) => {
      const b = lagQuantileBound(d, q);
      return b === null ? null : b * 1000;
    };
    settlement = {
      settled: d.settled,
      seconds,
      perSecond: seconds > 0 ? d.settled / seconds : 0,
      lagP50BoundMs: bound(0.5),
      lagP99BoundMs: bound(0.99),
      lagBuckets: [...d.lagBuckets].map(([le, n]) => [Number.isFinite(le) ? le : '+Inf', n]),
    };
    // A quantile lies in its bucket: (the bound below, the bound) ms.
    const bounds = [...d.lagBuckets.keys()].map((b) => b * 1000).sort((a, b) => a - b);
    const show = (v: number | null) => {
      if (v === null) return 'no step';
      const below = bounds.filter((b) => b < v).at(-1) ?? 0;
      return Number.isFinite(v) ? `in (${below}, ${v}] ms` : `over ${below} ms`;
    };
    say(
      `map-server settled ${int(d.settled)} march steps (arrivals and returns) during the viewport slices: ${settlement.perSecond.toFixed(1)}/s; tick lag p50 ${show(settlement.lagP50BoundMs)}, p99 ${show(settlement.lagP99BoundMs)} (its /metrics histogram)`,
    );
  }
  const usage = combineUsage(slices.map((x) => x.usage));
  const cpu = cpuBesideEcho(ceilings, usage, vt.requests);
  say('');
  say(cpuTable(cpu));
  for (const srv of usage.servers) {
    say(
      `server pid ${srv.pid} (${commandLabel(srv.pid, srv.name)}): peak RSS ${srv.peakRssBytes === null ? '?' : bytes(srv.peakRssBytes)} during the viewport load (VmHWM ${srv.vmHwmBytes === null ? '?' : bytes(srv.vmHwmBytes)})`,
    );
  }
  const loadAverageAfter = loadavg().map((x) => Math.round(x * 100) / 100);
  say(
    `client: peak RSS ${bytes(usage.client.maxRssBytes)}; load average after the run ${loadAverageAfter.join(' ')}`,
  );
  const machine = machineLine(usage.machine, usage.client.wallS);
  if (machine) say(`viewport load's ${machine}`);
  if (arrivalSearch) reportArrivalSearch(arrivalSearch, say);
  const problemSamples = extras.flatMap((e) => e.problemSamples);
  const firstError = extras.find((e) => e.firstError)?.firstError ?? null;
  if (firstError) say(`first error: ${firstError}`);
  const path = writeResult(s.out ?? defaultResultPath('map', env.startedAt), {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: 'map',
    environment: env,
    settings: s,
    interrupted,
    loadAverageAfter,
    world,
    seeding,
    marches,
    settlement,
    arrivalSearch,
    viewport: {
      ...vt,
      op: { ...viewport, line: caseStudyLine(viewport), percentilesUs: percentiles(viewport) },
      responses,
      meanResponseBytes: responses ? responseBytes / responses : 0,
      meanRequestBytes: responses ? requestBytes / responses : 0,
      meanEntities: meanCounts,
      problemSamples,
      firstError,
    },
    ceiling: {
      ...et,
      requestBytes: sizes.requestBytes,
      responseBytes: sizes.responseBytes,
      sizeFromWarmUpAnswers: sizes.samples,
      op: { ...echoOp, line: caseStudyLine(echoOp), percentilesUs: percentiles(echoOp) },
      measurements: ceilings.map(({ ops: _ops, ...rest }) => rest),
    },
    rounds: rounds.map(({ rate, ...r }) => ({ viewportRate: rate, ...r })),
    ratio,
    ratioOverall,
    client: usage.client,
    machine: usage.machine,
    servers: usage.servers,
    cpuPerRequest: cpu,
  });
  say(`result: ${showPath(path)}`);
  let failed = false;
  if (vt.mismatches > 0) {
    say(`FAIL: ${int(vt.mismatches)} malformed viewport answers; first ones:`);
    for (const p of problemSamples.slice(0, 3))
      say(`  (${p.rect.x}, ${p.rect.y}) ${p.rect.width} x ${p.rect.height}: ${p.problems[0]}`);
    failed = true;
  }
  if (vt.errors > s.maxErrors) {
    say(`FAIL: ${int(vt.errors)} failed viewport calls (tolerated: ${s.maxErrors})`);
    failed = true;
  }
  return failed ? 1 : 0;
}

// ---- the arrival-rate search (--arrival-rates; bench/src/map/arrival-search.ts) -----------

/** "50,100,200" as increasing positive rates. */
export function parseRates(text: string): number[] {
  const rates = text.split(',').map((x) => Number(x.trim()));
  if (rates.length === 0 || rates.some((r) => !(r > 0) || !Number.isFinite(r)))
    throw new InvalidArgumentError(`not a list of positive rates: ${JSON.stringify(text)}`);
  for (let i = 1; i < rates.length; i++)
    if (rates[i]! <= rates[i - 1]!)
      throw new InvalidArgumentError(`rates must increase: ${JSON.stringify(text)}`);
  return rates;
}

function arrivalSettings(o: Record<string, unknown>) {
  const arrivalRates = (o.arrivalRates as number[] | undefined) ?? null;
  const arrivalWindowMs = parseDuration(String(o.arrivalWindow));
  if (arrivalRates) {
    if (!o.metricsUrl)
      throw new UsageError("--arrival-rates needs --metrics-url (map-server's /metrics)");
    if (((o.marches as number | undefined) ?? 0) > 0)
      throw new UsageError('--arrival-rates starts its own marches: it does not go with --marches');
    if (arrivalWindowMs < 500) throw new UsageError('--arrival-window must be at least 0.5s');
  }
  return { arrivalRates, arrivalWindowMs, viewportFraction: o.viewportFraction as number };
}

/** A number from 0 to 1. */
export function parseFraction(text: string): number {
  const f = Number(text);
  if (text.trim() === '' || !(f >= 0 && f <= 1))
    throw new InvalidArgumentError(`not a fraction from 0 to 1: ${JSON.stringify(text)}`);
  return f;
}

/** The search, with the viewport load at half the rate the rounds measured (open model). */
async function runArrivalSearch(
  s: MapSettings,
  pool: LoadPool,
  world: Awaited<ReturnType<typeof getWorld>>,
  rounds: Round[],
  say: (line: string) => void,
  stopped: () => boolean,
): Promise<ArrivalSearch> {
  const max = median(rounds.map((r) => r.rate));
  const viewportRate = s.viewportFraction > 0 ? Math.max(1, max * s.viewportFraction) : 0;
  say(
    `arrival search: rates ${s.arrivalRates!.join(', ')}/s over ${s.arrivalWindowMs / 1000} s windows, ${viewportRate > 0 ? `viewport queries at ${int(viewportRate)}/s (${s.viewportFraction} of the ${int(max)}/s measured)` : 'no viewport load'}`,
  );
  return searchArrivalRate({
    target: s.target,
    metricsUrl: s.metricsUrl!,
    deadlineMs: s.deadlineMs,
    players: Array.from({ length: s.cities }, (_, i) => s.firstPlayer + i),
    rates: s.arrivalRates!,
    windowS: s.arrivalWindowMs / 1000,
    worldWidth: world.width,
    worldHeight: world.height,
    seed: s.seed,
    parallel: s.seedParallel,
    cavalryTroopId: BENCH_TROOPS.find((x) => x.kind === 'cavalry')!.troopId,
    viewportRate,
    serverPids: s.serverPids,
    say,
    stopped,
    viewport: async (durationMs, rate) => {
      const run = await pool.run({ durationMs, requests: null, rate });
      const t = totals(run.ops, run.elapsedS);
      return { op: run.ops[0]!, rate: t.rate, errors: t.errors };
    },
  });
}

function reportArrivalSearch(a: ArrivalSearch, say: (line: string) => void): void {
  const lag = (v: number | null) => (v === null ? '-' : Number.isFinite(v) ? `<= ${v}` : '> 60000');
  say('');
  say(
    table(
      [
        'arrivals/s asked',
        'marches',
        'due/s',
        'settled/s',
        'returns due/s',
        'returns settled/s',
        'all steps/s',
        'lag p50 ms',
        'lag p99 ms',
        'viewport/s',
        'viewport p99 ms',
        'CPU µs/step',
        'steal %',
        'valid',
      ],
      a.steps.map((x) => [
        int(x.rate),
        int(x.marches),
        x.dueRate.toFixed(1),
        x.settledRate.toFixed(1),
        x.returnsDueRate.toFixed(1),
        x.returnsSettledRate.toFixed(1),
        x.stepsRate.toFixed(1),
        lag(x.lagP50BoundMs),
        lag(x.lagP99BoundMs),
        int(x.viewportRate),
        x.viewportP99Ms === null ? '-' : x.viewportP99Ms.toFixed(1),
        x.cpuUsPerStep.length === 0
          ? '-'
          : int(x.cpuUsPerStep.reduce((a, c) => a + (c.us ?? 0), 0)),
        x.machine ? (x.machine.stealShare * 100).toFixed(1) : '-',
        x.valid ? 'yes' : `no: ${x.problems.join('; ')}`,
      ]),
    ),
  );
  say(
    `highest arrival rate settled with tick lag p99 <= 100 ms beside ${int(a.viewportRate)} viewport queries/s: ${a.highestValid === null ? 'none of the rates tried' : `${int(a.highestValid)}/s`}`,
  );
  const best = a.steps.findLast((x) => x.valid && x.cpuUsPerStep.length > 0);
  if (best)
    say(`CPU per settled step at ${int(best.rate)} arrivals/s: ${cpuLine(best.cpuUsPerStep)}`);
  const stolen = a.steps.filter((x) => x.machine && x.machine.stealShare >= STEAL_FLAG_SHARE);
  if (stolen.length > 0)
    say(
      `steal of ${STEAL_FLAG_SHARE * 100}% or more in the window of ${stolen.map((x) => `${int(x.rate)}/s`).join(', ')}: the hypervisor gave this VM's CPUs to other tenants, and a rate that did not hold there may hold on the same machine alone`,
    );
}
