// The commit floor of `bench data --rate --commit-floor <url>`: a write of the data path ends in
// a commit in MariaDB, and no gRPC hop makes that commit cheaper. So beside each echo phase at
// the run's rate, a bare single-row autocommit UPDATE through mysql2 runs at the writes' share
// of that rate, open model like the echo (latency counted from each intended send time), and
// its p90/p99 pooled over the phases are what a write is judged against besides the echo's.
import { InvalidArgumentError } from 'commander';
import { WRITE_OPS } from '../data/operations.ts';
import type { CommitFloorParams } from './commit-floor-workload.ts';
import { mergeSnapshots, type OpSnapshot, type Percentiles, percentiles } from './histogram.ts';
import { LoadPool } from './load-pool.ts';
import { createProgress } from './progress.ts';
import { int, ms, totals } from './report.ts';

/** The bench's own table: created when missing, its rows added when missing, never dropped. */
export const COMMIT_FLOOR_TABLE = 'bench_commit_floor';

/** mysql2 connections (one virtual client each): a pool as small as the data path's writes need. */
export const COMMIT_FLOOR_CONNECTIONS = 4;

/** --commit-floor: a mysql:// URL that names a database. */
export function parseMysqlUrl(text: string): string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new InvalidArgumentError(`not a URL: ${JSON.stringify(text)}`);
  }
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:')
    throw new InvalidArgumentError(`not a mysql:// URL: ${JSON.stringify(text)}`);
  if (!u.hostname) throw new InvalidArgumentError(`no host in ${JSON.stringify(text)}`);
  if (u.pathname.replace(/^\/+/, '') === '')
    throw new InvalidArgumentError(
      `no database in ${JSON.stringify(text)} (e.g. mysql://root@127.0.0.1:3306/test)`,
    );
  return text;
}

/** The URL without its password, for the output and the result file. */
export function shownMysqlUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** The writes' share of the mix: the write operations' weights over all the weights. */
export function writeShare(weights: readonly (readonly [string, number])[]): number {
  const all = weights.reduce((n, [, w]) => n + w, 0);
  const writes = weights.reduce((n, [op, w]) => n + (WRITE_OPS.has(op as never) ? w : 0), 0);
  return all > 0 ? writes / all : 0;
}

export interface CommitFloorPhase {
  /** Answered UPDATEs per second. */
  rate: number;
  requests: number;
  errors: number;
  elapsedS: number;
  ops: OpSnapshot[];
  firstError: string | null;
}

/** A mysql2 pool on the database, loaded in as many phases as wanted at one rate. */
export class CommitFloorBench {
  readonly #pool: LoadPool;
  readonly #rate: number;
  readonly #durationMs: number;
  readonly #quiet: boolean;
  readonly #progressIntervalS: number;

  private constructor(
    pool: LoadPool,
    o: { rate: number; durationMs: number; quiet?: boolean; progressIntervalS?: number },
  ) {
    this.#pool = pool;
    this.#rate = o.rate;
    this.#durationMs = o.durationMs;
    this.#quiet = o.quiet ?? false;
    this.#progressIntervalS = o.progressIntervalS ?? 5;
  }

  /** Creates the table and its rows when missing, and opens every connection. */
  static async start(o: {
    url: string;
    rate: number;
    durationMs: number;
    deadlineMs: number;
    slowMs: number;
    quiet?: boolean;
    progressIntervalS?: number;
    heapMb?: number | null;
  }): Promise<CommitFloorBench> {
    const params: CommitFloorParams = {
      url: o.url,
      table: COMMIT_FLOOR_TABLE,
      concurrency: COMMIT_FLOOR_CONNECTIONS,
      deadlineMs: o.deadlineMs,
      slowMs: o.slowMs,
    };
    let pool: LoadPool;
    try {
      pool = await LoadPool.start({
        workloadModule: new URL('./commit-floor-workload.ts', import.meta.url),
        workers: 1,
        concurrency: COMMIT_FLOOR_CONNECTIONS,
        params,
        heapMb: o.heapMb ?? null,
      });
    } catch (err) {
      throw new Error(`--commit-floor ${shownMysqlUrl(o.url)}: ${(err as Error).message}`);
    }
    return new CommitFloorBench(pool, o);
  }

