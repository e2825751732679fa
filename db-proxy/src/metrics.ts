// db-proxy's own metrics (the kit adds per-RPC latency and errors by status):
// per-backend pool gauges, statement latency, kills, retries, refusals,
// reachability, and the slow-query log.
import type { Logger } from '@slg/service-kit';
import { FastHistogram, type HistogramChild, latencyBuckets, registerOnce } from '@slg/service-kit';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Backend, BackendObserver, Statement } from './backends/types.ts';

export class DbProxyMetrics implements BackendObserver {
  readonly #log: Logger;
  readonly #slowMs: number;
  readonly #latency: FastHistogram<'backend' | 'statement'>;
  readonly #errors: Counter<'backend' | 'statement' | 'error'>;
  readonly #slow: Counter<'backend' | 'statement'>;
  readonly #killed: Counter<'backend' | 'statement'>;
  readonly #retries: Counter<'backend' | 'reason'>;
  readonly #rejected: Counter<'backend' | 'reason'>;
  readonly #lost: Counter<'backend'>;
  readonly #up: Gauge<'backend'>;
  readonly #mapVersion: Gauge;
  readonly #batches: FastHistogram<'backend' | 'table'>;
  /**
   * Histogram children by statement name and backend, made once. Keyed by the name (the label),
   * not by the Statement: a transaction's statements in one round trip are a new Statement per
   * call, with its values in its text, and a map keyed by those would keep every one of them.
   */
  readonly #children = new Map<string, Map<string, HistogramChild>>();
  #backends: readonly Backend[] = [];
  #onReachability: () => void = () => {};

