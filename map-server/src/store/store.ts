// data-server as map-server uses it: records as plain JS values (every int64 here is a safe
// integer). Writes that wait at the same time, of any owners, go together in one BatchWritesV2
// (a group commit: one call, one db-proxy transaction per backend, each owner's writes all or
// nothing and answered on their own); a write alone goes through its single RPC, or
// BatchWriteV2 for several ops of one owner.
import { Long, type slg, slg_dataserver_v2_DataServiceDefinition, toBigInt } from '@slg/proto';
import {
  createGrpcClient,
  type GrpcClient,
  InternalError,
  partError,
  type Security,
} from '@slg/service-kit';
import type { Registry } from 'prom-client';

export type FieldValue = number | string | boolean;
export type Fields = Record<string, FieldValue>;

export interface StoredRecord {
  member: number;
  version: number;
  fields: Fields;
}

export type Op =
  | { create: { table: string; member: number; fields: Fields } }
  | {
      modify: { table: string; member: number; fields: Fields; expectedVersion?: number };
    }
  | { incr: { table: string; member: number; field: string; delta: number; floor?: number } }
  | { remove: { table: string; member: number; expectedVersion?: number } };

export interface OpResult {
  /** The record's version after the op (0 for a remove). */
  version: number;
  /** incr: the new value. */
  value?: number;
  /** remove: whether there was a record. */
  removed?: boolean;
}

/** The store contract (data-server's semantics); tests also run it over an in-memory double. */
export interface MapStore {
  fetch(table: string, owner: number, member?: number): Promise<StoredRecord | null>;
  list(table: string, owner: number): Promise<StoredRecord[]>;
  /** Ops of one owner, all or none. */
  write(owner: number, ops: Op[]): Promise<OpResult[]>;
  close(): void;
}

/** Columns stored as doubles (every other number is an int64). */
const DOUBLE_COLUMNS = new Set(['from_x', 'from_y', 'to_x', 'to_y']);

type Value = slg.common.v1.Value.$Properties;

function toValue(name: string, v: FieldValue): Value {
  if (typeof v === 'string') return { str: v };
  if (typeof v === 'boolean') return { bool: v };
  if (DOUBLE_COLUMNS.has(name)) return { float: v };
  if (!Number.isSafeInteger(v))
    throw new InternalError(`field ${name}: ${v} is not an exact integer`);
  return { int: Long.fromNumber(v) };
}

function toFields(fields: Fields): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = toValue(k, v);
  return out;
}

export function num(v: Long | number | string | null | undefined): number {
  const b = toBigInt(v);
  const n = Number(b);
  if (!Number.isSafeInteger(n)) throw new InternalError(`int64 ${b} is beyond 2^53`);
  return n;
}

function fromValue(v: Value): FieldValue {
  if (v.int != null) return num(v.int as Long);
  if (v.float != null) return v.float;
  if (v.str != null) return v.str;
  if (v.bool != null) return v.bool;
  return 0;
}

function fromRecord(r: slg.dataserver.v2.IRecord): StoredRecord {
  const fields: Fields = {};
  for (const [k, v] of Object.entries(r.fields ?? {})) fields[k] = fromValue(v);
  return { member: num(r.memberId as Long), version: num(r.version as Long), fields };
}

type Client = GrpcClient<typeof slg_dataserver_v2_DataServiceDefinition>;

/** A write waiting to join a group. */
interface Waiting {
  owner: number;
  ops: Op[];
  resolve(r: OpResult[]): void;
  reject(err: unknown): void;
}

export class DataServerStore implements MapStore {
  readonly client: Client;
  readonly #deadlineMs: number;
  readonly #group: number;
  readonly #groupsInFlight: number;
  readonly #lingerMs: number;
  #waiting: Waiting[] = [];
  #inFlight = 0;
  #flushing = false;
  /**
   * When the last group was sent (performance.now()) if it carried more than one write (writes
   * came while one was in flight: a load to group), and the timer of the next one.
   */
  #lastSent = Number.NEGATIVE_INFINITY;
  #lingering: NodeJS.Timeout | undefined;

