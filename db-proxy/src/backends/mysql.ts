// A MySQL/MariaDB backend over mysql2 connections, with db-proxy's own pool:
// - prepared statements (binary protocol), cached per connection in a bounded
//   LRU whose evictions close the statement on the server; pool size x cache
//   size is checked against max_prepared_stmt_count at start;
// - a bounded wait queue: a full queue answers RESOURCE_EXHAUSTED, a caller
//   whose deadline passes while waiting leaves the queue;
// - the caller's deadline bounds each statement: when it passes, the query is
//   stopped on the server (KILL QUERY from a side connection) and the
//   connection is discarded, so no stray kill can reach a later statement; a killed
//   statement that never answers has its connection closed (KILLED_ANSWER_GRACE_MS);
// - a write whose caller is gone (its call's signal: cancelled, or its deadline
//   passed) is stopped the same way and rolled back, never retried;
// - a COMMIT, or a write statement outside a transaction (it commits when it
//   runs), is sent only through its call's gate (`caller.writing`), in the same
//   step as the checks of the deadline and of the caller: none is sent after the
//   deadline, the cancel or the call's answer. One sent before the deadline may
//   still be running when it passes (a COMMIT is never killed; a killed statement
//   may have finished first), and may commit after it: its call's answer then
//   says the outcome is unknown;
// - reconnection: dead connections leave the pool, new ones are opened on
//   demand; while the server is down calls fail fast with UNAVAILABLE;
// - retries only where safe: reads after a lost connection, statements that
//   were never sent, whole transactions that the server rolled back (deadlock,
//   lost connection before COMMIT). An autocommitted write whose reply was lost
//   is never re-sent.

import { createRequire } from 'node:module';
import {
  type Caller,
  CancelledError,
  DeadlineExceededError,
  ResourceExhaustedError,
  ServiceError,
  UnavailableError,
} from '@slg/service-kit';
import type * as Mysql from 'mysql2';
import type { Cell } from '../schema.ts';
import { abortError } from './abort.ts';
import {
  isClosed,
  isConnectionError,
  isInterrupted,
  isTransactionRetryable,
  NotSentError,
  toServiceError,
  UnansweredError,
  wasNeverSent,
} from './mysql-errors.ts';
import type {
  Backend,
  BackendObserver,
  ExecResult,
  Planned,
  PoolStats,
  ResultColumn,
  Session,
  Statement,
  TableInfo,
} from './types.ts';

export interface MysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface MysqlBackendOptions {
  target: MysqlTarget;
  /** Connections at most. */
  poolSize: number;
  /** Callers waiting for a connection at most; more get RESOURCE_EXHAUSTED. */
  queueLimit: number;
  /** Prepared statements kept per connection (LRU; evicted ones are closed on the server). */
  statementCacheSize: number;
  connectTimeoutMs: number;
  /** Idle connections older than this are closed. */
  idleTimeoutMs: number;
  /** While the server is down, calls within this window fail without a new connection attempt. */
  reconnectIntervalMs: number;
  /** Other pools of this process on the same server (they share its statement budget). */
  poolsOnServer: number;
  observer: BackendObserver;
}

interface Conn {
  readonly raw: Mysql.Connection;
  readonly threadId: number;
  dead: boolean;
  /** The connection emitted 'end' or 'error': closed by the server or the network. */
  closed: boolean;
  /** A KILL QUERY was sent for this connection's statement: never reuse it. */
  killed: boolean;
  /** Why the caller went away, when its statement was killed for that (not its deadline). */
  cancelled: ServiceError | undefined;
  idleSince: number;
}

interface Waiter {
  resolve(c: Conn): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout | undefined;
  done: boolean;
}

const TX_BEGIN: Statement = { name: 'begin', sql: 'START TRANSACTION', mode: 'write' };
const TX_COMMIT: Statement = { name: 'commit', sql: 'COMMIT', mode: 'write' };
const TX_ROLLBACK: Statement = { name: 'rollback', sql: 'ROLLBACK', mode: 'write' };
const TEXT_STATEMENTS = new Set([TX_BEGIN, TX_COMMIT, TX_ROLLBACK]);
const SESSION_SETUP = [
  // No gap locks on a SELECT ... FOR UPDATE of an absent row: fewer deadlocks.
  'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
  "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION', innodb_lock_wait_timeout = 10",
];
const MAX_RETRIES = 2;
/**
 * How long a killed statement may go unanswered before its connection is closed. MariaDB 10.11
 * can end a multi-statement query that KILL QUERY reaches between two of its statements
 * without a last packet: the previous statement's OK said more results follow, the thread
 * goes idle with its transaction open, and mysql2 waits for ever (seen about once in 50 kills
 * of a list of UPDATEs). A killed statement otherwise answers within milliseconds.
 */
