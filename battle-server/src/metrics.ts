// Prometheus metrics of the battle service: request latency by route and status, the runner's
// queue and utilization (read at scrape time, nothing per request), battles fought and refused.
import { FastHistogram, type HistogramChild } from '@slg/service-kit/core';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { BattleRunner } from './runner.ts';

export interface HttpMetrics {
  observe(route: string, method: string, status: number, seconds: number): void;
  battles: Counter<'kind'>;
  rejected: Counter<'reason'>;
}

export function registerMetrics(registry: Registry, runner: BattleRunner): HttpMetrics {
  const latency = new FastHistogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'battle_pool_queue_size',
    help: 'Battles waiting for a worker thread',
    registers: [registry],
    collect() {
      this.set(runner.stats().queueSize);
    },
  });
  new Gauge({
    name: 'battle_pool_queue_limit',
    help: 'Bound of the battle queue (0: no queue, battles are fought in-line)',
    registers: [registry],
    collect() {
      this.set(runner.stats().maxQueue);
    },
  });
  new Gauge({
    name: 'battle_pool_utilization',
    help: 'Busy fraction of the battle threads since start (0..1)',
    registers: [registry],
    collect() {
      this.set(runner.stats().utilization);
    },
  });
  new Gauge({
    name: 'battle_pool_threads',
    help: 'Threads fighting battles',
    registers: [registry],
    collect() {
      this.set(runner.stats().threads);
    },
  });
  const battles = new Counter({
    name: 'battles_total',
    help: 'Battles fought, by kind (sample, battle)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const rejected = new Counter({
    name: 'battles_rejected_total',
    help: 'Battles refused, by reason (queue_full, unavailable, invalid)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  // One child per label set, found by a string key: no label object per request.
  const children = new Map<string, HistogramChild>();
  return {
    observe(route, method, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = latency.labels({ route, method, status: String(status) });
        children.set(key, child);
      }
      child.observe(seconds);
    },
    battles,
    rejected,
  };
}