  async measure(): Promise<CommitFloorPhase> {
    const phase = await this.#pool.run({
      durationMs: this.#durationMs,
      requests: null,
      rate: this.#rate,
      progress: createProgress({
        label: 'commit floor',
        total: { seconds: this.#durationMs / 1000 },
        intervalS: this.#progressIntervalS,
        silent: this.#quiet,
      }),
    });
    const t = totals(phase.ops, phase.elapsedS);
    return {
      rate: t.rate,
      requests: t.requests,
      errors: t.errors,
      elapsedS: phase.elapsedS,
      ops: phase.ops,
      firstError:
        (phase.extras.find((e) => e.firstError)?.firstError as string | undefined) ?? null,
    };
  }

  /** An unmeasured phase, beside the echo's warm-up. */
  async warmUp(durationMs: number): Promise<void> {
    await this.#pool.run({ durationMs, requests: null, rate: this.#rate });
  }

  stop(): void {
    this.#pool.stop();
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}

/** The commit floor over every phase, as written in the result file. */
export interface CommitFloor {
  /** The database (no password). */
  url: string;
  table: string;
  connections: number;
  /** The writes' share of the mix, and the rate the UPDATEs ran at (share x --rate). */
  writeShare: number;
  rate: number;
  phases: {
    rate: number;
    requests: number;
    errors: number;
    elapsedS: number;
    p90Us: number;
    p99Us: number;
    firstError: string | null;
  }[];
  /** UPDATEs answered per second over the phases. */
  answeredRate: number;
  errors: number;
  mismatches: number;
  firstError: string | null;
  /** Latency percentiles over every phase (µs). */
  latency: Percentiles & { count: number };
}

export function commitFloor(
  url: string,
  share: number,
  rate: number,
  phases: readonly CommitFloorPhase[],
): CommitFloor {
  const all = mergeSnapshots(
    'commit floor',
    phases.flatMap((p) => p.ops),
  );
  const elapsed = phases.reduce((n, p) => n + p.elapsedS, 0);
  return {
    url: shownMysqlUrl(url),
    table: COMMIT_FLOOR_TABLE,
    connections: COMMIT_FLOOR_CONNECTIONS,
    writeShare: share,
    rate,
    phases: phases.map((p) => {
      const q = p.ops[0] ? percentiles(p.ops[0]) : null;
      return {
        rate: p.rate,
        requests: p.requests,
        errors: p.errors,
        elapsedS: p.elapsedS,
        p90Us: q?.p90 ?? 0,
        p99Us: q?.p99 ?? 0,
        firstError: p.firstError,
      };
    }),
    answeredRate: elapsed > 0 ? all.count / elapsed : 0,
    errors: all.errors,
    mismatches: all.mismatches,
    firstError: phases.find((p) => p.firstError)?.firstError ?? null,
    latency: { ...percentiles(all), count: all.count },
  };
}

/** One phase's line, printed beside the echo's. */
export function commitFloorPhaseLine(
  rate: number,
  n: number,
  of: number,
  p: CommitFloorPhase,
): string {
  const q = p.ops[0] ? percentiles(p.ops[0]) : { p90: 0, p99: 0 };
  return `commit floor at ${rate.toFixed(1)}/s ${n}/${of}: ${int(p.rate)} answered per second, p90 ${ms(q.p90)} ms, p99 ${ms(q.p99)} ms (errors ${int(p.errors)})`;
}

/** The pooled line, printed after the echo-at-rate report. */
export function commitFloorReport(c: CommitFloor): string {
  const l = c.latency;
  return (
    `commit floor beside the echo (bare autocommit UPDATE of one row of ${c.table} through mysql2, ${c.connections} connections, on ${c.url}; ` +
    `the writes' ${(c.writeShare * 100).toFixed(1)}% of the rate: ${c.rate.toFixed(1)} requests/s intended, ${c.phases.length} phase${c.phases.length === 1 ? '' : 's'}): ` +
    `answered ${c.answeredRate.toFixed(1)}/s, p50 ${ms(l.p50)} ms, p90 ${ms(l.p90)} ms, p99 ${ms(l.p99)} ms (errors ${int(c.errors)}${c.firstError ? `; first: ${c.firstError}` : ''})`
  );
}
