// What a march step does, decided before anything is written (a Plan), and what every kind of
// step needs to decide it (a StepContext): the world, the store for reads, battle-server, the
// stream, the game speed.
import type { Logger } from '@slg/service-kit';
import { cityMsg, marchMsg } from '../convert.ts';
import type { Effect } from '../store/records.ts';
import type { MapStore, Op } from '../store/store.ts';
import type { Segment } from '../world/geometry.ts';
import {
  type City,
  cityCenter,
  type March,
  type MarchDraft,
  RESOURCES,
  type Resources,
} from '../world/types.ts';
import { marchSegment, type World } from '../world/world.ts';
import type { BattleClient } from './battles.ts';
import type { MapEventType, Publish } from './events.ts';
import { travelMs } from './rules.ts';

/** What a step does: the march after it (null: it ends at home), and everything it writes. */
export interface Plan {
  after: MarchDraft | null;
  /** Further ops on the march's owner, in the same write. */
  ops: Op[];
  /** Writes to other owners, applied after the march write (stored in it until then). */
  effects: Effect[];
  /**
   * Memory and stream updates, once everything is written and the march took `after`; `was`:
   * the path it was on before (its events name both: a rectangle that saw the old path only
   * must hear that it left).
   */
  done(was: Segment): void;
  /** The plan was not written: release what it reserved. */
  abort?(): void;
}

export interface StepContext {
  readonly world: World;
  readonly store: MapStore;
  readonly battles: BattleClient;
  readonly log: Logger;
  readonly publish: Publish;
  readonly speed: number;
  /** Puts a march's next event on the heap (a reinforcement sent home by a battle). */
  schedule(m: March): void;
}

export const totalLoad = (r: Resources) => RESOURCES.reduce((a, k) => a + r[k], 0);

/** A copy of the march to plan the step on. */
export function nextOf(m: March): MarchDraft {
  return { ...m, troops: m.troops.map((s) => ({ ...s })), load: { ...m.load }, cells: [] };
}

/** The march heads home from (x, y) at t, arriving after `ms`. */
export function headHome(
  speed: number,
  n: MarchDraft,
  x: number,
  y: number,
  t: number,
  ms?: number,
): void {
  const home = cityCenter({ x: n.homeX, y: n.homeY });
  n.state = 'returning';
  n.fromX = x;
  n.fromY = y;
  n.toX = home.x;
  n.toY = home.y;
  n.legStart = t;
  n.legEnd = t + (ms ?? travelMs(Math.hypot(home.x - x, home.y - y), n.troops, speed));
}

export function publishMarch(
  ctx: Pick<StepContext, 'publish'>,
  type: MapEventType,
  m: March,
  t: number,
  was?: Segment,
): void {
  const paths = [marchSegment(m)];
  if (was) paths.push(was);
  ctx.publish({ timeMs: t, type, march: marchMsg(m), tiles: [], paths });
}

export function publishCity(
  ctx: Pick<StepContext, 'publish'>,
  type: MapEventType,
  c: City,
  t: number,
): void {
  ctx.publish({
    timeMs: t,
    type,
    city: cityMsg(c),
    tiles: [{ x: c.x, y: c.y, width: 2, height: 2 }],
    paths: [],
  });
}

// A city's reinforcement count is on the wire (City.reinforcements): every station and unstation
// goes through these two, which tell the streams when the count changed.

/** An allied march stationed in the city. */
export function station(ctx: Pick<StepContext, 'world' | 'publish'>, c: City, m: March, t: number) {
  const before = c.reinforcements.size;
  ctx.world.station(c, m);
  if (c.reinforcements.size !== before && c.slot !== 0) publishCity(ctx, 'city_changed', c, t);
}

/** An allied march leaves the city (nothing if it was not there). */
export function unstation(
  ctx: Pick<StepContext, 'world' | 'publish'>,
  c: City | undefined,
  m: March,
  t: number,
) {
  if (!c) return;
  const before = c.reinforcements.size;
  ctx.world.unstation(c, m);
  if (c.reinforcements.size !== before && c.slot !== 0) publishCity(ctx, 'city_changed', c, t);
}
