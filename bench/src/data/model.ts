// The client's record of what the server must hold: for each player owned by a virtual client,
// its player record and its collections (members with fields and versions). Every answer is
// checked against it, and the post-verification compares the stack with it.
import { type Long, type slg, toBigInt, toLong } from '@slg/proto';
import type { GameSchema, TableInfo } from './schema.ts';
import {
  type Fields,
  type JsonVal,
  sameValue,
  showVal,
  showWire,
  valFromJson,
  valFromWire,
  valToJson,
} from './values.ts';

export interface RecordState {
  fields: Fields;
  version: bigint;
}

export interface CollectionState {
  members: Map<number, RecordState>;
  /** The next member id a CreateV2 of a new member uses. */
  nextId: number;
  /** Members that existed and were removed (so a read of them must find nothing). */
  removed: Set<number>;
}

export interface PlayerState {
  id: bigint;
  idLong: Long;
  player: RecordState | undefined;
  collections: Map<string, CollectionState>;
  /**
   * A write of this player whose outcome is unknown (an error: deadline, connection lost,
   * UNAVAILABLE mid-call; or a wrong answer), until a read-back settles it. The player is not
   * used for new requests meanwhile, and is never dropped: an unsettled write at the end of the
   * run is exported with every state it may have left (`ExpectedRecord.alternatives`).
   */
  pending: PendingWrite | null;
}

/** The states a write may have left: per record (member; 0 for the player table), the old state first. */
export interface Outcomes {
  table: TableInfo;
  /** 'record': one record is read back (FetchV2); 'collection': the whole collection (CFetchV2). */
  kind: 'record' | 'collection';
  /** Members not listed keep their state. `undefined`: the record is absent. */
  members: Map<number, (RecordState | undefined)[]>;
}

export interface PendingWrite {
  op: string;
  /** The request, as printed with a report. */
  request: string;
  outcomes: Outcomes;
  /** performance.now() time before which the write may still commit: no read-back before it. */
  notBefore: number;
}

/**
 * Why a record found in a state that no write of the client explains is wrong: `lost` when an
 * acknowledged write is missing (the record is absent though it must exist, present though
 * it was removed, or older than every state it may be in), else `phantom` (a value no write
 * explains: a record nobody created, or the same or a newer version with other values).
 * `existed`: the record existed once (so finding it where it must be absent is a lost remove).
 */
export function classify(
  candidates: readonly (RecordState | undefined)[],
  gotVersion: bigint | null,
  existed: boolean,
): 'lost' | 'phantom' {
  const present = candidates.filter((c): c is RecordState => c !== undefined);
  if (gotVersion === null) return 'lost';
  if (present.length === 0) return existed ? 'lost' : 'phantom';
  // Lost only when older than every state it may be in (bigints: no Math.min).
  return present.every((c) => gotVersion < c.version) ? 'lost' : 'phantom';
}

export function getRecord(
  p: PlayerState,
  table: TableInfo,
  member: number,
): RecordState | undefined {
  return table.collection ? p.collections.get(table.name)!.members.get(member) : p.player;
}

export function setRecord(
  p: PlayerState,
  table: TableInfo,
  member: number,
  r: RecordState | undefined,
): void {
  if (!table.collection) {
    p.player = r;
    return;
  }
  const c = p.collections.get(table.name)!;
  if (r) {
    c.members.set(member, r);
    c.removed.delete(member);
    if (member >= c.nextId) c.nextId = member + 1;
  } else if (c.members.delete(member)) {
    c.removed.add(member);
  }
}

/** Fields as a wire map (plain object of Values), for a request. */
export function fieldsToWire(fields: Fields): Record<string, slg.common.v1.IValue> {
  return Object.fromEntries(fields);
}

/**
 * Compares a record as the server answered it with the expectation. Key columns may appear in
 * the answer's fields (then they must hold the ids); every other field must be exactly the
 * expected set. Returns a description of the differences, or null when it matches.
 */
export function diffRecord(
  table: TableInfo,
  owner: bigint,
  member: number,
  want: RecordState,
  got: slg.dataserver.v2.IRecord | slg.dbproxy.v1.IRow,
): string | null {
  const problems: string[] = [];
  if ('table' in got || 'ownerId' in got) {
    const r = got as slg.dataserver.v2.IRecord;
    if (r.table !== table.name) problems.push(`table ${JSON.stringify(r.table)}`);
    if (toBigInt(r.ownerId as Long) !== owner)
      problems.push(`owner_id ${toBigInt(r.ownerId as Long)}`);
    if (toBigInt(r.memberId as Long) !== BigInt(member))
      problems.push(`member_id ${toBigInt(r.memberId as Long)}`);
  }
  const version = toBigInt(got.version as Long);
  if (version !== want.version) problems.push(`version ${version}, expected ${want.version}`);
  const fields = got.fields ?? {};
  let seen = 0;
  for (const [name, v] of Object.entries(fields)) {
    const keyIndex = table.keyColumns.indexOf(name);
    if (keyIndex >= 0) {
      const id = keyIndex === 0 ? owner : BigInt(member);
      if (!sameValue({ int: toLong(id) }, v))
        problems.push(`${name}=${showWire(v)}, expected int ${id}`);
      continue;
    }
    const w = want.fields.get(name);
    if (!w) {
      problems.push(`unexpected field ${name}=${showWire(v)}`);
      continue;
    }
    seen++;
    if (!sameValue(w, v)) problems.push(`${name}=${showWire(v)}, expected ${showVal(w)}`);
  }
  if (seen !== want.fields.size) {
    for (const name of want.fields.keys()) {
      if (!(name in fields))
        problems.push(`field ${name} missing, expected ${showVal(want.fields.get(name))}`);
    }
  }
  return problems.length ? problems.join('; ') : null;
}

