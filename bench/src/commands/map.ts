// `bench map`: map-server's viewport queries beside the echo ceiling.
// Seeds a world (players in data-server, a city each through PlaceCities), measures the mean size
// of a viewport answer, then loads QueryViewport (random rectangles, every answer decoded and
// checked) in rounds alternating with a bare grpc-js echo whose response is that size: each
// round's ratio is its viewport rate over the mean of the two echo phases around it, the run's
// the median of the rounds'. Prints the table, CPU per request of --server-pids, peak RSS, and
// writes the JSON. With --arrival-rates, then searches the highest march arrival rate settled in
// time (bench/src/map/arrival-search.ts).
import { loadavg } from 'node:os';
import { Command, InvalidArgumentError } from 'commander';
import { ceilingLike } from '../lib/ceiling.ts';
import { cpuBesideEcho, cpuTable } from '../lib/cpu-cost.ts';
import { collectEnvironment, environmentLine } from '../lib/environment.ts';
import { mergeSnapshots, type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { LoadPool, onInterrupt } from '../lib/load-pool.ts';
import {
  describeLoad,
  loadOptions,
  loadSettingsFrom,
  parseAddress,
  parseDuration,
  parsePositiveInt,
  UsageError,
} from '../lib/options.ts';
import { commandLabel } from '../lib/proc.ts';
import { combineUsage, machineLine, STEAL_FLAG_SHARE, UsageSampler } from '../lib/proc-stats.ts';
import { createProgress } from '../lib/progress.ts';
import {
  bytes,
  caseStudyLine,
  int,
  median,
  ms,
  type Totals,
  table,
  totals,
} from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';
import { EchoRounds, medianRatio, pct } from '../lib/rounds.ts';
import { type ArrivalSearch, cpuLine, searchArrivalRate } from '../map/arrival-search.ts';
import {
  checkSeeded,
  type MarchStart,
  PARALLEL,
  type SeedResult,
  seedWorld,
  startMarches,
  withMap,
} from '../map/seed.ts';
import { countKinds } from '../map/viewport-check.ts';
import { VIEW, type ViewportExtra, type ViewportParams } from '../map/viewport-workload.ts';

/** "50,100,200" as increasing positive rates. */
export function parseRates(text: string): number[] {
  const rates = text.split(',').map((x) => Number(x.trim()));
  if (rates.some((r) => !(r > 0) || !Number.isFinite(r)))
    throw new InvalidArgumentError(`not a list of positive rates: ${JSON.stringify(text)}`);
  if (rates.some((r, i) => i > 0 && r <= rates[i - 1]!))
    throw new InvalidArgumentError(`rates must increase: ${JSON.stringify(text)}`);
  return rates;
}

/** A number from 0 to 1. */
export function parseFraction(text: string): number {
  const f = Number(text);
  if (text.trim() === '' || !(f >= 0 && f <= 1))
    throw new InvalidArgumentError(`not a fraction from 0 to 1: ${JSON.stringify(text)}`);
  return f;
}

export function mapCommand(): Command {
  const cmd = new Command('map').description(
    "map-server's viewport queries (QueryViewport at random positions, every answer checked) beside the echo ceiling with the answers' mean size, in alternating rounds",
  );
  cmd
    .option('-t, --target <host:port>', 'the map-server to load', parseAddress, '127.0.0.1:50053')
    .option(
      '--dataserver <host:port>',
      "map-server's data-server (the bench creates its players there)",
      parseAddress,
      '127.0.0.1:50052',
    )
    .option(
      '--cities <n>',
      'players created and cities placed before the load',
      parsePositiveInt,
      2000,
    )
    .option(
      '--first-player <id>',
      "player ids first..first+cities-1 are the bench's (created if missing, kept if there)",
      parsePositiveInt,
      800_000_000,
    )
    .option(
      '--seeded',
      "reuse a world an earlier run seeded with the same --cities and --first-player: no player or city is written (the first and last bench players' cities are looked up)",
    )
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
    .option(
      '--marches <n>',
      "scout marches started before the load (one cavalry each, from the bench's cities, at most 5 per city), which the viewports' answers then hold; at a MAPSERVER_SPEED of 1 and a large --march-radius they stay in flight for the run",
      parsePositiveInt,
    )
    .option(
      '--march-radius <tiles>',
      'the marches go to a tile at most this far from home',
      parsePositiveInt,
      6,
    )
    .option(
      '--metrics-url <url>',
      "map-server's /metrics (e.g. http://127.0.0.1:9103/metrics), which --arrival-rates reads",
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
  // The rounds compare closed-model ceilings: no request count, no open model.
  for (const o of loadOptions({ duration: '30s' }))
    if (o.long !== '--requests' && o.long !== '--rate') cmd.addOption(o);
  cmd.action(async (o: Record<string, unknown>) => {
    process.exitCode = await runMap(settingsFrom(o));
  });
  return cmd;
}

export type MapSettings = ReturnType<typeof settingsFrom>;

function settingsFrom(o: Record<string, unknown>) {
  const arrivalRates = (o.arrivalRates as number[] | undefined) ?? null;
  const arrivalWindowMs = parseDuration(String(o.arrivalWindow));
  if (arrivalRates) {
    if (!o.metricsUrl)
      throw new UsageError("--arrival-rates needs --metrics-url (map-server's /metrics)");
    if (o.marches)
      throw new UsageError('--arrival-rates starts its own marches: it does not go with --marches');
    if (arrivalWindowMs < 500) throw new UsageError('--arrival-window must be at least 0.5s');
  }
  return {
    ...loadSettingsFrom(o),
    target: o.target as string,
    dataServer: o.dataserver as string,
    cities: o.cities as number,
    firstPlayer: o.firstPlayer as number,
    /** The RNG seed of the city points, the viewport positions and the marches. */
    seed: 1,
    /** Skip seeding: the world holds the bench's cities from an earlier run. */
    seeded: o.seeded === true,
    rounds: o.rounds as number,
    ceilingDurationMs: parseDuration(String(o.ceilingDuration)),
    warmUpMs: parseDuration(String(o.warmUp)),
    marches: (o.marches as number | undefined) ?? 0,
    marchRadius: o.marchRadius as number,
    metricsUrl: (o.metricsUrl as string | undefined) ?? null,
    /** The arrival rates to try, in increasing order (null: no search). */
    arrivalRates,
    arrivalWindowMs,
    /** The viewport load beside the arrivals, as a fraction of the rate the rounds measured. */
    viewportFraction: o.viewportFraction as number,
  };
}

type World = Awaited<ReturnType<typeof getWorld>>;

async function getWorld(s: MapSettings) {
  const w = await withMap(s.target, s.deadlineMs, (c) => c.GetWorld({})).catch((err) => {
    throw new Error(`map-server at ${s.target} (--target): ${(err as Error).message}`);
  });
  return {
    width: w.width,
    height: w.height,
    seed: Number(w.seed),
    cities: Number(w.cities),
    fields: Number(w.fields),
    monsters: Number(w.monsters),
    marches: Number(w.marches),
  };
}

const say = (line: string) => console.log(line);
const benchPlayers = (s: MapSettings) =>
  Array.from({ length: s.cities }, (_, i) => s.firstPlayer + i);
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);

/** One slice of the viewport load (between two echo phases). */
interface Slice {
  ops: OpSnapshot[];
  extras: ViewportExtra[];
  usage: ReturnType<UsageSampler['stop']>;
  elapsedS: number;
}

/** The bench's world: seeded, or with --seeded looked up (null). */
async function seedOrReuse(s: MapSettings, world: World): Promise<SeedResult | null> {
  if (s.seeded) {
    await checkSeeded(s);
    say("--seeded: the world is reused (the first and last bench players' cities found)");
    return null;
  }
  say(`seeding ${int(s.cities)} players and cities...`);
  const progress = createProgress({
    label: 'seeding',
    unit: 'cities',
    total: { requests: s.cities },
    intervalS: s.progressIntervalS,
    silent: s.quiet,
  });
  const t0 = performance.now();
  const seeding = await seedWorld({
    ...s,
    parallel: PARALLEL,
    worldWidth: world.width,
    worldHeight: world.height,
    progress: (done) =>
      progress.update({
        elapsedS: (performance.now() - t0) / 1000,
        completed: done,
        errors: 0,
        mismatches: 0,
      }),
  }).finally(() => progress.stop());
  say(
    `seeded in ${seeding.seconds.toFixed(1)} s: players ${int(seeding.playersCreated)} created, ${int(seeding.playersExisting)} there already; cities ${int(seeding.citiesPlaced)} placed, ${int(seeding.citiesExisting)} there already, ${int(seeding.noSpot)} without a free spot`,
  );
  return seeding;
}

/** The warm-up's answers' mean sizes, and the echo rounds started with them. */
async function warmUp(s: MapSettings, pool: LoadPool) {
  const warm = (await pool.run({ durationMs: s.warmUpMs, requests: null, rate: null }))
    .extras as ViewportExtra[];
  const n = sum(warm, (e) => e.responses);
  if (n === 0) {
    throw new Error(
      `no viewport answer in the warm-up (${warm.find((e) => e.firstError)?.firstError ?? 'no call finished'})`,
    );
  }
  // The mean sizes of the warm-up's answers: the echo's messages.
  const sizes = {
    requestBytes: Math.round(sum(warm, (e) => e.requestBytes) / n),
    responseBytes: Math.round(sum(warm, (e) => e.responseBytes) / n),
    samples: n,
  };
  say(
    `viewport answers: ${bytes(sizes.responseBytes)} on average over the ${int(n)} of the warm-up (request ${bytes(sizes.requestBytes)}): the echo ceiling's message sizes`,
  );
  const echo = await EchoRounds.start(
    ceilingLike(s, { durationMs: s.ceilingDurationMs, ...sizes, heapMb: 64 }),
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
  return { sizes, echo };
}

export async function runMap(s: MapSettings): Promise<number> {
  const env = collectEnvironment();
  say(
    `bench map: target ${s.target} (data-server ${s.dataServer}); ${describeLoad(s)}; ${s.rounds} rounds with echo phases of ${s.ceilingDurationMs / 1000} s; viewport ${VIEW.width} x ${VIEW.height}; ${int(s.cities)} bench cities`,
  );
  say(environmentLine(env));
  const seeding = await seedOrReuse(s, await getWorld(s));
  const world = await getWorld(s);
  say(
    `world: ${world.width} x ${world.height} (seed ${world.seed}), ${int(world.cities)} cities, ${int(world.fields)} fields, ${int(world.monsters)} monsters, ${int(world.marches)} marches`,
  );
  let marches: MarchStart | null = null;
  if (s.marches > 0) {
    marches = await startMarches({ ...s, players: benchPlayers(s), radius: s.marchRadius });
    say(
      `started ${int(marches.started)} scout marches (${int(marches.refused)} targets refused and drawn again); outbound legs of ${(marches.legMsMin / 1000).toFixed(1)}-${(marches.legMsMax / 1000).toFixed(1)} s of game time`,
    );
  }
  const params: ViewportParams = { ...s, worldWidth: world.width, worldHeight: world.height };
  // The load's own warm-up (unmeasured) gives the mean size of its answers: the echo's.
  const pool = await LoadPool.start({
    workloadModule: new URL('../map/viewport-workload.ts', import.meta.url),
    workers: s.workers,
    concurrency: s.concurrency,
    params,
    heapMb: 64,
  });
  const { sizes, echo } = await warmUp(s, pool).catch(async (err) => {
    await pool.close();
    throw err;
  });
  const sliceMs = s.durationMs! / s.rounds;
  const slices: Slice[] = [];
  const slice = async (r: number): Promise<number> => {
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
    const extras = run.extras as ViewportExtra[];
    slices.push({ ops: run.ops, extras, usage: sampler.stop(), elapsedS: run.elapsedS });
    for (const e of extras) if (e.firstError) say(`viewport: first error: ${e.firstError}`);
    return totals(run.ops, run.elapsedS).rate;
  };
  let arrivalSearch: ArrivalSearch | null = null;
  const ctrlC = onInterrupt(() => {
    pool.stop();
    echo.interrupt();
  });
  try {
    await echo.run(slice);
    if (s.arrivalRates && !ctrlC.interrupted() && echo.rounds.length > 0) {
      // The viewport load beside the arrivals: a fraction of the rate the rounds measured.
      const max = median(echo.rounds.map((r) => r.rate));
      const viewportRate = s.viewportFraction > 0 ? Math.max(1, max * s.viewportFraction) : 0;
      say(
        `arrival search: rates ${s.arrivalRates.join(', ')}/s over ${s.arrivalWindowMs / 1000} s windows, ${viewportRate > 0 ? `viewport queries at ${int(viewportRate)}/s (${s.viewportFraction} of the ${int(max)}/s measured)` : 'no viewport load'}`,
      );
      arrivalSearch = await searchArrivalRate({
        ...s,
        metricsUrl: s.metricsUrl!,
        players: benchPlayers(s),
        rates: s.arrivalRates,
        windowS: s.arrivalWindowMs / 1000,
        worldWidth: world.width,
        worldHeight: world.height,
        viewportRate,
        pool,
        say,
        stopped: ctrlC.interrupted,
      });
    }
  } finally {
    ctrlC.off();
    await pool.close();
    await echo.close();
  }
  if (slices.length === 0) {
    say('interrupted before the measured run: no result');
    return 130;
  }
  return report({
    s,
    env,
    world,
    seeding,
    marches,
    sizes,
    slices,
    echo,
    interrupted: ctrlC.interrupted(),
    arrivalSearch,
  });
}

/** One op over several phases (its first op in each), and its totals. */
function merged(name: string, phases: readonly { ops: OpSnapshot[]; elapsedS: number }[]) {
  const op = mergeSnapshots(
    name,
    phases.map((x) => x.ops[0]!),
  );
  return {
    op,
    t: totals(
      [op],
      sum(phases, (x) => x.elapsedS),
    ),
  };
}

/** An op as the JSON carries it: its snapshot, case-study line and percentiles. */
const opJson = (op: OpSnapshot) => ({
  ...op,
  line: caseStudyLine(op),
  percentilesUs: percentiles(op),
});

/** A row of the phase table. */
function phaseRow(label: string, op: OpSnapshot, t: Totals, xEcho: string): string[] {
  const q = percentiles(op);
  const latencies = [q.p50, q.p90, q.p99, q.max].map((us) => ms(us));
  return [
    label,
    int(t.requests),
    int(t.rate),
    ...latencies,
    int(t.errors),
    int(t.mismatches),
    xEcho,
  ];
}

function report(r: {
  s: MapSettings;
  env: ReturnType<typeof collectEnvironment>;
  world: World;
  seeding: SeedResult | null;
  marches: MarchStart | null;
  sizes: Awaited<ReturnType<typeof warmUp>>['sizes'];
  slices: Slice[];
  echo: EchoRounds;
  interrupted: boolean;
  arrivalSearch: ArrivalSearch | null;
}): number {
  const { s, sizes, slices } = r;
  const { ceilings, rounds } = r.echo;
  const { op: viewport, t: vt } = merged('QueryViewport', slices);
  const { op: echoOp, t: et } = merged('Echo', ceilings);
  const extras = slices.flatMap((x) => x.extras);
  const responses = sum(extras, (e) => e.responses);
  const mean = (f: (e: ViewportExtra) => number) => (responses ? sum(extras, f) / responses : 0);
  const meanCounts = countKinds((k) => mean((e) => e.counts[k]));
  const meanResponseBytes = mean((e) => e.responseBytes);
  const meanRequestBytes = mean((e) => e.requestBytes);
  const ratio = medianRatio(rounds);
  const ratioOverall = et.rate > 0 ? vt.rate / et.rate : null;

  say('');
  say(caseStudyLine(viewport));
  say(caseStudyLine(echoOp));
  say('');
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
        phaseRow(
          `viewport ${VIEW.width} x ${VIEW.height}`,
          viewport,
          vt,
          ratio === null ? '-' : pct(ratio),
        ),
        phaseRow(`echo, response ${bytes(sizes.responseBytes)}`, echoOp, et, '100.0%'),
      ],
    ),
  );
  if (ratio !== null) {
    say(
      `viewport = ${pct(ratio)} of the echo ceiling (median of the rounds: ${rounds.map((x) => (x.ratio === null ? '-' : pct(x.ratio))).join(', ')}; over all rounds ${ratioOverall === null ? '-' : pct(ratioOverall)}; target >= 60%)`,
    );
  }
  say(
    `viewport answers: ${bytes(Math.round(meanResponseBytes))} on average during the run (echo: ${bytes(sizes.responseBytes)}, the warm-up's mean over ${int(sizes.samples)}), request ${bytes(Math.round(meanRequestBytes))}; entities per answer: ${meanCounts.cities.toFixed(1)} cities, ${meanCounts.fields.toFixed(1)} fields, ${meanCounts.monsters.toFixed(1)} monsters, ${meanCounts.marches.toFixed(1)} marches`,
  );
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
  if (r.arrivalSearch) reportArrivalSearch(r.arrivalSearch);
  const problemSamples = extras.flatMap((e) => e.problemSamples);
  const firstError = extras.find((e) => e.firstError)?.firstError ?? null;
  if (firstError) say(`first error: ${firstError}`);
  const path = writeResult(s.out ?? defaultResultPath('map', r.env.startedAt), {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: 'map',
    environment: r.env,
    settings: s,
    interrupted: r.interrupted,
    loadAverageAfter,
    world: r.world,
    seeding: r.seeding,
    marches: r.marches,
    arrivalSearch: r.arrivalSearch,
    viewport: {
      ...vt,
      op: opJson(viewport),
      responses,
      meanResponseBytes,
      meanRequestBytes,
      meanEntities: meanCounts,
      problemSamples,
      firstError,
    },
    ceiling: {
      ...et,
      requestBytes: sizes.requestBytes,
      responseBytes: sizes.responseBytes,
      sizeFromWarmUpAnswers: sizes.samples,
      op: opJson(echoOp),
      measurements: ceilings.map(({ ops: _ops, ...rest }) => rest),
    },
    rounds: rounds.map(({ rate, ...x }) => ({ viewportRate: rate, ...x })),
    ratio,
    ratioOverall,
    client: usage.client,
    machine: usage.machine,
    servers: usage.servers,
    cpuPerRequest: cpu,
  });
  say(`result: ${showPath(path)}`);
  if (vt.mismatches > 0) {
    say(`FAIL: ${int(vt.mismatches)} malformed viewport answers; first ones:`);
    for (const p of problemSamples.slice(0, 3))
      say(`  (${p.rect.x}, ${p.rect.y}) ${p.rect.width} x ${p.rect.height}: ${p.problems[0]}`);
  }
  if (vt.errors > 0) say(`FAIL: ${int(vt.errors)} failed viewport calls`);
  return vt.mismatches > 0 || vt.errors > 0 ? 1 : 0;
}

function reportArrivalSearch(a: ArrivalSearch): void {
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
