// db-proxy, the store of record, as data-server uses it: records addressed by
// (owner) or (owner, member), converted to and from db-proxy's keyed rows.
// Every call carries the caller's remaining deadline; reads are retried by the
// client on UNAVAILABLE (idempotent), writes never are. A write is sent only
// through its call's gate (`Caller.writing`): none leaves once the call has
// ended, and the call's status says whether it may have been applied.
import { type Long, slg, slg_dbproxy_v1_DbProxyDefinition } from '@slg/proto';
import {
  type Caller,
  createGrpcClient,
  FailedPreconditionError,
  type GrpcClient,
  NotFoundError,
  partError,
  provesNotApplied,
  type Security,
} from '@slg/service-kit';
import type { Registry } from 'prom-client';
import { type CollectionRef, idString, type RecordRef } from './validate.ts';

type Int64 = number | Long;
const pb = slg.dbproxy.v1;
type Row = slg.dbproxy.v1.Row.$Properties;
type FieldMap = { [name: string]: slg.common.v1.Value.$Properties };

export type DbProxyClient = GrpcClient<typeof slg_dbproxy_v1_DbProxyDefinition>;

/** Rows per List page when loading a collection. */
const pageSize = 1000;

export interface CallBudget {
  /** Milliseconds left for this call (the RPC's remaining deadline). */
  readonly deadlineMs: number;
  /**
   * A write's call (its `ctx`): its cancellation reaches db-proxy too (query stopped,
   * transaction rolled back), and the write is sent through its gate. Reads pass none: a load
   * may serve other callers that joined it.
   */
  readonly caller?: Caller;
}

/** One write of a BatchWriteV2, checked (validate.ts), in the form db-proxy's Batch takes. */
export type BatchWrite =
  | { readonly kind: 'create'; readonly ref: RecordRef; readonly fields: FieldMap }
  | {
      readonly kind: 'modify';
      readonly ref: RecordRef;
      readonly fields: FieldMap;
      readonly expected: Int64 | undefined;
    }
  | {
      readonly kind: 'incrBy';
      readonly ref: RecordRef;
      readonly field: string;
      readonly delta: Int64;
      readonly floor: Int64 | undefined;
      readonly ceiling: Int64 | undefined;
    }
  | {
      readonly kind: 'remove';
      readonly ref: RecordRef;
      /** Set: the record must be at this version (absent: NOT_FOUND, not `removed: false`). */
      readonly expected: Int64 | undefined;
    };

/** What one batch of a group commit came to: its results, or its own error. */
export type BatchOutcome = { results: BatchWriteResult[] } | { error: unknown };

/** What each op of a batch did, in order. */
export type BatchWriteResult =
  | { readonly kind: 'create' | 'modify'; readonly version: Long | number }
  | { readonly kind: 'incrBy'; readonly value: Long | number; readonly version: Long | number }
  | { readonly kind: 'remove'; readonly removed: boolean };

export function createDbProxyClient(
  address: string,
  registry: Registry,
  deadlineMs: number,
  security?: Security,
): DbProxyClient {
  return createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, address, {
    deadlineMs,
    idempotent: ['Get', 'List', 'Count'],
    registry,
    security,
  });
}

export class RecordStore {
  readonly client: DbProxyClient;

  constructor(client: DbProxyClient) {
    this.client = client;
  }

  /** The row, or null when there is none (db-proxy's Get answers OK with `row` unset). */
  async get(ref: RecordRef, b: CallBudget): Promise<Row | null> {
    const r = await this.client.Get(
      pb.GetRequest.create({ table: ref.table.name, key: keyOf(ref) }),
      opts(b),
    );
    return r.row ?? null;
  }

