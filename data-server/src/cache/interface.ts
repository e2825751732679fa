// The cache contract both backends (Redis, shared by instances; in-process
// LRU, embedded) implement, with the same lease rules:
//
//  - `get` is the hit path: one round trip, the cached bytes or null.
//  - On a miss, `lease` atomically re-checks the value and, when still absent,
//    grants a lease token to the first caller (the others get `held`).
//  - `fill` stores a loaded value ONLY if the caller's lease is still the
//    current one, and releases it (atomic compare-and-set).
//  - `invalidate`, run by a write after db-proxy committed and before the write
//    is acknowledged, deletes the values AND their leases. A load that began
//    before the commit therefore holds a lease that no longer exists, and its
//    fill fails: the stale set cannot happen.
//  - A collection's member index remembers every member key leased under it,
//    so that "remove all members" can invalidate members it never listed.

/** What `lease` found. */
export type LeaseResult =
  | { readonly state: 'hit'; readonly value: Buffer }
  | { readonly state: 'granted'; readonly token: string }
  | { readonly state: 'held' };

export interface Invalidation {
  /** Value keys to delete, each with its lease. */
  readonly keys: readonly string[];
  /** A collection's member index: `keys` are removed from it. */
  readonly index?: string;
  /** Delete every member key recorded in `index` (and the index itself). */
  readonly dropIndex?: boolean;
}

export type CacheState = 'up' | 'down' | 'recovering';

export interface Cache {
  readonly kind: 'redis' | 'memory';
  /** Usable now. When false the service reads through to db-proxy and queues invalidations. */
  readonly available: boolean;
  readonly state: CacheState;
  /**
   * Changes whenever the cache was (possibly) unreachable: a lease granted under
   * an older generation is never used to fill (its invalidations may have been lost).
   */
  readonly generation: number;
  /** Invalidations kept for replay while the cache is down (0 for the embedded cache). */
  readonly pendingInvalidations: number;
  get(key: string): Promise<Buffer | null>;
  lease(key: string, index: string | undefined): Promise<LeaseResult>;
  fill(key: string, token: string, value: Buffer, ttlMs: number): Promise<boolean>;
  /**
   * Never rejects: when the cache cannot be reached the invalidation is kept
   * (bounded) and replayed before the cache is used again.
   */
  invalidate(inv: Invalidation): Promise<void>;
  /** Called on every state change (metrics, health, logs). */
  onStateChange(listener: (state: CacheState) => void): void;
  close(): Promise<void>;
}

export interface CacheTtls {
  /** A lease lives this long at most (a load slower than this cannot fill). */
  readonly leaseMs: number;
  /** A member index outlives every value filled under it. */
  readonly indexMs: number;
}
