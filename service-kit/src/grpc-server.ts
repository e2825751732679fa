// The gRPC server bootstrap every service uses: async handlers wrapped by one
// chain of interceptors (deadline, logging, metrics), typed errors mapped to
// gRPC statuses once here, grpc.health.v1 and server reflection always on,
// and a shutdown that stops accepting, drains in-flight calls, then forces.
import * as grpc from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { guardImplementation, MalformedRequest, tolerantDefinition } from './call-guard.ts';
import { type CallEnd, callEndOf, deadlineAnswerInterceptor } from './deadline-answer.ts';
import {
  CancelledError,
  DeadlineExceededError,
  InvalidArgumentError,
  ServiceError,
  toGrpcStatus,
} from './errors.ts';
import {
  ConnectionGuard,
  defaultGrpcLimits,
  type GrpcLimits,
  http2ServersOf,
} from './grpc-limits.ts';
import { serverCredentials, serverInterceptors } from './grpc-security.ts';
import { HealthService } from './health.ts';
import { FastHistogram } from './histogram.ts';
import { IdleCompactor } from './idle-gc.ts';
import { latencyBuckets, registerOnce } from './metrics.ts';
import { reflectionServices } from './reflection.ts';
import { describeSecurity, type Security } from './tls.ts';
import { type Caller, WriteLedger } from './write-outcome.ts';

/** What a handler knows of its call (`writing`: write-outcome.ts). */
export interface CallContext extends Caller {
  /** "/package.Service/Method" */
  readonly path: string;
  readonly service: string;
  readonly method: string;
  /** Epoch ms by which the call must end: the client's deadline, or the server's default. */
  readonly deadline: number;
  remainingMs(): number;
  /** Aborted when the deadline passes or the client cancels. */
  readonly signal: AbortSignal;
  readonly metadata: grpc.Metadata;
  readonly log: Logger;
}

/** Wraps a handler: call `next` to go on, or answer without it. */
export type Interceptor = (
  ctx: CallContext,
  request: unknown,
  next: () => Promise<unknown>,
) => Promise<unknown>;

// biome-ignore lint/suspicious/noExplicitAny: a definition's methods differ in request type, and function parameters are contravariant
type MethodDef = grpc.MethodDefinition<any, any>;
type Handlers<D> = {
  [K in keyof D]: D[K] extends grpc.MethodDefinition<infer Req, infer Res>
    ? (request: Req, ctx: CallContext) => Promise<Res>
    : never;
};

export interface GrpcServerOptions {
  logger: Logger;
  registry: Registry;
  /** Deadline given to calls whose client set none, so nothing runs unbounded. */
  defaultDeadlineMs?: number;
  /** Extra interceptors, run inside the kit's (after deadline checks, inside metrics). */
  interceptors?: Interceptor[];
  /** Largest request accepted, in bytes (grpc-js answers RESOURCE_EXHAUSTED above it). */
  maxReceiveMessageBytes?: number;
  /** Quiet period after a burst of calls before memory is compacted (idle-gc.ts); 0: never. */
  idleCompactionMs?: number;
  /** Calls since the last compaction that count as a burst (idle-gc.ts). */
  idleCompactionMinCalls?: number;
  /** TLS / mutual TLS and the internal token (tls.ts); default plaintext, no token. */
  security?: Security;
  /**
   * The handlers send every write that can take effect on its own through `ctx.writing`
   * (write-outcome.ts). Their DEADLINE_EXCEEDED statuses then start with `not applied: ` or
   * `outcome unknown: `, and a call whose deadline passes before its handler answered is
   * answered by the kit, not by grpc-js (deadline-answer.ts).
   */
  tracksWrites?: boolean;
  /** Streams per connection, connections, first-request timeout (grpc-limits.ts); defaults there. */
  limits?: GrpcLimits;
}

/** The servers sharing a registry, whose in-flight counts its gauge adds up. */
const serversOf = new WeakMap<Registry, Set<GrpcServer>>();

