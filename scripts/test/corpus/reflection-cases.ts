// Server reflection (grpc.reflection.v1 ServerReflectionInfo), served by every gRPC service:
// names that are no file or symbol (each nasty string in each name position) answer an
// in-stream error_response naming what was not found; a name longer than any real one (over
// 512 bytes, up to 4,000,000 characters, the host and list_services included) an in-stream
// INVALID_ARGUMENT that does not echo it; bytes that do not decode end the stream with
// INVALID_ARGUMENT. Every answer is small (MAX_ANSWER_BYTES): a request is never sent back whole.
import * as grpc from '@grpc/grpc-js';
import { grpc as pb } from '@slg/proto';
import { type Expect, INVALID, judge, NOT_FOUND, nasty, type Outcome } from './cases.ts';
import { encode, type Field, m, malformed, s } from './wire.ts';

const path = '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo';

/** The largest answer to a bad request: an error and at most the host and a 512-byte name. */
const MAX_ANSWER_BYTES = 2048;

/** A name over the server's limit (512 bytes) is refused, its start quoted, never echoed. */
const overlong = (value: string): ReflectionCase['expect'] => ({
  codes: [INVALID],
  message: `"${value.slice(0, 64)}"... (${value.length} characters) is longer than any file or symbol name (at most 512 bytes)`,
  inStream: true,
});

export interface ReflectionCase {
  name: string;
  bytes: Buffer;
  /** In-stream error_response (code and message), or the status the stream ends with. */
  expect: Expect & { inStream: boolean };
}

export function reflectionCases(): ReflectionCase[] {
  const out: ReflectionCase[] = [];
  for (const { name, value } of nasty) {
    for (const [field, n] of [
      ['file_by_filename', 3],
      ['file_containing_symbol', 4],
      ['all_extension_numbers_of_type', 6],
    ] as const) {
      out.push({
        name: `${field} = ${name}`,
        bytes: encode([s(n, value)]),
        expect: Buffer.isBuffer(value)
          ? { codes: [INVALID], message: /malformed.*UTF-8/is, inStream: false }
          : Buffer.byteLength(value) > 512
            ? overlong(value)
            : value.length > 64
              ? // quoted and cut to 64 (it was repeated whole)
                {
                  codes: [NOT_FOUND],
                  message: `"${value.slice(0, 64)}"... (${value.length} characters) not found`,
                  inStream: true,
                }
              : { codes: [NOT_FOUND], message: 'not found', inStream: true },
      });
    }
  }
  // The limit to the byte (a two-byte character last), and names of megabytes in every position.
  out.push({
    name: 'file_containing_symbol of 512 bytes (the longest looked up)',
    bytes: encode([s(4, `${'n'.repeat(510)}\u00e9`)]),
    expect: { codes: [NOT_FOUND], message: '(511 characters) not found', inStream: true },
  });
  out.push({
    name: 'file_containing_symbol of 513 bytes',
    bytes: encode([s(4, `${'n'.repeat(511)}\u00e9`)]),
    expect: overlong(`${'n'.repeat(511)}\u00e9`),
  });
  const huge = 'n'.repeat(4_000_000);
  out.push({
    name: 'file_containing_symbol of 4,000,000 characters',
    bytes: encode([s(4, huge)]),
    expect: overlong(huge),
  });
  const long = 'h'.repeat(100_000);
  out.push(
    {
      name: 'host of 100,000 characters',
      bytes: encode([s(1, long), s(7, '*')]),
      expect: overlong(long),
    },
    {
      name: 'list_services of 100,000 characters',
      bytes: encode([s(7, long)]),
      expect: overlong(long),
    },
    {
      name: 'file_containing_extension containing_type of 100,000 characters',
      bytes: encode([m(5, [s(1, long), { n: 2, varint: 1 }])]),
      expect: overlong(long),
    },
  );
  const ext: Field[] = [m(5, [s(1, 'slg.dbproxy.v1.Row'), { n: 2, varint: -1 }])];
  out.push({
    name: 'file_containing_extension -1 of a message',
    bytes: encode(ext),
    expect: { codes: [NOT_FOUND], message: 'no extensions', inStream: true },
  });
  out.push({
    name: 'no request (host only)',
    bytes: encode([s(1, 'x')]),
    expect: { codes: [INVALID], message: 'empty reflection request', inStream: true },
  });
  for (const c of malformed(encode([s(4, 'grpc.health.v1.Health')]))) {
    if (c.empty) continue;
    out.push({
      name: c.name,
      bytes: c.bytes,
      expect: { codes: [INVALID], message: 'malformed request', inStream: false },
    });
  }
  return out;
}

const identity = (b: Buffer) => b;

/** Each case on a stream of its own: its first answer (an error_response) or its end status. */
export async function runReflection(
  service: string,
  address: string,
  cases: ReflectionCase[],
): Promise<Outcome[]> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const out: Outcome[] = [];
  try {
    for (const c of cases) {
      let bytes = 0;
      const { code, details } = await new Promise<{ code: number; details: string }>((resolve) => {
        const call = client.makeBidiStreamRequest(path, identity, identity, {
          deadline: Date.now() + 10_000,
        });
        let answered = false;
        call.on('data', (b: Buffer) => {
          if (answered) return;
          answered = true;
          bytes = b.length;
          const r = pb.reflection.v1.ServerReflectionResponse.decode(b);
          const e = r.errorResponse;
          // An answer that is not an error: reported as OK (not clean for these cases).
          resolve(
            e
              ? { code: e.errorCode ?? 0, details: e.errorMessage ?? '' }
              : { code: 0, details: '' },
          );
          call.end();
        });
        call.on('error', () => {});
        call.on('status', (st: grpc.StatusObject) => {
          if (!answered) resolve({ code: st.code, details: st.details });
        });
        call.write(c.bytes);
      });
      const o = judge(
        {
          method: 'grpc.reflection.v1 ServerReflectionInfo',
          name: `${service}: ${c.name}`,
          expect: c.expect,
        },
        code,
        details,
      );
      if (bytes > MAX_ANSWER_BYTES) {
        o.clean = false;
        o.problem = `an answer of ${bytes} bytes (at most ${MAX_ANSWER_BYTES}): the request echoed`;
      }
      out.push(o);
    }
  } finally {
    client.close();
  }
  return out;
}
