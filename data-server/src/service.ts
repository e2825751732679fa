// slg.dataserver.v2.DataService: the handlers. Every request is validated in
// full first (nothing is read or written for a bad one); reads go through the
// cache (read-through.ts); a write takes the write lease of the keys it changes
// (their values deleted), goes to db-proxy, and once db-proxy committed stores
// what it can compute of the new values (write-through.ts) before it is
// acknowledged. Without the cache, a write invalidates after its commit.
import type * as grpc from '@grpc/grpc-js';
import { type Long, slg, slg_dataserver_v2_DataServiceDefinition } from '@slg/proto';
import { type CallContext, InvalidArgumentError, isRefusal, partStatus } from '@slg/service-kit';
import {
  batchResponse,
  batchValues,
  byCaching,
  checkBatch,
  maxBatchOps,
  type TouchedKey,
  touchedKeys,
} from './batch-write.ts';
import type { Cache, WriteLease, WriteValue } from './cache/interface.ts';
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
import type { BatchOutcome, BatchWrite, BatchWriteResult, RecordStore } from './store.ts';
import {
  type CollectionRef,
  maxRemoveMembers,
  type RecordRef,
  type Validator,
} from './validate.ts';
import {
  collectionValue,
  collectionWith,
  collectionWithout,
  newRecord,
  patchedCollection,
  patchedRecord,
  putBack,
  recordValue,
  type Ttls,
} from './write-through.ts';

export type { Ttls };

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

/**
 * The longest a write may run in db-proxy, whatever its caller's deadline: a write lease
 * lasts as long, and member indexes outlive it (app.ts).
 */
export const maxWriteMs = 60_000;

export interface ServiceDeps {
  readonly validator: Validator;
  readonly keys: Keys;
  readonly cache: Cache;
  readonly reader: ReadThrough;
  readonly store: RecordStore;
  readonly metrics: DataServerMetrics;
  readonly ttls: Ttls;
  /**
   * A write's lease lasts its remaining deadline plus this (DATASERVER_LEASE_MS): db-proxy
   * sends no COMMIT after the deadline it was given, and this margin covers a COMMIT sent
   * just before it. No fill can therefore land while the write may still commit.
   */
  readonly commitMarginMs: number;
}

/** A patched record to store, or nothing (the key stays empty). */
function optional(
  record: slg.dataserver.v2.Record.$Properties | undefined,
  ttls: Ttls,
): WriteValue | undefined {
  return record === undefined ? undefined : recordValue(record, ttls);
}

function present<T>(v: T | null | undefined): T | undefined {
  return v === null ? undefined : v;
}

