// What a viewport answer reads of each entity, kept dense so that a query reads a few contiguous
// bytes per entity instead of chasing its object graph (every scattered object read is a likely
// cache miss on a busy machine; docs/results.md's in-process figures):
// - SlotRecords: one 16-byte record per tile-grid slot (city, field, monster) holding its kind,
//   top-left tile and wire fields; the tile loop reads the kind and corner from it, so the
//   answer's fields come with the same cache line.
// - ByteArena: each march's encoded ViewportContents.marches entry, filled the first time a
//   query meets the march and dropped when the march changes.
// The World writes both in its mutation methods (the only writers of those fields); the encoder
// (viewport-encode.ts) reads them.
import { type Entity, RESOURCES } from './types.ts';

export const CITY = 1;
export const FIELD = 2;
export const MONSTER = 3;

/** Flags: read the entity object instead (a value the record cannot hold exactly). */
export const SLOW = 1;
/** Flags: a field with an occupant (its march id is read from the object). */
export const OCCUPIED = 2;

/** Bytes per record; offsets in bytes, then per view. */
export const RECORD = 16;
// u32 view: [0] id, [2] value (a city's reinforcements, a field's remaining, a monster's troops)
// u16 view: [2] x, [3] y
// u8 view: [12] kind, [13] level, [14] resource index, [15] flags
const U32_MAX = 0xffffffff;

const fitsU32 = (v: number) => Number.isInteger(v) && v >= 0 && v <= U32_MAX;
const fitsU8 = (v: number) => Number.isInteger(v) && v >= 0 && v <= 0xff;

export class SlotRecords {
  u32: Uint32Array;
  u16: Uint16Array;
  u8: Uint8Array;

  constructor(capacity = 1024) {
    const b = new ArrayBuffer(capacity * RECORD);
    this.u32 = new Uint32Array(b);
    this.u16 = new Uint16Array(b);
    this.u8 = new Uint8Array(b);
  }

  get capacity(): number {
    return this.u8.length / RECORD;
  }

  /** Makes room for `slot` (grows by a quarter: little unused room on a big world). */
  ensure(slot: number): void {
    if (slot < this.capacity) return;
    let cap = this.capacity;
    while (cap <= slot) cap = Math.ceil(cap * 1.25);
    const b = new ArrayBuffer(cap * RECORD);
    const u8 = new Uint8Array(b);
    u8.set(this.u8);
    this.u8 = u8;
    this.u32 = new Uint32Array(b);
    this.u16 = new Uint16Array(b);
  }

  /** The record of `e` (at e.slot) from the object: every field, every time. */
  write(e: Entity): void {
    const s = e.slot;
    const o4 = s * 4;
    const o8 = s * 8;
    const o16 = s * RECORD;
    let flags = 0;
    let id: number;
    let value: number;
    let resource = 0;
    if (e.kind === 'city') {
      this.u8[o16 + 12] = CITY;
      id = e.playerId;
      value = e.reinforcements.size;
    } else if (e.kind === 'field') {
      this.u8[o16 + 12] = FIELD;
      id = e.id;
      value = e.remaining;
      resource = RESOURCES.indexOf(e.resource);
      if (resource < 0) flags |= SLOW;
      if (e.occupant) flags |= OCCUPIED;
    } else {
      this.u8[o16 + 12] = MONSTER;
      id = e.id;
      value = e.troops;
    }
    if (!fitsU32(id) || !fitsU32(value) || !fitsU8(e.level)) flags |= SLOW;
    this.u32[o4] = id;
    this.u32[o4 + 2] = value;
    this.u16[o8 + 2] = e.x;
    this.u16[o8 + 3] = e.y;
    this.u8[o16 + 13] = e.level;
    this.u8[o16 + 14] = Math.max(resource, 0);
    this.u8[o16 + 15] = flags;
  }

  /** Only the top-left tile (a city's move, a respawn elsewhere). */
  moveTo(slot: number, x: number, y: number): void {
    this.u16[slot * 8 + 2] = x;
    this.u16[slot * 8 + 3] = y;
  }

  clear(slot: number): void {
    this.u8.fill(0, slot * RECORD, (slot + 1) * RECORD);
  }
}

/**
 * Byte strings by key (a march slot) in one buffer: a bump allocator whose dropped strings are
 * reclaimed, when the buffer is full, by copying the live ones into a new one. [offset, length]
 * per key; length 0: nothing kept.
 */
export class ByteArena {
  bytes: Buffer;
  #at: Uint32Array;
  #end = 0;
  #live = 0;

  constructor(capacity = 64 * 1024, keys = 1024) {
    this.bytes = Buffer.allocUnsafe(capacity);
    this.#at = new Uint32Array(2 * keys);
  }

  offset(key: number): number {
    return this.#at[2 * key]!;
  }

  /** The length kept for `key` (0: none). */
  length(key: number): number {
    return key * 2 + 1 < this.#at.length ? this.#at[2 * key + 1]! : 0;
  }

  /** Keeps src[start, start + len) for `key` (which holds nothing). */
  put(key: number, src: Uint8Array, start: number, len: number): void {
    if (2 * key + 1 >= this.#at.length) {
      let n = this.#at.length;
      while (n <= 2 * key + 1) n *= 2;
      const at = new Uint32Array(n);
      at.set(this.#at);
      this.#at = at;
    }
    if (this.#end + len > this.bytes.length) this.#compact(len);
    this.bytes.set(src.subarray(start, start + len), this.#end);
    this.#at[2 * key] = this.#end;
    this.#at[2 * key + 1] = len;
    this.#end += len;
    this.#live += len;
  }

  drop(key: number): void {
    const len = this.length(key);
    if (len === 0) return;
    this.#at[2 * key + 1] = 0;
    this.#live -= len;
  }

  /** Bytes held (the buffer and the table) and bytes in use. */
  get size(): { allocated: number; live: number } {
    return { allocated: this.bytes.length + this.#at.byteLength, live: this.#live };
  }

  /** Room for `len` more: the live strings copied to the front of a new buffer. */
  #compact(len: number): void {
    const need = this.#live + len;
    // The same size while the live strings leave a fifth of it free (so compactions stay rare:
    // one per fifth of the buffer dropped), else a quarter more than they need.
    const size = need <= this.bytes.length * 0.8 ? this.bytes.length : Math.ceil(need * 1.25);
    const next = Buffer.allocUnsafe(size);
    let end = 0;
    for (let k = 0; 2 * k + 1 < this.#at.length; k++) {
      const n = this.#at[2 * k + 1]!;
      if (n === 0) continue;
      const from = this.#at[2 * k]!;
      this.bytes.copy(next, end, from, from + n);
      this.#at[2 * k] = end;
      end += n;
    }
    this.bytes = next;
    this.#end = end;
  }
}
