// Battles: a march attacking a city (the garrison and the allied marches stationed there, with
// the city's wall) or a monster, resolved by battle-server; the losses shared back to each
// troop record and march stack to the unit, the plunder, both players' reports.

import { hash32 } from '@slg/service-kit/prng';
import { type Effect, marchFields, T } from '../store/records.ts';
import type { Op } from '../store/store.ts';
import {
  type City,
  emptyResources,
  type March,
  type MarchDraft,
  type Monster,
  RESOURCES,
  type Resources,
  TROOP_TYPES,
  type TroopType,
} from '../world/types.ts';
import { marchSegment } from '../world/world.ts';
import type { BattleInput, BattleResult } from './battles.ts';
import { type Contributor, lossesOf, mergeArmy } from './combat.ts';
import { recordEffect, reportIdOf } from './effects.ts';
import {
  headHome,
  nextOf,
  type Plan,
  publishMarch,
  type StepContext,
  totalLoad,
  unstation,
} from './plan.ts';
import {
  capacity,
  HOSPITAL_BP,
  MAX_TROOPS_PER_STACK,
  MONSTER_TROOPS_PER_LEVEL,
  PLUNDER_BP,
  wallOf,
} from './rules.ts';

/** The attacker's side of a battle: its march's stacks. */
function attackerSide(m: March): Contributor[] {
  return m.troops.map((s, i) => ({
    owner: m.playerId,
    troopId: s.troopId,
    marchId: m.id,
    stackIndex: i,
    type: s.type,
    tier: s.tier,
    count: s.count,
  }));
}

function battleInput(
  ctx: StepContext,
  m: March,
  attacker: Contributor[],
  defender: Contributor[],
  city?: City,
): {
  input: BattleInput;
  armies: [ReturnType<typeof mergeArmy>, ReturnType<typeof mergeArmy>];
} {
  const a = mergeArmy(attacker);
  const d = mergeArmy(defender);
  const side = (army: ReturnType<typeof mergeArmy>, hospital: boolean) => {
    const troops = army.stacks.length
      ? army.stacks
      : [{ type: 'infantry' as const, tier: 1, count: 0 }];
    const total = troops.reduce((x, s) => x + s.count, 0);
    return {
      troops,
      ...(hospital ? { hospitalCapacity: Math.floor((total * HOSPITAL_BP) / 10000) } : {}),
    };
  };
  const input: BattleInput = {
    seed: hash32(ctx.world.seed, m.id, m.step + 1, 0xba771e),
    maxRounds: 10,
    attacker: side(a, true),
    defender: side(d, city !== undefined),
    ...(city ? { city: { wall: wallOf(city.level) } } : {}),
  };
  if (!a.stacks.length) input.attacker.troops = [{ type: 'infantry', tier: 1, count: 0 }];
  return { input, armies: [a, d] };
}

/** The attacking march after a battle: survivors (wounded ride home), homeward. */
function afterBattle(
  ctx: StepContext,
  m: March,
  n: MarchDraft,
  attacker: Contributor[],
  losses: { dead: number; wounded: number }[],
  t: number,
): void {
  attacker.forEach((c, i) => {
    const s = n.troops[c.stackIndex]!;
    s.count -= losses[i]!.dead + losses[i]!.wounded;
    s.wounded += losses[i]!.wounded;
  });
  headHome(ctx.speed, n, m.toX, m.toY, t, m.legEnd - m.legStart);
}

