// Routing a shard key to its backend, and the slot map that can change while db-proxy serves.
//
// Two kinds of map (DBPROXY_SLOT_MAP):
// - `env` (the default): the map of DBPROXY_BACKENDS, fixed for the life of the process.
// - `backend`: the map lives in tables on the *control backend* (the first of DBPROXY_BACKENDS),
//   with a version number, so that every db-proxy instance reads the same map and an operator can
//   move slots while they serve (reshard.ts). DBPROXY_BACKENDS' ranges only seed it, once.
//
// How instances agree (docs/design/sharding.md has the whole sequence):
// - each instance re-reads the map's version every DBPROXY_MAP_REFRESH_MS, and the map when it
//   changed; each map it installs is a *generation* that counts the requests routed under it;
// - each instance writes a heartbeat row (`_slg_proxies`): the oldest map version it still has
//   requests under (its *ack*), and a lease (`lease_until`, the control server's clock + the lease);
// - the mover changes the map, bumps the version, and waits until every instance whose lease is
//   valid acks the new version, so no request routed under an older map is still running anywhere;
// - an instance that could not refresh the map for DBPROXY_MAP_LEASE_MS stops serving (UNAVAILABLE)
//   and bounds every statement's deadline by the end of its lease, so an instance the mover cannot
//   hear from has stopped by the time its lease has expired on the control server;
// - a *frozen* slot (being moved) takes reads but holds writes until the map changes again (or the
//   call's deadline passes): that is the short window in which the mover copies the last rows.
import { DeadlineExceededError, type Logger, UnavailableError } from '@slg/service-kit';
import type * as Mysql from 'mysql2/promise';
import { abortError } from './backends/abort.ts';
import type { Backend } from './backends/types.ts';
import { type ShardMap, slotOf } from './shards.ts';
import {
  type ControlTarget,
  controlConnection,
  DB_NOW_MS,
  ensureMap,
  type PersistedMap,
  PROXIES_TABLE,
  readMap,
  readVersion,
} from './slot-map-store.ts';

export { backendId } from './slot-map-store.ts';

/** Where a call goes, and what it must give back when it ends. */
export interface Route {
  readonly backend: Backend;
  /** The call's deadline, bounded by the end of the instance's map lease. */
  readonly deadline: number;
  release(): void;
}

export interface Router {
  /** The backend of a shard key for a read or a write; may wait while its slot is frozen. */
  route(
    shard: bigint,
    write: boolean,
    deadline: number,
    signal?: AbortSignal,
  ): Route | Promise<Route>;
  /** False while the map is stale (an instance that cannot refresh it does not serve). */
  fresh(): boolean;
  close(): Promise<void>;
}

/**
 * The routes of several writes, held together (a group commit's batches). None is held while
 * one waits for its slot (being moved to another backend): the move waits for the writes in
 * flight on the old map to end, so holding one route while waiting for another would hold the
 * move up until the call's deadline. After a wait, every route is taken again from the start.
 */
export async function routeAll(
  router: Router,
  shards: readonly bigint[],
  deadline: number,
  signal?: AbortSignal,
): Promise<Route[]> {
  for (;;) {
    const held: Route[] = [];
    let waiting: Promise<Route> | undefined;
    try {
      for (const shard of shards) {
        const r = router.route(shard, true, deadline, signal);
        if (r instanceof Promise) {
          waiting = r;
          break;
        }
        held.push(r);
      }
    } catch (err) {
      for (const r of held) r.release();
      throw err;
    }
    if (!waiting) return held;
    for (const r of held) r.release();
    (await waiting).release();
  }
}

const release = () => {};

/** DBPROXY_SLOT_MAP=env: the map of DBPROXY_BACKENDS, fixed. */
export class StaticRouter implements Router {
  readonly #shards: ShardMap<Backend>;
  readonly #check: (b: Backend, shard: bigint) => void;
  constructor(shards: ShardMap<Backend>, check: (b: Backend, shard: bigint) => void) {
    this.#shards = shards;
    this.#check = check;
  }
  route(shard: bigint, _write: boolean, deadline: number): Route {
    const backend = this.#shards.forKey(shard);
    this.#check(backend, shard);
    return { backend, deadline, release };
  }
  fresh(): boolean {
    return true;
  }
  async close(): Promise<void> {}
}

// ---- the router over the persisted map -------------------------------------------------------

interface Generation {
  readonly version: bigint;
  readonly owners: (Backend | undefined)[];
  readonly ownerIds: string[];
  readonly frozen: Uint8Array;
  inflight: number;
}