class Ctx implements CallContext {
  readonly path: string;
  readonly service: string;
  readonly method: string;
  readonly deadline: number;
  readonly metadata: grpc.Metadata;
  readonly log: Logger;
  readonly #call: grpc.ServerUnaryCall<unknown, unknown>;
  #controller: AbortController | undefined;
  #timer: NodeJS.Timeout | undefined;
  #onCancelled: (() => void) | undefined;
  #done = false;
  readonly #writes: WriteLedger;

  constructor(
    path: string,
    service: string,
    method: string,
    call: grpc.ServerUnaryCall<unknown, unknown>,
    defaultDeadlineMs: number,
    log: Logger,
  ) {
    this.path = path;
    this.service = service;
    this.method = method;
    this.#call = call;
    this.metadata = call.metadata;
    this.log = log;
    const d = call.getDeadline();
    const clientDeadline = d instanceof Date ? d.getTime() : d;
    this.deadline = Number.isFinite(clientDeadline)
      ? clientDeadline
      : Date.now() + defaultDeadlineMs;
    this.#writes = new WriteLedger(this.deadline);
  }

  writing(what: string): () => void {
    // Once answered, grpc-js marks every call cancelled: the answer is the reason then.
    if (!this.#done) {
      if (this.#call.cancelled)
        this.#writes.end(new CancelledError('call cancelled by the client'));
      const reason = this.#controller?.signal.reason as unknown;
      if (reason instanceof ServiceError) this.#writes.end(reason);
    }
    return this.#writes.writing(what);
  }

  /** A DEADLINE_EXCEEDED message stating the outcome from the writes sent (write-outcome.ts). */
  outcome(details: string): string {
    return this.#writes.outcome(details);
  }

  get sent() {
    return this.#writes.sent;
  }

  /**
   * The kit answers at the deadline (deadline-answer.ts): nothing is sent from now on, and what
   * runs is stopped. Returns the status message.
   */
  endAtDeadline(): string {
    const why = new DeadlineExceededError(`deadline exceeded before ${this.method} answered`);
    this.#writes.end(why);
    const signal = this.signal;
    if (!signal.aborted) this.#controller!.abort(why);
    return this.#writes.outcome(why.message);
  }

  remainingMs(): number {
    return this.deadline - Date.now();
  }

  // Created on first use: most handlers never look at it, and a timer per call costs.
  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      this.#controller = controller;
      const remaining = this.remainingMs();
      if (remaining <= 0) controller.abort(new DeadlineExceededError('deadline exceeded'));
      else {
        this.#timer = setTimeout(
          () => controller.abort(new DeadlineExceededError('deadline exceeded')),
          remaining,
        );
        this.#timer.unref();
      }
      // A cancel that came before this first read has already been emitted: grpc-js notes it
      // on the call (`cancelled`), so look there as well as listening for a later one. After
      // the call is answered nothing is cancelled: done() stops listening (see there).
      if (this.#call.cancelled && !controller.signal.aborted && !this.#done)
        controller.abort(new CancelledError('call cancelled by the client'));
      else if (!this.#done) {
        this.#onCancelled = () =>
          controller.abort(new CancelledError('call cancelled by the client'));
        this.#call.once('cancelled', this.#onCancelled);
      }
    }
    return this.#controller.signal;
  }

  /**
   * The call is answered. grpc-js emits `cancelled` on every call once its status is sent, not
   * only when the client cancels: a listener left here would build a CancelledError (a stack
   * trace) and abort the signal for every call that read it, garbage that outlives the call.
   */
  done(): void {
    this.#done = true;
    this.#writes.answered();
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#onCancelled) this.#call.removeListener('cancelled', this.#onCancelled);
  }
}

