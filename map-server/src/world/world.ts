// The live map: terrain, every city, field, monster and march, a tile grid (which entity covers
// each tile: placement checks and the static part of a viewport in O(area)) and a grid of
// buckets indexing marches by the cells their path crosses.
import { cellsOfSegment, lineTouchesRect, type Rect } from './geometry.ts';
import { hash32 } from './rng.ts';
import { Terrain } from './terrain.ts';
import type { City, Entity, Field, March, Monster } from './types.ts';

const CITY = 1;
const FIELD = 2;
const MONSTER = 3;

/** Side of a march-index cell, in tiles. */
export const MARCH_CELL = 32;
/** How far from the requested spot a new city may land. */
export const PLACE_RADIUS = 64;

export interface WorldShape {
  worldId: number;
  width: number;
  height: number;
  seed: number;
  regionSize: number;
}

export interface ViewportResult {
  cities: City[];
  fields: Field[];
  monsters: Monster[];
  marches: March[];
}

export class World {
  readonly worldId: number;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly regionSize: number;
  readonly regionsX: number;
  readonly regionsY: number;
  readonly terrain: Terrain;
  readonly cities = new Map<number, City>();
  readonly fields = new Map<number, Field>();
  readonly monsters = new Map<number, Monster>();
  readonly marches = new Map<number, March>();
  /** Tile -> slot of the entity covering it (0: free). */
  readonly #grid: Int32Array;
  readonly #slots: (Entity | undefined)[] = [undefined];
  /** The kind of each slot's entity (a number: the viewport loop reads no string). */
  #kinds = new Uint8Array(1024);
  /**
   * Each slot's top-left tile: the viewport loop tells a city's first tile in the rectangle
   * without reading the city (a read of a scattered object costs a cache miss per tile).
   */
  #ox = new Int32Array(1024);
  #oy = new Int32Array(1024);
  readonly #freeSlots: number[] = [];
  readonly #cellsX: number;
  /** March cell -> the march slots whose path crosses it. */
  readonly #cells: (number[] | undefined)[];
  /**
   * Indexed marches by slot, with the segment each was indexed by (x0, y0, x1, y1 per slot) and
   * the last query that met it, in typed arrays: the viewport's march test reads those and
   * touches a march object only when it is in the answer.
   */
  readonly #marchSlots: (March | undefined)[] = [undefined];
  readonly #marchSlotOf = new Map<March, number>();
  readonly #freeMarchSlots: number[] = [];
  #segments = new Float64Array(4 * 1024);
  #marchStamps = new Uint32Array(1024);
  #indexEntries = 0;
  #occupiedTiles = 0;
  #stamp = 0;
  /** Tiles promised to a write in flight (a respawn spot): no placement may take them. */
  readonly #reserved = new Set<number>();

  constructor(shape: WorldShape) {
    this.worldId = shape.worldId;
    this.width = shape.width;
    this.height = shape.height;
    this.seed = shape.seed;
    this.regionSize = shape.regionSize;
    this.regionsX = Math.ceil(shape.width / shape.regionSize);
    this.regionsY = Math.ceil(shape.height / shape.regionSize);
    this.terrain = new Terrain(shape.seed);
    this.#grid = new Int32Array(shape.width * shape.height);
    this.#cellsX = Math.floor(shape.width / MARCH_CELL) + 1;
    this.#cells = new Array((Math.floor(shape.height / MARCH_CELL) + 1) * this.#cellsX);
  }

  // ---- regions (storage owners) --------------------------------------------------

  get regionCount(): number {
    return this.regionsX * this.regionsY;
  }

  /** The owner id of region `index` (0-based): unique across worlds. */
  regionId(index: number): number {
    return this.worldId * 2 ** 20 + index + 1;
  }

  regionOf(x: number, y: number): number {
    const rx = Math.floor(x / this.regionSize);
    const ry = Math.floor(y / this.regionSize);
    return this.regionId(ry * this.regionsX + rx);
  }

  /** The tile rectangle of region `index`. */
  regionRect(index: number): Rect {
    const rx = index % this.regionsX;
    const ry = Math.floor(index / this.regionsX);
    const x = rx * this.regionSize;
    const y = ry * this.regionSize;
    return {
      x,
      y,
      width: Math.min(this.regionSize, this.width - x),
      height: Math.min(this.regionSize, this.height - y),
    };
  }

  // ---- tiles ---------------------------------------------------------------------

  inBounds(x: number, y: number): boolean {
    return (
      Number.isInteger(x) &&
      Number.isInteger(y) &&
      x >= 0 &&
      y >= 0 &&
      x < this.width &&
      y < this.height
    );
  }

