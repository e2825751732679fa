// db-proxy's configuration: every environment variable it reads, read once
// here, checked whole (every problem reported together), with defaults that
// run on a laptop with nothing installed (the embedded SQLite backend).
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  commonEnv,
  type GrpcLimits,
  grpcLimitsEnv,
  grpcLimitsOf,
  host,
  int,
  listenPort,
  loadConfig,
  readInts,
  type Security,
  securityProblems,
  str,
} from '@slg/service-kit';
import { registerProblem } from '@slg/service-kit/discovery';
import { defaultQueriesPath } from './queries.ts';
import { defaultSchemaPath } from './schema.ts';
import { parseBackends } from './shards.ts';
import type { Limits } from './validate.ts';

export interface DbProxyConfig {
  host: string;
  port: number;
  metricsHost: string;
  /** null: no /metrics server (tests that do not need one). */
  metricsPort: number | null;
  /** DBPROXY_BACKENDS: mysql:// or sqlite: URLs (see shards.ts). */
  backends: string;
  /** DBPROXY_REGISTER: an etcd URL this instance registers under while serving; '' = none. */
  register: string;
  slots: number;
  /**
   * DBPROXY_SLOT_MAP: `env` (the map of DBPROXY_BACKENDS, fixed) or `backend` (a persisted map on
   * the first backend, changed while serving by reshard.ts; slot-map.ts).
   */
  slotMap: 'env' | 'backend';
  /** How often the persisted map's version is read (and this instance's heartbeat written). */
  mapRefreshMs: number;
  /** An instance that could not refresh the persisted map for this long stops serving. */
  mapLeaseMs: number;
  /** A schema file, or a schema object ({ tables }). */
  schema: string | URL | { tables: unknown };
  /** A named-queries file, or an object ({ queries }). */
  queries: string | URL | { queries: unknown };
  poolSize: number;
  queueLimit: number;
  /** Keys per coalesced Get lookup (1: no coalescing); see get-batcher.ts. */
  readBatch: number;
  /** Lookups of one table in flight per backend before Gets coalesce. */
  readLanes: number;
  statementCacheSize: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  reconnectIntervalMs: number;
  defaultDeadlineMs: number;
  slowQueryMs: number;
  healthIntervalMs: number;
  shutdownTimeoutMs: number;
  limits: Limits;
  logLevel: string;
  logPretty: boolean;
  /** SLG_TLS_* and SLG_INTERNAL_TOKEN (service-kit tls.ts); absent: plaintext, no token. */
  security?: Security;
  /** SLG_GRPC_*: streams per connection, connections, first-request timeout; absent: the kit's defaults. */
  grpcLimits?: GrpcLimits;
}

export const defaultDataDir = fileURLToPath(new URL('../.data/', import.meta.url));

export const defaults: DbProxyConfig = {
  host: '127.0.0.1',
  port: 50051,
  metricsHost: '127.0.0.1',
  metricsPort: 9101,
  backends: `sqlite:${defaultDataDir}dbproxy.sqlite`,
  register: '',
  slots: 1024,
  slotMap: 'env',
  mapRefreshMs: 250,
  mapLeaseMs: 5000,
  schema: defaultSchemaPath,
  queries: defaultQueriesPath,
  poolSize: 16,
  queueLimit: 1024,
  readBatch: 32,
  readLanes: 2,
  statementCacheSize: 128,
  connectTimeoutMs: 2000,
  idleTimeoutMs: 60_000,
  reconnectIntervalMs: 250,
  defaultDeadlineMs: 10_000,
  slowQueryMs: 200,
  healthIntervalMs: 1000,
  shutdownTimeoutMs: 10_000,
  limits: {
    maxBatchOps: 100,
    maxDeleteMembers: 1000,
    defaultPageSize: 100,
    maxPageSize: 1000,
    maxResultRows: 1000,
    maxResponseBytes: 1024 * 1024,
    maxRequestBytes: 1024 * 1024,
  },
  logLevel: 'info',
  logPretty: false,
};

/**
 * Integer knobs, read outside envalid (the cross-checks below need their values even when
 * envalid reports other problems): default, bounds and meaning of each.
 */