export class GrpcServer {
  readonly server: grpc.Server;
  readonly health = new HealthService();
  readonly #log: Logger;
  readonly #defaultDeadlineMs: number;
  readonly #interceptors: Interceptor[];
  readonly #services: string[] = [];
  /** Unary calls being handled now (a plain count: the gauge reads it when scraped). */
  #inFlight = 0;
  /** Unary calls started since the server was made (the idle compactor reads it). */
  #calls = 0;
  /** Connections opened and closed since the server was made (the idle compactor reads it too). */
  #connectionEvents = 0;
  readonly #guard: ConnectionGuard;
  readonly compactor: IdleCompactor;
  readonly #registry: Registry;
  readonly #latency: FastHistogram<'grpc_service' | 'grpc_method' | 'grpc_code'>;
  readonly #errors: Counter<string>;
  #port = 0;
  readonly #security: Security | undefined;
  readonly #tracksWrites: boolean;
  /** The unary methods answered at their deadline by the kit (tracksWrites). */
  readonly #deadlinePaths = new Set<string>();

  constructor(opts: GrpcServerOptions) {
    this.#log = opts.logger;
    this.#defaultDeadlineMs = opts.defaultDeadlineMs ?? 30_000;
    this.#interceptors = opts.interceptors ?? [];
    this.#tracksWrites = opts.tracksWrites ?? false;
    const security = serverInterceptors(opts.security, opts.registry);
    const limits = opts.limits ?? defaultGrpcLimits;
    this.server = new grpc.Server({
      'grpc.max_concurrent_streams': limits.maxConcurrentStreams,
      'grpc.max_receive_message_length': opts.maxReceiveMessageBytes ?? 4 * 1024 * 1024,
      'grpc.keepalive_time_ms': 30_000,
      'grpc.keepalive_timeout_ms': 10_000,
      'grpc.keepalive_permit_without_calls': 1,
      // channelz bookkeeping costs a few microseconds a call, and nothing here reads it.
      'grpc.enable_channelz': 0,
      // The deadline answer's interceptor must be first: see deadline-answer.ts.
      interceptors: this.#tracksWrites
        ? [deadlineAnswerInterceptor(this.#deadlinePaths), ...security]
        : security,
    });
    this.#security = opts.security;
    this.#latency = registerOnce(
      opts.registry,
      'grpc_server_handling_seconds',
      () =>
        new FastHistogram({
          name: 'grpc_server_handling_seconds',
          help: 'Time to answer a unary RPC, by service, method and status code',
          labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
          buckets: latencyBuckets,
          registers: [opts.registry],
        }),
    );
    this.#errors = registerOnce(
      opts.registry,
      'grpc_server_errors_total',
      () =>
        new Counter({
          name: 'grpc_server_errors_total',
          help: 'RPCs that ended with a status other than OK, by service, method and status code',
          labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
          registers: [opts.registry],
        }),
    );
    // Read at scrape time from every server of the registry, instead of an inc() and a dec()
    // on each call.
    let servers = serversOf.get(opts.registry);
    if (!servers) {
      const set = new Set<GrpcServer>();
      servers = set;
      serversOf.set(opts.registry, set);
      registerOnce(
        opts.registry,
        'grpc_server_in_flight',
        () =>
          new Gauge({
            name: 'grpc_server_in_flight',
            help: 'Unary RPCs being handled now',
            registers: [opts.registry],
            collect() {
              let n = 0;
              for (const s of set) n += s.inFlight;
              this.set(n);
            },
          }),
      );
    }
    servers.add(this);
    this.#registry = opts.registry;
    this.compactor = new IdleCompactor({
      calls: () => this.#calls + this.#connectionEvents,
      registry: opts.registry,
      periodMs: opts.idleCompactionMs,
      minCalls: opts.idleCompactionMinCalls,
      log: opts.logger,
    });
    this.#guard = new ConnectionGuard({
      limits,
      log: opts.logger,
      registry: opts.registry,
      onActivity: () => this.#connectionEvents++,
    });
    this.addGrpcService(
      this.health.definition as unknown as grpc.ServiceDefinition,
      this.health.implementation,
    );
    for (const r of reflectionServices(() => this.#services)) {
      this.addGrpcService(r.definition, r.implementation);
    }
    this.health.set('', 'SERVING');
  }

  /**
   * Registers a grpc-js service implementation as it is: any kind of method (the way to serve
   * streams), guarded like every handler of the kit, so that a throw, a rejected promise or a
   * stream listener that throws ends that call with INTERNAL (logged once) and nothing else.
   * The kit's own health and reflection services are registered this way. The service answers
   * its health check SERVING from now on, as one of addService does.
   */
  addGrpcService(
    definition: grpc.ServiceDefinition,
    implementation: grpc.UntypedServiceImplementation,
  ): void {
    const first = Object.values(definition)[0];
    if (!first) throw new Error('a service definition without methods');
    const serviceName = first.path.slice(1, first.path.lastIndexOf('/'));
    const guarded = guardImplementation(definition, implementation, this.#log, (path) =>
      this.#errors.inc({
        grpc_service: serviceName,
        grpc_method: path.slice(path.lastIndexOf('/') + 1),
        grpc_code: 'INTERNAL',
      }),
    );
    this.server.addService(tolerantDefinition(definition), guarded);
    this.#services.push(serviceName);
    // Every service a client can list (reflection) answers a health check by its name.
    this.health.set(serviceName, 'SERVING');
  }

  /** Registers a service of unary methods implemented by async handlers. */
  addService<D extends Record<string, MethodDef>>(definition: D, handlers: Handlers<D>): void {
    const impl: grpc.UntypedServiceImplementation = {};
    let serviceName = '';
    for (const [name, def] of Object.entries(definition)) {
      if (def.requestStream || def.responseStream) {
        throw new Error(
          `${def.path}: addService takes unary methods; serve streams with addGrpcService`,
        );
      }
      const handler = (
        handlers as Record<string, (req: unknown, ctx: CallContext) => Promise<unknown>>
      )[name];
      if (!handler) throw new Error(`${def.path}: no handler given`);
      serviceName = def.path.slice(1, def.path.lastIndexOf('/'));
      this.#deadlinePaths.add(def.path);
      impl[name] = this.#unary(def.path, handler);
    }
    this.server.addService(tolerantDefinition(definition as grpc.ServiceDefinition), impl);
    this.#services.push(serviceName);
    this.health.set(serviceName, 'SERVING');
  }

  #unary(path: string, handler: (req: unknown, ctx: CallContext) => Promise<unknown>) {
    const slash = path.lastIndexOf('/');
    const service = path.slice(1, slash);
    const method = path.slice(slash + 1);
    const log = this.#log.child({ rpc: path });
    // The latency child (and error counter) of each status code this method ended with, made once.
    const observers = new Map<grpc.status, (v: number) => void>();
    const observe = (code: grpc.status, seconds: number) => {
      let o = observers.get(code);
      if (!o) {
        const labels = {
          grpc_service: service,
          grpc_method: method,
          grpc_code: grpc.status[code] ?? String(code),
        };
        const child = this.#latency.labels(labels);
        const errors = code === grpc.status.OK ? undefined : this.#errors.labels(labels);
        o = errors
          ? (v: number) => {
              child.observe(v);
              errors.inc();
            }
          : (v: number) => child.observe(v);
        observers.set(code, o);
      }
      o(seconds);
    };
    const chain = this.#interceptors;
    const run = (ctx: Ctx, request: unknown): Promise<unknown> => {
      let i = -1;
      const next = (): Promise<unknown> => {
        i++;
        const interceptor = chain[i];
        return interceptor ? interceptor(ctx, request, next) : handler(request, ctx);
      };
      return next();
    };

    const tracksWrites = this.#tracksWrites;
    return (
      call: grpc.ServerUnaryCall<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const end: CallEnd | undefined = tracksWrites ? callEndOf(call.metadata) : undefined;
      // The kit answered at the deadline before the request had arrived: nothing to run.
      if (end?.state === 'answered') return;
      const start = performance.now();
      const ctx = new Ctx(path, service, method, call, this.#defaultDeadlineMs, log);
      this.#inFlight++;
      this.#calls++;
      if (end) {
        end.onDeadline = () => {
          const details = ctx.endAtDeadline();
          observe(grpc.status.DEADLINE_EXCEEDED, (performance.now() - start) / 1e3);
          log.debug(
            { code: 'DEADLINE_EXCEEDED', details, deadline: ctx.deadline, sent: ctx.sent },
            'rpc answered at its deadline',
          );
          return details;
        };
      }
      const finish = (err: unknown, response?: unknown) => {
        ctx.done();
        this.#inFlight--;
        // Answered at the deadline by the kit (deadline-answer.ts): that answer stands.
        if (end?.state === 'answered') return;
        const seconds = (performance.now() - start) / 1e3;
        if (err === null) {
          if (end) end.state = 'ok';
          observe(grpc.status.OK, seconds);
          callback(null, response);
          return;
        }
        const status = toGrpcStatus(err);
        const { code } = status;
        let { details } = status;
        if (end) end.state = 'answered';
        observe(code, seconds);
        if (code === grpc.status.INTERNAL || code === grpc.status.UNKNOWN)
          log.error({ err }, 'rpc failed');
        else if (tracksWrites && code === grpc.status.DEADLINE_EXCEEDED) {
          details = ctx.outcome(details);
          log.debug(
            { code: 'DEADLINE_EXCEEDED', details, deadline: ctx.deadline, sent: ctx.sent },
            'rpc answered with an error',
          );
        } else log.debug({ code: grpc.status[code], details }, 'rpc answered with an error');
        callback({ code, details });
      };
      // Bytes that did not decode (call-guard.ts: tolerantDefinition): the client's mistake.
      if (call.request instanceof MalformedRequest) {
        finish(new InvalidArgumentError(call.request.details));
        return;
      }
      // Deadline interceptor: a call that arrives already expired is not run at all.
      if (ctx.remainingMs() <= 0) {
        finish(new DeadlineExceededError(`deadline exceeded before ${method} started`));
        return;
      }
      let p: Promise<unknown>;
      try {
        p = run(ctx, call.request);
      } catch (err) {
        finish(err);
        return;
      }
      p.then(
        (res) => finish(null, res),
        (err: unknown) => finish(err),
      );
    };
  }

  /** Binds host:port (0 = any free port) and starts serving; resolves to the bound port. */
  async listen(host: string, port: number): Promise<number> {
    const target = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
    this.#port = await new Promise<number>((resolve, reject) => {
      this.server.bindAsync(target, serverCredentials(this.#security), (err, bound) =>
        err ? reject(err) : resolve(bound),
      );
    });
    for (const h2 of http2ServersOf(this.server)) this.#guard.attach(h2);
    this.#log.info(
      {
        address: `${host}:${this.#port}`,
        services: this.#services,
        ...describeSecurity(this.#security),
      },
      'gRPC listening',
    );
    this.compactor.start();
    return this.#port;
  }

  get port(): number {
    return this.#port;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Graceful stop: health NOT_SERVING, no new calls accepted, in-flight calls
   * finish; after `timeoutMs` whatever is left is cancelled.
   */
  async shutdown(timeoutMs: number): Promise<void> {
    this.compactor.stop();
    this.#guard.stop();
    this.health.shutdown();
    this.health.endWatches();
    const drained = new Promise<void>((resolve) => this.server.tryShutdown(() => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const result = await Promise.race([drained.then(() => 'drained' as const), timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') {
      this.#log.warn({ inFlight: this.#inFlight }, 'drain deadline passed: cancelling the rest');
      this.server.forceShutdown();
    }
    serversOf.get(this.#registry)?.delete(this);
  }
}
