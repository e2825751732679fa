// The embedded backend for a machine without MySQL: one SQLite file per shard
// through Node's built-in node:sqlite, behind the same contract as MySQL.
//
// node:sqlite is synchronous, so a statement runs to completion on the event
// loop: there is exactly one "connection" per file, and a transaction (whose
// statements are awaited one by one) holds it through an async lock that every
// other statement waits for, in a bounded, deadline-aware queue. A deadline is
// checked before each statement; a statement that has started cannot be
// stopped (node:sqlite offers no interrupt), which is why long work belongs on
// MySQL.
//
// A write whose caller is gone (its call's signal: cancelled, connection
// dropped, deadline passed) behaves as on MySQL: a caller waiting for the lock
// leaves the queue, no statement of it runs after the abort, and its
// transaction is rolled back instead of committed; COMMIT, and a write outside
// a transaction, run only through the call's gate (`caller.writing`) and not once
// the deadline has passed, so a write never commits after its deadline, its
// caller's cancel or its call's answer (a statement here runs to its end in the
// step that starts it: none is in flight when the deadline passes).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type * as Sqlite from 'node:sqlite';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import {
  AlreadyExistsError,
  type Caller,
  DeadlineExceededError,
  InternalError,
  ResourceExhaustedError,
  ServiceError,
  UnavailableError,
} from '@slg/service-kit';
import type { Cell } from '../schema.ts';
import { abortError } from './abort.ts';
import type {
  Backend,
  BackendObserver,
  ExecResult,
  PoolStats,
  ResultColumn,
  Session,
  Statement,
  TableInfo,
} from './types.ts';

// Loaded when this module is first imported (app.ts imports it only for an SQLite backend), not
// through a static import that a bundler would hoist into every db-proxy process.
const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as typeof Sqlite;

export interface SqliteBackendOptions {
  /** A file path, or ":memory:". */
  path: string;
  queueLimit: number;
  observer: BackendObserver;
  /** How long a statement waits for another process's lock on the file (default 5000 ms). */
  busyTimeoutMs?: number;
}

interface Waiter {
  resolve(): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
  done: boolean;
}

function param(c: Cell): SQLInputValue {
  if (typeof c === 'boolean') return c ? 1n : 0n;
  return c;
}

export class SqliteBackend implements Backend {
  readonly name: string;
  readonly dialect = 'sqlite' as const;
  readonly up = true;
  readonly #db: Sqlite.DatabaseSync;
  readonly #opts: SqliteBackendOptions;
  /** Prepared statements by SQL text, with whether each returns rows. */
  readonly #statements = new Map<string, { s: StatementSync; reads: boolean }>();
  #locked = false;
  readonly #waiters: Waiter[] = [];
  #waiting = 0;
  #closed = false;

  constructor(opts: SqliteBackendOptions) {
    this.#opts = opts;
    this.name = `sqlite:${opts.path}`;
    if (opts.path !== ':memory:') mkdirSync(dirname(opts.path), { recursive: true });
    this.#db = new DatabaseSync(opts.path, { timeout: opts.busyTimeoutMs ?? 5000 });
    this.#db.exec('PRAGMA journal_mode = WAL');
    // Survives a crash of the process; the last commits may be lost on a power failure.
    this.#db.exec('PRAGMA synchronous = NORMAL');
  }

  stats(): PoolStats {
    return {
      inUse: this.#locked ? 1 : 0,
      idle: this.#locked ? 0 : 1,
      waiting: this.#waiting,
      max: 1,
    };
  }

