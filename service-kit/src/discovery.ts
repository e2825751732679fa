// Service discovery through etcd. A service given an etcd URL
// registers its address under a key prefix with a lease (a TTL kept alive), only
// while it is healthy, and withdraws on shutdown; a client given the same URL
// instead of host:port watches the prefix and balances across the instances
// (gRPC: the `etcd` resolver of etcd-resolver.ts, under grpc-js's round_robin; HTTP:
// EtcdInstances.next()). An instance that dies stops keeping its lease alive:
// etcd deletes its key when the TTL runs out and every watcher drops it.
//
//   etcd://host:2379[,host:2379...]/slg/db-proxy[?ttl=10&advertise=10.0.0.5]
//
// Static host:port addresses stay the default and need no etcd. The etcd3 client (and the
// protobuf definitions it loads) is imported only when an etcd URL is used, and this module
// loads no grpc-js: battle-server (HTTP only) registers through it.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { Etcd3, Lease, Watcher } from 'etcd3';
import type { Logger } from 'pino';
import { type EtcdTarget, hostPort, parseEtcdTarget } from './etcd-url.ts';

export {
  addressProblem,
  defaultLeaseTtlSec,
  type EtcdTarget,
  isEtcdUrl,
  parseEtcdTarget,
  registerProblem,
} from './etcd-url.ts';

// ---- etcd clients, one per set of endpoints, shared and counted ----

const clients = new Map<string, { client: Promise<Etcd3>; users: number }>();

async function openClient(endpoints: string[]): Promise<Etcd3> {
  const { Etcd3 } = await import('etcd3');
  return new Etcd3({
    hosts: endpoints,
    dialTimeout: 3000,
    defaultCallOptions: (ctx) => (ctx.isStream ? {} : { deadline: Date.now() + 5000 }),
    faultHandling: {
      // A broken watch is opened again within 2 s (etcd3's default backs off up to 30 s).
      watchBackoff: backoff(100, 2000),
    },
  });
}

function backoff(
  ms: number,
  maxMs: number,
): { duration: number; next(): ReturnType<typeof backoff> } {
  return { duration: ms, next: () => backoff(Math.min(ms * 2, maxMs), maxMs) };
}

function acquireClient(endpoints: string[]): { client: Promise<Etcd3>; release(): void } {
  const key = endpoints.join(',');
  let entry = clients.get(key);
  if (!entry) {
    entry = { client: openClient(endpoints), users: 0 };
    clients.set(key, entry);
  }
  entry.users++;
  const e = entry;
  let released = false;
  return {
    client: e.client,
    release() {
      if (released) return;
      released = true;
      if (--e.users > 0) return;
      clients.delete(key);
      void e.client.then(
        (c) => c.close(),
        () => {},
      );
    },
  };
}

// ---- the client side: the instances under a prefix ----

export interface Instance {
  /** The etcd key (prefix + instance id). */
  readonly key: string;
  /** host:port the instance serves on. */
  readonly address: string;
}

function parseValue(key: string, value: Buffer | Uint8Array | null | undefined): Instance | null {
  if (!value) return null;
  try {
    const v = JSON.parse(Buffer.from(value).toString('utf8')) as { address?: unknown };
    if (typeof v.address === 'string' && hostPort.test(v.address))
      return { key, address: v.address };
  } catch {
    // not ours: ignored
  }
  return null;
}

/**
 * The live instances under an etcd prefix: read once, then kept up to date by a watch from the
 * revision of that read (nothing missed in between). 'change' fires with the new list. While
 * etcd is unreachable the last list is kept (the watch resumes from its revision).
 */
export class EtcdInstances extends EventEmitter<{ change: [Instance[]]; error: [Error] }> {
  readonly target: EtcdTarget;
  readonly #byKey = new Map<string, Instance>();
  readonly #conn: { client: Promise<Etcd3>; release(): void };
  #watcher: Watcher | undefined;
  #closed = false;
  #next = 0;
  #ready = false;
  /** Resolves after the first successful read (a failed one is tried again, 250 ms to 5 s apart). */
  readonly ready: Promise<void>;
  /** Why the reads failed, while none has succeeded yet. */
  lastError: Error | undefined;

  constructor(target: EtcdTarget | string) {
    super();
    this.target = typeof target === 'string' ? parseEtcdTarget(target) : target;
    this.#conn = acquireClient(this.target.endpoints);
    this.ready = this.#start();
  }

  /** True once the prefix has been read (the list is etcd's, not the empty start). */
  get isReady(): boolean {
    return this.#ready;
  }

