// Armies for battle-server and its losses back to whoever supplied the troops: a side is made of
// contributors (a player's troop records, marches' stacks), merged by (type, tier) into at most
// 16 stacks; each stack's dead and wounded are shared back in proportion, to the unit.
import type { TroopStack } from '@slg/battle-server/model';
import type { TroopType } from '../world/types.ts';
import type { StackResult } from './battles.ts';
import { MAX_STACKS } from './rules.ts';

export interface Contributor {
  /** The player whose troops these are. */
  owner: number;
  /** A troop record of the owner, or a stack of one of the owner's marches. */
  troopId: number;
  marchId: number;
  stackIndex: number;
  type: TroopType;
  tier: number;
  count: number;
}

export interface Army {
  stacks: TroopStack[];
  /** Per stack, the indexes of its contributors. */
  members: number[][];
}

/** Merges contributors by (type, tier); the 16 largest stacks fight, the others stay out. */
export function mergeArmy(contributors: Contributor[]): Army {
  const groups = new Map<
    string,
    { type: TroopType; tier: number; count: number; members: number[] }
  >();
  contributors.forEach((c, i) => {
    if (c.count <= 0) return;
    const key = `${c.type}:${c.tier}`;
    let g = groups.get(key);
    if (!g) {
      g = { type: c.type, tier: c.tier, count: 0, members: [] };
      groups.set(key, g);
    }
    g.count += c.count;
    g.members.push(i);
  });
  const chosen = [...groups.values()]
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type) || a.tier - b.tier)
    .slice(0, MAX_STACKS);
  return {
    stacks: chosen.map((g) => ({ type: g.type, tier: g.tier, count: g.count })),
    members: chosen.map((g) => g.members),
  };
}

/**
 * `total` shared in proportion to `parts` (largest remainders, ties to the earlier part): the
 * shares sum to `total` and none exceeds its part (when total <= sum of parts).
 */
export function distribute(total: number, parts: number[]): number[] {
  const sum = parts.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return parts.map(() => 0);
  const T = BigInt(total);
  const S = BigInt(sum);
  const shares = parts.map((p) => Number((BigInt(p) * T) / S));
  const rest = parts.map((p, i) => ({ i, r: (BigInt(p) * T) % S }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left === 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

export interface ContributorLoss {
  dead: number;
  wounded: number;
}

/** Each contributor's dead and wounded, from the side's per-stack results (input order). */
export function lossesOf(
  contributors: Contributor[],
  army: Army,
  results: StackResult[],
): ContributorLoss[] {
  const out = contributors.map(() => ({ dead: 0, wounded: 0 }));
  army.members.forEach((members, s) => {
    const r = results[s];
    if (!r) return;
    const counts = members.map((i) => contributors[i]!.count);
    const lost = distribute(r.dead + r.wounded, counts);
    const wounded = distribute(r.wounded, lost);
    members.forEach((i, k) => {
      out[i] = { dead: lost[k]! - wounded[k]!, wounded: wounded[k]! };
    });
  });
  return out;
}
