// The record operations over a backend. Requests arrive here already checked
// (names from the schema, values as Cells); this file decides the SQL
// sequence, the transaction boundaries and the statuses of the outcome.
// Every write bumps the row's version and returns the new one; reads that
// need a consistent view of a row for a write lock it (SELECT ... FOR UPDATE).
import {
  AlreadyExistsError,
  type Caller,
  CancelledError,
  DeadlineExceededError,
  FailedPreconditionError,
  InvalidArgumentError,
  isRefusal,
  NotFoundError,
  UnavailableError,
} from '@slg/service-kit';
import type { Backend, Dialect, ExecResult, Session, Statement } from './backends/types.ts';
import { type BatchObserver, GetBatcher } from './get-batcher.ts';
import type { NamedQuery } from './queries.ts';
import type { Cell, Column, Table } from './schema.ts';
import {
  afterParams,
  buildStatements,
  MAX_ROWS_PER_STATEMENT,
  multiRowStatement,
  type TableStatements,
} from './sql.ts';
import { cellFromRaw, checkInt64, rawBigInt, showKey } from './values.ts';

export type Op =
  | { kind: 'insert'; table: Table; row: Cell[] }
  | {
      kind: 'update';
      table: Table;
      key: Cell[];
      changes: Map<Column, Cell>;
      expected: bigint | null;
    }
  | {
      kind: 'increment';
      table: Table;
      key: Cell[];
      column: Column;
      delta: bigint;
      floor: bigint | null;
      ceiling: bigint | null;
      expected: bigint | null;
    }
  | { kind: 'delete'; table: Table; key: Cell[]; expected: bigint | null }
  | { kind: 'deleteMany'; table: Table; shard: bigint; members: Cell[][] | null };

export type OpResult =
  | { kind: 'insert' | 'update'; version: bigint }
  | { kind: 'increment'; value: bigint; version: bigint }
  | { kind: 'delete'; version: bigint }
  | { kind: 'deleteMany'; deleted: number };

/** What one batch of a group commit (batches()) came to: its results, or its own error. */
export type BatchOutcome = { results: OpResult[] } | { error: unknown };

/** The parameters of a table's one-statement update (`updateOne`). */
function updateOneParams(op: Extract<Op, { kind: 'update' }>): Cell[] {
  const params: Cell[] = [];
  for (const c of op.table.values) {
    const v = op.changes.get(c);
    if (v === undefined) params.push(false, null);
    else params.push(true, v);
  }
  params.push(...op.key, op.expected, op.expected);
  return params;
}

/** A row as the backend returns it: every column in schema order, then the version. */
export type RawRow = unknown[];

export interface ReadBatching {
  /** Keys per coalesced lookup at most (1: no coalescing). */
  maxBatch: number;
  /** Lookups of one table in flight on a backend before Gets start to wait and coalesce. */
  lanes: number;
  /** Gets that may wait to coalesce, per table and backend. */
  queueLimit: number;
  observer: BatchObserver;
}

export class RecordStore {
  readonly #statements = new Map<Dialect, Map<Table, TableStatements>>();
  readonly #batching: ReadBatching | undefined;
  readonly #batchers = new Map<Backend, Map<Table, GetBatcher>>();
  readonly #multi = new Map<Table, Map<string, Statement>>();

  constructor(batching?: ReadBatching) {
    this.#batching = batching && batching.maxBatch > 1 ? batching : undefined;
  }

  statements(table: Table, dialect: Dialect): TableStatements {
    let byTable = this.#statements.get(dialect);
    if (!byTable) {
      byTable = new Map();
      this.#statements.set(dialect, byTable);
    }
    let s = byTable.get(table);
    if (!s) {
      s = buildStatements(table, dialect);
      byTable.set(table, s);
    }
    return s;
  }

