// Static game data of the battle model: troop stats by type and tier, counters, power, limits.
// Every number here is an integer; percentages are basis points (bp): 10000 bp = 100%.

export const TROOP_TYPES = ['infantry', 'cavalry', 'ranged', 'siege'] as const;
export type TroopType = (typeof TROOP_TYPES)[number];
export const INFANTRY = 0;
export const CAVALRY = 1;
export const RANGED = 2;
export const SIEGE = 3;

export const STATS = ['attack', 'defense', 'health', 'lethality'] as const;
export type Stat = (typeof STATS)[number];
export const ATTACK = 0;
export const DEFENSE = 1;
export const HEALTH = 2;
export const LETHALITY = 3;

export const SKILL_KINDS = ['damage', 'heal', 'buff', 'debuff'] as const;
export type SkillKind = (typeof SKILL_KINDS)[number];
export const SKILL_DAMAGE = 0;
export const SKILL_HEAL = 1;
export const SKILL_BUFF = 2;
export const SKILL_DEBUFF = 3;

export const BP = 10000;
export const MIN_TIER = 1;
export const MAX_TIER = 10;

/** Tier-1 attack, defense, health of each troop type (index = type). */
const BASE_ATTACK = [10, 14, 15, 12];
const BASE_DEFENSE = [14, 10, 8, 6];
const BASE_HEALTH = [16, 13, 10, 12];
/** Growth by tier in bp (index = tier - 1): attack and health grow fast, defense slowly. */
const TIER_GROWTH = [10000, 13000, 16500, 20500, 25000, 30000, 35500, 41500, 48000, 55000];
const TIER_DEFENSE_GROWTH = [10000, 10700, 11400, 12100, 12800, 13500, 14200, 14900, 15600, 16300];
/** Power of one troop by tier (index = tier - 1); power lost = dead x this. */
export const POWER_BY_TIER = [3, 4, 6, 9, 13, 18, 24, 32, 42, 55];

function table(base: number[], growth: number[]): Int32Array {
  const out = new Int32Array(4 * 10);
  for (let t = 0; t < 4; t++) {
    for (let tier = 0; tier < 10; tier++) {
      out[t * 10 + tier] = Math.floor((base[t]! * growth[tier]!) / BP);
    }
  }
  return out;
}

/** ATTACK_TABLE[type * 10 + tier - 1] */
export const ATTACK_TABLE = table(BASE_ATTACK, TIER_GROWTH);
export const DEFENSE_TABLE = table(BASE_DEFENSE, TIER_DEFENSE_GROWTH);
export const HEALTH_TABLE = table(BASE_HEALTH, TIER_GROWTH);

/**
 * Counter multipliers in bp, COUNTER[attackerType * 4 + targetType]:
 * infantry > cavalry > ranged > infantry (+30% one way, -10% the other way);
 * siege is weak against troops (-30%) and troops hit siege engines +10%.
 */
export const COUNTER = Int32Array.from([
  // target:   inf    cav    rng    siege
  /* inf  */ 10000, 13000, 9000, 11000, /* cav  */ 9000, 10000, 13000, 11000, /* rng  */ 13000,
  9000, 10000, 11000, /* siege*/ 7000, 7000, 7000, 10000,
]);
/** Siege engines hit walls four times as hard (only siege damages walls). */
export const SIEGE_VS_WALL = 40000;
/** Rounds in which the defender's traps fire at the attacker. */
export const TRAP_ROUNDS = 3;
/**
 * Damage needed to kill one troop is toughness x ROUND_DIVISOR / 10000, where toughness = health x
 * defense (with buffs). Tuned so an even tier-1 fight loses ~10% of the troops a round.
 */
export const ROUND_DIVISOR = 4000;

/** Effective buff totals are clamped to [MIN_BUFF, MAX_BUFF] bp (factor 0.2 .. 4.0). */
export const MIN_BUFF = -8000;
export const MAX_BUFF = 30000;
/** Heal (incoming-damage reduction) in a round is at most this many bp. */
export const MAX_HEAL = 9000;

/** Input limits; they keep every intermediate product below 2^52 (see engine.ts). */
export const LIMITS = {
  maxStacksPerSide: 16,
  maxStackCount: 10_000_000,
  maxHeroesPerSide: 4,
  maxSkillsPerHero: 4,
  maxRounds: 50,
  defaultMaxRounds: 10,
  minInputBuff: -5000,
  maxInputBuff: 20000,
  maxSkillValue: 10000,
  maxSkillDuration: 5,
  maxHospitalCapacity: 1_000_000_000,
  maxWallHp: 1_000_000_000_000,
  maxWallDefense: 20000,
  maxTrapCount: 1_000_000,
  maxTrapAttack: 1000,
  maxSeed: 0xffffffff,
  maxNameLength: 32,
} as const;

/** Largest damage sum the engine keeps (2^52 - 1): sums are clamped there, which is monotone. */
export const DAMAGE_CAP = 4503599627370495;
