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
import type {
  Backend,
  Dialect,
  ExecResult,
  Planned,
  Session,
  Statement,
} from './backends/types.ts';
import { type BatchObserver, GetBatcher } from './get-batcher.ts';
import type { NamedQuery } from './queries.ts';
import type { Cell, Column, Table } from './schema.ts';
import {
  afterParams,
  buildStatements,
  incrementedValues,
  incrementText,
  type TableStatements,
  updateText,
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

/** A transaction's ops as statements sent together (RecordStore's #plan). */
interface Plan {
  lists: readonly Op[][];
  sent: Planned[];
  /** Each op's result from the statements' results (`at`: its first statement). */
  reads: ((r: readonly ExecResult[], at: number) => OpResult | undefined)[];
  starts: number[];
}

/** The parameters of a column's one-statement increment (`incrementOne`). */
function incrementOneParams(op: Extract<Op, { kind: 'increment' }>): Cell[] {
  const params: Cell[] = [op.delta, ...op.key, op.expected, op.expected];
  params.push(op.floor, op.delta, op.floor, op.ceiling, op.delta, op.ceiling);
  return params;
}

/** The new version a one-statement update or increment set (its insert id), if it changed its row. */
function newVersion(r: ExecResult): bigint | undefined {
  return r.affectedRows === 1 && r.insertId !== undefined && r.insertId > 0
    ? BigInt(r.insertId)
    : undefined;
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
    let pipelined = true;
    for (;;) {
      let missed = false;
      try {
        return await b.transaction(
          deadline,
          async (session) => {
            const plan = pipelined ? this.#plan(session, [ops]) : undefined;
            if (plan) {
              const all = await this.#runPlan(session, plan);
              if (all) return all[0]!;
              missed = true;
              throw new Error('a pipelined statement did not succeed: rolled back');
            }
            return this.#applyAll(session, b.dialect, ops);
          },
          caller,
        );
      } catch (err) {
        if (!missed) throw err;
        pipelined = false; // one statement at a time says what went wrong
      }
    }
  }

  /**
   * Independent batches of one backend in one transaction (a group commit: one BEGIN and one
   * COMMIT for all, instead of one each), on MySQL their statements in one round trip
   * (#plan). A batch refused on its own (refusal()) is answered with its error, the
   * transaction rolled back and run again without it, so that it never commits in part and
   * never holds the others back; a pipeline that met a refusal cannot say whose, so the group
   * runs again one statement at a time to find it. Any other error fails the whole group.
   */
  async batches(
    b: Backend,
    batches: Op[][],
    deadline: number,
    caller?: Caller,
  ): Promise<BatchOutcome[]> {
    const out: BatchOutcome[] = new Array(batches.length);
    let live = batches.map((_, i) => i);
    let pipelined = true;
    while (live.length > 0) {
      let refused: { index: number; err: unknown } | undefined;
      let missed = false;
      try {
        const results = await b.transaction(
          deadline,
          async (session) => {
            refused = undefined; // set again if the transaction is retried
            const plan = pipelined
              ? this.#plan(
                  session,
                  live.map((i) => batches[i]!),
                )
              : undefined;
            if (plan) {
              const all = await this.#runPlan(session, plan);
              if (all) return all;
              missed = true;
              throw new Error('a pipelined statement did not succeed: rolled back');
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
        if (missed) {
          pipelined = false; // one statement at a time finds the batch refused, if any
          continue;
        }
        if (!refused) throw err;
        const { index } = refused;
        out[index] = { error: refused.err };
        live = live.filter((i) => i !== index);
        pipelined = true; // the others, likely all good, in one round trip again
      }
    }
    return out;
  }

  /**
   * The ops of a transaction (batches, in order) as statements to send in one round trip
   * (Session.runAll): each op one statement whose result says whether it did what the op asks
   * (an update sets only its columns; an increment leaves its new value in a variable of its
   * own, and one SELECT at the end reads them all; a delete at an expected version is one
   * statement, any other the locking read (for the version it answers), then the delete).
   * Undefined where the session cannot run statements together or an op has no such
   * statement: the ops then go one statement at a time.
   */
  #plan(s: Session, lists: readonly Op[][]): Plan | undefined {
    if (!s.runAll) return undefined;
    const sent: Planned[] = [];
    const reads: Plan['reads'] = [];
    let increments = 0;
    const starts: number[] = [];
    for (const ops of lists) {
      for (const op of ops) {
        starts.push(sent.length);
        const st = this.statements(op.table, 'mysql');
        switch (op.kind) {
          case 'insert':
            sent.push({ stmt: st.insert, params: op.row });
            reads.push(() => ({ kind: 'insert', version: 1n }));
            break;
          case 'update': {
            const columns = [...op.changes.keys()];
            const params = [...op.changes.values()];
            params.push(...op.key, op.expected, op.expected);
            sent.push({ stmt: updateText(op.table, columns), params });
            reads.push((r, at) => {
              const version = newVersion(r[at]!);
              return version === undefined ? undefined : { kind: 'update', version };
            });
            break;
          }
          case 'increment': {
            const one = st.incrementOne?.get(op.column.name);
            if (!one) return undefined;
            const n = increments++;
            sent.push({ stmt: incrementText(one, n), params: incrementOneParams(op) });
            reads.push((r, at) => {
              const version = newVersion(r[at]!);
              const value = r[r.length - 1]!.rows[0]?.[n];
              if (version === undefined || value === null || value === undefined) return undefined;
              return { kind: 'increment', value: rawBigInt(value), version };
            });
            break;
          }
          case 'delete':
            if (op.expected !== null) {
              // The version is known: no locking read to learn it.
              const expected = op.expected;
              sent.push({ stmt: st.deleteAt, params: [...op.key, expected] });
              reads.push((r, at) =>
                r[at]!.affectedRows === 1 ? { kind: 'delete', version: expected } : undefined,
              );
              break;
            }
            sent.push({ stmt: st.lock, params: op.key }, { stmt: st.delete, params: op.key });
            reads.push((r, at) => {
              const row = r[at]!.rows[0];
              if (!row || r[at + 1]!.affectedRows !== 1) return undefined;
              const version = rawBigInt(row[op.table.columns.length]);
              if (op.expected !== null && op.expected !== version) return undefined;
              return { kind: 'delete', version };
            });
            break;
          case 'deleteMany': {
            const members = op.members;
            if (members === null) sent.push({ stmt: st.deleteAll, params: [op.shard] });
            else for (const m of members) sent.push({ stmt: st.delete, params: [op.shard, ...m] });
            const n = members === null ? 1 : members.length;
            reads.push((r, at) => {
              let deleted = 0;
              for (let k = 0; k < n; k++) deleted += r[at + k]!.affectedRows;
              return { kind: 'deleteMany', deleted };
            });
            break;
          }
        }
      }
    }
    if (increments > 0) sent.push({ stmt: incrementedValues(increments), params: [] });
    return { lists, sent, reads, starts };
  }

  /**
   * A plan's statements in one round trip, and each op's result; undefined when the server
   * refused a statement or a result is not a success's (a version guard that matched no row):
   * the caller rolls back and runs the ops one statement at a time, which says what went wrong
   * and whose batch it was.
   */
  async #runPlan(s: Session, plan: Plan): Promise<OpResult[][] | undefined> {
    let results: ExecResult[];
    try {
      results = await s.runAll!(plan.sent);
    } catch (err) {
      if (isRefusal(err)) return undefined;
      throw err;
    }
    const { lists, reads, starts } = plan;
    const out: OpResult[][] = [];
    let k = 0;
    for (const ops of lists) {
      const list: OpResult[] = [];
      for (let i = 0; i < ops.length; i++, k++) {
        const r = reads[k]!(results, starts[k]!);
        if (!r) return undefined;
        list.push(r);
      }
      out.push(list);
    }
    return out;
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
    const params = incrementOneParams(op);
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
