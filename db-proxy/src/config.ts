// db-proxy's configuration: every environment variable it reads, read once
// here, checked whole (every problem reported together), with defaults that
// run on a laptop with nothing installed (the embedded SQLite backend).
import { fileURLToPath } from 'node:url';
import { ConfigError, commonEnv, host, loadConfig, num, port, str } from '@slg/service-kit';
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
  slots: number;
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
}

export const defaultDataDir = fileURLToPath(new URL('../.data/', import.meta.url));

export const defaults: DbProxyConfig = {
  host: '127.0.0.1',
  port: 50051,
  metricsHost: '127.0.0.1',
  metricsPort: 9101,
  backends: `sqlite:${defaultDataDir}dbproxy.sqlite`,
  slots: 1024,
  schema: defaultSchemaPath,
  queries: defaultQueriesPath,
  poolSize: 16,
  queueLimit: 1024,
  readBatch: 32,
  readLanes: 4,
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

const positive = (d: number, desc: string) => num({ default: d, desc });

const spec = {
  ...commonEnv,
  DBPROXY_HOST: host({ default: defaults.host, desc: 'gRPC bind address' }),
  DBPROXY_PORT: port({ default: defaults.port, desc: 'gRPC port' }),
  DBPROXY_METRICS_PORT: port({ default: 9101, desc: 'HTTP port of /metrics' }),
  DBPROXY_BACKENDS: str({
    default: '',
    desc: 'mysql://user:pass@host:port/db[?slots=a-b] or sqlite:path URLs, space- or comma-separated; empty: one embedded SQLite file under DBPROXY_DATA_DIR',
  }),
  DBPROXY_DATA_DIR: str({ default: defaultDataDir, desc: 'where the embedded SQLite file lives' }),
  DBPROXY_SLOTS: positive(defaults.slots, 'number of shard slots (fixed for the life of the data)'),
  DBPROXY_SCHEMA: str({
    default: fileURLToPath(defaultSchemaPath),
    desc: 'the table schema (JSON)',
  }),
  DBPROXY_QUERIES: str({
    default: fileURLToPath(defaultQueriesPath),
    desc: 'the named queries (JSON)',
  }),
  DBPROXY_POOL_SIZE: positive(defaults.poolSize, 'MySQL connections per backend'),
  DBPROXY_POOL_QUEUE: positive(
    defaults.queueLimit,
    'calls that may wait for a connection, per backend',
  ),
  DBPROXY_READ_BATCH: positive(
    defaults.readBatch,
    'keys per coalesced Get lookup under load (1: never coalesce)',
  ),
  DBPROXY_READ_LANES: positive(
    defaults.readLanes,
    'Get lookups of one table in flight per backend before Gets coalesce',
  ),
  DBPROXY_STATEMENT_CACHE: positive(
    defaults.statementCacheSize,
    'prepared statements cached per connection',
  ),
  DBPROXY_CONNECT_TIMEOUT_MS: positive(defaults.connectTimeoutMs, 'MySQL connect timeout'),
  DBPROXY_IDLE_TIMEOUT_MS: positive(
    defaults.idleTimeoutMs,
    'idle MySQL connections are closed after this',
  ),
  DBPROXY_RECONNECT_INTERVAL_MS: positive(
    defaults.reconnectIntervalMs,
    'while a backend is down, calls fail fast for this long between connection attempts',
  ),
  DBPROXY_DEFAULT_DEADLINE_MS: positive(
    defaults.defaultDeadlineMs,
    'deadline of calls whose client set none',
  ),
  DBPROXY_SLOW_QUERY_MS: positive(defaults.slowQueryMs, 'statements at least this slow are logged'),
  DBPROXY_HEALTH_INTERVAL_MS: positive(defaults.healthIntervalMs, 'how often backends are pinged'),
  DBPROXY_MAX_BATCH_OPS: positive(defaults.limits.maxBatchOps, 'ops per Batch'),
  DBPROXY_MAX_DELETE_MEMBERS: positive(defaults.limits.maxDeleteMembers, 'rows per DeleteMany'),
  DBPROXY_DEFAULT_PAGE_SIZE: positive(
    defaults.limits.defaultPageSize,
    'List page size when none is asked',
  ),
  DBPROXY_MAX_PAGE_SIZE: positive(defaults.limits.maxPageSize, 'largest List page'),
  DBPROXY_MAX_RESULT_ROWS: positive(defaults.limits.maxResultRows, 'rows a named Query may return'),
  DBPROXY_MAX_RESPONSE_BYTES: positive(
    defaults.limits.maxResponseBytes,
    'approximate bytes of a List page or Query result',
  ),
  DBPROXY_MAX_REQUEST_BYTES: positive(defaults.limits.maxRequestBytes, 'bytes of a request'),
};

/** Reads db-proxy's configuration from the environment; throws a ConfigError naming every problem. */
export function loadDbProxyConfig(env: NodeJS.ProcessEnv = process.env): DbProxyConfig {
  const e = loadConfig(spec, env);
  const problems: string[] = [];
  const integer = (name: keyof typeof spec, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const v = e[name] as number;
    if (!Number.isInteger(v) || v < min || v > max)
      problems.push(
        `${name}=${JSON.stringify(env[name])}: must be an integer from ${min} to ${max}`,
      );
    return v;
  };
  const cfg: DbProxyConfig = {
    host: e.DBPROXY_HOST,
    port: e.DBPROXY_PORT,
    metricsHost: e.DBPROXY_HOST,
    metricsPort: e.DBPROXY_METRICS_PORT,
    backends:
      e.DBPROXY_BACKENDS.trim() ||
      `sqlite:${e.DBPROXY_DATA_DIR.replace(/\/?$/, '/')}dbproxy.sqlite`,
    slots: integer('DBPROXY_SLOTS', 1, 1 << 20),
    schema: e.DBPROXY_SCHEMA,
    queries: e.DBPROXY_QUERIES,
    poolSize: integer('DBPROXY_POOL_SIZE', 1, 1000),
    queueLimit: integer('DBPROXY_POOL_QUEUE', 0),
    readBatch: integer('DBPROXY_READ_BATCH', 1, 1024),
    readLanes: integer('DBPROXY_READ_LANES', 1, 1000),
    statementCacheSize: integer('DBPROXY_STATEMENT_CACHE', 1),
    connectTimeoutMs: integer('DBPROXY_CONNECT_TIMEOUT_MS', 1),
    idleTimeoutMs: integer('DBPROXY_IDLE_TIMEOUT_MS', 1),
    reconnectIntervalMs: integer('DBPROXY_RECONNECT_INTERVAL_MS', 0),
    defaultDeadlineMs: integer('DBPROXY_DEFAULT_DEADLINE_MS', 1),
    slowQueryMs: integer('DBPROXY_SLOW_QUERY_MS', 0),
    healthIntervalMs: integer('DBPROXY_HEALTH_INTERVAL_MS', 10),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    limits: {
      maxBatchOps: integer('DBPROXY_MAX_BATCH_OPS', 1),
      maxDeleteMembers: integer('DBPROXY_MAX_DELETE_MEMBERS', 1),
      defaultPageSize: integer('DBPROXY_DEFAULT_PAGE_SIZE', 1),
      maxPageSize: integer('DBPROXY_MAX_PAGE_SIZE', 1),
      maxResultRows: integer('DBPROXY_MAX_RESULT_ROWS', 1),
      maxResponseBytes: integer('DBPROXY_MAX_RESPONSE_BYTES', 1024),
      maxRequestBytes: integer('DBPROXY_MAX_REQUEST_BYTES', 1024),
    },
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
  };
  if (cfg.limits.defaultPageSize > cfg.limits.maxPageSize) {
    problems.push('DBPROXY_DEFAULT_PAGE_SIZE: must not exceed DBPROXY_MAX_PAGE_SIZE');
  }
  try {
    parseBackends(cfg.backends, cfg.slots);
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (problems.length) throw new ConfigError(problems);
  return cfg;
}
