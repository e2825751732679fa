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
import type { OpSnapshot } from '../lib/histogram.ts';
import { percentiles } from '../lib/histogram.ts';
import { forEachIndex } from '../lib/parallel.ts';
import { processLabel } from '../lib/proc.ts';
import { type MachineUsage, machineLine, UsageSampler } from '../lib/proc-stats.ts';
import { Rng } from '../lib/rng.ts';
import { scrapeMetrics, sumOf } from '../lib/server-metrics.ts';
import {
  cityLookup,
  lagBoundMs,
  lagOver,
  type SettleSnapshot,
  settleDelta,
  settleOf,
  startScout,
} from './arrivals.ts';
import { withMap } from './seed.ts';

export interface ArrivalStep {
  /** The rate asked (arrivals/s, and as many returns/s). */
  rate: number;
  /** Marches started: half to come home in the window, half to arrive in it. */
  marches: number;
  /** StartMarch calls refused (blocked tile: drawn again). */
  refused: number;
  /** Marches aimed to arrive in the window that fell due before their span (a late start). */
  early: number;
  startSeconds: number;
  /** Arrivals due in the window per second (from map-server's answers). */
  dueRate: number;
  /** Arrivals settled per second between the reads around the window (map-server's /metrics). */
  settledRate: number;
  /** Returns due in the window per second (from map-server's answers: the outbound leg again). */
  returnsDueRate: number;
  /** Returns settled per second between the reads around the window. */
  returnsSettledRate: number;
  /** Steps of any kind settled per second between the reads around the window. */
  stepsRate: number;
  /** Seconds between the reads of /metrics around the window. */
  readSeconds: number;
  /** Arrivals and returns due between the reads, and settled between them (the 95% check). */
  arrivalsDueBetweenReads: number;
  arrivalsSettled: number;
  returnsDueBetweenReads: number;
  returnsSettled: number;
  lagP50BoundMs: number | null;
  lagP99BoundMs: number | null;
  /**
   * Steps settled between the reads with a tick lag over 100 ms: how far from holding a step
   * that did not hold was, which the p99's bucket does not say.
   */
  lateSteps: number | null;
  viewportRate: number;
  viewportP99Ms: number | null;
  viewportErrors: number;
  /** The machine's CPU time over the window, steal included (null: no /proc/stat). */
  machine: MachineUsage | null;
  /** CPU per step settled in the window, of each --server-pids process (µs; null: unreadable). */
  cpuUsPerStep: { name: string; us: number | null }[];
  valid: boolean;
  /** Why not valid (empty when valid). */
  problems: string[];
}