const KILLED_ANSWER_GRACE_MS = 2000;

const INT_TYPES = new Set([1, 2, 3, 8, 9, 13]);
const FLOAT_TYPES = new Set([4, 5]);
const BINARY_CHARSET = 63;

// Required when this module is first imported (app.ts imports it only for a MySQL backend): a
// bundler hoists a static `import` of an external package to the top of the bundle, and
// mysql2 (with the tracing API it loads) costs every embedded-SQLite process ~5 MB.
const mysql = createRequire(import.meta.url)('mysql2') as typeof Mysql;

// mysql2's `TypedParameter` is a getter that runs require() on every read: read it once.
const { LONGLONG, TINY } = mysql.TypedParameter;

function param(c: Cell): Mysql.ExecuteValues {
  if (typeof c === 'bigint') return LONGLONG(c);
  if (typeof c === 'boolean') return TINY(c ? 1 : 0);
  return c;
}

export class MysqlBackend implements Backend {
  readonly name: string;
  readonly dialect = 'mysql' as const;
  readonly #opts: MysqlBackendOptions;
  readonly #all = new Set<Conn>();
  readonly #idle: Conn[] = [];
  readonly #waiters: Waiter[] = [];
  #waiting = 0;
  #opening = 0;
  #up = true;
  #lastFailure = 0;
  #lastError: unknown;
  #closed = false;
  /** The side connection that sends KILL QUERY: one, shared by concurrent kills. */
  #admin: Promise<Mysql.Connection> | undefined;
  readonly #reaper: NodeJS.Timeout;

