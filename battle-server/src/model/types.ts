// The battle model's input and result shapes. Percentages are basis points (bp): 10000 = 100%.
import type { SkillKind, Stat, TroopType } from './tables.ts';

export type { SkillKind, Stat, TroopType };

export interface TroopStack {
  type: TroopType;
  /** 1 .. 10 */
  tier: number;
  /** 0 .. 10,000,000 */
  count: number;
}

export interface Skill {
  name: string;
  kind: SkillKind;
  /** Chance to trigger at the start of each round, bp (0 .. 10000). */
  chance: number;
  /**
   * bp. damage: an extra strike of `value` bp of the side's attack (no counters);
   * heal: the side takes `value` bp less damage this round; buff: +value bp to `stat` of the own
   * side; debuff: -value bp to `stat` of the enemy.
   */
  value: number;
  /** buff/debuff only. */
  stat?: Stat;
  /** buff/debuff only: rounds the effect lasts, counting the current one (1 .. 5, default 1). */
  duration?: number;
}

export interface Hero {
  name: string;
  skills: Skill[];
}

export interface Buffs {
  attack?: number;
  defense?: number;
  health?: number;
  lethality?: number;
}

export interface SideInput {
  troops: TroopStack[];
  heroes?: Hero[];
  /** Static buffs in bp (-5000 .. 20000 each). */
  buffs?: Buffs;
  /** How many of this side's losses can be wounded instead of dead (default 0). */
  hospitalCapacity?: number;
}

export interface CityInput {
  /** Wall hit points and the defense bonus (bp) it gives the garrison while it stands. */
  wall: { hp: number; defense: number };
  /** Traps fire at the attacker in the first rounds: count x attack damage a round. */
  traps?: { count: number; attack: number };
}

export interface BattleInput {
  /** uint32 */
  seed: number;
  /** Round cap, 1 .. 50 (default 10). */
  maxRounds?: number;
  attacker: SideInput;
  /** The garrison when `city` is given. */
  defender: SideInput;
  city?: CityInput;
}

export type Winner = 'attacker' | 'defender' | 'draw';

export interface StackResult {
  dead: number;
  start: number;
  survivors: number;
  tier: number;
  type: TroopType;
  wounded: number;
}

export interface SideResult {
  dead: number;
  powerLost: number;
  stacks: StackResult[];
  start: number;
  survivors: number;
  wounded: number;
}

export interface CityResult {
  /** The round in which the wall fell, or null if it stood. */
  wallFallenRound: number | null;
  wallHpEnd: number;
  wallHpStart: number;
}

export interface RoundSide {
  /** "Hero/Skill" names that triggered this round. */
  skills: string[];
  /** Troops lost this round, per stack. */
  losses: number[];
  /** Troops left after the round. */
  troops: number;
}

export interface RoundReport {
  round: number;
  attacker: RoundSide;
  defender: RoundSide;
  wallHp?: number;
}

export interface BattleResult {
  attacker: SideResult;
  city?: CityResult;
  defender: SideResult;
  rounds: number;
  seed: number;
  /** Version of the rules; part of the hash. */
  version: number;
  winner: Winner;
  /** SHA-256 (hex) of the canonical JSON of this object without `hash` and `report`. */
  hash: string;
  report?: RoundReport[];
}
