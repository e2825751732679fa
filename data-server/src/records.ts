// Cache keys, and the wire bytes the cache holds: a record is kept as the
// encoded FetchResponse that FetchV2 answers, a collection as the encoded
// CFetchResponse, so that a cache hit is sent as it is (no decode, no encode).
import { type Long, slg } from '@slg/proto';
import type { TableInfo } from './schema.ts';
import type { CollectionRef, RecordRef } from './validate.ts';

type Row = slg.dbproxy.v1.Row.$Properties;
type RecordProps = slg.dataserver.v2.Record.$Properties;

/** Key names under one prefix; `{owner}` is a hash tag: one player's keys share a cluster slot. */
export class Keys {
  readonly prefix: string;
  constructor(prefix: string) {
    this.prefix = prefix;
  }
  record(ref: RecordRef): string {
    return `${this.prefix}{${ref.ownerStr}}:r:${ref.table.name}:${ref.memberStr}`;
  }
  member(table: TableInfo, ownerStr: string, memberStr: string): string {
    return `${this.prefix}{${ownerStr}}:r:${table.name}:${memberStr}`;
  }
  collection(ref: CollectionRef | RecordRef): string {
    return `${this.prefix}{${ref.ownerStr}}:c:${ref.table.name}`;
  }
  index(ref: CollectionRef | RecordRef): string {
    return `${this.prefix}{${ref.ownerStr}}:i:${ref.table.name}`;
  }
}

/** A db-proxy row as the Record data-server serves: key columns become owner_id/member_id. */
export function toRecord(table: TableInfo, owner: number | Long, row: Row): RecordProps {
  const src = row.fields ?? {};
  const fields: { [k: string]: slg.common.v1.Value.$Properties } = {};
  for (const name of table.columns.keys()) {
    const v = src[name];
    if (v !== undefined) fields[name] = v;
  }
  let member: number | Long = 0;
  if (table.memberColumn !== undefined) {
    const m = src[table.memberColumn]?.int;
    if (m != null) member = m;
  }
  return { table: table.name, ownerId: owner, memberId: member, fields, version: row.version ?? 0 };
}

const FetchResponse = slg.dataserver.v2.FetchResponse;
const CFetchResponse = slg.dataserver.v2.CFetchResponse;

/** The FetchResponse bytes for a record, or for "no such record" (zero bytes). */
export function encodeFetch(record: RecordProps | undefined): Buffer {
  return FetchResponse.encode(record ? { record } : {}).finish() as Buffer;
}

export function decodeFetch(bytes: Uint8Array): RecordProps | undefined {
  return FetchResponse.decode(bytes).record ?? undefined;
}

export function encodeCollection(records: RecordProps[]): Buffer {
  return CFetchResponse.encode({ records }).finish() as Buffer;
}

/** How many records an encoded CFetchResponse holds, without decoding them. */
export function countRecords(bytes: Uint8Array): number {
  let pos = 0;
  let n = 0;
  const varint = (): number => {
    let shift = 0;
    let v = 0;
    for (;;) {
      const b = bytes[pos++];
      if (b === undefined) throw new RangeError('truncated collection bytes');
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
      shift += 7;
    }
  };
  while (pos < bytes.length) {
    const tag = varint();
    if ((tag & 7) !== 2)
      throw new RangeError(`unexpected wire type ${tag & 7} in collection bytes`);
    if (tag >>> 3 === 1) n++;
    const length = varint(); // (not `pos += varint()`: that reads pos before varint moves it)
    pos += length;
  }
  if (pos !== bytes.length) throw new RangeError('truncated collection bytes');
  return n;
}
