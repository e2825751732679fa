// Gathering: the army occupies the field on arrival, gathers at the field's rate until its load
// is full or the field is empty (or it is recalled), then the field pays and the army leaves; an
// emptied field respawns elsewhere in its region with a new level.

import { hash32 } from '@slg/service-kit/prng';
import { T } from '../store/records.ts';
import type { Field, March, MarchDraft } from '../world/types.ts';
import { recordEffect } from './effects.ts';
import type { MapEventType } from './events.ts';
import { headHome, nextOf, type Plan, publishMarch, type StepContext, totalLoad } from './plan.ts';
import {
  capacity,
  FIELD_LEVELS,
  FIELD_SIZE_PER_LEVEL,
  GATHER_PER_SECOND_PER_LEVEL,
} from './rules.ts';

function gatherRate(ctx: StepContext, f: Field): number {
  return (f.level * GATHER_PER_SECOND_PER_LEVEL * ctx.speed) / 1000;
}

function gatherMs(ctx: StepContext, f: Field, amount: number): number {
  return Math.max(1, Math.ceil(amount / gatherRate(ctx, f)));
}

export function fieldMsgOf(f: Field) {
  return {
    id: f.id,
    resource: f.resource,
    level: f.level,
    x: f.x,
    y: f.y,
    remaining: f.remaining,
    occupiedBy: f.occupant?.id ?? 0,
  };
}

export function publishField(ctx: StepContext, type: MapEventType, f: Field, t: number): void {
  ctx.publish({
    timeMs: t,
    type,
    field: fieldMsgOf(f),
    tiles: [{ x: f.x, y: f.y, width: 1, height: 1 }],
    paths: [],
  });
}

/** A gathering march arrives at its (free, still the same) field: it starts gathering. */
export function gatherArrive(ctx: StepContext, m: March, n: MarchDraft, f: Field, t: number): Plan {
  const amount = Math.min(capacity(n.troops) - totalLoad(n.load), f.remaining);
  n.state = 'gathering';
  n.fromX = n.toX;
  n.fromY = n.toY;
  n.legStart = t;
  n.legEnd = t + gatherMs(ctx, f, amount);
  return {
    after: n,
    ops: [],
    effects: [],
    done: (was) => {
      ctx.world.updateField(f, { occupant: m });
      publishMarch(ctx, 'march_arrived', m, t, was);
      publishField(ctx, 'field_changed', f, t);
    },
  };
}

/** Gathering ends at t (load full, field empty, or recalled): the field pays, the army leaves. */
export function gatherEnd(ctx: StepContext, m: March, t: number, type: MapEventType): Plan {
  const { world } = ctx;
  const n = nextOf(m);
  const f = world.fields.get(m.targetId)!;
  const planned = Math.min(capacity(m.troops) - totalLoad(m.load), f.remaining);
  const gathered = Math.min(planned, Math.floor((t - m.legStart) * gatherRate(ctx, f)));
  n.load[f.resource] += gathered;
  headHome(ctx.speed, n, m.toX, m.toY, t);
  const left = f.remaining - gathered;
  let after = {
    resource: f.resource,
    level: f.level,
    x: f.x,
    y: f.y,
    remaining: left,
    gen: f.gen,
  };
  let spot: { x: number; y: number } | null = null;
  if (left === 0) {
    // Exhausted: it respawns elsewhere in its region, with a new level.
    const index = f.region - world.regionId(0);
    spot = world.freeTileInRegion(index, [f.id, f.gen + 1]) ?? { x: f.x, y: f.y };
    const level = 1 + (hash32(world.seed, f.id, f.gen + 1, 7) % FIELD_LEVELS);
    after = {
      ...after,
      x: spot.x,
      y: spot.y,
      level,
      remaining: level * FIELD_SIZE_PER_LEVEL,
      gen: f.gen + 1,
    };
    world.reserve(spot.x, spot.y);
  }
  const effect = recordEffect(f.region, T.field, f.id, f.version, after);
  return {
    after: n,
    ops: [],
    effects: [effect],
    abort: () => {
      if (spot) world.unreserve(spot.x, spot.y);
    },
    done: (was) => {
      world.updateField(f, {
        occupant: undefined,
        version: f.version + 1,
        remaining: after.remaining,
        level: after.level,
        gen: after.gen,
      });
      if (spot) {
        world.unreserve(spot.x, spot.y);
        const old = { x: f.x, y: f.y };
        if (spot.x !== f.x || spot.y !== f.y) world.moveOne(f, spot.x, spot.y);
        ctx.publish({
          timeMs: t,
          type: 'field_respawned',
          field: { ...fieldMsgOf(f) },
          tiles: [
            { x: old.x, y: old.y, width: 1, height: 1 },
            { x: f.x, y: f.y, width: 1, height: 1 },
          ],
          paths: [],
        });
      } else publishField(ctx, 'field_changed', f, t);
      publishMarch(ctx, type, m, t, was);
    },
  };
}