  blocked(x: number, y: number): boolean {
    return this.terrain.blocked(x, y);
  }

  at(x: number, y: number): Entity | undefined {
    if (!this.inBounds(x, y)) return undefined;
    return this.#slots[this.#grid[y * this.width + x]!];
  }

  /** Why a city cannot stand with its top-left tile at (x, y), or null when it can. */
  cityBlocker(x: number, y: number, ignore?: City): string | null {
    if (!this.inBounds(x, y) || !this.inBounds(x + 1, y + 1)) {
      return `a city at (${x}, ${y}) would leave the ${this.width} x ${this.height} map`;
    }
    for (let dy = 0; dy < 2; dy++) {
      for (let dx = 0; dx < 2; dx++) {
        if (this.terrain.blocked(x + dx, y + dy))
          return `tile (${x + dx}, ${y + dy}) is blocked terrain`;
        const e = this.at(x + dx, y + dy);
        if (e && e !== ignore) return `tile (${x + dx}, ${y + dy}) is taken by ${describe(e)}`;
        if (this.#reserved.has((y + dy) * this.width + x + dx)) {
          return `tile (${x + dx}, ${y + dy}) is being taken by a respawn`;
        }
      }
    }
    return null;
  }

  /** The free city spot nearest to (x, y) (rings of growing radius, a fixed order), or null. */
  findCitySpot(x: number, y: number, radius = PLACE_RADIUS): { x: number; y: number } | null {
    for (let r = 0; r <= radius; r++) {
      for (let dy = -r; dy <= r; dy++) {
        const step = Math.abs(dy) === r ? 1 : 2 * r;
        for (let dx = -r; dx <= r; dx += step || 1) {
          if (this.cityBlocker(x + dx, y + dy) === null) return { x: x + dx, y: y + dy };
        }
      }
    }
    return null;
  }

  /** A free, open tile of region `index` chosen from `salt` (respawns), or null. */
  freeTileInRegion(index: number, salt: number[]): { x: number; y: number } | null {
    const r = this.regionRect(index);
    for (let attempt = 0; attempt < 256; attempt++) {
      const h = hash32(this.seed, ...salt, attempt);
      const x = r.x + (h % r.width);
      const y = r.y + (Math.floor(h / r.width) % r.height);
      if (
        !this.terrain.blocked(x, y) &&
        !this.at(x, y) &&
        !this.#reserved.has(y * this.width + x)
      ) {
        return { x, y };
      }
    }
    return null;
  }

  reserve(x: number, y: number): void {
    this.#reserved.add(y * this.width + x);
  }

  unreserve(x: number, y: number): void {
    this.#reserved.delete(y * this.width + x);
  }

