// `bench map --arrival-rates`: the highest arrival rate map-server settles in time (arrivals
// settled per second with tick lag p99 under 100 ms while viewport queries run at a fraction of
// their maximum rate, half by default, none with --viewport-fraction 0). For each rate R, in
// increasing order, 2 x R x (window + 2 margins) scout marches are started before the window
// (one cavalry each, from the bench's cities, at most 5 out per city), so that the window holds a
// steady state: R arrivals a second and R returns a second, as when marches go out all the time.
// The first half are aimed to come home in the window (half the time left to their moment out,
// half back), the second half to arrive in it (the target tile's distance is the time left at the
// world's measured ms per tile; started at least a window before, they come home after it);
// map-server's answers give the actual due times. During the window the viewport load runs at a
// fixed rate (open model) and map-server's /metrics is read just before and just after it. A step
// is valid when the arrivals and the returns due in the window each came at >= 90% of R, those
// settled between the reads are >= 95% of those due between them, and the tick lag p99 (every
// step kind settled between the reads) is at most 100 ms. The search stops at the first invalid
// step, and waits for each step's marches to come home before the next. The CPU of each
// --server-pids process over the window, per step settled in it, is what a settled step costs
// that process (with the viewport load's share when there is one); no march starts in the window.
import { percentiles } from '../lib/histogram.ts';
import type { LoadPool } from '../lib/load-pool.ts';
import { forEachIndex } from '../lib/parallel.ts';
import { processLabel } from '../lib/proc.ts';
import { machineLine, UsageSampler } from '../lib/proc-stats.ts';
import { totals } from '../lib/report.ts';
import { Rng } from '../lib/rng.ts';
import {
  type PromSample,
  promNumber,
  quantileBound,
  scrapeMetrics,
  sumOf,
} from '../lib/server-metrics.ts';
import { cityLookup, type MapClient, PARALLEL, startScout, withMap } from './seed.ts';

/** What map-server's /metrics says about settlement. */
export interface SettleSnapshot {
  /** Steps settled, every kind; arrivals and returns apart. */
  settled: number;
  arrivals: number;
  returns: number;
  /** Cumulative tick-lag bucket counts by upper bound (seconds; Infinity for +Inf), every kind. */
  lagBuckets: Map<number, number>;
}

export function settleOf(samples: readonly PromSample[]): SettleSnapshot {
  const lagBuckets = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== 'mapserver_tick_lag_seconds_bucket' || s.labels.le === undefined) continue;
    const bound = promNumber(s.labels.le);
    lagBuckets.set(bound, (lagBuckets.get(bound) ?? 0) + s.value);
  }
  const settled = (kind?: string) =>
    sumOf(samples, 'mapserver_arrivals_settled_total', kind ? { kind } : {}) ?? 0;
  return {
    settled: settled(),
    arrivals: settled('arrival'),
    returns: settled('return'),
    lagBuckets,
  };
}

async function scrapeSettle(url: string): Promise<SettleSnapshot> {
  const samples = await scrapeMetrics(url);
  if (!samples.some((s) => s.name.startsWith('mapserver_')))
    throw new Error(`${url} is not map-server's /metrics (no mapserver_ metrics)`);
  return settleOf(samples);
}

/** Steps settled between two snapshots, and the tick-lag buckets' counts in that interval. */
export function settleDelta(a: SettleSnapshot, b: SettleSnapshot): SettleSnapshot {
  const lagBuckets = new Map<number, number>();
  for (const [le, n] of b.lagBuckets) lagBuckets.set(le, n - (a.lagBuckets.get(le) ?? 0));
  return {
    settled: b.settled - a.settled,
    arrivals: b.arrivals - a.arrivals,
    returns: b.returns - a.returns,
    lagBuckets,
  };
}

/**
 * The smallest bucket bound holding quantile q of the lag observations, in ms: the quantile is at
 * most this. Null without observations.
 */
export function lagBoundMs(d: SettleSnapshot, q: number): number | null {
  const b = quantileBound(d.lagBuckets, q);
  return b === null ? null : b * 1000;
}

/** Observations over `bound` (seconds, a bucket's upper bound); null when it is not one. */
export function lagOver(d: SettleSnapshot, bound: number): number | null {
  const at = d.lagBuckets.get(bound);
  const all = d.lagBuckets.get(Number.POSITIVE_INFINITY);
  return at === undefined || all === undefined ? null : all - at;
}