export async function attackCity(
  ctx: StepContext,
  m: March,
  n: MarchDraft,
  c: City,
  t: number,
): Promise<Plan> {
  const defenderId = c.playerId;
  const [troopRecords, player] = await Promise.all([
    ctx.store.list(T.troop, defenderId),
    ctx.store.fetch(T.player, defenderId),
  ]);
  const attacker = attackerSide(m);
  const defender: Contributor[] = [];
  for (const r of troopRecords) {
    const count = Number(r.fields.count ?? 0);
    const type = String(r.fields.kind) as TroopType;
    const tier = Number(r.fields.tier ?? 1);
    if (count > 0 && TROOP_TYPES.includes(type) && tier >= 1 && tier <= 10) {
      defender.push({
        owner: defenderId,
        troopId: r.member,
        marchId: 0,
        stackIndex: 0,
        type,
        tier,
        count: Math.min(count, MAX_TROOPS_PER_STACK),
      });
    }
  }
  const stationed = [...c.reinforcements].sort((a, b) => a.id - b.id);
  for (const r of stationed) {
    r.troops.forEach((s, i) => {
      if (s.count > 0)
        defender.push({
          owner: r.playerId,
          troopId: s.troopId,
          marchId: r.id,
          stackIndex: i,
          type: s.type,
          tier: s.tier,
          count: s.count,
        });
    });
  }
  const { input, armies } = battleInput(ctx, m, attacker, defender, c);
  const result = await ctx.battles.fight(input);
  const aLoss = lossesOf(attacker, armies[0], result.attacker.stacks);
  const dLoss = lossesOf(defender, armies[1], result.defender.stacks);
  afterBattle(ctx, m, n, attacker, aLoss, t);
  // Plunder: a winner carries off a share of each resource, as far as its load allows.
  const plunder = emptyResources();
  if (result.winner === 'attacker' && player) {
    let room = capacity(n.troops) - totalLoad(n.load);
    for (const k of RESOURCES) {
      const take = Math.max(
        0,
        Math.min(room, Math.floor((Number(player.fields[k] ?? 0) * PLUNDER_BP) / 10000)),
      );
      plunder[k] = take;
      room -= take;
    }
  }
  for (const k of RESOURCES) n.load[k] += plunder[k];
  const reportId = reportIdOf(m.id, m.step + 1);
  const outcome = battleOutcome(m, defenderId, result, attacker, aLoss, defender, dLoss, plunder);
  const report = (role: string) => ({
    create: {
      table: T.report,
      member: reportId,
      fields: {
        kind: 'battle',
        march_id: m.id,
        created_at: t,
        input: JSON.stringify(input),
        result: JSON.stringify({ ...outcome, role }),
        hash: result.hash,
      },
    },
  });
  // The defender: report (the guard), troop losses, plunder.
  const defenderOps: Op[] = [report('defender')];
  defender.forEach((d, i) => {
    if (d.marchId !== 0) return;
    const l = dLoss[i]!;
    if (l.dead + l.wounded > 0)
      defenderOps.push({
        incr: {
          table: T.troop,
          member: d.troopId,
          field: 'count',
          delta: -(l.dead + l.wounded),
          floor: 0,
        },
      });
    if (l.wounded > 0)
      defenderOps.push({
        incr: { table: T.troop, member: d.troopId, field: 'wounded', delta: l.wounded },
      });
  });
  for (const k of RESOURCES) {
    if (plunder[k] > 0)
      defenderOps.push({
        incr: { table: T.player, member: 0, field: k, delta: -plunder[k], floor: 0 },
      });
  }
  const effects: Effect[] = [];
  if (defenderId !== m.playerId)
    effects.push({ owner: defenderId, guard: { kind: 'create' }, ops: defenderOps });
  // Reinforcements: their stacks lose their share; one left without a fighting troop goes home.
  const updated: { r: March; next: MarchDraft }[] = [];
  for (const r of stationed) {
    const rn = nextOf(r);
    let hit = false;
    defender.forEach((d, i) => {
      if (d.marchId !== r.id) return;
      const l = dLoss[i]!;
      if (l.dead + l.wounded === 0) return;
      hit = true;
      const s = rn.troops[d.stackIndex]!;
      s.count -= l.dead + l.wounded;
      s.wounded += l.wounded;
    });
    if (!hit) continue;
    if (rn.troops.every((s) => s.count === 0)) headHome(ctx.speed, rn, r.toX, r.toY, t);
    rn.step = r.step + 1;
    effects.push({
      owner: r.playerId,
      guard: { kind: 'version', table: T.march, member: r.id, version: r.version },
      ops: [
        {
          modify: {
            table: T.march,
            member: r.id,
            fields: marchFields(rn),
            expectedVersion: r.version,
          },
        },
      ],
    });
    updated.push({ r, next: rn });
  }
  return {
    after: n,
    ops: [report('attacker')],
    effects,
    done: (was) => {
      for (const { r, next } of updated) {
        // Its troops changed whether it stays or goes home: the world takes both, and the
        // streams hear of both (one that stays is a change in place).
        const rWas = marchSegment(r);
        next.version = r.version + 1;
        ctx.world.updateMarch(r, next);
        if (r.state === 'returning') {
          unstation(ctx, c, r, t);
          ctx.schedule(r);
          publishMarch(ctx, 'march_recalled', r, t, rWas);
        } else publishMarch(ctx, 'march_changed', r, t);
      }
      publishMarch(ctx, 'march_arrived', m, t, was);
    },
  };
}

