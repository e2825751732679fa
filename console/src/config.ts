// The console's configuration: environment variables read once, here, and validated whole (every
// problem reported together). build() takes the result and never reads the environment.
import {
  ConfigError,
  commonEnv,
  host,
  int,
  listenPort,
  loadConfig,
  type Security,
  securityProblems,
  str,
} from '@slg/service-kit/core';
import { addressProblem } from '@slg/service-kit/etcd-url';

/** A service whose /metrics the stack panel reads. */
export interface MetricsTarget {
  readonly name: string;
  readonly url: string;
}

export interface ConsoleConfig {
  readonly host: string;
  readonly port: number;
  readonly mapServerAddress: string;
  readonly dataServerAddress: string;
  /** The services of the stack panel, in the order they are shown. */
  readonly metrics: readonly MetricsTarget[];
  /** Largest viewport side asked of map-server (its MAPSERVER_MAX_VIEWPORT). */
  readonly maxViewport: number;
  /**
   * Largest side of a page's view: a larger view than maxViewport is asked as several viewport
   * queries and watched with several streams, one per square of maxViewport.
   */
  readonly maxView: number;
  /** Deadline of each call to the stack. */
  readonly deadlineMs: number;
  /** Pages with a Watch stream open at once; one more is refused (503) with a message. */
  readonly maxStreams: number;
  readonly logLevel: string;
  readonly logPretty: boolean;
  readonly shutdownTimeoutMs: number;
  /** SLG_TLS_* and SLG_INTERNAL_TOKEN: used to call the stack (the console itself serves plain HTTP). */
  readonly security?: Security;
}

export const envSpec = {
  ...commonEnv,
  CONSOLE_HOST: host({ default: '127.0.0.1', desc: 'address the page is served on' }),
  CONSOLE_PORT: listenPort({
    default: 8090,
    desc: 'HTTP port of the page (0: any free port, reported in the listening log line)',
  }),
  CONSOLE_MAPSERVER_ADDR: str({
    default: '127.0.0.1:50053',
    desc: 'map-server gRPC address (host:port or etcd://...)',
  }),
  CONSOLE_DATASERVER_ADDR: str({
    default: '127.0.0.1:50052',
    desc: 'data-server gRPC address (host:port or etcd://...): the records shown on a click',
  }),
  CONSOLE_DBPROXY_METRICS_URL: str({
    default: 'http://127.0.0.1:9101/metrics',
    desc: "db-proxy's /metrics (empty: not shown)",
  }),
  CONSOLE_DATASERVER_METRICS_URL: str({
    default: 'http://127.0.0.1:9102/metrics',
    desc: "data-server's /metrics (empty: not shown)",
  }),
  CONSOLE_BATTLE_METRICS_URL: str({
    default: 'http://127.0.0.1:8080/metrics',
    desc: "battle-server's /metrics (https:// when the stack runs TLS; empty: not shown)",
  }),
  CONSOLE_MAPSERVER_METRICS_URL: str({
    default: 'http://127.0.0.1:9103/metrics',
    desc: "map-server's /metrics (empty: not shown)",
  }),
  CONSOLE_MAX_VIEWPORT: int({
    default: 100,
    min: 1,
    max: 1000,
    desc: 'largest viewport side asked of map-server (its MAPSERVER_MAX_VIEWPORT)',
  }),
  CONSOLE_MAX_VIEW: int({
    default: 300,
    min: 1,
    max: 2000,
    desc: "largest side of a page's view; over CONSOLE_MAX_VIEWPORT it is several queries and streams",
  }),
  CONSOLE_DEADLINE_MS: int({
    default: 5000,
    min: 1,
    max: 600_000,
    desc: 'deadline of each call to the stack',
  }),
  CONSOLE_MAX_STREAMS: int({
    default: 32,
    min: 1,
    max: 10_000,
    desc: 'Watch streams open at once (one per page)',
  }),
};

const metricsVars = [
  ['db-proxy', 'CONSOLE_DBPROXY_METRICS_URL'],
  ['data-server', 'CONSOLE_DATASERVER_METRICS_URL'],
  ['battle-server', 'CONSOLE_BATTLE_METRICS_URL'],
  ['map-server', 'CONSOLE_MAPSERVER_METRICS_URL'],
] as const;

/** Reads and checks the environment; throws a ConfigError naming every problem. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ConsoleConfig {
  // A client of the stack: TLS is on as soon as any TLS variable is set (a CA alone will do).
  const sec = securityProblems(env, 'client');
  const problems: string[] = [...sec.problems];
  for (const name of ['CONSOLE_MAPSERVER_ADDR', 'CONSOLE_DATASERVER_ADDR'] as const) {
    const problem = addressProblem(name, env[name]);
    if (problem) problems.push(problem);
  }
  for (const [, name] of metricsVars) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (!/^https?:\/\/[^/\s]+\/\S*$/.test(value))
      problems.push(`${name}=${JSON.stringify(value)}: must be http(s)://host:port/path`);
  }
  let e: ReturnType<typeof loadConfig<typeof envSpec>>;
  try {
    e = loadConfig(envSpec, env);
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError([...err.problems, ...problems]);
    throw err;
  }
  if (problems.length) throw new ConfigError(problems);
  // battle-server serves /metrics on its own port, so over https when the stack runs TLS.
  const battleDefault = sec.security.tls && env.CONSOLE_BATTLE_METRICS_URL === undefined;
  return {
    host: e.CONSOLE_HOST,
    port: e.CONSOLE_PORT,
    mapServerAddress: e.CONSOLE_MAPSERVER_ADDR,
    dataServerAddress: e.CONSOLE_DATASERVER_ADDR,
    metrics: metricsVars
      .map(([name, v]) => ({
        name,
        url:
          v === 'CONSOLE_BATTLE_METRICS_URL' && battleDefault
            ? e[v].replace(/^http:/, 'https:')
            : e[v],
      }))
      .filter((m) => m.url !== ''),
    maxViewport: e.CONSOLE_MAX_VIEWPORT,
    maxView: e.CONSOLE_MAX_VIEW,
    deadlineMs: e.CONSOLE_DEADLINE_MS,
    maxStreams: e.CONSOLE_MAX_STREAMS,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    security: sec.security,
  };
}

/** The defaults, with overrides: for tests and embedding. */
export function defaultConfig(overrides: Partial<ConsoleConfig> = {}): ConsoleConfig {
  return { ...configFromEnv({}), ...overrides };
}