export interface SearchOptions {
  target: string;
  metricsUrl: string;
  deadlineMs: number;
  players: number[];
  rates: number[];
  windowS: number;
  worldWidth: number;
  worldHeight: number;
  seed: number;
  /** The viewport load, run at `viewportRate` (open model) during each window. */
  pool: LoadPool;
  viewportRate: number;
  /** Processes whose CPU per settled step is reported (map-server, data-server, ...). */
  serverPids: readonly number[];
  say: (line: string) => void;
  /** Stop asked (Ctrl-C): no further step. */
  stopped: () => boolean;
}

const LAG_LIMIT_S = 0.1;
/** Marches aimed before and after the window, at the same rate (seconds; a tenth of it at most). */
const EDGE_MARGIN_S = 0.25;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function inFlight(url: string): Promise<number> {
  return sumOf(await scrapeMetrics(url), 'mapserver_marches_in_flight') ?? 0;
}

/** Until map-server's marches in flight are down to `baseline`, or `untilMs`. */
async function waitHome(url: string, baseline: number, untilMs: number, pollMs: number) {
  while ((await inFlight(url)) > baseline && Date.now() < untilMs) await sleep(pollMs);
}

/** A city's centre (it covers 2 x 2 tiles): where map-server measures a march from. */
type Centre = (playerId: number) => Promise<{ x: number; y: number }>;

/** The world's ms of travel per tile (cavalry at MAPSERVER_SPEED): one march of a known distance. */
async function probe(c: MapClient, o: SearchOptions, rng: Rng, centreOf: Centre): Promise<number> {
  const city = await centreOf(o.players[0]!);
  const beforeProbe = await inFlight(o.metricsUrl);
  const angle = rng.float() * 2 * Math.PI;
  const aim = () => ({
    x: clamp(Math.floor(city.x + 4 * Math.cos(angle)), 0, o.worldWidth - 1),
    y: clamp(Math.floor(city.y + 4 * Math.sin(angle)), 0, o.worldHeight - 1),
  });
  const m = await startScout(c, o.players[0]!, aim, () => {});
  const legMs = m.legEndMs - m.legStartMs;
  // The probe home first (its arrival and return are no step's).
  await waitHome(o.metricsUrl, beforeProbe, Date.now() + 2 * legMs + 10_000, 200);
  return legMs / Math.hypot(m.x + 0.5 - city.x, m.y + 0.5 - city.y);
}

/** A step's plan: n marches to come home in the window from t0, n to arrive in it. */
interface Plan {
  rate: number;
  n: number;
  t0: number;
  marginS: number;
}

/**
 * The step's 2n marches from `players`' cities, each aimed at its moment: their arrivals and
 * returns (the outbound leg again after the arrival), ms of map-server's clock.
 */
async function startStep(
  c: MapClient,
  plan: Plan,
  players: number[],
  centreOf: Centre,
  aim: (city: { x: number; y: number }, ms: number) => { x: number; y: number },
) {
  const { rate, n, t0, marginS } = plan;
  const dueAt: number[] = new Array(2 * n).fill(0);
  const backAt: number[] = new Array(2 * n).fill(0);
  let refused = 0;
  let callLagMs = 0;
  const started0 = performance.now();
  await forEachIndex(2 * n, PARALLEL, async (k) => {
    const playerId = players[k % players.length]!;
    const city = await centreOf(playerId);
    // The returns first: their legs are the shorter (half the time left each way).
    const home = k < n;
    const want = t0 + (((home ? k : k - n) + 0.5) / rate - marginS) * 1000;
    let sent = 0;
    const m = await startScout(
      c,
      playerId,
      () => {
        // map-server's clock starts the march when the call reaches it, a few ms on.
        sent = Date.now();
        return aim(city, Math.max(1, (want - sent - callLagMs) / (home ? 2 : 1)));
      },
      () => refused++,
    );
    callLagMs += (m.legStartMs - sent - callLagMs) / 16;
    dueAt[k] = m.legEndMs;
    backAt[k] = m.legEndMs + (m.legEndMs - m.legStartMs);
  });
  return { dueAt, backAt, refused, startSeconds: (performance.now() - started0) / 1000 };
}

