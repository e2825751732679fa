// The shared cache: Redis through ioredis (auto-pipelining; Lua where a step
// must be atomic). Several data-server instances share it.
//
// Keys (`P` = the configured prefix, `{owner}` a hash tag so that one player's
// keys share a cluster slot):
//   P{owner}:r:<table>:<member>        a record's FetchResponse bytes (empty = absent)
//   P{owner}:c:<table>                 a collection's CFetchResponse bytes
//   <value key>:lease                  the lease token of a pending fill
//   P{owner}:i:<table>                 the member index of a collection (a set of value keys)
//
// Hit path: the GETs asked for in one turn of the event loop leave together as one MGET
// (one command for ioredis to build, time and parse, and for Redis to run, instead of one
// per request), written at once rather than through the auto-pipeline (which would wait
// for another turn). A GET asked for later is sent later: no reader sees older bytes than
// a GET of its own would have.
//
// Outage: commands fail fast (no offline queue, no retries, a command timeout).
// The first failure marks the cache down: reads go to db-proxy; a write still
// tries its invalidation (it fails at once while disconnected) and, when that
// fails, keeps it in a bounded set. When Redis answers again, the kept
// invalidations are replayed (or, if there were too many, every key of the
// prefix is deleted), then the cache waits a settle period (other instances
// reconnect and replay theirs meanwhile) before it is used again. Each down/up
// moves the generation on, so a lease taken before an outage never fills after.
import { randomBytes } from 'node:crypto';
import type { Logger } from '@slg/service-kit';
import type { Redis } from 'ioredis';
import type {
  Cache,
  CacheState,
  CacheTtls,
  Invalidation,
  LeaseResult,
  WriteLease,
  WriteValue,
} from './interface.ts';

export const leaseSuffix = ':lease';

// KEYS[1] value, KEYS[2] lease, KEYS[3] member index (optional)
// ARGV[1] token, ARGV[2] lease ms, ARGV[3] index ms
const leaseLua = `
local v = redis.call('GET', KEYS[1])
if v then return {1, v} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if KEYS[3] then
    redis.call('SADD', KEYS[3], KEYS[1])
    redis.call('PEXPIRE', KEYS[3], ARGV[3])
  end
  return {0}
end
return {2}
`;

// KEYS[1] value, KEYS[2] lease; ARGV[1] token, ARGV[2] value, ARGV[3] ttl ms
const fillLua = `
if redis.call('GET', KEYS[2]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  redis.call('DEL', KEYS[2])
  return 1
end
return 0
`;

// KEYS[1] member index, KEYS[2..] value keys; ARGV[1] lease suffix, ARGV[2] '1' = drop every member
const invalidateLua = `
local suffix = ARGV[1]
for i = 2, #KEYS do
  redis.call('DEL', KEYS[i], KEYS[i] .. suffix)
  redis.call('SREM', KEYS[1], KEYS[i])
end
if ARGV[2] == '1' then
  local members = redis.call('SMEMBERS', KEYS[1])
  for _, k in ipairs(members) do redis.call('DEL', k, k .. suffix) end
  redis.call('DEL', KEYS[1])
end
return 1
`;

// Write-through, step 1. KEYS[1..n] values, KEYS[n+1..2n] leases, KEYS[2n+1] member index (optional)
// ARGV[1] token, ARGV[2] lease ms, ARGV[3] n, ARGV[4] index ms
// Returns, per key, {flags, old value}: flags bit 1 = a value was there, bit 2 = the lease taken
// over outlived ours (a write that may still commit): ours lasts as long ("held").
const writeLeaseLua = `
local n = tonumber(ARGV[3])
local ttl = tonumber(ARGV[2])
local out = {}
for i = 1, n do
  local v = redis.call('GET', KEYS[i])
  local flags = 0
  if v then
    flags = 1
    out[2 * i] = v
    redis.call('DEL', KEYS[i])
  else
    out[2 * i] = ''
  end
  local left = redis.call('PTTL', KEYS[n + i])
  if left > ttl then
    flags = flags + 2
    redis.call('SET', KEYS[n + i], ARGV[1], 'PX', left)
  else
    redis.call('SET', KEYS[n + i], ARGV[1], 'PX', ttl)
  end
  out[2 * i - 1] = flags
end
if #KEYS > 2 * n then
  redis.call('SADD', KEYS[2 * n + 1], KEYS[1])
  redis.call('PEXPIRE', KEYS[2 * n + 1], ARGV[4])
end
return out
`;