  #prepare(sql: string): { s: StatementSync; reads: boolean } {
    let p = this.#statements.get(sql);
    if (!p) {
      const s = this.#db.prepare(sql);
      s.setReadBigInts(true);
      s.setReturnArrays(true);
      p = { s, reads: s.columns().length > 0 };
      this.#statements.set(sql, p);
    }
    return p;
  }

  #lock(deadline: number, signal?: AbortSignal): Promise<void> | undefined {
    if (this.#closed) throw new UnavailableError(`${this.name} is closed`);
    if (signal?.aborted) {
      this.#opts.observer.rejected(this.name, 'cancelled');
      throw abortError(signal);
    }
    if (!this.#locked) {
      this.#locked = true;
      return undefined;
    }
    if (this.#waiting >= this.#opts.queueLimit) {
      this.#opts.observer.rejected(this.name, 'queue_full');
      throw new ResourceExhaustedError(
        `${this.name}: ${this.#waiting} calls waiting (the limit); retry later`,
      );
    }
    return new Promise<void>((resolve, reject) => {
      // A caller that goes away while waiting leaves the queue (its place is skipped).
      const onAbort = () => {
        if (w.done) return;
        w.done = true;
        clearTimeout(w.timer);
        this.#waiting--;
        this.#opts.observer.rejected(this.name, 'cancelled');
        reject(abortError(signal!, `while waiting for ${this.name}; nothing was run`));
      };
      const w: Waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
        done: false,
        timer: setTimeout(
          () => {
            if (w.done) return;
            w.done = true;
            this.#waiting--;
            signal?.removeEventListener('abort', onAbort);
            this.#opts.observer.rejected(this.name, 'deadline');
            reject(new DeadlineExceededError(`deadline exceeded while waiting for ${this.name}`));
          },
          Math.max(0, deadline - Date.now()),
        ),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(w);
      this.#waiting++;
    });
  }

  #unlock(): void {
    let w = this.#waiters.shift();
    while (w?.done) w = this.#waiters.shift();
    if (!w) {
      this.#locked = false;
      return;
    }
    w.done = true;
    clearTimeout(w.timer);
    this.#waiting--;
    w.resolve(); // the lock passes straight to the waiter
  }

  /**
   * One statement. `autocommit`: outside a transaction, so that a write commits as it runs: it
   * passes its caller's gate first, and is noted as not applied when it failed or changed no row.
   */
  #run(
    stmt: Statement,
    params: readonly Cell[],
    deadline: number,
    columns: boolean,
    caller: Caller | undefined,
    autocommit: boolean,
  ): ExecResult {
    if (deadline <= Date.now())
      throw new DeadlineExceededError(`deadline exceeded before ${stmt.name} ran`);
    // The caller went away before this statement: it is not run at all.
    if (caller?.signal.aborted) throw abortError(caller.signal, `before ${stmt.name} ran`);
    const notApplied =
      autocommit && stmt.mode === 'write'
        ? caller?.writing(`${stmt.name} on ${this.name}`)
        : undefined;
    const started = performance.now();
    try {
      const { s, reads } = this.#prepare(stmt.sql);
      const args = params.map(param);
      let result: ExecResult;
      if (reads) {
        const rows = s.all(...args) as unknown as unknown[][];
        result = { rows, affectedRows: 0 };
        if (columns) {
          result.columns = s.columns().map((c): ResultColumn => ({ name: c.name, kind: 'auto' }));
        }
      } else {
        result = { rows: [], affectedRows: Number(s.run(...args).changes) };
        if (result.affectedRows === 0) notApplied?.();
      }
      this.#opts.observer.statement(
        this.name,
        stmt,
        (performance.now() - started) / 1000,
        undefined,
      );
      return result;
    } catch (err) {
      notApplied?.(); // a statement is all or nothing
      const code = String((err as { errcode?: number }).errcode ?? 'error');
      this.#opts.observer.statement(this.name, stmt, (performance.now() - started) / 1000, code);
      throw toServiceError(err, this.name, stmt.name);
    }
  }

  async exec(
    stmt: Statement,
    params: readonly Cell[],
    deadline: number,
    columns = false,
    caller?: Caller,
  ): Promise<ExecResult> {
    const wait = this.#lock(deadline, caller?.signal);
    if (wait) await wait;
    try {
      return this.#run(stmt, params, deadline, columns, caller, true);
    } finally {
      this.#unlock();
    }
  }

  async transaction<T>(
    deadline: number,
    fn: (s: Session) => Promise<T>,
    caller?: Caller,
  ): Promise<T> {
    const signal = caller?.signal;
    const wait = this.#lock(deadline, signal);
    if (wait) await wait;
    try {
      if (signal?.aborted) throw abortError(signal, 'before BEGIN; nothing was run');
      if (Date.now() >= deadline)
        throw new DeadlineExceededError('deadline exceeded before BEGIN; nothing was run');
      this.#control('BEGIN IMMEDIATE');
      try {
        const result = await fn({
          run: async (stmt, params) => this.#run(stmt, params, deadline, false, caller, false),
        });
        // The last moment to give up: COMMIT runs only while the caller is there and its
        // deadline has not passed (a synchronous COMMIT cannot be stopped once started).
        if (signal?.aborted)
          throw abortError(signal, 'before COMMIT; the transaction was rolled back');
        if (Date.now() >= deadline) {
          throw new DeadlineExceededError(
            'deadline exceeded before COMMIT; the transaction was rolled back',
          );
        }
        const notApplied = caller?.writing(`COMMIT on ${this.name}`);
        try {
          this.#control('COMMIT');
        } catch (err) {
          notApplied?.(); // refused (busy): rolled back below
          throw err;
        }
        return result;
      } catch (err) {
        // A COMMIT refused as busy leaves the transaction open: it is rolled back, not retried.
        if (this.#db.isTransaction) this.#control('ROLLBACK');
        throw err;
      }
    } finally {
      this.#unlock();
    }
  }

  /** BEGIN, COMMIT, ROLLBACK: their errors (another process's lock: SQLITE_BUSY) typed like any statement's. */
  #control(sql: 'BEGIN IMMEDIATE' | 'COMMIT' | 'ROLLBACK'): void {
    try {
      this.#db.exec(sql);
    } catch (err) {
      throw toServiceError(err, this.name, sql.toLowerCase());
    }
  }

  async ddl(sql: string): Promise<void> {
    await this.exec({ name: 'ddl', sql, mode: 'write' }, [], Date.now() + 60_000);
  }

  async describe(table: string): Promise<TableInfo | null> {
    const { rows } = await this.exec(
      {
        name: 'describe',
        sql: 'SELECT name, pk FROM pragma_table_info(?) ORDER BY cid',
        mode: 'read',
      },
      [table],
      Date.now() + 30_000,
    );
    if (rows.length === 0) return null;
    const pk = rows
      .filter((r) => Number(r[1]) > 0)
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map((r) => String(r[0]));
    return { columns: rows.map((r) => String(r[0])), primaryKey: pk };
  }

  async ping(): Promise<boolean> {
    return !this.#closed;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const w of this.#waiters.splice(0)) {
      if (w.done) continue;
      w.done = true;
      clearTimeout(w.timer);
      w.reject(new UnavailableError(`${this.name} is closed`));
    }
    this.#waiting = 0;
    this.#db.close();
  }
}

function toServiceError(err: unknown, backend: string, what: string): ServiceError {
  if (err instanceof ServiceError) return err;
  const e = err as { errcode?: number; message?: string };
  // SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE
  if (e.errcode === 1555 || e.errcode === 2067)
    return new AlreadyExistsError(`${what}: already exists`, err);
  // SQLITE_BUSY (5), SQLITE_LOCKED (6) and their extended codes: another process holds the file
  if (e.errcode !== undefined && ((e.errcode & 0xff) === 5 || (e.errcode & 0xff) === 6)) {
    return new UnavailableError(`${what}: ${backend} is locked by another process; retry`, err);
  }
  return new InternalError(`${what}: ${backend} failed: ${e.message ?? String(err)}`, err);
}
