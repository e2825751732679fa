// Limits on what one client can hold of a gRPC port: streams per connection, connections per
// port, and how long a connection may stay without a request. Without them a flood of idle
// connections (2,000 per port) or of streams on one connection (5,000) was all accepted and
// kept, each holding memory.
//
// grpc-js takes the stream limit as a server option (`grpc.max_concurrent_streams`, sent as
// HTTP/2's SETTINGS_MAX_CONCURRENT_STREAMS: a client queues its calls beyond it, and a stream
// opened over it anyway is refused). It has no connection cap, and its idle timeout
// (`grpc.max_connection_idle_ms`) also closes the connections of clients that are merely
// quiet between calls. Both are kept here on the HTTP/2 servers grpc-js makes for the bound
// port (net.Server's `maxConnections`, which closes a connection over the cap as it is
// accepted, and its 'connection' / 'session' events), read from the grpc.Server once bound.
//
// A connection that ends on an HTTP/2 protocol error is logged, at most one line per
// LOG_INTERVAL_MS with the count of those not logged: Node ends a connection that resets
// streams faster than nghttp2's rate limit (the "rapid reset" attack: GOAWAY with
// INTERNAL_ERROR; the session's error is "Protocol error"), and a flood of such connections
// must not become a flood of log lines.
import type { Http2Server, Http2Session } from 'node:http2';
import type { Server as NetServer, Socket } from 'node:net';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { int } from './config.ts';
import { registerOnce } from './metrics.ts';

export interface GrpcLimits {
  /** Streams (calls) one connection may have open at once. */
  maxConcurrentStreams: number;
  /** Connections open at once on the port; a connection over it is closed as it is accepted. */
  maxConnections: number;
  /** A connection that opened no stream within this long of being accepted is closed; 0: never. */
  firstRequestTimeoutMs: number;
}

export const defaultGrpcLimits: GrpcLimits = {
  maxConcurrentStreams: 1000,
  maxConnections: 1000,
  firstRequestTimeoutMs: 10_000,
};

/** The variables of the limits, for a gRPC service's envalid spec (every gRPC service reads them). */
export const grpcLimitsEnv = {
  SLG_GRPC_MAX_CONCURRENT_STREAMS: int({
    default: defaultGrpcLimits.maxConcurrentStreams,
    min: 1,
    max: 2 ** 31 - 1,
    desc: 'calls one connection may have open at once (HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS); more wait in the client, or are refused',
  }),
  SLG_GRPC_MAX_CONNECTIONS: int({
    default: defaultGrpcLimits.maxConnections,
    min: 1,
    max: 1_000_000,
    desc: 'connections open at once on the gRPC port; one over it is closed as it is accepted',
  }),
  SLG_GRPC_FIRST_REQUEST_TIMEOUT_MS: int({
    default: defaultGrpcLimits.firstRequestTimeoutMs,
    min: 0,
    max: 3_600_000,
    desc: 'a connection that sent no request this long after it was accepted is closed (0: never)',
  }),
};

/** The limits from a spec's cleaned values (loadConfig of a spec that spreads grpcLimitsEnv). */
export function grpcLimitsOf(e: {
  SLG_GRPC_MAX_CONCURRENT_STREAMS: number;
  SLG_GRPC_MAX_CONNECTIONS: number;
  SLG_GRPC_FIRST_REQUEST_TIMEOUT_MS: number;
}): GrpcLimits {
  return {
    maxConcurrentStreams: e.SLG_GRPC_MAX_CONCURRENT_STREAMS,
    maxConnections: e.SLG_GRPC_MAX_CONNECTIONS,
    firstRequestTimeoutMs: e.SLG_GRPC_FIRST_REQUEST_TIMEOUT_MS,
  };
}

const LOG_INTERVAL_MS = 10_000;

/** One warning per interval at most; the next one says how many were not logged. */
class RateLimitedWarning {
  readonly #log: Logger;
  readonly #msg: string;
  #last = Number.NEGATIVE_INFINITY;
  #suppressed = 0;