  constructor(
    address: string,
    opts: {
      registry?: Registry;
      deadlineMs?: number;
      security?: Security;
      writeGroup?: number;
      /**
       * Groups sent and not yet answered. While they are, new writes wait and join the next
       * group: the busier the stack, the larger each group and the fewer calls and commits per
       * write. One (a classic group commit) makes the groups largest, for a write's wait for
       * the group in flight.
       */
      groupsInFlight?: number;
      /**
       * A group that is not full waits until this many ms after the previous group was sent,
       * when that one carried more than one write. Each data-server call, db-proxy transaction
       * and commit costs about the same whatever its size, so under a steady load fewer and
       * larger groups cost less CPU per write; a lone writer (each group one write) never waits.
       */
      lingerMs?: number;
    } = {},
  ) {
    this.#deadlineMs = opts.deadlineMs ?? 10_000;
    this.#group = opts.writeGroup ?? 1;
    this.#groupsInFlight = opts.groupsInFlight ?? 1;
    this.#lingerMs = opts.lingerMs ?? 0;
    this.client = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, address, {
      deadlineMs: this.#deadlineMs,
      idempotent: ['FetchV2', 'CFetchV2', 'CCountV2'],
      ...(opts.registry ? { registry: opts.registry } : {}),
      security: opts.security,
    });
  }

  async fetch(table: string, owner: number, member = 0): Promise<StoredRecord | null> {
    const r = await this.client.FetchV2({ table, ownerId: owner, memberId: member });
    return r.record ? fromRecord(r.record) : null;
  }

  async list(table: string, owner: number): Promise<StoredRecord[]> {
    const r = await this.client.CFetchV2({ table, ownerId: owner });
    return r.records.map(fromRecord);
  }

  write(owner: number, ops: Op[]): Promise<OpResult[]> {
    if (this.#group <= 1) return this.#alone(owner, ops);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ owner, ops, resolve, reject });
      this.#flushSoon();
    });
  }

  /** Sends what waits once this turn's writes have joined it, as far as the groups in flight allow. */
  #flushSoon(): void {
    if (this.#flushing) return;
    this.#flushing = true;
    setImmediate(() => {
      this.#flushing = false;
      this.#drain();
    });
  }

  #drain(): void {
    while (this.#waiting.length > 0 && this.#inFlight < this.#groupsInFlight) {
      const wait = this.#lastSent + this.#lingerMs - performance.now();
      if (this.#waiting.length < this.#group && wait > 0) {
        this.#lingering ??= setTimeout(() => {
          this.#lingering = undefined;
          this.#drain();
        }, wait);
        return;
      }
      const group = this.#waiting.splice(0, this.#group);
      this.#lastSent = group.length > 1 ? performance.now() : Number.NEGATIVE_INFINITY;
      this.#inFlight++;
      this.#send(group).finally(() => {
        this.#inFlight--;
        if (this.#waiting.length > 0) this.#flushSoon();
      });
    }
  }

  async #send(group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      const w = group[0]!;
      await this.#alone(w.owner, w.ops).then(w.resolve, w.reject);
      return;
    }
    let r: slg.dataserver.v2.BatchWritesResponse;
    try {
      r = await this.client.BatchWritesV2({
        batches: group.map((w) => ({ ops: w.ops.map((op) => wireOp(w.owner, op)) })),
      });
    } catch (err) {
      for (const w of group) w.reject(err);
      return;
    }
    group.forEach((w, i) => {
      const o = r.outcomes[i];
      if (o?.written) w.resolve(opResults(o.written));
      else
        w.reject(
          partError(o?.failed ?? { message: `data-server answered no outcome for batch ${i}` }),
        );
    });
  }

  async #alone(owner: number, ops: Op[]): Promise<OpResult[]> {
    if (ops.length === 1) return [await this.#single(owner, ops[0]!)];
    return opResults(await this.client.BatchWriteV2({ ops: ops.map((op) => wireOp(owner, op)) }));
  }

  async #single(owner: number, op: Op): Promise<OpResult> {
    const w = wireOp(owner, op);
    if (w.create) return { version: num((await this.client.CreateV2(w.create)).version as Long) };
    if (w.modify) return { version: num((await this.client.ModifyV2(w.modify)).version as Long) };
    if (w.incrBy) {
      const r = await this.client.IncrByV2(w.incrBy);
      return { version: num(r.version as Long), value: num(r.value as Long) };
    }
    const r = await this.client.RemoveV2(w.remove!);
    return { version: 0, removed: r.removed };
  }

  close(): void {
    // Writes still lingering go now, to fail on the closed client rather than wait for a timer.
    clearTimeout(this.#lingering);
    this.#lingering = undefined;
    this.#lastSent = Number.NEGATIVE_INFINITY;
    this.client.close();
    this.#drain();
  }
}

function opResults(r: slg.dataserver.v2.IBatchWriteResponse): OpResult[] {
  return (r.results ?? []).map((x) => {
    if (x.create) return { version: num(x.create.version as Long) };
    if (x.modify) return { version: num(x.modify.version as Long) };
    if (x.incrBy) {
      return { version: num(x.incrBy.version as Long), value: num(x.incrBy.value as Long) };
    }
    return { version: 0, removed: !!x.remove?.removed };
  });
}

/** A record's address on the wire: its table, owner and member. */
function wireKey(owner: number, x: { table: string; member: number }) {
  return { table: x.table, ownerId: owner, memberId: x.member };
}

/** The expected version when there is one (an absent one checks nothing). */
function wireExpected(v: number | undefined) {
  return v === undefined ? {} : { expectedVersion: v };
}

function wireOp(owner: number, op: Op) {
  if ('create' in op) {
    const c = op.create;
    return { create: { ...wireKey(owner, c), fields: toFields(c.fields) } };
  }
  if ('modify' in op) {
    const m = op.modify;
    return {
      modify: {
        ...wireKey(owner, m),
        fields: toFields(m.fields),
        ...wireExpected(m.expectedVersion),
      },
    };
  }
  if ('incr' in op) {
    const i = op.incr;
    return {
      incrBy: {
        ...wireKey(owner, i),
        field: i.field,
        delta: i.delta,
        ...(i.floor !== undefined ? { floor: i.floor } : {}),
      },
    };
  }
  const r = op.remove;
  return { remove: { ...wireKey(owner, r), ...wireExpected(r.expectedVersion) } };
}
