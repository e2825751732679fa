// Unary gRPC calls sent as raw HTTP/2 (node:http2) with a `grpc-timeout` header and no timer of
// the client's own. A grpc-js client given a deadline sends the same header but also ends the
// call itself when its deadline passes ("Deadline exceeded after ..."), hiding whatever the
// server answered; here the answer is always the server's, whenever it comes.
import { type ClientHttp2Session, connect } from 'node:http2';

export interface RawAnswer {
  /** The grpc-status (a number; -1 when the stream ended without one). */
  code: number;
  /** The grpc-message, decoded. */
  details: string;
  /** The response message's bytes (without the 5-byte frame header), when there was one. */
  message: Buffer | undefined;
}

export interface RawClient {
  /**
   * One unary call of `path` ("/package.Service/Method") with the serialized request `body`;
   * `timeout` is the header's value as sent ("2500u", "3m"), none when undefined.
   */
  unary(path: string, body: Buffer, timeout?: string): Promise<RawAnswer>;
  close(): void;
}

function frame(body: Buffer): Buffer {
  const h = Buffer.alloc(5);
  h.writeUInt32BE(body.length, 1);
  return Buffer.concat([h, body]);
}

/** A client of one HTTP/2 connection to `address` ("host:port", plaintext). */
export function rawGrpcClient(address: string): RawClient {
  const session: ClientHttp2Session = connect(`http://${address}`);
  session.on('error', () => undefined); // each call reports its own failure
  return {
    unary(path, body, timeout) {
      return new Promise((resolve, reject) => {
        const headers: Record<string, string> = {
          ':method': 'POST',
          ':path': path,
          'content-type': 'application/grpc',
          te: 'trailers',
        };
        if (timeout !== undefined) headers['grpc-timeout'] = timeout;
        const stream = session.request(headers);
        const chunks: Buffer[] = [];
        let status: Record<string, unknown> = {};
        stream.on('response', (h) => {
          status = h; // a trailers-only answer carries its status here
        });
        stream.on('trailers', (h) => {
          status = h;
        });
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('close', () => {
          const bytes = Buffer.concat(chunks);
          const code = status['grpc-status'];
          resolve({
            code: code === undefined ? -1 : Number(code),
            details: decodeURIComponent(String(status['grpc-message'] ?? '')),
            message: bytes.length >= 5 ? bytes.subarray(5, 5 + bytes.readUInt32BE(1)) : undefined,
          });
        });
        stream.end(frame(body));
      });
    },
    close() {
      session.close();
    },
  };
}
