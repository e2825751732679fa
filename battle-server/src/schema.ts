// JSON schemas of the HTTP API, checked by fastify's ajv. They state the same limits as the
// model's validator (model/validate.ts), which still runs after them for the cross-field rules.
import { LIMITS, SKILL_KINDS, STATS, TROOP_TYPES } from './model/tables.ts';

const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
const name = { type: 'string', minLength: 1, maxLength: LIMITS.maxNameLength };

const buffs = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    STATS.map((s) => [s, int(LIMITS.minInputBuff, LIMITS.maxInputBuff)]),
  ),
};

const skill = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind', 'chance', 'value'],
  properties: {
    name,
    kind: { type: 'string', enum: SKILL_KINDS },
    chance: int(0, 10000),
    value: int(0, LIMITS.maxSkillValue),
    stat: { type: 'string', enum: STATS },
    duration: int(1, LIMITS.maxSkillDuration),
  },
};

const side = {
  type: 'object',
  additionalProperties: false,
  required: ['troops'],
  properties: {
    troops: {
      type: 'array',
      minItems: 1,
      maxItems: LIMITS.maxStacksPerSide,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'tier', 'count'],
        properties: {
          type: { type: 'string', enum: TROOP_TYPES },
          tier: int(1, 10),
          count: int(0, LIMITS.maxStackCount),
        },
      },
    },
    heroes: {
      type: 'array',
      maxItems: LIMITS.maxHeroesPerSide,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'skills'],
        properties: {
          name,
          skills: { type: 'array', maxItems: LIMITS.maxSkillsPerHero, items: skill },
        },
      },
    },
    buffs,
    hospitalCapacity: int(0, LIMITS.maxHospitalCapacity),
  },
};

export const battleBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['seed', 'attacker', 'defender'],
  properties: {
    seed: int(0, LIMITS.maxSeed),
    maxRounds: int(1, LIMITS.maxRounds),
    attacker: side,
    defender: side,
    city: {
      type: 'object',
      additionalProperties: false,
      required: ['wall'],
      properties: {
        wall: {
          type: 'object',
          additionalProperties: false,
          required: ['hp', 'defense'],
          properties: { hp: int(0, LIMITS.maxWallHp), defense: int(0, LIMITS.maxWallDefense) },
        },
        traps: {
          type: 'object',
          additionalProperties: false,
          required: ['count', 'attack'],
          properties: {
            count: int(0, LIMITS.maxTrapCount),
            attack: int(0, LIMITS.maxTrapAttack),
          },
        },
      },
    },
  },
} as const;

export const battleQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { report: { type: 'string', enum: ['true', 'false', '1', '0'] } },
} as const;
