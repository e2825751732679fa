// The game's numbers: troop speeds and loads, gathering rates, field and monster sizes, walls.
import type { MarchKind, Resource, Stack, TroopType } from '../world/types.ts';

/** Tiles per minute at game speed 1. */
export const SPEED: Record<TroopType, number> = {
  infantry: 1,
  cavalry: 1.5,
  ranged: 0.8,
  siege: 0.5,
};

/** Resource units one troop carries. */
export const LOAD: Record<TroopType, number> = { infantry: 10, cavalry: 8, ranged: 6, siege: 4 };

/** Units a field of level L yields per second at game speed 1: L x this. */
export const GATHER_PER_SECOND_PER_LEVEL = 1;
/** A fresh field of level L holds L x this. */
export const FIELD_SIZE_PER_LEVEL = 20_000;
export const FIELD_LEVELS = 5;
/** A fresh monster of level L has L x this troops (infantry of tier L). */
export const MONSTER_TROOPS_PER_LEVEL = 500;
export const MONSTER_LEVELS = 8;
/** Share of the defender's resources an attacker that wins may carry off (bp). */
export const PLUNDER_BP = 2000;
/** Share of a side's troops its hospital takes as wounded instead of dead (bp). */
export const HOSPITAL_BP = 3000;
export const MAX_STACKS = 16;
export const MAX_TROOPS_PER_STACK = 10_000_000;

export const resourceOf = (i: number): Resource =>
  (['food', 'wood', 'stone', 'iron', 'gold'] as const)[i % 5]!;

/** Travel time in game ms for `distance` tiles at the speed of the slowest stack. */
export function travelMs(distance: number, troops: readonly Stack[], speed: number): number {
  let slowest = Number.POSITIVE_INFINITY;
  for (const s of troops) if (s.count + s.wounded > 0) slowest = Math.min(slowest, SPEED[s.type]);
  if (!Number.isFinite(slowest)) slowest = SPEED.infantry;
  return Math.max(1, Math.ceil(((distance / slowest) * 60_000) / speed));
}

export function capacity(troops: readonly Stack[]): number {
  let c = 0;
  for (const s of troops) c += s.count * LOAD[s.type];
  return c;
}

/** The city wall of a level: hit points and the defence bonus it gives the garrison (bp). */
export function wallOf(level: number): { hp: number; defense: number } {
  return { hp: 200_000 * level, defense: 1000 + 200 * Math.min(level, 25) };
}

export const KIND_NEEDS: Record<MarchKind, string> = {
  gather: 'a resource field',
  attack_city: "another player's city",
  attack_monster: 'a monster',
  reinforce: "an ally's city",
  scout: 'any open tile',
};

/** Marches a player may have out at once. */
export const MAX_MARCHES = 5;
/** Allied marches a city's defence takes. */
export const MAX_REINFORCEMENTS = 10;