/**
 * The window from `t0`: /metrics read just before and just after it, the CPU of the
 * --server-pids processes and the machine's over it, the viewport load at its rate during it.
 */
async function measureWindow(o: SearchOptions, t0: number) {
  const early = t0 - 300 - Date.now();
  if (early > 0) await sleep(early);
  const usage = new UsageSampler(o.serverPids);
  usage.start();
  const before = await scrapeSettle(o.metricsUrl);
  const read0 = Date.now();
  const wait = t0 - Date.now();
  if (wait > 0) await sleep(wait);
  const durationMs = o.windowS * 1000;
  const vp =
    o.viewportRate > 0
      ? await o.pool.run({ durationMs, requests: null, rate: o.viewportRate })
      : await sleep(durationMs).then(() => null);
  // Arrivals due by the window's end are settled by now or late (their lag says which).
  const read1 = Date.now();
  const d = settleDelta(before, await scrapeSettle(o.metricsUrl));
  return { d, read0, read1, vp, usage: usage.stop() };
}

/** A step's figures (the JSON's `arrivalSearch.steps[]`, with `valid` and `problems`). */
function figuresOf(
  plan: Plan,
  windowS: number,
  started: Awaited<ReturnType<typeof startStep>>,
  w: Awaited<ReturnType<typeof measureWindow>>,
) {
  const { rate, n, t0, marginS } = plan;
  const { dueAt, backAt, refused, startSeconds } = started;
  const { d, vp } = w;
  const readS = (w.read1 - w.read0) / 1000;
  const inWindow = (t: number) => t >= t0 && t < t0 + windowS * 1000;
  // The settlement is checked against what fell due between the two reads (the margins'
  // steps included): the counters say what was settled between them, not when it was due.
  const between = (t: number) => t >= w.read0 && t < w.read1;
  const viewport = vp && totals(vp.ops, vp.elapsedS);
  return {
    /** The rate asked (arrivals/s, and as many returns/s). */
    rate,
    /** Half to come home in the window, half to arrive in it. */
    marches: 2 * n,
    /** StartMarch calls refused (blocked tile: drawn again). */
    refused,
    // Of the marches aimed to arrive in the window (the second half), those due before
    // their span began: a start too late for its moment.
    early: dueAt.slice(n).filter((t) => t < t0 - marginS * 1000).length,
    startSeconds,
    /** Due in the window per second (from map-server's answers). */
    dueRate: dueAt.filter(inWindow).length / windowS,
    returnsDueRate: backAt.filter(inWindow).length / windowS,
    /** Settled per second between the reads of /metrics. */
    settledRate: d.arrivals / readS,
    returnsSettledRate: d.returns / readS,
    stepsRate: d.settled / readS,
    readSeconds: readS,
    /** Due between the reads, and settled between them (the 95% check). */
    arrivalsDueBetweenReads: dueAt.filter(between).length,
    arrivalsSettled: d.arrivals,
    returnsDueBetweenReads: backAt.filter(between).length,
    returnsSettled: d.returns,
    lagP50BoundMs: lagBoundMs(d, 0.5),
    lagP99BoundMs: lagBoundMs(d, 0.99),
    // Steps settled between the reads with a tick lag over 100 ms: how far from holding a step
    // that did not hold was, which the p99's bucket does not say.
    lateSteps: lagOver(d, LAG_LIMIT_S),
    viewportRate: viewport?.rate ?? 0,
    viewportP99Ms: vp && vp.ops[0]!.count > 0 ? percentiles(vp.ops[0]!).p99 / 1000 : null,
    viewportErrors: viewport?.errors ?? 0,
    /** The machine's CPU time over the window, steal included (null: no /proc/stat). */
    machine: w.usage.machine,
    /** CPU per step settled in the window, of each --server-pids process (µs; null: unreadable). */
    cpuUsPerStep: w.usage.servers.map((u) => ({
      name: processLabel(u.pid),
      us: u.cpuS === null || d.settled === 0 ? null : (u.cpuS / d.settled) * 1e6,
    })),
  };
}

export type ArrivalStep = ReturnType<typeof figuresOf> & {
  valid: boolean;
  /** Why not valid (empty when valid). */
  problems: string[];
};

