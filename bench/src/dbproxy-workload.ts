// The db-proxy benchmark's workload (loaded by the load harness in each worker
// thread): a point read of a random seeded player, either through db-proxy's
// Get or straight through a mysql2 pool with the same SQL. Every answer is
// checked (the row of the asked id); a wrong or missing row is a mismatch.
import { slg, slg_dbproxy_v1_DbProxyDefinition, toBigInt, toLong } from '@slg/proto';
import type { ServiceError } from '@slg/service-kit';
import mysql from 'mysql2';
import { createLoadClient } from './lib/grpc.ts';
import { OpRecorder } from './lib/histogram.ts';
import { Rng } from './lib/rng.ts';
import type { CreateWorkload, Workload, WorkloadContext, WorkloadResults } from './lib/workload.ts';

export interface DbProxyBenchParams {
  mode: 'dbproxy' | 'mysql';
  /** db-proxy's gRPC address (mode dbproxy). */
  target: string;
  /** mysql://user:pass@host:port/database (mode mysql). */
  mysqlUrl: string;
  /** mysql2 connections of this worker's pool (mode mysql). */
  mysqlConnections: number;
  channels: number;
  deadlineMs: number;
  slowMs: number;
  firstPlayer: string;
  players: number;
  seed: number;
}

/** The statement db-proxy prepares for Get on the player table (same columns, same order). */
export const PLAYER_COLUMNS = [
  'player_id',
  'name',
  'level',
  'vip_level',
  'power',
  'alliance_id',
  'gold',
  'food',
  'wood',
  'stone',
  'iron',
  'created_at',
  'version',
];
export const DIRECT_SQL = `SELECT ${PLAYER_COLUMNS.map((c) => `\`${c}\``).join(', ')} FROM \`player\` WHERE \`player_id\` = ?`;

class DbProxyGetWorkload implements Workload {
  readonly #ctx: WorkloadContext<DbProxyBenchParams>;
  readonly #rec: OpRecorder;
  readonly #rngs: Rng[];
  readonly #first: bigint;
  #grpc: ReturnType<typeof createLoadClient<typeof slg_dbproxy_v1_DbProxyDefinition>> | undefined;
  #pool: mysql.Pool | undefined;
  #requests: Uint8Array[] = [];
  #firstError: string | null = null;

  constructor(ctx: WorkloadContext<DbProxyBenchParams>) {
    this.#ctx = ctx;
    const p = ctx.params;
    this.#rec = new OpRecorder(
      p.mode === 'dbproxy' ? 'db-proxy Get' : 'mysql2 direct',
      p.slowMs * 1000,
    );
    this.#rngs = ctx.clientIds.map((id) => new Rng(p.seed, 'dbproxy-get', id));
    this.#first = BigInt(p.firstPlayer);
    if (p.mode === 'dbproxy') {
      this.#grpc = createLoadClient(slg_dbproxy_v1_DbProxyDefinition, p.target, {
        channels: p.channels,
        deadlineMs: p.deadlineMs,
      });
      // Encoded once, like the echo ceiling's requests.
      this.#requests = Array.from({ length: p.players }, (_, i) =>
        slg.dbproxy.v1.GetRequest.encode({
          table: 'player',
          key: [{ int: toLong(this.#first + BigInt(i)) }],
        }).finish(),
      );
    } else {
      const u = new URL(p.mysqlUrl);
      this.#pool = mysql.createPool({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username) || 'root',
        password: decodeURIComponent(u.password),
        database: u.pathname.slice(1),
        connectionLimit: p.mysqlConnections,
        supportBigNumbers: true,
        bigNumberStrings: false,
        maxPreparedStatements: 128,
      });
    }
  }

  #direct(id: bigint): Promise<unknown[][]> {
    return new Promise((resolve, reject) => {
      this.#pool!.execute(
        { sql: DIRECT_SQL, rowsAsArray: true },
        [mysql.TypedParameter.LONGLONG(id)],
        (err, rows) => (err ? reject(err) : resolve(rows as unknown[][])),
      );
    });
  }

  async prepare(): Promise<Record<string, unknown>> {
    if (this.#grpc) {
      await this.#grpc.client.waitForReady(10_000);
      await Promise.all(
        Array.from({ length: this.#ctx.params.channels * 2 }, (_, i) =>
          this.#grpc!.client.Get(this.#requests[i % this.#requests.length]!),
        ),
      );
    } else {
      // Open every connection of the pool and prepare the statement on it.
      await Promise.all(
        Array.from({ length: this.#ctx.params.mysqlConnections }, () => this.#direct(this.#first)),
      );
    }
    return {};
  }

  async step(client: number, scheduledAt: number | undefined): Promise<void> {
    const i = this.#rngs[client]!.int(this.#ctx.params.players);
    const id = this.#first + BigInt(i);
    const t0 = performance.now();
    try {
      let got: bigint | undefined;
      if (this.#grpc) {
        const res = await this.#grpc.client.Get(this.#requests[i]!);
        const v = res.row?.fields?.player_id?.int;
        got = v === null || v === undefined ? undefined : toBigInt(v);
      } else {
        const rows = await this.#direct(id);
        const v = rows[0]?.[0];
        got = v === undefined ? undefined : BigInt(v as number | string);
      }
      const t1 = performance.now();
      this.#rec.record(
        (t1 - (scheduledAt !== undefined && scheduledAt < t0 ? scheduledAt : t0)) * 1000,
      );
      this.#ctx.counters.completed();
      if (got !== id) {
        this.#rec.mismatches++;
        this.#ctx.counters.mismatch();
        this.#firstError ??= `player ${id}: got ${got === undefined ? 'no row' : `player ${got}`}`;
      }
    } catch (err) {
      this.#rec.errors++;
      this.#ctx.counters.error();
      this.#firstError ??= `${(err as ServiceError).code ?? ''}: ${(err as Error).message}`;
    }
  }

  async results(): Promise<WorkloadResults> {
    return { ops: [this.#rec.snapshot()], extra: { firstError: this.#firstError } };
  }

  async close(): Promise<void> {
    this.#grpc?.client.close();
    await new Promise<void>((resolve) =>
      this.#pool ? this.#pool.end(() => resolve()) : resolve(),
    );
  }
}

export const createWorkload: CreateWorkload<DbProxyBenchParams> = async (ctx) =>
  new DbProxyGetWorkload(ctx);