  constructor(opts: MysqlBackendOptions) {
    this.#opts = opts;
    const t = opts.target;
    this.name = `mysql://${t.host}:${t.port}/${t.database}`;
    this.#reaper = setInterval(
      () => this.#reapIdle(),
      Math.max(1000, Math.min(opts.idleTimeoutMs, 30_000)),
    );
    this.#reaper.unref();
  }

  get up(): boolean {
    return this.#up;
  }

  stats(): PoolStats {
    return {
      inUse: this.#all.size - this.#idle.length,
      idle: this.#idle.length,
      waiting: this.#waiting,
      max: this.#opts.poolSize,
    };
  }

  // ---- connections ---------------------------------------------------------

  #connectionConfig(withDatabase: boolean): Mysql.ConnectionOptions {
    const t = this.#opts.target;
    return {
      host: t.host,
      port: t.port,
      user: t.user,
      password: t.password,
      ...(withDatabase ? { database: t.database } : {}),
      connectTimeout: this.#opts.connectTimeoutMs,
      supportBigNumbers: true,
      bigNumberStrings: false,
      dateStrings: true,
      maxPreparedStatements: this.#opts.statementCacheSize,
      // Session.runAll sends a transaction's statements in one text query: one round trip
      // where each statement would take its own. Its SQL is the schema's statements with
      // their values inlined by `literal`; no text from a request reaches it otherwise.
      multipleStatements: true,
      enableKeepAlive: true,
      charset: 'UTF8MB4_BIN',
    };
  }

  #connect(withDatabase: boolean): Promise<Mysql.Connection> {
    return new Promise((resolve, reject) => {
      const raw = mysql.createConnection(this.#connectionConfig(withDatabase));
      const onError = (err: Error) => {
        raw.destroy();
        reject(err);
      };
      raw.once('error', onError);
      raw.once('connect', () => {
        raw.off('error', onError);
        resolve(raw);
      });
    });
  }

  #setReachable(up: boolean, err?: unknown): void {
    if (!up) {
      this.#lastFailure = Date.now();
      this.#lastError = err;
    }
    if (this.#up === up) return;
    this.#up = up;
    this.#opts.observer.reachability(this.name, up, err);
  }

  async #open(): Promise<Conn> {
    this.#opening++;
    let raw: Mysql.Connection | undefined;
    try {
      raw = await this.#connect(true);
      for (const sql of SESSION_SETUP) await queryText(raw, sql);
    } catch (err) {
      raw?.destroy();
      this.#opening--;
      if (isConnectionError(err) || (err as { code?: string }).code === 'ER_BAD_DB_ERROR') {
        this.#setReachable(false, err);
        this.#failWaiters(err);
      }
      throw toServiceError(err, this.name, 'connect');
    }
    this.#opening--;
    const conn: Conn = {
      raw,
      threadId: raw.threadId ?? 0,
      dead: false,
      closed: false,
      killed: false,
      cancelled: undefined,
      idleSince: 0,
    };
    // Closed under us (the server killed or timed it out, or the network failed): never used
    // again; dropped at once when idle, else when its caller releases it.
    const lost = () => {
      if (!conn.closed && !conn.dead) this.#opts.observer.lost?.(this.name);
      conn.closed = true;
      conn.dead = true;
      const i = this.#idle.indexOf(conn);
      if (i >= 0) {
        this.#idle.splice(i, 1);
        this.#all.delete(conn);
        raw.destroy();
      }
    };
    raw.on('error', lost);
    raw.on('end', lost);
    this.#all.add(conn);
    this.#setReachable(true);
    if (this.#closed) {
      this.#destroy(conn);
      throw new UnavailableError(`${this.name} is closing`);
    }
    return conn;
  }

  #failWaiters(err: unknown): void {
    const e = toServiceError(err, this.name, 'connect');
    for (const w of this.#waiters.splice(0)) {
      if (w.done) continue;
      w.done = true;
      clearTimeout(w.timer);
      this.#waiting--;
      this.#opts.observer.rejected(this.name, 'down');
      w.reject(e);
    }
  }

  #downError(): UnavailableError {
    const e = this.#lastError as { code?: string; message?: string } | undefined;
    const why = e ? ` (${e.code ?? ''} ${e.message ?? ''})`.replace('( ', '(') : '';
    return new UnavailableError(`${this.name} is unreachable${why}; retry shortly`);
  }

  #acquire(deadline: number, signal?: AbortSignal): Promise<Conn> {
    if (this.#closed) return Promise.reject(new UnavailableError(`${this.name} is closing`));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    let conn = this.#idle.pop();
    while (conn?.dead) {
      this.#all.delete(conn);
      conn = this.#idle.pop();
    }
    if (conn) return Promise.resolve(conn);
    if (this.#all.size + this.#opening < this.#opts.poolSize) {
      if (!this.#up && Date.now() - this.#lastFailure < this.#opts.reconnectIntervalMs) {
        this.#opts.observer.rejected(this.name, 'down');
        return Promise.reject(this.#downError());
      }
      return this.#open();
    }
    if (this.#waiting >= this.#opts.queueLimit) {
      this.#opts.observer.rejected(this.name, 'queue_full');
      return Promise.reject(
        new ResourceExhaustedError(
          `${this.name}: all ${this.#opts.poolSize} connections busy and ${this.#waiting} calls waiting (the limit); retry later`,
        ),
      );
    }
    return new Promise<Conn>((resolve, reject) => {
      // A caller that goes away while waiting leaves the queue.
      const onAbort = () => {
        if (w.done) return;
        w.done = true;
        clearTimeout(w.timer);
        this.#waiting--;
        this.#opts.observer.rejected(this.name, 'cancelled');
        reject(abortError(signal!));
      };
      const w: Waiter = {
        resolve: (c) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(c);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
        timer: undefined,
        done: false,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const remaining = deadline - Date.now();
      w.timer = setTimeout(
        () => {
          if (w.done) return;
          w.done = true;
          this.#waiting--;
          this.#opts.observer.rejected(this.name, 'deadline');
          w.reject(
            new DeadlineExceededError(
              `deadline exceeded while waiting for a connection to ${this.name}`,
            ),
          );
        },
        Math.max(0, remaining),
      );
      this.#waiters.push(w);
      this.#waiting++;
    });
  }

  #nextWaiter(): Waiter | undefined {
    let w = this.#waiters.shift();
    while (w?.done) w = this.#waiters.shift();
    if (w) {
      w.done = true;
      clearTimeout(w.timer);
      this.#waiting--;
    }
    return w;
  }

  #release(conn: Conn, broken: boolean): void {
    if (broken || conn.dead || conn.killed || this.#closed) {
      this.#destroy(conn);
      if (this.#waiting > 0 && !this.#closed) {
        const w = this.#nextWaiter();
        if (w) this.#open().then(w.resolve, w.reject);
      }
      return;
    }
    const w = this.#nextWaiter();
    if (w) {
      w.resolve(conn);
      return;
    }
    conn.idleSince = Date.now();
    this.#idle.push(conn);
  }

  #destroy(conn: Conn): void {
    conn.dead = true;
    this.#all.delete(conn);
    const i = this.#idle.indexOf(conn);
    if (i >= 0) this.#idle.splice(i, 1);
    conn.raw.destroy();
  }

  #reapIdle(): void {
    const limit = Date.now() - this.#opts.idleTimeoutMs;
    // The idle list is a stack: the oldest are at the bottom.
    while (this.#idle.length && this.#idle[0]!.idleSince < limit) {
      const conn = this.#idle.shift()!;
      this.#all.delete(conn);
      conn.dead = true;
      conn.raw.end(() => conn.raw.destroy());
    }
  }

  /**
   * The side connection (outside the pool) that sends KILL QUERY: opened once, and shared by
   * every kill, including those that come while it is still connecting (several deadlines
   * passing together must not each open one).
   */
  #adminConnection(): Promise<Mysql.Connection> {
    if (this.#closed) return Promise.reject(new UnavailableError(`${this.name} is closing`));
    let p = this.#admin;
    if (!p) {
      const opening = this.#connect(false).then((admin) => {
        const drop = () => {
          if (this.#admin === opening) this.#admin = undefined;
          admin.destroy();
        };
        admin.on('error', drop);
        admin.on('end', drop);
        // Closed while connecting: close() could not see this connection.
        if (this.#closed) {
          drop();
          throw new UnavailableError(`${this.name} is closing`);
        }
        return admin;
      });
      opening.catch(() => {
        if (this.#admin === opening) this.#admin = undefined;
      });
      this.#admin = opening;
      p = opening;
    }
    return p;
  }

  /** Stops a running statement on the server, from the side connection. */
  async #kill(conn: Conn, stmt: Statement): Promise<void> {
    if (conn.killed) return;
    conn.killed = true;
    this.#opts.observer.killed(this.name, stmt);
    try {
      await queryText(await this.#adminConnection(), `KILL QUERY ${Number(conn.threadId)}`);
    } catch (err) {
      // The server is unreachable: closing our end is all that is left. A statement waiting for
      // a row lock on the server does not see its client go, so it runs on until that wait ends:
      // worth a warning.
      this.#opts.observer.killFailed?.(this.name, stmt, err);
      conn.raw.destroy();
    }
  }

  /** The number of side connections open or opening (tests: at most one). */
  get adminConnections(): number {
    return this.#admin ? 1 : 0;
  }

  // ---- statements ----------------------------------------------------------

  /**
   * One statement on `conn`. `autocommit`: outside a transaction, so that a write statement
   * commits when it runs: it passes its caller's gate (`caller.writing`) right before it is
   * sent, and is then noted as not applied when the server refused it or it changed no row.
   */
  #run(
    conn: Conn,
    stmt: Statement,
    params: readonly Cell[],
    deadline: number,
    columns: boolean,
    caller: Caller | undefined,
    autocommit: boolean,
  ): Promise<ExecResult>;
  /** `count` statements in one text query (`stmt.sql` holds them, values inlined): each one's result. */
  #run(
    conn: Conn,
    stmt: Statement,
    params: readonly Cell[],
    deadline: number,
    columns: boolean,
    caller: Caller | undefined,
    autocommit: boolean,
    count: number,
  ): Promise<ExecResult[]>;
  #run(
    conn: Conn,
    stmt: Statement,
    params: readonly Cell[],
    deadline: number,
    columns: boolean,
    caller: Caller | undefined,
    autocommit: boolean,
    count = 0,
  ): Promise<ExecResult | ExecResult[]> {
    const signal = caller?.signal;
    const remaining = deadline - Date.now();
    if (remaining <= 0 && !TEXT_STATEMENTS.has(stmt)) {
      return Promise.reject(
        new DeadlineExceededError(`deadline exceeded before ${stmt.name} was sent`),
      );
    }
    // The caller went away before this statement: it is not sent at all.
    if (signal?.aborted && !TEXT_STATEMENTS.has(stmt)) {
      return Promise.reject(abortError(signal, `before ${stmt.name} was sent`));
    }
    // The connection closed since its last statement (the server ended it): nothing is sent,
    // and the caller knows it (a write may run again; a COMMIT not sent did not commit).
    if (conn.closed || isClosed(conn.raw)) {
      conn.dead = true;
      return Promise.reject(
        new NotSentError(
          `${stmt.name} was not sent: the connection to ${this.name} (thread ${conn.threadId}) had closed`,
        ),
      );
    }
    let notApplied: (() => void) | undefined;
    if (autocommit && stmt.mode === 'write' && caller) {
      try {
        notApplied = caller.writing(`${stmt.name} on ${this.name}`);
      } catch (err) {
        return Promise.reject(err);
      }
    }
    const started = performance.now();
    return new Promise<ExecResult | ExecResult[]>((resolve, reject) => {
      const text = TEXT_STATEMENTS.has(stmt);
      // COMMIT and ROLLBACK are never killed: stopping a COMMIT would leave its outcome unknown.
      // After a kill, an answer that does not come is given here, and the connection closed.
      let unanswered: NodeJS.Timeout | undefined;
      const stop = () => {
        void this.#kill(conn, stmt).then(() => {
          if (finished || unanswered) return;
          unanswered = setTimeout(() => {
            conn.dead = true;
            conn.raw.destroy();
            done(
              new UnansweredError(
                `${stmt.name}: no answer ${KILLED_ANSWER_GRACE_MS} ms after KILL QUERY; the connection was closed`,
              ) as unknown as Mysql.QueryError,
              undefined,
            );
          }, KILLED_ANSWER_GRACE_MS);
        });
      };
      const timer = text ? undefined : setTimeout(stop, remaining);
      // The caller went away (cancelled, or its connection dropped): stop the statement too.
      const onAbort =
        text || !signal
          ? undefined
          : () => {
              // The signal also aborts when the deadline passes: that stays DEADLINE_EXCEEDED.
              const why = abortError(signal);
              if (!conn.killed && !(why instanceof DeadlineExceededError)) conn.cancelled = why;
              stop();
            };
      if (onAbort) signal!.addEventListener('abort', onAbort, { once: true });
      // mysql2 may call back twice for one statement when its connection is lost under it
      // (the statement's error, then the connection's): the statement is counted and
      // answered once.
      let finished = false;
      const done = (
        err: Mysql.QueryError | null,
        result: unknown,
        fields?: Mysql.FieldPacket[],
      ) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        clearTimeout(unanswered);
        if (onAbort) signal!.removeEventListener('abort', onAbort);
        const seconds = (performance.now() - started) / 1000;
        if (err) {
          // Refused by the server (a duplicate, a value out of range, a deadlock): a statement
          // is all or nothing. Stopped by a kill or a lost connection: it may have finished.
          if (
            notApplied &&
            typeof err.errno === 'number' &&
            !isInterrupted(err) &&
            !isConnectionError(err)
          )
            notApplied();
          const killed = conn.killed && (isInterrupted(err) || isConnectionError(err));
          this.#opts.observer.statement(
            this.name,
            stmt,
            seconds,
            killed ? (conn.cancelled ? 'cancelled' : 'deadline') : (err.code ?? 'error'),
          );
          if (isConnectionError(err)) conn.dead = true;
          reject(
            !killed
              ? err
              : conn.cancelled
                ? new CancelledError(
                    `${stmt.name}: ${conn.cancelled.message}; the query was stopped on ${this.name}`,
                    err,
                  )
                : new DeadlineExceededError(
                    `${stmt.name}: deadline exceeded; the query was stopped on ${this.name}`,
                    err,
                  ),
          );
          return;
        }
        this.#opts.observer.statement(this.name, stmt, seconds, undefined);
        if (count > 0) {
          // One statement's result is not wrapped in a list.
          const all = count === 1 ? [result] : (result as unknown[]);
          resolve(all.map((r) => (Array.isArray(r) ? { rows: r, affectedRows: 0 } : okResult(r))));
          return;
        }
        if (Array.isArray(result)) {
          resolve({
            rows: result as unknown[][],
            affectedRows: 0,
            ...(columns && fields ? { columns: fields.map(resultColumn) } : {}),
          });
        } else {
          const header = result as Mysql.ResultSetHeader;
          if (notApplied && header.affectedRows === 0) notApplied();
          resolve({ rows: [], affectedRows: header.affectedRows, insertId: header.insertId });
        }
      };
      if (text) conn.raw.query({ sql: stmt.sql }, done);
      else if (count > 0) conn.raw.query({ sql: stmt.sql, rowsAsArray: true }, done);
      else conn.raw.execute({ sql: stmt.sql, rowsAsArray: true }, params.map(param), done);
    });
  }

  async exec(
    stmt: Statement,
    params: readonly Cell[],
    deadline: number,
    columns = false,
    caller?: Caller,
  ): Promise<ExecResult> {
    const signal = caller?.signal;
    for (let attempt = 0; ; attempt++) {
      const conn = await this.#acquire(deadline, signal);
      try {
        const result = await this.#run(conn, stmt, params, deadline, columns, caller, true);
        this.#release(conn, false);
        return result;
      } catch (err) {
        const lost = isConnectionError(err);
        this.#release(conn, lost);
        if (
          lost &&
          !conn.killed &&
          !signal?.aborted &&
          attempt < MAX_RETRIES &&
          deadline > Date.now() &&
          (stmt.mode === 'read' || wasNeverSent(err))
        ) {
          this.#opts.observer.retried(
            this.name,
            stmt.mode === 'read' ? 'read_after_lost_connection' : 'never_sent',
          );
          continue;
        }
        throw toServiceError(err, this.name, stmt.name);
      }
    }
  }

  async pinned<T>(deadline: number, fn: (s: Session) => Promise<T>, caller?: Caller): Promise<T> {
    const conn = await this.#acquire(deadline, caller?.signal);
    try {
      const result = await fn({
        run: (stmt, params) =>
          this.#run(conn, stmt, params, deadline, false, caller, true).catch((err: unknown) => {
            throw toServiceError(err, this.name, stmt.name);
          }),
      });
      this.#release(conn, false);
      return result;
    } catch (thrown) {
      const err = serverError(thrown);
      this.#release(conn, conn.dead || conn.killed || isConnectionError(err));
      throw toServiceError(thrown, this.name, 'statements');
    }
  }

  async transaction<T>(
    deadline: number,
    fn: (s: Session) => Promise<T>,
    caller?: Caller,
  ): Promise<T> {
    const signal = caller?.signal;
    for (let attempt = 0; ; attempt++) {
      const conn = await this.#acquire(deadline, signal);
      let committing = false;
      // START TRANSACTION goes with the transaction's first statements: at the head of the
      // first query of a pipelined plan (one round trip fewer), or alone before a prepared
      // statement. A transaction that ran nothing sends nothing.
      let begun = false;
      try {
        const result = await fn({
          // Errors reach `fn` typed (a duplicate key is ALREADY_EXISTS); the server's error stays the cause.
          run: async (stmt, params) => {
            if (!begun) {
              begun = true;
              await this.#run(conn, TX_BEGIN, [], deadline, false, undefined, false);
            }
            return this.#run(conn, stmt, params, deadline, false, caller, false).catch(
              (err: unknown) => {
                throw toServiceError(err, this.name, stmt.name);
              },
            );
          },
          runAll: async (list) => {
            const results: ExecResult[] = [];
            for (const part of queries(list)) {
              const begins = !begun;
              begun = true;
              const texts = begins ? [TX_BEGIN.sql, ...part.texts] : part.texts;
              const stmt: Statement = {
                name: 'statements in one round trip',
                sql: texts.join(';\n'),
                mode: 'write',
                logged: begins ? `${TX_BEGIN.name}; ${part.logged}` : part.logged,
              };
              const got = await this.#run(
                conn,
                stmt,
                [],
                deadline,
                false,
                caller,
                false,
                texts.length,
              ).catch((err: unknown) => {
                // mysql2 keeps the query on its error, values and all: not for the logs.
                if (err instanceof Error && 'sql' in err) err.sql = stmt.logged;
                throw toServiceError(err, this.name, stmt.name);
              });
              results.push(...(begins ? got.slice(1) : got));
            }
            return results;
          },
        });
        if (!begun) {
          this.#release(conn, false);
          return result;
        }
        // The last moment to give up: once COMMIT is sent its outcome cannot be stopped, so it
        // is sent only while the caller is there, its deadline has not passed and its call has
        // not ended (the gate), all checked in the step that sends it. A gate that refuses
        // throws here, before `committing`: the transaction is rolled back below.
        if (signal?.aborted)
          throw abortError(signal, 'before COMMIT; the transaction was rolled back');
        if (Date.now() >= deadline) {
          throw new DeadlineExceededError(
            'deadline exceeded before COMMIT; the transaction was rolled back',
          );
        }
        const notApplied = caller?.writing(`COMMIT on ${this.name}`);
        committing = true;
        await this.#run(conn, TX_COMMIT, [], deadline, false, undefined, false).catch(
          (err: unknown) => {
            // Not sent (its connection had closed): the server rolls the transaction back.
            if (wasNeverSent(err)) notApplied?.();
            throw err;
          },
        );
        this.#release(conn, false);
        return result;
      } catch (thrown) {
        const err = serverError(thrown);
        let broken = conn.dead || conn.killed || isConnectionError(err);
        if (begun && !broken && !committing) {
          try {
            await this.#run(conn, TX_ROLLBACK, [], deadline, false, undefined, false);
          } catch {
            broken = true;
          }
        }
        this.#release(conn, broken);
        // A connection lost before COMMIT was sent (or a COMMIT found its connection closed and
        // was not sent): the server rolled the transaction back, running it again is safe.
        const retryable =
          isTransactionRetryable(err) ||
          (isConnectionError(err) && (!committing || wasNeverSent(err)) && !conn.killed);
        // Never for a caller that is gone, and only while its deadline allows.
        if (retryable && !signal?.aborted && attempt < MAX_RETRIES && deadline > Date.now()) {
          this.#opts.observer.retried(
            this.name,
            isTransactionRetryable(err) ? 'transaction_aborted' : 'transaction_lost_connection',
          );
          continue;
        }
        if (committing && isConnectionError(err) && !wasNeverSent(err)) {
          throw new UnavailableError(
            `${this.name}: the connection was lost during COMMIT; the transaction may or may not have been applied`,
            err,
          );
        }
        throw toServiceError(thrown, this.name, 'transaction');
      }
    }
  }

  // ---- start-up, migrations, health ----------------------------------------

  /**
   * Creates the database when missing and checks the prepared-statement budget:
   * pool size x statement cache x pools on this server must stay under the
   * server's max_prepared_stmt_count.
   */
  async init(): Promise<void> {
    const raw = await this.#connect(false).catch((err: unknown) => {
      this.#setReachable(false, err);
      throw toServiceError(err, this.name, 'connect');
    });
    try {
      const db = this.#opts.target.database;
      await queryText(
        raw,
        `CREATE DATABASE IF NOT EXISTS \`${db}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
      );
      const rows = (await queryText(raw, 'SELECT @@GLOBAL.max_prepared_stmt_count AS m')) as {
        m: number;
      }[];
      const max = Number(rows[0]?.m ?? 16382);
      const need = this.#opts.poolSize * this.#opts.statementCacheSize * this.#opts.poolsOnServer;
      if (need >= max) {
        throw new Error(
          `${this.name}: ${this.#opts.poolsOnServer} pool(s) x ${this.#opts.poolSize} connections x ${this.#opts.statementCacheSize} cached statements = ${need} prepared statements, not under the server's max_prepared_stmt_count ${max}; lower DBPROXY_POOL_SIZE or DBPROXY_STATEMENT_CACHE`,
        );
      }
      this.#setReachable(true);
    } finally {
      raw.destroy();
    }
  }

  async ddl(sql: string): Promise<void> {
    await this.exec({ name: 'ddl', sql, mode: 'write' }, [], Date.now() + 60_000).catch(
      (err: unknown) => {
        // Two db-proxies migrating at once: the other one added it first.
        if ((err as { cause?: { errno?: number } }).cause?.errno === 1060) return;
        throw err;
      },
    );
  }

  async describe(table: string): Promise<TableInfo | null> {
    const deadline = Date.now() + 30_000;
    const cols = await this.exec(
      {
        name: 'describe',
        sql: 'SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
        mode: 'read',
      },
      [this.#opts.target.database, table],
      deadline,
    );
    if (cols.rows.length === 0) return null;
    const pk = await this.exec(
      {
        name: 'describe',
        sql: "SELECT COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY ORDINAL_POSITION",
        mode: 'read',
      },
      [this.#opts.target.database, table],
      deadline,
    );
    return {
      columns: cols.rows.map((r) => String(r[0])),
      primaryKey: pk.rows.map((r) => String(r[0])),
    };
  }

  async ping(timeoutMs: number): Promise<boolean> {
    if (this.#closed) return false;
    const idle = this.#idle.find((c) => !c.dead);
    if (!idle && this.#all.size + this.#opening >= this.#opts.poolSize) return this.#up; // busy: in use is proof enough
    try {
      await this.exec({ name: 'ping', sql: 'SELECT 1', mode: 'read' }, [], Date.now() + timeoutMs);
      return true;
    } catch (err) {
      if (!this.#up) return false;
      if (isConnectionError((err as { cause?: unknown }).cause ?? err))
        this.#setReachable(false, err);
      return this.#up;
    }
  }

  /** Forces the next call to try connecting (after the health monitor saw the server back). */
  allowReconnect(): void {
    this.#lastFailure = 0;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#reaper);
    // Callers waiting for a connection get UNAVAILABLE, as #acquire answers once closed.
    this.#failWaiters(new UnavailableError(`${this.name} is closing`));
    const ends = [...this.#idle].map(
      (c) =>
        new Promise<void>((resolve) => {
          c.raw.end(() => {
            c.raw.destroy();
            resolve();
          });
        }),
    );
    for (const c of this.#idle.splice(0)) this.#all.delete(c);
    // Connections in use are destroyed when released.
    this.#admin?.then(
      (a) => a.destroy(),
      () => undefined,
    );
    this.#admin = undefined;
    await Promise.all(ends);
  }
}

/** The server's (or mysql2's) error behind a typed error, for deciding on retries. */
function serverError(err: unknown): unknown {
  return err instanceof ServiceError && err.cause !== undefined ? err.cause : err;
}

function okResult(r: unknown): ExecResult {
  const header = r as Mysql.ResultSetHeader;
  return { rows: [], affectedRows: header.affectedRows, insertId: header.insertId };
}

/**
 * The most bytes of SQL in one query of Session.runAll. A query must fit the server's
 * max_allowed_packet (16 MiB by default on MariaDB 10.11, 64 MiB on MySQL 8.0): a longer list
 * (10,000 ops of long strings) goes in several queries, one after the other.
 */
export const MAX_QUERY_BYTES = 4 * 1024 * 1024;

/** Statements as the queries that send them: their texts (values inlined) and what to log. */
export function queries(
  list: readonly Planned[],
  maxBytes = MAX_QUERY_BYTES,
): { texts: string[]; logged: string }[] {
  const out: { texts: string[]; counts: Map<string, number> }[] = [];
  let bytes = 0;
  for (const p of list) {
    const text = inlined(p.stmt.sql, p.params);
    const size = Buffer.byteLength(text) + 2;
    let last = out[out.length - 1];
    if (!last || (bytes + size > maxBytes && last.texts.length > 0)) {
      last = { texts: [], counts: new Map() };
      out.push(last);
      bytes = 0;
    }
    last.texts.push(text);
    last.counts.set(p.stmt.name, (last.counts.get(p.stmt.name) ?? 0) + 1);
    bytes += size;
  }
  return out.map((q) => ({
    texts: q.texts,
    logged: [...q.counts].map(([name, n]) => `${n} x ${name}`).join('; '),
  }));
}

/**
 * A statement's text with each `?` replaced by its value as a literal (Session.runAll). The
 * statements are db-proxy's own (sql.ts: identifiers from the schema, every value a `?`), so
 * each `?` is a parameter. A double is written in exponent form, which MySQL reads as a double
 * (the shortest such form reads back as the same double); a string is escaped by mysql2, for
 * the session's sql_mode (backslash escapes on).
 */
export function inlined(sql: string, params: readonly Cell[]): string {
  let i = 0;
  const out = sql.replace(/\?/g, () => {
    if (i >= params.length) throw new Error(`more placeholders than the ${params.length} values`);
    return literal(params[i++]!);
  });
  if (i !== params.length) throw new Error(`${params.length} values for ${i} placeholders`);
  return out;
}

function literal(c: Cell): string {
  if (c === null) return 'NULL';
  if (typeof c === 'bigint') return c.toString();
  if (typeof c === 'boolean') return c ? '1' : '0';
  if (typeof c === 'number') {
    if (!Number.isFinite(c)) throw new Error(`${c} has no SQL literal`);
    return c.toExponential();
  }
  if (typeof c === 'string') return mysql.escape(c);
  return `X'${c.toString('hex')}'`;
}

function queryText(raw: Mysql.Connection, sql: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    raw.query(sql, (err, rows) => (err ? reject(err) : resolve(rows)));
  });
}

function resultColumn(f: Mysql.FieldPacket): ResultColumn {
  const type = f.columnType ?? -1;
  if (INT_TYPES.has(type)) return { name: f.name, kind: 'int' };
  if (FLOAT_TYPES.has(type)) return { name: f.name, kind: 'float' };
  if (type >= 249 && type <= 254) {
    return { name: f.name, kind: f.characterSet === BINARY_CHARSET ? 'bytes' : 'str' };
  }
  if (type === 0 || type === 246) return { name: f.name, kind: 'str' };
  return { name: f.name, kind: 'auto' };
}
