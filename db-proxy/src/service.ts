// slg.dbproxy.v1.DbProxy: decode and check a request (validate.ts), route it
// to its shard's backend (shards.ts), run it (store.ts), encode the answer.
import { type Long, type slg, slg_dbproxy_v1_DbProxyDefinition } from '@slg/proto';
import {
  type CallContext,
  FailedPreconditionError,
  InvalidArgumentError,
  partStatus,
  ResourceExhaustedError,
} from '@slg/service-kit';
import type { Backend, ExecResult, ResultColumn } from './backends/types.ts';
import { Encoded, encodeListResponse, encodeRowResponse, NO_ROW } from './row-encoder.ts';
import type { Cell, Table } from './schema.ts';
import { type Router, routeAll } from './slot-map.ts';
import type { BatchOutcome, Op, OpResult, RawRow, RecordStore } from './store.ts';
import { shardOf, type Validator } from './validate.ts';
import { bigIntToWire, cellSize, rawBigInt, rawInt } from './values.ts';

type Value = slg.common.v1.Value.$Properties;
type Def = typeof slg_dbproxy_v1_DbProxyDefinition;
type Req<K extends keyof Def> = ReturnType<Def[K]['requestDeserialize']>;
type Res<K extends keyof Def> = Parameters<Def[K]['responseSerialize']>[0];
type Handler<K extends keyof Def> = (req: Req<K>, ctx: CallContext) => Promise<Res<K>>;
export type DbProxyHandlers = { [K in keyof Def]: Handler<K> };

const REQUEST_BYTES = Symbol('requestBytes');

/**
 * The service definition, with a deserializer that notes the size of a request
 * over the limit, so that the handler can refuse it with INVALID_ARGUMENT and
 * the size (grpc-js itself only stops requests over its hard limit).
 */
export function dbProxyDefinition(maxRequestBytes: number): Def {
  const out: Record<string, unknown> = {};
  for (const [name, m] of Object.entries(slg_dbproxy_v1_DbProxyDefinition)) {
    const decode = m.requestDeserialize as (b: Buffer) => object;
    const encode = m.responseSerialize as (r: unknown) => Buffer;
    out[name] = {
      ...m,
      // Get and List answer with rows already encoded (row-encoder.ts).
      responseSerialize: (r: unknown) => (r instanceof Encoded ? r.bytes : encode(r)),
      requestDeserialize: (b: Buffer) => {
        const msg = decode(b);
        if (b.length > maxRequestBytes) (msg as Record<symbol, number>)[REQUEST_BYTES] = b.length;
        return msg;
      },
    };
  }
  return out as Def;
}

function batchResponse(results: OpResult[]): slg.dbproxy.v1.BatchResponse.$Properties {
  return {
    results: results.map((r): slg.dbproxy.v1.BatchResult.$Properties => {
      switch (r.kind) {
        case 'insert':
          return { insert: writeResult(r) };
        case 'update':
          return { update: writeResult(r) };
        case 'delete':
          return { delete: writeResult(r) };
        case 'increment':
          return {
            increment: { value: bigIntToWire(r.value), version: bigIntToWire(r.version) },
          };
        default:
          return { deleteMany: { deleted: r.deleted } };
      }
    }),
  };
}

function rawSize(raw: RawRow): number {
  let n = 8;
  for (const v of raw) n += cellSize(v) + 12;
  return n;
}

// ---- page tokens: the last key of a page, tied to its table and shard key ----

function encodeToken(t: Table, shard: bigint, last: Cell[]): string {
  const k = last.map((c) => (typeof c === 'bigint' ? `i${c}` : `s${c as string}`));
  return Buffer.from(JSON.stringify([t.name, `${shard}`, k])).toString('base64url');
}

function decodeToken(t: Table, shard: bigint, token: string): Cell[] {
  const bad = (why: string) =>
    new InvalidArgumentError(
      `page_token: ${why}; pass the next_page_token of the previous page unchanged`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw bad('not a token of this service');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !Array.isArray(parsed[2]))
    throw bad('not a token of this service');
  const [table, s, k] = parsed as [unknown, unknown, unknown[]];
  if (table !== t.name || s !== `${shard}`) throw bad('it belongs to another table or shard key');
  if (k.length !== t.rest.length) throw bad('not a token of this table');
  return t.rest.map((c, i) => {
    const v = k[i];
    if (typeof v !== 'string') throw bad('malformed');
    if (c.type === 'int64') {
      if (!/^i-?\d{1,19}$/.test(v)) throw bad('malformed');
      return BigInt(v.slice(1));
    }
    if (!v.startsWith('s')) throw bad('malformed');
    return v.slice(1);
  });
}

