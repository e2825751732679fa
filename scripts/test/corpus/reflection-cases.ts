// Server reflection (grpc.reflection.v1 ServerReflectionInfo), served by every gRPC service:
// names that are no file or symbol (each nasty string in each name position) answer an
// in-stream error_response naming what was not found; bytes that do not decode end the stream
// with INVALID_ARGUMENT.
import * as grpc from '@grpc/grpc-js';
import { grpc as pb } from '@slg/proto';
import { type Expect, INVALID, judge, NOT_FOUND, nasty, type Outcome } from './cases.ts';
import { encode, type Field, m, malformed, s } from './wire.ts';

const path = '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo';

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
          : typeof value === 'string' && value.length > 64
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
      const { code, details } = await new Promise<{ code: number; details: string }>((resolve) => {
        const call = client.makeBidiStreamRequest(path, identity, identity, {
          deadline: Date.now() + 10_000,
        });
        let answered = false;
        call.on('data', (b: Buffer) => {
          if (answered) return;
          answered = true;
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
      out.push(o);
    }
  } finally {
    client.close();
  }
  return out;
}
