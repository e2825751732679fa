// What the record store needs from a database: statements run with a deadline,
// transactions, a pool whose state can be watched, and the introspection that
// migrations use. MySQL (mysql2) and SQLite (node:sqlite) implement it.
import type { Caller } from '@slg/service-kit';
import type { Cell } from '../schema.ts';

export type Dialect = 'mysql' | 'sqlite';

/** One SQL text db-proxy built (from the schema) or read (named queries): never from a request. */
export interface Statement {
  /** A stable, low-cardinality name for metrics and the slow-query log ("get player"). */
  readonly name: string;
  readonly sql: string;
  /** Reads are retried after a lost connection; writes only when they were never sent. */
  readonly mode: 'read' | 'write';
  /** What the slow-query log shows in place of `sql` (whose values are inlined: not logged). */
  readonly logged?: string;
}

/** A result column of a named query: its name and whether it holds an integer, a blob... */
export interface ResultColumn {
  name: string;
  kind: 'int' | 'float' | 'str' | 'bytes' | 'auto';
}

export interface ExecResult {
  /** Rows as arrays, in the statement's column order. */
  rows: unknown[][];
  affectedRows: number;
  /** MySQL: the statement's insert id (what `LAST_INSERT_ID(expr)` set), when it has one. */
  insertId?: number;
  /** Filled for named queries only. */
  columns?: ResultColumn[];
}

/** A connection held for one transaction. */
export interface Session {
  run(stmt: Statement, params: readonly Cell[]): Promise<ExecResult>;
  /**
   * Statements one after the other in one round trip (MySQL: one text query of them all, the
   * values inlined as literals), their results in order. A statement the server refuses stops
   * the rest and fails the call; what ran before it stays in the transaction until it ends.
   * Absent where a round trip costs nothing (SQLite runs in-process).
   */
  runAll?(list: readonly Planned[]): Promise<ExecResult[]>;
}

/** A statement and its parameters, for Session.runAll. */
export interface Planned {
  readonly stmt: Statement;
  readonly params: readonly Cell[];
}

export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface TableInfo {
  columns: string[];
  primaryKey: string[];
}

export interface Backend {
  /** "mysql://127.0.0.1:3306/slg_0" without credentials, or "sqlite:/path/file.db". */
  readonly name: string;
  readonly dialect: Dialect;
  /** Reachable the last time it was used or pinged. */
  readonly up: boolean;
  /**
   * One statement, autocommitted; `deadline` is epoch ms. `caller` (a write's): when its
   * signal aborts, the running statement is stopped on the server and nothing is retried; a
   * write statement is sent only through its gate (`caller.writing`).
   */
  exec(
    stmt: Statement,
    params: readonly Cell[],
    deadline: number,
    columns?: boolean,
    caller?: Caller,
  ): Promise<ExecResult>;
  /**
   * MySQL: `fn`'s statements on one connection, each autocommitted (no transaction), so that a
   * statement can read what the previous one left in the session (a user variable). Stopped
   * like `exec` at the deadline or when the caller's signal aborts; nothing is retried.
   */
  pinned?<T>(deadline: number, fn: (s: Session) => Promise<T>, caller?: Caller): Promise<T>;
  /**
   * `fn` in one transaction: committed when it resolves, rolled back when it throws. No COMMIT
   * is sent once `deadline` has passed, the caller's signal has aborted or its gate
   * (`caller.writing`) refuses; an abort stops the running statement and rolls the
   * transaction back, and a rolled-back transaction (deadlock, lock wait timeout) is run again
   * only while the caller is there and its deadline allows.
   */
  transaction<T>(deadline: number, fn: (s: Session) => Promise<T>, caller?: Caller): Promise<T>;
  /** Runs DDL (migrations), outside the pool's limits. */
  ddl(sql: string): Promise<void>;
  /** The columns and primary key of a table, or null when it does not exist. */
  describe(table: string): Promise<TableInfo | null>;
  /** Checks reachability (and updates `up`); never throws. */
  ping(timeoutMs: number): Promise<boolean>;
  stats(): PoolStats;
  close(): Promise<void>;
}

/** Metrics and logging hooks a backend reports to (see metrics.ts). */
export interface BackendObserver {
  /** A statement finished (ok or not) after `seconds`. */
  statement(backend: string, stmt: Statement, seconds: number, error: string | undefined): void;
  /** A query was killed on the server because its caller's deadline passed. */
  killed(backend: string, stmt: Statement): void;
  /** The KILL QUERY could not be sent (its side connection failed): the connection is closed. */
  killFailed?(backend: string, stmt: Statement, err: unknown): void;
  /** A statement or transaction was run again (why: "read after lost connection", "deadlock"...). */
  retried(backend: string, reason: string): void;
  /** A call was refused by the pool (queue full, deadline while waiting, backend down). */
  rejected(backend: string, reason: string): void;
  /** The backend went up or down. */
  reachability(backend: string, up: boolean, err?: unknown): void;
  /** A pool connection was closed under db-proxy (by the server, e.g. KILL, or the network). */
  lost?(backend: string): void;
}

export const nullObserver: BackendObserver = {
  statement() {},
  killed() {},
  retried() {},
  rejected() {},
  reachability() {},
};