export interface ArrivalSearch {
  windowS: number;
  /** The viewport queries' rate beside the arrivals (half the measured maximum). */
  viewportRate: number;
  steps: ArrivalStep[];
  /** Marches started to measure the world's ms per tile (one, before the first step). */
  probes: number;
  msPerTile: number;
  /** The highest valid step's rate (null: none). */
  highestValid: number | null;
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
  parallel: number;
  viewportRate: number;
  /** Runs the viewport load at a fixed rate for `durationMs`: its op, rate and errors. */
  viewport: (
    durationMs: number,
    rate: number,
  ) => Promise<{ op: OpSnapshot; rate: number; errors: number }>;
  /** Processes whose CPU per settled step is reported (map-server, data-server, ...). */
  serverPids?: readonly number[];
  say: (line: string) => void;
  /** Stop asked (Ctrl-C): no further step. */
  stopped?: () => boolean;
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

/** The settlement counters of arrivals and of returns, beside all kinds. */
async function scrapeBoth(
  url: string,
): Promise<{ all: SettleSnapshot; arrivals: number; returns: number }> {
  const samples = await scrapeMetrics(url);
  const count = (kind: string) => sumOf(samples, 'mapserver_arrivals_settled_total', { kind }) ?? 0;
  return { all: settleOf(samples), arrivals: count('arrival'), returns: count('return') };
}

export async function searchArrivalRate(o: SearchOptions): Promise<ArrivalSearch> {
  const rng = new Rng(o.seed, 'map-arrival-search');
  const steps: ArrivalStep[] = [];
  // ms of travel per tile of the world (cavalry at MAPSERVER_SPEED), measured on the first march.
  let msPerTile = 0;
  // Marches started per second in the previous step (the lead before the window); the first
  // step assumes 100/s, a few times slower than a 2-vCPU machine starts them. The lead is also
  // how long the step's last marches take to come home after the window.
  let startRate = 100;
  await withMap(o.target, o.deadlineMs, async (c) => {
    const cityOf = cityLookup(c);
    // A city's centre (it covers 2 x 2 tiles): where map-server measures a march from.
    const centreOf = async (playerId: number) => {
      const city = await cityOf(playerId);
      return { x: city.x + 1, y: city.y + 1 };
    };
    // One march of a known distance gives the world's ms per tile (cavalry, MAPSERVER_SPEED).
    const probeCity = await centreOf(o.players[0]!);
    const beforeProbe = await inFlight(o.metricsUrl);
    const probe = await startScout(
      c,
      o.players[0]!,
      () => {
        const angle = rng.float() * 2 * Math.PI;
        return {
          x: clamp(Math.floor(probeCity.x + 4 * Math.cos(angle)), 0, o.worldWidth - 1),
          y: clamp(Math.floor(probeCity.y + 4 * Math.sin(angle)), 0, o.worldHeight - 1),
        };
      },
      () => {},
      'StartMarch (the probe)',
    );
    const probeLegMs = probe.legEndMs - probe.legStartMs;
    msPerTile = probeLegMs / Math.hypot(probe.x + 0.5 - probeCity.x, probe.y + 0.5 - probeCity.y);
    // The probe home first (its arrival and return are no step's).
    await waitHome(o.metricsUrl, beforeProbe, Date.now() + 2 * probeLegMs + 10_000, 200);
    // The steps' marches from the other players (the probe's may still be out).
    const players = o.players.slice(1);
    for (const rate of o.rates) {
      if (o.stopped?.()) break;
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
      const t0 = Date.now() + leadMs;
      // Each march's arrival and return (its outbound leg again after the arrival).
      const dueAt: number[] = new Array(2 * n).fill(0);
      const backAt: number[] = new Array(2 * n).fill(0);
      let refused = 0;
      let callLagMs = 0;
      const started0 = performance.now();
      await forEachIndex(2 * n, o.parallel, async (k) => {
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
            const left = (want - sent - callLagMs) / (home ? 2 : 1);
            return aimTile(city, Math.max(1, left / msPerTile), o, rng);
          },
          () => refused++,
        );
        callLagMs += (m.legStartMs - sent - callLagMs) / 16;
        dueAt[k] = m.legEndMs;
        backAt[k] = m.legEndMs + (m.legEndMs - m.legStartMs);
      });
      const startSeconds = (performance.now() - started0) / 1000;
      startRate = Math.max(5, (2 * n) / startSeconds);
      // The first read just before the window, the viewport load from its start.
      const early0 = t0 - 300 - Date.now();
      if (early0 > 0) await sleep(early0);
      const usage = new UsageSampler(o.serverPids ?? []);
      usage.start();
      const before = await scrapeBoth(o.metricsUrl);
      const read0 = Date.now();
      const wait = t0 - Date.now();
      if (wait > 0) await sleep(wait);
      const vp =
        o.viewportRate > 0
          ? await o.viewport(o.windowS * 1000, o.viewportRate)
          : await sleep(o.windowS * 1000).then(() => null);
      // Arrivals due by the window's end are settled by now or late (their lag says which).
      const read1 = Date.now();
      const after = await scrapeBoth(o.metricsUrl);
      const { servers: used, machine, client } = usage.stop();
      const d = settleDelta(before.all, after.all);
      const readS = (read1 - read0) / 1000;
      const inWindow = (t: number) => t >= t0 && t < t0 + o.windowS * 1000;
      // The settlement is checked against what fell due between the two reads (the margins'
      // steps included): the counters say what was settled between them, not when it was due.
      const between = (t: number) => t >= read0 && t < read1;
      const figures = {
        rate,
        marches: 2 * n,
        refused,
        // Of the marches aimed to arrive in the window (the second half), those due before
        // their span began: a start too late for its moment.
        early: dueAt.slice(n).filter((t) => t < t0 - marginS * 1000).length,
        startSeconds,
        dueRate: dueAt.filter(inWindow).length / o.windowS,
        settledRate: (after.arrivals - before.arrivals) / readS,
        returnsDueRate: backAt.filter(inWindow).length / o.windowS,
        returnsSettledRate: (after.returns - before.returns) / readS,
        stepsRate: d.settled / readS,
        readSeconds: readS,
        arrivalsDueBetweenReads: dueAt.filter(between).length,
        arrivalsSettled: after.arrivals - before.arrivals,
        returnsDueBetweenReads: backAt.filter(between).length,
        returnsSettled: after.returns - before.returns,
        lagP50BoundMs: lagBoundMs(d, 0.5),
        lagP99BoundMs: lagBoundMs(d, 0.99),
        lateSteps: lagOver(d, LAG_LIMIT_S),
        viewportRate: vp?.rate ?? 0,
        viewportP99Ms: vp && vp.op.count > 0 ? percentiles(vp.op).p99 / 1000 : null,
        viewportErrors: vp?.errors ?? 0,
        machine,
        cpuUsPerStep: used.map((u) => ({
          name: processLabel(u.pid),
          us: u.cpuS === null || d.settled === 0 ? null : (u.cpuS / d.settled) * 1e6,
        })),
      };
      const problems = problemsOf(figures);
      const step: ArrivalStep = { ...figures, valid: problems.length === 0, problems };
      steps.push(step);
      o.say(
        `arrivals at ${rate}/s: ${2 * n} marches started in ${startSeconds.toFixed(1)} s; in the ${o.windowS} s window arrivals ${step.dueRate.toFixed(1)}/s due, ${step.settledRate.toFixed(1)}/s settled, returns ${step.returnsDueRate.toFixed(1)}/s due, ${step.returnsSettledRate.toFixed(1)}/s settled (all steps ${step.stepsRate.toFixed(1)}/s), tick lag p50 <= ${step.lagP50BoundMs ?? '-'} ms, p99 <= ${step.lagP99BoundMs ?? '-'} ms (${step.lateSteps ?? '-'} of ${d.settled} steps over ${LAG_LIMIT_S * 1000} ms); viewport ${step.viewportRate.toFixed(0)}/s: ${step.valid ? 'valid' : `NOT valid (${problems.join('; ')})`}`,
      );
      if (step.cpuUsPerStep.length > 0)
        o.say(`  CPU per settled step: ${cpuLine(step.cpuUsPerStep)}`);
      const m = machineLine(machine, client.wallS);
      if (m) o.say(`  the window's ${m}`);
      // Every march of the step home (and its slot free) before the next.
      await waitHome(
        o.metricsUrl,
        baseline,
        Date.now() + leadMs + o.windowS * 1000 * 2 + 60_000,
        500,
      );
      if (!step.valid) break;
    }
  });
  return {
    windowS: o.windowS,
    viewportRate: o.viewportRate,
    steps,
    probes: 1,
    msPerTile,
    // The rates increase, and the search stops at the first invalid step.
    highestValid: steps.findLast((s) => s.valid)?.rate ?? null,
  };
}

