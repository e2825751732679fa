// data-server's configuration: environment variables read once, here, and
// validated whole (every problem reported together). build() takes the result
// and never reads the environment.
import {
  ConfigError,
  commonEnv,
  type GrpcLimits,
  grpcLimitsEnv,
  grpcLimitsOf,
  host,
  listenPort,
  loadConfig,
  nonNegativeNum,
  positiveNum,
  type Security,
  securityProblems,
  str,
} from '@slg/service-kit';
import { addressProblem, registerProblem } from '@slg/service-kit/discovery';
import { defaultSchemaPath } from './schema.ts';

export interface DataServerConfig {
  readonly host: string;
  readonly port: number;
  readonly metricsPort: number;
  /** host:port, or an etcd:// URL: every db-proxy registered there, round-robin. */
  readonly dbProxyAddress: string;
  /** An etcd URL this instance registers under while serving; '' = none. */
  readonly register: string;
  /** Deadline of a call that came without one (and of db-proxy calls made for it). */
  readonly defaultDeadlineMs: number;
  /** Empty: the embedded in-process cache. */
  readonly redisUrl: string;
  /** Redis Cluster seed nodes (host:port); empty: not a cluster. Exclusive with redisUrl. */
  readonly redisCluster: readonly string[];
  readonly keyPrefix: string;
  readonly recordTtlMs: number;
  readonly collectionTtlMs: number;
  readonly absentTtlMs: number;
  readonly leaseMs: number;
  readonly leaseWaitMs: number;
  readonly redisCommandTimeoutMs: number;
  readonly redisProbeMs: number;
  readonly redisSettleMs: number;
  readonly maxPendingInvalidations: number;
  readonly memoryCacheBytes: number;
  readonly schemaPath: string;
  readonly logLevel: string;
  readonly logPretty: boolean;
  readonly shutdownTimeoutMs: number;
  /** SLG_TLS_* and SLG_INTERNAL_TOKEN (service-kit tls.ts), served and used to call db-proxy. */
  readonly security?: Security;
  /** SLG_GRPC_*: streams per connection, connections, first-request timeout; absent: the kit's defaults. */
  readonly grpcLimits?: GrpcLimits;
}

const positive = (desc: string, def: number) => positiveNum({ default: def, desc });

export const envSpec = {
  ...commonEnv,
  ...grpcLimitsEnv,
  DATASERVER_HOST: host({ default: '127.0.0.1', desc: 'gRPC (and /metrics) bind address' }),
  DATASERVER_PORT: listenPort({
    default: 50052,
    desc: 'gRPC port (0: any free port, reported in the listening log line)',
  }),
  DATASERVER_METRICS_PORT: listenPort({
    default: 9102,
    desc: 'Prometheus /metrics port (0: any free port, reported in the listening log line)',
  }),
  DATASERVER_DBPROXY_ADDR: str({
    default: '127.0.0.1:50051',
    desc: 'db-proxy gRPC address: host:port, or etcd://host:port/key/prefix (every db-proxy registered there, round-robin)',
  }),
  DATASERVER_REGISTER: str({
    default: '',
    desc: 'etcd://host:port/key/prefix[?ttl=s&advertise=host]: register this instance there while it serves; empty: none',
  }),
  DATASERVER_DEADLINE_MS: positive('deadline of a call that came without one', 10_000),
  DATASERVER_REDIS_URL: str({
    default: '',
    desc: 'Redis URL (redis://host:port/db) of the shared cache; empty = the embedded in-process cache',
  }),
  DATASERVER_REDIS_CLUSTER: str({
    default: '',
    desc: 'Redis Cluster seed nodes, host:port,host:port,... (the shared cache on a cluster; instead of DATASERVER_REDIS_URL)',
  }),
  DATASERVER_KEY_PREFIX: str({ default: 'ds:', desc: 'prefix of every cache key' }),
  DATASERVER_RECORD_TTL_MS: positive('how long a record stays cached', 300_000),
  DATASERVER_COLLECTION_TTL_MS: positive('how long a collection stays cached', 300_000),
  DATASERVER_ABSENT_TTL_MS: positive('how long "no such record" stays cached', 60_000),
  DATASERVER_LEASE_MS: positive(
    'lifetime of a fill lease (a load slower than this cannot fill)',
    3_000,
  ),
  DATASERVER_LEASE_WAIT_MS: nonNegativeNum({
    default: 3,
    desc: 'when another instance holds the lease, wait this long for its fill before reading through',
  }),
  DATASERVER_REDIS_TIMEOUT_MS: positive(
    'a Redis command without an answer by then fails (cache degraded)',
    500,
  ),
  DATASERVER_REDIS_PROBE_MS: positive(
    'while degraded, how often to check whether Redis answers again',
    250,
  ),
  DATASERVER_REDIS_SETTLE_MS: nonNegativeNum({
    default: 1000,
    desc: 'after an outage, how long the cache stays unused once this instance replayed its invalidations (the other instances replay theirs meanwhile)',
  }),
  DATASERVER_MAX_PENDING_INVALIDATIONS: positive(
    'invalidations kept while Redis is away; beyond it the whole prefix is flushed on recovery',
    100_000,
  ),
  DATASERVER_MEMORY_CACHE_MB: positive('size bound of the embedded cache, in MiB', 64),
  DATASERVER_SCHEMA_PATH: str({
    default: defaultSchemaPath,
    desc: "db-proxy's schema file (the same db-proxy reads); empty: the one db-proxy ships, @slg/db-proxy/schema/game.json, built into the bundle",
  }),
};

