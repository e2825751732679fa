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
//
// Cluster mode (`cluster`: seed nodes host:port): the same keys, scripts and protocol through
// ioredis's Cluster client. Every key of one record or collection carries the owner's hash tag,
// so each script's keys (and the member keys the invalidation script reads from an index) are
// in one slot. What differs:
//  - the coalesced GETs leave as one MGET per slot (a multi-key command must stay in one slot),
//    auto-pipelined per node; kept invalidations are replayed as one DEL per slot;
//  - a replica can be promoted with an older copy of its master's data (replication is
//    asynchronous), so every write-path step (write lease, write fill, invalidation) is
//    followed, on the same connection, by WAIT for the replicas the cluster lists for that slot:
//    the step is on them before the write goes on (to db-proxy, or to its acknowledgement).
//    Fewer acknowledgements than replicas count as a failed command (the cache goes down and
//    the write's keys are kept for replay, as in an outage);
//  - a lost connection to a master marks the cache down at once (the cluster's '-node'), so an
//    instance that did not send a command during a failover still stops using the cache and
//    waits for the replay of the others before it is used again;
//  - recovery checks the cluster, not one PING: the slot map is fetched again, every slot has a
//    master, and every master answers with cluster_state:ok;
//  - a flush of the prefix scans every master.
import { randomBytes } from 'node:crypto';
import type { Logger } from '@slg/service-kit';
import type { ChainableCommander, Cluster, Redis } from 'ioredis';
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
import { keySlot } from './slot.ts';

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

// Write-through, step 1. KEYS[1..n] values, KEYS[n+1..2n] leases, KEYS[2n+1..] member indexes
// ARGV[1] token, ARGV[2] lease ms, ARGV[3] n, ARGV[4] index ms, then per member index the
// position (1..n) of the key it records (1 when not given)
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
for j = 2 * n + 1, #KEYS do
  redis.call('SADD', KEYS[j], KEYS[tonumber(ARGV[4 + j - 2 * n]) or 1])
  redis.call('PEXPIRE', KEYS[j], ARGV[4])
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

// writeLease for several writes (the batches of one BatchWritesV2) in one script, in list order.
// KEYS, per write: its n values, its n leases, its m member indexes
// ARGV[1] lease ms, ARGV[2] index ms, ARGV[3] number of writes, then per write: token, n, m,
// and per member index the position (1..n) of the key it records
// Returns, per key of every write in order, {flags, old value} as writeLease.
const writeLeasesLua = `
local ttl = tonumber(ARGV[1])
local writes = tonumber(ARGV[3])
local a = 4
local k = 0
local o = 0
local out = {}
for w = 1, writes do
  local token = ARGV[a]
  local n = tonumber(ARGV[a + 1])
  local m = tonumber(ARGV[a + 2])
  for i = 1, n do
    local v = redis.call('GET', KEYS[k + i])
    local flags = 0
    if v then
      flags = 1
      out[o + 2] = v
      redis.call('DEL', KEYS[k + i])
    else
      out[o + 2] = ''
    end
    local lease = KEYS[k + n + i]
    local left = redis.call('PTTL', lease)
    if left > ttl then
      flags = flags + 2
      redis.call('SET', lease, token, 'PX', left)
    else
      redis.call('SET', lease, token, 'PX', ttl)
    end
    out[o + 1] = flags
    o = o + 2
  end
  for j = 1, m do
    local index = KEYS[k + 2 * n + j]
    redis.call('SADD', index, KEYS[k + tonumber(ARGV[a + 2 + j])])
    redis.call('PEXPIRE', index, ARGV[2])
  end
  k = k + 2 * n + m
  a = a + 3 + m
end
return out
`;

// writeFill for several writes in one script. KEYS, per write: its n values, its n leases
// ARGV[1] number of writes, then per write: token, n, and per key mode, value, ttl ms (as
// writeFill)
const writeFillsLua = `
local writes = tonumber(ARGV[1])
local a = 2
local k = 0
for w = 1, writes do
  local token = ARGV[a]
  local n = tonumber(ARGV[a + 1])
  a = a + 2
  for i = 1, n do
    local lease = KEYS[k + n + i]
    if redis.call('GET', lease) == token then
      if ARGV[a] == 's' then redis.call('SET', KEYS[k + i], ARGV[a + 1], 'PX', ARGV[a + 2]) end
      if ARGV[a] ~= 'k' then redis.call('DEL', lease) end
    else
      redis.call('DEL', KEYS[k + i], lease)
    end
    a = a + 3
  end
  k = k + 2 * n
end
return 1
`;

