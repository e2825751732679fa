// map-server's metrics, beside the kit's RPC latency and the process metrics.
import { FastHistogram } from '@slg/service-kit';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { EngineMetrics } from './engine/march-engine.ts';
import type { World } from './world/world.ts';

export interface MapMetrics extends EngineMetrics {
  streamClosed(reason: string): void;
}

export function createMapMetrics(
  registry: Registry,
  sources: { world: () => World | undefined; subscribers: () => number; scheduled: () => number },
): MapMetrics {
  new Gauge({
    name: 'mapserver_marches_in_flight',
    help: 'Marches on the map (outbound, gathering, stationed or returning)',
    registers: [registry],
    collect() {
      this.set(sources.world()?.marches.size ?? 0);
    },
  });
  new Gauge({
    name: 'mapserver_events_scheduled',
    help: 'March steps waiting for their time (arrivals, gathering ends, returns)',
    registers: [registry],
    collect() {
      this.set(sources.scheduled());
    },
  });
  const settled = new Counter({
    name: 'mapserver_arrivals_settled_total',
    help: 'March steps settled and written, by kind (arrival, gather_end, return); rate() gives arrivals settled per second',
    labelNames: ['kind'],
    registers: [registry],
  });
  const lag = new FastHistogram({
    name: 'mapserver_tick_lag_seconds',
    help: 'From the time a march step was due to the time it was settled and written',
    labelNames: ['kind'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60],
    registers: [registry],
  });
  new Gauge({
    name: 'mapserver_stream_subscribers',
    help: 'Open viewport streams',
    registers: [registry],
    collect() {
      this.set(sources.subscribers());
    },
  });
  const closed = new Counter({
    name: 'mapserver_streams_closed_total',
    help: 'Viewport streams ended, by reason (client, slow, invalid, shutdown)',
    labelNames: ['reason'],
    registers: [registry],
  });
  new Gauge({
    name: 'mapserver_index_entries',
    help: 'Entries of the spatial index: tiles covered by an entity, and (march, cell) pairs',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const w = sources.world();
      const size = w?.indexSize ?? { tiles: 0, marchCells: 0 };
      this.set({ kind: 'tiles' }, size.tiles);
      this.set({ kind: 'march_cells' }, size.marchCells);
    },
  });
  new Gauge({
    name: 'mapserver_entities',
    help: 'Entities on the map, by kind',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const w = sources.world();
      this.set({ kind: 'city' }, w?.cities.size ?? 0);
      this.set({ kind: 'field' }, w?.fields.size ?? 0);
      this.set({ kind: 'monster' }, w?.monsters.size ?? 0);
    },
  });
  const children = new Map<
    string,
    { c: ReturnType<typeof settled.labels>; h: ReturnType<typeof lag.labels> }
  >();
  return {
    settled(kind, lagMs) {
      let x = children.get(kind);
      if (!x) {
        x = { c: settled.labels(kind), h: lag.labels({ kind }) };
        children.set(kind, x);
      }
      x.c.inc();
      x.h.observe(Math.max(0, lagMs) / 1000);
    },
    streamClosed(reason) {
      closed.labels(reason).inc();
    },
  };
}