  #setTiles(e: Entity, x: number, y: number, size: number, slot: number): void {
    for (let dy = 0; dy < size; dy++) {
      for (let dx = 0; dx < size; dx++) {
        const i = (y + dy) * this.width + x + dx;
        const before = this.#grid[i]!;
        if (slot !== 0 && before !== 0 && this.#slots[before] !== e) {
          throw new Error(`tile (${x + dx}, ${y + dy}) is already taken`);
        }
        if (before === 0 && slot !== 0) this.#occupiedTiles++;
        if (before !== 0 && slot === 0) this.#occupiedTiles--;
        this.#grid[i] = slot;
      }
    }
  }

  #place(e: Entity, x: number, y: number, size: number): void {
    if (e.slot === 0) {
      const slot = this.#freeSlots.pop() ?? this.#slots.length;
      this.#slots[slot] = e;
      if (slot >= this.#kinds.length) {
        this.#kinds = grow(this.#kinds, new Uint8Array(this.#kinds.length * 2));
        this.#ox = grow(this.#ox, new Int32Array(this.#ox.length * 2));
        this.#oy = grow(this.#oy, new Int32Array(this.#oy.length * 2));
      }
      this.#kinds[slot] = e.kind === 'city' ? CITY : e.kind === 'field' ? FIELD : MONSTER;
      e.slot = slot;
    }
    this.#ox[e.slot] = x;
    this.#oy[e.slot] = y;
    this.#setTiles(e, x, y, size, e.slot);
  }

  #unplace(e: Entity, size: number): void {
    if (e.slot === 0) return;
    this.#setTiles(e, e.x, e.y, size, 0);
    this.#slots[e.slot] = undefined;
    this.#freeSlots.push(e.slot);
    e.slot = 0;
  }

  addCity(c: City): void {
    this.#place(c, c.x, c.y, 2);
    this.cities.set(c.playerId, c);
  }

  /**
   * A move in two phases, so that no placement takes either spot while the move is written:
   * begin covers the new tiles too, commit frees the old ones, abort frees the new ones.
   */
  beginMove(c: City, x: number, y: number): void {
    this.#setTiles(c, x, y, 2, c.slot);
  }

  commitMove(c: City, x: number, y: number): void {
    this.#setTiles(c, c.x, c.y, 2, 0);
    c.x = x;
    c.y = y;
    this.#ox[c.slot] = x;
    this.#oy[c.slot] = y;
    this.#setTiles(c, x, y, 2, c.slot);
    c.region = this.regionOf(x, y);
  }

  abortMove(c: City, x: number, y: number): void {
    this.#setTiles(c, x, y, 2, 0);
    this.#setTiles(c, c.x, c.y, 2, c.slot);
  }

  removeCity(c: City): void {
    this.#unplace(c, 2);
    this.cities.delete(c.playerId);
  }

  addField(f: Field): void {
    this.#place(f, f.x, f.y, 1);
    this.fields.set(f.id, f);
  }

  addMonster(m: Monster): void {
    this.#place(m, m.x, m.y, 1);
    this.monsters.set(m.id, m);
  }

  /** Moves a field or monster (a respawn) to a free tile. */
  moveOne(e: Field | Monster, x: number, y: number): void {
    this.#setTiles(e, e.x, e.y, 1, 0);
    e.x = x;
    e.y = y;
    this.#ox[e.slot] = x;
    this.#oy[e.slot] = y;
    this.#setTiles(e, x, y, 1, e.slot);
  }

  // ---- marches -------------------------------------------------------------------

  /** Adds or re-indexes a march (call after its leg or state changed). */
  indexMarch(m: March): void {
    this.#unindex(m);
    this.marches.set(m.id, m);
    const seg = marchSegment(m);
    const slot = this.#freeMarchSlots.pop() ?? this.#marchSlots.length;
    this.#marchSlots[slot] = m;
    this.#marchSlotOf.set(m, slot);
    if (slot >= this.#marchStamps.length) {
      this.#marchStamps = grow(this.#marchStamps, new Uint32Array(this.#marchStamps.length * 2));
      this.#segments = grow(this.#segments, new Float64Array(this.#segments.length * 2));
    }
    this.#segments[slot * 4] = seg.x0;
    this.#segments[slot * 4 + 1] = seg.y0;
    this.#segments[slot * 4 + 2] = seg.x1;
    this.#segments[slot * 4 + 3] = seg.y1;
    this.#marchStamps[slot] = 0;
    const seen = new Set<number>();
    for (const [cx, cy] of cellsOfSegment(seg, MARCH_CELL)) {
      if (cx < 0 || cy < 0 || cx >= this.#cellsX) continue;
      const key = cy * this.#cellsX + cx;
      if (key >= this.#cells.length || seen.has(key)) continue;
      seen.add(key);
      let list = this.#cells[key];
      if (!list) {
        list = [];
        this.#cells[key] = list;
      }
      list.push(slot);
      m.cells.push(key);
      this.#indexEntries++;
    }
  }

  #unindex(m: March): void {
    const slot = this.#marchSlotOf.get(m);
    if (slot === undefined) return;
    for (const key of m.cells) {
      const list = this.#cells[key];
      if (!list) continue;
      const i = list.indexOf(slot);
      if (i < 0) continue;
      // Swap-remove: the order inside a cell carries no meaning.
      list[i] = list[list.length - 1]!;
      list.pop();
      this.#indexEntries--;
      if (list.length === 0) this.#cells[key] = undefined;
    }
    m.cells = [];
    this.#marchSlotOf.delete(m);
    this.#marchSlots[slot] = undefined;
    this.#freeMarchSlots.push(slot);
  }

  removeMarch(m: March): void {
    this.#unindex(m);
    this.marches.delete(m.id);
  }

  /** Entries of the index: tiles covered by an entity, and (march, cell) pairs. */
  get indexSize(): { tiles: number; marchCells: number } {
    return { tiles: this.#occupiedTiles, marchCells: this.#indexEntries };
  }

  // ---- viewport ------------------------------------------------------------------

  /** Everything in the tile rectangle, from the tile grid and the march cells. */
  query(r: Rect): ViewportResult {
    const out: ViewportResult = { cities: [], fields: [], monsters: [], marches: [] };
    const x0 = Math.max(0, r.x);
    const y0 = Math.max(0, r.y);
    const x1 = Math.min(this.width, r.x + r.width);
    const y1 = Math.min(this.height, r.y + r.height);
    const grid = this.#grid;
    const slots = this.#slots;
    const kinds = this.#kinds;
    const ox = this.#ox;
    const oy = this.#oy;
    for (let y = y0; y < y1; y++) {
      const row = y * this.width;
      for (let x = x0; x < x1; x++) {
        const slot = grid[row + x]!;
        if (slot === 0) continue;
        const kind = kinds[slot];
        if (kind === FIELD) out.fields.push(slots[slot] as Field);
        else if (kind === MONSTER) out.monsters.push(slots[slot] as Monster);
        else if (x === Math.max(ox[slot]!, x0) && y === Math.max(oy[slot]!, y0)) {
          // Once per city: at its first tile inside the rectangle.
          out.cities.push(slots[slot] as City);
        }
      }
    }
    const cx0 = Math.max(0, Math.floor(r.x / MARCH_CELL));
    const cy0 = Math.max(0, Math.floor(r.y / MARCH_CELL));
    const cx1 = Math.min(this.#cellsX - 1, Math.floor((r.x + r.width) / MARCH_CELL));
    const rows = this.#cells.length / this.#cellsX;
    const cy1 = Math.min(rows - 1, Math.floor((r.y + r.height) / MARCH_CELL));
    // A march crossing several of these cells is met once per cell: a stamp per query.
    this.#stamp = (this.#stamp + 1) >>> 0;
    if (this.#stamp === 0) {
      this.#marchStamps.fill(0);
      this.#stamp = 1;
    }
    const stamp = this.#stamp;
    const stamps = this.#marchStamps;
    const seg = this.#segments;
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const list = this.#cells[cy * this.#cellsX + cx];
        if (!list) continue;
        for (let k = 0; k < list.length; k++) {
          const s = list[k]!;
          if (stamps[s] === stamp) continue;
          stamps[s] = stamp;
          const o = s * 4;
          if (lineTouchesRect(seg[o]!, seg[o + 1]!, seg[o + 2]!, seg[o + 3]!, r)) {
            out.marches.push(this.#marchSlots[s]!);
          }
        }
      }
    }
    return out;
  }

  /** The same answer by scanning every entity and march (tests and the bench compare them). */
  scan(r: Rect): ViewportResult {
    const out: ViewportResult = { cities: [], fields: [], monsters: [], marches: [] };
    const tiles = { x: r.x, y: r.y, width: r.width, height: r.height };
    const covers = (x: number, y: number, size: number) =>
      x < tiles.x + tiles.width &&
      tiles.x < x + size &&
      y < tiles.y + tiles.height &&
      tiles.y < y + size;
    for (const c of this.cities.values()) if (covers(c.x, c.y, 2)) out.cities.push(c);
    for (const f of this.fields.values()) if (covers(f.x, f.y, 1)) out.fields.push(f);
    for (const m of this.monsters.values()) if (covers(m.x, m.y, 1)) out.monsters.push(m);
    for (const m of this.marches.values()) {
      const moving = m.state === 'outbound' || m.state === 'returning';
      if (lineTouchesRect(moving ? m.fromX : m.toX, moving ? m.fromY : m.toY, m.toX, m.toY, r)) {
        out.marches.push(m);
      }
    }
    return out;
  }
}

/** The path a march is on now: its leg (a point while gathering or stationed). */
function grow<A extends Uint8Array | Int32Array | Uint32Array | Float64Array>(from: A, to: A): A {
  to.set(from as never);
  return to;
}

export function marchSegment(m: March) {
  return m.state === 'outbound' || m.state === 'returning'
    ? { x0: m.fromX, y0: m.fromY, x1: m.toX, y1: m.toY }
    : { x0: m.toX, y0: m.toY, x1: m.toX, y1: m.toY };
}

/** Where a march is at time t. */
export function marchPosition(m: March, t: number): { x: number; y: number } {
  if (m.legEnd <= m.legStart || (m.state !== 'outbound' && m.state !== 'returning')) {
    return { x: m.toX, y: m.toY };
  }
  const f = Math.min(1, Math.max(0, (t - m.legStart) / (m.legEnd - m.legStart)));
  return { x: m.fromX + (m.toX - m.fromX) * f, y: m.fromY + (m.toY - m.fromY) * f };
}

export function describe(e: Entity): string {
  if (e.kind === 'city') return `the city of player ${e.playerId}`;
  if (e.kind === 'field') return `${e.resource} field ${e.id}`;
  return `monster ${e.id}`;
}