export async function attackMonster(
  ctx: StepContext,
  m: March,
  n: MarchDraft,
  mon: Monster,
  t: number,
): Promise<Plan> {
  const attacker = attackerSide(m);
  const tier = Math.min(10, Math.max(1, mon.level));
  const defender: Contributor[] = [
    {
      owner: 0,
      troopId: 0,
      marchId: 0,
      stackIndex: 0,
      type: 'infantry',
      tier,
      count: Math.min(mon.troops, MAX_TROOPS_PER_STACK),
    },
  ];
  const { input, armies } = battleInput(ctx, m, attacker, defender);
  const result = await ctx.battles.fight(input);
  const aLoss = lossesOf(attacker, armies[0], result.attacker.stacks);
  const dLoss = lossesOf(defender, armies[1], result.defender.stacks);
  afterBattle(ctx, m, n, attacker, aLoss, t);
  const killed = dLoss[0]!.dead + dLoss[0]!.wounded;
  let after = { level: mon.level, x: mon.x, y: mon.y, troops: mon.troops - killed, gen: mon.gen };
  let spot: { x: number; y: number } | null = null;
  if (after.troops <= 0) {
    const index = mon.region - ctx.world.regionId(0);
    spot = ctx.world.freeTileInRegion(index, [mon.id, mon.gen + 1, 0x3]) ?? {
      x: mon.x,
      y: mon.y,
    };
    const level = 1 + (hash32(ctx.world.seed, mon.id, mon.gen + 1, 9) % 8);
    after = {
      level,
      x: spot.x,
      y: spot.y,
      troops: level * MONSTER_TROOPS_PER_LEVEL,
      gen: mon.gen + 1,
    };
    ctx.world.reserve(spot.x, spot.y);
  }
  const reportId = reportIdOf(m.id, m.step + 1);
  const outcome = battleOutcome(m, 0, result, attacker, aLoss, defender, dLoss, emptyResources());
  return {
    after: n,
    ops: [
      {
        create: {
          table: T.report,
          member: reportId,
          fields: {
            kind: 'battle',
            march_id: m.id,
            created_at: t,
            input: JSON.stringify(input),
            result: JSON.stringify({ ...outcome, role: 'attacker', monster: mon.id }),
            hash: result.hash,
          },
        },
      },
    ],
    effects: [recordEffect(mon.region, T.monster, mon.id, mon.version, after)],
    abort: () => {
      if (spot) ctx.world.unreserve(spot.x, spot.y);
    },
    done: (was) => {
      const old = { x: mon.x, y: mon.y };
      ctx.world.updateMonster(mon, {
        version: mon.version + 1,
        troops: after.troops,
        level: after.level,
        gen: after.gen,
      });
      if (spot) {
        ctx.world.unreserve(spot.x, spot.y);
        if (spot.x !== mon.x || spot.y !== mon.y) ctx.world.moveOne(mon, spot.x, spot.y);
      }
      ctx.publish({
        timeMs: t,
        type: spot ? 'monster_respawned' : 'monster_changed',
        monster: { id: mon.id, level: mon.level, x: mon.x, y: mon.y, troops: mon.troops },
        tiles: [
          { x: old.x, y: old.y, width: 1, height: 1 },
          { x: mon.x, y: mon.y, width: 1, height: 1 },
        ],
        paths: [],
      });
      publishMarch(ctx, 'march_arrived', m, t, was);
    },
  };
}

/** What a battle did, to the unit: the report's `result`. */
function battleOutcome(
  m: March,
  defenderId: number,
  result: BattleResult,
  attacker: Contributor[],
  aLoss: { dead: number; wounded: number }[],
  defender: Contributor[],
  dLoss: { dead: number; wounded: number }[],
  plunder: Resources,
) {
  const rows = (side: Contributor[], loss: { dead: number; wounded: number }[]) =>
    side.map((c, i) => ({
      player: c.owner,
      troop: c.troopId,
      march: c.marchId,
      type: c.type,
      tier: c.tier,
      start: c.count,
      dead: loss[i]!.dead,
      wounded: loss[i]!.wounded,
    }));
  return {
    winner: result.winner,
    rounds: result.rounds,
    hash: result.hash,
    attacker: m.playerId,
    defender: defenderId,
    march: m.id,
    losses: { attacker: rows(attacker, aLoss), defender: rows(defender, dLoss) },
    plunder,
  };
}