  /** A collection's rows, page by page in member order, within one budget for all pages. */
  async *#pages(ref: CollectionRef, b: CallBudget, size = pageSize): AsyncGenerator<Row[]> {
    let pageToken = '';
    const start = Date.now();
    do {
      const r = await this.client.List(
        pb.ListRequest.create({
          table: ref.table.name,
          shardKey: { int: ref.owner },
          pageSize: size,
          pageToken,
        }),
        { deadlineMs: Math.max(1, b.deadlineMs - (Date.now() - start)) },
      );
      yield r.rows;
      pageToken = r.nextPageToken;
    } while (pageToken);
  }

  /** Every row of a collection, in member order (all pages). */
  async list(ref: CollectionRef, b: CallBudget): Promise<Row[]> {
    const rows: Row[] = [];
    for await (const page of this.#pages(ref, b)) for (const row of page) rows.push(row);
    return rows;
  }

  /**
   * The member ids of a collection, read page by page with one page in memory at a time; a
   * collection of more than `max` members is refused before it is read further.
   */
  async memberIds(ref: CollectionRef, max: number, b: CallBudget): Promise<string[]> {
    const column = ref.table.memberColumn;
    const ids: string[] = [];
    for await (const page of this.#pages(ref, b, Math.min(pageSize, max + 1))) {
      for (const row of page) {
        const m = column ? row.fields?.[column]?.int : undefined;
        if (m != null) ids.push(idString(m));
      }
      if (ids.length > max) {
        throw new FailedPreconditionError(
          `${ref.table.name} of owner ${ref.ownerStr} has more than ${max} members: remove them by member_ids, ${max} at a time`,
        );
      }
    }
    return ids;
  }

  async count(ref: CollectionRef, b: CallBudget): Promise<Long | number> {
    const r = await this.client.Count(
      pb.CountRequest.create({ table: ref.table.name, shardKey: { int: ref.owner } }),
      opts(b),
    );
    return r.count;
  }

  async insert(ref: RecordRef, fields: FieldMap, b: CallBudget): Promise<Long | number> {
    const r = await write('Insert', b, (o) => this.client.Insert(insertRequest(ref, fields), o));
    return r.version;
  }

  async update(
    ref: RecordRef,
    fields: FieldMap,
    expectedVersion: Int64 | undefined,
    b: CallBudget,
  ): Promise<Long | number> {
    const r = await write('Update', b, (o) =>
      this.client.Update(updateRequest(ref, fields, expectedVersion), o),
    );
    return r.version;
  }

  async increment(
    ref: RecordRef,
    field: string,
    delta: Int64,
    floor: Int64 | undefined,
    ceiling: Int64 | undefined,
    b: CallBudget,
  ): Promise<slg.dbproxy.v1.IncrementResponse> {
    return write('Increment', b, (o) =>
      this.client.Increment(incrementRequest(ref, field, delta, floor, ceiling), o),
    );
  }

  /**
   * The writes of one owner in one db-proxy Batch (one transaction: all or none). A remove
   * is a DeleteMany of that one record, so that removing an absent record answers
   * `removed: false` rather than failing the batch, as RemoveV2 does.
   */
  async batch(writes: readonly BatchWrite[], b: CallBudget): Promise<BatchWriteResult[]> {
    const r = await write('Batch', b, (o) => this.client.Batch(batchRequest(writes), o));
    return batchResults(writes, r.results);
  }

  /**
   * Independent batches, of one owner each, in one db-proxy Batches call: db-proxy commits the
   * batches of a backend in one transaction, each whole or not at all; each outcome is its own.
   */
  async batches(list: readonly BatchWrite[][], b: CallBudget): Promise<BatchOutcome[]> {
    const r = await write('Batches', b, (o) =>
      this.client.Batches(pb.BatchesRequest.create({ batches: list.map(batchRequest) }), o),
    );
    if (r.outcomes.length !== list.length) {
      throw new Error(
        `db-proxy answered ${list.length} batches with ${r.outcomes.length} outcomes`,
      );
    }
    return list.map((writes, i): BatchOutcome => {
      const o = r.outcomes[i]!;
      if (o.written) return { results: batchResults(writes, o.written.results ?? []) };
      return { error: partError(o.failed ?? {}) };
    });
  }

  /**
   * Whether a row was deleted. At an expected version, an absent row is NOT_FOUND and another
   * version FAILED_PRECONDITION, as db-proxy answers them.
   */
  async delete(ref: RecordRef, expected: Int64 | undefined, b: CallBudget): Promise<boolean> {
    try {
      await write('Delete', b, (o) => this.client.Delete(deleteRequest(ref, expected), o));
      return true;
    } catch (err) {
      if (err instanceof NotFoundError && expected === undefined) return false;
      throw err;
    }
  }

  async deleteMany(
    ref: CollectionRef,
    members: Int64[],
    all: boolean,
    b: CallBudget,
  ): Promise<Long | number> {
    const r = await write('DeleteMany', b, (o) =>
      this.client.DeleteMany(
        pb.DeleteManyRequest.create({
          table: ref.table.name,
          shardKey: { int: ref.owner },
          members: all ? [] : members.map((m) => ({ values: [{ int: m }] })),
          all,
        }),
        o,
      ),
    );
    return r.deleted;
  }

  close(): void {
    this.client.close();
  }
}

function insertRequest(ref: RecordRef, fields: FieldMap): slg.dbproxy.v1.InsertRequest {
  const all: FieldMap = { ...fields, [ref.table.ownerColumn]: { int: ref.owner } };
  if (ref.table.memberColumn !== undefined) all[ref.table.memberColumn] = { int: ref.member };
  return pb.InsertRequest.create({ table: ref.table.name, fields: all });
}