export interface ArrivalSearch {
  windowS: number;
  /** The viewport queries' rate beside the arrivals. */
  viewportRate: number;
  steps: ArrivalStep[];
  /** The world's ms of travel per tile, measured with one probe march before the first step. */
  msPerTile: number;
  /** The highest valid step's rate (null: none). */
  highestValid: number | null;
}

export async function searchArrivalRate(o: SearchOptions): Promise<ArrivalSearch> {
  const rng = new Rng(o.seed, 'map-arrival-search');
  const steps: ArrivalStep[] = [];
  let msPerTile = 0;
  // Marches started per second in the previous step (the lead before the window); the first
  // step assumes 100/s, a few times slower than a 2-vCPU machine starts them. The lead is also
  // how long the step's last marches take to come home after the window.
  let startRate = 100;
  await withMap(o.target, o.deadlineMs, async (c) => {
    const cityOf = cityLookup(c);
    const centreOf: Centre = async (playerId) => {
      const city = await cityOf(playerId);
      return { x: city.x + 1, y: city.y + 1 };
    };
    msPerTile = await probe(c, o, rng, centreOf);
    const aim = (city: { x: number; y: number }, ms: number) =>
      aimTile(city, ms / msPerTile, o, rng);
    // The steps' marches from the other players (the probe's may still be out).
    const players = o.players.slice(1);
    for (const rate of o.rates) {
      if (o.stopped()) break;
      // n to come home in the window, then n to arrive in it, each half aimed at R a second
      // over the window and a margin on either side: a march reaches map-server a varying few
      // ms after the bench computed its distance, and without the margins the marches aimed at
      // the window's edges would fall out of it more often than others fall in.
      const marginS = Math.min(EDGE_MARGIN_S, o.windowS / 10);
      const n = Math.max(1, Math.round(rate * (o.windowS + 2 * marginS)));
      if (2 * n > players.length * 5) {
        o.say(
          `arrival rate ${rate}/s: ${2 * n} marches need ${Math.ceil((2 * n) / 5)} cities (5 marches each) besides the probe's, there are ${players.length}: stopped`,
        );
        break;
      }
      const baseline = await inFlight(o.metricsUrl);
      // Twice the time the previous rate's starts took at their pace, and 2 s, then a window: a
      // late start is a march due before the window (counted as such), not a settlement the
      // server missed, and every march due in the window left at least a window before it (its
      // return falls after the window).
      const leadMs = ((2 * n) / startRate) * 1000 * 2 + 2000 + o.windowS * 1000;
      const plan = { rate, n, t0: Date.now() + leadMs, marginS };
      const started = await startStep(c, plan, players, centreOf, aim);
      startRate = Math.max(5, (2 * n) / started.startSeconds);
      const w = await measureWindow(o, plan.t0);
      const x = figuresOf(plan, o.windowS, started, w);
      const problems = problemsOf(x);
      steps.push({ ...x, valid: problems.length === 0, problems });
      o.say(
        `arrivals at ${rate}/s: ${x.marches} marches started in ${x.startSeconds.toFixed(1)} s; in the ${o.windowS} s window arrivals ${x.dueRate.toFixed(1)}/s due, ${x.settledRate.toFixed(1)}/s settled, returns ${x.returnsDueRate.toFixed(1)}/s due, ${x.returnsSettledRate.toFixed(1)}/s settled (all steps ${x.stepsRate.toFixed(1)}/s), tick lag p50 ${lag(x.lagP50BoundMs)} ms, p99 ${lag(x.lagP99BoundMs)} ms (${x.lateSteps ?? '-'} of ${w.d.settled} steps over ${LAG_LIMIT_S * 1000} ms); viewport ${x.viewportRate.toFixed(0)}/s, p99 ${x.viewportP99Ms?.toFixed(1) ?? '-'} ms: ${problems.length === 0 ? 'valid' : `NOT valid (${problems.join('; ')})`}`,
      );
      if (x.cpuUsPerStep.length > 0) o.say(`  CPU per settled step: ${cpuLine(x.cpuUsPerStep)}`);
      const m = machineLine(x.machine, w.usage.client.wallS);
      if (m) o.say(`  the window's ${m}`);
      // Every march of the step home (and its slot free) before the next.
      await waitHome(
        o.metricsUrl,
        baseline,
        Date.now() + leadMs + o.windowS * 1000 * 2 + 60_000,
        500,
      );
      if (problems.length > 0) break;
    }
  });
  return {
    windowS: o.windowS,
    viewportRate: o.viewportRate,
    steps,
    msPerTile,
    // The rates increase, and the search stops at the first invalid step.
    highestValid: steps.findLast((s) => s.valid)?.rate ?? null,
  };
}

