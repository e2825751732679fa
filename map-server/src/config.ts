// map-server's configuration: environment variables read once, here, and validated whole
// (every problem reported together). build() takes the result and never reads the environment.
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
  type Security,
  securityProblems,
  str,
} from '@slg/service-kit';
import { addressProblem, isEtcdUrl } from '@slg/service-kit/discovery';

export interface MapServerConfig {
  readonly host: string;
  readonly port: number;
  readonly metricsPort: number;
  readonly dataServerAddress: string;
  /** Base URL of battle-server (POST /v1/battles), or an etcd:// URL (engine/battles-discovered.ts). */
  readonly battleUrl: string;
  /** Deadline of a call that came without one, and of the calls made for it. */
  readonly defaultDeadlineMs: number;
  /** Several worlds can share one data-server: every record key includes the world id. */
  readonly worldId: number;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  /** Side of a storage region in tiles: one collection per region and table. */
  readonly regionSize: number;
  /** Resource fields and monsters generated with a new world. */
  readonly fields: number;
  readonly monsters: number;
  /** Game speed: travel and gathering run this many times faster than the base rates. */
  readonly speed: number;
  /** Largest viewport side, in tiles. */
  readonly maxViewport: number;
  /** Events queued for one stream subscriber before it is closed as too slow. */
  readonly streamBuffer: number;
  /** Settlements (arrivals, gathering ends) running at once. */
  readonly settleConcurrency: number;
  /** Steps due within a tick of this many ms start together at its end (0: at its due time). */
  readonly tickMs: number;
  /** data-server calls in flight while loading the world at start. */
  readonly loadConcurrency: number;
  /** Most writes stored together in one data-server call (group commit); 1: each on its own. */
  readonly writeGroup: number;
  /** Write groups sent to data-server and not yet answered; new writes wait for the next. */
  readonly writeGroupsInFlight: number;
  /** Under load, a write group that is not full waits until this many ms after the last one. */
  readonly writeLingerMs: number;
  /**
   * V8's old generation may grow by this percent of what survived its last full collection
   * before the next one (V8's --heap-growing-percent, set by build()); 0 leaves V8's own factor.
   */
  readonly heapGrowingPercent: number;
  readonly logLevel: string;
  readonly logPretty: boolean;
  readonly shutdownTimeoutMs: number;
  /** SLG_TLS_* and SLG_INTERNAL_TOKEN (service-kit tls.ts): served, and used to call data-server and battle-server. */
  readonly security?: Security;
  /** SLG_GRPC_*: streams per connection, connections, first-request timeout; absent: the kit's defaults. */
  readonly grpcLimits?: GrpcLimits;
}

export const envSpec = {
  ...commonEnv,
  ...grpcLimitsEnv,
  MAPSERVER_HOST: host({ default: '127.0.0.1', desc: 'gRPC (and /metrics) bind address' }),
  MAPSERVER_PORT: listenPort({
    default: 50053,
    desc: 'gRPC port (0: any free port, reported in the listening log line)',
  }),
  MAPSERVER_METRICS_PORT: listenPort({
    default: 9103,
    desc: 'Prometheus /metrics port (0: any free port, reported in the listening log line)',
  }),
  MAPSERVER_DATASERVER_ADDR: str({
    default: '127.0.0.1:50052',
    desc: 'data-server gRPC address: host:port, or etcd://host:port/key/prefix (every data-server registered there, round-robin)',
  }),
  MAPSERVER_BATTLE_URL: str({
    default: 'http://127.0.0.1:8080',
    desc: 'battle-server base URL (default https:// when SLG_TLS_CERT is set), or etcd://host:port/key/prefix (every battle-server registered there, round-robin)',
  }),
  MAPSERVER_DEADLINE_MS: int({
    default: 10_000,
    min: 1,
    max: 3_600_000,
    desc: 'deadline of a call that came without one',
  }),
  MAPSERVER_WORLD_ID: int({
    default: 1,
    min: 1,
    max: 2 ** 31 - 1,
    desc: 'id of the world (its records are keyed by it)',
  }),
  MAPSERVER_WIDTH: int({
    default: 1200,
    min: 8,
    max: 10_000,
    desc: 'world width in tiles',
  }),
  MAPSERVER_HEIGHT: int({
    default: 1200,
    min: 8,
    max: 10_000,
    desc: 'world height in tiles',
  }),
  MAPSERVER_SEED: int({
    default: 1,
    min: 0,
    max: 2 ** 32 - 1,
    desc: 'seed of the terrain and of the generated fields and monsters',
  }),
  MAPSERVER_REGION_SIZE: int({
    default: 100,
    min: 4,
    max: 1000,
    desc: 'side of a storage region in tiles',
  }),
  MAPSERVER_FIELDS: int({
    default: 1_500,
    min: 0,
    max: 10_000_000,
    desc: 'resource fields of a new world',
  }),
  MAPSERVER_MONSTERS: int({
    default: 500,
    min: 0,
    max: 10_000_000,
    desc: 'monsters of a new world',
  }),
  MAPSERVER_SPEED: int({
    default: 1,
    min: 1,
    max: 1_000_000,
    desc: 'game speed multiplier (travel and gathering)',
  }),
  MAPSERVER_MAX_VIEWPORT: int({
    default: 100,
    min: 1,
    max: 1000,
    desc: 'largest viewport side in tiles',
  }),
  MAPSERVER_STREAM_BUFFER: int({
    default: 1024,
    min: 1,
    max: 1_000_000,
    desc: 'events queued per stream subscriber before it is closed',
  }),
  MAPSERVER_SETTLE_CONCURRENCY: int({
    default: 64,
    min: 1,
    max: 10_000,
    desc: 'settlements running at once',
  }),
  MAPSERVER_TICK_MS: int({
    default: 0,
    min: 0,
    max: 1000,
    desc: 'march steps due within a tick of this many ms start together at its end, so that their writes share data-server calls (0: each at its own due time)',
  }),
  MAPSERVER_LOAD_CONCURRENCY: int({
    default: 16,
    min: 1,
    max: 1000,
    desc: 'data-server calls in flight while loading the world',
  }),
  MAPSERVER_WRITE_GROUP: int({
    default: 64,
    min: 1,
    max: 100,
    desc: 'most writes (of any owners) stored together in one data-server call, one db-proxy transaction (1: each write on its own)',
  }),
  MAPSERVER_WRITE_GROUPS_IN_FLIGHT: int({
    default: 1,
    min: 1,
    max: 16,
    desc: 'write groups sent to data-server and not yet answered; writes that come meanwhile wait and form the next group (1: the largest groups, the least CPU per write)',
  }),
  MAPSERVER_WRITE_LINGER_MS: int({
    default: 20,
    min: 0,
    max: 1000,
    desc: 'under load (the last write group carried more than one write), a group that is not full waits until this many ms after the last was sent: fewer and larger groups, less CPU per write, a write answered up to this much later; a lone writer never waits (0: a group goes as soon as the one in flight is answered)',
  }),
  MAPSERVER_HEAP_GROWING_PERCENT: int({
    default: 40,
    min: 0,
    max: 300,
    desc: "old-generation growth allowed between V8's full collections, in percent of the live heap (0: V8's own factor, up to 300%)",
  }),
};

