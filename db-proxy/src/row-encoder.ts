// Rows straight from backend values to protobuf bytes, for the hot answers
// (Get's RowResponse, List's ListResponse). The generic path builds a Value
// object per column, a map object per row and lets protobufjs walk them; this
// writes the same bytes (the tests compare them) in two passes over the raw row,
// with each column's map-entry key encoded once per table.
//
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

/** Per column: the Value's payload as prepared for writing, and its size. */
interface Prepared {
  /** Value message size (0 for NULL). */
  valueSize: number;
  /** int64/bool: the varint; str: the byte length; bytes: the Uint8Array; double: the number. */
  v: unknown;
  strLen: number;
}

function prepareValue(raw: unknown, type: ColumnType): Prepared {
  if (raw === null || raw === undefined) return { valueSize: 0, v: null, strLen: 0 };
  switch (type) {
    case 'int64': {
      const v = u64(raw);
      return { valueSize: 1 + varint64Size(v), v, strLen: 0 };
    }
    case 'double':
      return { valueSize: 9, v: Number(raw), strLen: 0 };
    case 'string': {
      const s = typeof raw === 'string' ? raw : Buffer.from(raw as Uint8Array).toString('utf8');
      const n = Buffer.byteLength(s, 'utf8');
      return { valueSize: 1 + varintSize(n) + n, v: s, strLen: n };
    }
    case 'bool': {
      const b = raw === true || raw === 1 || raw === 1n || raw === '1';
      return { valueSize: 2, v: b ? 1 : 0, strLen: 0 };
    }
    case 'bytes': {
      const b = raw as Uint8Array;
      return { valueSize: 1 + varintSize(b.length) + b.length, v: b, strLen: b.length };
    }
  }
}

/** The size of one Row message and the prepared values it needs. */
function measureRow(
  t: Table,
  raw: readonly unknown[],
): { size: number; values: Prepared[]; version: number | bigint } {
  const codec = codecOf(t);
  const values: Prepared[] = new Array(codec.length);
  let size = 0;
  for (let i = 0; i < codec.length; i++) {
    const c = codec[i]!;
    const p = prepareValue(raw[i], c.type);
    values[i] = p;
    const entry = c.key.length + 1 + varintSize(p.valueSize) + p.valueSize;
    size += 1 + varintSize(entry) + entry;
  }
  const version = u64(raw[codec.length] ?? 0);
  // proto3: a zero scalar is not written (a stored row's version is never 0).
  if (version !== 0 && version !== 0n) size += 1 + varint64Size(version);
  return { size, values, version };
}

function writeRow(buf: Buffer, pos: number, t: Table, m: ReturnType<typeof measureRow>): number {
  const codec = codecOf(t);
  for (let i = 0; i < codec.length; i++) {
    const c = codec[i]!;
    const p = m.values[i]!;
    const entry = c.key.length + 1 + varintSize(p.valueSize) + p.valueSize;
    buf[pos++] = 0x0a;
    pos = writeVarint(buf, pos, entry);
    pos += c.key.copy(buf, pos);
    buf[pos++] = 0x12;
    pos = writeVarint(buf, pos, p.valueSize);
    if (p.valueSize === 0) continue;
    switch (c.type) {
      case 'int64':
        buf[pos++] = 0x08;
        pos = writeVarint64(buf, pos, p.v as number | bigint);
        break;
      case 'double':
        buf[pos++] = 0x11;
        buf.writeDoubleLE(p.v as number, pos);
        pos += 8;
        break;
      case 'string':
        buf[pos++] = 0x1a;
        pos = writeVarint(buf, pos, p.strLen);
        pos += buf.write(p.v as string, pos, 'utf8');
        break;
      case 'bool':
        buf[pos++] = 0x20;
        buf[pos++] = p.v as number;
        break;
      case 'bytes':
        buf[pos++] = 0x2a;
        pos = writeVarint(buf, pos, p.strLen);
        buf.set(p.v as Uint8Array, pos);
        pos += p.strLen;
        break;
    }
  }
  if (m.version === 0 || m.version === 0n) return pos;
  buf[pos++] = 0x10;
  return writeVarint64(buf, pos, m.version);
}

/** slg.dbproxy.v1.RowResponse { row } from a backend row (columns in schema order, then the version). */
export function encodeRowResponse(t: Table, raw: readonly unknown[]): Buffer {
  const m = measureRow(t, raw);
  const buf = Buffer.allocUnsafe(1 + varintSize(m.size) + m.size);
  let pos = 0;
  buf[pos++] = 0x0a;
  pos = writeVarint(buf, pos, m.size);
  writeRow(buf, pos, t, m);
  return buf;
}

/** slg.dbproxy.v1.ListResponse { rows, next_page_token }. */
export function encodeListResponse(
  t: Table,
  rows: readonly (readonly unknown[])[],
  nextPageToken: string,
): Buffer {
  const measured = rows.map((r) => measureRow(t, r));
  const token = nextPageToken ? Buffer.byteLength(nextPageToken, 'utf8') : 0;
  let size = 0;
  for (const m of measured) size += 1 + varintSize(m.size) + m.size;
  if (token) size += 1 + varintSize(token) + token;
  const buf = Buffer.allocUnsafe(size);
  let pos = 0;
  for (const m of measured) {
    buf[pos++] = 0x0a;
    pos = writeVarint(buf, pos, m.size);
    pos = writeRow(buf, pos, t, m);
  }
  if (token) {
    buf[pos++] = 0x12;
    pos = writeVarint(buf, pos, token);
    buf.write(nextPageToken, pos, 'utf8');
  }
  return buf;
}
