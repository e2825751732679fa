// The read path: cache-aside with leases and single-flight.
//
//   hit   → the cached bytes (one cache round trip);
//   miss  → join this instance's load of that key if one is running (single-flight), or
//           take the cache's lease, load from db-proxy, fill only if the lease is still ours.
//
// A write calls `forget(key)` after db-proxy committed, before its invalidation and its
// acknowledgement: a read that starts after that can no longer join a load begun before
// the commit. A reader that joined a load answers the loaded bytes only if the fill
// succeeded (the lease survived, so no invalidation happened between the lease and the
// fill, so the load saw every write acknowledged before the reader started); otherwise it
// reads again straight from db-proxy. Loads of another instance are covered the same
// way, through the lease. While the cache is down every read goes to db-proxy.
import type { Cache } from './cache/interface.ts';

export interface Loaded {
  readonly value: Buffer;
  readonly ttlMs: number;
}

export type Loader = () => Promise<Loaded>;

/** Test hooks: called between a load and its fill (to force an interleaving). */
export interface ReadHooks {
  afterLoad?: (key: string) => Promise<void> | void;
}

interface Flight {
  readonly promise: Promise<{ value: Buffer; fresh: boolean }>;
}

/** Plain counters on the hot path (prom-client reads them at scrape time: metrics.ts). */
export interface ReadMetrics {
  hit: number;
  miss: number;
  bypass: number;
  /** Reads of a table the schema marks `"cache": false`, straight from db-proxy. */
  uncached: number;
  joined: number;
  fillOk: number;
  fillLost: number;
}

export function readMetrics(): ReadMetrics {
  return { hit: 0, miss: 0, bypass: 0, uncached: 0, joined: 0, fillOk: 0, fillLost: 0 };
}

export class ReadThrough {
  readonly #cache: Cache;
  readonly #flights = new Map<string, Flight>();
  readonly #hooks: ReadHooks;
  readonly #leaseWaitMs: number;

  constructor(cache: Cache, opts: { hooks?: ReadHooks; leaseWaitMs: number }) {
    this.#cache = cache;
    this.#hooks = opts.hooks ?? {};
    this.#leaseWaitMs = opts.leaseWaitMs;
  }

  /** The bytes of `key`: from the cache, or loaded (and filled under a lease). */
  read(key: string, index: string | undefined, load: Loader, m: ReadMetrics): Promise<Buffer> {
    const cache = this.#cache;
    if (!cache.available) {
      m.bypass++;
      return load().then(bytesOf);
    }
    const flight = this.#flights.get(key);
    if (flight) {
      m.joined++;
      return join(flight, load);
    }
    return cache.get(key).then(
      (v) => {
        if (v !== null) {
          m.hit++;
          return v;
        }
        m.miss++;
        return this.#miss(key, index, load, m);
      },
      () => {
        m.bypass++;
        return load().then(bytesOf);
      },
    );
  }

  /** A write committed `key`: later reads must not join a load that began before. */
  forget(key: string): void {
    this.#flights.delete(key);
  }

  /** Every key starting with `prefix` was committed (a whole collection removed). */
  forgetPrefix(prefix: string): void {
    for (const key of this.#flights.keys()) if (key.startsWith(prefix)) this.#flights.delete(key);
  }

  /** Loads of this instance running now (tests). */
  get inFlight(): number {
    return this.#flights.size;
  }

  #miss(key: string, index: string | undefined, load: Loader, m: ReadMetrics): Promise<Buffer> {
    const running = this.#flights.get(key);
    if (running) {
      m.joined++;
      return join(running, load);
    }
    const promise = this.#loadAndFill(key, index, load, m);
    const flight: Flight = { promise };
    this.#flights.set(key, flight);
    const done = () => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    };
    promise.then(done, done);
    return promise.then(bytesOf);
  }

  async #loadAndFill(
    key: string,
    index: string | undefined,
    load: Loader,
    m: ReadMetrics,
  ): Promise<{ value: Buffer; fresh: boolean }> {
    const cache = this.#cache;
    let lease: Awaited<ReturnType<Cache['lease']>>;
    try {
      lease = await cache.lease(key, index);
    } catch {
      return { value: (await load()).value, fresh: false };
    }
    if (lease.state === 'hit') return { value: lease.value, fresh: true };
    if (lease.state === 'held') {
      // Another instance is loading it: give it a moment, then read through without filling.
      if (this.#leaseWaitMs > 0) {
        await sleep(this.#leaseWaitMs);
        const v = await cache.get(key).catch(() => null);
        if (v !== null) return { value: v, fresh: true };
      }
      return { value: (await load()).value, fresh: false };
    }
    const loaded = await load();
    if (this.#hooks.afterLoad) await this.#hooks.afterLoad(key);
    let filled = false;
    try {
      filled = await cache.fill(key, lease.token, loaded.value, loaded.ttlMs);
    } catch {
      filled = false;
    }
    if (filled) m.fillOk++;
    else m.fillLost++;
    return { value: loaded.value, fresh: filled };
  }
}

/**
 * A joiner answers the load it joined if that load's fill succeeded; otherwise (a lost
 * fill, or a failed load: maybe the first caller's deadline) it reads db-proxy itself.
 */
function join(flight: Flight, load: Loader): Promise<Buffer> {
  return flight.promise.then(
    (r) => (r.fresh ? r.value : load().then(bytesOf)),
    () => load().then(bytesOf),
  );
}

function bytesOf(r: { value: Buffer }): Buffer {
  return r.value;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