  async #start(): Promise<void> {
    for (let delay = 250; !this.#closed; delay = Math.min(delay * 2, 5000)) {
      try {
        await this.#open();
        this.lastError = undefined;
        this.#ready = true;
        return;
      } catch (err) {
        if (this.#closed) return;
        this.lastError = err as Error;
        if (this.listenerCount('error')) this.emit('error', err as Error);
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }

  async #open(): Promise<void> {
    const client = await this.#conn.client;
    const prefix = this.target.prefix;
    const res = await client.getAll().prefix(prefix).exec();
    if (this.#closed) return;
    this.#byKey.clear();
    for (const kv of res.kvs) {
      const inst = parseValue(kv.key.toString(), kv.value);
      if (inst) this.#byKey.set(inst.key, inst);
    }
    const revision = BigInt(res.header.revision) + 1n;
    const watcher = await client.watch().prefix(prefix).startRevision(String(revision)).create();
    if (this.#closed) {
      await watcher.cancel();
      return;
    }
    this.#watcher = watcher;
    watcher.on('put', (kv) => {
      const inst = parseValue(kv.key.toString(), kv.value);
      if (!inst) return;
      this.#byKey.set(inst.key, inst);
      this.#changed();
    });
    watcher.on('delete', (kv) => {
      if (this.#byKey.delete(kv.key.toString())) this.#changed();
    });
    watcher.on('error', (err) => {
      if (this.listenerCount('error')) this.emit('error', err);
    });
    this.#changed();
  }

  #changed(): void {
    this.emit('change', this.list());
  }

  /** The instances now, in key order. */
  list(): Instance[] {
    return [...this.#byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  /** The next instance's address, round-robin; undefined when none is registered. */
  next(): string | undefined {
    const list = this.list();
    if (list.length === 0) return undefined;
    return list[this.#next++ % list.length]!.address;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.removeAllListeners();
    await this.#watcher?.cancel().catch(() => {});
    this.#conn.release();
  }
}

// ---- the instances of a prefix, shared in a process ----

const shared = new Map<string, { instances: EtcdInstances; users: number }>();

/**
 * The EtcdInstances of `url` shared by every user in this process (the gRPC resolver's channels,
 * an HTTP client, a test watching what its clients see): one watch, events in one order.
 * release() when done; the last one closes the watch.
 */
export function sharedInstances(url: string): { instances: EtcdInstances; release(): void } {
  let entry = shared.get(url);
  if (!entry) {
    entry = { instances: new EtcdInstances(url), users: 0 };
    shared.set(url, entry);
  }
  entry.users++;
  const e = entry;
  let released = false;
  return {
    instances: e.instances,
    release() {
      if (released) return;
      released = true;
      if (--e.users > 0) return;
      shared.delete(url);
      void e.instances.close();
    },
  };
}

// ---- the server side: registration ----

export interface RegistrationOptions {
  /** The etcd URL to register under. */
  target: string;
  /** The host clients reach this instance at (the URL's `advertise` overrides it). */
  host: string;
  port: number;
  /** Registered while this says true (read every `pollMs`). */
  serving: () => boolean;
  logger: Logger;
  pollMs?: number;
}

export interface Registration {
  /** The key of this instance (prefix + id). */
  readonly key: string;
  /** The address published. */
  readonly address: string;
  /** True while the key is in etcd under a live lease (as far as this process knows). */
  readonly registered: boolean;
  /** Resolves once registered for the first time. */
  readonly ready: Promise<void>;
  /** Withdraws (revokes the lease: the key goes at once) and stops. */
  close(): Promise<void>;
}

function advertisedHost(target: EtcdTarget, host: string): string {
  if (target.advertise) return target.advertise;
  // A wildcard bind is no address to reach: the machine's name is the best guess.
  if (host === '0.0.0.0' || host === '::' || host === '') return hostname();
  return host;
}

/**
 * Registers this instance under `target` while `serving()` is true: a lease of the URL's TTL
 * kept alive by etcd3, and the key `<prefix><host>-<pid>-<random>` with the value
 * `{"address":"host:port",...}` attached to it. NOT serving revokes the lease (clients drop the
 * instance at once); serving again, or a lease lost (etcd unreachable longer than the TTL),
 * registers again under a new lease.
 */
export function startRegistration(opts: RegistrationOptions): Registration {
  const target = parseEtcdTarget(opts.target);
  const h = advertisedHost(target, opts.host);
  const address = `${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${opts.port}`;
  const key = `${target.prefix}${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const value = JSON.stringify({
    address,
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
  });
  const log = opts.logger.child({ component: 'discovery', key, address });
  const conn = acquireClient(target.endpoints);
  let lease: Lease | undefined;
  let registered = false;
  let closed = false;
  let busy: Promise<void> | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const register = async () => {
    const client = await conn.client;
    const l = client.lease(target.ttlSec);
    lease = l;
    l.on('lost', (err) => {
      if (lease !== l) return;
      lease = undefined;
      registered = false;
      if (!closed) log.warn({ err: err.message }, 'discovery: lease lost; registering again');
    });
    try {
      await l.put(key).value(value);
    } catch (err) {
      lease = undefined;
      void l.revoke().catch(() => {});
      throw err;
    }
    if (lease !== l) return;
    registered = true;
    log.info({ ttlSec: target.ttlSec }, 'discovery: registered');
    markReady();
  };
  const withdraw = async () => {
    const l = lease;
    lease = undefined;
    registered = false;
    if (l) {
      await l
        .revoke()
        .catch((err: Error) =>
          log.warn({ err: err.message }, 'discovery: revoke failed (the lease expires on its own)'),
        );
      log.info('discovery: withdrawn');
    }
  };
  let failures = 0;
  const tick = () => {
    if (busy || closed) return;
    const want = opts.serving();
    if (want === (lease !== undefined)) return;
    busy = (want ? register() : withdraw())
      .then(
        () => {
          failures = 0;
        },
        (err: Error) => {
          if (failures++ === 0)
            log.warn({ err: err.message }, 'discovery: cannot register; retrying');
        },
      )
      .finally(() => {
        busy = undefined;
      });
  };
  const timer = setInterval(tick, opts.pollMs ?? 250);
  timer.unref();
  tick();
  return {
    key,
    address,
    get registered() {
      return registered;
    },
    ready,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      // Bounded: with etcd away, the lease expires on its own after its TTL.
      const done = (async () => {
        await busy;
        await withdraw();
      })();
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        done,
        new Promise<void>((resolve) => {
          bound = setTimeout(() => {
            log.warn('discovery: withdrawal timed out (the lease expires on its own)');
            resolve();
          }, 3000);
        }),
      ]);
      clearTimeout(bound);
      conn.release();
    },
  };
}