export interface DynamicRouterOptions {
  control: ControlTarget;
  /** Backends by their id (backendId). */
  backends: ReadonlyMap<string, Backend>;
  /** The seed: the owner id of every slot, from DBPROXY_BACKENDS. */
  seed: readonly string[];
  /** Updated on every new map, so that `app.shards` says where a key is now. */
  shards: ShardMap<Backend>;
  refreshMs: number;
  leaseMs: number;
  connectTimeoutMs: number;
  /** Refuses a backend that is not ready (migrations pending). */
  check: (b: Backend, shard: bigint) => void;
  logger: Logger;
  /** A name for this instance in `_slg_proxies` (default: host, pid and a random part). */
  instance?: string;
  onChange?: (version: bigint) => void;
}

export class DynamicRouter implements Router {
  readonly instance: string;
  readonly #o: DynamicRouterOptions;
  #gen: Generation | undefined;
  /** Older generations that still have requests in flight. */
  readonly #draining = new Set<Generation>();
  #fenceUntil = 0;
  /** Local time just before the last heartbeat the control backend took, and the ack it carried. */
  #beatAt = 0;
  #beatAck = -1n;
  #conn: Mysql.Connection | undefined;
  #ensured = false;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;
  #lastError: string | undefined;
  /** Writes waiting for a frozen slot: woken on every new map. */
  #waiters = new Set<() => void>();
  readonly #backendIds: string;

