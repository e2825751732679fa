// The eight V2 operations as the workload issues them: each planner picks a target among the
// client's own players, builds the request, says which answer it expects (a status, or an OK
// checked field by field), and on a matching answer applies the change to the client's model.
// The expectation is computed before the request is sent and never from the answer, so the
// request sequence depends only on the seed while the server answers correctly. The reads
// (FetchV2, CFetchV2) are checked from the answer's bytes: through the answer memo (memo.ts)
// when they are bytes already verified for the same expected state, else decoded and checked
// in full.
import { status } from '@grpc/grpc-js';
import { Long, slg, toBigInt, toLong } from '@slg/proto';
import type { Rng } from '../lib/rng.ts';
import { AnswerMemo } from './memo.ts';
import {
  type CollectionState,
  diffRecord,
  diffState,
  fieldsToWire,
  getRecord,
  type Outcomes,
  type PlayerState,
  type RecordState,
  setRecord,
} from './model.ts';
import { randomFields } from './population.ts';
import type { GameSchema, TableInfo } from './schema.ts';
import { type Fields, intOf, randomValue } from './values.ts';

export const OPS = [
  'FetchV2',
  'CFetchV2',
  'ModifyV2',
  'IncrByV2',
  'CreateV2',
  'RemoveV2',
  'CRemoveV2',
  'CCountV2',
] as const;
export type OpName = (typeof OPS)[number];

/** The case study's mix by count (docs/case-study.md): about 93% reads. */
export const DEFAULT_WEIGHTS: ReadonlyMap<OpName, number> = new Map<OpName, number>([
  ['FetchV2', 46.5],
  ['CFetchV2', 46.5],
  ['ModifyV2', 2.3],
  ['IncrByV2', 2.3],
  ['CreateV2', 0.9],
  ['RemoveV2', 0.5],
  ['CRemoveV2', 0.5],
  ['CCountV2', 0.5],
]);

/** Statuses that are an answer of the service (checked against the expectation), not a failure. */
export const ANSWER_STATUSES: ReadonlySet<number> = new Set([
  status.INVALID_ARGUMENT,
  status.NOT_FOUND,
  status.ALREADY_EXISTS,
  status.FAILED_PRECONDITION,
  status.OUT_OF_RANGE,
]);

/** One record's outcomes: its old state, then the state the write leaves when applied. */
function recordOutcomes(
  table: TableInfo,
  member: number,
  old: RecordState | undefined,
  applied: RecordState | undefined | null,
): Outcomes {
  // null: the write cannot change the record (the service answers it with a refusal).
  const states = applied === null || applied === old ? [old] : [old, applied];
  return { table, kind: 'record', members: new Map([[member, states]]) };
}

export interface Planned {
  op: OpName;
  player: PlayerState;
  /** The request as built (for printing with a mismatch). */
  request: Record<string, unknown>;
  bytes: Uint8Array;
  /** The status expected, or null for OK. */
  expectCode: number | null;
  /**
   * Checks an OK answer; on a match applies the change to the model and returns null. A read's
   * answer may be given as its bytes (Uint8Array) or decoded; bytes that do not decode throw an
   * UndecodableAnswer.
   */
  check(response: unknown): string | null;
  /**
   * Set for writes: every state the write may leave (the ledger's read-back after an unknown
   * outcome accepts only one of these).
   */
  outcomes: Outcomes | null;
}

/** What an operation's planner decides (a read expects OK and has no outcomes). */
type Plan = Pick<Planned, 'request' | 'check'> & Partial<Pick<Planned, 'expectCode' | 'outcomes'>>;

const pb = slg.dataserver.v2;

/** Each operation's request message. */
const REQUESTS: Record<OpName, { encode(request: object): { finish(): Uint8Array } }> = {
  FetchV2: pb.FetchRequest,
  CFetchV2: pb.CFetchRequest,
  ModifyV2: pb.ModifyRequest,
  IncrByV2: pb.IncrByRequest,
  CreateV2: pb.CreateRequest,
  RemoveV2: pb.RemoveRequest,
  CRemoveV2: pb.CRemoveRequest,
  CCountV2: pb.CCountRequest,
};

function memberLong(member: number): Long {
  return Long.fromNumber(member);
}

