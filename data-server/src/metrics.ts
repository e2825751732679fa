// data-server's own metrics (the kit adds per-RPC latency histograms and
// errors, and the db-proxy client's call latency, grpc_client_handling_seconds).
// The hot path bumps plain numbers; prom-client reads them when scraped.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Cache } from './cache/interface.ts';
import { type ReadMetrics, readMetrics } from './read-through.ts';

export interface DataServerMetrics {
  readonly record: ReadMetrics;
  readonly collection: ReadMetrics;
  /** Invalidations run by writes. */
  readonly writes: { invalidations: number };
}

export function createDataServerMetrics(registry: Registry, cache: Cache): DataServerMetrics {
  const m: DataServerMetrics = {
    record: readMetrics(),
    collection: readMetrics(),
    writes: { invalidations: 0 },
  };
  const kinds = [
    ['record', m.record],
    ['collection', m.collection],
  ] as const;
  new Counter({
    name: 'dataserver_cache_lookups_total',
    help: 'Cache lookups by kind (record, collection) and result (hit; miss; bypass = cache down or failed, read from db-proxy; uncached = a table the schema does not cache)',
    labelNames: ['kind', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, r] of kinds) {
        this.inc({ kind, result: 'hit' }, r.hit);
        this.inc({ kind, result: 'miss' }, r.miss);
        this.inc({ kind, result: 'bypass' }, r.bypass);
        this.inc({ kind, result: 'uncached' }, r.uncached);
      }
    },
  });
  new Counter({
    name: 'dataserver_cache_singleflight_joined_total',
    help: 'Misses that joined a load of the same key already running in this instance',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, r] of kinds) this.inc({ kind }, r.joined);
    },
  });
  new Counter({
    name: 'dataserver_cache_fills_total',
    help: 'Cache fills after a load: ok, or lost (the lease was invalidated by a write, expired, or the cache went down)',
    labelNames: ['kind', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, r] of kinds) {
        this.inc({ kind, result: 'ok' }, r.fillOk);
        this.inc({ kind, result: 'lost' }, r.fillLost);
      }
    },
  });
  new Counter({
    name: 'dataserver_cache_invalidations_total',
    help: 'Writes that updated (write-through) or invalidated the cache after db-proxy committed',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(m.writes.invalidations);
    },
  });
  new Gauge({
    name: 'dataserver_cache_up',
    help: '1 when the cache is used; 0 when degraded (Redis unreachable or recovering: reads go to db-proxy)',
    labelNames: ['backend'],
    registers: [registry],
    collect() {
      this.set({ backend: cache.kind }, cache.available ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dataserver_cache_generation',
    help: 'How many times the cache went down or recovered since start (0 = never degraded)',
    registers: [registry],
    collect() {
      this.set(cache.generation);
    },
  });
  new Gauge({
    name: 'dataserver_cache_invalidations_pending',
    help: 'Invalidations kept while the cache is down, replayed before it is used again',
    registers: [registry],
    collect() {
      this.set(cache.pendingInvalidations);
    },
  });
  const gets = cache.getStats;
  if (gets) {
    new Counter({
      name: 'dataserver_cache_get_keys_total',
      help: 'Keys read on the hit path (Redis: coalesced per event-loop turn into one GET or MGET)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(gets.keys);
      },
    });
    new Counter({
      name: 'dataserver_cache_get_commands_total',
      help: 'GET or MGET commands that carried those keys (keys / commands = keys per MGET)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(gets.commands);
      },
    });
  }
  return m;
}
