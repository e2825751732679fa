// map-server's configuration: environment variables read once, here, and validated whole
// (every problem reported together). build() takes the result and never reads the environment.
import {
  ConfigError,
  commonEnv,
  host,
  listenPort,
  loadConfig,
  num,
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
  /** data-server calls in flight while loading the world at start. */
  readonly loadConcurrency: number;
  /** Most writes stored together in one data-server call (group commit); 1: each on its own. */
  readonly writeGroup: number;
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
}

const int = (desc: string, def: number) => num({ default: def, desc });

export const envSpec = {
  ...commonEnv,
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
  MAPSERVER_DEADLINE_MS: int('deadline of a call that came without one', 10_000),
  MAPSERVER_WORLD_ID: int('id of the world (its records are keyed by it)', 1),
  MAPSERVER_WIDTH: int('world width in tiles', 1200),
  MAPSERVER_HEIGHT: int('world height in tiles', 1200),
  MAPSERVER_SEED: int('seed of the terrain and of the generated fields and monsters', 1),
  MAPSERVER_REGION_SIZE: int('side of a storage region in tiles', 100),
  MAPSERVER_FIELDS: int('resource fields of a new world', 1_500),
  MAPSERVER_MONSTERS: int('monsters of a new world', 500),
  MAPSERVER_SPEED: int('game speed multiplier (travel and gathering)', 1),
  MAPSERVER_MAX_VIEWPORT: int('largest viewport side in tiles', 100),
  MAPSERVER_STREAM_BUFFER: int('events queued per stream subscriber before it is closed', 1024),
  MAPSERVER_SETTLE_CONCURRENCY: int('settlements running at once', 64),
  MAPSERVER_LOAD_CONCURRENCY: int('data-server calls in flight while loading the world', 16),
  MAPSERVER_WRITE_GROUP: int(
    'most writes (of any owners) stored together in one data-server call, one db-proxy transaction (1: each write on its own)',
    64,
  ),
  MAPSERVER_HEAP_GROWING_PERCENT: int(
    "old-generation growth allowed between V8's full collections, in percent of the live heap (0: V8's own factor, up to 300%)",
    40,
  ),
};

const integerRanges: [keyof typeof envSpec, number, number][] = [
  ['MAPSERVER_DEADLINE_MS', 1, 3_600_000],
  ['MAPSERVER_WORLD_ID', 1, 2 ** 31 - 1],
  ['MAPSERVER_WIDTH', 8, 10_000],
  ['MAPSERVER_HEIGHT', 8, 10_000],
  ['MAPSERVER_SEED', 0, 2 ** 32 - 1],
  ['MAPSERVER_REGION_SIZE', 4, 1000],
  ['MAPSERVER_FIELDS', 0, 10_000_000],
  ['MAPSERVER_MONSTERS', 0, 10_000_000],
  ['MAPSERVER_SPEED', 1, 1_000_000],
  ['MAPSERVER_MAX_VIEWPORT', 1, 1000],
  ['MAPSERVER_STREAM_BUFFER', 1, 1_000_000],
  ['MAPSERVER_SETTLE_CONCURRENCY', 1, 10_000],
  ['MAPSERVER_LOAD_CONCURRENCY', 1, 1000],
  ['MAPSERVER_WRITE_GROUP', 1, 100],
  ['MAPSERVER_HEAP_GROWING_PERCENT', 0, 300],
];

/** Reads and checks the environment; throws a ConfigError naming every problem. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): MapServerConfig {
  const sec = securityProblems(env);
  const problems: string[] = [...sec.problems];
  for (const [name, min, max] of integerRanges) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}=${JSON.stringify(value)}: must be an integer from ${min} to ${max}`);
    }
  }
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
    loadConcurrency: e.MAPSERVER_LOAD_CONCURRENCY,
    writeGroup: e.MAPSERVER_WRITE_GROUP,
    heapGrowingPercent: e.MAPSERVER_HEAP_GROWING_PERCENT,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    security: sec.security,
  };
}

/** The defaults (as `npm start` runs it), with overrides: for tests and embedding. */
export function defaultConfig(overrides: Partial<MapServerConfig> = {}): MapServerConfig {
  return { ...configFromEnv({}), ...overrides };
}
