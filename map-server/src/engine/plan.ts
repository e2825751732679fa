// What a march step does, decided before anything is written (a Plan), and what every kind of
// step needs to decide it (a StepContext): the world, the store for reads, battle-server, the
// stream, the game speed.
import type { Logger } from '@slg/service-kit';
import { marchMsg } from '../convert.ts';
import type { Effect } from '../store/records.ts';
import type { MapStore, Op } from '../store/store.ts';
import { cityCenter, type March, RESOURCES, type Resources } from '../world/types.ts';
import { marchSegment, type World } from '../world/world.ts';
import type { BattleClient } from './battles.ts';
import type { MapEventType, Publish } from './events.ts';
import { travelMs } from './rules.ts';

/** What a step does: the march after it (null: it ends at home), and everything it writes. */
export interface Plan {
  after: March | null;
  /** Further ops on the march's owner, in the same write. */
  ops: Op[];
  /** Writes to other owners, applied after the march write (stored in it until then). */
  effects: Effect[];
  /** Memory and stream updates, once everything is written. */
  done(): void;
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
export function nextOf(m: March): March {
  return { ...m, troops: m.troops.map((s) => ({ ...s })), load: { ...m.load }, cells: [] };
}

/** The march heads home from (x, y) at t, arriving after `ms`. */
export function headHome(
  speed: number,
  n: March,
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
  before?: March,
): void {
  const paths = [marchSegment(m)];
  if (before) paths.push(marchSegment(before));
  ctx.publish({ timeMs: t, type, march: marchMsg(m), tiles: [], paths });
}
