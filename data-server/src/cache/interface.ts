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
//
// Write-through (so that a write does not leave misses behind it):
//  - `writeLease`, BEFORE the write is sent to db-proxy: delete each key's value
//    and take its lease for this write (a reader's lease is taken over: its fill
//    fails), returning the values the keys held.
//  - `writeFill`, after db-proxy committed: where this write's lease is still
//    current, store the value computed from the write (the old value patched, a
//    new record, "absent") and release the lease; where it is not (another write
//    or an invalidation took it over, and may be finished already), invalidate
//    the key as a plain write would. Any other write that committed meanwhile
//    deleted our lease (or our value) after its own commit: a computed value that
//    missed a write never stays in the cache. Between the two steps the key has
//    no value and a lease: readers read db-proxy.

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

/** A write's hold on some keys between its writeLease and its writeFill. */
export interface WriteLease {
  readonly token: string;
  readonly keys: readonly string[];
  /** What each key held when the lease was taken (null: nothing). */
  readonly old: readonly (Buffer | null)[];
  /**
   * Per key: the lease taken over outlived this write's (another write's, which may still
   * commit: one that failed without a known outcome keeps its lease). This write's lease then
   * lasts as long, and its fill stores nothing and keeps the lease to its end, so that no
   * reader fills the key before that other write can no longer commit.
   */
  readonly held: readonly boolean[];
}

/** A value to store by writeFill (undefined in its place: store nothing, just release). */
export interface WriteValue {
  readonly value: Buffer;
  readonly ttlMs: number;
}

/** One write's keys for writeLeases, with their member indexes (as writeLease's `index` list). */
export interface LeaseRequest {
  readonly keys: readonly string[];
  readonly index: readonly (string | undefined)[];
}

/** One write's fill for writeFills. */
export interface LeaseFill {
  readonly lease: WriteLease;
  readonly values: readonly (WriteValue | undefined)[];
}

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
  /**
   * Hit-path reads and the commands that carried them, where reads are coalesced (Redis: one
   * GET or MGET per event-loop turn); absent for the embedded cache, which has no commands.
   */
  readonly getStats?: { readonly keys: number; readonly commands: number };
  get(key: string): Promise<Buffer | null>;
  lease(key: string, index: string | undefined): Promise<LeaseResult>;
  fill(key: string, token: string, value: Buffer, ttlMs: number): Promise<boolean>;
  /**
   * Never rejects: when the cache cannot be reached the invalidation is kept
   * (bounded) and replayed before the cache is used again.
   */
  invalidate(inv: Invalidation): Promise<void>;
  /**
   * Write-through, step 1: deletes the values of `keys` and takes their leases for a write;
   * `index` (a collection's member index) records keys[0], or, as a list, `index[i]` records
   * keys[i] (one call for every key a batch of one owner touches). The leases last `leaseMs` (default
   * the configured lease): a write passes the time during which it may still commit, since a
   * write that fails without a known outcome keeps its lease until it expires. Rejects when
   * the cache cannot be reached (the write then invalidates after its commit instead).
   */
  writeLease(
    keys: readonly string[],
    index: string | undefined | readonly (string | undefined)[],
    leaseMs?: number,
  ): Promise<WriteLease>;
  /**
   * Write-through, step 2: stores `values[i]` at `lease.keys[i]` where the lease is still this
   * write's and releases it (where `lease.held[i]`: stores nothing and keeps it until it
   * expires); invalidates the keys whose lease was taken over. Never rejects (a failure is
   * kept like an invalidation).
   */
  writeFill(lease: WriteLease, values: readonly (WriteValue | undefined)[]): Promise<void>;
  /**
   * `writeLease` for several independent writes at once (the batches of one BatchWritesV2):
   * one round trip and one script where the cache allows (Redis; on a cluster one per slot),
   * each write under its own token, in list order (a later write that touches a key of an
   * earlier one takes its lease over, as two writeLease calls would). Never rejects: each
   * write gets its lease or the error that kept it from it (the cache just went down, or its
   * slot's node failed), so that a write without its lease invalidates after its commit alone.
   */
  writeLeases(writes: readonly LeaseRequest[], leaseMs?: number): Promise<(WriteLease | Error)[]>;
  /** `writeFill` for several writes at once (one round trip and one script, as writeLeases). */
  writeFills(fills: readonly LeaseFill[]): Promise<void>;
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