  constructor(log: Logger, msg: string) {
    this.#log = log;
    this.#msg = msg;
  }

  warn(fields: Record<string, unknown>): void {
    const now = performance.now();
    if (now - this.#last < LOG_INTERVAL_MS) {
      this.#suppressed++;
      return;
    }
    this.#last = now;
    this.#log.warn({ ...fields, notLoggedSinceLast: this.#suppressed }, this.#msg);
    this.#suppressed = 0;
  }
}

/** The guards reporting into each registry, whose open connections the gauge adds up. */
const guardsOf = new WeakMap<Registry, Set<ConnectionGuard>>();

interface Pending {
  timer: NodeJS.Timeout;
  socket: Socket;
  session?: Http2Session;
}

/** The limits kept on the HTTP/2 servers of one grpc.Server, with their counters. */
export class ConnectionGuard {
  readonly #limits: GrpcLimits;
  readonly #log: Logger;
  readonly #onActivity: () => void;
  readonly #registry: Registry;
  readonly #refused: Counter<string>;
  readonly #idleClosed: Counter<string>;
  readonly #protocolErrors: Counter<string>;
  readonly #refusedWarning: RateLimitedWarning;
  readonly #errorWarning: RateLimitedWarning;
  /** Connections that opened no stream yet, by the client's address:port (see #keyOf). */
  readonly #pending = new Map<string, Pending>();
  /** Each session's client address:port: a session that ended has no socket left to ask. */
  readonly #remotes = new WeakMap<Http2Session, string>();
  #open = 0;