  constructor(registry: Registry, log: Logger, slowQueryMs: number) {
    this.#log = log;
    this.#slowMs = slowQueryMs;
    const registers = [registry];
    this.#latency = registerOnce(
      registry,
      'dbproxy_statement_duration_seconds',
      () =>
        new FastHistogram({
          name: 'dbproxy_statement_duration_seconds',
          help: 'Time a SQL statement took on its backend (from send to result), by statement',
          labelNames: ['backend', 'statement'],
          buckets: latencyBuckets,
          registers,
        }),
    );
    this.#errors = registerOnce(
      registry,
      'dbproxy_statement_errors_total',
      () =>
        new Counter({
          name: 'dbproxy_statement_errors_total',
          help: 'SQL statements that failed, by backend, statement and error code',
          labelNames: ['backend', 'statement', 'error'],
          registers,
        }),
    );
    this.#slow = registerOnce(
      registry,
      'dbproxy_slow_statements_total',
      () =>
        new Counter({
          name: 'dbproxy_slow_statements_total',
          help: 'SQL statements at or over DBPROXY_SLOW_QUERY_MS (each is also logged)',
          labelNames: ['backend', 'statement'],
          registers,
        }),
    );
    this.#killed = registerOnce(
      registry,
      'dbproxy_killed_queries_total',
      () =>
        new Counter({
          name: 'dbproxy_killed_queries_total',
          help: "Queries stopped on the server because their caller's deadline passed",
          labelNames: ['backend', 'statement'],
          registers,
        }),
    );
    this.#retries = registerOnce(
      registry,
      'dbproxy_retries_total',
      () =>
        new Counter({
          name: 'dbproxy_retries_total',
          help: 'Statements or transactions run again because that was safe, by reason',
          labelNames: ['backend', 'reason'],
          registers,
        }),
    );
    this.#lost = registerOnce(
      registry,
      'dbproxy_connections_lost_total',
      () =>
        new Counter({
          name: 'dbproxy_connections_lost_total',
          help: 'Pool connections closed under db-proxy (by the server, e.g. KILL or wait_timeout, or the network)',
          labelNames: ['backend'],
          registers,
        }),
    );
    this.#rejected = registerOnce(
      registry,
      'dbproxy_pool_rejections_total',
      () =>
        new Counter({
          name: 'dbproxy_pool_rejections_total',
          help: 'Calls refused a connection: queue_full, deadline (while waiting), down (backend unreachable)',
          labelNames: ['backend', 'reason'],
          registers,
        }),
    );
    this.#up = registerOnce(
      registry,
      'dbproxy_backend_up',
      () =>
        new Gauge({
          name: 'dbproxy_backend_up',
          help: '1 when the backend is reachable (and migrated), 0 otherwise',
          labelNames: ['backend'],
          registers,
        }),
    );
    this.#mapVersion = registerOnce(
      registry,
      'dbproxy_slot_map_version',
      () =>
        new Gauge({
          name: 'dbproxy_slot_map_version',
          help: 'Version of the persisted slot map this instance routes by (DBPROXY_SLOT_MAP=backend; 0 with the fixed map)',
          registers,
        }),
    );
    this.#batches = registerOnce(
      registry,
      'dbproxy_get_batch_size',
      () =>
        new FastHistogram({
          name: 'dbproxy_get_batch_size',
          help: 'Gets served by one coalesced lookup (SELECT ... WHERE key IN (...)) on a MySQL backend',
          labelNames: ['backend', 'table'],
          buckets: [1, 2, 4, 8, 16, 32, 64],
          registers,
        }),
    );
    const backends = () => this.#backends;
    registerOnce(
      registry,
      'dbproxy_pool_connections',
      () =>
        new Gauge({
          name: 'dbproxy_pool_connections',
          help: 'Connections of each backend pool, by state (in_use, idle)',
          labelNames: ['backend', 'state'],
          registers,
          collect() {
            this.reset();
            for (const b of backends()) {
              const s = b.stats();
              this.labels({ backend: b.name, state: 'in_use' }).set(s.inUse);
              this.labels({ backend: b.name, state: 'idle' }).set(s.idle);
            }
          },
        }),
    );
    registerOnce(
      registry,
      'dbproxy_pool_waiting',
      () =>
        new Gauge({
          name: 'dbproxy_pool_waiting',
          help: 'Calls waiting for a connection of each backend pool',
          labelNames: ['backend'],
          registers,
          collect() {
            this.reset();
            for (const b of backends()) this.labels({ backend: b.name }).set(b.stats().waiting);
          },
        }),
    );
    registerOnce(
      registry,
      'dbproxy_pool_max_connections',
      () =>
        new Gauge({
          name: 'dbproxy_pool_max_connections',
          help: 'The size limit of each backend pool',
          labelNames: ['backend'],
          registers,
          collect() {
            this.reset();
            for (const b of backends()) this.labels({ backend: b.name }).set(b.stats().max);
          },
        }),
    );
  }

  watch(backends: readonly Backend[]): void {
    this.#backends = backends;
  }

  mapVersion(version: bigint): void {
    this.#mapVersion.set(Number(version));
  }

  setUp(backend: string, up: boolean): void {
    this.#up.labels({ backend }).set(up ? 1 : 0);
  }

  statement(backend: string, stmt: Statement, seconds: number, error: string | undefined): void {
    let byBackend = this.#children.get(stmt.name);
    if (!byBackend) {
      byBackend = new Map();
      this.#children.set(stmt.name, byBackend);
    }
    let child = byBackend.get(backend);
    if (!child) {
      child = this.#latency.labels({ backend, statement: stmt.name });
      byBackend.set(backend, child);
    }
    child.observe(seconds);
    if (error !== undefined) this.#errors.labels({ backend, statement: stmt.name, error }).inc();
    const ms = seconds * 1000;
    if (ms >= this.#slowMs) {
      this.#slow.labels({ backend, statement: stmt.name }).inc();
      this.#log.warn(
        {
          backend,
          statement: stmt.name,
          sql: stmt.logged ?? stmt.sql,
          ms: Math.round(ms * 10) / 10,
          error,
        },
        'slow query',
      );
    }
  }

  batch(backend: string, table: string, size: number): void {
    this.#batches.labels({ backend, table }).observe(size);
  }

  killed(backend: string, stmt: Statement): void {
    this.#killed.labels({ backend, statement: stmt.name }).inc();
    this.#log.info(
      { backend, statement: stmt.name },
      'deadline passed: stopping the query on the server',
    );
  }

  killFailed(backend: string, stmt: Statement, err: unknown): void {
    this.#log.warn(
      { backend, statement: stmt.name, err },
      'could not stop the query on the server: its connection is closed instead',
    );
  }

  retried(backend: string, reason: string): void {
    this.#retries.labels({ backend, reason }).inc();
  }

  rejected(backend: string, reason: string): void {
    this.#rejected.labels({ backend, reason }).inc();
  }

  lost(backend: string): void {
    this.#lost.labels({ backend }).inc();
  }

  /** `listener` runs after every change of a backend's reachability (app.ts updates health). */
  onReachability(listener: () => void): void {
    this.#onReachability = listener;
  }

  reachability(backend: string, up: boolean, err?: unknown): void {
    this.setUp(backend, up);
    this.#onReachability();
    if (up) this.#log.info({ backend }, 'backend reachable');
    else this.#log.warn({ backend, err: (err as Error)?.message }, 'backend unreachable');
  }
}
