// The battle engine: a pure, deterministic function of (input, seed) using integer arithmetic only.
//
// Numbers are JS doubles holding integers. Every product is kept below 2^52 by the input limits
// (tables.ts) and every division is followed by Math.floor, so each step is exact integer
// arithmetic and the same on every CPU. The hot loop works in preallocated typed arrays (module
// scratch: the engine is synchronous, one battle at a time per thread) and allocates nothing.
import { createHash } from 'node:crypto';
import { createRng } from '@slg/service-kit/prng';
import {
  ATTACK,
  ATTACK_TABLE,
  BP,
  COUNTER,
  DAMAGE_CAP,
  DEFENSE,
  DEFENSE_TABLE,
  HEALTH,
  HEALTH_TABLE,
  LETHALITY,
  LIMITS,
  MAX_BUFF,
  MAX_HEAL,
  MIN_BUFF,
  POWER_BY_TIER,
  ROUND_DIVISOR,
  SIEGE,
  SIEGE_VS_WALL,
  SKILL_BUFF,
  SKILL_DAMAGE,
  SKILL_DEBUFF,
  SKILL_HEAL,
  SKILL_KINDS,
  STATS,
  TRAP_ROUNDS,
  TROOP_TYPES,
} from './tables.ts';
import type {
  BattleInput,
  BattleResult,
  CityResult,
  RoundReport,
  RoundSide,
  SideInput,
  SideResult,
  StackResult,
  TroopType,
  Winner,
} from './types.ts';
import { validateBattleInput } from './validate.ts';

export const RULES_VERSION = 1;
/** Damage skills add at most this many bp of extra strike per side and round. */
const MAX_SKILL_DAMAGE = 10000;

const MS = LIMITS.maxStacksPerSide;
const MAX_SKILLS = 2 * LIMITS.maxHeroesPerSide * LIMITS.maxSkillsPerHero;
const ROUND_SLOTS = LIMITS.maxRounds + 1;

// Per stack (index side * MS + k).
const sType = new Int32Array(2 * MS);
const sTier = new Int32Array(2 * MS);
const sStart = new Int32Array(2 * MS);
const sCount = new Int32Array(2 * MS);
const sAtk = new Int32Array(2 * MS);
/** health x defense of one troop, before buffs. */
const sHD = new Int32Array(2 * MS);
/** Hospital order: stack indices by tier (high first), then input order. */
const sOrder = new Int32Array(2 * MS);
const nStacks = new Int32Array(2);
// Per side and stat (side * 4 + stat): static buffs; per side, stat and round: skill buffs.
const staticBuff = new Int32Array(8);
const dynBuff = new Int32Array(8 * ROUND_SLOTS);
// Per round scratch.
const factor = new Float64Array(8);
const sums = new Float64Array(8);
const totals = new Float64Array(2);
const rho = new Float64Array(8);
const heal = new Int32Array(2);
const skillDamage = new Int32Array(2);
const roundLosses = new Int32Array(2 * MS);
// Skills, flattened: attacker's heroes and skills in input order, then the defender's.
const kSide = new Int32Array(MAX_SKILLS);
const kKind = new Int32Array(MAX_SKILLS);
const kChance = new Int32Array(MAX_SKILLS);
const kValue = new Int32Array(MAX_SKILLS);
const kStat = new Int32Array(MAX_SKILLS);
const kDuration = new Int32Array(MAX_SKILLS);
const kLabel: string[] = [];

export interface SimulateOptions {
  /** Include the round-by-round report (not part of the hash). */
  report?: boolean;
}

function clampBuff(v: number): number {
  return v < MIN_BUFF ? MIN_BUFF : Math.min(v, MAX_BUFF);
}

function loadSide(side: SideInput, s: number, skillsSoFar: number, labels: boolean): number {
  const troops = side.troops;
  const n = troops.length;
  nStacks[s] = n;
  for (let k = 0; k < n; k++) {
    const st = troops[k]!;
    const i = s * MS + k;
    const type = TROOP_TYPES.indexOf(st.type);
    const t = type * 10 + st.tier - 1;
    sType[i] = type;
    sTier[i] = st.tier;
    sStart[i] = st.count;
    sCount[i] = st.count;
    sAtk[i] = ATTACK_TABLE[t]!;
    sHD[i] = HEALTH_TABLE[t]! * DEFENSE_TABLE[t]!;
    // Insertion sort into hospital order (n <= 16).
    let j = k;
    while (j > 0 && sTier[s * MS + sOrder[s * MS + j - 1]!]! < st.tier) {
      sOrder[s * MS + j] = sOrder[s * MS + j - 1]!;
      j--;
    }
    sOrder[s * MS + j] = k;
  }
  const b = side.buffs;
  staticBuff[s * 4 + ATTACK] = b?.attack ?? 0;
  staticBuff[s * 4 + DEFENSE] = b?.defense ?? 0;
  staticBuff[s * 4 + HEALTH] = b?.health ?? 0;
  staticBuff[s * 4 + LETHALITY] = b?.lethality ?? 0;
  let q = skillsSoFar;
  for (const hero of side.heroes ?? []) {
    for (const sk of hero.skills) {
      kSide[q] = s;
      kKind[q] = SKILL_KINDS.indexOf(sk.kind);
      kChance[q] = sk.chance;
      kValue[q] = sk.value;
      kStat[q] = sk.stat === undefined ? 0 : STATS.indexOf(sk.stat);
      kDuration[q] = sk.duration ?? 1;
      if (labels) kLabel[q] = `${hero.name}/${sk.name}`;
      q++;
    }
  }
  return q;
}

