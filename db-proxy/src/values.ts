// Values at the edges: a wire Value checked against its column becomes a Cell
// (the only form that reaches SQL, always as a parameter); a value read back
// from a backend becomes a wire Value again. int64 stays exact both ways.
import { Long, type slg, toLong } from '@slg/proto';
import { InvalidArgumentError } from '@slg/service-kit';
import { type Cell, type Column, type ColumnType, INT64_MAX, INT64_MIN } from './schema.ts';

type WireValue = slg.common.v1.Value.$Properties;
type LongLike = Long | number | string | bigint;

/** A wire int64 (Long or safe number) as a bigint, without BigInt arithmetic when it fits 53 bits. */
export function longToBigInt(v: LongLike | null | undefined): bigint {
  if (v === null || v === undefined) return 0n;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return BigInt(v);
  if (typeof v === 'string') return BigInt(v);
  const { high, low } = v;
  // -2^21 <= high < 2^21: the value is within +-2^53 and a double holds it exactly.
  if (high >= -0x200000 && high < 0x200000) return BigInt(high * 0x100000000 + (low >>> 0));
  return BigInt.asIntN(64, (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0));
}

/** A bigint as what protobufjs encodes as int64: a number when exact, a Long otherwise. */
export function bigIntToWire(v: bigint): number | Long {
  if (v >= -9007199254740991n && v <= 9007199254740991n) return Number(v);
  return toLong(v);
}

const kindOf: Record<ColumnType, keyof WireValue> = {
  int64: 'int',
  double: 'float',
  string: 'str',
  bool: 'bool',
  bytes: 'bytes',
};

function describeKind(v: WireValue): string {
  for (const k of ['int', 'float', 'str', 'bool', 'bytes'] as const) {
    if (v[k] !== null && v[k] !== undefined) return k;
  }
  return 'NULL (no kind set)';
}

/** Code points in s, counted only when s could be too long. */
function charLength(s: string, max: number): number {
  if (s.length <= max) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * A wire value checked against its column, as a Cell. `at` names the request
 * field for the error message ("key[1]", "fields.gold", ...).
 */
export function cellFromWire(v: WireValue | null | undefined, column: Column, at: string): Cell {
  if (!v) return nullCell(column, at);
  const want = kindOf[column.type];
  const got = v[want];
  if (got === null || got === undefined) {
    const kind = describeKind(v);
    if (kind === 'NULL (no kind set)') return nullCell(column, at);
    throw new InvalidArgumentError(
      `${at}: column "${column.name}" is ${column.type} (Value.${want}), got Value.${kind}`,
    );
  }
  switch (column.type) {
    case 'int64':
      return longToBigInt(got as LongLike);
    case 'double': {
      const d = got as number;
      if (!Number.isFinite(d)) throw new InvalidArgumentError(`${at}: ${d} is not a finite number`);
      return d;
    }
    case 'string': {
      const s = got as string;
      const n = charLength(s, column.maxLength);
      if (n > column.maxLength) {
        throw new InvalidArgumentError(
          `${at}: "${column.name}" is at most ${column.maxLength} characters, got ${n}`,
        );
      }
      return s;
    }
    case 'bool':
      return got as boolean;
    case 'bytes': {
      const b = got as Uint8Array;
      if (b.length > column.maxLength) {
        throw new InvalidArgumentError(
          `${at}: "${column.name}" is at most ${column.maxLength} bytes, got ${b.length}`,
        );
      }
      return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.length);
    }
  }
}

function nullCell(column: Column, at: string): null {
  if (column.nullable) return null;
  throw new InvalidArgumentError(
    `${at}: "${column.name}" cannot be NULL (set Value.${kindOf[column.type]})`,
  );
}

/** A raw value from a backend (mysql2 or node:sqlite) as a wire Value of the column's type. */
export function wireFromRaw(raw: unknown, type: ColumnType): WireValue {
  if (raw === null || raw === undefined) return {};
  switch (type) {
    case 'int64':
      return { int: rawInt(raw) };
    case 'double':
      return { float: Number(raw) };
    case 'string':
      return {
        str: typeof raw === 'string' ? raw : Buffer.from(raw as Uint8Array).toString('utf8'),
      };
    case 'bool':
      return { bool: raw === true || raw === 1 || raw === 1n || raw === '1' };
    case 'bytes':
      return { bytes: raw as Uint8Array };
  }
}

/** mysql2 gives a safe number or a decimal string; node:sqlite a bigint. */
export function rawInt(raw: unknown): number | Long {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'bigint') return bigIntToWire(raw);
  if (typeof raw === 'string') return Long.fromString(raw);
  throw new TypeError(`not an integer from the database: ${String(raw)}`);
}

/** A raw integer (version, count) from a backend as a bigint. */
export function rawBigInt(raw: unknown): bigint {
  if (typeof raw === 'bigint') return raw;
  if (typeof raw === 'number') return BigInt(raw);
  if (typeof raw === 'string') return BigInt(raw);
  throw new TypeError(`not an integer from the database: ${String(raw)}`);
}

/** A raw value read back as a Cell of the column's type (for read-modify-write). */
export function cellFromRaw(raw: unknown, type: ColumnType): Cell {
  if (raw === null || raw === undefined) return null;
  switch (type) {
    case 'int64':
      return rawBigInt(raw);
    case 'double':
      return Number(raw);
    case 'string':
      return typeof raw === 'string' ? raw : Buffer.from(raw as Uint8Array).toString('utf8');
    case 'bool':
      return raw === true || raw === 1 || raw === 1n || raw === '1';
    case 'bytes':
      return Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
  }
}

export function checkInt64(v: bigint): boolean {
  return v >= INT64_MIN && v <= INT64_MAX;
}

/** A cell for messages: strings quoted, bytes by length. */
export function showCell(c: Cell): string {
  if (c === null) return 'NULL';
  if (typeof c === 'string') return JSON.stringify(c.length > 40 ? `${c.slice(0, 40)}…` : c);
  if (Buffer.isBuffer(c)) return `<${c.length} bytes>`;
  return String(c);
}

/** A primary key for messages: table(k1=..., k2=...). */
export function showKey(
  table: { name: string; primaryKey: readonly Column[] },
  key: readonly Cell[],
): string {
  return `${table.name}(${table.primaryKey.map((c, i) => `${c.name}=${showCell(key[i] ?? null)}`).join(', ')})`;
}

/** Approximate wire size of a value, for the response-size limit. */
export function cellSize(raw: unknown): number {
  if (raw === null || raw === undefined) return 2;
  if (typeof raw === 'string') return raw.length + 4;
  if (raw instanceof Uint8Array) return raw.length + 4;
  return 11;
}
