// Builds db-proxy from a configuration (no environment reads here): schema,
// named queries, backends and their shard map, migrations, the gRPC service,
// health and metrics. `listen()` binds; `close()` drains and closes.

import type { MetricsServer } from '@slg/service-kit';
import {
  createLogger,
  createMetricsRegistry,
  GrpcServer,
  type Logger,
  startMetricsServer,
  UnavailableError,
} from '@slg/service-kit';
import type { Registry } from 'prom-client';
import type { MysqlBackend } from './backends/mysql.ts';
import type { Backend } from './backends/types.ts';
import { type DbProxyConfig, defaults } from './config.ts';
import { DbProxyMetrics } from './metrics.ts';
import { migrate } from './migrate.ts';
import { loadQueries, type NamedQuery } from './queries.ts';
import { loadSchema, type Schema } from './schema.ts';
import { createHandlers, dbProxyDefinition } from './service.ts';
import { type BackendSpec, parseBackends, ShardMap } from './shards.ts';
import { backendId, DynamicRouter, type Router, StaticRouter } from './slot-map.ts';
import { RecordStore } from './store.ts';
import { Validator } from './validate.ts';

export const SERVICE_NAME = 'slg.dbproxy.v1.DbProxy';

export interface DbProxyApp {
  readonly config: DbProxyConfig;
  readonly server: GrpcServer;
  readonly registry: Registry;
  readonly logger: Logger;
  readonly schema: Schema;
  readonly queries: ReadonlyMap<string, NamedQuery>;
  /** Where each slot is now (the persisted map, when DBPROXY_SLOT_MAP=backend). */
  readonly shards: ShardMap<Backend>;
  readonly router: Router;
  readonly backends: readonly Backend[];
  /** Bound ports (after listen). */
  readonly port: number;
  readonly metricsPort: number | undefined;
  /** SERVING while at least one backend is reachable and migrated. */
  serving(): boolean;
  /** Pings every backend (and retries pending migrations) now, then updates health. */
  checkHealth(): Promise<void>;
  listen(): Promise<{ port: number; metricsPort: number | undefined }>;
  close(): Promise<void>;
}

export interface BuildOptions {
  logger?: Logger;
  registry?: Registry;
}

interface BackendState {
  migrated: boolean;
  error: string | undefined;
}

/** A configuration from the defaults and some overrides (limits merged). */
export function configWith(
  overrides: Partial<Omit<DbProxyConfig, 'limits'>> & { limits?: Partial<DbProxyConfig['limits']> },
): DbProxyConfig {
  return { ...defaults, ...overrides, limits: { ...defaults.limits, ...overrides.limits } };
}

/** A backend for a spec; each driver is loaded only when a backend uses it (less memory for SQLite alone). */
async function createBackend(
  spec: BackendSpec,
  config: DbProxyConfig,
  metrics: DbProxyMetrics,
  all: BackendSpec[],
): Promise<Backend> {
  if (spec.kind === 'sqlite') {
    const { SqliteBackend } = await import('./backends/sqlite.ts');
    return new SqliteBackend({ path: spec.path, queueLimit: config.queueLimit, observer: metrics });
  }
  const { MysqlBackend } = await import('./backends/mysql.ts');
  return new MysqlBackend({
    target: spec,
    poolSize: config.poolSize,
    queueLimit: config.queueLimit,
    statementCacheSize: config.statementCacheSize,
    connectTimeoutMs: config.connectTimeoutMs,
    idleTimeoutMs: config.idleTimeoutMs,
    reconnectIntervalMs: config.reconnectIntervalMs,
    poolsOnServer: all.filter(
      (s) => s.kind === 'mysql' && s.host === spec.host && s.port === spec.port,
    ).length,
    observer: metrics,
  });
}

function isMysql(b: Backend): b is MysqlBackend {
  return b.dialect === 'mysql';
}

