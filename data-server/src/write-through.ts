// The values a committed write leaves in the cache (write-through), computed
// from the write and from what the cache held when the write took its lease
// (cache/interface.ts): a new record from CreateV2's fields and the schema's
// defaults; a cached record or collection patched with ModifyV2's fields or
// IncrByV2's new value; a member added to or removed from a cached collection.
// A patch is made only when the cached copy is the version just before this
// write's (db-proxy bumps a row's version by one per write), so a copy that
// missed another write is never patched; when nothing can be computed the key
// is simply left empty, as an invalidation would.
import { type Long, slg, toBigInt } from '@slg/proto';
import type { WriteValue } from './cache/interface.ts';
import { encodeCollection, encodeFetch } from './records.ts';
import type { RecordRef } from './validate.ts';

type Int64 = number | Long;
type RecordProps = slg.dataserver.v2.Record.$Properties;
type FieldMap = { [name: string]: slg.common.v1.Value.$Properties };

const FetchResponse = slg.dataserver.v2.FetchResponse;

/** The record CreateV2 committed: its fields, the defaults for the rest (schema order), its version. */
export function newRecord(ref: RecordRef, fields: FieldMap, version: Int64): RecordProps {
  const out: FieldMap = {};
  for (const [name, column] of ref.table.columns) out[name] = fields[name] ?? column.default;
  return {
    table: ref.table.name,
    ownerId: ref.owner,
    memberId: ref.table.collection ? ref.member : 0,
    fields: out,
    version,
  };
}

/** A cached record's bytes with `fields` set and the version moved to `version`, if it was at version - 1. */
export function patchedRecord(
  old: Buffer | null,
  fields: FieldMap,
  version: Int64,
): RecordProps | undefined {
  if (old === null || old.length === 0) return undefined;
  const record = FetchResponse.decode(old).record;
  if (!record || toBigInt(record.version) + 1n !== toBigInt(version)) return undefined;
  return applyFields(record, fields, version);
}

function applyFields(record: RecordProps, fields: FieldMap, version: Int64): RecordProps {
  const merged: FieldMap = { ...(record.fields ?? {}) };
  for (const name in fields) merged[name] = fields[name] as slg.common.v1.Value.$Properties;
  return { ...record, fields: merged, version };
}

/**
 * A cached collection with one member changed (as `patchedRecord`), or undefined. Only that
 * member is decoded and encoded again: the others' bytes are kept as they are (a troop's
 * count written on every march's return decoded and encoded all of a player's troops).
 */
export function patchedCollection(
  old: Buffer | null,
  memberStr: string,
  fields: FieldMap,
  version: Int64,
): Buffer | undefined {
  if (old === null) return undefined;
  const member = BigInt(memberStr);
  const entry = collectionEntries(old).find((e) => e.member === member);
  if (!entry) return undefined;
  const current = FetchResponse.decode(old.subarray(entry.start, entry.end)).record;
  if (!current || toBigInt(current.version) + 1n !== toBigInt(version)) return undefined;
  return spliced(old, entry.start, entry.end, encodeFetch(applyFields(current, fields, version)));
}

/** A cached collection with `record` added in member order (undefined if it was not cached or had it). */
export function collectionWith(old: Buffer | null, record: RecordProps): Buffer | undefined {
  if (old === null) return undefined;
  const member = toBigInt(record.memberId);
  let at = old.length;
  for (const e of collectionEntries(old)) {
    if (e.member === member) return undefined;
    if (e.member > member) {
      at = e.start;
      break;
    }
  }
  return spliced(old, at, at, encodeFetch(record));
}

/** A cached collection without the given members (all of them: the empty collection). */
export function collectionWithout(
  old: Buffer | null,
  members: readonly string[] | 'all',
): Buffer | undefined {
  if (members === 'all') return encodeCollection([]);
  if (old === null) return undefined;
  const gone = new Set(members.map(BigInt));
  const kept = collectionEntries(old).filter((e) => !gone.has(e.member));
  return Buffer.concat(kept.map((e) => old.subarray(e.start, e.end)));
}

/**
 * The records of an encoded CFetchResponse, each as its byte range and member id, read without
 * decoding them. Each record is field 1 of the CFetchResponse, as it is of a FetchResponse: the
 * range of one is that record's FetchResponse bytes (what `encodeFetch` gives for it), so a
 * record changes in the collection by splicing.
 */
export function collectionEntries(
  bytes: Uint8Array,
): { start: number; end: number; member: bigint }[] {
  const out: { start: number; end: number; member: bigint }[] = [];
  let pos = 0;
  // A varint as a number (tags, lengths, and the ids below 2^49 that most members are), or as a
  // bigint past 7 bytes; an id is an int64, so a negative one takes all 10.
  let big = 0n;
  const varint = (): number => {
    let v = 0;
    for (let shift = 0; shift < 49; shift += 7) {
      const b = bytes[pos++];
      if (b === undefined) throw new RangeError('malformed collection bytes');
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
    }
    big = BigInt(v);
    for (let shift = 49n; shift < 70n; shift += 7n) {
      const b = bytes[pos++];
      if (b === undefined) throw new RangeError('malformed collection bytes');
      big |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return -1;
    }
    throw new RangeError('malformed collection bytes');
  };
  while (pos < bytes.length) {
    const start = pos;
    if (varint() !== RECORD_TAG) throw new RangeError('a collection holds records only');
    const length = varint();
    const end = pos + length;
    if (length < 0 || end > bytes.length) throw new RangeError('truncated collection bytes');
    // The record's fields: its member_id (field 3, a varint; absent when 0), the rest skipped.
    let member = 0n;
    while (pos < end) {
      const tag = varint();
      const wire = tag & 7;
      if (wire === 0) {
        const v = varint();
        if (tag >>> 3 === MEMBER_FIELD) member = v >= 0 ? BigInt(v) : BigInt.asIntN(64, big);
      } else if (wire === 2) {
        const length = varint(); // (not `pos += varint()`: pos is read before varint moves it)
        if (length < 0) throw new RangeError('malformed collection bytes');
        pos += length;
      } else if (wire === 1) pos += 8;
      else if (wire === 5) pos += 4;
      else throw new RangeError(`wire type ${wire} in a collection's record`);
    }
    if (pos !== end) throw new RangeError('malformed collection bytes');
    out.push({ start, end, member });
  }
  return out;
}

/** Field 1, length-delimited: a record in a CFetchResponse (and in a FetchResponse). */
const RECORD_TAG = (1 << 3) | 2;
/** Record.member_id's field number. */
const MEMBER_FIELD = 3;

function spliced(bytes: Buffer, from: number, to: number, insert: Buffer): Buffer {
  return Buffer.concat([bytes.subarray(0, from), insert, bytes.subarray(to)]);
}

export interface Ttls {
  readonly recordMs: number;
  readonly collectionMs: number;
  /** How long "no such record" is cached. */
  readonly absentMs: number;
}

export function recordValue(record: RecordProps | undefined, ttls: Ttls): WriteValue {
  return record
    ? { value: encodeFetch(record), ttlMs: ttls.recordMs }
    : { value: encodeFetch(undefined), ttlMs: ttls.absentMs };
}

export function collectionValue(bytes: Buffer | undefined, ttls: Ttls): WriteValue | undefined {
  return bytes === undefined ? undefined : { value: bytes, ttlMs: ttls.collectionMs };
}

/** What a write that changed nothing found, put back. */
export function putBack(old: Buffer | null, ttlMs: number): WriteValue | undefined {
  return old === null ? undefined : { value: old, ttlMs };
}
