// The steps of a march other than battles and gathering: what an arrival does by the march's
// kind, a scout's report, and the return home (troops and load back to the player).
import { T } from '../store/records.ts';
import type { Op } from '../store/store.ts';
import { type March, type MarchDraft, RESOURCES } from '../world/types.ts';
import { attackCity, attackMonster } from './battle-steps.ts';
import { reportIdOf } from './effects.ts';
import { gatherArrive, gatherEnd } from './gather.ts';
import { headHome, nextOf, type Plan, publishMarch, type StepContext, station } from './plan.ts';
import { MAX_REINFORCEMENTS } from './rules.ts';

/** The plan of a march's due step at t, by its state. */
export function planDue(ctx: StepContext, m: March, t: number): Promise<Plan> {
  if (m.state === 'outbound') return arrive(ctx, m, t);
  if (m.state === 'gathering') return Promise.resolve(gatherEnd(ctx, m, t, 'march_returned'));
  return Promise.resolve(home(ctx, m, t));
}

/** An arrival: what happens depends on the kind and on what is at the target now. */
export async function arrive(ctx: StepContext, m: March, t: number): Promise<Plan> {
  const n = nextOf(m);
  const back = (why: string): Plan => {
    headHome(ctx.speed, n, m.toX, m.toY, t, m.legEnd - m.legStart);
    return {
      after: n,
      ops: [],
      effects: [],
      done: (was) => {
        ctx.log.debug({ march: m.id, why }, 'march found nothing to do: returning');
        publishMarch(ctx, 'march_arrived', m, t, was);
      },
    };
  };
  const target = ctx.world.at(m.targetX, m.targetY);
  switch (m.kind) {
    case 'gather': {
      const f = target?.kind === 'field' ? target : undefined;
      if (!f || f.id !== m.targetId || f.gen !== m.targetGen) return back('the field is gone');
      if (f.occupant) return back(`field ${f.id} is occupied by march ${f.occupant.id}`);
      return gatherArrive(ctx, m, n, f, t);
    }
    case 'reinforce': {
      const c = target?.kind === 'city' ? target : undefined;
      if (!c || c.playerId !== m.targetId) return back('the city moved away');
      if (c.reinforcements.size >= MAX_REINFORCEMENTS) return back('the city is full');
      n.state = 'stationed';
      n.fromX = n.toX;
      n.fromY = n.toY;
      n.legStart = t;
      n.legEnd = t;
      return {
        after: n,
        ops: [],
        effects: [],
        done: (was) => {
          station(ctx, c, m, t);
          publishMarch(ctx, 'march_arrived', m, t, was);
        },
      };
    }
    case 'scout':
      return scout(ctx, m, n, t);
    case 'attack_city': {
      const c = target?.kind === 'city' ? target : undefined;
      if (!c || c.playerId !== m.targetId) return back('the city moved away');
      return attackCity(ctx, m, n, c, t);
    }
    case 'attack_monster': {
      const mon = target?.kind === 'monster' ? target : undefined;
      if (!mon || mon.id !== m.targetId || mon.gen !== m.targetGen)
        return back('the monster is gone');
      return attackMonster(ctx, m, n, mon, t);
    }
  }
}

/** Home: troops back into the player's troop records, the load into the player's resources. */
export function home(ctx: StepContext, m: March, t: number): Plan {
  const ops: Op[] = [];
  for (const s of m.troops) {
    if (s.count > 0)
      ops.push({ incr: { table: T.troop, member: s.troopId, field: 'count', delta: s.count } });
    if (s.wounded > 0)
      ops.push({
        incr: { table: T.troop, member: s.troopId, field: 'wounded', delta: s.wounded },
      });
  }
  for (const k of RESOURCES) {
    if (m.load[k] > 0)
      ops.push({ incr: { table: T.player, member: 0, field: k, delta: m.load[k] } });
  }
  return {
    after: null,
    ops,
    effects: [],
    done: (was) => publishMarch(ctx, 'march_returned', m, t, was),
  };
}

export async function scout(ctx: StepContext, m: March, n: MarchDraft, t: number): Promise<Plan> {
  const e = ctx.world.at(m.targetX, m.targetY);
  const seen: Record<string, unknown> = {
    x: m.targetX,
    y: m.targetY,
    blocked: ctx.world.blocked(m.targetX, m.targetY),
  };
  if (e?.kind === 'city') {
    const troops = await ctx.store.list(T.troop, e.playerId);
    seen.city = {
      playerId: e.playerId,
      x: e.x,
      y: e.y,
      level: e.level,
      reinforcements: e.reinforcements.size,
    };
    seen.troops = troops.reduce((a, r) => a + Number(r.fields.count ?? 0), 0);
  } else if (e?.kind === 'field') {
    seen.field = {
      id: e.id,
      resource: e.resource,
      level: e.level,
      remaining: e.remaining,
      occupiedBy: e.occupant?.id ?? 0,
    };
  } else if (e?.kind === 'monster') {
    seen.monster = { id: e.id, level: e.level, troops: e.troops };
  }
  headHome(ctx.speed, n, m.toX, m.toY, t, m.legEnd - m.legStart);
  const reportId = reportIdOf(m.id, m.step + 1);
  return {
    after: n,
    ops: [
      {
        create: {
          table: T.report,
          member: reportId,
          fields: { kind: 'scout', march_id: m.id, created_at: t, result: JSON.stringify(seen) },
        },
      },
    ],
    effects: [],
    done: (was) => publishMarch(ctx, 'march_arrived', m, t, was),
  };
}
