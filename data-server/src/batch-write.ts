// BatchWriteV2: several writes of one owner, applied by db-proxy's Batch in one
// transaction. This file checks a batch (each op as its single RPC checks it, all
// on one owner) and computes what the committed batch leaves in the cache: each
// touched key (a record; the collection of a member) starts from what it held
// when the write lease was taken and goes through the ops in order, exactly as
// the single writes patch it (write-through.ts). A key whose value cannot be
// computed at some step (not cached, a version gap) is left empty.
import { slg } from '@slg/proto';
import { InvalidArgumentError } from '@slg/service-kit';
import type { WriteValue } from './cache/interface.ts';
import { encodeFetch, type Keys } from './records.ts';
import type { BatchWrite, BatchWriteResult } from './store.ts';
import type { Validator } from './validate.ts';
import {
  collectionWith,
  collectionWithout,
  newRecord,
  patchedCollection,
  patchedRecord,
  type Ttls,
} from './write-through.ts';

const pb = slg.dataserver.v2;
type FieldMap = { [name: string]: slg.common.v1.Value.$Properties };

/** The most ops one BatchWriteV2 carries (db-proxy's default DBPROXY_MAX_BATCH_OPS). */
export const maxBatchOps = 100;

function present<T>(v: T | null | undefined): T | undefined {
  return v === null ? undefined : v;
}

/** The checked writes of a batch, or INVALID_ARGUMENT naming the op and the problem. */
export function checkBatch(v: Validator, req: slg.dataserver.v2.BatchWriteRequest): BatchWrite[] {
  // Decoded from the wire: every nested message is an instance of its class (defaults set).
  const list = (req.ops ?? []) as slg.dataserver.v2.WriteOp[];
  if (list.length === 0) throw new InvalidArgumentError('ops: a batch needs at least one op');
  if (list.length > maxBatchOps) {
    throw new InvalidArgumentError(
      `ops: ${list.length} ops, more than the ${maxBatchOps} one batch may carry`,
    );
  }
  const out: BatchWrite[] = [];
  for (let i = 0; i < list.length; i++) {
    const o = list[i]!;
    let w: BatchWrite;
    try {
      w = checkOp(v, o);
    } catch (err) {
      if (err instanceof InvalidArgumentError)
        throw new InvalidArgumentError(`ops[${i}]${opName(o)}: ${err.message}`);
      throw err;
    }
    const first = out[0];
    if (first !== undefined && first.ref.ownerStr !== w.ref.ownerStr) {
      throw new InvalidArgumentError(
        `ops[${i}].owner_id ${w.ref.ownerStr} differs from ops[0].owner_id ${first.ref.ownerStr}: a batch writes the records of one owner`,
      );
    }
    out.push(w);
  }
  return out;
}

function opName(o: slg.dataserver.v2.WriteOp): string {
  return o.op ? ` (${o.op === 'incrBy' ? 'incr_by' : o.op})` : '';
}

function checkOp(v: Validator, o: slg.dataserver.v2.WriteOp): BatchWrite {
  if (o.create) {
    const r = o.create as slg.dataserver.v2.CreateRequest;
    const ref = v.record(r);
    v.fields(ref.table, r.fields, { required: false });
    return { kind: 'create', ref, fields: r.fields ?? {} };
  }
  if (o.modify) {
    const r = o.modify as slg.dataserver.v2.ModifyRequest;
    const ref = v.record(r);
    v.fields(ref.table, r.fields, { required: true });
    return { kind: 'modify', ref, fields: r.fields, expected: present(r.expectedVersion) };
  }
  if (o.incrBy) {
    const r = o.incrBy as slg.dataserver.v2.IncrByRequest;
    const ref = v.record(r);
    const floor = present(r.floor);
    const ceiling = present(r.ceiling);
    v.incrField(ref.table, r.field, floor, ceiling);
    return { kind: 'incrBy', ref, field: r.field, delta: r.delta, floor, ceiling };
  }
  if (o.remove) {
    const r = o.remove as slg.dataserver.v2.RemoveRequest;
    return { kind: 'remove', ref: v.record(r), expected: present(r.expectedVersion) };
  }
  throw new InvalidArgumentError('empty: set one of create, modify, incr_by or remove');
}

