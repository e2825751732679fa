// The standard battle and its seeded variations, used by the sample endpoint and the benchmarks.
//
// Standard shape: per side, 4 troop types x 3 consecutive tiers (12 stacks), 2 heroes with
// 2 skills each, static buffs, a hospital; up to 10 rounds. One seed in three is an attack on a
// city (wall and traps; the defender is the garrison).
import { createRng, type Rng } from '@slg/service-kit/prng';
import { TROOP_TYPES } from './tables.ts';
import type { BattleInput, Hero, SideInput, TroopStack } from './types.ts';

export const STANDARD_ROUNDS = 10;

/** The hero roster the samples draw from: 8 heroes, 2 skills each. */
export const HEROES: readonly Hero[] = [
  {
    name: 'Warlord',
    skills: [
      { name: 'Cleave', kind: 'damage', chance: 3000, value: 3000 },
      { name: 'Battle Cry', kind: 'buff', chance: 2000, value: 2000, stat: 'attack', duration: 2 },
    ],
  },
  {
    name: 'Medic',
    skills: [
      { name: 'Field Aid', kind: 'heal', chance: 3500, value: 2500 },
      { name: 'Steel Skin', kind: 'buff', chance: 2000, value: 1500, stat: 'health', duration: 3 },
    ],
  },
  {
    name: 'Hunter',
    skills: [
      { name: 'Volley', kind: 'damage', chance: 2500, value: 4000 },
      { name: 'Pin Down', kind: 'debuff', chance: 2000, value: 1500, stat: 'defense', duration: 2 },
    ],
  },
  {
    name: 'Sentinel',
    skills: [
      {
        name: 'Shield Wall',
        kind: 'buff',
        chance: 3000,
        value: 2500,
        stat: 'defense',
        duration: 2,
      },
      { name: 'Taunt', kind: 'debuff', chance: 2500, value: 1500, stat: 'attack', duration: 1 },
    ],
  },
  {
    name: 'Raider',
    skills: [
      { name: 'Charge', kind: 'damage', chance: 4000, value: 2000 },
      {
        name: 'Bloodlust',
        kind: 'buff',
        chance: 1500,
        value: 3000,
        stat: 'lethality',
        duration: 2,
      },
    ],
  },
  {
    name: 'Oracle',
    skills: [
      { name: 'Blessing', kind: 'heal', chance: 2500, value: 4000 },
      { name: 'Curse', kind: 'debuff', chance: 2000, value: 2000, stat: 'lethality', duration: 2 },
    ],
  },
  {
    name: 'Engineer',
    skills: [
      { name: 'Bombard', kind: 'damage', chance: 2000, value: 5000 },
      { name: 'Fortify', kind: 'buff', chance: 2500, value: 2000, stat: 'defense', duration: 3 },
    ],
  },
  {
    name: 'Marshal',
    skills: [
      { name: 'Rally', kind: 'buff', chance: 3000, value: 1500, stat: 'attack', duration: 3 },
      {
        name: 'Demoralize',
        kind: 'debuff',
        chance: 2500,
        value: 1500,
        stat: 'health',
        duration: 2,
      },
    ],
  },
];

function between(rng: Rng, lo: number, hi: number): number {
  // hi - lo + 1 <= 65536 for every use below; wider ranges are built from two draws.
  return lo + rng.below(hi - lo + 1);
}

function sampleSide(rng: Rng): SideInput {
  const baseTier = between(rng, 3, 8);
  const troops: TroopStack[] = [];
  for (const type of TROOP_TYPES) {
    for (let t = 0; t < 3; t++) {
      // 5,000 .. 200,000 troops, in steps of 10 for the high part.
      troops.push({ type, tier: baseTier + t, count: between(rng, 500, 20000) * 10 });
    }
  }
  const first = rng.below(HEROES.length);
  const second = (first + 1 + rng.below(HEROES.length - 1)) % HEROES.length;
  const total = troops.reduce((a, s) => a + s.count, 0);
  return {
    troops,
    heroes: [HEROES[first]!, HEROES[second]!],
    buffs: {
      attack: between(rng, 0, 60) * 50,
      defense: between(rng, 0, 60) * 50,
      health: between(rng, 0, 60) * 50,
      lethality: between(rng, 0, 40) * 50,
    },
    hospitalCapacity: Math.floor((total * between(rng, 0, 50)) / 100),
  };
}

/** The standard battle varied by `seed` (uint32); the battle is fought with the same seed. */
export function sampleBattle(seed: number): BattleInput {
  const rng = createRng((seed ^ 0x5eed5eed) >>> 0);
  const attacker = sampleSide(rng);
  const defender = sampleSide(rng);
  const input: BattleInput = { seed: seed >>> 0, maxRounds: STANDARD_ROUNDS, attacker, defender };
  if (seed % 3 === 0) {
    input.city = {
      wall: { hp: between(rng, 100, 2000) * 100000, defense: between(rng, 10, 50) * 100 },
      traps: { count: between(rng, 100, 5000) * 10, attack: between(rng, 20, 200) },
    };
  }
  return input;
}

/** The standard battle itself: sample seed 1 (an open-field battle). */
export function standardBattle(): BattleInput {
  return sampleBattle(1);
}
