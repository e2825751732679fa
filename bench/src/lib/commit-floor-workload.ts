// The commit floor's workload (commit-floor.ts), loaded by the load harness in a worker thread:
// every virtual client sends a bare single-row autocommit UPDATE through a mysql2 pool, so that
// a write of the data path can be set beside the least a commit costs in that database.
import mysql from 'mysql2';
import { OpRecorder } from './histogram.ts';
import type { CreateWorkload, Workload, WorkloadContext, WorkloadResults } from './workload.ts';

export interface CommitFloorParams {
  /** mysql://user[:password]@host[:port]/database */
  url: string;
  /** The bench's own table (COMMIT_FLOOR_TABLE): created when missing, rows added when missing. */
  table: string;
  /** Virtual clients in all (one connection of the pool each). */
  concurrency: number;
  deadlineMs: number;
  slowMs: number;
}

/**
 * Rows per client: each client rotates over rows of its own, so that two UPDATEs in flight
 * never wait for one another's row lock (the floor is one commit, not a lock queue).
 */
export const ROWS_PER_CLIENT = 4;

/** The row client `client`'s k-th UPDATE touches (ids 1 .. concurrency x ROWS_PER_CLIENT). */
export function commitFloorRow(client: number, k: number, concurrency: number): number {
  return 1 + client + concurrency * (k % ROWS_PER_CLIENT);
}

class CommitFloorWorkload implements Workload {
  readonly #ctx: WorkloadContext<CommitFloorParams>;
  readonly #pool: mysql.Pool;
  /** UPDATEs sent so far per local client (its place in the rotation). */
  readonly #sent: number[];
  readonly #update: string;
  #rec: OpRecorder;
  #firstError: string | null = null;

  constructor(ctx: WorkloadContext<CommitFloorParams>) {
    this.#ctx = ctx;
    const p = ctx.params;
    this.#rec = new OpRecorder('commit floor', p.slowMs * 1000);
    this.#sent = ctx.clientIds.map(() => 0);
    this.#update = `UPDATE ${p.table} SET n = n + 1 WHERE id = ?`;
    const u = new URL(p.url);
    this.#pool = mysql.createPool({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username) || 'root',
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.slice(1)),
      connectionLimit: ctx.clientIds.length,
    });
  }

  #query(sql: string, values: unknown[] = []): Promise<mysql.ResultSetHeader> {
    return new Promise((resolve, reject) => {
      this.#pool.query({ sql, values, timeout: this.#ctx.params.deadlineMs }, (err, res) =>
        err ? reject(err) : resolve(res as mysql.ResultSetHeader),
      );
    });
  }

  async prepare(): Promise<Record<string, unknown>> {
    const p = this.#ctx.params;
    await this.#query(
      `CREATE TABLE IF NOT EXISTS ${p.table} (id INT PRIMARY KEY, n BIGINT NOT NULL)`,
    );
    const rows = p.concurrency * ROWS_PER_CLIENT;
    await this.#query(
      `INSERT IGNORE INTO ${p.table} (id, n) VALUES ${Array.from({ length: rows }, () => '(?, 0)').join(', ')}`,
      Array.from({ length: rows }, (_, i) => i + 1),
    );
    // Every connection of the pool open before the measured phase (one UPDATE each, unmeasured).
    await Promise.all(
      this.#ctx.clientIds.map((id) =>
        this.#query(this.#update, [commitFloorRow(id, 0, p.concurrency)]),
      ),
    );
    return { rows };
  }

  async step(client: number, scheduledAt: number | undefined): Promise<boolean> {
    const p = this.#ctx.params;
    const id = commitFloorRow(this.#ctx.clientIds[client]!, this.#sent[client]!++, p.concurrency);
    const t0 = performance.now();
    try {
      const res = await this.#query(this.#update, [id]);
      const t1 = performance.now();
      this.#rec.record(
        (t1 - (scheduledAt !== undefined && scheduledAt < t0 ? scheduledAt : t0)) * 1000,
      );
      this.#ctx.counters.completed();
      if (res.affectedRows !== 1) {
        this.#rec.mismatches++;
        this.#ctx.counters.mismatch();
        this.#firstError ??= `row ${id}: ${res.affectedRows} rows updated`;
      }
    } catch (err) {
      this.#rec.errors++;
      this.#ctx.counters.error();
      this.#firstError ??= `${(err as { code?: string }).code ?? ''}: ${(err as Error).message}`;
    }
    return true;
  }

  /** This run's figures alone: the recorder starts afresh for the next phase. */
  async results(): Promise<WorkloadResults> {
    const out = { ops: [this.#rec.snapshot()], extra: { firstError: this.#firstError } };
    this.#rec = this.#rec.fresh();
    this.#firstError = null;
    return out;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#pool.end(() => resolve()));
  }
}

export const createWorkload: CreateWorkload<CommitFloorParams> = async (ctx) =>
  new CommitFloorWorkload(ctx);
