// Validation of a battle input against the model's rules and limits. It lists every problem at
// once, each with the path of the offending field, so a caller can act on the message.
import { LIMITS, MAX_TIER, MIN_TIER, SKILL_KINDS, STATS, TROOP_TYPES } from './tables.ts';
import type { BattleInput } from './types.ts';

export class BattleInputError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid battle: ${problems.join('; ')}`);
    this.name = 'BattleInputError';
    this.problems = problems;
  }
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

class Checker {
  readonly problems: string[] = [];

  int(v: unknown, path: string, min: number, max: number, optional = false): void {
    if (v === undefined && optional) return;
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      this.problems.push(`${path} must be an integer`);
    } else if (v < min || v > max) {
      this.problems.push(`${path} must be between ${min} and ${max} (got ${v})`);
    }
  }

  oneOf(v: unknown, path: string, values: readonly string[], optional = false): void {
    if (v === undefined && optional) return;
    if (typeof v !== 'string' || !values.includes(v)) {
      this.problems.push(`${path} must be one of ${values.join(', ')}`);
    }
  }

  name(v: unknown, path: string): void {
    if (typeof v !== 'string' || v.length === 0 || v.length > LIMITS.maxNameLength) {
      this.problems.push(`${path} must be a string of 1 to ${LIMITS.maxNameLength} characters`);
    }
  }

  unknownKeys(o: Obj, path: string, allowed: readonly string[]): void {
    for (const k of Object.keys(o)) {
      if (!allowed.includes(k)) this.problems.push(`${path}.${k} is not a known field`);
    }
  }

  side(v: unknown, path: string): void {
    if (!isObj(v)) {
      this.problems.push(`${path} must be an object`);
      return;
    }
    this.unknownKeys(v, path, ['troops', 'heroes', 'buffs', 'hospitalCapacity']);
    const troops = v['troops'];
    if (!Array.isArray(troops) || troops.length === 0) {
      this.problems.push(`${path}.troops must be a non-empty array`);
    } else if (troops.length > LIMITS.maxStacksPerSide) {
      this.problems.push(
        `${path}.troops has ${troops.length} stacks; at most ${LIMITS.maxStacksPerSide} are allowed`,
      );
    } else {
      troops.forEach((s: unknown, i) => {
        const p = `${path}.troops[${i}]`;
        if (!isObj(s)) {
          this.problems.push(`${p} must be an object`);
          return;
        }
        this.unknownKeys(s, p, ['type', 'tier', 'count']);
        this.oneOf(s['type'], `${p}.type`, TROOP_TYPES);
        this.int(s['tier'], `${p}.tier`, MIN_TIER, MAX_TIER);
        this.int(s['count'], `${p}.count`, 0, LIMITS.maxStackCount);
      });
    }
    const heroes = v['heroes'];
    if (heroes !== undefined) {
      if (!Array.isArray(heroes)) {
        this.problems.push(`${path}.heroes must be an array`);
      } else if (heroes.length > LIMITS.maxHeroesPerSide) {
        this.problems.push(`${path}.heroes: at most ${LIMITS.maxHeroesPerSide} heroes are allowed`);
      } else {
        heroes.forEach((h: unknown, i) => {
          this.hero(h, `${path}.heroes[${i}]`);
        });
      }
    }
    const buffs = v['buffs'];
    if (buffs !== undefined) {
      if (!isObj(buffs)) {
        this.problems.push(`${path}.buffs must be an object`);
      } else {
        this.unknownKeys(buffs, `${path}.buffs`, STATS);
        for (const s of STATS) {
          this.int(buffs[s], `${path}.buffs.${s}`, LIMITS.minInputBuff, LIMITS.maxInputBuff, true);
        }
      }
    }
    this.int(
      v['hospitalCapacity'],
      `${path}.hospitalCapacity`,
      0,
      LIMITS.maxHospitalCapacity,
      true,
    );
  }

  hero(h: unknown, p: string): void {
    if (!isObj(h)) {
      this.problems.push(`${p} must be an object`);
      return;
    }
    this.unknownKeys(h, p, ['name', 'skills']);
    this.name(h['name'], `${p}.name`);
    const skills = h['skills'];
    if (!Array.isArray(skills)) {
      this.problems.push(`${p}.skills must be an array`);
      return;
    }
    if (skills.length > LIMITS.maxSkillsPerHero) {
      this.problems.push(`${p}.skills: at most ${LIMITS.maxSkillsPerHero} skills are allowed`);
      return;
    }
    skills.forEach((s: unknown, j) => {
      const q = `${p}.skills[${j}]`;
      if (!isObj(s)) {
        this.problems.push(`${q} must be an object`);
        return;
      }
      this.unknownKeys(s, q, ['name', 'kind', 'chance', 'value', 'stat', 'duration']);
      this.name(s['name'], `${q}.name`);
      this.oneOf(s['kind'], `${q}.kind`, SKILL_KINDS);
      this.int(s['chance'], `${q}.chance`, 0, 10000);
      this.int(s['value'], `${q}.value`, 0, LIMITS.maxSkillValue);
      const kind = s['kind'];
      if (kind === 'buff' || kind === 'debuff') {
        this.oneOf(s['stat'], `${q}.stat`, STATS);
        this.int(s['duration'], `${q}.duration`, 1, LIMITS.maxSkillDuration, true);
      } else if (s['stat'] !== undefined || s['duration'] !== undefined) {
        this.problems.push(`${q}: stat and duration apply only to buff and debuff skills`);
      }
    });
  }

  city(v: unknown): void {
    if (!isObj(v)) {
      this.problems.push('city must be an object');
      return;
    }
    this.unknownKeys(v, 'city', ['wall', 'traps']);
    const wall = v['wall'];
    if (!isObj(wall)) {
      this.problems.push('city.wall must be an object');
    } else {
      this.unknownKeys(wall, 'city.wall', ['hp', 'defense']);
      this.int(wall['hp'], 'city.wall.hp', 0, LIMITS.maxWallHp);
      this.int(wall['defense'], 'city.wall.defense', 0, LIMITS.maxWallDefense);
    }
    const traps = v['traps'];
    if (traps !== undefined) {
      if (!isObj(traps)) {
        this.problems.push('city.traps must be an object');
      } else {
        this.unknownKeys(traps, 'city.traps', ['count', 'attack']);
        this.int(traps['count'], 'city.traps.count', 0, LIMITS.maxTrapCount);
        this.int(traps['attack'], 'city.traps.attack', 0, LIMITS.maxTrapAttack);
      }
    }
  }
}

/** Checks `input` and returns it typed, or throws a BattleInputError listing every problem. */
export function validateBattleInput(input: unknown): BattleInput {
  const c = new Checker();
  if (!isObj(input)) throw new BattleInputError(['the battle must be a JSON object']);
  c.unknownKeys(input, 'battle', ['seed', 'maxRounds', 'attacker', 'defender', 'city']);
  c.int(input['seed'], 'seed', 0, LIMITS.maxSeed);
  c.int(input['maxRounds'], 'maxRounds', 1, LIMITS.maxRounds, true);
  c.side(input['attacker'], 'attacker');
  c.side(input['defender'], 'defender');
  if (input['city'] !== undefined) c.city(input['city']);
  if (c.problems.length > 0) throw new BattleInputError(c.problems);
  return input as unknown as BattleInput;
}
