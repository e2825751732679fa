// Random battle inputs over the whole valid range (wider than the standard sample), for the
// property tests. Deterministic by seed.
import { createRng, type Rng } from '@slg/service-kit/prng';
import { SKILL_KINDS, STATS, TROOP_TYPES } from './tables.ts';
import type { BattleInput, Hero, SideInput, Skill, TroopStack } from './types.ts';

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.below(xs.length)]!;
}

/** A count with a wide spread: 0, small, thousands, or millions. */
function count(rng: Rng): number {
  switch (rng.below(5)) {
    case 0:
      return rng.below(10);
    case 1:
      return rng.below(5000);
    case 2:
      return rng.below(60000) * 3;
    case 3:
      return rng.below(65536) * 152;
    default:
      return 1 + rng.below(1000) * 1000;
  }
}

function skill(rng: Rng, i: number): Skill {
  const kind = pick(rng, SKILL_KINDS);
  const s: Skill = { name: `s${i}`, kind, chance: rng.below(10001), value: rng.below(10001) };
  if (kind === 'buff' || kind === 'debuff') {
    s.stat = pick(rng, STATS);
    s.duration = 1 + rng.below(5);
  }
  return s;
}

function side(rng: Rng): SideInput {
  const n = 1 + rng.below(16);
  const troops: TroopStack[] = [];
  for (let i = 0; i < n; i++) {
    troops.push({ type: pick(rng, TROOP_TYPES), tier: 1 + rng.below(10), count: count(rng) });
  }
  const heroes: Hero[] = [];
  const nh = rng.below(5);
  for (let h = 0; h < nh; h++) {
    const skills: Skill[] = [];
    const ns = rng.below(5);
    for (let i = 0; i < ns; i++) skills.push(skill(rng, i));
    heroes.push({ name: `h${h}`, skills });
  }
  const buff = () => rng.below(25001) - 5000;
  return {
    troops,
    heroes,
    buffs: { attack: buff(), defense: buff(), health: buff(), lethality: buff() },
    hospitalCapacity: rng.below(2) === 0 ? 0 : rng.below(65536) * rng.below(1000),
  };
}

export function randomBattle(seed: number): BattleInput {
  const rng = createRng(seed ^ 0x0badf00d);
  const input: BattleInput = {
    seed: rng.next(),
    maxRounds: 1 + rng.below(50),
    attacker: side(rng),
    defender: side(rng),
  };
  if (rng.below(2) === 0) {
    input.city = {
      wall: { hp: rng.below(65536) * rng.below(65536), defense: rng.below(20001) },
      traps: { count: rng.below(1000001), attack: rng.below(1001) },
    };
  }
  return input;
}

/** Win 2, draw 1, loss 0, from the point of view of `side`. */
export function rank(winner: string, side: 'attacker' | 'defender'): number {
  return winner === 'draw' ? 1 : winner === side ? 2 : 0;
}
