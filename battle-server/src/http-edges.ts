// The answers fastify and Node give on their own (no route, a parameter too long, a broken request
// line or oversized headers, a CONNECT), in the service's documented `{"error", "message"}` body;
// and the way a body over the limit is refused so that a client still sending it reads its 413.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: code, message });
}

/** A name or path from a request, quoted and cut to a short prefix (never kilobytes of it). */
export function quote(s: string, max = 64): string {
  return s.length <= max
    ? JSON.stringify(s)
    : `${JSON.stringify(s.slice(0, max))}... (${s.length} characters)`;
}

/**
 * Closes a socket after `response` without resetting it: half-closes, reads and drops what the
 * client still sends (up to `maxBytes`, for `maxMs`), then destroys. Closing a socket with
 * unread data makes the kernel send a reset, and a client that is still writing loses the answer.
 */
export function lingeringClose(
  socket: Duplex,
  response: string,
  maxBytes = 1024 * 1024,
  maxMs = 2000,
): void {
  let seen = 0;
  const done = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(done, maxMs);
  timer.unref();
  socket.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) done();
  });
  socket.once('end', done);
  socket.once('error', done);
  socket.end(response);
  socket.resume();
}

/** The methods the service serves: what a 405 names in its Allow header. */
export const SERVED_METHODS = 'GET, HEAD, POST';

/**
 * The HTTP server's 'connect' listener. Node hands a CONNECT request to it and, with none, closes
 * the socket without a word (fastify adds none): the service is no proxy, so it answers 405.
 * After a CONNECT Node reads nothing more as HTTP on that socket, so the answer closes it.
 */
export function refuseConnect(request: { url?: string | undefined }, socket: Duplex): void {
  if (socket.destroyed) return;
  const body = errorBody(
    'METHOD_NOT_ALLOWED',
    `CONNECT ${quote(request.url ?? '')}: the battle server is no proxy; it serves ${SERVED_METHODS}`,
  );
  lingeringClose(
    socket,
    `HTTP/1.1 405 ${STATUS_CODES[405]}\r\nAllow: ${SERVED_METHODS}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** fastify's clientErrorHandler: a request Node could not parse, answered in the service's format. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection: nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'REQUEST_HEADER_FIELDS_TOO_LARGE',
          'the request line and headers are over the size limit',
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'the request did not arrive in time']
        : [400, 'BAD_REQUEST', `malformed HTTP request (${err.code ?? 'parse error'})`];
  const body = errorBody(code, message);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  lingeringClose(
    socket,
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