  async get(b: Backend, table: Table, key: Cell[], deadline: number): Promise<RawRow | undefined> {
    // SQLite runs each statement synchronously: nothing to gain from coalescing there.
    if (this.#batching && b.dialect === 'mysql') return this.#batcher(b, table).get(key, deadline);
    const { rows } = await b.exec(this.statements(table, b.dialect).get, key, deadline);
    return rows[0];
  }

  #batcher(b: Backend, table: Table): GetBatcher {
    let byTable = this.#batchers.get(b);
    if (!byTable) {
      byTable = new Map();
      this.#batchers.set(b, byTable);
    }
    let g = byTable.get(table);
    if (!g) {
      const o = this.#batching!;
      g = new GetBatcher({
        backend: b,
        table,
        single: this.statements(table, b.dialect).get,
        maxBatch: o.maxBatch,
        maxInFlight: o.lanes,
        queueLimit: o.queueLimit,
        observer: o.observer,
      });
      byTable.set(table, g);
    }
    return g;
  }

  /** Up to `limit` rows of a shard key after the key `after` (the rest of the key), in key order. */
  async list(
    b: Backend,
    table: Table,
    shard: bigint,
    after: Cell[] | null,
    limit: number,
    deadline: number,
  ): Promise<RawRow[]> {
    const s = this.statements(table, b.dialect);
    const { rows } = after
      ? await b.exec(s.listAfter, [shard, ...afterParams(after), BigInt(limit)], deadline)
      : await b.exec(s.listFirst, [shard, BigInt(limit)], deadline);
    return rows;
  }

  async count(b: Backend, table: Table, shard: bigint, deadline: number): Promise<bigint> {
    const { rows } = await b.exec(this.statements(table, b.dialect).count, [shard], deadline);
    return rawBigInt(rows[0]?.[0] ?? 0);
  }

  /**
   * One write. Inserts and whole-shard deletes are one autocommitted statement; the rest lock
   * the row first. When `caller` goes away the write is stopped; what commits passes its gate.
   */
  async write(b: Backend, op: Op, deadline: number, caller?: Caller): Promise<OpResult> {
    if (op.kind === 'insert')
      return this.#insert({ run: (s, p) => b.exec(s, p, deadline, false, caller) }, b.dialect, op);
    if (op.kind === 'deleteMany' && op.members === null) {
      return this.#deleteMany(
        { run: (s, p) => b.exec(s, p, deadline, false, caller) },
        b.dialect,
        op,
      );
    }
    if (op.kind === 'update') {
      const one = this.statements(op.table, b.dialect).updateOne;
      if (one) return this.#updateOne(b, one, op, deadline, caller);
    }
    if (op.kind === 'increment' && b.pinned) {
      const one = this.statements(op.table, b.dialect).incrementOne?.get(op.column.name);
      if (one) return this.#incrementOne(b as never, one, op, deadline, caller);
    }
    return b.transaction(deadline, (session) => this.#apply(session, b.dialect, op), caller);
  }

