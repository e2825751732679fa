// Golden results: these hashes pin the rules. A change of any of them is a change of the rules
// (bump RULES_VERSION and re-pin), never an accident.
import t from 'tap';
import {
  canonicalJson,
  RULES_VERSION,
  resultHash,
  sampleBattle,
  simulate,
  standardBattle,
} from '../src/model/index.ts';
import { randomBattle } from '../src/model/random-battle.ts';
import type { BattleInput } from '../src/model/types.ts';

const SAMPLES: [number, string, number, string][] = [
  [0, 'defender', 3, 'aaa7656b6e1e4029ceb0a2c7904ccbe198526758d6e0b9caffea69b02eb3b072'],
  [1, 'attacker', 5, '64e78feb1ee927ae4d36bf646d1e9985d8d71a938594c9d2b57389e61477071a'],
  [2, 'defender', 4, '5e68b603ec9c54d3ad051bacdb464ff8044caf9f55e1010d667314fd1a7b58b5'],
  [3, 'defender', 10, '20dbf3a3d8f9d4fe955189972f22386e86267aded3ba5b281b693f422e4120fb'],
  [4, 'attacker', 5, '455669de2f6b7b53ea3bfd5a4861ecc339c9232f48741ed439b8fad8561b7b6f'],
  [5, 'attacker', 3, '329cd5e709e5838de9c5d597f892d9cd9434452ec8efbac7372e3a7d81753c65'],
  [42, 'attacker', 10, '890b3d705679bfb2a0d7bc553f042459c9853d8f14143490a103fb0d70b5c0dd'],
  [1000, 'attacker', 8, '263d7a4ae2a093304e1f6b8450be025ee8e050511974c551f51ac3468f04db97'],
  [65535, 'attacker', 5, '01920adaa72ede79388bb9e49017ac413067598ad439022d1d3afb6a286cd7a2'],
  [4294967295, 'defender', 6, '41262c11cf66919c5b6f7240ee5e1093d9210c9459aaec977aacec4815c01846'],
];

const RANDOM: [number, string, number, string][] = [
  [0, 'defender', 2, 'a634ed14e530b1f94df82b79ae5dcd659f9242c8d62587cf998fb7d0b53a8f82'],
  [1, 'defender', 3, 'f9c95d84df88ae1030b9fc2a79cad4dc0bd2191d7db580348849e581e4aa7afb'],
  [2, 'attacker', 2, 'a156cf5f6142b25684d021cd3778cb0f5f087ccd4d34c608a3badaf1e6659eac'],
  [3, 'defender', 2, '50fd61380ca8cc7743797c4787f2c14e2045c874975f98dca34550b53758e202'],
  [4, 'attacker', 4, 'c7e7b8f682b97ad0f31afc8ab712d5d7ee3bf6f7dd019df95bb4e8b04209fd79'],
  [5, 'defender', 2, '6316a5b83f1688d24bdebcf146bb129f31ca3e50d872a23af95234febff251a8'],
  [6, 'defender', 1, '0a9f63747737c90ecb62ec53b7cf5b2a97345f3215311b3aaf42d79969f44d61'],
  [7, 'defender', 2, 'a59337cd202517b7c47f71339c83e2b02d64b705983a33c174e2489abd1c4c94'],
  [8, 'attacker', 2, '55e4511f08cdb31af011f187dcf0a4292fcd4555fc103204a1b2737276443702'],
  [9, 'attacker', 3, '524f83fba4c5029eaaf881594d401ec014cceb2cde593c9fa13da016344d8737'],
];

t.test('sample battles give their pinned hashes', async (t) => {
  for (const [seed, winner, rounds, hash] of SAMPLES) {
    const r = simulate(sampleBattle(seed));
    t.equal(r.seed, seed, `seed ${seed} is carried`);
    t.equal(r.winner, winner, `seed ${seed} winner`);
    t.equal(r.rounds, rounds, `seed ${seed} rounds`);
    t.equal(r.hash, hash, `seed ${seed} hash`);
  }
});

t.test('random battles over the whole input range give their pinned hashes', async (t) => {
  for (const [seed, winner, rounds, hash] of RANDOM) {
    const r = simulate(randomBattle(seed));
    t.equal(r.winner, winner, `random ${seed} winner`);
    t.equal(r.rounds, rounds, `random ${seed} rounds`);
    t.equal(r.hash, hash, `random ${seed} hash`);
  }
});

t.test('the hash is SHA-256 of the canonical JSON without hash and report', async (t) => {
  for (const seed of [0, 1, 3, 7]) {
    const r = simulate(sampleBattle(seed));
    t.equal(resultHash(r), r.hash);
    const { hash: _h, ...core } = r;
    t.equal(JSON.stringify(core), canonicalJson(core), 'the result is built in canonical order');
    t.equal(r.version, RULES_VERSION);
  }
});

t.test('asking for the report changes neither the result nor the hash', async (t) => {
  for (const seed of [0, 2, 3]) {
    const plain = simulate(sampleBattle(seed));
    const withReport = simulate(sampleBattle(seed), { report: true });
    t.equal(withReport.hash, plain.hash);
    t.equal(withReport.report?.length, plain.rounds, 'one report entry per round');
    const { report: _r, ...rest } = withReport;
    t.same(rest, plain);
  }
});

t.test('the same input gives the same bytes, interleaved with other battles', async (t) => {
  const first = JSON.stringify(simulate(sampleBattle(11), { report: true }));
  for (let i = 0; i < 50; i++) simulate(randomBattle(i));
  t.equal(JSON.stringify(simulate(sampleBattle(11), { report: true })), first);
  t.same(standardBattle(), sampleBattle(1));
});

t.test('a hand-computed duel: 1000 vs 1000 tier-1 infantry', async (t) => {
  // attack 10, health 16, defense 14 -> toughness 224; damage per troop 10 x 10000 (bp);
  // kills = floor(1000 x 100000 / (224 x 4000)) = 111 in round 1, then floor(889e5/896000) = 99.
  const side = { troops: [{ type: 'infantry' as const, tier: 1, count: 1000 }] };
  const input: BattleInput = { seed: 7, maxRounds: 2, attacker: side, defender: side };
  const r = simulate(input, { report: true });
  t.same(r.report?.[0]?.attacker.losses, [111]);
  t.same(r.report?.[0]?.defender.losses, [111]);
  t.same(r.report?.[1]?.attacker.losses, [99]);
  t.equal(r.winner, 'draw', 'equal armies at the round cap draw in the field');
  t.equal(r.attacker.survivors, 790);
  t.equal(r.attacker.dead, 210, 'no hospital: every loss is dead');
  t.equal(r.attacker.powerLost, 210 * 3);
});

t.test('the same duel at a city: the defender wins at the round cap', async (t) => {
  const side = { troops: [{ type: 'infantry' as const, tier: 1, count: 1000 }] };
  const input: BattleInput = {
    seed: 7,
    maxRounds: 2,
    attacker: side,
    defender: { ...side, hospitalCapacity: 150 },
    city: { wall: { hp: 1000, defense: 0 } },
  };
  const r = simulate(input);
  t.equal(r.winner, 'defender');
  t.equal(r.defender.wounded, 150, 'the hospital takes wounded up to its capacity');
  t.equal(r.defender.dead, 210 - 150);
  t.same(r.city, { wallFallenRound: null, wallHpEnd: 1000, wallHpStart: 1000 });
});
