// The embedded cache: in-process, bounded (lru-cache by bytes), with the same
// lease rules as the Redis cache. It serves ONE data-server process: several
// instances must share Redis instead (each would otherwise keep its own copy).
import { LRUCache } from 'lru-cache';
import type {
  Cache,
  CacheState,
  CacheTtls,
  Invalidation,
  LeaseFill,
  LeaseRequest,
  LeaseResult,
  WriteLease,
  WriteValue,
} from './interface.ts';

interface Entry {
  readonly value: Buffer;
  /** The member index this key belongs to, if any. */
  readonly index: string | undefined;
}

interface Lease {
  readonly token: string;
  readonly expires: number;
  readonly index: string | undefined;
}

export interface MemoryCacheOptions extends CacheTtls {
  /** Upper bound of the cached bytes (values plus a per-entry overhead). */
  readonly maxBytes: number;
}

const entryOverhead = 96;

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  readonly available = true;
  readonly state: CacheState = 'up';
  readonly generation = 0;
  readonly pendingInvalidations = 0;
  readonly #values: LRUCache<string, Entry>;
  readonly #leases = new Map<string, Lease>();
  readonly #indexes = new Map<string, Set<string>>();
  readonly #leaseMs: number;
  readonly #sweeper: NodeJS.Timeout;
  #tokens = 0;

  constructor(opts: MemoryCacheOptions) {
    this.#leaseMs = opts.leaseMs;
    this.#values = new LRUCache<string, Entry>({
      maxSize: opts.maxBytes,
      sizeCalculation: (e, key) => e.value.length + key.length + entryOverhead,
      // An evicted or expired member leaves its collection's index (unless it is leased again).
      dispose: (e, key, reason) => {
        if (reason !== 'set' && e.index !== undefined && !this.#leases.has(key)) {
          this.#unindex(e.index, key);
        }
      },
    });
    // Expired leases (a loader that died or was too slow) are dropped from time to time.
    this.#sweeper = setInterval(() => this.#sweep(), Math.max(opts.leaseMs, 1000));
    this.#sweeper.unref();
  }

  get(key: string): Promise<Buffer | null> {
    const e = this.#values.get(key);
    return Promise.resolve(e === undefined ? null : e.value);
  }

  lease(key: string, index: string | undefined): Promise<LeaseResult> {
    const e = this.#values.get(key);
    if (e !== undefined) return Promise.resolve({ state: 'hit', value: e.value });
    const now = Date.now();
    const current = this.#leases.get(key);
    if (current !== undefined && current.expires > now) return Promise.resolve({ state: 'held' });
    const token = String(++this.#tokens);
    this.#leases.set(key, { token, expires: now + this.#leaseMs, index });
    if (index !== undefined) this.#indexKey(index, key);
    return Promise.resolve({ state: 'granted', token });
  }

  fill(key: string, token: string, value: Buffer, ttlMs: number): Promise<boolean> {
    const l = this.#leases.get(key);
    if (l === undefined || l.token !== token) return Promise.resolve(false);
    this.#leases.delete(key);
    if (l.expires <= Date.now()) {
      if (l.index !== undefined) this.#unindex(l.index, key);
      return Promise.resolve(false);
    }
    this.#values.set(key, { value, index: l.index }, { ttl: ttlMs });
    // Too large to keep (lru-cache refuses it): the member must not stay indexed for nothing.
    if (!this.#values.has(key) && l.index !== undefined) this.#unindex(l.index, key);
    return Promise.resolve(true);
  }

  writeLease(
    keys: readonly string[],
    index: string | undefined | readonly (string | undefined)[],
    leaseMs = this.#leaseMs,
  ): Promise<WriteLease> {
    return Promise.resolve(this.#writeLease(keys, index, leaseMs));
  }

  #writeLease(
    keys: readonly string[],
    index: string | undefined | readonly (string | undefined)[],
    leaseMs: number,
  ): WriteLease {
    const token = String(++this.#tokens);
    const expires = Date.now() + leaseMs;
    const held: boolean[] = [];
    const old = keys.map((key, i) => {
      const e = this.#values.get(key);
      const idx = typeof index === 'object' ? index[i] : i === 0 ? index : undefined;
      // A lease that outlives ours (a write that may still commit): ours lasts as long, and
      // its fill keeps it (see WriteLease.held).
      const previous = this.#leases.get(key);
      const outlived = previous !== undefined && previous.expires > expires;
      held.push(outlived);
      this.#leases.set(key, {
        token,
        expires: outlived ? previous.expires : expires,
        index: idx ?? e?.index,
      });
      this.#values.delete(key);
      if (idx !== undefined) this.#indexKey(idx, key);
      return e === undefined ? null : e.value;
    });
    return { token, keys, old, held };
  }

  writeFill(lease: WriteLease, values: readonly (WriteValue | undefined)[]): Promise<void> {
    this.#writeFill(lease, values);
    return Promise.resolve();
  }

  #writeFill(lease: WriteLease, values: readonly (WriteValue | undefined)[]): void {
    const now = Date.now();
    lease.keys.forEach((key, i) => {
      const l = this.#leases.get(key);
      if (l === undefined || l.token !== lease.token) {
        // Taken over by another write or an invalidation: invalidate, as a plain write would.
        this.#leases.delete(key);
        this.#values.delete(key);
        return;
      }
      if (lease.held[i] && l.expires > now) return; // kept to its end, nothing stored
      this.#leases.delete(key);
      const v = values[i];
      if (v !== undefined && l.expires > now) {
        this.#values.set(key, { value: v.value, index: l.index }, { ttl: v.ttlMs });
      } else if (l.index !== undefined && !this.#values.has(key)) {
        this.#unindex(l.index, key);
      }
    });
  }

  // In-process, the whole list is one step, as one script is on Redis.
  writeLeases(
    writes: readonly LeaseRequest[],
    leaseMs = this.#leaseMs,
  ): Promise<(WriteLease | Error)[]> {
    return Promise.resolve(writes.map((w) => this.#writeLease(w.keys, w.index, leaseMs)));
  }

  writeFills(fills: readonly LeaseFill[]): Promise<void> {
    for (const f of fills) this.#writeFill(f.lease, f.values);
    return Promise.resolve();
  }

  invalidate(inv: Invalidation): Promise<void> {
    for (const key of inv.keys) {
      this.#leases.delete(key);
      this.#values.delete(key);
    }
    if (inv.index !== undefined) {
      const set = this.#indexes.get(inv.index);
      if (set) {
        for (const key of inv.keys) set.delete(key);
        if (inv.dropIndex) {
          this.#indexes.delete(inv.index);
          for (const key of set) {
            this.#leases.delete(key);
            this.#values.delete(key);
          }
        } else if (set.size === 0) this.#indexes.delete(inv.index);
      }
    }
    return Promise.resolve();
  }

  onStateChange(): void {
    // Always up.
  }

  /** Entries, leases and indexes held now (tests and metrics). */
  stats(): { entries: number; bytes: number; leases: number; indexes: number } {
    return {
      entries: this.#values.size,
      bytes: this.#values.calculatedSize,
      leases: this.#leases.size,
      indexes: this.#indexes.size,
    };
  }

  close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#values.clear();
    this.#leases.clear();
    this.#indexes.clear();
    return Promise.resolve();
  }

  #indexKey(index: string, key: string): void {
    let set = this.#indexes.get(index);
    if (!set) {
      set = new Set();
      this.#indexes.set(index, set);
    }
    set.add(key);
  }

  #unindex(index: string, key: string): void {
    const set = this.#indexes.get(index);
    if (!set) return;
    set.delete(key);
    if (set.size === 0) this.#indexes.delete(index);
  }

  #sweep(): void {
    const now = Date.now();
    for (const [key, l] of this.#leases) {
      if (l.expires > now) continue;
      this.#leases.delete(key);
      if (l.index !== undefined && !this.#values.has(key)) this.#unindex(l.index, key);
    }
  }
}