export function createHandlers(d: ServiceDeps) {
  const { validator: v, keys, cache, reader, store, metrics, ttls } = d;

  /**
   * The budget of a write sent to db-proxy: the caller's remaining deadline (at most
   * maxWriteMs), its cancellation and its gate (the write is not sent once the call has
   * ended). db-proxy commits nothing after that deadline as it receives it (and cancels the
   * write when the caller goes away).
   */
  const writeBudget = (ctx: CallContext) => ({
    deadlineMs: Math.min(ctx.remainingMs(), maxWriteMs),
    caller: ctx,
  });
  /**
   * How long a write's lease lasts: taken before the write is sent, it outlives the write's
   * deadline by the commit margin, i.e. every moment at which the write can still commit.
   */
  const writeLeaseMs = (ctx: CallContext) =>
    Math.min(Math.max(0, ctx.remainingMs()), maxWriteMs) + d.commitMarginMs;

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

  const readCollection = (ref: CollectionRef, ctx: CallContext): Promise<Buffer> => {
    if (!ref.table.cached) {
      metrics.collection.uncached++;
      return loadCollection(ref, ctx)().then((l) => l.value);
    }
    return reader.read(
      keys.collection(ref),
      undefined,
      loadCollection(ref, ctx),
      metrics.collection,
    );
  };

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

  /**
   * Runs a write of one record: takes the write lease of the record (and of its collection),
   * runs the write, then stores the values `compute` derives from its result and from what
   * the keys held. Without the cache: invalidates after the commit (and after a failure that
   * may have committed). A failure that changed nothing puts back what the keys held.
   */
  const write = async <T>(
    ref: RecordRef,
    ctx: CallContext,
    run: () => Promise<T>,
    compute: (
      result: T,
      oldRecord: Buffer | null,
      oldCollection: Buffer | null,
    ) => (WriteValue | undefined)[],
  ): Promise<T> => {
    const recordKey = keys.record(ref);
    const collectionKey = ref.table.collection ? keys.collection(ref) : undefined;
    let lease: WriteLease | undefined;
    // A table the schema does not cache takes no lease: its keys are deleted after the commit.
    if (cache.available && ref.table.cached) {
      try {
        lease = await cache.writeLease(
          collectionKey === undefined ? [recordKey] : [recordKey, collectionKey],
          collectionKey === undefined ? undefined : keys.index(ref),
          writeLeaseMs(ctx),
        );
      } catch {
        lease = undefined; // the cache just went down: invalidate after the commit instead
      }
    }
    let result: T;
    try {
      result = await run();
    } catch (err) {
      if (!lease) {
        if (!isRefusal(err)) await invalidateRecord(ref);
      } else if (isRefusal(err)) {
        await cache.writeFill(lease, [
          putBack(lease.old[0] ?? null, lease.old[0]?.length ? ttls.recordMs : ttls.absentMs),
          putBack(lease.old[1] ?? null, ttls.collectionMs),
        ]);
      } else {
        // May still commit (a COMMIT in flight, a cancel not yet seen by db-proxy): the keys
        // stay empty and the lease is kept until it expires, after the last moment the write
        // could commit, so that no reader fills the row as it was before it.
        reader.forget(recordKey);
        if (collectionKey !== undefined) reader.forget(collectionKey);
      }
      throw err;
    }
    reader.forget(recordKey);
    if (collectionKey !== undefined) reader.forget(collectionKey);
    if (!lease) {
      await invalidateRecord(ref);
      return result;
    }
    let values: (WriteValue | undefined)[] = [];
    try {
      values = compute(result, lease.old[0] ?? null, lease.old[1] ?? null);
    } catch {
      values = []; // undecodable cached bytes: leave the keys empty
    }
    metrics.writes.invalidations++;
    await cache.writeFill(lease, values);
    return result;
  };

  /** What a batch's touched keys held, to put back after a write that changed nothing. */
  const putBackAll = (touched: readonly TouchedKey[], old: readonly (Buffer | null)[]) =>
    touched.map((t, i) =>
      putBack(
        old[i] ?? null,
        t.kind === 'collection'
          ? ttls.collectionMs
          : old[i]?.length
            ? ttls.recordMs
            : ttls.absentMs,
      ),
    );

  /** Without a write lease: a batch's touched keys invalidated after its (possible) commit. */
  const invalidateTouched = async (touched: readonly TouchedKey[]) => {
    if (touched.length === 0) return;
    for (const t of touched) reader.forget(t.key);
    metrics.writes.invalidations++;
    await Promise.all(touched.map((t) => cache.invalidate({ keys: [t.key], index: t.index })));
  };

  /**
   * The keys of tables the schema does not cache, after a write that may have changed them:
   * deleted with their leases, all in one cache call (no reader of this instance fills them,
   * but a value or a reader's lease may be there from when the table was cached, or from an
   * instance that still caches it).
   */
  const dropUncached = (touched: readonly TouchedKey[]): Promise<void> => {
    if (touched.length === 0) return Promise.resolve();
    for (const t of touched) reader.forget(t.key);
    metrics.writes.invalidations++;
    return cache.invalidate({ keys: touched.map((t) => t.key) });
  };

  /**
   * A checked batch of one owner (BatchWriteV2) under its write leases: leases taken, the
   * batch stored by `commit`, the cache filled from the results (or the old values put back, or
   * the keys left to their leases, by the error). BatchWritesV2 does the same for many batches
   * at once, with one cache call for all their leases and one for all their fills.
   */
  const writeBatch = async (
    writes: BatchWrite[],
    ctx: CallContext,
    commit: (writes: BatchWrite[]) => Promise<BatchWriteResult[]>,
  ) => {
    const { cached: touched, uncached } = byCaching(touchedKeys(keys, writes));
    // The write lease of every touched key, each with its member index, in one call (the keys
    // of one owner: one slot of a cluster). If the cache cannot give them, invalidate after
    // the commit.
    let lease: WriteLease | undefined;
    if (cache.available && touched.length > 0) {
      try {
        lease = await cache.writeLease(
          touched.map((t) => t.key),
          touched.map((t) => t.index),
          writeLeaseMs(ctx),
        );
      } catch {
        lease = undefined; // the cache just went down: invalidate after the commit instead
      }
    }
    const forget = () => {
      for (const t of touched) reader.forget(t.key);
    };
    let results: BatchWriteResult[];
    try {
      results = await commit(writes);
    } catch (err) {
      if (!isRefusal(err)) await dropUncached(uncached);
      if (!lease) {
        if (!isRefusal(err)) await invalidateTouched(touched);
      } else if (isRefusal(err)) {
        await cache.writeFill(lease, putBackAll(touched, lease.old));
      } else forget(); // may still commit: the leases are kept until it no longer can (`write`)
      throw err;
    }
    forget();
    const dropped = dropUncached(uncached);
    if (!lease) {
      await Promise.all([dropped, invalidateTouched(touched)]);
      return batchResponse(results);
    }
    let values: (WriteValue | undefined)[] = [];
    try {
      values = batchValues(keys, writes, results, touched, lease.old, ttls);
    } catch {
      values = []; // undecodable cached bytes: leave the keys empty
    }
    metrics.writes.invalidations++;
    await Promise.all([dropped, cache.writeFill(lease, values)]);
    return batchResponse(results);
  };

  return {
    FetchV2(req: slg.dataserver.v2.FetchRequest, ctx: CallContext): Promise<Buffer> {
      const ref = v.record(req);
      if (!ref.table.cached) {
        metrics.record.uncached++;
        return loadRecord(ref, ctx)().then((l) => l.value);
      }
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
      const count =
        cache.available && ref.table.cached
          ? countRecords(await readCollection(ref, ctx))
          : await store.count(ref, { deadlineMs: ctx.remainingMs() });
      return pb.CCountResponse.create({ count });
    },

    async ModifyV2(req: slg.dataserver.v2.ModifyRequest, ctx: CallContext) {
      const ref = v.record(req);
      v.fields(ref.table, req.fields, { required: true });
      const expected = present(req.expectedVersion);
      const version = await write(
        ref,
        ctx,
        () => store.update(ref, req.fields, expected, writeBudget(ctx)),
        (version, oldRecord, oldCollection) => [
          optional(patchedRecord(oldRecord, req.fields, version), ttls),
          collectionValue(
            patchedCollection(oldCollection, ref.memberStr, req.fields, version),
            ttls,
          ),
        ],
      );
      return pb.ModifyResponse.create({ version });
    },

    async IncrByV2(req: slg.dataserver.v2.IncrByRequest, ctx: CallContext) {
      const ref = v.record(req);
      const floor = present(req.floor);
      const ceiling = present(req.ceiling);
      v.incrField(ref.table, req.field, floor, ceiling);
      const r = await write(
        ref,
        ctx,
        () => store.increment(ref, req.field, req.delta, floor, ceiling, writeBudget(ctx)),
        (r, oldRecord, oldCollection) => {
          const fields = { [req.field]: { int: r.value } };
          return [
            optional(patchedRecord(oldRecord, fields, r.version), ttls),
            collectionValue(
              patchedCollection(oldCollection, ref.memberStr, fields, r.version),
              ttls,
            ),
          ];
        },
      );
      return pb.IncrByResponse.create({ value: r.value, version: r.version });
    },

    async CreateV2(req: slg.dataserver.v2.CreateRequest, ctx: CallContext) {
      const ref = v.record(req);
      v.fields(ref.table, req.fields, { required: false });
      const version = await write(
        ref,
        ctx,
        () => store.insert(ref, req.fields, writeBudget(ctx)),
        (version, _oldRecord, oldCollection) => {
          const record = newRecord(ref, req.fields, version);
          return [
            recordValue(record, ttls),
            collectionValue(collectionWith(oldCollection, record), ttls),
          ];
        },
      );
      return pb.CreateResponse.create({ version });
    },

    async RemoveV2(req: slg.dataserver.v2.RemoveRequest, ctx: CallContext) {
      const ref = v.record(req);
      const removed = await write(
        ref,
        ctx,
        () => store.delete(ref, present(req.expectedVersion), writeBudget(ctx)),
        (removed, _oldRecord, oldCollection) => [
          // Absent now, whether this call removed it or it was already gone.
          recordValue(undefined, ttls),
          removed
            ? collectionValue(collectionWithout(oldCollection, [ref.memberStr]), ttls)
            : putBack(oldCollection, ttls.collectionMs),
        ],
      );
      return pb.RemoveResponse.create({ removed });
    },

    async CRemoveV2(req: slg.dataserver.v2.CRemoveRequest, ctx: CallContext) {
      const ref = v.collection(req);
      const members = v.removeMembers(ref.table, req.memberIds, req.all);
      if (req.all) {
        // The member index names every member leased through the cache; the members listed
        // now are invalidated too, should Redis have evicted the index. Bounded as a list of
        // member_ids is: a larger collection is refused before anything is removed.
        members.strs.push(
          ...(await store.memberIds(ref, maxRemoveMembers, { deadlineMs: ctx.remainingMs() })),
        );
      }
      const collection = keys.collection(ref);
      const memberKeys = members.strs.map((m) => keys.member(ref.table, ref.ownerStr, m));
      const invalidateMembers = (): Promise<void> => {
        for (const k of memberKeys) reader.forget(k);
        reader.forget(collection);
        if (req.all) reader.forgetPrefix(keys.member(ref.table, ref.ownerStr, ''));
        metrics.writes.invalidations++;
        return cache.invalidate({
          keys: lease ? memberKeys : [...memberKeys, collection],
          index: keys.index(ref),
          dropIndex: req.all,
        });
      };
      // The write lease of the collection and of every member named, taken before the delete
      // (it empties their keys): a process killed between the commit and the invalidation
      // below leaves leases that expire, never a removed member's value in the cache.
      let lease: WriteLease | undefined;
      if (cache.available && ref.table.cached) {
        lease = await cache
          .writeLease([collection, ...memberKeys], undefined, writeLeaseMs(ctx))
          .catch(() => undefined);
      }
      let removed: Long | number;
      try {
        removed = await store.deleteMany(ref, members.ids, req.all, writeBudget(ctx));
      } catch (err) {
        if (isRefusal(err)) {
          if (lease) {
            const old = lease.old;
            await cache.writeFill(lease, [
              putBack(old[0] ?? null, ttls.collectionMs),
              ...memberKeys.map((_, i) => {
                const v = old[i + 1] ?? null;
                return putBack(v, v?.length ? ttls.recordMs : ttls.absentMs);
              }),
            ]);
          }
        } else {
          // May still commit: the leases are kept until the write can no longer commit (see
          // `write`), so that no reader fills a member as it was before a late commit. The
          // invalidation (the member index's other members, for `all`) drops the members'
          // leases with their keys: they are taken again, over any reader's, and kept.
          await invalidateMembers();
          if (lease && memberKeys.length > 0)
            await cache.writeLease(memberKeys, undefined, writeLeaseMs(ctx)).catch(() => undefined);
        }
        throw err;
      }
      await invalidateMembers();
      if (lease) {
        let value: WriteValue | undefined;
        try {
          value = collectionValue(
            collectionWithout(lease.old[0] ?? null, req.all ? 'all' : members.strs),
            ttls,
          );
        } catch {
          value = undefined;
        }
        // The members stay empty: their leases are released (their keys were emptied above).
        await cache.writeFill(lease, [value]);
      }
      return pb.CRemoveResponse.create({ removed });
    },

    BatchWriteV2(req: slg.dataserver.v2.BatchWriteRequest, ctx: CallContext) {
      return writeBatch(checkBatch(v, req), ctx, (w) => store.batch(w, writeBudget(ctx)));
    },

    async BatchWritesV2(req: slg.dataserver.v2.BatchWritesRequest, ctx: CallContext) {
      const list = req.batches ?? [];
      if (list.length === 0) throw new InvalidArgumentError('batches: at least one batch');
      if (list.length > maxBatchOps) {
        throw new InvalidArgumentError(
          `batches: ${list.length} batches, more than the ${maxBatchOps} one call may carry`,
        );
      }
      // Each batch checked on its own: a bad one is answered alone, the others go on.
      const checked = list.map((b, i) => {
        try {
          return checkBatch(v, b as slg.dataserver.v2.BatchWriteRequest);
        } catch (err) {
          if (err instanceof InvalidArgumentError)
            return new InvalidArgumentError(`batches[${i}].${err.message}`);
          throw err;
        }
      });
      // Every valid batch under its leases (one cache call for all), then one db-proxy call
      // for all of them, then every batch's fill by its own outcome (one cache call again).
      const valid: {
        at: number;
        writes: BatchWrite[];
        touched: TouchedKey[];
        uncached: TouchedKey[];
      }[] = [];
      checked.forEach((c, at) => {
        if (c instanceof Error) return;
        const { cached, uncached } = byCaching(touchedKeys(keys, c));
        valid.push({ at, writes: c, touched: cached, uncached });
      });
      const outcomes: slg.dataserver.v2.BatchOutcome.$Properties[] = checked.map((c) =>
        c instanceof Error ? { failed: partStatus(c, ctx.log) } : {},
      );
      if (valid.length === 0) return pb.BatchWritesResponse.create({ outcomes });
      // A batch whose leases the cache cannot give (it just went down) invalidates after its
      // commit instead, alone.
      // A batch of uncached tables only takes no lease.
      const leasing = cache.available ? valid.filter((b) => b.touched.length > 0) : [];
      const granted = new Map<(typeof valid)[number], WriteLease>();
      if (leasing.length > 0) {
        const got = await cache.writeLeases(
          leasing.map((b) => ({
            keys: b.touched.map((t) => t.key),
            index: b.touched.map((t) => t.index),
          })),
          writeLeaseMs(ctx),
        );
        got.forEach((l, i) => {
          if (!(l instanceof Error)) granted.set(leasing[i]!, l);
        });
      }
      const leases = valid.map((b) => granted.get(b));
      let stored: BatchOutcome[];
      try {
        stored = await store.batches(
          valid.map((b) => b.writes),
          writeBudget(ctx),
        );
      } catch (err) {
        stored = valid.map(() => ({ error: err })); // the call failed: so did every batch
      }
      const fills: { lease: WriteLease; values: (WriteValue | undefined)[] }[] = [];
      const invalidations: Promise<void>[] = [];
      const uncached: TouchedKey[] = [];
      valid.forEach((b, i) => {
        const o = stored[i]!;
        const lease = leases[i];
        const forget = () => {
          for (const t of b.touched) reader.forget(t.key);
        };
        if (!('error' in o) || !isRefusal(o.error)) uncached.push(...b.uncached);
        if ('error' in o) {
          outcomes[b.at] = { failed: partStatus(o.error, ctx.log) };
          if (!lease) {
            if (!isRefusal(o.error)) invalidations.push(invalidateTouched(b.touched));
          } else if (isRefusal(o.error)) {
            fills.push({ lease, values: putBackAll(b.touched, lease.old) });
          } else forget(); // may still commit: the leases are kept until it no longer can
          return;
        }
        outcomes[b.at] = { written: batchResponse(o.results) };
        forget();
        if (!lease) {
          invalidations.push(invalidateTouched(b.touched));
          return;
        }
        let values: (WriteValue | undefined)[] = [];
        try {
          values = batchValues(keys, b.writes, o.results, b.touched, lease.old, ttls);
        } catch {
          values = []; // undecodable cached bytes: leave the keys empty
        }
        metrics.writes.invalidations++;
        fills.push({ lease, values });
      });
      if (fills.length > 0) invalidations.push(cache.writeFills(fills));
      invalidations.push(dropUncached(uncached));
      await Promise.all(invalidations);
      return pb.BatchWritesResponse.create({ outcomes });
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
