// Below the messages: gRPC framing and headers sent as raw HTTP/2 (node:http2), which a grpc-js
// client never sends — compressed frames that do not decompress, a decompression bomb, a frame
// length that lies, no message or two for a unary method, a malformed grpc-timeout, a wrong
// content type, big metadata. grpc-js answers these itself, before any code of this repository
// runs; the cases it answers INTERNAL or UNIMPLEMENTED are marked `grpcJs` (counted unclean,
// reported, not failed: the fix belongs in grpc-js).
import { connect } from 'node:http2';
import { gzipSync } from 'node:zlib';
import { EXHAUSTED, type Expect, INVALID, judge, type Outcome } from './cases.ts';

export interface TransportCase {
  name: string;
  headers: Record<string, string>;
  body: Buffer;
  /** An HTTP status other than 200 (a content type that is not gRPC). */
  httpStatus?: number;
  expect: Expect;
  /** grpc-js's own answer, not clean; the reason. */
  grpcJs?: string;
}

const frame = (b: Buffer, flag = 0) => {
  const h = Buffer.alloc(5);
  h.writeUInt8(flag, 0);
  h.writeUInt32BE(b.length, 1);
  return Buffer.concat([h, b]);
};

/** Cases for one unary method, given a request that is valid for it. */
export function transportCases(valid: Buffer): TransportCase[] {
  const ok = frame(valid);
  return [
    {
      name: 'a gzip-flagged frame of garbage',
      headers: { 'grpc-encoding': 'gzip' },
      body: frame(Buffer.from('not gzip at all'), 1),
      expect: { codes: [INVALID], message: 'decompress' },
      grpcJs: 'INTERNAL "Failed to decompress message" (server-interceptors.js)',
    },
    {
      name: 'a deflate-flagged frame of garbage',
      headers: { 'grpc-encoding': 'deflate' },
      body: frame(Buffer.from('not deflate'), 1),
      expect: { codes: [INVALID], message: 'decompress' },
      grpcJs: 'INTERNAL "Failed to decompress message" (server-interceptors.js)',
    },
    {
      name: 'a gzip bomb (50 MiB of zeros in 50 KiB)',
      headers: { 'grpc-encoding': 'gzip' },
      body: frame(gzipSync(Buffer.alloc(50 * 1024 * 1024)), 1),
      expect: { codes: [EXHAUSTED], message: 'decompresses to a size larger than' },
    },
    {
      name: 'a frame length of 1.6 GB',
      headers: {},
      body: Buffer.concat([Buffer.from([0, 0x61, 0x62, 0x63, 0x64]), valid]),
      expect: { codes: [EXHAUSTED], message: 'larger than max' },
    },
    {
      name: 'a malformed grpc-timeout',
      headers: { 'grpc-timeout': 'soon' },
      body: ok,
      expect: { codes: [INVALID], message: 'grpc-timeout' },
      grpcJs: 'INTERNAL "Invalid grpc-timeout value" (server-interceptors.js)',
    },
    {
      name: 'no request message',
      headers: {},
      body: Buffer.alloc(0),
      expect: { codes: [INVALID], message: 'no request message' },
      grpcJs: 'UNIMPLEMENTED "Received no request message for server streaming method"',
    },
    {
      name: 'two request messages for a unary method',
      headers: {},
      body: Buffer.concat([ok, ok]),
      expect: { codes: [INVALID], message: 'second request message' },
      grpcJs: 'UNIMPLEMENTED "Received a second request message for server streaming method"',
    },
    {
      name: 'a frame that ends early',
      headers: {},
      body: Buffer.concat([Buffer.from([0, 0, 0, 1, 0]), valid]),
      expect: { codes: [INVALID], message: 'no request message' },
      grpcJs: 'UNIMPLEMENTED "Received no request message for server streaming method"',
    },
    {
      name: 'content-type application/json',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
      httpStatus: 415,
      expect: { codes: [], message: '' },
    },
  ];
}

/** Sends each case to `path` on its own HTTP/2 session; the grpc-status (or HTTP status) it gets. */
export async function runTransport(
  service: string,
  address: string,
  path: string,
  cases: TransportCase[],
): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const c of cases) {
    const got = await new Promise<{ http: number; code: number; details: string }>((resolve) => {
      const session = connect(`http://${address}`);
      session.on('error', () => {});
      const req = session.request({
        ':method': 'POST',
        ':path': path,
        'content-type': 'application/grpc',
        te: 'trailers',
        ...c.headers,
      });
      const r = { http: 0, code: -1, details: '' };
      const status = (h: Record<string, unknown>) => {
        if (h['grpc-status'] !== undefined) {
          r.code = Number(h['grpc-status']);
          r.details = decodeURIComponent(String(h['grpc-message'] ?? ''));
        }
      };
      req.on('response', (h) => {
        r.http = Number(h[':status']);
        status(h);
      });
      req.on('trailers', status);
      req.on('data', () => {});
      const done = () => {
        session.close();
        resolve(r);
      };
      req.on('close', done);
      req.on('error', done);
      req.end(c.body);
    });
    const method = 'gRPC framing and headers (raw HTTP/2)';
    const name = `${service}: ${c.name}`;
    let o: Outcome;
    if (c.httpStatus !== undefined) {
      o = {
        method,
        name,
        code: got.http,
        details: `HTTP ${got.http}`,
        clean: got.http === c.httpStatus,
        ...(got.http === c.httpStatus
          ? {}
          : { problem: `HTTP ${got.http}, expected ${c.httpStatus}` }),
      };
    } else {
      o = judge({ method, name, expect: c.expect }, got.code, got.details);
      if (!o.clean && c.grpcJs) o.grpcJs = c.grpcJs;
    }
    out.push(o);
  }
  return out;
}