// Write-through, step 2. KEYS[1..n] values, KEYS[n+1..2n] leases
// ARGV[1] token, ARGV[2] n, then per key: mode ('s' store, 'r' release only, 'k' keep the
// lease to its end, storing nothing), value, ttl ms
// Where the lease is no longer this write's (another write or an invalidation took it over
// meanwhile, and may be done already), the key is invalidated as a plain write would.
const writeFillLua = `
local n = tonumber(ARGV[2])
for i = 1, n do
  if redis.call('GET', KEYS[n + i]) == ARGV[1] then
    local a = 3 + (i - 1) * 3
    if ARGV[a] == 's' then redis.call('SET', KEYS[i], ARGV[a + 1], 'PX', ARGV[a + 2]) end
    if ARGV[a] ~= 'k' then redis.call('DEL', KEYS[n + i]) end
  else
    redis.call('DEL', KEYS[i], KEYS[n + i])
  end
end
return 1
`;

interface Scripts {
  dsLeaseBuffer(numKeys: number, ...args: (string | number)[]): Promise<[number, Buffer?]>;
  dsFill(numKeys: number, ...args: (string | number | Buffer)[]): Promise<number>;
  dsInvalidate(numKeys: number, ...args: string[]): Promise<number>;
  dsWriteLeaseBuffer(numKeys: number, ...args: (string | number)[]): Promise<(number | Buffer)[]>;
  dsWriteFill(numKeys: number, ...args: (string | number | Buffer)[]): Promise<number>;
}

export interface RedisCacheOptions extends CacheTtls {
  readonly url: string;
  /** Every key starts with it (so that instances of one deployment share, and tests do not collide). */
  readonly prefix: string;
  readonly logger: Logger;
  /** A command that has no answer by then fails (and marks the cache down). */
  readonly commandTimeoutMs: number;
  /** While down, how often to check whether Redis answers again. */
  readonly probeIntervalMs: number;
  /** Invalidations kept while down; above it the whole prefix is flushed on recovery. */
  readonly maxPendingInvalidations: number;
  /**
   * After an outage, how long the cache stays unused once this instance replayed its
   * invalidations, so that the other instances sharing Redis replay theirs first.
   */
  readonly settleMs: number;
}