export const integers = {
  DBPROXY_SLOTS: int({
    default: defaults.slots,
    min: 1,
    max: 1 << 20,
    desc: 'number of shard slots (fixed for the life of the data)',
  }),
  DBPROXY_MAP_REFRESH_MS: int({
    default: defaults.mapRefreshMs,
    min: 10,
    max: 60_000,
    desc: 'how often the persisted slot map is re-read (DBPROXY_SLOT_MAP=backend)',
  }),
  DBPROXY_MAP_LEASE_MS: int({
    default: defaults.mapLeaseMs,
    min: 100,
    max: 600_000,
    desc: 'an instance that could not re-read the persisted slot map for this long stops serving',
  }),
  DBPROXY_POOL_SIZE: int({
    default: defaults.poolSize,
    min: 1,
    max: 1000,
    desc: 'MySQL connections per backend',
  }),
  DBPROXY_POOL_QUEUE: int({
    default: defaults.queueLimit,
    min: 0,
    max: 1e9,
    desc: 'calls that may wait for a connection, per backend',
  }),
  DBPROXY_READ_BATCH: int({
    default: defaults.readBatch,
    min: 1,
    max: 1024,
    desc: 'keys per coalesced Get lookup under load (1: never coalesce)',
  }),
  DBPROXY_READ_LANES: int({
    default: defaults.readLanes,
    min: 1,
    max: 1000,
    desc: 'Get lookups of a table in flight per backend when full batches wait',
  }),
  DBPROXY_STATEMENT_CACHE: int({
    default: defaults.statementCacheSize,
    min: 1,
    max: 1e6,
    desc: 'prepared statements cached per connection',
  }),
  DBPROXY_CONNECT_TIMEOUT_MS: int({
    default: defaults.connectTimeoutMs,
    min: 1,
    max: 1e9,
    desc: 'MySQL connect timeout',
  }),
  DBPROXY_IDLE_TIMEOUT_MS: int({
    default: defaults.idleTimeoutMs,
    min: 1,
    max: 1e9,
    desc: 'idle MySQL connections are closed after this',
  }),
  DBPROXY_RECONNECT_INTERVAL_MS: int({
    default: defaults.reconnectIntervalMs,
    min: 0,
    max: 1e9,
    desc: 'while a backend is down, one connection attempt per this long',
  }),
  DBPROXY_DEFAULT_DEADLINE_MS: int({
    default: defaults.defaultDeadlineMs,
    min: 1,
    max: 1e9,
    desc: 'deadline of calls whose client set none',
  }),
  DBPROXY_SLOW_QUERY_MS: int({
    default: defaults.slowQueryMs,
    min: 0,
    max: 1e9,
    desc: 'statements at least this slow are logged',
  }),
  DBPROXY_HEALTH_INTERVAL_MS: int({
    default: defaults.healthIntervalMs,
    min: 10,
    max: 1e9,
    desc: 'how often backends are pinged',
  }),
  DBPROXY_MAX_BATCH_OPS: int({
    default: defaults.limits.maxBatchOps,
    min: 1,
    max: 1e6,
    desc: 'ops per Batch',
  }),
  DBPROXY_MAX_DELETE_MEMBERS: int({
    default: defaults.limits.maxDeleteMembers,
    min: 1,
    max: 1e6,
    desc: 'rows per DeleteMany',
  }),
  DBPROXY_DEFAULT_PAGE_SIZE: int({
    default: defaults.limits.defaultPageSize,
    min: 1,
    max: 1e6,
    desc: 'List page size when none is asked',
  }),
  DBPROXY_MAX_PAGE_SIZE: int({
    default: defaults.limits.maxPageSize,
    min: 1,
    max: 1e6,
    desc: 'largest List page',
  }),
  DBPROXY_MAX_RESULT_ROWS: int({
    default: defaults.limits.maxResultRows,
    min: 1,
    max: 1e6,
    desc: 'rows a named Query may return',
  }),
  DBPROXY_MAX_RESPONSE_BYTES: int({
    default: defaults.limits.maxResponseBytes,
    min: 1024,
    max: 1 << 30,
    desc: 'approximate bytes of a List page or Query result',
  }),
  DBPROXY_MAX_REQUEST_BYTES: int({
    default: defaults.limits.maxRequestBytes,
    min: 1024,
    max: 1 << 30,
    desc: 'bytes of a request',
  }),
};

/** What envalid checks (the kit's common variables, addresses, paths). */
export const spec = {
  ...commonEnv,
  ...grpcLimitsEnv,
  DBPROXY_HOST: host({ default: defaults.host, desc: 'gRPC (and /metrics) bind address' }),
  DBPROXY_PORT: listenPort({
    default: defaults.port,
    desc: 'gRPC port (0: any free port, reported in the listening log line)',
  }),
  DBPROXY_REGISTER: str({
    default: '',
    desc: 'etcd://host:port/key/prefix[?ttl=s&advertise=host]: register this instance there while it serves (service discovery); empty: none',
  }),
  DBPROXY_METRICS_PORT: listenPort({
    default: 9101,
    desc: 'HTTP port of /metrics (0: any free port, reported in the listening log line)',
  }),
  DBPROXY_BACKENDS: str({
    default: '',
    desc: 'mysql://user:pass@host:port/db[?slots=a-b] or sqlite:path URLs, space- or comma-separated; empty: one embedded SQLite file under DBPROXY_DATA_DIR',
  }),
  DBPROXY_SLOT_MAP: str({
    default: 'env',
    choices: ['env', 'backend'],
    desc: 'env: the slot map of DBPROXY_BACKENDS, fixed; backend: a persisted map on the first backend (MySQL), changed while serving by the reshard command',
  }),
  DBPROXY_DATA_DIR: str({ default: defaultDataDir, desc: 'where the embedded SQLite file lives' }),
  DBPROXY_SCHEMA: str({
    default: fileURLToPath(defaultSchemaPath),
    desc: 'the table schema (JSON)',
  }),
  DBPROXY_QUERIES: str({
    default: fileURLToPath(defaultQueriesPath),
    desc: 'the named queries (JSON)',
  }),
};