const hostPort = /^[^:\s,]+:\d+$|^\[[0-9a-fA-F:]+\]:\d+$/;
const prefixPattern = /^[A-Za-z0-9:_.-]{1,64}$/;
/** Reads and checks the environment; throws a ConfigError naming every problem. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): DataServerConfig {
  // Checks envalid's validators do not express, on the raw strings, so that every problem
  // (theirs and these) is reported in one list.
  const sec = securityProblems(env);
  const problems: string[] = [...sec.problems];
  const raw = (name: string) => env[name];
  const prefix = raw('DATASERVER_KEY_PREFIX');
  if (prefix !== undefined && !prefixPattern.test(prefix)) {
    problems.push(`DATASERVER_KEY_PREFIX=${JSON.stringify(prefix)}: must match ${prefixPattern}`);
  }
  const redisUrl = raw('DATASERVER_REDIS_URL');
  if (redisUrl && !/^rediss?:\/\/[^/\s]+/.test(redisUrl)) {
    problems.push(
      `DATASERVER_REDIS_URL=${JSON.stringify(redisUrl)}: must be redis://host:port[/db] (or empty for the embedded cache)`,
    );
  }
  const cluster = raw('DATASERVER_REDIS_CLUSTER');
  if (cluster) {
    const bad = cluster.split(',').filter((n) => !hostPort.test(n.trim()));
    if (bad.length) {
      problems.push(
        `DATASERVER_REDIS_CLUSTER=${JSON.stringify(cluster)}: must be host:port,host:port,... (${bad.map((b) => JSON.stringify(b)).join(', ')} is not host:port)`,
      );
    }
    if (redisUrl) {
      problems.push(
        'DATASERVER_REDIS_URL and DATASERVER_REDIS_CLUSTER are both set: give one (a single Redis or a cluster)',
      );
    }
  }
  for (const problem of [
    addressProblem('DATASERVER_DBPROXY_ADDR', raw('DATASERVER_DBPROXY_ADDR')),
    registerProblem('DATASERVER_REGISTER', raw('DATASERVER_REGISTER')),
  ])
    if (problem) problems.push(problem);
  let e: ReturnType<typeof loadConfig<typeof envSpec>>;
  try {
    e = loadConfig(envSpec, env);
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError([...err.problems, ...problems]);
    throw err;
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    host: e.DATASERVER_HOST,
    port: e.DATASERVER_PORT,
    metricsPort: e.DATASERVER_METRICS_PORT,
    dbProxyAddress: e.DATASERVER_DBPROXY_ADDR,
    register: e.DATASERVER_REGISTER,
    defaultDeadlineMs: e.DATASERVER_DEADLINE_MS,
    redisUrl: e.DATASERVER_REDIS_URL,
    redisCluster: e.DATASERVER_REDIS_CLUSTER
      ? e.DATASERVER_REDIS_CLUSTER.split(',').map((n) => n.trim())
      : [],
    keyPrefix: e.DATASERVER_KEY_PREFIX,
    recordTtlMs: e.DATASERVER_RECORD_TTL_MS,
    collectionTtlMs: e.DATASERVER_COLLECTION_TTL_MS,
    absentTtlMs: e.DATASERVER_ABSENT_TTL_MS,
    leaseMs: e.DATASERVER_LEASE_MS,
    leaseWaitMs: e.DATASERVER_LEASE_WAIT_MS,
    redisCommandTimeoutMs: e.DATASERVER_REDIS_TIMEOUT_MS,
    redisProbeMs: e.DATASERVER_REDIS_PROBE_MS,
    redisSettleMs: e.DATASERVER_REDIS_SETTLE_MS,
    maxPendingInvalidations: e.DATASERVER_MAX_PENDING_INVALIDATIONS,
    memoryCacheBytes: Math.round(e.DATASERVER_MEMORY_CACHE_MB * 1024 * 1024),
    schemaPath: e.DATASERVER_SCHEMA_PATH,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    security: sec.security,
    grpcLimits: grpcLimitsOf(e),
  };
}

/** The defaults (as `npm start` runs it), with overrides: for tests and embedding. */
export function defaultConfig(overrides: Partial<DataServerConfig> = {}): DataServerConfig {
  return { ...configFromEnv({}), ...overrides };
}