/** Damage per troop that side `t` receives from side `s` this round, by target type, into rho. */
function damageInto(s: number, t: number, siegeOnWall: boolean, extra: number): void {
  const atkF = factor[s * 4 + ATTACK]!;
  const lethF = factor[s * 4 + LETHALITY]!;
  const bonus = skillDamage[s]!;
  const target = totals[t]!;
  for (let y = 0; y < 4; y++) {
    let r = extra;
    for (let x = 0; x < 4; x++) {
      const sx = sums[s * 4 + x]!;
      if (sx === 0 || (siegeOnWall && x === SIEGE)) continue;
      const k = Math.floor((Math.floor(((COUNTER[x * 4 + y]! + bonus) * atkF) / BP) * lethF) / BP);
      r += sx * k;
    }
    if (r > DAMAGE_CAP) r = DAMAGE_CAP;
    rho[t * 4 + y] = Math.floor(r / target);
  }
}

/** Applies this round's damage to side t's stacks; returns the troops left. */
function applyLosses(t: number, wallBonus: number): number {
  const defF = factor[t * 4 + DEFENSE]! + wallBonus;
  const hpF = factor[t * 4 + HEALTH]!;
  const h = heal[t]!;
  const healF = BP - Math.min(h, MAX_HEAL);
  let left = 0;
  const n = nStacks[t]!;
  for (let k = 0; k < n; k++) {
    const i = t * MS + k;
    const c = sCount[i]!;
    if (c === 0) {
      roundLosses[i] = 0;
      continue;
    }
    let tough = Math.floor((Math.floor((sHD[i]! * hpF) / BP) * defF) / BP);
    if (tough < 1) tough = 1;
    const perKill = Math.floor((tough * ROUND_DIVISOR * BP) / healF);
    let kills = Math.floor((c * rho[t * 4 + sType[i]!]!) / perKill);
    if (kills > c) kills = c;
    sCount[i] = c - kills;
    roundLosses[i] = kills;
    left += c - kills;
  }
  return left;
}

function roundSide(s: number, skills: string[], left: number): RoundSide {
  const losses: number[] = [];
  for (let k = 0; k < nStacks[s]!; k++) losses.push(roundLosses[s * MS + k]!);
  return { skills, losses, troops: left };
}

function sideResult(s: number, capacity: number): SideResult {
  const n = nStacks[s]!;
  const stacks: StackResult[] = new Array(n);
  let room = capacity;
  let dead = 0;
  let wounded = 0;
  let start = 0;
  let survivors = 0;
  let powerLost = 0;
  for (let o = 0; o < n; o++) {
    const k = sOrder[s * MS + o]!;
    const i = s * MS + k;
    const st = sStart[i]!;
    const sv = sCount[i]!;
    const loss = st - sv;
    const w = Math.min(loss, room);
    room -= w;
    const d = loss - w;
    dead += d;
    wounded += w;
    start += st;
    survivors += sv;
    powerLost += d * POWER_BY_TIER[sTier[i]! - 1]!;
    // Keys in sorted order: JSON.stringify of the result is then its canonical form.
    stacks[k] = {
      dead: d,
      start: st,
      survivors: sv,
      tier: sTier[i]!,
      type: TROOP_TYPES[sType[i]!] as TroopType,
      wounded: w,
    };
  }
  return { dead, powerLost, stacks, start, survivors, wounded };
}

/**
 * Fights a battle. `input` must be valid (see validateBattleInput, or use `fight`); the result is
 * a pure function of it.
 */
