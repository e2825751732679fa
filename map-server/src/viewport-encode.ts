// QueryViewport's answer encoded straight to protobuf bytes (slg.mapserver.v1.ViewportContents),
// with no message object per entity and no protobufjs writer: one growing scratch buffer, reused
// by every query, and a copy of the bytes as the answer. The bytes decode to what protobufjs
// encodes from the same entities (convert.ts's messages); fields holding their default (0, "")
// are left out, as proto3 allows. (test/viewport-encode.test.ts compares the two on random
// worlds, and after random engine activity.)
//
// encodeRect, the service's path, reads no entity object in the common case: cities, fields and
// monsters come from the world's 16-byte slot records, marches from their encoded entries kept
// in the world's arena (encoded from the object the first time a query meets the march, kept
// until it changes). encode() encodes entity objects (the first version; the bench compares).
import type { Rect } from './world/geometry.ts';
import { type City, type Field, type March, type Monster, RESOURCES } from './world/types.ts';
import { OCCUPIED, RECORD, SLOW } from './world/wire.ts';
import { slotResult, type ViewportResult, type World } from './world/world.ts';

const LEN = 2;
const VARINT = 0;
const FIXED64 = 1;

/** ASCII strings of the few values a viewport names (resources, kinds, states, troop types). */
const ascii = new Map<string, Uint8Array>();
function bytesOf(s: string): Uint8Array {
  let b = ascii.get(s);
  if (!b) {
    b = Buffer.from(s, 'utf8');
    if (ascii.size < 256) ascii.set(s, b);
  }
  return b;
}

const resourceBytes = RESOURCES.map((r) => Buffer.from(r, 'utf8'));

export class ViewportEncoder {
  #buf = Buffer.allocUnsafe(64 * 1024);
  #view = new DataView(this.#buf.buffer, this.#buf.byteOffset, this.#buf.byteLength);
  #pos = 0;
  readonly #slots = slotResult();

  /** The encoded ViewportContents of the rectangle (a new Buffer the caller owns). */
  encodeRect(world: World, r: Rect, nowMs: number): Buffer {
    const q = this.#slots;
    world.querySlots(r, q);
    this.#pos = 0;
    const rec = world.records;
    for (let i = 0; i < q.cities.length; i++) {
      const s = q.cities.items[i]!;
      if (rec.u8[s * RECORD + 15]! & SLOW) this.#city(world.entityOf(s) as City);
      else {
        const at = this.#open(1);
        this.#int64(1, rec.u32[s * 4]!);
        this.#int32(2, rec.u16[s * 8 + 2]!);
        this.#int32(3, rec.u16[s * 8 + 3]!);
        this.#int32(4, rec.u8[s * RECORD + 13]!);
        this.#int32(5, rec.u32[s * 4 + 2]!);
        this.#close(at);
      }
    }
    for (let i = 0; i < q.fields.length; i++) {
      const s = q.fields.items[i]!;
      const flags = rec.u8[s * RECORD + 15]!;
      if (flags & SLOW) this.#field(world.entityOf(s) as Field);
      else {
        const at = this.#open(2);
        this.#int64(1, rec.u32[s * 4]!);
        this.#bytes(2, resourceBytes[rec.u8[s * RECORD + 14]!]!);
        this.#int32(3, rec.u8[s * RECORD + 13]!);
        this.#int32(4, rec.u16[s * 8 + 2]!);
        this.#int32(5, rec.u16[s * 8 + 3]!);
        this.#int64(6, rec.u32[s * 4 + 2]!);
        // The occupant's id: the one read of an object here, for occupied fields only.
        if (flags & OCCUPIED) this.#int64(7, (world.entityOf(s) as Field).occupant?.id ?? 0);
        this.#close(at);
      }
    }
    for (let i = 0; i < q.monsters.length; i++) {
      const s = q.monsters.items[i]!;
      if (rec.u8[s * RECORD + 15]! & SLOW) this.#monster(world.entityOf(s) as Monster);
      else {
        const at = this.#open(3);
        this.#int64(1, rec.u32[s * 4]!);
        this.#int32(2, rec.u8[s * RECORD + 13]!);
        this.#int32(3, rec.u16[s * 8 + 2]!);
        this.#int32(4, rec.u16[s * 8 + 3]!);
        this.#int64(5, rec.u32[s * 4 + 2]!);
        this.#close(at);
      }
    }
    const arena = world.marchWire;
    for (let i = 0; i < q.marches.length; i++) {
      const s = q.marches.items[i]!;
      const len = arena.length(s);
      if (len > 0) {
        this.#ensure(len);
        const from = arena.offset(s);
        arena.bytes.copy(this.#buf, this.#pos, from, from + len);
        this.#pos += len;
      } else {
        const start = this.#pos;
        this.#march(world.marchOf(s));
        arena.put(s, this.#buf, start, this.#pos - start);
      }
    }
    this.#int64(5, nowMs);
    const out = Buffer.allocUnsafe(this.#pos);
    this.#buf.copy(out, 0, 0, this.#pos);
    return out;
  }

  /** The encoded ViewportContents of a query's result (a new Buffer the caller owns). */
  encode(q: ViewportResult, nowMs: number): Buffer {
    this.#pos = 0;
    for (const c of q.cities) this.#city(c);
    for (const f of q.fields) this.#field(f);
    for (const m of q.monsters) this.#monster(m);
    for (const m of q.marches) this.#march(m);
    this.#int64(5, nowMs);
    const out = Buffer.allocUnsafe(this.#pos);
    this.#buf.copy(out, 0, 0, this.#pos);
    return out;
  }

  #ensure(n: number): void {
    if (this.#pos + n <= this.#buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#buf.length * 2, this.#pos + n));
    this.#buf.copy(grown, 0, 0, this.#pos);
    this.#buf = grown;
    this.#view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
  }

  /** A varint of a non-negative integer below 2^53, or a negative one as 10 bytes. */
  #varint(v: number): void {
    this.#ensure(10);
    const b = this.#buf;
    let p = this.#pos;
    if (v >= 0 && v < 0x80000000) {
      while (v > 0x7f) {
        b[p++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      b[p++] = v;
    } else {
      // Two's complement over 64 bits: the low and high 32-bit words.
      let lo = v >>> 0;
      let hi = Math.floor(v / 4294967296) >>> 0;
      while (hi > 0 || lo > 0x7f) {
        b[p++] = (lo & 0x7f) | 0x80;
        lo = ((lo >>> 7) | (hi << 25)) >>> 0;
        hi >>>= 7;
      }
      b[p++] = lo;
    }
    this.#pos = p;
  }

  #tag(field: number, wire: number): void {
    const tag = (field << 3) | wire;
    if (tag < 0x80) {
      this.#ensure(1);
      this.#buf[this.#pos++] = tag;
    } else this.#varint(tag);
  }

  #int32(field: number, v: number): void {
    if (v === 0) return;
    this.#tag(field, VARINT);
    this.#varint(v | 0);
  }

  #int64(field: number, v: number): void {
    const n = Math.trunc(v);
    if (n === 0 || !Number.isFinite(n)) return;
    this.#tag(field, VARINT);
    this.#varint(n);
  }

  #double(field: number, v: number): void {
    if (v === 0) return;
    this.#tag(field, FIXED64);
    this.#ensure(8);
    this.#view.setFloat64(this.#pos, v, true);
    this.#pos += 8;
  }

  #string(field: number, s: string): void {
    if (s.length === 0) return;
    this.#bytes(field, bytesOf(s));
  }