interface Scripts {
  dsLeaseBuffer(numKeys: number, ...args: (string | number)[]): Promise<[number, Buffer?]>;
  dsFill(numKeys: number, ...args: (string | number | Buffer)[]): Promise<number>;
  dsInvalidate(numKeys: number, ...args: string[]): Promise<number>;
  dsWriteLeaseBuffer(numKeys: number, ...args: (string | number)[]): Promise<(number | Buffer)[]>;
  dsWriteFill(numKeys: number, ...args: (string | number | Buffer)[]): Promise<number>;
  dsWriteLeasesBuffer(numKeys: number, ...args: (string | number)[]): Promise<(number | Buffer)[]>;
  dsWriteFills(numKeys: number, ...args: (string | number | Buffer)[]): Promise<number>;
}

export interface RedisCacheOptions extends CacheTtls {
  /** The Redis server (single mode); unused when `cluster` is given. */
  readonly url: string;
  /** Redis Cluster seed nodes (host:port): the cluster mode. */
  readonly cluster?: readonly string[];
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

/** A pipeline with the cache's scripts (defineCommand adds them to pipelines too). */
type ScriptPipeline = ChainableCommander & {
  [name in keyof Scripts]: (...args: (string | number | Buffer)[]) => ScriptPipeline;
};

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  /** The client: a Redis connection, or in cluster mode ioredis's Cluster client. */
  readonly redis: Redis | Cluster;
  /** Set in cluster mode. */
  readonly cluster: Cluster | undefined;
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
    const { Redis: Client, Cluster: ClusterClient } = await import('ioredis');
    return new RedisCache(opts, Client, ClusterClient);
  }

  constructor(opts: RedisCacheOptions, Client: typeof Redis, ClusterClient?: typeof Cluster) {
    this.#opts = opts;
    this.#log = opts.logger;
    this.#tokenPrefix = `${this.#instance}.0.`;
    const connection = {
      // RESP2: a little cheaper to parse than ioredis 6's default RESP3 (the replies used here
      // are the same), and what any Redis speaks.
      protocol: 2 as const,
      // Fail fast while Redis is away: no offline queue, no re-sent or retried commands.
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: opts.commandTimeoutMs,
      connectTimeout: Math.max(opts.commandTimeoutMs * 2, 1000),
      connectionName: `data-server-${this.#instance}`,
    };
    if (opts.cluster?.length) {
      if (!ClusterClient) throw new Error('cluster mode needs ioredis Cluster');
      this.cluster = new ClusterClient(
        opts.cluster.map((node) => {
          const at = node.lastIndexOf(':');
          return {
            host: node.slice(0, at).replace(/^\[|\]$/g, ''),
            port: Number(node.slice(at + 1)),
          };
        }),
        {
          // Per node: commands written in one tick leave together (the per-slot MGETs of one
          // batch). Not the scripts: ioredis's auto-pipeline routes a custom command by its
          // first argument (here the key count, not a key), so a script would join another
          // node's pipeline and fail ("same slots allocation group"); alone, it is routed by
          // its keys.
          enableAutoPipelining: true,
          autoPipeliningIgnoredCommands: [
            'dsLease',
            'dsLeaseBuffer',
            'dsFill',
            'dsInvalidate',
            'dsWriteLease',
            'dsWriteLeaseBuffer',
            'dsWriteFill',
            'dsWriteLeases',
            'dsWriteLeasesBuffer',
            'dsWriteFills',
          ],
          enableOfflineQueue: false,
          scaleReads: 'master',
          // No command is sent again after a lost connection or CLUSTERDOWN: it fails, the
          // cache goes down, and recovery checks the cluster. (MOVED is still followed: the
          // command did not run.)
          retryDelayOnFailover: 0,
          retryDelayOnClusterDown: 0,
          maxRedirections: 4,
          slotsRefreshTimeout: Math.max(opts.commandTimeoutMs * 2, 1000),
          clusterRetryStrategy: (times) => Math.min(50 * times, 200),
          redisOptions: connection,
        },
      );
      this.redis = this.cluster;
      // A master's connection lost: its slots are unreachable until a replica takes over, and
      // that replica may lack the master's last writes. Down at once (see the top).
      this.cluster.on('-node', (node: Redis) => {
        if (!node.options.readOnly) this.#markDown('a cluster node connection was lost');
      });
      this.cluster.on('node error', (err: Error) => {
        this.#log.debug({ err: err.message }, 'redis cluster node error');
      });
    } else {
      this.cluster = undefined;
      this.redis = new Client(opts.url, {
        ...connection,
        enableAutoPipelining: true,
        enableOfflineQueue: false,
        retryStrategy: (times) => Math.min(50 * times, 200),
        // The coalesced GETs are written as soon as their batch closes (see get()).
        autoPipeliningIgnoredCommands: ['get', 'mget'],
      });
    }
    this.redis.defineCommand('dsLease', { lua: leaseLua });
    this.redis.defineCommand('dsFill', { lua: fillLua });
    this.redis.defineCommand('dsInvalidate', { lua: invalidateLua });
    this.redis.defineCommand('dsWriteLease', { lua: writeLeaseLua });
    this.redis.defineCommand('dsWriteFill', { lua: writeFillLua });
    this.redis.defineCommand('dsWriteLeases', { lua: writeLeasesLua });
    this.redis.defineCommand('dsWriteFills', { lua: writeFillsLua });
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
    if (this.cluster) {
      this.#sendClusterGets(b, failed);
      return;
    }
    this.redis.mgetBuffer(b.keys).then((values) => {
      for (let i = 0; i < b.resolves.length; i++) b.resolves[i]!(values[i] ?? null);
    }, failed);
  };

  /** Cluster mode: one MGET per slot (GET for a lone key), auto-pipelined per node. */
  #sendClusterGets(b: GetBatch, failed: (err: unknown) => void): void {
    const bySlot = new Map<number, number[]>();
    for (let i = 0; i < b.keys.length; i++) {
      const slot = keySlot(b.keys[i]!);
      const at = bySlot.get(slot);
      if (at) at.push(i);
      else bySlot.set(slot, [i]);
    }
    this.getStats.commands += bySlot.size - 1;
    let failure = false;
    const fail = (err: unknown) => {
      if (failure) return;
      failure = true;
      failed(err);
    };
    for (const at of bySlot.values()) {
      if (at.length === 1) {
        const i = at[0]!;
        this.redis.getBuffer(b.keys[i]!).then((v) => {
          if (!failure) b.resolves[i]!(v);
        }, fail);
        continue;
      }
      this.redis.mgetBuffer(at.map((i) => b.keys[i]!)).then((values) => {
        if (failure) return;
        for (let j = 0; j < at.length; j++) b.resolves[at[j]!]!(values[j] ?? null);
      }, fail);
    }
  }

  /**
   * Cluster mode: runs `add`'s commands (keys of one slot) on that slot's master, then WAIT,
   * on the same connection, for the replicas the cluster lists for the slot; rejects when a
   * command failed or fewer replicas acknowledged. Resolves to the first command's reply.
   */
  async #durable(slot: number, add: (p: ScriptPipeline) => void): Promise<unknown> {
    const cluster = this.cluster!;
    const p = cluster.pipeline() as ScriptPipeline;
    add(p);
    const replicas = Math.max(0, (cluster.slots[slot]?.length ?? 1) - 1);
    if (replicas > 0) p.wait(replicas, this.#waitMs);
    const res = await p.exec();
    if (!res) throw new Error('pipeline discarded');
    for (const [err] of res) if (err) throw err;
    if (replicas > 0) {
      const acked = res[res.length - 1]![1] as number;
      if (acked < replicas) {
        throw new Error(
          `WAIT: ${acked} of ${replicas} replicas acknowledged within ${this.#waitMs} ms`,
        );
      }
    }
    return res[0]![1];
  }

  /** WAIT's own timeout: inside the command timeout, so that a slow replica reads as such. */
  get #waitMs(): number {
    return Math.max(1, Math.floor(this.#opts.commandTimeoutMs / 2));
  }

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
    index: string | undefined | readonly (string | undefined)[],
    leaseMs = this.#opts.leaseMs,
  ): Promise<WriteLease> {
    if (this.#state !== 'up') throw new Error('cache not available');
    const token = `${this.#tokenPrefix}${++this.#tokens}`;
    const n = keys.length;
    const args: (string | number)[] = [...keys];
    for (const k of keys) args.push(k + leaseSuffix);
    // Member indexes, and the position of the key each records.
    const positions: number[] = [];
    if (typeof index === 'string') {
      args.push(index);
      positions.push(1);
    } else if (index !== undefined) {
      index.forEach((idx, i) => {
        if (idx === undefined) return;
        args.push(idx);
        positions.push(i + 1);
      });
    }
    const numKeys = args.length;
    args.push(token, Math.max(1, Math.round(leaseMs)), n, this.#opts.indexMs, ...positions);
    const r = (
      this.cluster
        ? await this.#durable(keySlot(keys[0]!), (p) =>
            p.dsWriteLeaseBuffer(numKeys, ...args),
          ).catch(this.#failed)
        : await this.#scripts.dsWriteLeaseBuffer(numKeys, ...args).catch(this.#failed)
    ) as (number | Buffer)[];
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
      if (this.cluster)
        await this.#durable(keySlot(lease.keys[0]!), (p) => p.dsWriteFill(2 * n, ...args));
      else await this.#scripts.dsWriteFill(2 * n, ...args);
    } catch (err) {
      // The values were deleted before the write: delete them (and the leases) again on recovery.
      this.#markDown(`write fill failed: ${(err as Error).message}`);
      this.#keep({ keys: lease.keys });
    }
  }

  async writeLeases(
    writes: readonly LeaseRequest[],
    leaseMs = this.#opts.leaseMs,
  ): Promise<(WriteLease | Error)[]> {
    if (this.#state !== 'up') {
      const err = new Error('cache not available');
      return writes.map(() => err);
    }
    const ms = Math.max(1, Math.round(leaseMs));
    const tokens = writes.map(() => `${this.#tokenPrefix}${++this.#tokens}`);
    const out: (WriteLease | Error)[] = new Array(writes.length);
    // On a cluster a script's keys must share a slot: one script per slot (one owner's keys
    // share one), each made durable on the slot's replicas; one Redis takes them all at once.
    const groups = this.cluster
      ? [...bySlot(writes, (w) => w.keys[0]!).entries()]
      : [[-1, writes.map((_, i) => i)] as const];
    await Promise.all(
      groups.map(async ([slot, at]) => {
        const args: (string | number)[] = [];
        for (const i of at) {
          const w = writes[i]!;
          args.push(...w.keys);
          for (const k of w.keys) args.push(k + leaseSuffix);
          for (const idx of w.index) if (idx !== undefined) args.push(idx);
        }
        const numKeys = args.length;
        args.push(ms, this.#opts.indexMs, at.length);
        for (const i of at) {
          const w = writes[i]!;
          const positions: number[] = [];
          w.index.forEach((idx, j) => {
            if (idx !== undefined) positions.push(j + 1);
          });
          args.push(tokens[i]!, w.keys.length, positions.length, ...positions);
        }
        let r: (number | Buffer)[];
        try {
          r = (
            this.cluster
              ? await this.#durable(slot, (p) => p.dsWriteLeasesBuffer(numKeys, ...args))
              : await this.#scripts.dsWriteLeasesBuffer(numKeys, ...args)
          ) as (number | Buffer)[];
        } catch (err) {
          this.#markDown((err as Error)?.message ?? String(err));
          const e = err instanceof Error ? err : new Error(String(err));
          for (const i of at) out[i] = e;
          return;
        }
        let o = 0;
        for (const i of at) {
          const keys = writes[i]!.keys;
          const old: (Buffer | null)[] = [];
          const held: boolean[] = [];
          for (let j = 0; j < keys.length; j++, o += 2) {
            const flags = r[o] as number;
            old.push(flags & 1 ? (r[o + 1] as Buffer) : null);
            held.push((flags & 2) !== 0);
          }
          out[i] = { token: tokens[i]!, keys, old, held };
        }
      }),
    );
    return out;
  }

  async writeFills(fills: readonly LeaseFill[]): Promise<void> {
    // Leases from before an outage: invalidated instead (see writeFill).
    const stale: string[] = [];
    const current: LeaseFill[] = [];
    for (const f of fills) {
      if (f.lease.token.startsWith(this.#tokenPrefix)) current.push(f);
      else stale.push(...f.lease.keys);
    }
    const sends: Promise<void>[] = [];
    if (stale.length > 0) sends.push(this.invalidate({ keys: stale }));
    const groups = this.cluster
      ? [...bySlot(current, (f) => f.lease.keys[0]!).entries()]
      : current.length > 0
        ? [[-1, current.map((_, i) => i)] as const]
        : [];
    for (const [slot, at] of groups) {
      const args: (string | number | Buffer)[] = [];
      for (const i of at) {
        const keys = current[i]!.lease.keys;
        args.push(...keys);
        for (const k of keys) args.push(k + leaseSuffix);
      }
      const numKeys = args.length;
      args.push(at.length);
      for (const i of at) {
        const { lease, values } = current[i]!;
        args.push(lease.token, lease.keys.length);
        for (let j = 0; j < lease.keys.length; j++) {
          const v = values[j];
          if (lease.held[j]) args.push('k', '', 0);
          else if (v === undefined) args.push('r', '', 0);
          else args.push('s', v.value, Math.max(1, Math.round(v.ttlMs)));
        }
      }
      const send = this.cluster
        ? this.#durable(slot, (p) => p.dsWriteFills(numKeys, ...args))
        : this.#scripts.dsWriteFills(numKeys, ...args);
      sends.push(
        send.then(
          () => undefined,
          (err: unknown) => {
            // The values were deleted before the writes: delete them again on recovery.
            this.#markDown(`write fill failed: ${(err as Error).message}`);
            for (const i of at) this.#keep({ keys: current[i]!.lease.keys });
          },
        ),
      );
    }
    await Promise.all(sends);
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
    if (this.cluster) return this.#sendCluster(inv);
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

  /**
   * Cluster mode: the keys grouped by slot (one owner's keys share one; a replay mixes owners),
   * each group one DEL (or, with the member index, the invalidation script on the index's
   * slot), each made durable on the slot's replicas.
   */
  async #sendCluster(inv: Invalidation): Promise<void> {
    const bySlot = new Map<number, string[]>();
    for (const k of inv.keys) {
      const slot = keySlot(k);
      const group = bySlot.get(slot);
      if (group) group.push(k);
      else bySlot.set(slot, [k]);
    }
    const sends: Promise<unknown>[] = [];
    if (inv.index !== undefined) {
      const slot = keySlot(inv.index);
      const keys = bySlot.get(slot) ?? [];
      bySlot.delete(slot);
      const index = inv.index;
      const drop = inv.dropIndex ? '1' : '0';
      sends.push(
        this.#durable(slot, (p) =>
          p.dsInvalidate(1 + keys.length, index, ...keys, leaseSuffix, drop),
        ),
      );
    }
    for (const [slot, keys] of bySlot) {
      const args: string[] = [];
      for (const k of keys) args.push(k, k + leaseSuffix);
      sends.push(this.#durable(slot, (p) => p.del(...args)));
    }
    await Promise.all(sends);
  }

  /**
   * Cluster mode, recovery: the slot map fetched again, every slot served, every master
   * answering and reporting cluster_state:ok. Throws otherwise.
   */
  async #checkCluster(cluster: Cluster): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      cluster.refreshSlotsCache((err) => (err ? reject(err) : resolve())),
    );
    const masters = new Set<string>();
    for (let slot = 0; slot < 16384; slot++) {
      const m = cluster.slots[slot]?.[0];
      if (m === undefined) throw new Error(`slot ${slot} has no master`);
      masters.add(m);
    }
    const nodes = new Map<string, Redis>();
    for (const node of cluster.nodes('master')) {
      nodes.set(`${node.options.host}:${node.options.port}`, node);
    }
    await Promise.all(
      [...masters].map(async (key) => {
        const node = nodes.get(key);
        if (!node) throw new Error(`no connection to master ${key}`);
        const info = String(await node.cluster('INFO'));
        if (!/cluster_state:ok/.test(info)) throw new Error(`master ${key}: cluster state not ok`);
      }),
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
      if (this.cluster) await this.#checkCluster(this.cluster);
      else await this.redis.ping();
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
    if (this.cluster) {
      // Every master's keys, deleted one slot group at a time and made durable on replicas.
      let n = 0;
      for (const node of this.cluster.nodes('master')) {
        let cursor = '0';
        do {
          const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
          cursor = next;
          const bySlot = new Map<number, string[]>();
          for (const k of keys) {
            const slot = keySlot(k);
            const group = bySlot.get(slot);
            if (group) group.push(k);
            else bySlot.set(slot, [k]);
          }
          for (const [slot, group] of bySlot) {
            n += (await this.#durable(slot, (p) => p.unlink(...group))) as number;
          }
        } while (cursor !== '0');
      }
      return n;
    }
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

/** The positions of `items` grouped by the cluster slot of the key `keyOf` gives each. */
function bySlot<T>(items: readonly T[], keyOf: (item: T) => string): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < items.length; i++) {
    const slot = keySlot(keyOf(items[i]!));
    const at = groups.get(slot);
    if (at) at.push(i);
    else groups.set(slot, [i]);
  }
  return groups;
}
