// Viewport streams (MapService.Watch): each subscriber has a rectangle; it gets a snapshot of it
// when it sends one, then every change of the map that touches it, in order. What the transport
// cannot take at once waits in a bounded queue; a subscriber whose queue would pass the bound is
// told (RESOURCE_EXHAUSTED, with a message) and closed, so a slow reader costs bounded memory.
import type * as grpc from '@grpc/grpc-js';
import type { slg } from '@slg/proto';
import { grpcStatus, type Logger } from '@slg/service-kit';
import type { Clock } from './clock.ts';
import { cityMsg, fieldMsg, marchMsg, monsterMsg } from './convert.ts';
import type { MapEvent } from './engine/events.ts';
import { type Rect, rectsOverlap, segmentTouchesRect } from './world/geometry.ts';
import type { World } from './world/world.ts';

type Call = grpc.ServerDuplexStream<slg.mapserver.v1.WatchRequest, slg.mapserver.v1.IWatchEvent>;

class Subscriber {
  rect: Rect | undefined;
  readonly #call: Call;
  readonly #queue: slg.mapserver.v1.IWatchEvent[] = [];
  readonly #limit: number;
  #blocked = false;
  closed = false;
  readonly #onClose: (reason: string) => void;

  constructor(call: Call, limit: number, onClose: (reason: string) => void) {
    this.#call = call;
    this.#limit = limit;
    this.#onClose = onClose;
    call.on('drain', () => this.#flush());
  }

  send(msg: slg.mapserver.v1.IWatchEvent): void {
    if (this.closed) return;
    if (this.#blocked) {
      if (this.#queue.length >= this.#limit) {
        this.fail(
          grpcStatus.RESOURCE_EXHAUSTED,
          `viewport stream too slow: ${this.#queue.length} events waiting (limit ${this.#limit}); reconnect and send the rectangle again`,
          'slow',
        );
        return;
      }
      this.#queue.push(msg);
      return;
    }
    if (!this.#call.write(msg)) this.#blocked = true;
  }

  #flush(): void {
    this.#blocked = false;
    while (this.#queue.length && !this.closed) {
      if (!this.#call.write(this.#queue.shift()!)) {
        this.#blocked = true;
        return;
      }
    }
  }

  fail(code: number, details: string, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.#queue.length = 0;
    this.#onClose(reason);
    this.#call.emit('error', { code, details });
  }

  end(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.#onClose(reason);
    this.#call.end();
  }
}

export class ViewportHub {
  readonly #subs = new Set<Subscriber>();
  readonly #limit: number;
  readonly #maxSide: number;
  readonly #log: Logger;
  readonly #clock: Clock;
  readonly #closed: (reason: string) => void;
  #seq = 0;
  world: World | undefined;
  /** Observers of every change, numbered (tests, tools). */
  readonly observers = new Set<(e: MapEvent) => void>();

  constructor(o: {
    limit: number;
    maxSide: number;
    log: Logger;
    clock: Clock;
    closed: (reason: string) => void;
  }) {
    this.#limit = o.limit;
    this.#maxSide = o.maxSide;
    this.#log = o.log;
    this.#clock = o.clock;
    this.#closed = o.closed;
  }

  get subscribers(): number {
    return this.#subs.size;
  }

  get seq(): number {
    return this.#seq;
  }

  /** The engine's publish function: numbers the change and hands it to whom it concerns. */
  publish = (e: Omit<MapEvent, 'seq'>): void => {
    const seq = ++this.#seq;
    for (const o of this.observers) o({ ...e, seq });
    if (this.#subs.size === 0) return;
    let msg: slg.mapserver.v1.IWatchEvent | undefined;
    for (const s of this.#subs) {
      const r = s.rect;
      if (!r) continue;
      if (
        !e.tiles.some((t) => rectsOverlap(t, r)) &&
        !e.paths.some((p) => segmentTouchesRect(p, r))
      )
        continue;
      msg ??= {
        seq,
        timeMs: e.timeMs,
        type: e.type,
        ...(e.city ? { city: e.city } : {}),
        ...(e.march ? { march: e.march } : {}),
        ...(e.field ? { field: e.field } : {}),
        ...(e.monster ? { monster: e.monster } : {}),
        ...(e.previousCity ? { previousCity: e.previousCity } : {}),
      };
      s.send(msg);
    }
  };

  /** Checks a viewport rectangle; the problem, or null. */
  check(r: Rect | null | undefined): string | null {
    const w = this.world;
    if (!r) return 'rect is required';
    if (!(r.width >= 1 && r.height >= 1 && r.width <= this.#maxSide && r.height <= this.#maxSide)) {
      return `rect ${r.width} x ${r.height}: each side must be 1..${this.#maxSide} tiles`;
    }
    if (w && (r.x < 0 || r.y < 0 || r.x + r.width > w.width || r.y + r.height > w.height)) {
      return `rect (${r.x}, ${r.y}) ${r.width} x ${r.height} is not inside the ${w.width} x ${w.height} map`;
    }
    return null;
  }

  /** The contents of a rectangle as the wire message. */
  contents(r: Rect): slg.mapserver.v1.IViewportContents {
    const q = this.world!.query(r);
    return {
      cities: q.cities.map(cityMsg),
      fields: q.fields.map(fieldMsg),
      monsters: q.monsters.map(monsterMsg),
      marches: q.marches.map(marchMsg),
      nowMs: this.#clock.now(),
    };
  }

  /** The Watch handler. */
  watch = (call: Call): void => {
    const sub = new Subscriber(call, this.#limit, (reason) => {
      this.#subs.delete(sub);
      this.#closed(reason);
    });
    this.#subs.add(sub);
    call.on('data', (req: slg.mapserver.v1.WatchRequest) => {
      const r = req.rect
        ? {
            x: req.rect.x ?? 0,
            y: req.rect.y ?? 0,
            width: req.rect.width ?? 0,
            height: req.rect.height ?? 0,
          }
        : undefined;
      const problem = this.check(r);
      if (problem) {
        sub.fail(grpcStatus.INVALID_ARGUMENT, problem, 'invalid');
        return;
      }
      sub.rect = r;
      sub.send({
        seq: this.#seq,
        timeMs: this.#clock.now(),
        type: 'snapshot',
        snapshot: this.contents(r!),
      });
    });
    call.on('end', () => sub.end('client'));
    call.on('cancelled', () => {
      sub.closed = true;
      this.#subs.delete(sub);
      this.#closed('client');
    });
    call.on('error', (err: unknown) => this.#log.debug({ err }, 'watch stream error'));
  };

  /** Ends every stream (shutdown). */
  closeAll(): void {
    for (const s of [...this.#subs])
      s.fail(grpcStatus.UNAVAILABLE, 'map-server is shutting down', 'shutdown');
  }
}