  /**
   * An update as one autocommitted statement (MySQL): no BEGIN, locking read or COMMIT round
   * trip, the new version read from the statement's insert id. It commits when it runs, as an
   * insert does: stopped (and so rolled back) at the deadline or when the caller goes away, and
   * never sent again once sent. When no row changed, the row is read to say why (not found, or
   * at another version).
   */
  async #updateOne(
    b: Backend,
    stmt: Statement,
    op: Extract<Op, { kind: 'update' }>,
    deadline: number,
    caller?: Caller,
  ): Promise<OpResult> {
    const params = updateOneParams(op);
    for (let attempt = 0; ; attempt++) {
      const r = await b.exec(stmt, params, deadline, false, caller);
      if (r.affectedRows === 1 && r.insertId !== undefined && r.insertId > 0)
        return { kind: 'update', version: BigInt(r.insertId) };
      if (r.affectedRows !== 0)
        throw new Error(`update of ${showKey(op.table, op.key)}: ${r.affectedRows} rows changed`);
      const { rows } = await b.exec(this.statements(op.table, b.dialect).get, op.key, deadline);
      const row = rows[0];
      if (!row) throw new NotFoundError(`${showKey(op.table, op.key)} not found`);
      const version = rawBigInt(row[op.table.columns.length]);
      // Created between the update and this read (no expected version, or the expected one
      // now): the update again.
      if ((op.expected === null || op.expected === version) && attempt < 2) continue;
      throw new FailedPreconditionError(
        `${showKey(op.table, op.key)} is at version ${version}, not the expected ${op.expected}`,
      );
    }
  }

  /** Several writes of one shard key in one transaction: all applied, or none. */
  async batch(b: Backend, ops: Op[], deadline: number, caller?: Caller): Promise<OpResult[]> {
    return b.transaction(deadline, (session) => this.#applyAll(session, b.dialect, ops), caller);
  }

  /**
   * Independent batches of one backend in one transaction (a group commit: one BEGIN and one
   * COMMIT for all, instead of one each). A batch refused on its own (refusal()) is answered
   * with its error, the transaction rolled back and run again without it, so that it never
   * commits in part and never holds the others back. Any other error fails the whole group.
   */
  async batches(
    b: Backend,
    batches: Op[][],
    deadline: number,
    caller?: Caller,
  ): Promise<BatchOutcome[]> {
    const out: BatchOutcome[] = new Array(batches.length);
    let live = batches.map((_, i) => i);
    while (live.length > 0) {
      let refused: { index: number; err: unknown } | undefined;
      try {
        const results = await b.transaction(
          deadline,
          async (session) => {
            refused = undefined; // set again if the transaction is retried
            if (b.dialect === 'mysql') {
              return this.#applyGroup(session, batches, live, (index, err) => {
                refused = { index, err };
              });
            }
            const all: OpResult[][] = [];
            for (const i of live) {
              try {
                all.push(await this.#applyAll(session, b.dialect, batches[i]!));
              } catch (err) {
                // A refusal concerns its batch alone and proves it wrote nothing.
                if (isRefusal(err)) refused = { index: i, err };
                throw err;
              }
            }
            return all;
          },
          caller,
        );
        live.forEach((i, k) => {
          out[i] = { results: results[k]! };
        });
        return out;
      } catch (err) {
        if (!refused) throw err;
        const { index } = refused;
        out[index] = { error: refused.err };
        live = live.filter((i) => i !== index);
      }
    }
    return out;
  }

  /**
   * The batches of a group transaction on MySQL, with fewer statements than one op after the
   * other: an op that is the last of the group to touch its row (and whose table has integer
   * keys only, compared exactly as the server compares them) may leave part of its work for
   * the end of the transaction, where the rows of each table go in one multi-row statement:
   * - an insert joins its table's multi-row INSERT;
   * - a removal of rows this transaction already wrote (so they exist and are locked) joins its
   *   table's multi-row DELETE;
   * - an increment is one UPDATE that checks the version and bounds itself (no locking read
   *   first), its version read from the statement's insert id, its new value from its
   *   table's one read of every such row at the end (nothing later changes the row).
   * Since no later op touches those rows, the end state and every answer are those of the ops
   * one after the other. A refusal at the end is found again one row at a time, to name its
   * batch; `refused` is told the batch whose refusal is thrown.
   */
  async #applyGroup(
    s: Session,
    batches: Op[][],
    live: number[],
    refused: (index: number, err: unknown) => void,
  ): Promise<OpResult[][]> {
    // Where each row is touched last (a position counts the ops of the live batches in order).
    const last = new Map<string, number>();
    const wide = new Set<Table>(); // a shard-wide delete: nothing of the table waits
    let pos = 0;
    for (const i of live) {
      for (const op of batches[i]!) {
        if (op.kind === 'deleteMany') {
          if (op.members === null) wide.add(op.table);
          else for (const m of op.members) last.set(rowId(op.table, [op.shard, ...m]), pos);
        } else last.set(rowId(op.table, opKey(op)), pos);
        pos++;
      }
    }
    const lastAt = (table: Table, key: Cell[], at: number) =>
      !wide.has(table) && intKeyed(table) && last.get(rowId(table, key)) === at;
    // Rows this transaction wrote and has not removed since: they exist, locked.
    const written = new Set<string>();
    const inserts: Pending<Extract<Op, { kind: 'insert' }>>[] = [];
    const removals: Pending<Extract<Op, { kind: 'deleteMany' }>>[] = [];
    const reads: { op: Extract<Op, { kind: 'increment' }>; result: { value: bigint } }[] = [];
    const all: OpResult[][] = [];
    pos = 0;
    for (const i of live) {
      const ops = batches[i]!;
      const results: OpResult[] = [];
      for (let k = 0; k < ops.length; k++, pos++) {
        const op = ops[k]!;
        try {
          if (op.kind === 'insert' && lastAt(op.table, opKey(op), pos)) {
            inserts.push({ op, batch: i, index: k });
            results.push({ kind: 'insert', version: 1n });
            continue;
          }
          if (op.kind === 'deleteMany' && op.members !== null && op.members.length > 0) {
            const ids = op.members.map((m) => rowId(op.table, [op.shard, ...m]));
            if (
              new Set(ids).size === ids.length &&
              op.members.every((m) => lastAt(op.table, [op.shard, ...m], pos)) &&
              ids.every((id) => written.has(id))
            ) {
              for (const id of ids) written.delete(id);
              removals.push({ op, batch: i, index: k });
              results.push({ kind: 'deleteMany', deleted: ids.length });
              continue;
            }
          }
          if (op.kind === 'increment' && lastAt(op.table, op.key, pos)) {
            const version = await this.#incrementUnlocked(s, op);
            if (version !== undefined) {
              const result = { kind: 'increment' as const, value: 0n, version };
              reads.push({ op, result });
              results.push(result);
              continue;
            }
          }
          const r = await this.#apply(s, 'mysql', op);
          results.push(r);
          if (op.kind === 'deleteMany') {
            for (const m of op.members ?? []) written.delete(rowId(op.table, [op.shard, ...m]));
          } else if (op.kind === 'delete') written.delete(rowId(op.table, op.key));
          else written.add(rowId(op.table, opKey(op)));
        } catch (err) {
          if (err instanceof Error)
            err.message = `ops[${k}] (${op.kind} ${op.table.name}): ${err.message}`;
          // A refusal concerns its batch alone and proves it wrote nothing.
          if (isRefusal(err)) refused(i, err);
          throw err;
        }
      }
      all.push(results);
    }
    await this.#insertRows(s, inserts, refused);
    await this.#removeRows(s, removals);
    await this.#readIncremented(s, reads);
    return all;
  }

  /**
   * An increment as one UPDATE in the transaction, checking what the locking path checks; its
   * new version, or undefined when no row changed (or the sum left int64): the locking path
   * then says why.
   */
  async #incrementUnlocked(
    s: Session,
    op: Extract<Op, { kind: 'increment' }>,
  ): Promise<bigint | undefined> {
    const stmt = this.statements(op.table, 'mysql').incrementOne?.get(op.column.name);
    if (!stmt) return undefined;
    const params: Cell[] = [op.delta, ...op.key, op.expected, op.expected];
    params.push(op.floor, op.delta, op.floor, op.ceiling, op.delta, op.ceiling);
    try {
      const r = await s.run(stmt, params);
      if (r.affectedRows === 1 && r.insertId !== undefined && r.insertId > 0)
        return BigInt(r.insertId);
      if (r.affectedRows !== 0)
        throw new Error(
          `increment of ${showKey(op.table, op.key)}: ${r.affectedRows} rows changed`,
        );
      return undefined;
    } catch (err) {
      // The sum left int64: the server refused the statement (and only it).
      if (err instanceof InvalidArgumentError && (err.cause as { errno?: number })?.errno === 1690)
        return undefined;
      throw err;
    }
  }

  /** The inserts left for the end, by table in multi-row statements; a refused one named. */
  async #insertRows(
    s: Session,
    pending: Pending<Extract<Op, { kind: 'insert' }>>[],
    refused: (index: number, err: unknown) => void,
  ): Promise<void> {
    for (const [table, list] of byTable(pending)) {
      for (const chunk of chunks(list)) {
        const params: Cell[] = [];
        for (const p of chunk) params.push(...p.op.row);
        try {
          await s.run(this.#many(table, 'insert', chunk.length), params);
          continue;
        } catch (err) {
          // A failed statement leaves nothing behind (the server undoes it): one row at a time
          // finds the batch it concerns.
          if (!isRefusal(err)) throw err;
        }
        for (const p of chunk) {
          try {
            await this.#insert(s, 'mysql', p.op);
          } catch (err) {
            if (err instanceof Error)
              err.message = `ops[${p.index}] (insert ${table.name}): ${err.message}`;
            if (isRefusal(err)) refused(p.batch, err);
            throw err;
          }
        }
      }
    }
  }

  /** The removals left for the end (rows this transaction wrote), by table in multi-row deletes. */
  async #removeRows(s: Session, pending: Pending<Extract<Op, { kind: 'deleteMany' }>>[]) {
    for (const [table, list] of byTable(pending)) {
      const keys = list.flatMap((p) => p.op.members!.map((m) => [p.op.shard, ...m]));
      for (const chunk of chunks(keys, true)) {
        const { affectedRows } = await s.run(
          this.#many(table, 'delete', chunk.length),
          chunk.flat(),
        );
        const distinct = new Set(chunk.map((k) => rowId(table, k))).size;
        // The rows were written in this transaction and are locked: each must be there.
        if (affectedRows !== distinct)
          throw new Error(`${table.name}: ${affectedRows} of ${distinct} written rows deleted`);
      }
    }
  }

  /** The new values of the increments left for the end: one read of their rows per table. */
  async #readIncremented(
    s: Session,
    pending: { op: Extract<Op, { kind: 'increment' }>; result: { value: bigint } }[],
  ): Promise<void> {
    const tables = new Map<Table, typeof pending>();
    for (const p of pending) {
      const list = tables.get(p.op.table);
      if (list) list.push(p);
      else tables.set(p.op.table, [p]);
    }
    for (const [table, list] of tables) {
      const found = new Map<string, RawRow>();
      for (const chunk of chunks(
        list.map((p) => p.op.key),
        true,
      )) {
        const { rows } = await s.run(this.#many(table, 'get', chunk.length), chunk.flat());
        for (const row of rows)
          found.set(
            rowId(
              table,
              table.primaryKey.map((c) => rawBigInt(row[c.index])),
            ),
            row,
          );
      }
      for (const p of list) {
        const row = found.get(rowId(table, p.op.key));
        // Incremented in this transaction and locked since: it must be there.
        if (!row) throw new Error(`${showKey(table, p.op.key)}: incremented but not read back`);
        p.result.value = rawBigInt(row[p.op.column.index]);
      }
    }
  }

  /** A multi-row statement of `n` rows (n a power of two: a small, fixed set of texts). */
  #many(table: Table, kind: 'insert' | 'delete' | 'get', n: number): Statement {
    const id = `${kind}:${n}`;
    let byTable = this.#multi.get(table);
    if (!byTable) {
      byTable = new Map();
      this.#multi.set(table, byTable);
    }
    let st = byTable.get(id);
    if (!st) {
      st = multiRowStatement(table, kind, n);
      byTable.set(id, st);
    }
    return st;
  }

  async #applyAll(session: Session, dialect: Dialect, ops: Op[]): Promise<OpResult[]> {
    const results: OpResult[] = [];
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      try {
        results.push(await this.#apply(session, dialect, op));
      } catch (err) {
        // The transaction rolls back; say which op stopped it.
        if (err instanceof Error)
          err.message = `ops[${i}] (${op.kind} ${op.table.name}): ${err.message}`;
        throw err;
      }
    }
    return results;
  }

  /** A named query; a write query gets its caller (stopped when it goes, sent through its gate). */
  async query(
    b: Backend,
    q: NamedQuery,
    params: Cell[],
    deadline: number,
    caller?: Caller,
  ): Promise<ExecResult> {
    const compiled = q.statements[b.dialect]!;
    return b.exec(compiled.statement, params, deadline, true, caller);
  }

  #apply(s: Session, dialect: Dialect, op: Op): Promise<OpResult> {
    switch (op.kind) {
      case 'insert':
        return this.#insert(s, dialect, op);
      case 'update':
        return this.#update(s, dialect, op);
      case 'increment':
        return this.#increment(s, dialect, op);
      case 'delete':
        return this.#delete(s, dialect, op);
      case 'deleteMany':
        return this.#deleteMany(s, dialect, op);
    }
  }

  async #insert(
    s: Session,
    dialect: Dialect,
    op: Extract<Op, { kind: 'insert' }>,
  ): Promise<OpResult> {
    try {
      await s.run(this.statements(op.table, dialect).insert, op.row);
    } catch (err) {
      if (err instanceof AlreadyExistsError) {
        const key = op.table.primaryKey.map((c) => op.row[c.index] ?? null);
        throw new AlreadyExistsError(`${showKey(op.table, key)} already exists`, err);
      }
      throw err;
    }
    return { kind: 'insert', version: 1n };
  }

  /** The locked row and its version; NOT_FOUND or FAILED_PRECONDITION (version) otherwise. */
  async #lock(
    s: Session,
    dialect: Dialect,
    table: Table,
    key: Cell[],
    expected: bigint | null,
  ): Promise<{ row: RawRow; version: bigint }> {
    const { rows } = await s.run(this.statements(table, dialect).lock, key);
    const row = rows[0];
    if (!row) throw new NotFoundError(`${showKey(table, key)} not found`);
    const version = rawBigInt(row[table.columns.length]);
    if (expected !== null && expected !== version) {
      throw new FailedPreconditionError(
        `${showKey(table, key)} is at version ${version}, not the expected ${expected}`,
      );
    }
    return { row, version };
  }

  async #update(
    s: Session,
    dialect: Dialect,
    op: Extract<Op, { kind: 'update' }>,
  ): Promise<OpResult> {
    // MySQL: the one-statement update (#updateOne's) where it applies, one round trip instead
    // of the locking read and the UPDATE. When it changes no row, the locking read says why.
    const one = this.statements(op.table, dialect).updateOne;
    if (one) {
      const r = await s.run(one, updateOneParams(op));
      if (r.affectedRows === 1 && r.insertId !== undefined && r.insertId > 0)
        return { kind: 'update', version: BigInt(r.insertId) };
    }
    const { row, version } = await this.#lock(s, dialect, op.table, op.key, op.expected);
    const next = version + 1n;
    const params: Cell[] = op.table.values.map((c) =>
      op.changes.has(c) ? op.changes.get(c)! : cellFromRaw(row[c.index], c.type),
    );
    params.push(next, ...op.key);
    await s.run(this.statements(op.table, dialect).update, params);
    return { kind: 'update', version: next };
  }

  async #increment(
    s: Session,
    dialect: Dialect,
    op: Extract<Op, { kind: 'increment' }>,
  ): Promise<OpResult> {
    const { row, version } = await this.#lock(s, dialect, op.table, op.key, op.expected);
    const value = incremented(op, row);
    const next = version + 1n;
    await s.run(this.statements(op.table, dialect).increment.get(op.column.name)!, [
      value,
      next,
      ...op.key,
    ]);
    return { kind: 'increment', value, version: next };
  }

  /**
   * An increment in one autocommitted statement, then a read of the new value it left in the
   * session (MySQL: 2 round trips instead of BEGIN, the locking read, the UPDATE and COMMIT).
   * The statement checks what the locking path checks; when no row changed (or the sum left
   * int64, which the server refuses), the row is read and the same checks in exact bigint
   * arithmetic say why. It commits when it runs, as an Insert does.
   */
  async #incrementOne(
    b: Backend & Required<Pick<Backend, 'pinned'>>,
    stmt: Statement,
    op: Extract<Op, { kind: 'increment' }>,
    deadline: number,
    caller?: Caller,
  ): Promise<OpResult> {
    const params: Cell[] = [op.delta, ...op.key, op.expected, op.expected];
    params.push(op.floor, op.delta, op.floor, op.ceiling, op.delta, op.ceiling);
    for (let attempt = 0; ; attempt++) {
      const done = await b.pinned(
        deadline,
        async (s): Promise<OpResult | null> => {
          let changed = 0;
          let version: bigint | undefined;
          try {
            const r = await s.run(stmt, params);
            changed = r.affectedRows;
            if (r.insertId !== undefined && r.insertId > 0) version = BigInt(r.insertId);
          } catch (err) {
            // The sum left int64: the server refused it; the read below says so.
            if (
              !(err instanceof InvalidArgumentError) ||
              (err.cause as { errno?: number })?.errno !== 1690
            )
              throw err;
          }
          if (changed === 1 && version !== undefined) {
            let value: bigint;
            try {
              const { rows } = await s.run(INCREMENTED_VALUE, []);
              value = rawBigInt(rows[0]?.[0]);
            } catch (err) {
              const what = `${showKey(op.table, op.key)}.${op.column.name}: the increment was applied (version ${version})`;
              // Its deadline passed (or its caller went) between the two statements: the call
              // ends as such, its outcome unknown to the caller, who has no value.
              if (err instanceof DeadlineExceededError || err instanceof CancelledError) {
                const Cls = err instanceof CancelledError ? CancelledError : DeadlineExceededError;
                throw new Cls(`${what} but its new value was not read: ${err.message}`, err);
              }
              throw new UnavailableError(`${what} but its new value could not be read back`, err);
            }
            return { kind: 'increment', value, version };
          }
          if (changed !== 0)
            throw new Error(`increment of ${showKey(op.table, op.key)}: ${changed} rows changed`);
          return null;
        },
        caller,
      );
      if (done) return done;
      // Why nothing changed: the row as it is now, checked as the locking path checks it.
      const { rows } = await b.exec(this.statements(op.table, b.dialect).get, op.key, deadline);
      const row = rows[0];
      if (!row) throw new NotFoundError(`${showKey(op.table, op.key)} not found`);
      const version = rawBigInt(row[op.table.columns.length]);
      if (op.expected !== null && op.expected !== version) {
        throw new FailedPreconditionError(
          `${showKey(op.table, op.key)} is at version ${version}, not the expected ${op.expected}`,
        );
      }
      incremented(op, row); // throws the reason
      // Nothing wrong with the row now: it changed between the statement and the read.
      if (attempt >= 2)
        throw new UnavailableError(`${showKey(op.table, op.key)}: kept changing; retry`);
    }
  }

  async #delete(
    s: Session,
    dialect: Dialect,
    op: Extract<Op, { kind: 'delete' }>,
  ): Promise<OpResult> {
    const { version } = await this.#lock(s, dialect, op.table, op.key, op.expected);
    await s.run(this.statements(op.table, dialect).delete, op.key);
    return { kind: 'delete', version };
  }

  async #deleteMany(
    s: Session,
    dialect: Dialect,
    op: Extract<Op, { kind: 'deleteMany' }>,
  ): Promise<OpResult> {
    const st = this.statements(op.table, dialect);
    if (op.members === null) {
      const { affectedRows } = await s.run(st.deleteAll, [op.shard]);
      return { kind: 'deleteMany', deleted: affectedRows };
    }
    let deleted = 0;
    for (const rest of op.members) {
      deleted += (await s.run(st.delete, [op.shard, ...rest])).affectedRows;
    }
    return { kind: 'deleteMany', deleted };
  }
}