/**
 * diffRecord for a record that may be absent: `want` undefined expects none, `got` null or
 * undefined is none found.
 */
export function diffState(
  table: TableInfo,
  owner: bigint,
  member: number,
  want: RecordState | undefined,
  got: slg.dataserver.v2.IRecord | slg.dbproxy.v1.IRow | null | undefined,
): string | null {
  if (!want)
    return got ? `expected no record, found version ${toBigInt(got.version as Long)}` : null;
  if (!got) return `expected version ${want.version}, found no record`;
  return diffRecord(table, owner, member, want, got);
}

/** Two records (as answered by two sources) compared field by field, for the post-verification. */
export function diffWireRecords(
  a: slg.dataserver.v2.IRecord,
  b: slg.dataserver.v2.IRecord,
): string | null {
  const problems: string[] = [];
  const va = toBigInt(a.version as Long);
  const vb = toBigInt(b.version as Long);
  if (va !== vb) problems.push(`version ${va} vs ${vb}`);
  const fa = a.fields ?? {};
  const fb = b.fields ?? {};
  for (const name of new Set([...Object.keys(fa), ...Object.keys(fb)])) {
    const x = fa[name];
    const y = fb[name];
    const vx = x && valFromWire(x);
    if (!vx || !sameValue(vx, y)) problems.push(`${name}: ${showWire(x)} vs ${showWire(y)}`);
  }
  return problems.length ? problems.join('; ') : null;
}

/** A record's state as JSON. */
interface JsonState {
  exists: boolean;
  version: string | null;
  fields: Record<string, JsonVal> | null;
}

/** One record's expected state in the JSON result (read back by `verify`). */
export interface ExpectedRecord extends JsonState {
  table: string;
  ownerId: string;
  /** "0" for the single-record table. */
  memberId: string;
  /**
   * Set when a write of this record had an unknown outcome the run could not settle by reading
   * it back: every state the record may be in (the first one is the state above). Absent otherwise.
   */
  alternatives?: JsonState[];
}

/** Every record of the given players as expected now (existing and removed ones). */
export function exportRecords(
  schema: GameSchema,
  players: Iterable<PlayerState>,
): ExpectedRecord[] {
  const state = (r: RecordState | undefined): JsonState => ({
    exists: r !== undefined,
    version: r ? r.version.toString() : null,
    fields: r ? Object.fromEntries([...r.fields].map(([k, v]) => [k, valToJson(v)])) : null,
  });
  const out: ExpectedRecord[] = [];
  // Every player, always: one whose last write is unsettled is exported with its alternatives.
  for (const p of players) {
    const pending = p.pending?.outcomes;
    const outcomesOf = (table: TableInfo) =>
      pending?.table.name === table.name ? pending.members : undefined;
    const rec = (table: TableInfo, member: number, r: RecordState | undefined) => {
      const e: ExpectedRecord = {
        table: table.name,
        ownerId: p.id.toString(),
        memberId: String(member),
        ...state(r),
      };
      const alternatives = outcomesOf(table)?.get(member);
      if (alternatives && alternatives.length > 1) e.alternatives = alternatives.map(state);
      out.push(e);
    };
    rec(schema.playerTable, 0, p.player);
    for (const t of schema.collections) {
      const c = p.collections.get(t.name)!;
      const ids = new Set([...c.members.keys(), ...c.removed, ...(outcomesOf(t)?.keys() ?? [])]);
      for (const id of [...ids].sort((x, y) => x - y)) rec(t, id, c.members.get(id));
    }
  }
  return out;
}

export function recordFromJson(e: ExpectedRecord): RecordState | undefined {
  if (!e.exists || e.version === null || e.fields === null) return undefined;
  return {
    version: BigInt(e.version),
    fields: new Map(Object.entries(e.fields).map(([k, v]) => [k, valFromJson(v)])),
  };
}

/** A record as the wire message (what a correct data server answers). */
export function recordToWire(
  table: TableInfo,
  owner: Long,
  member: number,
  r: RecordState,
): slg.dataserver.v2.IRecord {
  return {
    table: table.name,
    ownerId: owner,
    memberId: toLong(BigInt(member)),
    fields: fieldsToWire(r.fields),
    version: toLong(r.version),
  };
}
