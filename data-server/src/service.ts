// slg.dataserver.v2.DataService: the handlers. Every request is validated in
// full first (nothing is read or written for a bad one); reads go through the
// cache (read-through.ts); writes go to db-proxy and, once it committed,
// invalidate what they changed before they are acknowledged.
import type * as grpc from '@grpc/grpc-js';
import { type Long, slg, slg_dataserver_v2_DataServiceDefinition } from '@slg/proto';
import {
  AlreadyExistsError,
  type CallContext,
  FailedPreconditionError,
  InvalidArgumentError,
  NotFoundError,
} from '@slg/service-kit';
import type { Cache } from './cache/interface.ts';
import type { DataServerMetrics } from './metrics.ts';
import type { Loaded, ReadThrough } from './read-through.ts';
import {
  countRecords,
  decodeFetch,
  encodeCollection,
  encodeFetch,
  type Keys,
  toRecord,
} from './records.ts';
import type { RecordStore } from './store.ts';
import { type CollectionRef, idString, type RecordRef, type Validator } from './validate.ts';

const pb = slg.dataserver.v2;

/**
 * The generated definition, except that FetchV2 and CFetchV2 may answer with
 * already-encoded bytes (what the cache holds), sent as they are.
 */
function passthrough<Req, Res>(
  m: grpc.MethodDefinition<Req, Res>,
): grpc.MethodDefinition<Req, Res | Buffer> {
  const serialize = m.responseSerialize;
  return {
    ...m,
    responseSerialize: (r: Res | Buffer) => (Buffer.isBuffer(r) ? r : serialize(r as Res)),
  } as grpc.MethodDefinition<Req, Res | Buffer>;
}

const base = slg_dataserver_v2_DataServiceDefinition;
export const dataServiceDefinition = {
  ...base,
  FetchV2: passthrough(base.FetchV2),
  CFetchV2: passthrough(base.CFetchV2),
};

export interface Ttls {
  readonly recordMs: number;
  readonly collectionMs: number;
  /** How long "no such record" is cached. */
  readonly absentMs: number;
}

export interface ServiceDeps {
  readonly validator: Validator;
  readonly keys: Keys;
  readonly cache: Cache;
  readonly reader: ReadThrough;
  readonly store: RecordStore;
  readonly metrics: DataServerMetrics;
  readonly ttls: Ttls;
}

/** Errors that prove db-proxy wrote nothing; after any other error a write may have committed. */
function nothingWritten(err: unknown): boolean {
  return (
    err instanceof InvalidArgumentError ||
    err instanceof NotFoundError ||
    err instanceof AlreadyExistsError ||
    err instanceof FailedPreconditionError
  );
}

function present<T>(v: T | null | undefined): T | undefined {
  return v === null ? undefined : v;
}