/** Why a step did not hold (empty: it held): the settlement checks. */
function problemsOf(x: ReturnType<typeof figuresOf>): string[] {
  const problems: string[] = [];
  if (x.dueRate < 0.9 * x.rate)
    problems.push(
      `arrivals due ${x.dueRate.toFixed(1)}/s, under 90% of ${x.rate}/s (${x.early} fell due before the window: the starts were late)`,
    );
  if (x.arrivalsSettled < 0.95 * x.arrivalsDueBetweenReads)
    problems.push(
      `settled ${x.arrivalsSettled} arrivals between the reads, under 95% of the ${x.arrivalsDueBetweenReads} due`,
    );
  if (x.returnsDueRate < 0.9 * x.rate)
    problems.push(
      `returns due ${x.returnsDueRate.toFixed(1)}/s, under 90% of ${x.rate}/s (the starts were late)`,
    );
  if (x.returnsSettled < 0.95 * x.returnsDueBetweenReads)
    problems.push(
      `settled ${x.returnsSettled} returns between the reads, under 95% of the ${x.returnsDueBetweenReads} due`,
    );
  if (x.lagP99BoundMs === null) problems.push('no step settled');
  else if (x.lagP99BoundMs > LAG_LIMIT_S * 1000)
    problems.push(`tick lag p99 <= ${x.lagP99BoundMs} ms bucket, over ${LAG_LIMIT_S * 1000} ms`);
  if (x.viewportErrors > 0) problems.push(`${x.viewportErrors} viewport calls failed`);
  return problems;
}

const lag = (v: number | null) => (v === null ? '-' : Number.isFinite(v) ? `<= ${v}` : '> 60000');

/** "map-server 140 µs, data-server 330 µs, ... (sum 950 µs)". */
export function cpuLine(cpu: readonly { name: string; us: number | null }[]): string {
  const known = cpu.filter((c) => c.us !== null);
  const sum = known.reduce((a, c) => a + c.us!, 0);
  return `${cpu.map((c) => `${c.name} ${c.us === null ? '-' : `${Math.round(c.us)} µs`}`).join(', ')} (sum ${Math.round(sum)} µs)`;
}

/**
 * The tile whose centre lies nearest `tiles` from `from` (the city's centre, as map-server
 * measures a march), among the tiles around the circle's points in 64 directions, held on the map.
 * A tile is a whole cell, and a cavalry march covers one in 2/3 s of a speed-60 world: the cell a
 * point at the distance falls in would put a march up to ~0.5 s off its moment, and on a 5 s
 * window an edge's marches out of it. Among the 5 x 5 cells around each direction's point the
 * nearest is a few hundredths of a tile off.
 */
export function aimTile(
  from: { x: number; y: number },
  tiles: number,
  world: { worldWidth: number; worldHeight: number },
  rng: { float(): number },
): { x: number; y: number; distance: number } {
  let best = { x: 0, y: 0, distance: Infinity };
  // Directions evenly spread from a random one: a city near a corner, whose distance leaves only
  // a quarter of the circle on the map, still finds it (a few random directions can all miss it,
  // and a march held at the edge falls due early; when no direction stays on the map, the
  // nearest tile held at the edge is the answer, and the step counts its march so).
  const turn = rng.float();
  for (let k = 0; k < 64; k++) {
    const angle = ((turn + k / 64) % 1) * 2 * Math.PI;
    const px = Math.round(from.x + tiles * Math.cos(angle) - 0.5);
    const py = Math.round(from.y + tiles * Math.sin(angle) - 0.5);
    for (let dx = -2; dx <= 2; dx++)
      for (let dy = -2; dy <= 2; dy++) {
        const x = clamp(px + dx, 0, world.worldWidth - 1);
        const y = clamp(py + dy, 0, world.worldHeight - 1);
        const distance = Math.hypot(x + 0.5 - from.x, y + 0.5 - from.y);
        if (Math.abs(distance - tiles) < Math.abs(best.distance - tiles)) best = { x, y, distance };
      }
  }
  return best;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
