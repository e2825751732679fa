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

// The fields a viewport answer carries (the wire fields) are readonly: only the World's methods
// change them (addX, commitMove, moveOne, updateField, updateMonster, station, unstation,
// updateMarch), and each keeps the dense copy the viewport encoder reads in step with the object
// (world.ts). Book-keeping fields (seq, region, version, gen, step, cells) stay writable.

export interface City {
  readonly kind: 'city';
  readonly playerId: number;
  /** Top-left tile; the city covers x..x+1, y..y+1. */
  readonly x: number;
  readonly y: number;
  readonly level: number;
  /** Placement sequence: each move bumps it (a move across regions leaves the newest). */
  seq: number;
  region: number;
  version: number;
  /** Allied marches stationed here (World.station / unstation). */
  readonly reinforcements: ReadonlySet<March>;
  /** The world's handle of the tiles it covers (0: not on the map). */
  slot: number;
}

export interface Field {
  readonly kind: 'field';
  readonly id: number;
  region: number;
  readonly resource: Resource;
  readonly level: number;
  readonly x: number;
  readonly y: number;
  readonly remaining: number;
  /** Respawns so far (a march sent to a field that respawned finds nothing). */
  gen: number;
  version: number;
  /** The march gathering here, if any. */
  readonly occupant: March | undefined;
  slot: number;
}

export interface Monster {
  readonly kind: 'monster';
  readonly id: number;
  region: number;
  readonly level: number;
  readonly x: number;
  readonly y: number;
  readonly troops: number;
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

/** A march as a step plans it: a copy (nextOf) written freely, then made live by World.updateMarch. */
export interface MarchDraft {
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

/** A live march: what it holds changes only through World.updateMarch (its cached bytes go). */
export type March = Readonly<Omit<MarchDraft, 'troops' | 'load' | 'step' | 'version' | 'cells'>> & {
  readonly troops: readonly Readonly<Stack>[];
  readonly load: Readonly<Resources>;
  step: number;
  version: number;
  cells: number[];
};

/** The same type with every field writable (the World's own writes). */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

export const cityCenter = (c: { x: number; y: number }) => ({ x: c.x + 1, y: c.y + 1 });
export const tileCenter = (x: number, y: number) => ({ x: x + 0.5, y: y + 0.5 });
