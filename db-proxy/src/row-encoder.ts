// Rows straight from backend values to protobuf bytes, for the hot answers
// (Get's RowResponse, List's ListResponse). The generic path builds a Value
// object per column, a map object per row and lets protobufjs walk them; this
// writes the same bytes (the tests compare them) in two passes over the raw row,
// with each column's map-entry key encoded once per table.
//
//   RowResponse = { 1: Row }, or nothing when there is no row (NO_ROW)
//   Row   = { 1: map entry }*  { 2: version varint }
//   entry = { 1: column name } { 2: Value }
//   Value = int 1 varint | float 2 fixed64 | str 3 | bool 4 varint | bytes 5 | nothing (NULL)
import type { slg } from '@slg/proto';
import type { ColumnType, Table } from './schema.ts';
import { rawInt, wireFromRaw } from './values.ts';

/** The same row as protobufjs message objects (the generic form; the encoder's reference). */
export function rowToWire(t: Table, raw: readonly unknown[]): slg.dbproxy.v1.Row.$Properties {
  const fields: Record<string, slg.common.v1.Value.$Properties> = {};
  const cols = t.columns;
  for (let i = 0; i < cols.length; i++) fields[cols[i]!.name] = wireFromRaw(raw[i], cols[i]!.type);
  return { fields, version: rawInt(raw[cols.length]) };
}

/** Marks a handler's answer as already encoded (see service.ts, dbProxyDefinition). */
export class Encoded {
  readonly bytes: Buffer;
  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
}

/**
 * Get's answer for a missing row: `RowResponse` with `row` unset, i.e. no bytes at all (proto3
 * writes no field). One shared instance: nothing writes into it.
 */
export const NO_ROW = new Encoded(Buffer.alloc(0));

interface ColumnCodec {
  /** 0x0a, name length, name: the map entry's key field. */
  key: Buffer;
  type: ColumnType;
}

const codecs = new WeakMap<Table, ColumnCodec[]>();

function codecOf(t: Table): ColumnCodec[] {
  let c = codecs.get(t);
  if (!c) {
    c = t.columns.map((col) => {
      const name = Buffer.from(col.name, 'utf8');
      return {
        key: Buffer.concat([Buffer.from([0x0a]), varintBytes(name.length), name]),
        type: col.type,
      };
    });
    codecs.set(t, c);
  }
  return c;
}

