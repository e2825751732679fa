// build(config): a map-server ready to listen, its world loaded from data-server (generated on
// the first start) and the marches that arrived meanwhile being settled. Without reading the
// environment (main.ts does that). Tests build it with a manual clock and listen on port 0.

import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import {
  compactHeap,
  createLogger,
  createMetricsRegistry,
  GrpcServer,
  type Logger,
  type MetricsServer,
  startMetricsServer,
} from '@slg/service-kit';
import { isEtcdUrl } from '@slg/service-kit/discovery';
import type { Registry } from 'prom-client';
import { type Clock, systemClock } from './clock.ts';
import type { MapServerConfig } from './config.ts';
import { type BattleClient, HttpBattleClient } from './engine/battles.ts';
import { DiscoveredBattleClient } from './engine/battles-discovered.ts';
import { Cities } from './engine/cities.ts';
import { IdBlocks } from './engine/ids.ts';
import { loadWorld } from './engine/loader.ts';
import { KeyedLocks } from './engine/locks.ts';
import { type EngineHooks, MarchEngine } from './engine/march-engine.ts';
import { createMapMetrics } from './metrics.ts';
import { createHandlers, unaryDefinition, watchDefinition } from './service.ts';
import { RegionDirectoryStore } from './store/region-directory.ts';
import { DataServerStore, type MapStore } from './store/store.ts';
import { ViewportHub } from './stream.ts';
import { World } from './world/world.ts';

export const serviceName = 'slg.mapserver.v1.MapService';

export interface BuildOptions {
  logger?: Logger;
  registry?: Registry;
  clock?: Clock;
  /** The store (default: data-server at config.dataServerAddress). */
  store?: MapStore;
  /** Battles (default: battle-server at config.battleUrl). */
  battles?: BattleClient;
  hooks?: EngineHooks;
}

export interface MapServer {
  readonly config: MapServerConfig;
  readonly server: GrpcServer;
  readonly world: World;
  readonly engine: MarchEngine;
  readonly cities: Cities;
  readonly hub: ViewportHub;
  readonly store: MapStore;
  readonly registry: Registry;
  readonly logger: Logger;
  /** How long loading the world took at start (ms), whether it was generated, what it read. */
  readonly loaded: { ms: number; generated: boolean; marches: number; regionsRead: number };
  listen(port?: number, host?: string): Promise<number>;
  listenMetrics(port?: number, host?: string): Promise<number>;
  /** Stops settling, ends the streams, drains calls, waits for running steps, closes clients. */
  close(timeoutMs?: number): Promise<void>;
}

/** Heap growth during the load after which its garbage is collected (see boundLoadHeap). */
const LOAD_HEAP_STEP = 48 * 2 ** 20;

/**
 * While the world loads, a memory-reducing full GC each time the heap has grown by `step` since
 * the last one. The load decodes every region's records (short-lived, many promoted while
 * their region is in flight); left to itself V8 lets the heap grow with them, and the process's
 * peak RSS at start (VmHWM) is set by that garbage, not by the world. Returns the stop function.
 */