export function simulate(input: BattleInput, opts: SimulateOptions = {}): BattleResult {
  const maxRounds = input.maxRounds ?? LIMITS.defaultMaxRounds;
  const labels = opts.report === true;
  let nSkills = loadSide(input.attacker, 0, 0, labels);
  nSkills = loadSide(input.defender, 1, nSkills, labels);
  dynBuff.fill(0);
  const city = input.city;
  const wallHpStart = city ? city.wall.hp : 0;
  const wallDefense = city ? city.wall.defense : 0;
  const trapDamage = city?.traps ? city.traps.count * city.traps.attack * BP : 0;
  let wallHp = wallHpStart;
  let wallFallenRound: number | null = null;
  const rng = createRng(input.seed);
  const report: RoundReport[] | undefined = opts.report ? [] : undefined;

  let left0 = 0;
  let left1 = 0;
  for (let k = 0; k < nStacks[0]!; k++) left0 += sCount[k]!;
  for (let k = 0; k < nStacks[1]!; k++) left1 += sCount[MS + k]!;
  let round = 0;
  while (left0 > 0 && left1 > 0 && round < maxRounds) {
    round++;
    // 1. Hero skills: one roll per skill per round, whatever the armies (keeps the stream fixed).
    heal[0] = 0;
    heal[1] = 0;
    skillDamage[0] = 0;
    skillDamage[1] = 0;
    const fired: string[][] | undefined = report ? [[], []] : undefined;
    for (let q = 0; q < nSkills; q++) {
      const roll = rng.below(BP);
      if (roll >= kChance[q]!) continue;
      const s = kSide[q]!;
      const v = kValue[q]!;
      const kind = kKind[q]!;
      if (kind === SKILL_DAMAGE) {
        const d = skillDamage[s]! + v;
        skillDamage[s] = Math.min(d, MAX_SKILL_DAMAGE);
      } else if (kind === SKILL_HEAL) {
        heal[s] = heal[s]! + v;
      } else {
        const target = kind === SKILL_BUFF ? s : 1 - s;
        const delta = kind === SKILL_DEBUFF ? -v : v;
        const base = (target * 4 + kStat[q]!) * ROUND_SLOTS;
        const end = Math.min(round + kDuration[q]! - 1, maxRounds);
        for (let r = round; r <= end; r++) dynBuff[base + r] = dynBuff[base + r]! + delta;
      }
      if (fired) fired[s]!.push(kLabel[q]!);
    }
    // 2. Buff factors (bp) and attack sums by troop type, from the counts at the round's start.
    for (let s = 0; s < 2; s++) {
      for (let st = 0; st < 4; st++) {
        const j = s * 4 + st;
        factor[j] = BP + clampBuff(staticBuff[j]! + dynBuff[j * ROUND_SLOTS + round]!);
        sums[j] = 0;
      }
      let total = 0;
      for (let k = 0; k < nStacks[s]!; k++) {
        const i = s * MS + k;
        const c = sCount[i]!;
        const j = s * 4 + sType[i]!;
        sums[j] = sums[j]! + c * sAtk[i]!;
        total += c;
      }
      totals[s] = total;
    }
    // 3. Damage both ways (simultaneous), traps, and the siege engines' hits on the wall.
    const wallStands = wallHp > 0;
    damageInto(0, 1, wallStands, 0);
    damageInto(1, 0, false, round <= TRAP_ROUNDS ? trapDamage : 0);
    let wallDamage = 0;
    if (wallStands) {
      const k = Math.floor((SIEGE_VS_WALL * factor[ATTACK]!) / BP);
      wallDamage = Math.floor((sums[SIEGE]! * k) / BP);
    }
    // 4. Losses.
    left0 = applyLosses(0, 0);
    left1 = applyLosses(1, wallStands ? wallDefense : 0);
    if (wallStands) {
      wallHp = wallDamage >= wallHp ? 0 : wallHp - wallDamage;
      if (wallHp === 0) wallFallenRound = round;
    }
    if (report && fired) {
      const entry: RoundReport = {
        round,
        attacker: roundSide(0, fired[0]!, left0),
        defender: roundSide(1, fired[1]!, left1),
      };
      if (city) entry.wallHp = wallHp;
      report.push(entry);
    }
  }
  let winner: Winner;
  if (left0 > 0 && left1 > 0) winner = city ? 'defender' : 'draw';
  else if (left0 > 0) winner = 'attacker';
  else if (left1 > 0) winner = 'defender';
  else winner = 'draw';

  const attacker = sideResult(0, input.attacker.hospitalCapacity ?? 0);
  const defender = sideResult(1, input.defender.hospitalCapacity ?? 0);
  const core: Omit<BattleResult, 'hash' | 'report'> = city
    ? {
        attacker,
        city: { wallFallenRound, wallHpEnd: wallHp, wallHpStart } satisfies CityResult,
        defender,
        rounds: round,
        seed: input.seed,
        version: RULES_VERSION,
        winner,
      }
    : { attacker, defender, rounds: round, seed: input.seed, version: RULES_VERSION, winner };
  const hash = createHash('sha256').update(JSON.stringify(core)).digest('hex');
  const result = core as BattleResult;
  result.hash = hash;
  if (report) result.report = report;
  return result;
}

/** Validates, then fights. Throws BattleInputError for an invalid input. */
export function fight(input: unknown, opts: SimulateOptions = {}): BattleResult {
  return simulate(validateBattleInput(input), opts);
}
