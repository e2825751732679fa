// gRPC clients for load generation, built on the kit's client factory (deadline on every
// call, keepalive, several channels per client) with two changes a load generator needs:
// requests are encoded by the workload itself (so that it can hash exactly the bytes it
// sends, and encode once). Methods named `raw` resolve the
// response bytes undecoded, for a workload that can check most answers without decoding them
// (the data workload's answer memo). No retries: a benchmark must see every failure.
import type * as grpc from '@grpc/grpc-js';
import { createGrpcClient, type GrpcClient, type Security } from '@slg/service-kit';

// biome-ignore lint/suspicious/noExplicitAny: a definition's methods differ in request type, and function parameters are contravariant
type AnyMethod = grpc.MethodDefinition<any, any>;

type PreEncoded<D, Raw extends keyof D = never> = {
  [K in keyof D]: D[K] extends grpc.MethodDefinition<infer _Req, infer Res>
    ? grpc.MethodDefinition<Uint8Array, K extends Raw ? Buffer : Res>
    : never;
};

/**
 * The same definition, taking already-encoded requests. The methods in `raw` resolve the
 * response's bytes as grpc-js received them, decoded by nobody (a Buffer the caller may keep: grpc-js copies every message out of the
 * HTTP/2 stream).
 */
function preEncodedDefinition<
  D extends Record<string, AnyMethod>,
  Raw extends keyof D & string = never,
>(definition: D, raw: readonly Raw[] = []): PreEncoded<D, Raw> {
  const out: Record<string, grpc.MethodDefinition<Uint8Array, unknown>> = {};
  const rawSet = new Set<string>(raw);
  for (const [name, def] of Object.entries(definition)) {
    out[name] = {
      ...(def as unknown as grpc.MethodDefinition<Uint8Array, unknown>),
      requestSerialize: (b: Uint8Array) =>
        Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength),
      ...(rawSet.has(name) ? { responseDeserialize: (b: Buffer) => b } : {}),
    };
  }
  return out as PreEncoded<D, Raw>;
}

interface LoadClientOptions<Raw extends string = never> {
  channels: number;
  deadlineMs: number;
  /** Methods whose calls resolve the response bytes (a Buffer) instead of the decoded message. */
  raw?: readonly Raw[];
  /** Default: the CLI's --tls-* / --token (lib/security.ts); echo clients pass plaintext. */
  security?: Security;
}

/**
 * A client over pre-encoded requests: `client.FetchV2(bytes)` resolves the decoded response,
 * or its bytes when FetchV2 is in `opts.raw`.
 */
export function createLoadClient<
  D extends Record<string, AnyMethod>,
  Raw extends keyof D & string = never,
>(definition: D, target: string, opts: LoadClientOptions<Raw>): GrpcClient<PreEncoded<D, Raw>> {
  return createGrpcClient(preEncodedDefinition(definition, opts.raw), target, {
    channels: opts.channels,
    deadlineMs: opts.deadlineMs,
    ...(opts.security ? { security: opts.security } : {}),
    channelOptions: {
      // A load generator's channels must each hold their own connection.
      'grpc.use_local_subchannel_pool': 1,
      // No retry machinery at all (no retry buffer, no retry state per call): a benchmark
      // sees every failure, and pays nothing for a feature it does not use.
      'grpc.enable_retries': 0,
      'grpc.max_receive_message_length': 64 * 1024 * 1024,
    },
  });
}