function queryValue(raw: unknown, kind: ResultColumn['kind']): Value {
  if (raw === null || raw === undefined) return {};
  switch (kind) {
    case 'int':
      return { int: rawInt(raw) };
    case 'float':
      return { float: Number(raw) };
    case 'str':
      return {
        str: typeof raw === 'string' ? raw : Buffer.from(raw as Uint8Array).toString('utf8'),
      };
    case 'bytes':
      return { bytes: raw as Uint8Array };
    case 'auto':
      if (typeof raw === 'bigint') return { int: bigIntToWire(raw) };
      if (typeof raw === 'number') return { float: raw };
      if (typeof raw === 'boolean') return { bool: raw };
      if (raw instanceof Uint8Array) return { bytes: raw };
      return { str: String(raw) };
  }
}

function writeResult(r: OpResult): { version: number | Long } {
  return { version: bigIntToWire((r as { version: bigint }).version) };
}

export function createHandlers(deps: {
  validator: Validator;
  store: RecordStore;
  /** The backend of a shard key, refusing backends that are not ready (migrations pending). */
  router: Router;
}): DbProxyHandlers {
  const { validator: v, store, router } = deps;
  /** `fn` on the backend of `shard`; the route is held (counted by the slot map) until it ends. */
  const routed = async <T>(
    shard: bigint,
    write: boolean,
    ctx: CallContext,
    fn: (b: Backend, deadline: number) => Promise<T>,
  ): Promise<T> => {
    const r = await router.route(shard, write, ctx.deadline, ctx.signal);
    try {
      return await fn(r.backend, r.deadline);
    } finally {
      r.release();
    }
  };
  const write = (op: Op, ctx: CallContext): Promise<OpResult> =>
    routed(shardOf(op), true, ctx, (b, deadline) => store.write(b, op, deadline, ctx));
  const limits = v.limits;
  const checkSize = (req: object) => {
    const n = (req as Record<symbol, number | undefined>)[REQUEST_BYTES];
    if (n !== undefined) {
      throw new InvalidArgumentError(
        `the request is ${n} bytes; the limit is ${limits.maxRequestBytes} (DBPROXY_MAX_REQUEST_BYTES)`,
      );
    }
  };

  return {
    async Get(req, ctx) {
      checkSize(req);
      const t = v.table(req.table);
      const key = v.key(t, req.key);
      const raw = await routed(key[0] as bigint, false, ctx, (b, deadline) =>
        store.get(b, t, key, deadline),
      );
      // A missing row is an answer, not an error: OK with `row` unset (see the .proto).
      return (raw ? new Encoded(encodeRowResponse(t, raw)) : NO_ROW) as unknown as Res<'Get'>;
    },

    async List(req, ctx) {
      checkSize(req);
      const t = v.table(req.table);
      const shard = v.shardKey(t, req.shardKey);
      const pageSize = req.pageSize || limits.defaultPageSize;
      if (pageSize > limits.maxPageSize) {
        throw new InvalidArgumentError(
          `page_size: ${pageSize} is over the limit ${limits.maxPageSize}`,
        );
      }
      const after = req.pageToken ? decodeToken(t, shard, req.pageToken) : null;
      const raws = await routed(shard, false, ctx, (b, deadline) =>
        store.list(b, t, shard, after, pageSize + 1, deadline),
      );
      let n = 0;
      let bytes = 0;
      let more = raws.length > pageSize;
      for (; n < raws.length && n < pageSize; n++) {
        bytes += rawSize(raws[n]!);
        if (n > 0 && bytes > limits.maxResponseBytes) {
          more = true; // the page is full by size: the rest comes on the next one
          break;
        }
      }
      let nextPageToken = '';
      if (more && n > 0) {
        const last = raws[n - 1]!;
        nextPageToken = encodeToken(
          t,
          shard,
          t.rest.map((c) =>
            c.type === 'int64' ? rawBigInt(last[c.index]) : String(last[c.index]),
          ),
        );
      }
      return new Encoded(
        encodeListResponse(t, raws.slice(0, n), nextPageToken),
      ) as unknown as Res<'List'>;
    },

    async Count(req, ctx) {
      checkSize(req);
      const t = v.table(req.table);
      const shard = v.shardKey(t, req.shardKey);
      const n = await routed(shard, false, ctx, (b, deadline) =>
        store.count(b, t, shard, deadline),
      );
      return { count: bigIntToWire(n) } as Res<'Count'>;
    },

    async Insert(req, ctx) {
      checkSize(req);
      const op = v.insert(req);
      return writeResult(await write(op, ctx)) as Res<'Insert'>;
    },

    async Update(req, ctx) {
      checkSize(req);
      const op = v.update(req);
      return writeResult(await write(op, ctx)) as Res<'Update'>;
    },

    async Increment(req, ctx) {
      checkSize(req);
      const op = v.increment(req);
      const r = (await write(op, ctx)) as Extract<OpResult, { kind: 'increment' }>;
      return { value: bigIntToWire(r.value), version: bigIntToWire(r.version) } as Res<'Increment'>;
    },

    async Delete(req, ctx) {
      checkSize(req);
      const op = v.delete(req);
      return writeResult(await write(op, ctx)) as Res<'Delete'>;
    },

    async DeleteMany(req, ctx) {
      checkSize(req);
      const op = v.deleteMany(req);
      const r = (await write(op, ctx)) as Extract<OpResult, { kind: 'deleteMany' }>;
      return { deleted: r.deleted } as Res<'DeleteMany'>;
    },

    async Batch(req, ctx) {
      checkSize(req);
      const { ops, shard } = v.batch(req);
      const results = await routed(shard, true, ctx, (b, deadline) =>
        store.batch(b, ops, deadline, ctx),
      );
      return batchResponse(results) as Res<'Batch'>;
    },

    async Batches(req, ctx) {
      checkSize(req);
      const list = req.batches ?? [];
      if (list.length === 0) throw new InvalidArgumentError('batches: at least one batch');
      if (list.length > limits.maxBatchOps) {
        throw new InvalidArgumentError(
          `batches: ${list.length} batches, the limit is ${limits.maxBatchOps} (DBPROXY_MAX_BATCH_OPS)`,
        );
      }
      const outcomes: BatchOutcome[] = new Array(list.length);
      // Each batch checked on its own: an invalid one is answered alone.
      const valid: { at: number; ops: Op[]; shard: bigint }[] = [];
      for (let i = 0; i < list.length; i++) {
        try {
          valid.push({ at: i, ...v.batch(list[i]!) });
        } catch (err) {
          if (!(err instanceof InvalidArgumentError)) throw err;
          outcomes[i] = { error: new InvalidArgumentError(`batches[${i}].${err.message}`) };
        }
      }
      const routes = await routeAll(
        router,
        valid.map((b) => b.shard),
        ctx.deadline,
        ctx.signal,
      );
      // The batches of each backend, committed together.
      const groups = new Map<Backend, { deadline: number; at: number[]; ops: Op[][] }>();
      try {
        valid.forEach((b, k) => {
          const r = routes[k]!;
          const g = groups.get(r.backend);
          if (g) {
            g.deadline = Math.min(g.deadline, r.deadline);
            g.at.push(b.at);
            g.ops.push(b.ops);
          } else groups.set(r.backend, { deadline: r.deadline, at: [b.at], ops: [b.ops] });
        });
        await Promise.all(
          [...groups].map(async ([b, g]) => {
            let got: BatchOutcome[];
            try {
              got = await store.batches(b, g.ops, g.deadline, ctx);
            } catch (err) {
              // One backend only: the call's own status, as Batch answers it.
              if (groups.size === 1) throw err;
              got = g.ops.map(() => ({ error: err }));
            }
            g.at.forEach((i, k) => {
              outcomes[i] = got[k]!;
            });
          }),
        );
      } finally {
        for (const r of routes) r.release();
      }
      return {
        outcomes: outcomes.map((o): slg.dbproxy.v1.BatchOutcome.$Properties => {
          if ('results' in o) return { written: batchResponse(o.results) };
          return { failed: partStatus(o.error, ctx.log) };
        }),
      } as Res<'Batches'>;
    },

    async Query(req, ctx) {
      checkSize(req);
      const { query, shard, params } = v.query(req);
      const result: ExecResult = await routed(shard, query.mode === 'write', ctx, (b, deadline) => {
        const compiled = query.statements[b.dialect];
        if (!compiled) {
          throw new FailedPreconditionError(
            `query ${query.name} has no SQL for ${b.dialect}, the backend of shard key ${shard} (${b.name})`,
          );
        }
        return store.query(
          b,
          query,
          compiled.order.map((p) => params.get(p)!),
          deadline,
          query.mode === 'write' ? ctx : undefined,
        );
      });
      if (result.rows.length > limits.maxResultRows) {
        throw new ResourceExhaustedError(
          `query ${query.name} returned ${result.rows.length} rows, over the limit ${limits.maxResultRows} (DBPROXY_MAX_RESULT_ROWS); give it a LIMIT`,
        );
      }
      const columns = result.columns ?? [];
      let bytes = 0;
      const rows = result.rows.map((raw) => {
        bytes += rawSize(raw);
        const fields: Record<string, Value> = {};
        for (let i = 0; i < columns.length; i++)
          fields[columns[i]!.name] = queryValue(raw[i], columns[i]!.kind);
        return { fields };
      });
      if (bytes > limits.maxResponseBytes) {
        throw new ResourceExhaustedError(
          `query ${query.name} returned about ${bytes} bytes, over the limit ${limits.maxResponseBytes} (DBPROXY_MAX_RESPONSE_BYTES)`,
        );
      }
      return { rows, affectedRows: result.affectedRows } as Res<'Query'>;
    },
  };
}