/** Reads and checks the environment; throws a ConfigError naming every problem. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): MapServerConfig {
  const sec = securityProblems(env);
  const problems: string[] = [...sec.problems];
  const addr = addressProblem('MAPSERVER_DATASERVER_ADDR', env.MAPSERVER_DATASERVER_ADDR);
  if (addr) problems.push(addr);
  const url = env.MAPSERVER_BATTLE_URL;
  if (url !== undefined && isEtcdUrl(url)) {
    const problem = addressProblem('MAPSERVER_BATTLE_URL', url);
    if (problem) problems.push(problem);
  } else if (url !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(url)) {
    problems.push(
      `MAPSERVER_BATTLE_URL=${JSON.stringify(url)}: must be http://host:port (no path)`,
    );
  } else if (url?.startsWith('http:') && sec.security.tls) {
    problems.push(
      `MAPSERVER_BATTLE_URL=${JSON.stringify(url)}: TLS is on (SLG_TLS_CERT), so battle-server is called at https://`,
    );
  }
  let e: ReturnType<typeof loadConfig<typeof envSpec>>;
  try {
    e = loadConfig(envSpec, env);
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError([...err.problems, ...problems]);
    throw err;
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    host: e.MAPSERVER_HOST,
    port: e.MAPSERVER_PORT,
    metricsPort: e.MAPSERVER_METRICS_PORT,
    dataServerAddress: e.MAPSERVER_DATASERVER_ADDR,
    battleUrl: (url || !sec.security.tls
      ? e.MAPSERVER_BATTLE_URL
      : e.MAPSERVER_BATTLE_URL.replace(/^http:/, 'https:')
    ).replace(/\/$/, ''),
    defaultDeadlineMs: e.MAPSERVER_DEADLINE_MS,
    worldId: e.MAPSERVER_WORLD_ID,
    width: e.MAPSERVER_WIDTH,
    height: e.MAPSERVER_HEIGHT,
    seed: e.MAPSERVER_SEED,
    regionSize: e.MAPSERVER_REGION_SIZE,
    fields: e.MAPSERVER_FIELDS,
    monsters: e.MAPSERVER_MONSTERS,
    speed: e.MAPSERVER_SPEED,
    maxViewport: e.MAPSERVER_MAX_VIEWPORT,
    streamBuffer: e.MAPSERVER_STREAM_BUFFER,
    settleConcurrency: e.MAPSERVER_SETTLE_CONCURRENCY,
    tickMs: e.MAPSERVER_TICK_MS,
    loadConcurrency: e.MAPSERVER_LOAD_CONCURRENCY,
    writeGroup: e.MAPSERVER_WRITE_GROUP,
    writeGroupsInFlight: e.MAPSERVER_WRITE_GROUPS_IN_FLIGHT,
    writeLingerMs: e.MAPSERVER_WRITE_LINGER_MS,
    heapGrowingPercent: e.MAPSERVER_HEAP_GROWING_PERCENT,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    security: sec.security,
    grpcLimits: grpcLimitsOf(e),
  };
}

/** The defaults (as `npm start` runs it), with overrides: for tests and embedding. */
export function defaultConfig(overrides: Partial<MapServerConfig> = {}): MapServerConfig {
  return { ...configFromEnv({}), ...overrides };
}