interface GetBatch {
  keys: string[];
  resolves: ((v: Buffer | null) => void)[];
  rejects: ((err: unknown) => void)[];
}

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  readonly redis: Redis;
  readonly #scripts: Scripts;
  readonly #opts: RedisCacheOptions;
  readonly #log: Logger;
  readonly #instance = randomBytes(6).toString('base64url');
  readonly #listeners: ((state: CacheState) => void)[] = [];
  /** Keys (value keys) whose invalidation may not have reached Redis. */
  readonly #pendingKeys = new Set<string>();
  /** Member indexes whose "drop every member" may not have reached Redis. */
  readonly #pendingIndexes = new Set<string>();
  #overflow = false;
  #state: CacheState = 'down';
  #generation = 0;
  #tokenPrefix: string;
  #tokens = 0;
  #probe: NodeJS.Timeout | undefined;
  #recovering: Promise<void> | undefined;
  #closed = false;
  #everUp = false;
  #downReason = 'not connected yet';
  #gets: GetBatch | undefined;
  /** GET keys asked for, and the commands (GET or MGET) that carried them. */
  readonly getStats = { keys: 0, commands: 0 };

  /**
   * Loads ioredis (only when Redis is configured: a process with the embedded cache, or a
   * bundle of it, never loads it) and connects.
   */
  static async create(opts: RedisCacheOptions): Promise<RedisCache> {
    const { Redis: Client } = await import('ioredis');
    return new RedisCache(opts, Client);
  }

  constructor(opts: RedisCacheOptions, Client: typeof Redis) {
    this.#opts = opts;
    this.#log = opts.logger;
    this.#tokenPrefix = `${this.#instance}.0.`;
    this.redis = new Client(opts.url, {
      enableAutoPipelining: true,
      // RESP2: a little cheaper to parse than ioredis 6's default RESP3 (the replies used here
      // are the same), and what any Redis speaks.
      protocol: 2,
      // Fail fast while Redis is away: no offline queue, no re-sent or retried commands.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: opts.commandTimeoutMs,
      connectTimeout: Math.max(opts.commandTimeoutMs * 2, 1000),
      retryStrategy: (times) => Math.min(50 * times, 200),
      connectionName: `data-server-${this.#instance}`,
      // The coalesced GETs are written as soon as their batch closes (see get()).
      autoPipeliningIgnoredCommands: ['get', 'mget'],
    });
    this.redis.defineCommand('dsLease', { lua: leaseLua });
    this.redis.defineCommand('dsFill', { lua: fillLua });
    this.redis.defineCommand('dsInvalidate', { lua: invalidateLua });
    this.redis.defineCommand('dsWriteLease', { lua: writeLeaseLua });
    this.redis.defineCommand('dsWriteFill', { lua: writeFillLua });
    this.#scripts = this.redis as unknown as Scripts;
    this.redis.on('ready', () => this.#recover());
    this.redis.on('close', () => this.#markDown('connection closed'));
    this.redis.on('error', (err: Error) => {
      this.#log.debug({ err: err.message }, 'redis connection error');
    });
  }

  get state(): CacheState {
    return this.#state;
  }

  get available(): boolean {
    return this.#state === 'up';
  }

  get generation(): number {
    return this.#generation;
  }

  get pendingInvalidations(): number {
    return this.#pendingKeys.size + this.#pendingIndexes.size;
  }

  /** Invalidations kept for replay (and whether they overflowed into a full flush). */
  get pending(): { keys: number; indexes: number; overflow: boolean } {
    return {
      keys: this.#pendingKeys.size,
      indexes: this.#pendingIndexes.size,
      overflow: this.#overflow,
    };
  }

  onStateChange(listener: (state: CacheState) => void): void {
    this.#listeners.push(listener);
  }

  get(key: string): Promise<Buffer | null> {
    let batch = this.#gets;
    if (!batch) {
      batch = { keys: [], resolves: [], rejects: [] };
      this.#gets = batch;
      setImmediate(this.#sendGets);
    }
    const b = batch;
    b.keys.push(key);
    return new Promise((resolve, reject) => {
      b.resolves.push(resolve);
      b.rejects.push(reject);
    });
  }

  readonly #sendGets = (): void => {
    const b = this.#gets!;
    this.#gets = undefined;
    this.getStats.keys += b.keys.length;
    this.getStats.commands++;
    const failed = (err: unknown) => {
      this.#markDown((err as Error)?.message ?? String(err));
      for (const reject of b.rejects) reject(err);
    };
    if (b.keys.length === 1) {
      this.redis.getBuffer(b.keys[0]!).then((v) => b.resolves[0]!(v), failed);
      return;
    }
    this.redis.mgetBuffer(b.keys).then((values) => {
      for (let i = 0; i < b.resolves.length; i++) b.resolves[i]!(values[i] ?? null);
    }, failed);
  };

  async lease(key: string, index: string | undefined): Promise<LeaseResult> {
    const token = `${this.#tokenPrefix}${++this.#tokens}`;
    const { leaseMs, indexMs } = this.#opts;
    const r =
      index === undefined
        ? await this.#scripts
            .dsLeaseBuffer(2, key, key + leaseSuffix, token, leaseMs, indexMs)
            .catch(this.#failed)
        : await this.#scripts
            .dsLeaseBuffer(3, key, key + leaseSuffix, index, token, leaseMs, indexMs)
            .catch(this.#failed);
    switch (r[0]) {
      case 1:
        return { state: 'hit', value: r[1] as Buffer };
      case 0:
        return { state: 'granted', token };
      default:
        return { state: 'held' };
    }
  }

  async fill(key: string, token: string, value: Buffer, ttlMs: number): Promise<boolean> {
    // A lease from before an outage: invalidations may have been lost meanwhile.
    if (this.#state !== 'up' || !token.startsWith(this.#tokenPrefix)) return false;
    const r = await this.#scripts
      .dsFill(2, key, key + leaseSuffix, token, value, Math.max(1, Math.round(ttlMs)))
      .catch(this.#failed);
    return r === 1;
  }

  async writeLease(
    keys: readonly string[],
    index: string | undefined,
    leaseMs = this.#opts.leaseMs,
  ): Promise<WriteLease> {
    if (this.#state !== 'up') throw new Error('cache not available');
    const token = `${this.#tokenPrefix}${++this.#tokens}`;
    const n = keys.length;
    const args: (string | number)[] = [...keys];
    for (const k of keys) args.push(k + leaseSuffix);
    if (index !== undefined) args.push(index);
    args.push(token, Math.max(1, Math.round(leaseMs)), n, this.#opts.indexMs);
    const r = await this.#scripts.dsWriteLeaseBuffer(args.length - 4, ...args).catch(this.#failed);
    const old: (Buffer | null)[] = [];
    const held: boolean[] = [];
    for (let i = 0; i < n; i++) {
      const flags = r[2 * i] as number;
      old.push(flags & 1 ? (r[2 * i + 1] as Buffer) : null);
      held.push((flags & 2) !== 0);
    }
    return { token, keys, old, held };
  }

  async writeFill(lease: WriteLease, values: readonly (WriteValue | undefined)[]): Promise<void> {
    const n = lease.keys.length;
    const args: (string | number | Buffer)[] = [...lease.keys];
    for (const k of lease.keys) args.push(k + leaseSuffix);
    args.push(lease.token, n);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (lease.held[i]) args.push('k', '', 0);
      else if (v === undefined) args.push('r', '', 0);
      else args.push('s', v.value, Math.max(1, Math.round(v.ttlMs)));
    }
    if (!lease.token.startsWith(this.#tokenPrefix)) {
      // The cache went down (and maybe came back, empty) since the write lease: that lease may
      // be gone and a reader may have filled a pre-commit row meanwhile. Invalidate instead.
      await this.invalidate({ keys: lease.keys });
      return;
    }
    try {
      await this.#scripts.dsWriteFill(2 * n, ...args);
    } catch (err) {
      // The values were deleted before the write: delete them (and the leases) again on recovery.
      this.#markDown(`write fill failed: ${(err as Error).message}`);
      this.#keep({ keys: lease.keys });
    }
  }

  async invalidate(inv: Invalidation): Promise<void> {
    // Tried even while degraded: Redis may be back before this instance noticed, and a
    // reader of another instance may already use it. (Fails at once when disconnected.)
    if (!this.#closed) {
      try {
        await this.#send(inv);
        return;
      } catch (err) {
        this.#markDown(`invalidation failed: ${(err as Error).message}`);
      }
    }
    this.#keep(inv);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#probe) clearInterval(this.#probe);
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  #send(inv: Invalidation): Promise<unknown> {
    if (inv.index === undefined) {
      const args: string[] = [];
      for (const k of inv.keys) args.push(k, k + leaseSuffix);
      return this.redis.del(...args);
    }
    return this.#scripts.dsInvalidate(
      1 + inv.keys.length,
      inv.index,
      ...inv.keys,
      leaseSuffix,
      inv.dropIndex ? '1' : '0',
    );
  }

  #keep(inv: Invalidation): void {
    if (this.#overflow) return;
    for (const k of inv.keys) this.#pendingKeys.add(k);
    if (inv.dropIndex && inv.index !== undefined) this.#pendingIndexes.add(inv.index);
    if (this.#pendingKeys.size + this.#pendingIndexes.size > this.#opts.maxPendingInvalidations) {
      this.#overflow = true;
      this.#pendingKeys.clear();
      this.#pendingIndexes.clear();
      this.#log.warn(
        { max: this.#opts.maxPendingInvalidations },
        'cache: too many invalidations kept during the outage; the whole prefix will be flushed on recovery',
      );
    }
  }

  // Arrow function: used as a .catch handler on the hot path without a bind per call.
  readonly #failed = (err: unknown): never => {
    this.#markDown((err as Error)?.message ?? String(err));
    throw err;
  };

  #markDown(reason: string): void {
    if (this.#closed) return;
    if (this.#state !== 'down') {
      this.#downReason = reason;
      this.#setState('down');
      this.#log.warn(
        { reason },
        'cache DEGRADED: Redis unreachable; serving from db-proxy and keeping invalidations until it answers',
      );
    }
    if (!this.#probe) {
      this.#probe = setInterval(() => {
        if (this.redis.status === 'ready') this.#recover();
      }, this.#opts.probeIntervalMs);
      this.#probe.unref();
    }
  }

  #setState(state: CacheState): void {
    if (state !== 'up') {
      // A new generation: leases granted before this point never fill.
      this.#generation++;
      this.#tokenPrefix = `${this.#instance}.${this.#generation}.`;
    }
    this.#state = state;
    for (const l of this.#listeners) l(state);
  }

  #recover(): void {
    if (this.#closed || this.#state === 'up' || this.#recovering) return;
    this.#recovering = this.#replay().finally(() => {
      this.#recovering = undefined;
    });
  }

  async #replay(): Promise<void> {
    const afterOutage = this.#everUp;
    this.#setState('recovering');
    try {
      await this.redis.ping();
      let settled = !afterOutage;
      // Invalidations kept while down (new ones may be kept meanwhile: loop until none).
      for (;;) {
        if (this.#state !== 'recovering') return; // went down again meanwhile
        if (this.#overflow) {
          this.#overflow = false;
          this.#pendingKeys.clear();
          this.#pendingIndexes.clear();
          const n = await this.#flushPrefix();
          this.#log.warn({ deleted: n }, 'cache: flushed the whole prefix after an outage');
          continue;
        }
        if (this.#pendingKeys.size > 0 || this.#pendingIndexes.size > 0) {
          await this.#replayPending();
          continue;
        }
        if (settled) break;
        // Let the other instances reconnect and replay what they kept before reading the cache.
        await new Promise((resolve) => setTimeout(resolve, this.#opts.settleMs).unref());
        settled = true;
      }
      if (this.#state !== 'recovering') return;
      if (this.#probe) {
        clearInterval(this.#probe);
        this.#probe = undefined;
      }
      this.#everUp = true;
      this.#setState('up');
      this.#log.info(
        afterOutage ? { after: this.#downReason } : {},
        afterOutage ? 'cache UP again: Redis answers; using the cache' : 'cache up',
      );
    } catch (err) {
      if (this.#state === 'recovering') this.#setState('down');
      this.#log.warn({ err: (err as Error).message }, 'cache: recovery failed; will retry');
      this.#markDown(`recovery failed: ${(err as Error).message}`);
    }
  }

  async #replayPending(): Promise<void> {
    const keys = [...this.#pendingKeys];
    const indexes = [...this.#pendingIndexes];
    this.#pendingKeys.clear();
    this.#pendingIndexes.clear();
    try {
      for (let i = 0; i < keys.length; i += 256) {
        await this.#send({ keys: keys.slice(i, i + 256) });
      }
      for (const index of indexes) await this.#send({ keys: [], index, dropIndex: true });
    } catch (err) {
      for (const k of keys) this.#keep({ keys: [k] });
      for (const x of indexes) this.#keep({ keys: [], index: x, dropIndex: true });
      throw err;
    }
    this.#log.info(
      { keys: keys.length, indexes: indexes.length },
      'cache: replayed the invalidations kept during the outage',
    );
  }

  async #flushPrefix(): Promise<number> {
    const pattern = `${this.#opts.prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    let n = 0;
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) n += await this.redis.unlink(...keys);
    } while (cursor !== '0');
    return n;
  }
}
