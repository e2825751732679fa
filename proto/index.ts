// The wire contracts of the stack: protobufjs static codecs and types
// (generated/index.js), grpc-js service definitions (generated/services.ts),
// the descriptor set served by reflection, and exact int64 conversions.
import { readFileSync } from 'node:fs';
import Long from 'long';
import protobuf from 'protobufjs/minimal.js';

export { grpc, slg } from './generated/index.js';
export * from './generated/services.ts';

// protobufjs decodes int64 to Long only when it finds the long package; make that explicit
// so that int64 never silently becomes a JavaScript number.
protobuf.util.Long = Long;
protobuf.configure();

// The service bundles have no generated/ beside them: scripts/build.ts embeds the descriptor
// set (base64) under this name with esbuild's `define`. Run from the sources, it is undefined and
// the file is read.
declare const SLG_EMBEDDED_DESCRIPTOR_SET: string | undefined;

/** The FileDescriptorSet (protoc-equivalent) of every .proto in this package. */
export function descriptorSet(): Buffer {
  if (typeof SLG_EMBEDDED_DESCRIPTOR_SET === 'string') {
    return Buffer.from(SLG_EMBEDDED_DESCRIPTOR_SET, 'base64');
  }
  return readFileSync(new URL('./generated/descriptors.bin', import.meta.url));
}

export type Int64 = Long | number | string | bigint;

/** An int64 from the wire (Long or a safe number) as an exact bigint. */
export function toBigInt(v: Long | number | string | bigint | null | undefined): bigint {
  if (v === null || v === undefined) return 0n;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new RangeError(`${v} is not an exact integer`);
    return BigInt(v);
  }
  if (typeof v === 'string') return BigInt(v);
  return BigInt.asIntN(64, (BigInt(v.high >>> 0) << 32n) | BigInt(v.low >>> 0));
}

/** A bigint (or safe number) as a Long for the wire; throws outside the int64 range. */
export function toLong(v: bigint | number | string): Long {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new RangeError(`${v} is not an exact integer`);
    return Long.fromNumber(v);
  }
  const b = typeof v === 'string' ? BigInt(v) : v;
  if (BigInt.asIntN(64, b) !== b) throw new RangeError(`${b} does not fit in int64`);
  return Long.fromBits(Number(b & 0xffffffffn) | 0, Number((b >> 32n) & 0xffffffffn) | 0);
}

export { Long };
