// The gRPC client factory: a typed promise client over a generated service
// definition, with a deadline on every call, keepalive, retries (grpc-js's own
// retry policy, through the service config) only for the methods named
// idempotent, and typed errors back from statuses.
import * as grpc from '@grpc/grpc-js';
import type Long from 'long';
import type { Registry } from 'prom-client';
import { DeadlineExceededError, errorFromGrpc } from './errors.ts';
import { registerEtcdResolver } from './etcd-resolver.ts';
import { isEtcdUrl } from './etcd-url.ts';
import { clientSettings, getDefaultClientSecurity } from './grpc-security.ts';
import { FastHistogram, type HistogramChild } from './histogram.ts';
import { latencyBuckets, registerOnce } from './metrics.ts';
import type { Security } from './tls.ts';

export interface CallOptions {
  /** This call's deadline, in ms from now (default: the client's). */
  deadlineMs?: number;
  /**
   * Cancels the call when it aborts. The call then fails with the signal's reason when that is
   * a DEADLINE_EXCEEDED (a server's handler whose own deadline passed), else CANCELLED.
   */
  signal?: AbortSignal;
  metadata?: grpc.Metadata;
}

/**
 * What a request may be given as: the generated message class's fields, every one optional,
 * nested messages as plain objects too (protobufjs encodes plain objects as they are).
 */
export type Plain<T> = T extends Long | Uint8Array | string | number | boolean | bigint
  ? T
  : T extends (infer U)[]
    ? Plain<U>[]
    : T extends object
      ? // the generated classes' methods (toJSON) are not part of a request
        {
          [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]?: Plain<
            T[K]
          > | null;
        }
      : T;

type Methods<D> = {
  [K in keyof D]: D[K] extends grpc.MethodDefinition<infer Req, infer Res>
    ? (request: Plain<Req>, options?: CallOptions) => Promise<Res>
    : never;
};

export type GrpcClient<D> = Methods<D> & {
  close(): void;
  /** Resolves once connected, or rejects after `timeoutMs`. */
  waitForReady(timeoutMs: number): Promise<void>;
};

export interface ClientOptions<D> {
  /** Default deadline of every call, in ms. */
  deadlineMs?: number;
  /** Methods safe to retry (reads, and writes that are idempotent): retried on UNAVAILABLE. */
  idempotent?: (keyof D & string)[];
  maxAttempts?: number;
  /** Independent HTTP/2 connections, used round-robin (a load generator wants several). */
  channels?: number;
  keepaliveMs?: number;
  registry?: Registry;
  channelOptions?: grpc.ChannelOptions;
  /** TLS and the internal token (tls.ts); default: setDefaultClientSecurity's, else plaintext. */
  security?: Security;
}

// biome-ignore lint/suspicious/noExplicitAny: a definition's methods differ in request type, and function parameters are contravariant
type AnyMethod = grpc.MethodDefinition<any, any>;

export function createGrpcClient<D extends Record<string, AnyMethod>>(
  definition: D,
  address: string,
  opts: ClientOptions<D> = {},
): GrpcClient<D> {
  const defs = Object.entries(definition) as unknown as [
    string,
    grpc.MethodDefinition<unknown, unknown>,
  ][];
  const first = defs[0]?.[1];
  if (!first) throw new Error('createGrpcClient: empty service definition');
  const service = first.path.slice(1, first.path.lastIndexOf('/'));
  if (isEtcdUrl(address)) registerEtcdResolver();
  const idempotent = opts.idempotent ?? [];
  const serviceConfig = {
    // An etcd:// address (discovery.ts): every registered instance, round-robin.
    loadBalancingConfig: [isEtcdUrl(address) ? { round_robin: {} } : { pick_first: {} }],
    methodConfig: idempotent.length
      ? [
          {
            name: idempotent.map((method) => ({ service, method })),
            retryPolicy: {
              maxAttempts: opts.maxAttempts ?? 3,
              initialBackoff: '0.05s',
              maxBackoff: '1s',
              backoffMultiplier: 2,
              retryableStatusCodes: ['UNAVAILABLE'],
            },
          },
        ]
      : [],
  };
  const channelOptions: grpc.ChannelOptions = {
    'grpc.keepalive_time_ms': opts.keepaliveMs ?? 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.service_config': JSON.stringify(serviceConfig),
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 2_000,
    'grpc.enable_channelz': 0,
    ...opts.channelOptions,
  };
  const n = Math.max(1, opts.channels ?? 1);
  const secure = clientSettings(opts.security ?? getDefaultClientSecurity());
  const clients = Array.from(
    { length: n },
    () =>
      new grpc.Client(address, secure.credentials, {
        ...secure.options,
        ...channelOptions,
        // Without a local pool, channels to one target share one connection.
        ...(n > 1 ? { 'grpc.use_local_subchannel_pool': 1 } : {}),
      }),
  );
  let next = 0;
  const defaultDeadline = opts.deadlineMs ?? 10_000;
  const latency = opts.registry
    ? registerOnce(
        opts.registry,
        'grpc_client_handling_seconds',
        () =>
          new FastHistogram({
            name: 'grpc_client_handling_seconds',
            help: 'Time for a unary RPC this process made to complete, by service, method and status',
            labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
            buckets: latencyBuckets,
            registers: [opts.registry!],
          }),
      )
    : undefined;

  const out: Record<string, unknown> = {};
  for (const [name, def] of defs) {
    // The latency child of each status code this method ended with, made once.
    const observers = new Map<number, HistogramChild>();
    const observe = (code: number, seconds: number) => {
      let o = observers.get(code);
      if (!o) {
        o = latency!.labels({
          grpc_service: service,
          grpc_method: name,
          grpc_code: grpc.status[code] ?? String(code),
        });
        observers.set(code, o);
      }
      o.observe(seconds);
    };
    out[name] = (request: unknown, call: CallOptions = {}) =>
      new Promise((resolve, reject) => {
        const client = clients[next++ % n]!;
        const start = latency ? performance.now() : 0;
        const c = client.makeUnaryRequest(
          def.path,
          def.requestSerialize,
          def.responseDeserialize,
          request,
          call.metadata ?? new grpc.Metadata(),
          { deadline: Date.now() + (call.deadlineMs ?? defaultDeadline) },
          (err, response) => {
            call.signal?.removeEventListener('abort', onAbort);
            if (latency)
              observe(err ? err.code : grpc.status.OK, (performance.now() - start) / 1e3);
            const reason = call.signal?.aborted ? (call.signal.reason as unknown) : undefined;
            if (
              err &&
              err.code === grpc.status.CANCELLED &&
              reason instanceof DeadlineExceededError
            )
              reject(new DeadlineExceededError(`${reason.message}; ${name} was cancelled`, err));
            else if (err) reject(errorFromGrpc(err));
            else resolve(response);
          },
        );
        const onAbort = () => c.cancel();
        if (call.signal) {
          if (call.signal.aborted) c.cancel();
          else call.signal.addEventListener('abort', onAbort, { once: true });
        }
      });
  }
  out.close = () => {
    for (const c of clients) c.close();
  };
  out.waitForReady = (timeoutMs: number) =>
    Promise.all(
      clients.map(
        (c) =>
          new Promise<void>((resolve, reject) =>
            c.waitForReady(Date.now() + timeoutMs, (err) => (err ? reject(err) : resolve())),
          ),
      ),
    ).then(() => undefined);
  return out as GrpcClient<D>;
}