function varintBytes(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

function varintSize(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

/** An int64 from a backend (safe number, decimal string, bigint) as unsigned 64-bit two's complement. */
function u64(raw: unknown): number | bigint {
  if (typeof raw === 'number' && raw >= 0) return raw;
  return BigInt.asUintN(64, BigInt(raw as number | string | bigint));
}

function varint64Size(v: number | bigint): number {
  if (typeof v === 'number') {
    let n = 1;
    while (v >= 128) {
      v = Math.floor(v / 128);
      n++;
    }
    return n;
  }
  let n = 1;
  while (v >= 128n) {
    v >>= 7n;
    n++;
  }
  return n;
}

function writeVarint64(buf: Buffer, pos: number, v: number | bigint): number {
  if (typeof v === 'number') {
    while (v >= 128) {
      buf[pos++] = (v % 128) | 0x80;
      v = Math.floor(v / 128);
    }
    buf[pos++] = v;
    return pos;
  }
  while (v >= 128n) {
    buf[pos++] = Number(v & 0x7fn) | 0x80;
    v >>= 7n;
  }
  buf[pos++] = Number(v);
  return pos;
}

function writeVarint(buf: Buffer, pos: number, n: number): number {
  while (n > 0x7f) {
    buf[pos++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  buf[pos++] = n;
  return pos;
}

// One row is measured, then written, with its prepared values in these scratch arrays (reused:
// encoding is synchronous, and a Get answer allocates nothing here but its buffer).
/** Per column: the Value message's size (0 for NULL). */
let valueSizes = new Int32Array(64);
/** Per column: int64 as u64 (number or bigint), bool as 0/1, string as a string, bytes, double. */
let values: unknown[] = new Array(64);
/** Per column: the byte length of a string or bytes value. */
let payloadSizes = new Int32Array(64);

function ensureScratch(n: number): void {
  if (valueSizes.length >= n) return;
  valueSizes = new Int32Array(n);
  payloadSizes = new Int32Array(n);
  values = new Array(n);
}

/** Prepares one row's values into the scratch arrays; returns the Row message's size. */
function prepareRow(t: Table, raw: readonly unknown[]): number {
  const codec = codecOf(t);
  ensureScratch(codec.length + 1);
  let size = 0;
  for (let i = 0; i < codec.length; i++) {
    const c = codec[i]!;
    const r = raw[i];
    let valueSize = 0;
    if (r !== null && r !== undefined) {
      switch (c.type) {
        case 'int64': {
          const v = u64(r);
          values[i] = v;
          valueSize = 1 + varint64Size(v);
          break;
        }
        case 'double':
          values[i] = Number(r);
          valueSize = 9;
          break;
        case 'string': {
          const str = typeof r === 'string' ? r : Buffer.from(r as Uint8Array).toString('utf8');
          const n = Buffer.byteLength(str, 'utf8');
          values[i] = str;
          payloadSizes[i] = n;
          valueSize = 1 + varintSize(n) + n;
          break;
        }
        case 'bool':
          values[i] = r === true || r === 1 || r === 1n || r === '1' ? 1 : 0;
          valueSize = 2;
          break;
        case 'bytes': {
          const b = r as Uint8Array;
          values[i] = b;
          payloadSizes[i] = b.length;
          valueSize = 1 + varintSize(b.length) + b.length;
          break;
        }
      }
    }
    valueSizes[i] = valueSize;
    const entry = c.key.length + 1 + varintSize(valueSize) + valueSize;
    size += 1 + varintSize(entry) + entry;
  }
  const version = u64(raw[codec.length] ?? 0);
  values[codec.length] = version;
  // proto3: a zero scalar is not written (a stored row's version is never 0).
  if (version !== 0 && version !== 0n) size += 1 + varint64Size(version);
  return size;
}

/** Writes the row prepareRow prepared last. */
function writeRow(buf: Buffer, pos: number, t: Table): number {
  const codec = codecOf(t);
  for (let i = 0; i < codec.length; i++) {
    const c = codec[i]!;
    const valueSize = valueSizes[i]!;
    const entry = c.key.length + 1 + varintSize(valueSize) + valueSize;
    buf[pos++] = 0x0a;
    pos = writeVarint(buf, pos, entry);
    pos += c.key.copy(buf, pos);
    buf[pos++] = 0x12;
    pos = writeVarint(buf, pos, valueSize);
    if (valueSize === 0) continue;
    const v = values[i];
    switch (c.type) {
      case 'int64':
        buf[pos++] = 0x08;
        pos = writeVarint64(buf, pos, v as number | bigint);
        break;
      case 'double':
        buf[pos++] = 0x11;
        buf.writeDoubleLE(v as number, pos);
        pos += 8;
        break;
      case 'string':
        buf[pos++] = 0x1a;
        pos = writeVarint(buf, pos, payloadSizes[i]!);
        pos += buf.write(v as string, pos, 'utf8');
        break;
      case 'bool':
        buf[pos++] = 0x20;
        buf[pos++] = v as number;
        break;
      case 'bytes':
        buf[pos++] = 0x2a;
        pos = writeVarint(buf, pos, payloadSizes[i]!);
        buf.set(v as Uint8Array, pos);
        pos += payloadSizes[i]!;
        break;
    }
  }
  const version = values[codec.length] as number | bigint;
  // Drop the references (a row's strings and buffers are not kept alive until the next row).
  values.fill(undefined, 0, codec.length + 1);
  if (version === 0 || version === 0n) return pos;
  buf[pos++] = 0x10;
  return writeVarint64(buf, pos, version);
}

/** slg.dbproxy.v1.RowResponse { row } from a backend row (columns in schema order, then the version). */
export function encodeRowResponse(t: Table, raw: readonly unknown[]): Buffer {
  const size = prepareRow(t, raw);
  const buf = Buffer.allocUnsafe(1 + varintSize(size) + size);
  let pos = 0;
  buf[pos++] = 0x0a;
  pos = writeVarint(buf, pos, size);
  writeRow(buf, pos, t);
  return buf;
}

/** slg.dbproxy.v1.ListResponse { rows, next_page_token }. */
export function encodeListResponse(
  t: Table,
  rows: readonly (readonly unknown[])[],
  nextPageToken: string,
): Buffer {
  // Sizes first (the buffer is allocated once), then each row prepared again and written.
  const sizes = rows.map((r) => prepareRow(t, r));
  const token = nextPageToken ? Buffer.byteLength(nextPageToken, 'utf8') : 0;
  let size = 0;
  for (const n of sizes) size += 1 + varintSize(n) + n;
  if (token) size += 1 + varintSize(token) + token;
  const buf = Buffer.allocUnsafe(size);
  let pos = 0;
  for (let i = 0; i < rows.length; i++) {
    prepareRow(t, rows[i]!);
    buf[pos++] = 0x0a;
    pos = writeVarint(buf, pos, sizes[i]!);
    pos = writeRow(buf, pos, t);
  }
  if (token) {
    buf[pos++] = 0x12;
    pos = writeVarint(buf, pos, token);
    buf.write(nextPageToken, pos, 'utf8');
  }
  return buf;
}