  #bytes(field: number, b: Uint8Array): void {
    this.#tag(field, LEN);
    this.#varint(b.length);
    this.#ensure(b.length);
    this.#buf.set(b, this.#pos);
    this.#pos += b.length;
  }

  /** Opens a length-delimited field: one byte kept for the length, fixed by #close. */
  #open(field: number): number {
    this.#tag(field, LEN);
    this.#ensure(1);
    return this.#pos++;
  }

  #close(at: number): void {
    const len = this.#pos - at - 1;
    if (len < 0x80) {
      this.#buf[at] = len;
      return;
    }
    // A length of more than one byte: the body moves right to make room.
    let extra = 0;
    for (let v = len >>> 7; v > 0; v >>>= 7) extra++;
    this.#ensure(extra);
    this.#buf.copy(this.#buf, at + 1 + extra, at + 1, this.#pos);
    let v = len;
    let p = at;
    while (v > 0x7f) {
      this.#buf[p++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.#buf[p] = v;
    this.#pos += extra;
  }

  #city(c: City): void {
    const at = this.#open(1);
    this.#int64(1, c.playerId);
    this.#int32(2, c.x);
    this.#int32(3, c.y);
    this.#int32(4, c.level);
    this.#int32(5, c.reinforcements.size);
    this.#close(at);
  }

  #field(f: Field): void {
    const at = this.#open(2);
    this.#int64(1, f.id);
    this.#string(2, f.resource);
    this.#int32(3, f.level);
    this.#int32(4, f.x);
    this.#int32(5, f.y);
    this.#int64(6, f.remaining);
    this.#int64(7, f.occupant?.id ?? 0);
    this.#close(at);
  }

  #monster(m: Monster): void {
    const at = this.#open(3);
    this.#int64(1, m.id);
    this.#int32(2, m.level);
    this.#int32(3, m.x);
    this.#int32(4, m.y);
    this.#int64(5, m.troops);
    this.#close(at);
  }

  #march(m: March): void {
    const at = this.#open(4);
    this.#int64(1, m.id);
    this.#int64(2, m.playerId);
    this.#string(3, m.kind);
    this.#string(4, m.state);
    this.#int32(5, m.homeX);
    this.#int32(6, m.homeY);
    this.#int32(7, m.targetX);
    this.#int32(8, m.targetY);
    this.#double(9, m.fromX);
    this.#double(10, m.fromY);
    this.#double(11, m.toX);
    this.#double(12, m.toY);
    this.#int64(13, m.legStart);
    this.#int64(14, m.legEnd);
    for (const s of m.troops) {
      const t = this.#open(15);
      this.#int64(1, s.troopId);
      this.#string(2, s.type);
      this.#int32(3, s.tier);
      this.#int64(4, s.count);
      this.#int64(5, s.wounded);
      this.#close(t);
    }
    const l = this.#open(16);
    this.#int64(1, m.load.food);
    this.#int64(2, m.load.wood);
    this.#int64(3, m.load.stone);
    this.#int64(4, m.load.iron);
    this.#int64(5, m.load.gold);
    this.#close(l);
    this.#int64(17, m.startedAt);
    this.#close(at);
  }
}
