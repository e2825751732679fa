// build(config): a data-server ready to listen, without reading the
// environment (main.ts does that). Tests build it and listen on port 0.
import {
  createLogger,
  createMetricsRegistry,
  GrpcServer,
  type Logger,
  type MetricsServer,
  startMetricsServer,
} from '@slg/service-kit';
import type { Registry } from 'prom-client';
import type { Cache } from './cache/interface.ts';
import { MemoryCache } from './cache/memory.ts';
import { RedisCache } from './cache/redis.ts';
import type { DataServerConfig } from './config.ts';
import { createDataServerMetrics } from './metrics.ts';
import { type ReadHooks, ReadThrough } from './read-through.ts';
import { Keys } from './records.ts';
import { loadSchemaInfo, type SchemaInfo } from './schema.ts';
import { createHandlers, dataServiceDefinition, maxWriteMs } from './service.ts';
import { createDbProxyClient, RecordStore } from './store.ts';
import { Validator } from './validate.ts';

/** The health entry that reports the cache: NOT_SERVING while degraded (the service stays SERVING). */
export const cacheHealthName = 'slg.dataserver.v2.DataService/cache';
export const serviceName = 'slg.dataserver.v2.DataService';

export interface BuildOptions {
  logger?: Logger;
  registry?: Registry;
  schema?: SchemaInfo;
  /** Test hooks on the read path (e.g. a barrier between a load and its fill). */
  hooks?: ReadHooks;
}

export interface DataServer {
  readonly config: DataServerConfig;
  readonly server: GrpcServer;
  readonly cache: Cache;
  readonly store: RecordStore;
  readonly reader: ReadThrough;
  readonly registry: Registry;
  readonly logger: Logger;
  /** Binds gRPC (port 0 = any); resolves to the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  /** Serves /metrics (port 0 = any); resolves to the bound port. */
  listenMetrics(port?: number, host?: string): Promise<number>;
  /** Drains in-flight calls, then closes the cache, the db-proxy client and /metrics. */
  close(timeoutMs?: number): Promise<void>;
}

export async function build(
  config: DataServerConfig,
  opts: BuildOptions = {},
): Promise<DataServer> {
  const logger =
    opts.logger ??
    createLogger({ name: 'data-server', level: config.logLevel, pretty: config.logPretty });
  const registry = opts.registry ?? createMetricsRegistry();
  const schema = opts.schema ?? loadSchemaInfo(config.schemaPath);
  const leaseMs = config.leaseMs;
  // A member index outlives every value filled under it: a value is filled at the end of a
  // lease (a write's lasts up to maxWriteMs + leaseMs) and lives its TTL.
  const indexMs =
    Math.max(config.recordTtlMs, config.absentTtlMs, config.collectionTtlMs) +
    maxWriteMs +
    leaseMs +
    1000;
  // ioredis is loaded only when Redis is configured: the embedded default idles lighter.
  const cache: Cache =
    config.redisUrl || config.redisCluster.length
      ? await RedisCache.create({
          url: config.redisUrl,
          cluster: config.redisCluster,
          prefix: config.keyPrefix,
          logger: logger.child({ component: 'cache' }),
          leaseMs,
          indexMs,
          commandTimeoutMs: config.redisCommandTimeoutMs,
          probeIntervalMs: config.redisProbeMs,
          settleMs: config.redisSettleMs,
          maxPendingInvalidations: config.maxPendingInvalidations,
        })
      : new MemoryCache({
          leaseMs,
          indexMs,
          maxBytes: config.memoryCacheBytes,
        });
  const server = new GrpcServer({
    logger,
    registry,
    defaultDeadlineMs: config.defaultDeadlineMs,
    security: config.security,
    // Every write to db-proxy passes its call's gate (store.ts): a DEADLINE_EXCEEDED says
    // `not applied` or `outcome unknown`.
    tracksWrites: true,
    limits: config.grpcLimits,
  });
  cache.onStateChange((state) =>
    server.health.set(cacheHealthName, state === 'up' ? 'SERVING' : 'NOT_SERVING'),
  );
  server.health.set(cacheHealthName, cache.available ? 'SERVING' : 'NOT_SERVING');
  const store = new RecordStore(
    createDbProxyClient(config.dbProxyAddress, registry, config.defaultDeadlineMs, config.security),
  );
  const reader = new ReadThrough(cache, {
    hooks: opts.hooks ?? {},
    leaseWaitMs: config.leaseWaitMs,
  });
  const metrics = createDataServerMetrics(registry, cache);
  server.addService(
    dataServiceDefinition,
    createHandlers({
      validator: new Validator(schema),
      keys: new Keys(config.keyPrefix),
      cache,
      reader,
      store,
      metrics,
      ttls: {
        recordMs: config.recordTtlMs,
        collectionMs: config.collectionTtlMs,
        absentMs: config.absentTtlMs,
      },
      commitMarginMs: leaseMs,
    }),
  );
  logger.info(
    { cache: cache.kind, dbProxy: config.dbProxyAddress, tables: [...schema.tables.keys()] },
    cache.kind === 'redis'
      ? 'cache: Redis (shared by instances)'
      : 'cache: embedded in-process (one instance)',
  );

  let metricsServer: MetricsServer | undefined;
  let closed = false;
  return {
    config,
    server,
    cache,
    store,
    reader,
    registry,
    logger,
    listen: (port = config.port, host = config.host) => server.listen(host, port),
    async listenMetrics(port = config.metricsPort, host = config.host) {
      metricsServer = await startMetricsServer({ host, port, registry, logger });
      return metricsServer.port;
    },
    async close(timeoutMs = config.shutdownTimeoutMs) {
      if (closed) return;
      closed = true;
      await server.shutdown(timeoutMs);
      await Promise.allSettled([cache.close(), metricsServer?.close()]);
      store.close();
    },
  };
}
