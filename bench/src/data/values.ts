// Field values as the workload keeps them: the protobuf `slg.common.v1.Value` shape itself
// (so an expected value goes into a request as is), generated from the column's type, compared
// exactly with what the server answers (int64 bit for bit, never through a JS number), and
// written to / read from JSON for the post-verification.
import { Long, type slg, toBigInt, toLong } from '@slg/proto';
import { ownCopy } from '../lib/own-bytes.ts';
import type { Rng } from '../lib/rng.ts';
import type { Column } from './schema.ts';

export type Val =
  | { int: Long }
  | { float: number }
  | { str: string }
  | { bool: boolean }
  | { bytes: Uint8Array };

export type Fields = Map<string, Val>;

/** A Val as JSON: int64 as a decimal string, bytes as base64. */
export type JsonVal =
  | { int: string }
  | { float: number }
  | { str: string }
  | { bool: boolean }
  | { bytes: string };

// Letters, digits, quotes, SQL punctuation, and 2- and 3-byte UTF-8 characters: a value that
// survives the trip only if every layer keeps strings exact.
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-\'"%;\\éß城堡',
];

/** A fresh random value for a column. Strings and bytes stay well under the column's limit. */
export function randomValue(rng: Rng, col: Column): Val {
  switch (col.type) {
    case 'int64':
      // Half small, half beyond 2^53 (where a JS number would round), all far from overflow.
      return rng.chance(0.5)
        ? { int: Long.fromNumber(rng.int(1_000_000)) }
        : { int: toLong((1n << 53n) + rng.bigBits(60)) };
    case 'double':
      // At most 12 significant digits: exact through any layer that prints 15 digits.
      return { float: (rng.int(2_000_000_000) - 1_000_000_000) / 1000 };
    case 'string': {
      const limit = Math.min(col.maxLength ?? 64, 24);
      const len = rng.int(limit + 1);
      let s = '';
      let utf8 = 0;
      for (let i = 0; i < len; i++) {
        const ch = rng.pick(ALPHABET);
        const b = Buffer.byteLength(ch);
        if (col.maxLength !== null && utf8 + b > col.maxLength) break;
        s += ch;
        utf8 += b;
      }
      return { str: s };
    }
    case 'bool':
      return { bool: rng.chance(0.5) };
    case 'bytes':
      return { bytes: rng.bytes(rng.int(Math.min(col.maxLength ?? 16, 16) + 1)) };
  }
}

/** The int64 inside an int Val (a Val of another kind is a bug in the caller). */
export function intOf(v: Val | undefined): bigint {
  if (!v || !('int' in v)) throw new TypeError('not an int64 value');
  return toBigInt(v.int);
}

function longEquals(got: Long | number | null | undefined, want: Long): boolean {
  if (got === null || got === undefined) return false;
  if (typeof got === 'number') return toBigInt(got) === toBigInt(want);
  return got.low === want.low && got.high === want.high;
}

/** Whether a wire Value holds exactly the expected value (same kind, same bits). */
export function sameValue(want: Val, got: slg.common.v1.IValue | null | undefined): boolean {
  if (!got) return false;
  const kind = (got as { kind?: string }).kind;
  if ('int' in want) return kind === 'int' && longEquals(got.int as Long | number, want.int);
  if ('float' in want) return kind === 'float' && Object.is(got.float, want.float);
  if ('str' in want) return kind === 'str' && got.str === want.str;
  if ('bool' in want) return kind === 'bool' && got.bool === want.bool;
  return (
    kind === 'bytes' &&
    got.bytes instanceof Uint8Array &&
    Buffer.compare(Buffer.from(got.bytes), Buffer.from(want.bytes)) === 0
  );
}

/** A wire Value in a readable form, for mismatch messages. */
export function showWire(v: slg.common.v1.IValue | null | undefined): string {
  if (!v) return 'absent';
  const val = valFromWire(v);
  return val ? showVal(val) : 'NULL';
}

/** A Val in a readable form: its kind, then its JSON value (a string quoted). */
export function showVal(v: Val | undefined): string {
  if (!v) return 'absent';
  const [kind, value] = Object.entries(valToJson(v))[0]!;
  return `${kind} ${kind === 'str' ? JSON.stringify(value) : value}`;
}

export function valToJson(v: Val): JsonVal {
  if ('int' in v) return { int: toBigInt(v.int).toString() };
  if ('bytes' in v) return { bytes: Buffer.from(v.bytes).toString('base64') };
  return v;
}

export function valFromJson(j: JsonVal): Val {
  if ('int' in j) return { int: toLong(BigInt(j.int)) };
  if ('bytes' in j) return { bytes: Buffer.from(j.bytes, 'base64') };
  return j;
}

/** A wire Value as a Val (to adopt what a server holds after an unknown outcome). */
export function valFromWire(v: slg.common.v1.IValue): Val | undefined {
  const kind = (v as { kind?: string }).kind;
  switch (kind) {
    case 'int':
      return { int: toLong(toBigInt(v.int as Long | number)) };
    case 'float':
      return { float: v.float ?? 0 };
    case 'str':
      return { str: v.str ?? '' };
    case 'bool':
      return { bool: v.bool ?? false };
    case 'bytes':
      // Adopted into the model: kept for the run, so not a slice of the pool (own-bytes.ts).
      return { bytes: ownCopy(v.bytes ?? new Uint8Array(0)) };
    default:
      return undefined;
  }
}
