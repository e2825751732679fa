// gRPC clients for load generation, built on the kit's client factory (deadline on every
// call, keepalive, several channels per client) with two changes a load generator needs:
// requests are encoded by the workload itself (so that it can hash exactly the bytes it
// sends, and encode once), and response sizes are counted. No retries: a benchmark must see
// every failure.
import type * as grpc from '@grpc/grpc-js';
import { createGrpcClient, type GrpcClient } from '@slg/service-kit';

// biome-ignore lint/suspicious/noExplicitAny: a definition's methods differ in request type, and function parameters are contravariant
type AnyMethod = grpc.MethodDefinition<any, any>;

type PreEncoded<D> = {
  [K in keyof D]: D[K] extends grpc.MethodDefinition<infer _Req, infer Res>
    ? grpc.MethodDefinition<Uint8Array, Res>
    : never;
};

export interface ByteCounter {
  responses: number;
  responseBytes: number;
}

/** The same definition, taking already-encoded requests and counting response bytes. */
export function preEncodedDefinition<D extends Record<string, AnyMethod>>(
  definition: D,
  counter: ByteCounter,
): PreEncoded<D> {
  const out: Record<string, grpc.MethodDefinition<Uint8Array, unknown>> = {};
  for (const [name, def] of Object.entries(definition)) {
    const deserialize = def.responseDeserialize;
    out[name] = {
      ...(def as unknown as grpc.MethodDefinition<Uint8Array, unknown>),
      requestSerialize: (b: Uint8Array) =>
        Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength),
      responseDeserialize: (b: Buffer) => {
        counter.responses++;
        counter.responseBytes += b.length;
        return deserialize(b);
      },
    };
  }
  return out as PreEncoded<D>;
}

export interface LoadClientOptions {
  channels: number;
  deadlineMs: number;
}

/** A client over pre-encoded requests: `client.FetchV2(bytes)` resolves the decoded response. */
export function createLoadClient<D extends Record<string, AnyMethod>>(
  definition: D,
  target: string,
  opts: LoadClientOptions,
): { client: GrpcClient<PreEncoded<D>>; bytes: ByteCounter } {
  const bytes: ByteCounter = { responses: 0, responseBytes: 0 };
  const client = createGrpcClient(preEncodedDefinition(definition, bytes), target, {
    channels: opts.channels,
    deadlineMs: opts.deadlineMs,
    channelOptions: {
      // A load generator's channels must each hold their own connection.
      'grpc.use_local_subchannel_pool': 1,
      // No retry machinery at all (no retry buffer, no retry state per call): a benchmark
      // sees every failure, and pays nothing for a feature it does not use.
      'grpc.enable_retries': 0,
      'grpc.max_receive_message_length': 64 * 1024 * 1024,
    },
  });
  return { client, bytes };
}