function updateRequest(
  ref: RecordRef,
  fields: FieldMap,
  expectedVersion: Int64 | undefined,
): slg.dbproxy.v1.UpdateRequest {
  const req = pb.UpdateRequest.create({ table: ref.table.name, key: keyOf(ref), fields });
  if (expectedVersion !== undefined) req.expectedVersion = expectedVersion;
  return req;
}

function deleteRequest(ref: RecordRef, expected: Int64 | undefined): slg.dbproxy.v1.DeleteRequest {
  const req = pb.DeleteRequest.create({ table: ref.table.name, key: keyOf(ref) });
  if (expected !== undefined) req.expectedVersion = expected;
  return req;
}

function incrementRequest(
  ref: RecordRef,
  field: string,
  delta: Int64,
  floor: Int64 | undefined,
  ceiling: Int64 | undefined,
): slg.dbproxy.v1.IncrementRequest {
  const req = pb.IncrementRequest.create({ table: ref.table.name, key: keyOf(ref), field, delta });
  if (floor !== undefined) req.floor = floor;
  if (ceiling !== undefined) req.ceiling = ceiling;
  return req;
}

function keyOf(ref: RecordRef): slg.common.v1.Value.$Properties[] {
  return ref.table.collection ? [{ int: ref.owner }, { int: ref.member }] : [{ int: ref.owner }];
}

/** A batch as db-proxy's Batch takes it. */
function batchRequest(writes: readonly BatchWrite[]): slg.dbproxy.v1.BatchRequest {
  const ops = writes.map((w): slg.dbproxy.v1.BatchOp.$Properties => {
    switch (w.kind) {
      case 'create':
        return { insert: insertRequest(w.ref, w.fields) };
      case 'modify':
        return { update: updateRequest(w.ref, w.fields, w.expected) };
      case 'incrBy':
        return { increment: incrementRequest(w.ref, w.field, w.delta, w.floor, w.ceiling) };
      default: {
        // At an expected version, the Delete that checks it. Else a DeleteMany of that one
        // record, so that removing an absent record answers `removed: false` rather than
        // failing the batch, as RemoveV2 does.
        if (w.expected !== undefined) return { delete: deleteRequest(w.ref, w.expected) };
        const t = w.ref.table;
        return {
          deleteMany: t.collection
            ? {
                table: t.name,
                shardKey: { int: w.ref.owner },
                members: [{ values: [{ int: w.ref.member }] }],
              }
            : { table: t.name, shardKey: { int: w.ref.owner }, all: true },
        };
      }
    }
  });
  return pb.BatchRequest.create({ ops });
}

/** What db-proxy's results of a batch mean for each of its writes. */
function batchResults(
  writes: readonly BatchWrite[],
  results: readonly slg.dbproxy.v1.IBatchResult[],
): BatchWriteResult[] {
  if (results.length !== writes.length) {
    throw new Error(
      `db-proxy answered a batch of ${writes.length} ops with ${results.length} results`,
    );
  }
  return writes.map((w, i): BatchWriteResult => {
    const res = results[i]!;
    switch (w.kind) {
      case 'create':
        return { kind: 'create', version: res.insert?.version ?? 0 };
      case 'modify':
        return { kind: 'modify', version: res.update?.version ?? 0 };
      case 'incrBy':
        return {
          kind: 'incrBy',
          value: res.increment?.value ?? 0,
          version: res.increment?.version ?? 0,
        };
      default: {
        if (res.delete) return { kind: 'remove', removed: true };
        const d = res.deleteMany?.deleted ?? 0;
        return { kind: 'remove', removed: typeof d === 'number' ? d > 0 : !d.isZero() };
      }
    }
  });
}

type Options = { deadlineMs: number; signal?: AbortSignal };

function opts(b: CallBudget): Options {
  const deadlineMs = Math.max(1, b.deadlineMs);
  return b.caller ? { deadlineMs, signal: b.caller.signal } : { deadlineMs };
}

/**
 * A write call to db-proxy (`method`), sent through its caller's gate in the step that sends it
 * (the remaining deadline is read there too); noted as not applied when db-proxy's answer
 * proves it changed nothing (a refusal, or `not applied: ...`).
 */
async function write<T>(
  method: string,
  b: CallBudget,
  send: (o: Options) => Promise<T>,
): Promise<T> {
  const notApplied = b.caller?.writing(`${method} on db-proxy`);
  try {
    return await send(opts(b));
  } catch (err) {
    if (provesNotApplied(err)) notApplied?.();
    throw err;
  }
}