export function createHandlers(d: ServiceDeps) {
  const { validator: v, keys, cache, reader, store, metrics, ttls } = d;

  const loadRecord = (ref: RecordRef, ctx: CallContext) => async (): Promise<Loaded> => {
    const row = await store.get(ref, { deadlineMs: ctx.remainingMs() });
    return row
      ? { value: encodeFetch(toRecord(ref.table, ref.owner, row)), ttlMs: ttls.recordMs }
      : { value: encodeFetch(undefined), ttlMs: ttls.absentMs };
  };

  const loadCollection = (ref: CollectionRef, ctx: CallContext) => async (): Promise<Loaded> => {
    const rows = await store.list(ref, { deadlineMs: ctx.remainingMs() });
    return {
      value: encodeCollection(rows.map((row) => toRecord(ref.table, ref.owner, row))),
      ttlMs: ttls.collectionMs,
    };
  };

  const readCollection = (ref: CollectionRef, ctx: CallContext): Promise<Buffer> =>
    reader.read(keys.collection(ref), undefined, loadCollection(ref, ctx), metrics.collection);

  /** After db-proxy committed a change of one record: drop it (and its collection) from the cache. */
  const invalidateRecord = (ref: RecordRef): Promise<void> => {
    const key = keys.record(ref);
    reader.forget(key);
    metrics.writes.invalidations++;
    if (!ref.table.collection) return cache.invalidate({ keys: [key] });
    const collection = keys.collection(ref);
    reader.forget(collection);
    return cache.invalidate({ keys: [key, collection], index: keys.index(ref) });
  };

  /** Runs a write; invalidates after it, and also after a failure that may have committed. */
  const write = async <T>(ref: RecordRef, run: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await run();
    } catch (err) {
      if (!nothingWritten(err)) await invalidateRecord(ref);
      throw err;
    }
    await invalidateRecord(ref);
    return result;
  };

  return {
    FetchV2(req: slg.dataserver.v2.FetchRequest, ctx: CallContext): Promise<Buffer> {
      const ref = v.record(req);
      return reader.read(
        keys.record(ref),
        ref.table.collection ? keys.index(ref) : undefined,
        loadRecord(ref, ctx),
        metrics.record,
      );
    },

    CFetchV2(req: slg.dataserver.v2.CFetchRequest, ctx: CallContext): Promise<Buffer> {
      return readCollection(v.collection(req), ctx);
    },

    async CCountV2(req: slg.dataserver.v2.CCountRequest, ctx: CallContext) {
      const ref = v.collection(req);
      // Without the cache, a COUNT is cheaper than loading the collection.
      const count = cache.available
        ? countRecords(await readCollection(ref, ctx))
        : await store.count(ref, { deadlineMs: ctx.remainingMs() });
      return pb.CCountResponse.create({ count });
    },

    async ModifyV2(req: slg.dataserver.v2.ModifyRequest, ctx: CallContext) {
      const ref = v.record(req);
      v.fields(ref.table, req.fields, { required: true });
      const expected = present(req.expectedVersion);
      const version = await write(ref, () =>
        store.update(ref, req.fields, expected, { deadlineMs: ctx.remainingMs() }),
      );
      return pb.ModifyResponse.create({ version });
    },

    async IncrByV2(req: slg.dataserver.v2.IncrByRequest, ctx: CallContext) {
      const ref = v.record(req);
      const floor = present(req.floor);
      const ceiling = present(req.ceiling);
      v.incrField(ref.table, req.field, floor, ceiling);
      const r = await write(ref, () =>
        store.increment(ref, req.field, req.delta, floor, ceiling, {
          deadlineMs: ctx.remainingMs(),
        }),
      );
      return pb.IncrByResponse.create({ value: r.value, version: r.version });
    },

    async CreateV2(req: slg.dataserver.v2.CreateRequest, ctx: CallContext) {
      const ref = v.record(req);
      v.fields(ref.table, req.fields, { required: false });
      const version = await write(ref, () =>
        store.insert(ref, req.fields, { deadlineMs: ctx.remainingMs() }),
      );
      return pb.CreateResponse.create({ version });
    },

    async RemoveV2(req: slg.dataserver.v2.RemoveRequest, ctx: CallContext) {
      const ref = v.record(req);
      let removed: boolean;
      try {
        removed = await store.delete(ref, { deadlineMs: ctx.remainingMs() });
      } catch (err) {
        if (!nothingWritten(err)) await invalidateRecord(ref);
        throw err;
      }
      if (removed) await invalidateRecord(ref);
      return pb.RemoveResponse.create({ removed });
    },

    async CRemoveV2(req: slg.dataserver.v2.CRemoveRequest, ctx: CallContext) {
      const ref = v.collection(req);
      const members = v.removeMembers(ref.table, req.memberIds, req.all);
      if (req.all) {
        // The member index names every member leased through the cache; the members listed
        // now are invalidated too, should Redis have evicted the index.
        const rows = await store.list(ref, { deadlineMs: ctx.remainingMs() });
        for (const row of rows) {
          const m = ref.table.memberColumn ? row.fields?.[ref.table.memberColumn]?.int : undefined;
          if (m != null) members.strs.push(idString(m));
        }
      }
      const invalidate = (): Promise<void> => {
        const memberKeys = members.strs.map((m) => keys.member(ref.table, ref.ownerStr, m));
        const collection = keys.collection(ref);
        for (const k of memberKeys) reader.forget(k);
        reader.forget(collection);
        if (req.all) reader.forgetPrefix(keys.member(ref.table, ref.ownerStr, ''));
        metrics.writes.invalidations++;
        return cache.invalidate({
          keys: [...memberKeys, collection],
          index: keys.index(ref),
          dropIndex: req.all,
        });
      };
      let removed: Long | number;
      try {
        removed = await store.deleteMany(ref, members.ids, req.all, {
          deadlineMs: ctx.remainingMs(),
        });
      } catch (err) {
        if (!nothingWritten(err)) await invalidate();
        throw err;
      }
      if (removed.toString() !== '0') await invalidate();
      return pb.CRemoveResponse.create({ removed });
    },

    async InspectV2(req: slg.dataserver.v2.InspectRequest, ctx: CallContext) {
      const ref = v.record(req);
      const [cached, row] = await Promise.all([
        cache.available ? cache.get(keys.record(ref)).catch(() => null) : Promise.resolve(null),
        store.get(ref, { deadlineMs: ctx.remainingMs() }),
      ]);
      const stored = row ? toRecord(ref.table, ref.owner, row) : undefined;
      // Not cached: FetchV2 would load it from db-proxy now, i.e. serve what is stored.
      const served = cached !== null ? present(decodeFetch(cached)) : stored;
      return pb.InspectResponse.create({ served, stored, cached: cached !== null });
    },
  };
}