  constructor(opts: {
    limits: GrpcLimits;
    log: Logger;
    registry: Registry;
    /** Called when a connection opens or closes (the idle compactor counts them as activity). */
    onActivity: () => void;
  }) {
    this.#limits = opts.limits;
    this.#log = opts.log;
    this.#onActivity = opts.onActivity;
    const registry = opts.registry;
    this.#registry = registry;
    this.#refused = registerOnce(
      registry,
      'grpc_server_connections_refused_total',
      () =>
        new Counter({
          name: 'grpc_server_connections_refused_total',
          help: 'Connections closed as they were accepted: SLG_GRPC_MAX_CONNECTIONS were open',
          registers: [registry],
        }),
    );
    this.#idleClosed = registerOnce(
      registry,
      'grpc_server_connections_idle_closed_total',
      () =>
        new Counter({
          name: 'grpc_server_connections_idle_closed_total',
          help: 'Connections closed for sending no request within SLG_GRPC_FIRST_REQUEST_TIMEOUT_MS',
          registers: [registry],
        }),
    );
    this.#protocolErrors = registerOnce(
      registry,
      'grpc_server_connection_errors_total',
      () =>
        new Counter({
          name: 'grpc_server_connection_errors_total',
          help: 'Connections ended by an HTTP/2 protocol error (e.g. too many stream resets)',
          registers: [registry],
        }),
    );
    let guards = guardsOf.get(registry);
    if (!guards) {
      const set = new Set<ConnectionGuard>();
      guards = set;
      guardsOf.set(registry, set);
      registerOnce(
        registry,
        'grpc_server_connections',
        () =>
          new Gauge({
            name: 'grpc_server_connections',
            help: 'Connections open now on the gRPC port',
            registers: [registry],
            collect() {
              let n = 0;
              for (const g of set) n += g.open;
              this.set(n);
            },
          }),
      );
    }
    guards.add(this);
    this.#refusedWarning = new RateLimitedWarning(
      this.#log,
      'gRPC connection refused: SLG_GRPC_MAX_CONNECTIONS are open',
    );
    this.#errorWarning = new RateLimitedWarning(
      this.#log,
      'gRPC connection ended by an HTTP/2 protocol error (GOAWAY sent)',
    );
  }

  /** Connections open now. */
  get open(): number {
    return this.#open;
  }

  /** Keeps the limits on one HTTP/2 server of the bound port. */
  attach(server: NetServer): void {
    const h2 = server as Http2Server;
    h2.maxConnections = this.#limits.maxConnections;
    // Before Node's own listener: on a plaintext port it makes the session at once, and
    // #session must find the connection already pending.
    h2.prependListener('connection', (socket: Socket) => this.#connected(socket));
    h2.on('session', (session: Http2Session) => this.#session(session));
    h2.on('drop', (data?: { remoteAddress?: string; remotePort?: number }) => {
      this.#refused.inc();
      this.#refusedWarning.warn({
        remote: `${data?.remoteAddress}:${data?.remotePort}`,
        maxConnections: this.#limits.maxConnections,
      });
    });
    h2.on('sessionError', (err: Error & { code?: string }, session?: Http2Session) => {
      // A client that went away (ECONNRESET) is no protocol error.
      if (err.code !== 'ERR_HTTP2_ERROR') {
        this.#log.debug({ err }, 'gRPC connection ended by an error');
        return;
      }
      this.#protocolErrors.inc();
      this.#errorWarning.warn({
        remote: session && this.#remotes.get(session),
        error: err.message,
      });
    });
  }

  /** Stops every timer and leaves the gauge (the server is shutting down). */
  stop(): void {
    for (const p of this.#pending.values()) clearTimeout(p.timer);
    this.#pending.clear();
    guardsOf.get(this.#registry)?.delete(this);
  }

  // The TLS socket a session runs on is not the accepted one: both are known by the client's
  // address and port.
  #keyOf(socket: { remoteAddress?: string | undefined; remotePort?: number | undefined }) {
    return `${socket.remoteAddress}|${socket.remotePort}`;
  }

  #connected(socket: Socket): void {
    this.#open++;
    this.#onActivity();
    const timeoutMs = this.#limits.firstRequestTimeoutMs;
    const key = this.#keyOf(socket);
    if (timeoutMs > 0) {
      const timer = setTimeout(() => this.#expire(key), timeoutMs);
      timer.unref();
      this.#pending.set(key, { timer, socket });
    }
    socket.once('close', () => {
      this.#open--;
      this.#onActivity();
      const p = this.#pending.get(key);
      if (p?.socket === socket) {
        clearTimeout(p.timer);
        this.#pending.delete(key);
      }
    });
  }

  #session(session: Http2Session): void {
    const socket = session.socket;
    this.#remotes.set(session, `${socket.remoteAddress}:${socket.remotePort}`);
    const key = this.#keyOf(socket);
    const p = this.#pending.get(key);
    if (!p) return;
    p.session = session;
    session.once('stream', () => {
      clearTimeout(p.timer);
      if (this.#pending.get(key) === p) this.#pending.delete(key);
    });
  }

  #expire(key: string): void {
    const p = this.#pending.get(key);
    if (!p) return;
    this.#pending.delete(key);
    this.#idleClosed.inc();
    this.#log.debug({ remote: key.replace('|', ':') }, 'gRPC connection closed: no request');
    // A GOAWAY (NO_ERROR) where HTTP/2 runs, so that a client knows it may reconnect; the
    // socket itself where it never did (a TLS handshake not completed).
    if (p.session && !p.session.destroyed) p.session.destroy();
    else p.socket.destroy();
  }
}

/**
 * The HTTP/2 servers grpc-js made for its bound ports. grpc-js keeps them in a private map
 * (`http2Servers`) and offers no public way to them; a grpc-js without that map fails here, at
 * start-up, rather than serving without limits.
 */
export function http2ServersOf(server: object): NetServer[] {
  const map = (server as { http2Servers?: unknown }).http2Servers;
  if (!(map instanceof Map)) {
    throw new Error(
      'grpc-js keeps no http2Servers map: the connection limits (grpc-limits.ts) cannot be kept',
    );
  }
  return [...map.keys()] as NetServer[];
}
