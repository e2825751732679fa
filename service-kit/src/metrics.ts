// Prometheus metrics (prom-client) on an HTTP /metrics endpoint.
import type * as Http from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { FastHistogram, type HistogramChild } from './histogram.ts';
import { drainBody } from './http-drain.ts';
import type { Logger } from './logger.ts';

/**
 * GC pause buckets (nodejs_gc_duration_seconds, by kind): a scavenge takes 1-3 ms when little
 * survives it, so the tail this backend is judged by lives between 0.5 and 50 ms, where
 * prom-client's default buckets (1 ms, 10 ms, 100 ms) cannot tell 2 ms from 9.
 */
export const gcPauseBuckets = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 2];

/**
 * A registry with the process metrics (CPU, RSS, heap, event-loop delay, GC pauses by kind).
 * The event-loop delay is sampled at 1 ms (prom-client's default of 10 ms cannot show a 5 ms
 * bound); its nodejs_eventloop_lag_p99_seconds covers the time since the previous scrape.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1 });
  recordGcPauses(registry);
  return registry;
}

/**
 * nodejs_gc_duration_seconds, every collection counted. prom-client's own records only the first
 * entry of each list its observer is handed, and V8 reports GCs that come close together (the
 * scavenges of a burst) in one list: 10 collections came through as 7 in a check. Its metric is
 * replaced by this one, same name, labels and text format.
 */
function recordGcPauses(registry: Registry): void {
  registry.removeSingleMetric('nodejs_gc_duration_seconds');
  const histogram = new FastHistogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: gcPauseBuckets,
    registers: [registry],
  });
  const byKind = new Map<number, HistogramChild>();
  for (const [name, kind] of [
    ['major', constants.NODE_PERFORMANCE_GC_MAJOR],
    ['minor', constants.NODE_PERFORMANCE_GC_MINOR],
    ['incremental', constants.NODE_PERFORMANCE_GC_INCREMENTAL],
    ['weakcb', constants.NODE_PERFORMANCE_GC_WEAKCB],
  ] as const)
    byKind.set(kind, histogram.labels({ kind: name }));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind !== undefined) byKind.get(kind)?.observe(entry.duration / 1000);
    }
  }).observe({ entryTypes: ['gc'] });
}

/**
 * The metric `name` of `registry`, made by `make` the first time: several servers or clients of
 * one process (tests start many) share a registry, and prom-client refuses a second
 * registration of a name.
 */
export function registerOnce<M>(registry: Registry, name: string, make: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? make();
}

/** Sub-millisecond to seconds: RPCs here take from ~100 us (cache hit) to seconds (slow query). */
export const latencyBuckets = [
  0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/**
 * Only the metric families named (`/metrics?name=a&name=b`), those the registry has, in the
 * order asked: a reader that shows a few figures every second (the web console) then costs
 * the process the collection and text of those alone, not of every histogram it keeps.
 */
async function selected(registry: Registry, names: string[]): Promise<string> {
  const parts: string[] = [];
  for (const name of new Set(names)) {
    if (registry.getSingleMetric(name)) parts.push(await registry.getSingleMetricAsString(name));
  }
  return parts.length ? `${parts.join('\n\n')}\n` : '';
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Serves GET /metrics (`?name=` to select families) and /healthz on host:port; port 0 picks a free one. */
export async function startMetricsServer(opts: {
  host: string;
  port: number;
  registry: Registry;
  logger?: Logger;
}): Promise<MetricsServer> {
  // Not `import ... from 'node:http'`: the ESM facade of a built-in reads every export, and
  // node:http's lazy WebSocket/EventSource getters then load Node's bundled undici (~5 MB of
  // RSS in every service). getBuiltinModule returns the plain module.
  const { createServer } = process.getBuiltinModule('node:http') as typeof Http;
  const server = createServer((req, res) => {
    const [path, query] = (req.url ?? '').split('?', 2);
    if (req.method === 'GET' && path === '/metrics') {
      const params = new URLSearchParams(query ?? '');
      const unknown = [...params.keys()].find((k) => k !== 'name');
      if (unknown !== undefined) {
        res
          .writeHead(400, { 'content-type': 'text/plain' })
          .end(
            `unknown parameter ${JSON.stringify(unknown.slice(0, 64))}: /metrics takes name=<metric family>, repeated\n`,
          );
        return;
      }
      const names = params.getAll('name');
      (names.length ? selected(opts.registry, names) : opts.registry.metrics()).then(
        (body) => {
          res.writeHead(200, { 'content-type': opts.registry.contentType });
          res.end(body);
        },
        (err: unknown) => {
          opts.logger?.error({ err }, 'metrics collection failed');
          res.writeHead(500).end('metrics collection failed\n');
        },
      );
      return;
    }
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      return;
    }
    // Any body is read (up to 2 MiB, 2 s) before the 404: answered and closed while the client
    // still sends, the connection would be reset and the client could lose the answer.
    void drainBody(req, 2 * 1024 * 1024, 2000).then((drained) => {
      if (!drained) res.setHeader('connection', 'close');
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try GET /metrics\n');
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  opts.logger?.info({ url: `http://${opts.host}:${port}/metrics` }, 'metrics listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