/** The answer of a committed batch. */
export function batchResponse(results: readonly BatchWriteResult[]) {
  return pb.BatchWriteResponse.create({
    results: results.map((r): slg.dataserver.v2.WriteResult.$Properties => {
      switch (r.kind) {
        case 'create':
          return { create: { version: r.version } };
        case 'modify':
          return { modify: { version: r.version } };
        case 'incrBy':
          return { incrBy: { value: r.value, version: r.version } };
        default:
          return { remove: { removed: r.removed } };
      }
    }),
  });
}

/** A cache key a batch touches, and the member index it is recorded in (a member record). */
export interface TouchedKey {
  readonly key: string;
  readonly index: string | undefined;
  readonly kind: 'record' | 'collection';
  /** Its table is cached (schema.ts `cached`): else no lease, no fill, deleted after the commit. */
  readonly cached: boolean;
}

/** Every key the batch changes, each once, in first-touch order. */
export function touchedKeys(keys: Keys, writes: readonly BatchWrite[]): TouchedKey[] {
  const seen = new Map<string, TouchedKey>();
  for (const w of writes) {
    const record = keys.record(w.ref);
    if (!seen.has(record)) {
      seen.set(record, {
        key: record,
        index: w.ref.table.collection ? keys.index(w.ref) : undefined,
        kind: 'record',
        cached: w.ref.table.cached,
      });
    }
    if (w.ref.table.collection) {
      const collection = keys.collection(w.ref);
      if (!seen.has(collection))
        seen.set(collection, {
          key: collection,
          index: undefined,
          kind: 'collection',
          cached: w.ref.table.cached,
        });
    }
  }
  return [...seen.values()];
}

/** Touched keys split by whether their table is cached: the leased and the deleted ones. */
export function byCaching(touched: readonly TouchedKey[]): {
  cached: TouchedKey[];
  uncached: TouchedKey[];
} {
  const cached: TouchedKey[] = [];
  const uncached: TouchedKey[] = [];
  for (const t of touched) (t.cached ? cached : uncached).push(t);
  return { cached, uncached };
}

/**
 * What each touched key holds after the committed batch, from what it held before (`old`,
 * null: nothing cached): the ops replayed in order on each key. Undefined: leave it empty.
 */
export function batchValues(
  keys: Keys,
  writes: readonly BatchWrite[],
  results: readonly BatchWriteResult[],
  touched: readonly TouchedKey[],
  old: readonly (Buffer | null)[],
  ttls: Ttls,
): (WriteValue | undefined)[] {
  const state = new Map<string, Buffer | null>();
  for (let i = 0; i < touched.length; i++) state.set(touched[i]!.key, old[i] ?? null);
  for (let i = 0; i < writes.length; i++) {
    const w = writes[i]!;
    // Its keys are not among `touched`: nothing of it is stored in the cache.
    if (!w.ref.table.cached) continue;
    const r = results[i]!;
    const recordKey = keys.record(w.ref);
    const collectionKey = w.ref.table.collection ? keys.collection(w.ref) : undefined;
    const rec = state.get(recordKey) ?? null;
    const col = collectionKey === undefined ? null : (state.get(collectionKey) ?? null);
    let nextRec: Buffer | null;
    let nextCol: Buffer | null;
    switch (r.kind) {
      case 'create': {
        const record = newRecord(w.ref, (w as { fields: FieldMap }).fields, r.version);
        nextRec = encodeFetch(record);
        nextCol = collectionWith(col, record) ?? null;
        break;
      }
      case 'modify':
      case 'incrBy': {
        const fields: FieldMap =
          r.kind === 'incrBy'
            ? { [(w as { field: string }).field]: { int: r.value } }
            : (w as { fields: FieldMap }).fields;
        const patched = patchedRecord(rec, fields, r.version);
        nextRec = patched === undefined ? null : encodeFetch(patched);
        nextCol = patchedCollection(col, w.ref.memberStr, fields, r.version) ?? null;
        break;
      }
      case 'remove':
        // Absent now, whether this op removed it or it was already gone.
        nextRec = encodeFetch(undefined);
        nextCol = r.removed ? (collectionWithout(col, [w.ref.memberStr]) ?? null) : col;
        break;
    }
    state.set(recordKey, nextRec);
    if (collectionKey !== undefined) state.set(collectionKey, nextCol);
  }
  return touched.map((t) => {
    const bytes = state.get(t.key) ?? null;
    if (bytes === null) return undefined;
    if (t.kind === 'collection') return { value: bytes, ttlMs: ttls.collectionMs };
    return { value: bytes, ttlMs: bytes.length === 0 ? ttls.absentMs : ttls.recordMs };
  });
}