  constructor(o: DynamicRouterOptions) {
    this.#o = o;
    this.instance =
      o.instance ??
      `${process.env.HOSTNAME ?? 'db-proxy'}:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
    this.#backendIds = [...o.backends.keys()].join(' ');
  }

  get version(): bigint {
    return this.#gen?.version ?? 0n;
  }

  /** The oldest map version this instance still has requests under. */
  acked(): bigint {
    let v = this.#gen?.version ?? 0n;
    for (const g of this.#draining) if (g.version < v) v = g.version;
    return v;
  }

  /** Registers, reads the map once (a failure is logged and retried), then refreshes it on a timer. */
  async start(): Promise<void> {
    await this.#kick();
    this.#timer = setInterval(() => void this.#kick(), this.#o.refreshMs);
    this.#timer.unref();
  }

  fresh(): boolean {
    return this.#gen !== undefined && Date.now() <= this.#fenceUntil;
  }

  route(
    shard: bigint,
    write: boolean,
    deadline: number,
    signal?: AbortSignal,
  ): Route | Promise<Route> {
    const gen = this.#gen;
    if (!gen || Date.now() > this.#fenceUntil) throw this.#staleError();
    const slot = slotOf(shard, gen.owners.length);
    if (write && gen.frozen[slot]) return this.#waitThenRoute(shard, slot, deadline, signal);
    const backend = gen.owners[slot];
    if (!backend) {
      throw new UnavailableError(
        `slot ${slot} (shard key ${shard}) belongs to ${gen.ownerIds[slot]}, which is not in this db-proxy's DBPROXY_BACKENDS`,
      );
    }
    this.#o.check(backend, shard);
    gen.inflight++;
    let done = false;
    return {
      backend,
      deadline: Math.min(deadline, this.#fenceUntil),
      release: () => {
        if (done) return;
        done = true;
        if (--gen.inflight === 0 && gen !== this.#gen && this.#draining.delete(gen)) {
          void this.#kick(); // tell the mover at once
        }
      },
    };
  }

  async #waitThenRoute(
    shard: bigint,
    slot: number,
    deadline: number,
    signal?: AbortSignal,
  ): Promise<Route> {
    for (;;) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          cleanup();
          resolve();
        };
        const timer = setTimeout(
          () => {
            cleanup();
            reject(
              new DeadlineExceededError(
                `slot ${slot} (shard key ${shard}) is being moved to another backend; the write waited for it until its deadline and was not applied`,
              ),
            );
          },
          Math.max(0, deadline - Date.now()),
        );
        const onAbort = () => {
          cleanup();
          reject(abortError(signal!));
        };
        const cleanup = () => {
          clearTimeout(timer);
          this.#waiters.delete(wake);
          signal?.removeEventListener('abort', onAbort);
        };
        this.#waiters.add(wake);
        signal?.addEventListener('abort', onAbort, { once: true });
        if (signal?.aborted) onAbort();
      });
      const gen = this.#gen!;
      if (!gen.frozen[slot]) return this.route(shard, true, deadline, signal);
    }
  }

  #staleError(): UnavailableError {
    return new UnavailableError(
      this.#gen
        ? `the slot map could not be refreshed from the control backend for over ${this.#o.leaseMs} ms (${this.#lastError ?? 'no answer'}); not serving until it is`
        : `the slot map has not been read from the control backend yet (${this.#lastError ?? 'starting'})`,
    );
  }

  /** One refresh now (or right after the one running). */
  #kick(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#tick();
      } while (this.#again && !this.#closed);
    })().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #tick(): Promise<void> {
    if (this.#closed) return;
    const start = Date.now();
    try {
      if (!this.#conn) {
        this.#conn = await controlConnection(this.#o.control, this.#o.connectTimeoutMs);
      }
      const c = this.#conn;
      if (!this.#ensured) {
        await ensureMap(c, this.#o.seed);
        this.#ensured = true;
      }
      // The heartbeat before the map: a mover that changed the map after this map read is
      // sure to see this instance's lease (docs/design/sharding.md). It is written when the ack
      // changed or a quarter of the lease has gone by (each is a commit on the control backend).
      if (this.acked() !== this.#beatAck || start - this.#beatAt >= this.#o.leaseMs / 4)
        await this.#heartbeat(c, start);
      const beat = this.#beatAt;
      const version = await readVersion(c);
      if (version !== this.#gen?.version) {
        this.#install(await readMap(c));
        if (this.acked() === this.#gen!.version) await this.#heartbeat(c, Date.now());
      }
      // Serving stops a lease after the last heartbeat that was followed by a map read: by then
      // the lease has expired on the control backend too (its clock read after ours).
      this.#fenceUntil = beat + this.#o.leaseMs;
      const took = Date.now() - start;
      if (took > this.#o.leaseMs / 4)
        this.#o.logger.warn({ ms: took }, 'slot map: a refresh took over a quarter of the lease');
      if (this.#lastError) this.#o.logger.info('slot map: control backend reachable again');
      this.#lastError = undefined;
    } catch (err) {
      const msg = (err as Error).message;
      if (msg !== this.#lastError)
        this.#o.logger.warn({ err: msg }, 'slot map: cannot refresh from the control backend');
      this.#lastError = msg;
      this.#conn?.destroy();
      this.#conn = undefined;
      if (/slots, DBPROXY_SLOTS says/.test(msg)) throw err;
    }
  }

  async #heartbeat(c: Mysql.Connection, at: number): Promise<void> {
    const ack = this.acked();
    await c.query(
      `INSERT INTO \`${PROXIES_TABLE}\` (instance, version, lease_until, backends) VALUES (?, ?, ${DB_NOW_MS} + ?, ?) ` +
        'ON DUPLICATE KEY UPDATE version = VALUES(version), lease_until = VALUES(lease_until), backends = VALUES(backends)',
      [this.instance, String(ack), this.#o.leaseMs, this.#backendIds],
    );
    this.#beatAt = at;
    this.#beatAck = ack;
  }

  #install(map: PersistedMap): void {
    const n = this.#o.seed.length;
    if (map.slots.length !== n)
      throw new Error(`the persisted slot map has ${map.slots.length} slots, expected ${n}`);
    const gen: Generation = {
      version: map.version,
      owners: map.slots.map((s) => this.#o.backends.get(s.owner)),
      ownerIds: map.slots.map((s) => s.owner),
      frozen: Uint8Array.from(map.slots, (s) => (s.frozen ? 1 : 0)),
      inflight: 0,
    };
    const old = this.#gen;
    this.#gen = gen;
    if (old && old.inflight > 0) this.#draining.add(old);
    const unknown = new Set(map.slots.filter((_s, i) => !gen.owners[i]).map((s) => s.owner));
    if (unknown.size)
      this.#o.logger.error(
        { unknown: [...unknown] },
        'slot map: slots belong to backends missing from DBPROXY_BACKENDS (their calls get UNAVAILABLE)',
      );
    const owners = gen.owners.map((b) => (b ? this.#o.shards.backends.indexOf(b) : -1));
    this.#o.shards.assign(owners);
    this.#o.logger.info(
      { version: `${map.version}`, frozen: gen.frozen.reduce((a, b) => a + b, 0) },
      'slot map installed',
    );
    this.#o.onChange?.(map.version);
    for (const wake of [...this.#waiters]) wake();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#running;
    const c = this.#conn;
    this.#conn = undefined;
    if (!c) return;
    // Leave: a mover need not wait for this instance's lease.
    await c
      .query(`DELETE FROM \`${PROXIES_TABLE}\` WHERE instance = ?`, [this.instance])
      .catch(() => undefined);
    await c.end().catch(() => c.destroy());
  }
}
