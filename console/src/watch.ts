// One page's live view: map-server's Watch stream for the page's rectangle, passed on as
// server-sent events (`data:` one WatchEventJson per change; `event: failed` with a sentence when
// the stream ends, then the connection closes and the page opens another). The page moves its
// view by opening a new one: the rectangle of a stream is fixed, and an EventSource cannot send.
// Backpressure: a page that does not read pauses the gRPC stream; map-server then closes it with
// RESOURCE_EXHAUSTED (its buffer full), which the page is told.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { slg } from '@slg/proto';
import type { Logger } from '@slg/service-kit';
import type { WatchEventJson } from '../web/types.ts';
import type { WatchCall } from './stack-client.ts';
import { cityJson, fieldJson, marchJson, monsterJson, viewportJson } from './wire.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Event = slg.mapserver.v1.WatchEvent;
const num = (v: unknown): number => Number(v ?? 0);

export function eventJson(e: Event): WatchEventJson {
  const out: WatchEventJson = { seq: num(e.seq), type: e.type, timeMs: num(e.timeMs) };
  if (e.snapshot) out.snapshot = viewportJson(e.snapshot);
  if (e.city) out.city = cityJson(e.city);
  if (e.previousCity) out.previousCity = cityJson(e.previousCity);
  if (e.march) out.march = marchJson(e.march);
  if (e.field) out.field = fieldJson(e.field);
  if (e.monster) out.monster = monsterJson(e.monster);
  return out;
}

/** What the page is told when the stream ends: the reason in a person's words. */
function endMessage(err: (Error & { code?: number; details?: string }) | undefined): string {
  if (!err) return 'map-server ended the stream';
  const details = err.details ?? err.message;
  // 14 UNAVAILABLE, 8 RESOURCE_EXHAUSTED (the page fell behind), 16 UNAUTHENTICATED.
  if (err.code === 14) return `map-server cannot be reached: ${details}`;
  if (err.code === 8) return `map-server closed the stream: ${details}`;
  if (err.code === 16) return `map-server refused the console: ${details} (SLG_INTERNAL_TOKEN)`;
  return `the stream failed: ${details}`;
}

/** Opens the stream for `rect` and writes it to `res`; returns a stop function (idempotent). */
export function openWatch(
  call: WatchCall,
  rect: Rect,
  req: IncomingMessage,
  res: ServerResponse,
  opts: { onEnd: () => void; logger: Logger },
): () => void {
  let done = false;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    // The page reconnects on its own terms (after the `failed` event), not the browser's 3 s.
    'x-accel-buffering': 'no',
  });
  res.write('retry: 600000\n\n');
  // A comment every 15 s keeps idle connections (and proxies) from timing out.
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  const stop = (message?: string) => {
    if (done) return;
    done = true;
    clearInterval(keepAlive);
    call.removeAllListeners('data');
    call.on('error', () => {});
    call.cancel();
    if (message !== undefined && !res.destroyed) {
      res.write(`event: failed\ndata: ${JSON.stringify({ message })}\n\n`);
    }
    res.end();
    opts.onEnd();
  };
  call.on('data', (e: Event) => {
    if (done) return;
    if (!res.write(`data: ${JSON.stringify(eventJson(e))}\n\n`)) {
      call.pause();
      res.once('drain', () => call.resume());
    }
  });
  call.on('error', (err: Error & { code?: number; details?: string }) => {
    // 1 CANCELLED: our own cancel.
    if (err.code !== 1) opts.logger.info({ err: err.message }, 'a Watch stream ended');
    stop(endMessage(err));
  });
  call.on('end', () => stop(endMessage(undefined)));
  req.on('close', () => stop());
  call.write({ rect });
  return () => stop('the console is shutting down');
}