/** The session variable the one-statement increment leaves its new value in (sql.ts). */
const INCREMENTED_VALUE: Statement = {
  name: 'increment.value',
  sql: 'SELECT @slg_incr',
  mode: 'read',
};

/**
 * The incremented value of a row's column, in exact bigint arithmetic; FAILED_PRECONDITION when
 * the column is NULL, the sum leaves int64, or a bound would be crossed.
 */
function incremented(op: Extract<Op, { kind: 'increment' }>, row: RawRow): bigint {
  const what = `${showKey(op.table, op.key)}.${op.column.name}`;
  const raw = row[op.column.index];
  if (raw === null || raw === undefined)
    throw new FailedPreconditionError(`${what} is NULL; set it before incrementing`);
  const current = rawBigInt(raw);
  const value = current + op.delta;
  if (!checkInt64(value)) {
    throw new FailedPreconditionError(`${what}: ${current} + ${op.delta} does not fit in int64`);
  }
  if (op.floor !== null && value < op.floor) {
    throw new FailedPreconditionError(
      `${what} would become ${value} (${current} + ${op.delta}), below the floor ${op.floor}`,
    );
  }
  if (op.ceiling !== null && value > op.ceiling) {
    throw new FailedPreconditionError(
      `${what} would become ${value} (${current} + ${op.delta}), above the ceiling ${op.ceiling}`,
    );
  }
  return value;
}

