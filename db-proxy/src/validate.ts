// Request checking: every name is looked up in the schema (or the named
// queries), every value checked against its column, every limit applied,
// before anything reaches a backend. A bad request is INVALID_ARGUMENT with
// the field at fault, and nothing is written.
import type { slg } from '@slg/proto';
import { InvalidArgumentError, pathName, quoteName } from '@slg/service-kit';
import { type NamedQuery, ROW_CAP_PARAM, SHARD_KEY_PARAM } from './queries.ts';
import { type Cell, type Column, type Schema, type Table, VERSION_COLUMN } from './schema.ts';
import type { Op } from './store.ts';
import { cellFromWire, longToBigInt } from './values.ts';

type Value = slg.common.v1.Value.$Properties;
type Fields = { [k: string]: Value } | null | undefined;
type Int64 = Parameters<typeof longToBigInt>[0];

export interface Limits {
  maxBatchOps: number;
  maxDeleteMembers: number;
  defaultPageSize: number;
  maxPageSize: number;
  maxResultRows: number;
  maxResponseBytes: number;
  maxRequestBytes: number;
}

export class Validator {
  readonly schema: Schema;
  readonly queries: ReadonlyMap<string, NamedQuery>;
  readonly limits: Limits;
  readonly #tableList: string;

  constructor(schema: Schema, queries: ReadonlyMap<string, NamedQuery>, limits: Limits) {
    this.schema = schema;
    this.queries = queries;
    this.limits = limits;
    this.#tableList = [...schema.tables.keys()].join(', ');
  }

  table(name: string | null | undefined, at = 'table'): Table {
    if (!name) throw new InvalidArgumentError(`${at}: required (one of ${this.#tableList})`);
    const t = this.schema.tables.get(name);
    if (!t)
      throw new InvalidArgumentError(
        `${at}: ${quoteName(name)} is not a table of the schema (${this.#tableList})`,
      );
    return t;
  }

  /** The full primary key, in schema order. */
  key(t: Table, values: Value[] | null | undefined, at = 'key'): Cell[] {
    const n = values?.length ?? 0;
    if (n !== t.primaryKey.length) {
      throw new InvalidArgumentError(
        `${at}: ${t.name} has a ${t.primaryKey.length}-column key (${t.primaryKey.map((c) => c.name).join(', ')}), got ${n} value${n === 1 ? '' : 's'}`,
      );
    }
    const key = new Array<Cell>(n);
    for (let i = 0; i < n; i++) key[i] = cellFromWire(values![i], t.primaryKey[i]!, `${at}[${i}]`);
    return key;
  }

  shardKey(t: Table, v: Value | null | undefined, at = 'shard_key'): bigint {
    if (!v) throw new InvalidArgumentError(`${at}: required (the ${t.shardKey.name} of the rows)`);
    return cellFromWire(v, t.shardKey, at) as bigint;
  }

  /** The rest of a key (after the shard key). */
  rest(t: Table, values: Value[] | null | undefined, at: string): Cell[] {
    const n = values?.length ?? 0;
    if (n !== t.rest.length) {
      throw new InvalidArgumentError(
        `${at}: ${t.name} rows are named by ${t.rest.length} value(s) after the shard key (${t.rest.map((c) => c.name).join(', ') || 'none'}), got ${n}`,
      );
    }
    return t.rest.map((c, i) => cellFromWire(values![i], c, `${at}[${i}]`));
  }

