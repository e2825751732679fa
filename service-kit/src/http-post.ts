// POST a body to a URL, or GET one, over http (fetch) or https with the stack's TLS material:
// its CA to trust, this process's certificate as the client's (battle-server asks for one under
// mutual TLS). Node's fetch cannot take a CA or a client certificate without undici's own Agent,
// so https goes through node:https with a keep-alive agent (one pool of connections per poster).
// map-server posts its battles with it; the bench recomputes battle reports with it; the console
// reads battle-server's /metrics with a getter.
import type * as Https from 'node:https';
import { nodeTlsOptions, type TlsMaterial } from './tls.ts';

export type Post = (
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
) => Promise<{ status: number; text: string }>;

export type Get = (timeoutMs: number) => Promise<{ status: number; text: string }>;

/** GET `url` (no body), over https with the TLS material as httpPoster does. */
export function httpGetter(url: string, tls: TlsMaterial | undefined): Get {
  if (!url.startsWith('https:'))
    return async (timeoutMs) => {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      return { status: res.status, text: await res.text() };
    };
  const https = process.getBuiltinModule('node:https') as typeof Https;
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 4,
    ...(tls ? nodeTlsOptions(tls) : {}),
  });
  return (timeoutMs) =>
    new Promise((resolve, reject) => {
      const req = https.get(url, { agent, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
    });
}

export function httpPoster(url: string, tls: TlsMaterial | undefined): Post {
  if (!url.startsWith('https:'))
    return async (body, headers, timeoutMs) => {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: res.status, text: await res.text() };
    };
  // Not `import ... from 'node:https'`: its ESM facade loads Node's bundled undici (metrics.ts).
  const https = process.getBuiltinModule('node:https') as typeof Https;
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 64,
    ...(tls ? nodeTlsOptions(tls) : {}),
  });
  return (body, headers, timeoutMs) =>
    new Promise((resolve, reject) => {
      const req = https.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}
