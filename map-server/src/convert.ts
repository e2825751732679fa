// Entities as the wire messages of slg.mapserver.v1 (plain objects protobufjs encodes).
import type { City, Field, March, Monster } from './world/types.ts';

export const cityMsg = (c: City) => ({
  playerId: c.playerId,
  x: c.x,
  y: c.y,
  level: c.level,
  reinforcements: c.reinforcements.size,
});

export const fieldMsg = (f: Field) => ({
  id: f.id,
  resource: f.resource,
  level: f.level,
  x: f.x,
  y: f.y,
  remaining: f.remaining,
  occupiedBy: f.occupant?.id ?? 0,
});

export const monsterMsg = (m: Monster) => ({
  id: m.id,
  level: m.level,
  x: m.x,
  y: m.y,
  troops: m.troops,
});

export const marchMsg = (m: March) => ({
  id: m.id,
  playerId: m.playerId,
  kind: m.kind,
  state: m.state,
  homeX: m.homeX,
  homeY: m.homeY,
  targetX: m.targetX,
  targetY: m.targetY,
  fromX: m.fromX,
  fromY: m.fromY,
  toX: m.toX,
  toY: m.toY,
  legStartMs: m.legStart,
  legEndMs: m.legEnd,
  troops: m.troops.map((s) => ({ ...s })),
  load: { ...m.load },
  startedMs: m.startedAt,
});

export type CityMsg = ReturnType<typeof cityMsg>;
export type FieldMsg = ReturnType<typeof fieldMsg>;
export type MonsterMsg = ReturnType<typeof monsterMsg>;
export type MarchMsg = ReturnType<typeof marchMsg>;
