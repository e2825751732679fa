// The map's entities as map-server holds them in memory.

export const RESOURCES = ['food', 'wood', 'stone', 'iron', 'gold'] as const;
export type Resource = (typeof RESOURCES)[number];
export type Resources = Record<Resource, number>;

export const TROOP_TYPES = ['infantry', 'cavalry', 'ranged', 'siege'] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

export const MARCH_KINDS = [
  'gather',
  'attack_city',
  'attack_monster',
  'reinforce',
  'scout',
] as const;
export type MarchKind = (typeof MARCH_KINDS)[number];
export type MarchState = 'outbound' | 'gathering' | 'stationed' | 'returning';

export const emptyResources = (): Resources => ({ food: 0, wood: 0, stone: 0, iron: 0, gold: 0 });

export interface City {
  readonly kind: 'city';
  playerId: number;
  /** Top-left tile; the city covers x..x+1, y..y+1. */
  x: number;
  y: number;
  level: number;
  /** Placement sequence: each move bumps it (a move across regions leaves the newest). */
  seq: number;
  region: number;
  version: number;
  /** Allied marches stationed here. */
  reinforcements: Set<March>;
  /** The world's handle of the tiles it covers (0: not on the map). */
  slot: number;
}

export interface Field {
  readonly kind: 'field';
  id: number;
  region: number;
  resource: Resource;
  level: number;
  x: number;
  y: number;
  remaining: number;
  /** Respawns so far (a march sent to a field that respawned finds nothing). */
  gen: number;
  version: number;
  /** The march gathering here, if any. */
  occupant: March | undefined;
  slot: number;
}

export interface Monster {
  readonly kind: 'monster';
  id: number;
  region: number;
  level: number;
  x: number;
  y: number;
  troops: number;
  gen: number;
  version: number;
  slot: number;
}

export type Entity = City | Field | Monster;

export interface Stack {
  troopId: number;
  type: TroopType;
  tier: number;
  count: number;
  wounded: number;
}

export interface March {
  id: number;
  playerId: number;
  kind: MarchKind;
  state: MarchState;
  /** The region whose march_ref collection lists this march (restart finds it there). */
  refRegion: number;
  homeX: number;
  homeY: number;
  targetX: number;
  targetY: number;
  /** Player (city), field or monster id. */
  targetId: number;
  targetGen: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  legStart: number;
  legEnd: number;
  troops: Stack[];
  load: Resources;
  /** Settlement steps written so far. */
  step: number;
  version: number;
  startedAt: number;
  /** The index cells its path crosses (kept by the index). */
  cells: number[];
}

export const cityCenter = (c: { x: number; y: number }) => ({ x: c.x + 1, y: c.y + 1 });
export const tileCenter = (x: number, y: number) => ({ x: x + 0.5, y: y + 0.5 });