/** Why a step did not hold (empty: it held): the settlement checks. */
function problemsOf(x: Omit<ArrivalStep, 'valid' | 'problems'>): string[] {
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

/** "map-server 140 µs, data-server 330 µs, ... (sum 950 µs)". */
export function cpuLine(cpu: readonly { name: string; us: number | null }[]): string {
  const known = cpu.filter((c) => c.us !== null);
  const sum = known.reduce((a, c) => a + c.us!, 0);
  return `${cpu.map((c) => `${c.name} ${c.us === null ? '-' : `${Math.round(c.us)} µs`}`).join(', ')} (sum ${Math.round(sum)} µs)`;
}

/**
 * The tile whose centre lies nearest `tiles` from `from` (the city's centre, as map-server
 * measures a march), near the circle's points in 32 directions, those that keep it on the map.
 * A tile is a whole cell, and a cavalry march covers one in 2/3 s of a speed-60 world: the cell a
 * point at the distance falls in would put a march up to ~0.5 s off its moment, and on a 5 s
 * window an edge's marches out of it. Around each direction's point the cells whose centres lie
 * on the circle (for each column near it the two rows that bracket the circle, and for each row
 * the two columns) are the candidates; the nearest is a few hundredths of a tile off.
 */
export function aimTile(
  from: { x: number; y: number },
  tiles: number,
  world: { worldWidth: number; worldHeight: number },
  rng: { float(): number },
): { x: number; y: number; distance: number } {
  let best: { x: number; y: number; distance: number } | null = null;
  let bestErr = Infinity;
  const consider = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= world.worldWidth || y >= world.worldHeight) return;
    const distance = Math.hypot(x + 0.5 - from.x, y + 0.5 - from.y);
    const err = Math.abs(distance - tiles);
    if (err < bestErr) {
      bestErr = err;
      best = { x, y, distance };
    }
  };
  // One coordinate of a cell whose centre is on the circle, the other given (cell units).
  const across = (c: number, centre: number, otherCentre: number, side: number) => {
    const rest = tiles * tiles - (c + 0.5 - centre) ** 2;
    return rest < 0 ? null : otherCentre + side * Math.sqrt(rest) - 0.5;
  };
  let first: { x: number; y: number } | null = null;
  // Directions evenly spread from a random one: a city near a corner, whose distance leaves only
  // a quarter of the circle on the map, still finds it (a few random directions can all miss it,
  // and a march held at the edge falls due early).
  const turn = rng.float();
  for (let k = 0; k < 32; k++) {
    const angle = ((turn + k / 32) % 1) * 2 * Math.PI;
    const px = Math.floor(from.x + tiles * Math.cos(angle) - 0.5);
    const py = Math.floor(from.y + tiles * Math.sin(angle) - 0.5);
    first ??= { x: px, y: py };
    for (let d = -3; d <= 3; d++) {
      const y = across(px + d, from.x, from.y, Math.sin(angle) < 0 ? -1 : 1);
      if (y !== null) for (const r of [Math.floor(y), Math.floor(y) + 1]) consider(px + d, r);
      const x = across(py + d, from.y, from.x, Math.cos(angle) < 0 ? -1 : 1);
      if (x !== null) for (const c of [Math.floor(x), Math.floor(x) + 1]) consider(c, py + d);
    }
  }
  if (best) return best;
  // No direction stays on the map (a world smaller than the distance): the first one's point,
  // held at the edge; its march falls due early, and the step counts it so.
  const x = clamp(first!.x, 0, world.worldWidth - 1);
  const y = clamp(first!.y, 0, world.worldHeight - 1);
  return { x, y, distance: Math.hypot(x + 0.5 - from.x, y + 0.5 - from.y) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
