// One page's live view: map-server's Watch streams for the page's rectangle, passed on as
// server-sent events (`data:` one WatchEventJson per change; `event: failed` with a sentence when
// a stream ends, then the connection closes and the page opens another). The page moves its
// view by opening a new one: the rectangle of a stream is fixed, and an EventSource cannot send.
//
// A view larger than map-server's largest viewport is watched as several squares, one stream
// each (tiles()). The page gets one snapshot, their union, once every stream has sent its own;
// then each change once (a change touching two squares comes from both streams with one seq),
// and only a change after its stream's snapshot.
// Backpressure: a page that does not read pauses the gRPC streams; map-server then closes them
// with RESOURCE_EXHAUSTED (its buffer full), which the page is told.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { slg } from '@slg/proto';
import type { Logger } from '@slg/service-kit';
import type { ViewportJson, WatchEventJson } from '../web/types.ts';
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

/** `r` cut into squares of at most `side` tiles (row by row). */
export function tiles(r: Rect, side: number): Rect[] {
  const out: Rect[] = [];
  for (let y = r.y; y < r.y + r.height; y += side)
    for (let x = r.x; x < r.x + r.width; x += side)
      out.push({
        x,
        y,
        width: Math.min(side, r.x + r.width - x),
        height: Math.min(side, r.y + r.height - y),
      });
  return out;
}

/** The union of viewport answers: an entity on two squares (a city, a long march) once. */
export function mergeViewports(parts: ViewportJson[]): ViewportJson {
  if (parts.length === 1) return parts[0]!;
  const union = <T extends { id: number }>(lists: T[][]) => [
    ...new Map(lists.flat().map((e) => [e.id, e])).values(),
  ];
  return {
    cities: union(parts.map((p) => p.cities)),
    fields: union(parts.map((p) => p.fields)),
    monsters: union(parts.map((p) => p.monsters)),
    marches: union(parts.map((p) => p.marches)),
    nowMs: Math.max(...parts.map((p) => p.nowMs)),
  };
}

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

/** What the page is told when a stream ends: the reason in a person's words. */
function endMessage(err: (Error & { code?: number; details?: string }) | undefined): string {
  if (!err) return 'map-server ended the stream';
  const details = err.details ?? err.message;
  // 14 UNAVAILABLE, 8 RESOURCE_EXHAUSTED (the page fell behind), 16 UNAUTHENTICATED.
  if (err.code === 14) return `map-server cannot be reached: ${details}`;
  if (err.code === 8) return `map-server closed the stream: ${details}`;
  if (err.code === 16) return `map-server refused the console: ${details} (SLG_INTERNAL_TOKEN)`;
  return `the stream failed: ${details}`;
}

/** Seqs sent, to send a change once; the oldest forgotten past this many. */
const SEEN = 8192;

/** Opens a stream per rectangle and writes them to `res`; returns a stop function (idempotent). */
export function openWatch(
  open: () => WatchCall,
  rects: Rect[],
  req: IncomingMessage,
  res: ServerResponse,
  opts: { onEnd: () => void; logger: Logger },
): () => void {
  let done = false;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // The page reconnects on its own terms (after the `failed` event), not the browser's 3 s.
  res.write('retry: 600000\n\n');
  // A comment every 15 s keeps idle connections (and proxies) from timing out.
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  const calls = rects.map(() => open());
  /** Each stream's snapshot until all are in; then the union is sent and this is null. */
  let snapshots: (Event | undefined)[] | null = rects.map(() => undefined);
  /** Changes that came before the union was sent, in order. */
  let early: { i: number; e: Event }[] = [];
  const snapshotSeq = rects.map(() => Number.POSITIVE_INFINITY);
  const seen = new Set<number>();
  const seenOrder: number[] = [];

  const write = (e: WatchEventJson) => {
    if (!res.write(`data: ${JSON.stringify(e)}\n\n`)) {
      for (const c of calls) c.pause();
      res.once('drain', () => {
        for (const c of calls) c.resume();
      });
    }
  };
  const change = (i: number, e: Event) => {
    const seq = num(e.seq);
    if (seq <= snapshotSeq[i]! || seen.has(seq)) return;
    seen.add(seq);
    seenOrder.push(seq);
    if (seenOrder.length > SEEN) seen.delete(seenOrder.shift()!);
    write(eventJson(e));
  };
  const stop = (message?: string) => {
    if (done) return;
    done = true;
    clearInterval(keepAlive);
    for (const call of calls) {
      call.removeAllListeners('data');
      call.on('error', () => {});
      call.cancel();
    }
    if (message !== undefined && !res.destroyed)
      res.write(`event: failed\ndata: ${JSON.stringify({ message })}\n\n`);
    res.end();
    opts.onEnd();
  };
  calls.forEach((call, i) => {
    call.on('data', (e: Event) => {
      if (done) return;
      if (e.type === 'snapshot') {
        snapshotSeq[i] = num(e.seq);
        if (!snapshots) return;
        snapshots[i] = e;
        if (snapshots.some((s) => s === undefined)) return;
        const union = mergeViewports(snapshots.map((s) => viewportJson(s!.snapshot!)));
        const seq = Math.max(...snapshots.map((s) => num(s!.seq)));
        const timeMs = Math.max(...snapshots.map((s) => num(s!.timeMs)));
        snapshots = null;
        write({ seq, type: 'snapshot', timeMs, snapshot: union });
        const held = early;
        early = [];
        for (const h of held) change(h.i, h.e);
        return;
      }
      if (snapshots) early.push({ i, e });
      else change(i, e);
    });
    call.on('error', (err: Error & { code?: number; details?: string }) => {
      // 1 CANCELLED: our own cancel.
      if (err.code !== 1) opts.logger.info({ err: err.message }, 'a Watch stream ended');
      stop(endMessage(err));
    });
    call.on('end', () => stop(endMessage(undefined)));
    call.write({ rect: rects[i] });
  });
  req.on('close', () => stop());
  return () => stop('the console is shutting down');
}
