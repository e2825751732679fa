// The battle model: pure and deterministic (see engine.ts for the arithmetic policy).
export { canonicalJson, resultHash } from './canonical.ts';
export { fight, RULES_VERSION, type SimulateOptions, simulate } from './engine.ts';
export { randomBattle, rank } from './random-battle.ts';
export { HEROES, STANDARD_ROUNDS, sampleBattle, standardBattle } from './sample.ts';
export { LIMITS, SKILL_KINDS, STATS, TROOP_TYPES } from './tables.ts';
export type * from './types.ts';
export { BattleInputError, validateBattleInput } from './validate.ts';
