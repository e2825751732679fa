// Arrivals beside the viewport load: scout marches started by the bench's players (cavalry, to a
// free tile near the city, so that they arrive and come home while the load runs on a server
// whose MAPSERVER_SPEED makes minutes of travel seconds), and map-server's own counters read from
// its /metrics around each viewport slice: steps settled (arrivals, returns) per second and the
// tick lag's distribution (from the due time to the settlement written).
import { ServiceError } from '@slg/service-kit';
import { forEachIndex } from '../lib/parallel.ts';
import { Rng } from '../lib/rng.ts';
import {
  type PromSample,
  parsePrometheusText,
  promNumber,
  quantileBound,
  scrapeMetrics,
  sumOf,
} from '../lib/server-metrics.ts';
import { CAVALRY_TROOP_ID, type MapClient, withMap } from './seed.ts';

/** What /metrics says about settlement, summed over the step kinds. */
export interface SettleSnapshot {
  settled: number;
  /** Cumulative tick-lag bucket counts by upper bound (seconds; Infinity for +Inf). */
  lagBuckets: Map<number, number>;
}

/** The settlement counters of a Prometheus text exposition (every `kind` summed). */
export function parseSettleMetrics(text: string): SettleSnapshot {
  return settleOf(parsePrometheusText(text));
}

export function settleOf(samples: readonly PromSample[]): SettleSnapshot {
  const lagBuckets = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== 'mapserver_tick_lag_seconds_bucket' || s.labels.le === undefined) continue;
    const bound = promNumber(s.labels.le);
    lagBuckets.set(bound, (lagBuckets.get(bound) ?? 0) + s.value);
  }
  return { settled: sumOf(samples, 'mapserver_arrivals_settled_total') ?? 0, lagBuckets };
}

export async function scrapeSettle(url: string): Promise<SettleSnapshot> {
  const samples = await scrapeMetrics(url);
  if (!samples.some((s) => s.name.startsWith('mapserver_')))
    throw new Error(`${url} is not map-server's /metrics (no mapserver_ metrics)`);
  return settleOf(samples);
}

/** Steps settled between two snapshots, and the tick-lag buckets' counts in that interval. */
export function settleDelta(a: SettleSnapshot, b: SettleSnapshot): SettleSnapshot {
  const lagBuckets = new Map<number, number>();
  for (const [le, n] of b.lagBuckets) lagBuckets.set(le, n - (a.lagBuckets.get(le) ?? 0));
  return { settled: b.settled - a.settled, lagBuckets };
}

/** Several intervals' deltas as one. */
export function sumDeltas(parts: readonly SettleSnapshot[]): SettleSnapshot {
  const lagBuckets = new Map<number, number>();
  for (const p of parts)
    for (const [le, n] of p.lagBuckets) lagBuckets.set(le, (lagBuckets.get(le) ?? 0) + n);
  return { settled: parts.reduce((n, p) => n + p.settled, 0), lagBuckets };
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

export interface MarchStart {
  started: number;
  /** Refused (a blocked or taken tile, five marches out): FAILED_PRECONDITION, tried elsewhere. */
  refused: number;
  /** The outbound legs' durations (ms of game time): when the arrivals fall due. */
  legMsMin: number;
  legMsMax: number;
}

/** A player's city (its top-left tile), asked of map-server once. */
export function cityLookup(c: MapClient): (playerId: number) => Promise<{ x: number; y: number }> {
  const cities = new Map<number, Promise<{ x: number; y: number }>>();
  return (playerId) => {
    if (!cities.has(playerId)) cities.set(playerId, c.GetCity({ playerId }));
    return cities.get(playerId)!;
  };
}

/**
 * A scout march of one cavalry from `playerId`'s city to the tile `aim` draws; a tile refused
 * (FAILED_PRECONDITION: blocked or taken, or five marches out; INVALID_ARGUMENT) is drawn again,
 * up to 20 tries, each counted by `refused`. The leg's start and end (ms of map-server's clock).
 */
export async function startScout(
  c: MapClient,
  playerId: number,
  aim: () => { x: number; y: number },
  refused: () => void,
  what = `StartMarch for player ${playerId}`,
): Promise<{ x: number; y: number; legStartMs: number; legEndMs: number }> {
  for (let attempt = 0; ; attempt++) {
    const { x, y } = aim();
    try {
      const m = await c.StartMarch({
        playerId,
        kind: 'scout',
        targetX: x,
        targetY: y,
        troops: [{ troopId: CAVALRY_TROOP_ID, count: 1 }],
      });
      return { x, y, legStartMs: Number(m.legStartMs), legEndMs: Number(m.legEndMs) };
    } catch (err) {
      const retry =
        err instanceof ServiceError &&
        (err.code === 'FAILED_PRECONDITION' || err.code === 'INVALID_ARGUMENT');
      if (!retry || attempt >= 20) throw new Error(`${what}: ${(err as Error).message}`);
      refused();
    }
  }
}

/**
 * `marches` scout marches of one cavalry each from the players' cities (round robin, at most 5
 * out per player), each to a random tile within `radius` of its city.
 */
export async function startMarches(o: {
  target: string;
  deadlineMs: number;
  players: number[];
  marches: number;
  radius: number;
  seed: number;
  parallel: number;
}): Promise<MarchStart> {
  const rng = new Rng(o.seed, 'map-marches');
  const out: MarchStart = { started: 0, refused: 0, legMsMin: Infinity, legMsMax: 0 };
  await withMap(o.target, o.deadlineMs, async (c) => {
    const cityOf = cityLookup(c);
    await forEachIndex(o.marches, o.parallel, async (i) => {
      const playerId = o.players[i % o.players.length]!;
      if (Math.floor(i / o.players.length) >= 5)
        throw new Error(
          `--marches ${o.marches}: at most 5 per player (${o.players.length} players)`,
        );
      const city = await cityOf(playerId);
      const m = await startScout(
        c,
        playerId,
        () => ({
          x: Math.max(0, city.x + rng.range(-o.radius, o.radius)),
          y: Math.max(0, city.y + rng.range(-o.radius, o.radius)),
        }),
        () => out.refused++,
      );
      out.legMsMin = Math.min(out.legMsMin, m.legEndMs - m.legStartMs);
      out.legMsMax = Math.max(out.legMsMax, m.legEndMs - m.legStartMs);
      out.started++;
    });
  });
  if (out.started === 0) out.legMsMin = 0;
  return out;
}