/** A member id that does not exist: one removed earlier, or the next never-created one. */
function missingMember(rng: Rng, c: CollectionState): number {
  if (c.removed.size > 0 && rng.chance(0.5)) return rng.pick([...c.removed]);
  return c.nextId;
}

function pickMember(rng: Rng, c: CollectionState, pExisting: number): number {
  if (c.members.size > 0 && rng.chance(pExisting)) return rng.pick([...c.members.keys()]);
  return missingMember(rng, c);
}

/** A record's state with `changes` applied: a new object, one version on. */
function changed(cur: RecordState, changes: Fields): RecordState {
  return { fields: new Map([...cur.fields, ...changes]), version: cur.version + 1n };
}

export class Planner {
  readonly schema: GameSchema;
  readonly #intTables: TableInfo[];
  /** Read answers already verified, by expected state (checks reads without decoding them). */
  readonly memo: AnswerMemo;
  readonly #plans: Record<OpName, (rng: Rng, p: PlayerState) => Plan>;

  constructor(schema: GameSchema, memo = new AnswerMemo()) {
    this.schema = schema;
    this.memo = memo;
    this.#intTables = schema.tables.filter((t) => t.intColumns.length > 0);
    this.#plans = {
      FetchV2: (rng, p) => this.#fetch(rng, p),
      CFetchV2: (rng, p) => this.#cfetch(rng, p),
      ModifyV2: (rng, p) => this.#modify(rng, p),
      IncrByV2: (rng, p) => this.#incrBy(rng, p),
      CreateV2: (rng, p) => this.#create(rng, p),
      RemoveV2: (rng, p) => this.#remove(rng, p),
      CRemoveV2: (rng, p) => this.#cremove(rng, p),
      CCountV2: (rng, p) => this.#ccount(rng, p),
    };
  }

  plan(op: OpName, rng: Rng, p: PlayerState): Planned {
    const plan = this.#plans[op](rng, p);
    const bytes = REQUESTS[op].encode(plan.request).finish();
    return { op, player: p, bytes, expectCode: null, outcomes: null, ...plan };
  }

  /** A record table (any), with a member: an existing one with probability pExisting. */
  #target(rng: Rng, p: PlayerState, tables: TableInfo[], pExisting: number) {
    let table = rng.pick(tables);
    if (table.collection && p.collections.get(table.name)!.members.size === 0 && pExisting >= 0.5) {
      table = this.schema.playerTable;
    }
    const member = table.collection
      ? pickMember(rng, p.collections.get(table.name)!, pExisting)
      : 0;
    return { table, member };
  }

  #fetch(rng: Rng, p: PlayerState): Plan {
    const table = rng.pick(this.schema.tables);
    const member = table.collection ? pickMember(rng, p.collections.get(table.name)!, 0.9) : 0;
    const want = getRecord(p, table, member);
    return {
      request: { table: table.name, ownerId: p.idLong, memberId: memberLong(member) },
      check: (res) =>
        this.memo.check(res, pb.FetchResponse, p, table, want ? [[member, want]] : [], (r) =>
          diffState(table, p.id, member, want, r.record),
        ),
    };
  }

  #cfetch(rng: Rng, p: PlayerState): Plan {
    const table = rng.pick(this.schema.collections);
    const want = [...p.collections.get(table.name)!.members].sort((a, b) => a[0] - b[0]);
    const full = (got: slg.dataserver.v2.IRecord[]): string | null => {
      const gotIds = got.map((r) => toBigInt(r.memberId as Long));
      const wantIds = want.map(([id]) => BigInt(id));
      if (gotIds.join(',') !== wantIds.join(',')) {
        return `members [${gotIds.join(',')}], expected [${wantIds.join(',')}]`;
      }
      for (const [i, [id, state]] of want.entries()) {
        const d = diffRecord(table, p.id, id, state, got[i]!);
        if (d) return `member ${id}: ${d}`;
      }
      return null;
    };
    return {
      request: { table: table.name, ownerId: p.idLong },
      check: (res) =>
        this.memo.check(res, pb.CFetchResponse, p, table, want, (r) => full(r.records)),
    };
  }

  #modify(rng: Rng, p: PlayerState): Plan {
    const missing = rng.chance(0.03);
    const { table, member } = this.#target(rng, p, this.schema.tables, missing ? 0 : 1);
    const cur = getRecord(p, table, member);
    const n = Math.min(table.columns.length, rng.range(1, 3));
    const cols = [...table.columns];
    const changes: Fields = new Map();
    for (let i = 0; i < n; i++) {
      const col = cols.splice(rng.int(cols.length), 1)[0]!;
      changes.set(col.name, randomValue(rng, col));
    }
    const mode = rng.float();
    let expectedVersion: bigint | undefined;
    if (mode >= 0.5 && mode < 0.95) expectedVersion = cur?.version ?? 1n;
    else if (mode >= 0.95) expectedVersion = (cur?.version ?? 1n) + 1n + BigInt(rng.int(3));
    const request: Record<string, unknown> = {
      table: table.name,
      ownerId: p.idLong,
      memberId: memberLong(member),
      fields: fieldsToWire(changes),
    };
    if (expectedVersion !== undefined) request.expectedVersion = toLong(expectedVersion);
    let expectCode: number | null = null;
    if (!cur) expectCode = status.NOT_FOUND;
    else if (expectedVersion !== undefined && expectedVersion !== cur.version) {
      expectCode = status.FAILED_PRECONDITION;
    }
    // Checked only when OK is expected: the record exists, and is then `applied`.
    const applied = cur && expectCode === null ? changed(cur, changes) : null;
    return {
      request,
      expectCode,
      outcomes: recordOutcomes(table, member, cur, applied),
      check: (res) => {
        const version = toBigInt((res as slg.dataserver.v2.ModifyResponse).version as Long);
        if (version !== applied!.version) return `version ${version}, expected ${applied!.version}`;
        setRecord(p, table, member, applied!);
        return null;
      },
    };
  }

  #incrBy(rng: Rng, p: PlayerState): Plan {
    const missing = rng.chance(0.02);
    const { table, member } = this.#target(rng, p, this.#intTables, missing ? 0 : 1);
    const cur = getRecord(p, table, member);
    const col = rng.pick(table.intColumns);
    const delta = BigInt(rng.range(-1000, 5000));
    const old = cur ? intOf(cur.fields.get(col.name)) : 0n;
    const next = old + delta;
    let floor: bigint | undefined;
    let ceiling: bigint | undefined;
    const mode = rng.float();
    if (mode >= 0.8 && mode < 0.9) {
      // Bounds that hold.
      floor = next - BigInt(rng.int(100));
      ceiling = next + BigInt(rng.int(100));
    } else if (mode >= 0.9 && mode < 0.95) {
      // A bound the change would cross.
      if (delta >= 0n) ceiling = next - 1n - BigInt(rng.int(10));
      else floor = next + 1n + BigInt(rng.int(10));
    } else if (mode >= 0.95) {
      floor = next - BigInt(rng.int(1000));
    }
    const request: Record<string, unknown> = {
      table: table.name,
      ownerId: p.idLong,
      memberId: memberLong(member),
      field: col.name,
      delta: toLong(delta),
    };
    if (floor !== undefined) request.floor = toLong(floor);
    if (ceiling !== undefined) request.ceiling = toLong(ceiling);
    let expectCode: number | null = null;
    if (!cur) expectCode = status.NOT_FOUND;
    else if ((floor !== undefined && next < floor) || (ceiling !== undefined && next > ceiling)) {
      expectCode = status.FAILED_PRECONDITION;
    }
    const applied =
      cur && expectCode === null
        ? changed(cur, new Map([[col.name, { int: toLong(next) }]]))
        : null;
    return {
      request,
      expectCode,
      outcomes: recordOutcomes(table, member, cur, applied),
      check: (res) => {
        const r = res as slg.dataserver.v2.IncrByResponse;
        const value = toBigInt(r.value as Long);
        const version = toBigInt(r.version as Long);
        if (value !== next || version !== applied!.version) {
          return `value ${value} version ${version}, expected value ${next} (${old} + ${delta}) version ${applied!.version}`;
        }
        setRecord(p, table, member, applied!);
        return null;
      },
    };
  }

  #create(rng: Rng, p: PlayerState): Plan {
    const table = rng.pick(this.schema.collections);
    const c = p.collections.get(table.name)!;
    const duplicate = c.members.size > 0 && rng.chance(0.05);
    const member = duplicate ? rng.pick([...c.members.keys()]) : c.nextId;
    const created: RecordState = { fields: randomFields(rng, table), version: 1n };
    return {
      request: {
        table: table.name,
        ownerId: p.idLong,
        memberId: memberLong(member),
        fields: fieldsToWire(created.fields),
      },
      expectCode: duplicate ? status.ALREADY_EXISTS : null,
      outcomes: recordOutcomes(table, member, c.members.get(member), duplicate ? null : created),
      check: (res) => {
        const version = toBigInt((res as slg.dataserver.v2.CreateResponse).version as Long);
        if (version !== 1n) return `version ${version}, expected 1`;
        setRecord(p, table, member, created);
        return null;
      },
    };
  }

  #remove(rng: Rng, p: PlayerState): Plan {
    const table = rng.pick(this.schema.collections);
    const c = p.collections.get(table.name)!;
    const member = pickMember(rng, c, 0.85);
    const exists = c.members.has(member);
    return {
      request: { table: table.name, ownerId: p.idLong, memberId: memberLong(member) },
      outcomes: recordOutcomes(table, member, c.members.get(member), undefined),
      check: (res) => {
        const removed = (res as slg.dataserver.v2.RemoveResponse).removed;
        if (removed !== exists) return `removed=${removed}, expected ${exists}`;
        setRecord(p, table, member, undefined);
        return null;
      },
    };
  }

  #cremove(rng: Rng, p: PlayerState): Plan {
    const table = rng.pick(this.schema.collections);
    const c = p.collections.get(table.name)!;
    const all = rng.chance(0.05);
    const ids: number[] = [];
    if (!all) {
      const existing = [...c.members.keys()];
      const n = Math.min(existing.length, rng.range(1, 2));
      for (let i = 0; i < n; i++) ids.push(existing.splice(rng.int(existing.length), 1)[0]!);
      if (ids.length === 0 || rng.chance(0.3)) {
        const m = missingMember(rng, c);
        if (!ids.includes(m)) ids.push(m);
      }
    }
    const targets = all ? [...c.members.keys()] : ids.filter((id) => c.members.has(id));
    return {
      request: all
        ? { table: table.name, ownerId: p.idLong, all: true }
        : { table: table.name, ownerId: p.idLong, memberIds: ids.map(memberLong) },
      // Each target removed or not, independently (the service removes them one page at a time).
      outcomes: {
        table,
        kind: 'collection',
        members: new Map(targets.map((id) => [id, [c.members.get(id), undefined]])),
      },
      check: (res) => {
        const removed = toBigInt((res as slg.dataserver.v2.CRemoveResponse).removed as Long);
        if (removed !== BigInt(targets.length))
          return `removed=${removed}, expected ${targets.length}`;
        for (const id of targets) setRecord(p, table, id, undefined);
        return null;
      },
    };
  }

  #ccount(rng: Rng, p: PlayerState): Plan {
    const table = rng.pick(this.schema.collections);
    const want = BigInt(p.collections.get(table.name)!.members.size);
    return {
      request: { table: table.name, ownerId: p.idLong },
      check: (res) => {
        const count = toBigInt((res as slg.dataserver.v2.CCountResponse).count as Long);
        return count === want ? null : `count=${count}, expected ${want}`;
      },
    };
  }
}

/** The mismatch text for an answer whose status (null: OK) differs from the expectation, else null. */
export function statusMismatch(
  expectCode: number | null,
  gotCode: number | null,
  message: string,
): string | null {
  if (gotCode === expectCode) return null;
  const name = (code: number) => status[code] ?? String(code);
  const want = expectCode === null ? 'OK' : name(expectCode);
  const got = gotCode === null ? 'OK' : `${name(gotCode)} (${message})`;
  return `expected ${want}, got ${got}`;
}

/** JSON of a request for a person: int64 as decimal strings, bytes as base64. */
export function showRequest(request: Record<string, unknown>): string {
  return JSON.stringify(request, (_k, v: unknown) => {
    if (Long.isLong(v)) return (v as Long).toString();
    if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
    if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer') {
      return Buffer.from((v as { data: number[] }).data).toString('base64');
    }
    return v;
  });
}
