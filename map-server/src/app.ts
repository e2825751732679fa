// build(config): a map-server ready to listen, its world loaded from data-server (generated on
// the first start) and the marches that arrived meanwhile being settled. Without reading the
// environment (main.ts does that). Tests build it with a manual clock and listen on port 0.

import { getHeapStatistics } from 'node:v8';
import {
  compactHeap,
  createLogger,
  createMetricsRegistry,
  GrpcServer,
  type Logger,
  type MetricsServer,
  startMetricsServer,
} from '@slg/service-kit';
import type { Registry } from 'prom-client';
import { type Clock, systemClock } from './clock.ts';
import type { MapServerConfig } from './config.ts';
import { type BattleClient, HttpBattleClient } from './engine/battles.ts';
import { Cities } from './engine/cities.ts';
import { IdBlocks } from './engine/ids.ts';
import { loadWorld } from './engine/loader.ts';
import { KeyedLocks } from './engine/locks.ts';
import { type EngineHooks, MarchEngine } from './engine/march-engine.ts';
import { createMapMetrics } from './metrics.ts';
import { createHandlers, unaryDefinition, watchDefinition } from './service.ts';
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
  /** How long loading the world took at start (ms), and whether it was generated. */
  readonly loaded: { ms: number; generated: boolean; marches: number };
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

export async function build(config: MapServerConfig, opts: BuildOptions = {}): Promise<MapServer> {
  const logger =
    opts.logger ??
    createLogger({ name: 'map-server', level: config.logLevel, pretty: config.logPretty });
  const registry = opts.registry ?? createMetricsRegistry();
  const clock = opts.clock ?? systemClock;
  const ownStore = !opts.store;
  const store =
    opts.store ??
    new DataServerStore(config.dataServerAddress, {
      registry,
      deadlineMs: config.defaultDeadlineMs,
    });
  const battles = opts.battles ?? new HttpBattleClient(config.battleUrl, config.defaultDeadlineMs);
  const world = new World({
    worldId: config.worldId,
    width: config.width,
    height: config.height,
    seed: config.seed,
    regionSize: config.regionSize,
  });
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
    if (store instanceof DataServerStore) await store.client.waitForReady(30_000);
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
      loaded: { ms: loaded.ms, generated: loaded.generated, marches: loaded.marches.length },
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
      },
    };
  } catch (err) {
    engine.stop();
    if (ownStore) store.close();
    throw err;
  }
}
