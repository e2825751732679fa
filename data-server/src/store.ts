// db-proxy, the store of record, as data-server uses it: records addressed by
// (owner) or (owner, member), converted to and from db-proxy's keyed rows.
// Every call carries the caller's remaining deadline; reads are retried by the
// client on UNAVAILABLE (idempotent), writes never are.
import { type Long, slg, slg_dbproxy_v1_DbProxyDefinition } from '@slg/proto';
import { createGrpcClient, type GrpcClient, NotFoundError } from '@slg/service-kit';
import type { Registry } from 'prom-client';
import type { CollectionRef, RecordRef } from './validate.ts';

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
}

export function createDbProxyClient(
  address: string,
  registry: Registry,
  deadlineMs: number,
): DbProxyClient {
  return createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, address, {
    deadlineMs,
    idempotent: ['Get', 'List', 'Count'],
    registry,
  });
}

export class RecordStore {
  readonly client: DbProxyClient;

  constructor(client: DbProxyClient) {
    this.client = client;
  }

  /** The row, or null when there is none. */
  async get(ref: RecordRef, b: CallBudget): Promise<Row | null> {
    try {
      const r = await this.client.Get(
        pb.GetRequest.create({ table: ref.table.name, key: keyOf(ref) }),
        opts(b),
      );
      return r.row ?? null;
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  /** Every row of a collection, in member order (all pages). */
  async list(ref: CollectionRef, b: CallBudget): Promise<Row[]> {
    const rows: Row[] = [];
    let pageToken = '';
    const start = Date.now();
    do {
      const r = await this.client.List(
        pb.ListRequest.create({
          table: ref.table.name,
          shardKey: { int: ref.owner },
          pageSize,
          pageToken,
        }),
        { deadlineMs: Math.max(1, b.deadlineMs - (Date.now() - start)) },
      );
      for (const row of r.rows) rows.push(row);
      pageToken = r.nextPageToken;
    } while (pageToken);
    return rows;
  }

  async count(ref: CollectionRef, b: CallBudget): Promise<Long | number> {
    const r = await this.client.Count(
      pb.CountRequest.create({ table: ref.table.name, shardKey: { int: ref.owner } }),
      opts(b),
    );
    return r.count;
  }

  async insert(ref: RecordRef, fields: FieldMap, b: CallBudget): Promise<Long | number> {
    const all: FieldMap = { ...fields, [ref.table.ownerColumn]: { int: ref.owner } };
    if (ref.table.memberColumn !== undefined) all[ref.table.memberColumn] = { int: ref.member };
    const r = await this.client.Insert(
      pb.InsertRequest.create({ table: ref.table.name, fields: all }),
      opts(b),
    );
    return r.version;
  }

  async update(
    ref: RecordRef,
    fields: FieldMap,
    expectedVersion: Int64 | undefined,
    b: CallBudget,
  ): Promise<Long | number> {
    const req = pb.UpdateRequest.create({ table: ref.table.name, key: keyOf(ref), fields });
    if (expectedVersion !== undefined) req.expectedVersion = expectedVersion;
    const r = await this.client.Update(req, opts(b));
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
    const req = pb.IncrementRequest.create({
      table: ref.table.name,
      key: keyOf(ref),
      field,
      delta,
    });
    if (floor !== undefined) req.floor = floor;
    if (ceiling !== undefined) req.ceiling = ceiling;
    return this.client.Increment(req, opts(b));
  }

  /** Whether a row was deleted. */
  async delete(ref: RecordRef, b: CallBudget): Promise<boolean> {
    try {
      await this.client.Delete(
        pb.DeleteRequest.create({ table: ref.table.name, key: keyOf(ref) }),
        opts(b),
      );
      return true;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  }

  async deleteMany(
    ref: CollectionRef,
    members: Int64[],
    all: boolean,
    b: CallBudget,
  ): Promise<Long | number> {
    const r = await this.client.DeleteMany(
      pb.DeleteManyRequest.create({
        table: ref.table.name,
        shardKey: { int: ref.owner },
        members: all ? [] : members.map((m) => ({ values: [{ int: m }] })),
        all,
      }),
      opts(b),
    );
    return r.deleted;
  }

  close(): void {
    this.client.close();
  }
}

function keyOf(ref: RecordRef): slg.common.v1.Value.$Properties[] {
  return ref.table.collection ? [{ int: ref.owner }, { int: ref.member }] : [{ int: ref.owner }];
}

function opts(b: CallBudget): { deadlineMs: number } {
  return { deadlineMs: Math.max(1, b.deadlineMs) };
}
