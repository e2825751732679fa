// Property tests over many random inputs: conservation of troops, monotonicity in army size,
// and the arithmetic bounds that keep every step exact.

import { createRng } from '@slg/service-kit/prng';
import t from 'tap';
import { sampleBattle, simulate, validateBattleInput } from '../src/model/index.ts';
import { randomBattle, rank } from '../src/model/random-battle.ts';
import {
  ATTACK_TABLE,
  BP,
  COUNTER,
  DAMAGE_CAP,
  LIMITS,
  MAX_BUFF,
  TROOP_TYPES,
} from '../src/model/tables.ts';
import type { BattleInput, BattleResult, SideResult } from '../src/model/types.ts';

const N = 3000;

function checkSide(side: SideResult, input: BattleInput['attacker']): string | null {
  let dead = 0;
  let wounded = 0;
  for (const [k, s] of side.stacks.entries()) {
    const given = input.troops[k]!;
    if (s.start !== given.count) return `stack ${k} start ${s.start} != ${given.count}`;
    if (s.survivors + s.dead + s.wounded !== s.start) return `stack ${k} does not add up`;
    if (s.survivors < 0 || s.dead < 0 || s.wounded < 0) return `stack ${k} negative`;
    dead += s.dead;
    wounded += s.wounded;
  }
  if (side.dead !== dead || side.wounded !== wounded) return 'side totals differ from stacks';
  if (side.wounded > (input.hospitalCapacity ?? 0)) return 'more wounded than hospital capacity';
  return null;
}

t.test('per stack, survivors + dead + wounded = the starting count', async (t) => {
  let failures = 0;
  for (let seed = 0; seed < N; seed++) {
    const input = seed % 2 === 0 ? randomBattle(seed) : sampleBattle(seed);
    validateBattleInput(input);
    const r = simulate(input);
    const problem = checkSide(r.attacker, input.attacker) ?? checkSide(r.defender, input.defender);
    if (problem) {
      failures++;
      t.fail(`seed ${seed}: ${problem}`);
    }
    if (r.rounds > (input.maxRounds ?? 10)) t.fail(`seed ${seed}: too many rounds`);
  }
  t.equal(failures, 0, `${N} battles conserve their troops`);
});

/**
 * Outcome order for a side: first the result (win > draw > loss); at least as good also means
 * every stack the side had before keeps at least as many survivors (so no more own losses) and
 * every enemy stack keeps at most as many survivors.
 */
function noWorse(
  before: BattleResult,
  after: BattleResult,
  side: 'attacker' | 'defender',
): string | null {
  const enemy = side === 'attacker' ? 'defender' : 'attacker';
  if (rank(after.winner, side) < rank(before.winner, side)) {
    return `result went from ${before.winner} to ${after.winner}`;
  }
  for (const [k, s] of before[side].stacks.entries()) {
    if (after[side].stacks[k]!.survivors < s.survivors) return `own stack ${k} lost more troops`;
  }
  for (const [k, s] of before[enemy].stacks.entries()) {
    if (after[enemy].stacks[k]!.survivors > s.survivors) return `enemy stack ${k} lost fewer`;
  }
  return null;
}

t.test('adding troops to a side never makes its outcome worse', async (t) => {
  let failures = 0;
  let improved = 0;
  for (let seed = 0; seed < N; seed++) {
    const input = seed % 2 === 0 ? randomBattle(seed) : sampleBattle(seed);
    const rng = createRng(seed + 99);
    const side = rng.below(2) === 0 ? 'attacker' : 'defender';
    const more = structuredClone(input);
    const troops = more[side].troops;
    const add = 1 + rng.below(65536) * rng.below(50);
    const k = rng.below(troops.length + 1);
    if (k === troops.length && troops.length < LIMITS.maxStacksPerSide) {
      troops.push({ type: TROOP_TYPES[rng.below(4)]!, tier: 1 + rng.below(10), count: add });
    } else {
      const s = troops[k % troops.length]!;
      s.count = Math.min(LIMITS.maxStackCount, s.count + add);
    }
    const before = simulate(input);
    const after = simulate(more);
    const problem = noWorse(before, after, side);
    if (problem) {
      failures++;
      t.fail(`seed ${seed} (${side} +${add}): ${problem}`);
    }
    if (rank(after.winner, side) > rank(before.winner, side)) improved++;
  }
  t.equal(failures, 0, `${N} battles are monotone in army size`);
  t.ok(improved > 10, `the property has teeth: ${improved} results improved`);
});

t.test('one more troop at a time never hurts (a fine-grained walk)', async (t) => {
  let failures = 0;
  for (let seed = 0; seed < 20; seed++) {
    const input = sampleBattle(seed);
    let prev = simulate(input);
    for (let i = 0; i < 25; i++) {
      input.defender.troops[i % 12]!.count += 1 + i * 997;
      const next = simulate(input);
      if (noWorse(prev, next, 'defender')) failures++;
      prev = next;
    }
  }
  t.equal(failures, 0);
});

t.test('the worst case of the input limits keeps every product below 2^53', async (t) => {
  let maxAttack = 0;
  for (const a of ATTACK_TABLE) maxAttack = Math.max(maxAttack, a);
  let maxCounter = 0;
  for (const c of COUNTER) maxCounter = Math.max(maxCounter, c);
  const factor = BP + MAX_BUFF;
  const maxSum = LIMITS.maxStacksPerSide * LIMITS.maxStackCount * maxAttack;
  // counter + damage-skill bonus, times attack and lethality factors (bp).
  const maxK = Math.floor(((maxCounter + BP) * factor * factor) / BP / BP);
  const trap = LIMITS.maxTrapCount * LIMITS.maxTrapAttack * BP;
  t.ok(maxSum * maxK + trap < 2 ** 53, 'damage sums are exact integers');
  t.ok(DAMAGE_CAP < 2 ** 52, 'the capped sum keeps floor(a / b) exact');
  // And the engine survives the extreme itself.
  const huge = {
    troops: Array.from({ length: 16 }, () => ({ type: 'ranged' as const, tier: 10, count: 1e7 })),
    buffs: { attack: 20000, defense: 20000, health: 20000, lethality: 20000 },
    heroes: [
      {
        name: 'Max',
        skills: [
          { name: 'a', kind: 'damage' as const, chance: 10000, value: 10000 },
          {
            name: 'b',
            kind: 'buff' as const,
            chance: 10000,
            value: 10000,
            stat: 'attack' as const,
          },
        ],
      },
    ],
  };
  const r = simulate(validateBattleInput({ seed: 1, attacker: huge, defender: huge }));
  t.equal(r.attacker.start, 16e7);
  t.equal(r.winner, 'draw', 'mirror armies destroy each other in the same round or draw');
  t.ok(Number.isSafeInteger(r.attacker.powerLost));
});
