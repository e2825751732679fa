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
const CFetchResponse = slg.dataserver.v2.CFetchResponse;

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

/** A cached collection with one member changed (as `patchedRecord`), or undefined. */
export function patchedCollection(
  old: Buffer | null,
  memberStr: string,
  fields: FieldMap,
  version: Int64,
): Buffer | undefined {
  if (old === null) return undefined;
  const records = CFetchResponse.decode(old).records as RecordProps[];
  const i = records.findIndex((r) => toBigInt(r.memberId).toString() === memberStr);
  const current = records[i];
  if (!current || toBigInt(current.version) + 1n !== toBigInt(version)) return undefined;
  records[i] = applyFields(current, fields, version);
  return encodeCollection(records);
}

/** A cached collection with `record` added in member order (undefined if it was not cached or had it). */
export function collectionWith(old: Buffer | null, record: RecordProps): Buffer | undefined {
  if (old === null) return undefined;
  const records = CFetchResponse.decode(old).records as RecordProps[];
  const member = toBigInt(record.memberId);
  let at = records.length;
  for (let i = 0; i < records.length; i++) {
    const m = toBigInt(records[i]!.memberId);
    if (m === member) return undefined;
    if (m > member) {
      at = i;
      break;
    }
  }
  records.splice(at, 0, record);
  return encodeCollection(records);
}

/** A cached collection without the given members (all of them: the empty collection). */
export function collectionWithout(
  old: Buffer | null,
  members: readonly string[] | 'all',
): Buffer | undefined {
  if (members === 'all') return encodeCollection([]);
  if (old === null) return undefined;
  const gone = new Set(members);
  const records = (CFetchResponse.decode(old).records as RecordProps[]).filter(
    (r) => !gone.has(toBigInt(r.memberId).toString()),
  );
  return encodeCollection(records);
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