  #column(t: Table, name: string, at: string): Column {
    if (name === VERSION_COLUMN) {
      throw new InvalidArgumentError(
        `${at}.${name}: the version is db-proxy's to write (use expected_version to check it)`,
      );
    }
    const c = t.byName.get(name);
    if (!c) {
      throw new InvalidArgumentError(
        `${at}.${pathName(name)}: ${t.name} has no column ${quoteName(name)} (columns: ${t.columns.map((x) => x.name).join(', ')})`,
      );
    }
    return c;
  }

  /** A whole row for an insert: every key column given, the others defaulted. */
  insertRow(t: Table, fields: Fields, at = 'fields'): Cell[] {
    const row = t.columns.map((c) => c.default);
    const given = new Set<Column>();
    for (const name of Object.keys(fields ?? {})) {
      const c = this.#column(t, name, at);
      row[c.index] = cellFromWire(fields![name], c, `${at}.${name}`);
      given.add(c);
    }
    const missing = t.primaryKey.filter((c) => !given.has(c));
    if (missing.length) {
      throw new InvalidArgumentError(
        `${at}: an insert into ${t.name} needs every key column; missing ${missing.map((c) => c.name).join(', ')}`,
      );
    }
    return row;
  }

  changes(t: Table, fields: Fields, at = 'fields'): Map<Column, Cell> {
    const out = new Map<Column, Cell>();
    for (const name of Object.keys(fields ?? {})) {
      const c = this.#column(t, name, at);
      if (c.isKey) throw new InvalidArgumentError(`${at}.${name}: a key column cannot be updated`);
      out.set(c, cellFromWire(fields![name], c, `${at}.${name}`));
    }
    if (out.size === 0)
      throw new InvalidArgumentError(`${at}: nothing to update (give at least one column)`);
    return out;
  }

  optionalInt(v: Int64 | null | undefined): bigint | null {
    return v === null || v === undefined ? null : longToBigInt(v);
  }

  // ---- operations -----------------------------------------------------------

  insert(req: slg.dbproxy.v1.InsertRequest.$Properties, at = ''): Op {
    const table = this.table(req.table, `${at}table`);
    return { kind: 'insert', table, row: this.insertRow(table, req.fields, `${at}fields`) };
  }

  update(req: slg.dbproxy.v1.UpdateRequest.$Properties, at = ''): Op {
    const table = this.table(req.table, `${at}table`);
    return {
      kind: 'update',
      table,
      key: this.key(table, req.key, `${at}key`),
      changes: this.changes(table, req.fields, `${at}fields`),
      expected: this.optionalInt(req.expectedVersion),
    };
  }

  increment(req: slg.dbproxy.v1.IncrementRequest.$Properties, at = ''): Op {
    const table = this.table(req.table, `${at}table`);
    const key = this.key(table, req.key, `${at}key`);
    if (!req.field)
      throw new InvalidArgumentError(`${at}field: required (an int64 column of ${table.name})`);
    const column = table.byName.get(req.field);
    if (!column) {
      throw new InvalidArgumentError(
        `${at}field: ${table.name} has no column ${quoteName(req.field)} (int64 columns: ${table.values
          .filter((c) => c.type === 'int64')
          .map((c) => c.name)
          .join(', ')})`,
      );
    }
    if (column.isKey)
      throw new InvalidArgumentError(`${at}field: "${column.name}" is a key column`);
    if (column.type !== 'int64') {
      throw new InvalidArgumentError(
        `${at}field: "${column.name}" is ${column.type}; only int64 columns can be incremented`,
      );
    }
    const floor = this.optionalInt(req.floor);
    const ceiling = this.optionalInt(req.ceiling);
    if (floor !== null && ceiling !== null && floor > ceiling) {
      throw new InvalidArgumentError(`${at}floor ${floor} is above ${at}ceiling ${ceiling}`);
    }
    return {
      kind: 'increment',
      table,
      key,
      column,
      delta: longToBigInt(req.delta),
      floor,
      ceiling,
      expected: this.optionalInt(req.expectedVersion),
    };
  }

  delete(req: slg.dbproxy.v1.DeleteRequest.$Properties, at = ''): Op {
    const table = this.table(req.table, `${at}table`);
    return {
      kind: 'delete',
      table,
      key: this.key(table, req.key, `${at}key`),
      expected: this.optionalInt(req.expectedVersion),
    };
  }

  deleteMany(req: slg.dbproxy.v1.DeleteManyRequest.$Properties, at = ''): Op {
    const table = this.table(req.table, `${at}table`);
    const shard = this.shardKey(table, req.shardKey, `${at}shard_key`);
    if (req.all) return { kind: 'deleteMany', table, shard, members: null };
    const members = req.members ?? [];
    if (members.length === 0) {
      throw new InvalidArgumentError(
        `${at}members: give the rows to delete, or set all to delete every row of the shard key`,
      );
    }
    if (members.length > this.limits.maxDeleteMembers) {
      throw new InvalidArgumentError(
        `${at}members: ${members.length} rows, the limit is ${this.limits.maxDeleteMembers}`,
      );
    }
    return {
      kind: 'deleteMany',
      table,
      shard,
      members: members.map((m, i) => this.rest(table, m.values, `${at}members[${i}].values`)),
    };
  }

  batch(req: slg.dbproxy.v1.BatchRequest.$Properties): { ops: Op[]; shard: bigint } {
    const list = req.ops ?? [];
    if (list.length === 0) throw new InvalidArgumentError('ops: a batch needs at least one op');
    if (list.length > this.limits.maxBatchOps) {
      throw new InvalidArgumentError(
        `ops: ${list.length} ops, the limit is ${this.limits.maxBatchOps}`,
      );
    }
    const ops: Op[] = [];
    let shard: bigint | undefined;
    list.forEach((o, i) => {
      const at = `ops[${i}].`;
      let op: Op;
      if (o.insert) op = this.insert(o.insert, `${at}insert.`);
      else if (o.update) op = this.update(o.update, `${at}update.`);
      else if (o.increment) op = this.increment(o.increment, `${at}increment.`);
      else if (o.delete) op = this.delete(o.delete, `${at}delete.`);
      else if (o.deleteMany) op = this.deleteMany(o.deleteMany, `${at}delete_many.`);
      else
        throw new InvalidArgumentError(
          `ops[${i}]: empty (set insert, update, increment, delete or delete_many)`,
        );
      const s = shardOf(op);
      if (shard === undefined) shard = s;
      else if (s !== shard) {
        throw new InvalidArgumentError(
          `ops[${i}]: shard key ${s} differs from ops[0]'s ${shard}; a batch works on the rows of one shard key`,
        );
      }
      ops.push(op);
    });
    return { ops, shard: shard! };
  }

  query(req: slg.dbproxy.v1.QueryRequest.$Properties): {
    query: NamedQuery;
    shard: bigint;
    params: Map<string, Cell>;
  } {
    if (!req.name)
      throw new InvalidArgumentError(
        `name: required (one of ${[...this.queries.keys()].join(', ')})`,
      );
    const query = this.queries.get(req.name);
    if (!query) {
      throw new InvalidArgumentError(
        `name: no query ${quoteName(req.name)} is configured (${[...this.queries.keys()].join(', ') || 'none'})`,
      );
    }
    if (!req.shardKey)
      throw new InvalidArgumentError('shard_key: required (it chooses the backend)');
    const shardColumn: Column = {
      name: SHARD_KEY_PARAM,
      type: 'int64',
      maxLength: 0,
      nullable: false,
      default: null,
      index: 0,
      isKey: true,
    };
    const shard = cellFromWire(req.shardKey, shardColumn, 'shard_key') as bigint;
    const params = new Map<string, Cell>();
    const given = req.params ?? {};
    for (const name of Object.keys(given)) {
      const p = query.params.get(name);
      if (!p) {
        throw new InvalidArgumentError(
          `params.${pathName(name)}: query ${query.name} has no such parameter (${[...query.params.keys()].join(', ') || 'none'})`,
        );
      }
      params.set(name, cellFromWire(given[name], p, `params.${name}`));
    }
    const missing = [...query.params.keys()].filter((p) => !params.has(p));
    if (missing.length)
      throw new InvalidArgumentError(`params: query ${query.name} needs ${missing.join(', ')}`);
    for (const p of query.limitParams) {
      const v = params.get(p);
      if ((typeof v === 'bigint' || typeof v === 'number') && v < 0) {
        throw new InvalidArgumentError(
          `params.${p}: ${v} is negative; a LIMIT or OFFSET is 0 or more (a negative one would mean every row)`,
        );
      }
    }
    // Never read more rows than the answer may hold: one over the cap is enough to refuse.
    const cap = BigInt(this.limits.maxResultRows) + 1n;
    for (const p of query.capParams) {
      const v = params.get(p);
      if (typeof v === 'bigint' && v > cap) params.set(p, cap);
    }
    params.set(ROW_CAP_PARAM, cap);
    params.set(SHARD_KEY_PARAM, shard);
    return { query, shard, params };
  }
}

export function shardOf(op: Op): bigint {
  return op.kind === 'deleteMany'
    ? op.shard
    : ((op.kind === 'insert' ? op.row[op.table.shardKey.index] : op.key[0]) as bigint);
}
