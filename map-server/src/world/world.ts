// The live map: terrain, every city, field, monster and march, a tile grid (which entity covers
// each tile: placement checks and the static part of a viewport in O(area)) and a grid of
// buckets indexing marches by the cells their path crosses.

import { hash32 } from '@slg/service-kit/prng';
import { cellsOfSegment, lineTouchesRect, type Rect } from './geometry.ts';
import { Terrain } from './terrain.ts';
import type { City, Entity, Field, March, MarchDraft, Monster, Writable } from './types.ts';
import { ByteArena, FIELD, MONSTER, RECORD, SlotRecords } from './wire.ts';

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

/** A growing list of slots, reused by every query (no array per answer). */
export class SlotList {
  items = new Int32Array(256);
  length = 0;

  push(slot: number): void {
    if (this.length === this.items.length) {
      const more = new Int32Array(this.items.length * 2);
      more.set(this.items);
      this.items = more;
    }
    this.items[this.length++] = slot;
  }
}

/** A viewport's answer as slots: tile-grid slots (SlotRecords) and march slots (ByteArena). */
export interface SlotResult {
  cities: SlotList;
  fields: SlotList;
  monsters: SlotList;
  marches: SlotList;
}

export const slotResult = (): SlotResult => ({
  cities: new SlotList(),
  fields: new SlotList(),
  monsters: new SlotList(),
  marches: new SlotList(),
});

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
  /**
   * Tile -> slot of the entity covering it (0: free). Two bytes a tile while every slot fits
   * (the default world: 2.9 MB instead of 5.8 for 1,200 x 1,200), four once a slot does not.
   */
  #grid: Uint16Array | Int32Array;
  readonly #slots: (Entity | undefined)[] = [undefined];
  /**
   * Each slot's kind, top-left tile and wire fields in 16 bytes (wire.ts): the viewport loop
   * reads a slot's kind and corner there (a city is taken at its first tile in the rectangle),
   * and the encoder its fields, without reading the object.
   */
  readonly records = new SlotRecords();
  /** Each indexed march's encoded answer entry, by march slot (filled by the encoder). */
  readonly marchWire = new ByteArena();
  readonly #scratch = slotResult();
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
  /**
   * Tiles promised to a write in flight (a respawn spot, a moving city's new tiles): no
   * placement may take them, and nothing stands there yet. The value says who takes them (a
   * refused placement's message).
   */
  readonly #reserved = new Map<number, string>();

  constructor(shape: WorldShape) {
    this.worldId = shape.worldId;
    this.width = shape.width;
    this.height = shape.height;
    this.seed = shape.seed;
    this.regionSize = shape.regionSize;
    this.regionsX = Math.ceil(shape.width / shape.regionSize);
    this.regionsY = Math.ceil(shape.height / shape.regionSize);
    this.terrain = new Terrain(shape.seed);
    // The records keep tiles in 16 bits (a 65,536-tile side would be a 4-gigatile grid anyway).
    if (shape.width > 0x10000 || shape.height > 0x10000) {
      throw new RangeError(`a world of ${shape.width} x ${shape.height}: at most 65536 a side`);
    }
    this.#grid = new Uint16Array(shape.width * shape.height);
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
        const by = this.#reserved.get((y + dy) * this.width + x + dx);
        if (by) return `tile (${x + dx}, ${y + dy}) is being taken by ${by}`;
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

  reserve(x: number, y: number, by = 'a respawn'): void {
    this.#reserved.set(y * this.width + x, by);
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
      if (slot > 0xffff && this.#grid instanceof Uint16Array) {
        const wide = new Int32Array(this.#grid.length);
        wide.set(this.#grid);
        this.#grid = wide;
      }
      this.#slots[slot] = e;
      this.records.ensure(slot);
      e.slot = slot;
    }
    (e as Writable<Entity>).x = x;
    (e as Writable<Entity>).y = y;
    this.records.write(e);
    this.#setTiles(e, x, y, size, e.slot);
  }

  #unplace(e: Entity, size: number): void {
    if (e.slot === 0) return;
    this.#setTiles(e, e.x, e.y, size, 0);
    this.#slots[e.slot] = undefined;
    this.records.clear(e.slot);
    this.#freeSlots.push(e.slot);
    e.slot = 0;
  }

  addCity(c: City): void {
    this.#place(c, c.x, c.y, 2);
    this.cities.set(c.playerId, c);
  }

  /**
   * A move in two phases, so that no placement takes either spot while the move is written:
   * begin reserves the new tiles (as a respawn reserves its spot), commit moves the city there,
   * abort frees them. The new tiles are not the city's until the commit: the grid, and so
   * every query, march and scout, has the city only where its coordinates say (a query of the
   * new tiles alone answered it at the old ones), and an aborted move changed nothing anyone
   * saw, so it needs no event; the commit's city_moved tells both places.
   */
  beginMove(c: City, x: number, y: number): void {
    for (let dy = 0; dy < 2; dy++) {
      for (let dx = 0; dx < 2; dx++) {
        const e = this.at(x + dx, y + dy);
        const i = (y + dy) * this.width + x + dx;
        // cityBlocker said so just before: a second claim would be freed by the first's end.
        if ((e && e !== c) || this.#reserved.has(i))
          throw new Error(`tile (${x + dx}, ${y + dy}) is not free for a move`);
      }
    }
    this.#reserveCityTiles(x, y, `${describe(c)} (moving there)`);
  }

  commitMove(c: City, x: number, y: number): void {
    this.#reserveCityTiles(x, y, false);
    this.#setTiles(c, c.x, c.y, 2, 0);
    (c as Writable<City>).x = x;
    (c as Writable<City>).y = y;
    this.records.moveTo(c.slot, x, y);
    this.#setTiles(c, x, y, 2, c.slot);
    c.region = this.regionOf(x, y);
  }

  /** The move's new tiles freed; the city never left its own. */
  abortMove(_c: City, x: number, y: number): void {
    this.#reserveCityTiles(x, y, false);
  }

  /** Reserves a city's 2x2 tiles for `by`, or frees them (false). */
  #reserveCityTiles(x: number, y: number, by: string | false): void {
    for (let dy = 0; dy < 2; dy++) {
      for (let dx = 0; dx < 2; dx++) {
        if (by) this.reserve(x + dx, y + dy, by);
        else this.unreserve(x + dx, y + dy);
      }
    }
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
    (e as Writable<Field | Monster>).x = x;
    (e as Writable<Field | Monster>).y = y;
    this.records.moveTo(e.slot, x, y);
    this.#setTiles(e, x, y, 1, e.slot);
  }

  // ---- what a viewport shows of cities, fields and monsters ---------------------
  // The only writers of those fields after an entity is added (types.ts: readonly), each
  // rewriting the entity's record (an entity off the map, slot 0, has none).

  /** A field gathered, occupied, left or respawned (its tile: moveOne). */
  updateField(
    f: Field,
    patch: Partial<Pick<Writable<Field>, 'remaining' | 'level' | 'gen' | 'version' | 'occupant'>>,
  ): void {
    Object.assign(f, patch);
    if (f.slot !== 0) this.records.write(f);
  }

  /** A monster fought or respawned (its tile: moveOne). */
  updateMonster(
    m: Monster,
    patch: Partial<Pick<Writable<Monster>, 'troops' | 'level' | 'gen' | 'version'>>,
  ): void {
    Object.assign(m, patch);
    if (m.slot !== 0) this.records.write(m);
  }

  /** An allied march stationed in a city. */
  station(c: City, m: March): void {
    (c.reinforcements as Set<March>).add(m);
    if (c.slot !== 0) this.records.write(c);
  }

  /** An allied march leaves the city (a no-op if it was not there). */
  unstation(c: City | undefined, m: March): void {
    if (!c || !(c.reinforcements as Set<March>).delete(m)) return;
    if (c.slot !== 0) this.records.write(c);
  }

  // ---- marches -------------------------------------------------------------------

  /**
   * A live march takes a step's outcome (state, leg, troops, load: everything but its index
   * cells) and is re-indexed: the one writer of a live march's fields, so its cached answer
   * entry goes with every change (#unindex).
   */
  updateMarch(m: March, next: March | MarchDraft): void {
    const cells = m.cells;
    Object.assign(m, next, { cells });
    this.indexMarch(m);
  }

  /** Adds or re-indexes a march (its cached answer entry dropped). */
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
    this.marchWire.drop(slot);
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
    const q = this.#scratch;
    this.querySlots(r, q);
    const slots = this.#slots;
    const list = <E>(l: SlotList, from: (E | undefined)[]) => {
      const out: E[] = new Array(l.length);
      for (let i = 0; i < l.length; i++) out[i] = from[l.items[i]!]!;
      return out;
    };
    return {
      cities: list(q.cities, slots) as City[],
      fields: list(q.fields, slots) as Field[],
      monsters: list(q.monsters, slots) as Monster[],
      marches: list(q.marches, this.#marchSlots),
    };
  }

  /** The entity of a tile-grid slot (the encoder's way to a record flagged SLOW or OCCUPIED). */
  entityOf(slot: number): Entity {
    return this.#slots[slot]!;
  }

  /** The march of a march slot (the encoder's way to one it has no bytes of yet). */
  marchOf(slot: number): March {
    return this.#marchSlots[slot]!;
  }

  /**
   * The slots of everything in the tile rectangle, into `out` (cleared first): the tile grid
   * and the slot records for cities, fields and monsters, the march cells and segments for
   * marches. No entity object is read.
   */
  querySlots(r: Rect, out: SlotResult): void {
    out.cities.length = 0;
    out.fields.length = 0;
    out.monsters.length = 0;
    out.marches.length = 0;
    const x0 = Math.max(0, r.x);
    const y0 = Math.max(0, r.y);
    const x1 = Math.min(this.width, r.x + r.width);
    const y1 = Math.min(this.height, r.y + r.height);
    const grid = this.#grid;
    const u8 = this.records.u8;
    const u16 = this.records.u16;
    for (let y = y0; y < y1; y++) {
      const row = y * this.width;
      for (let x = x0; x < x1; x++) {
        const slot = grid[row + x]!;
        if (slot === 0) continue;
        const kind = u8[slot * RECORD + 12];
        if (kind === FIELD) out.fields.push(slot);
        else if (kind === MONSTER) out.monsters.push(slot);
        else if (x === Math.max(u16[slot * 8 + 2]!, x0) && y === Math.max(u16[slot * 8 + 3]!, y0)) {
          // Once per city: at its first tile inside the rectangle.
          out.cities.push(slot);
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
            out.marches.push(s);
          }
        }
      }
    }
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
function grow<A extends Uint32Array | Float64Array>(from: A, to: A): A {
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