/** An op left for the end of a group transaction: its batch and its index there. */
interface Pending<O extends Op> {
  op: O;
  batch: number;
  index: number;
}

function byTable<O extends Op>(pending: Pending<O>[]): Map<Table, Pending<O>[]> {
  const out = new Map<Table, Pending<O>[]>();
  for (const p of pending) {
    const list = out.get(p.op.table);
    if (list) list.push(p);
    else out.set(p.op.table, [p]);
  }
  return out;
}

/**
 * Rows in runs of a power of two, at most MAX_ROWS_PER_STATEMENT: the largest that fits, or
 * (`pad`, for statements where a key may repeat) the smallest that holds the rest, padded
 * with its last row.
 */
function chunks<T>(rows: T[], pad = false): T[][] {
  const out: T[][] = [];
  let at = 0;
  while (at < rows.length) {
    const left = rows.length - at;
    let n = 1;
    if (pad) while (n < left && n < MAX_ROWS_PER_STATEMENT) n *= 2;
    else while (n * 2 <= left && n * 2 <= MAX_ROWS_PER_STATEMENT) n *= 2;
    const chunk = rows.slice(at, at + n);
    while (chunk.length < n) chunk.push(chunk[chunk.length - 1]!);
    out.push(chunk);
    at += Math.min(n, left);
  }
  return out;
}

/** The key of the row an op (other than deleteMany) writes. */
function opKey(op: Exclude<Op, { kind: 'deleteMany' }>): Cell[] {
  return op.kind === 'insert' ? op.table.primaryKey.map((c) => op.row[c.index] ?? null) : op.key;
}

/** Integer keys only: their cells compare as the server compares them (no collation, padding). */
const intKeyedCache = new WeakMap<Table, boolean>();
function intKeyed(table: Table): boolean {
  let v = intKeyedCache.get(table);
  if (v === undefined) {
    v = table.primaryKey.every((c) => c.type === 'int64');
    intKeyedCache.set(table, v);
  }
  return v;
}

/** A row of a table as a string (integer keys as decimals; other cells only ever compared alike). */
function rowId(table: Table, key: readonly Cell[]): string {
  let id = table.name;
  for (const c of key) id += `|${Buffer.isBuffer(c) ? c.toString('hex') : String(c)}`;
  return id;
}