function boundLoadHeap(step: number): () => void {
  let base = getHeapStatistics().used_heap_size;
  const timer = setInterval(() => {
    if (getHeapStatistics().used_heap_size < base + step) return;
    compactHeap();
    base = getHeapStatistics().used_heap_size;
  }, 50);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The old generation's growth between V8's full collections, fixed at `percent` of what the
 * last one left (0: V8's own factor). V8 picks that factor by the heap limit it may reach: up to
 * 4x on a machine whose memory gives a limit of 2 GB or more (4.2 GB here). Under a viewport
 * load every call's grpc-js and HTTP/2 objects still in flight at two young-generation
 * collections are promoted (~4-5 KB a query, measured with V8's sampling heap profiler), so the
 * old generation filled with dead calls: 38 -> 90-165 MB in a 40 s load on a world whose
 * own heap is 38 MB, ~108 MiB of RSS on the issue's world. The flag is the process's (V8 has
 * one heap per process): set at every build, it is map-server's setting wherever it runs.
 */
function boundHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

export async function build(config: MapServerConfig, opts: BuildOptions = {}): Promise<MapServer> {
  boundHeapGrowth(config.heapGrowingPercent);
  const logger =
    opts.logger ??
    createLogger({ name: 'map-server', level: config.logLevel, pretty: config.logPretty });
  const registry = opts.registry ?? createMetricsRegistry();
  const clock = opts.clock ?? systemClock;
  const ownStore = !opts.store;
  const backing =
    opts.store ??
    new DataServerStore(config.dataServerAddress, {
      registry,
      deadlineMs: config.defaultDeadlineMs,
      security: config.security,
      writeGroup: config.writeGroup,
      groupsInFlight: config.writeGroupsInFlight,
      lingerMs: config.writeLingerMs,
    });
  const battles =
    opts.battles ??
    (isEtcdUrl(config.battleUrl)
      ? new DiscoveredBattleClient(
          config.battleUrl,
          (base) => new HttpBattleClient(base, config.defaultDeadlineMs, config.security),
          config.security?.tls ? 'https' : 'http',
        )
      : new HttpBattleClient(config.battleUrl, config.defaultDeadlineMs, config.security));
  const world = new World({
    worldId: config.worldId,
    width: config.width,
    height: config.height,
    seed: config.seed,
    regionSize: config.regionSize,
  });
  // Every write to a region marks it first (once), so a start reads only the regions that hold
  // records (store/region-directory.ts).
  const store = new RegionDirectoryStore(backing, world);
  let engine: MarchEngine | undefined;
  let hub: ViewportHub | undefined;
  const metrics = createMapMetrics(registry, {
    world: () => world,
    subscribers: () => hub?.subscribers ?? 0,
    scheduled: () => engine?.scheduled ?? 0,
  });
  hub = new ViewportHub({
    limit: config.streamBuffer,
    maxSide: config.maxViewport,
    log: logger.child({ component: 'stream' }),
    clock,
    closed: (reason) => metrics.streamClosed(reason),
  });
  hub.world = world;
  const locks = new KeyedLocks();
  engine = new MarchEngine({
    world,
    store,
    battles,
    clock,
    ids: new IdBlocks(store, config.worldId),
    log: logger.child({ component: 'marches' }),
    publish: hub.publish,
    speed: config.speed,
    concurrency: config.settleConcurrency,
    tickMs: config.tickMs,
    locks,
    ...(opts.hooks ? { hooks: opts.hooks } : {}),
    metrics,
  });
  const cities = new Cities({
    world,
    store,
    locks,
    clock,
    publish: hub.publish,
    log: logger.child({ component: 'cities' }),
  });

  try {
    if (backing instanceof DataServerStore) await backing.client.waitForReady(30_000);
    const e = engine;
    const unbound = boundLoadHeap(LOAD_HEAP_STEP);
    const loaded = await loadWorld({
      world,
      store,
      fields: config.fields,
      monsters: config.monsters,
      concurrency: config.loadConcurrency,
      log: logger,
      applyPending: (effects) => e.applyPending(effects),
    }).finally(unbound);
    for (const m of loaded.marches) {
      world.indexMarch(m);
      e.attach(m);
      e.schedule(m);
    }
    e.start();
    // The load decoded every region's collections (tens of MB of short-lived objects, many
    // promoted while in flight): give that memory, and the young generation the load grew,
    // back now rather than when allocation pressure comes (service-kit/src/idle-gc.ts).
    compactHeap();
    const server = new GrpcServer({
      logger,
      registry,
      defaultDeadlineMs: config.defaultDeadlineMs,
      security: config.security,
      limits: config.grpcLimits,
    });
    server.addService(
      unaryDefinition,
      createHandlers({
        world,
        engine: e,
        cities,
        hub,
        store,
        clock,
        placement: {
          world,
          store,
          locks,
          clock,
          publish: hub.publish,
          log: logger.child({ component: 'cities' }),
        },
      }),
    );
    server.addGrpcService(watchDefinition, { Watch: hub.watch });

    let metricsServer: MetricsServer | undefined;
    let closed = false;
    const h = hub;
    return {
      config,
      server,
      world,
      engine: e,
      cities,
      hub: h,
      store,
      registry,
      logger,
      loaded: {
        ms: loaded.ms,
        generated: loaded.generated,
        marches: loaded.marches.length,
        regionsRead: loaded.regionsRead,
      },
      listen: (port = config.port, host = config.host) => server.listen(host, port),
      async listenMetrics(port = config.metricsPort, host = config.host) {
        metricsServer = await startMetricsServer({ host, port, registry, logger });
        return metricsServer.port;
      },
      async close(timeoutMs = config.shutdownTimeoutMs) {
        if (closed) return;
        closed = true;
        e.stop();
        h.closeAll();
        await server.shutdown(timeoutMs);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          e.quiet(),
          new Promise((r) => {
            timer = setTimeout(r, timeoutMs);
          }),
        ]);
        clearTimeout(timer);
        await metricsServer?.close();
        if (ownStore) store.close();
        if (battles instanceof DiscoveredBattleClient) battles.close();
      },
    };
  } catch (err) {
    engine.stop();
    if (ownStore) store.close();
    if (battles instanceof DiscoveredBattleClient) battles.close();
    throw err;
  }
}
