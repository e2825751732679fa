// A protobuf writer of its own, so that the corpus can send what no generated codec would:
// invalid UTF-8 in a string, a field with the wrong wire type, truncated or garbage bytes.
// A message is a list of fields; each is encoded as given, in order.

export type Field =
  | { n: number; varint: bigint | number | boolean }
  | { n: number; len: Buffer | string }
  | { n: number; msg: Field[] }
  | { n: number; f64: number }
  | { n: number; f32: number }
  | { n: number; raw: Buffer };

function varint(v: bigint): Buffer {
  let x = BigInt.asUintN(64, v);
  const out: number[] = [];
  while (x >= 0x80n) {
    out.push(Number(x & 0x7fn) | 0x80);
    x >>= 7n;
  }
  out.push(Number(x));
  return Buffer.from(out);
}

const tag = (n: number, wire: number) => varint(BigInt((n << 3) | wire));

export function encode(fields: Field[]): Buffer {
  const parts: Buffer[] = [];
  for (const f of fields) {
    if ('varint' in f) {
      parts.push(tag(f.n, 0), varint(BigInt(f.varint)));
    } else if ('len' in f) {
      const b = typeof f.len === 'string' ? Buffer.from(f.len, 'utf8') : f.len;
      parts.push(tag(f.n, 2), varint(BigInt(b.length)), b);
    } else if ('msg' in f) {
      const b = encode(f.msg);
      parts.push(tag(f.n, 2), varint(BigInt(b.length)), b);
    } else if ('f64' in f) {
      const b = Buffer.alloc(8);
      b.writeDoubleLE(f.f64);
      parts.push(tag(f.n, 1), b);
    } else if ('f32' in f) {
      const b = Buffer.alloc(4);
      b.writeFloatLE(f.f32);
      parts.push(tag(f.n, 5), b);
    } else {
      parts.push(f.raw);
    }
  }
  return Buffer.concat(parts);
}

/** A string in a request: text (sent as UTF-8) or raw bytes (invalid UTF-8 included). */
export type Str = string | Buffer;

// Field constructors.
export const s = (n: number, v: Str): Field => ({ n, len: v });
export const i = (n: number, v: bigint | number | boolean): Field => ({ n, varint: v });
export const m = (n: number, fields: Field[]): Field => ({ n, msg: fields });
export const d = (n: number, v: number): Field => ({ n, f64: v });

/** slg.common.v1.Value, one kind each. */
export const V = {
  int: (v: bigint | number): Field[] => [i(1, v)],
  float: (v: number): Field[] => [d(2, v)],
  str: (v: Str): Field[] => [s(3, v)],
  bool: (v: boolean): Field[] => [i(4, v)],
  bytes: (v: Buffer): Field[] => [s(5, v)],
  unset: (): Field[] => [],
};

/** One entry of a map<string, Value> field. */
export const entry = (n: number, key: Str, value: Field[]): Field => m(n, [s(1, key), m(2, value)]);

/** The same field number with every other wire type than the one it has. */
export function wrongWireTypes(n: number, actual: 0 | 1 | 2 | 5): { name: string; raw: Buffer }[] {
  const out: { name: string; raw: Buffer }[] = [];
  if (actual !== 0) out.push({ name: 'varint', raw: encode([i(n, 7)]) });
  if (actual !== 1) out.push({ name: 'fixed64', raw: encode([d(n, 1.5)]) });
  if (actual !== 2) out.push({ name: 'length-delimited', raw: encode([s(n, 'xyz')]) });
  if (actual !== 5) out.push({ name: 'fixed32', raw: encode([{ n, f32: 2.5 }]) });
  // Wire types 3 and 4 (groups, deprecated) and the invalid 6 and 7.
  out.push({ name: 'start-group', raw: Buffer.concat([tag(n, 3), tag(n, 4)]) });
  out.push({ name: 'wire type 6', raw: Buffer.concat([tag(n, 6), Buffer.from([1, 2, 3])]) });
  out.push({ name: 'wire type 7', raw: Buffer.concat([tag(n, 7), Buffer.from([1])]) });
  return out;
}

/** Bytes that are not a protobuf message (or not a whole one); `empty`: one the decoder reads as an empty message. */
export function malformed(valid: Buffer): { name: string; bytes: Buffer; empty?: true }[] {
  return [
    // A length-delimited field claiming more bytes than follow.
    { name: 'length past the end', bytes: Buffer.from([0x0a, 0x7f, 0x61]) },
    { name: 'truncated varint', bytes: Buffer.from([0x10, 0xff, 0xff]) },
    // As field 15, which no request has: protobufjs skips an unknown varint without counting its
    // bytes, so the request is an empty one, refused for what it lacks.
    {
      name: 'varint of 11 bytes (decodes as empty)',
      bytes: Buffer.concat([Buffer.from([0x78]), Buffer.alloc(10, 0xff), Buffer.from([0x01])]),
      empty: true as const,
    },
    { name: 'field number 0', bytes: Buffer.from([0x00, 0x01]) },
    { name: 'end-group without start', bytes: Buffer.from([0x0c]) },
    { name: 'random bytes', bytes: Buffer.from('ffd8ffe000104a46494600010101', 'hex') },
    { name: 'valid request cut short', bytes: valid.subarray(0, Math.max(1, valid.length - 1)) },
    { name: 'valid request + one stray byte', bytes: Buffer.concat([valid, Buffer.from([0x0a])]) },
    { name: 'a JSON body', bytes: Buffer.from('{"table":"player"}') },
    { name: 'a length of 2^32', bytes: Buffer.concat([Buffer.from([0x0a]), varint(2n ** 32n)]) },
  ].filter((c) => c.bytes.length > 0 && !c.bytes.equals(valid));
}