/** Reads db-proxy's configuration from the environment; throws a ConfigError naming every problem. */
export function loadDbProxyConfig(env: NodeJS.ProcessEnv = process.env): DbProxyConfig {
  const problems: string[] = [];
  const sec = securityProblems(env);
  problems.push(...sec.problems);
  let e: ReturnType<typeof loadConfig<typeof spec>> | undefined;
  try {
    e = loadConfig(spec, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  const { values: n, problems: intProblems } = readInts(integers, env);
  problems.push(...intProblems);
  if (n.DBPROXY_DEFAULT_PAGE_SIZE > n.DBPROXY_MAX_PAGE_SIZE) {
    problems.push('DBPROXY_DEFAULT_PAGE_SIZE: must not exceed DBPROXY_MAX_PAGE_SIZE');
  }
  const register = registerProblem('DBPROXY_REGISTER', env.DBPROXY_REGISTER);
  if (register) problems.push(register);
  const backends = e
    ? e.DBPROXY_BACKENDS.trim() || `sqlite:${e.DBPROXY_DATA_DIR.replace(/\/?$/, '/')}dbproxy.sqlite`
    : (env.DBPROXY_BACKENDS ?? '').trim();
  if (backends) {
    try {
      const { specs } = parseBackends(
        backends,
        Number.isInteger(n.DBPROXY_SLOTS) && n.DBPROXY_SLOTS > 0 ? n.DBPROXY_SLOTS : defaults.slots,
      );
      if (e?.DBPROXY_SLOT_MAP === 'backend' && specs[0]?.kind !== 'mysql')
        problems.push(
          'DBPROXY_SLOT_MAP=backend: the first of DBPROXY_BACKENDS holds the map and must be a mysql:// URL',
        );
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (n.DBPROXY_MAP_LEASE_MS < 2 * n.DBPROXY_MAP_REFRESH_MS) {
    problems.push('DBPROXY_MAP_LEASE_MS: must be at least twice DBPROXY_MAP_REFRESH_MS');
  }
  if (problems.length || !e) throw new ConfigError(problems);
  return {
    host: e.DBPROXY_HOST,
    port: e.DBPROXY_PORT,
    metricsHost: e.DBPROXY_HOST,
    metricsPort: e.DBPROXY_METRICS_PORT,
    backends,
    register: e.DBPROXY_REGISTER,
    slots: n.DBPROXY_SLOTS,
    slotMap: e.DBPROXY_SLOT_MAP as 'env' | 'backend',
    mapRefreshMs: n.DBPROXY_MAP_REFRESH_MS,
    mapLeaseMs: n.DBPROXY_MAP_LEASE_MS,
    schema: e.DBPROXY_SCHEMA,
    queries: e.DBPROXY_QUERIES,
    poolSize: n.DBPROXY_POOL_SIZE,
    queueLimit: n.DBPROXY_POOL_QUEUE,
    readBatch: n.DBPROXY_READ_BATCH,
    readLanes: n.DBPROXY_READ_LANES,
    statementCacheSize: n.DBPROXY_STATEMENT_CACHE,
    connectTimeoutMs: n.DBPROXY_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: n.DBPROXY_IDLE_TIMEOUT_MS,
    reconnectIntervalMs: n.DBPROXY_RECONNECT_INTERVAL_MS,
    defaultDeadlineMs: n.DBPROXY_DEFAULT_DEADLINE_MS,
    slowQueryMs: n.DBPROXY_SLOW_QUERY_MS,
    healthIntervalMs: n.DBPROXY_HEALTH_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    limits: {
      maxBatchOps: n.DBPROXY_MAX_BATCH_OPS,
      maxDeleteMembers: n.DBPROXY_MAX_DELETE_MEMBERS,
      defaultPageSize: n.DBPROXY_DEFAULT_PAGE_SIZE,
      maxPageSize: n.DBPROXY_MAX_PAGE_SIZE,
      maxResultRows: n.DBPROXY_MAX_RESULT_ROWS,
      maxResponseBytes: n.DBPROXY_MAX_RESPONSE_BYTES,
      maxRequestBytes: n.DBPROXY_MAX_REQUEST_BYTES,
    },
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    security: sec.security,
    grpcLimits: grpcLimitsOf(e),
  };
}
