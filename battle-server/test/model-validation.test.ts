// Input validation: every problem is reported, with the path of the field.
import t from 'tap';
import { BattleInputError, fight, sampleBattle, validateBattleInput } from '../src/model/index.ts';

function problems(input: unknown): string[] {
  try {
    validateBattleInput(input);
  } catch (err) {
    if (err instanceof BattleInputError) return err.problems;
    throw err;
  }
  return [];
}

t.test('a sample battle is valid', async (t) => {
  t.same(problems(sampleBattle(3)), []);
  t.equal(fight(sampleBattle(3)).hash, fight(sampleBattle(3)).hash);
});

t.test('not an object', async (t) => {
  t.same(problems(null), ['the battle must be a JSON object']);
  t.same(problems([1]), ['the battle must be a JSON object']);
});

t.test('every problem is listed at once, with its path', async (t) => {
  const bad = {
    seed: -1,
    maxRounds: 51,
    attacker: {
      troops: [
        { type: 'dragon', tier: 11, count: 10_000_001 },
        { type: 'infantry', tier: 1.5, count: 5 },
      ],
      buffs: { attack: 99999, speed: 5 },
    },
    defender: { troops: [] },
    extra: true,
  };
  t.same(problems(bad), [
    'battle.extra is not a known field',
    'seed must be between 0 and 4294967295 (got -1)',
    'maxRounds must be between 1 and 50 (got 51)',
    'attacker.troops[0].type must be one of infantry, cavalry, ranged, siege',
    'attacker.troops[0].tier must be between 1 and 10 (got 11)',
    'attacker.troops[0].count must be between 0 and 10000000 (got 10000001)',
    'attacker.troops[1].tier must be an integer',
    'attacker.buffs.speed is not a known field',
    'attacker.buffs.attack must be between -5000 and 20000 (got 99999)',
    'defender.troops must be a non-empty array',
  ]);
});

t.test('army size limits', async (t) => {
  const stacks = Array.from({ length: 17 }, () => ({ type: 'siege', tier: 1, count: 1 }));
  const s = sampleBattle(1);
  t.same(problems({ ...s, attacker: { troops: stacks } }), [
    'attacker.troops has 17 stacks; at most 16 are allowed',
  ]);
});

t.test('heroes and skills', async (t) => {
  const s = sampleBattle(1);
  const hero = (skills: unknown[]) => ({ name: 'H', skills });
  t.same(
    problems({
      ...s,
      defender: {
        troops: s.defender.troops,
        heroes: [
          hero([{ name: 'x', kind: 'buff', chance: 10001, value: 5 }]),
          hero([{ name: 'y', kind: 'heal', chance: 1, value: 5, stat: 'attack' }]),
          { name: '', skills: 'no' },
        ],
      },
    }),
    [
      'defender.heroes[0].skills[0].chance must be between 0 and 10000 (got 10001)',
      'defender.heroes[0].skills[0].stat must be one of attack, defense, health, lethality',
      'defender.heroes[1].skills[0]: stat and duration apply only to buff and debuff skills',
      'defender.heroes[2].name must be a string of 1 to 32 characters',
      'defender.heroes[2].skills must be an array',
    ],
  );
  const five = Array.from({ length: 5 }, () => hero([]));
  t.same(problems({ ...s, attacker: { troops: s.attacker.troops, heroes: five } }), [
    'attacker.heroes: at most 4 heroes are allowed',
  ]);
});

t.test('city', async (t) => {
  const s = sampleBattle(1);
  t.same(problems({ ...s, city: { wall: { hp: -5, defense: 0 }, traps: { count: 2e6 } } }), [
    'city.wall.hp must be between 0 and 1000000000000 (got -5)',
    'city.traps.count must be between 0 and 1000000 (got 2000000)',
    'city.traps.attack must be an integer',
  ]);
});

t.test('fight() throws the typed error', async (t) => {
  t.throws(() => fight({ seed: 1 }), BattleInputError);
});