export async function build(config: DbProxyConfig, opts: BuildOptions = {}): Promise<DbProxyApp> {
  const logger =
    opts.logger ??
    createLogger({ name: 'db-proxy', level: config.logLevel, pretty: config.logPretty });
  const registry = opts.registry ?? createMetricsRegistry();
  const schema = loadSchema(config.schema);
  const queries = loadQueries(config.queries);
  const { specs, owners } = parseBackends(config.backends, config.slots);
  const metrics = new DbProxyMetrics(registry, logger, config.slowQueryMs);
  const backends = await Promise.all(specs.map((s) => createBackend(s, config, metrics, specs)));
  const shards = new ShardMap(backends, owners);
  metrics.watch(backends);
  const state = new Map<Backend, BackendState>(
    backends.map((b) => [b, { migrated: false, error: 'not started' }]),
  );

  const server = new GrpcServer({
    logger,
    registry,
    defaultDeadlineMs: config.defaultDeadlineMs,
    // The hard stop; requests over maxRequestBytes get INVALID_ARGUMENT with their size.
    maxReceiveMessageBytes: Math.max(4 * 1024 * 1024, config.limits.maxRequestBytes * 4),
    security: config.security,
    // Every COMMIT and autocommitted write passes its call's gate (backends/mysql.ts, sqlite.ts):
    // a DEADLINE_EXCEEDED says `not applied` or `outcome unknown`.
    tracksWrites: true,
    limits: config.grpcLimits,
  });
  let serving: boolean | undefined;
  let registered = false;
  let router: Router | undefined;
  const updateHealth = () => {
    const now = (router?.fresh() ?? true) && backends.some((b) => b.up && state.get(b)!.migrated);
    for (const b of backends) metrics.setUp(b.name, b.up && state.get(b)!.migrated);
    if (now === serving || !registered) return;
    serving = now;
    const status = now ? 'SERVING' : 'NOT_SERVING';
    server.health.set('', status);
    server.health.set(SERVICE_NAME, status);
    if (now) logger.info('health: SERVING');
    else
      logger.warn(
        router?.fresh() === false
          ? 'health: NOT_SERVING (the slot map is stale)'
          : 'health: NOT_SERVING (no backend reachable)',
      );
  };
  metrics.onReachability(updateHealth);

  /** Prepares one backend: creates its database (MySQL), checks budgets, migrates. */
  const prepare = async (b: Backend): Promise<void> => {
    const s = state.get(b)!;
    try {
      if (isMysql(b)) await b.init();
      const report = await migrate(b, schema);
      s.migrated = true;
      s.error = undefined;
      logger.info({ backend: b.name, ...report }, 'backend ready');
    } catch (err) {
      // Unreachable: keep going and retry from the health loop. Anything else is a real misconfiguration.
      if (!(err instanceof UnavailableError)) throw err;
      s.error = err.message;
      logger.warn(
        { backend: b.name, err: err.message },
        'backend unreachable at start; will retry',
      );
    }
  };
  try {
    await Promise.all(backends.map(prepare));
  } catch (err) {
    await Promise.all(backends.map((b) => b.close()));
    throw err;
  }

  const validator = new Validator(schema, queries, config.limits);
  const store = new RecordStore({
    maxBatch: config.readBatch,
    lanes: config.readLanes,
    queueLimit: config.queueLimit,
    observer: metrics,
  });
  const check = (b: Backend, shard: bigint): void => {
    const s = state.get(b)!;
    if (!s.migrated)
      throw new UnavailableError(
        `${b.name} (the backend of shard key ${shard}) is not ready: ${s.error}`,
      );
  };
  if (config.slotMap === 'backend') {
    const ids = specs.map(backendId);
    const control = specs[0]!;
    if (control.kind !== 'mysql')
      throw new Error('DBPROXY_SLOT_MAP=backend: the first backend must be MySQL');
    const dynamic = new DynamicRouter({
      control,
      backends: new Map(ids.map((id, i) => [id, backends[i]!])),
      seed: owners.map((i) => ids[i]!),
      shards,
      refreshMs: config.mapRefreshMs,
      leaseMs: config.mapLeaseMs,
      connectTimeoutMs: config.connectTimeoutMs,
      check,
      logger,
      onChange: (v) => metrics.mapVersion(v),
    });
    try {
      await dynamic.start();
    } catch (err) {
      await dynamic.close();
      await Promise.all(backends.map((b) => b.close()));
      throw err;
    }
    router = dynamic;
  } else router = new StaticRouter(shards, check);
  const routes = router;
  server.addService(
    dbProxyDefinition(config.limits.maxRequestBytes),
    createHandlers({ validator, store, router: routes }),
  );
  registered = true;
  updateHealth();

  let checking: Promise<void> | undefined;
  const checkHealth = () => {
    checking ??= (async () => {
      await Promise.all(
        backends.map(async (b) => {
          const s = state.get(b)!;
          if (!s.migrated) {
            if (isMysql(b)) b.allowReconnect();
            await prepare(b).catch((err: unknown) => {
              s.error = (err as Error).message;
              logger.error({ backend: b.name, err }, 'backend cannot be migrated');
            });
          } else await b.ping(Math.max(500, config.healthIntervalMs));
        }),
      );
      updateHealth();
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  };
  const monitor = setInterval(() => void checkHealth(), config.healthIntervalMs);
  monitor.unref();

  let metricsServer: MetricsServer | undefined;
  let closed = false;
  const app: DbProxyApp = {
    config,
    server,
    registry,
    logger,
    schema,
    queries,
    shards,
    router: routes,
    backends,
    get port() {
      return server.port;
    },
    get metricsPort() {
      return metricsServer?.port;
    },
    serving: () => serving === true,
    checkHealth,
    async listen() {
      const port = await server.listen(config.host, config.port);
      if (config.metricsPort !== null) {
        metricsServer = await startMetricsServer({
          host: config.metricsHost,
          port: config.metricsPort,
          registry,
          logger,
        });
      }
      for (const { backend, slots } of shards.ranges())
        logger.info({ backend: backend.name, slots }, 'shard map');
      return { port, metricsPort: metricsServer?.port };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(monitor);
      await server.shutdown(config.shutdownTimeoutMs);
      await metricsServer?.close();
      await checking;
      await routes.close();
      await Promise.all(backends.map((b) => b.close()));
    },
  };
  return app;
}
