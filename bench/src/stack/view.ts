// A viewport stream (ViewportService.Watch) and what a client keeps of it: the rectangle's cities,
// fields and monsters as the snapshot gave them, changed by each event since. Sending the same
// rectangle again asks for a new snapshot, which the server takes in the stream's own order
// (after every event before it): the model the events built must then equal that snapshot,
// exactly. That is the check of "the stream's events match the map's changes in its rectangle".
import * as grpc from '@grpc/grpc-js';
import { type slg, slg_mapserver_v1_ViewportServiceDefinition } from '@slg/proto';
import { clientSettings, getDefaultClientSecurity } from '@slg/service-kit';
import { num } from './ops.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const def = slg_mapserver_v1_ViewportServiceDefinition.Watch;
type Event = slg.mapserver.v1.WatchEvent;

const overlaps = (r: Rect, x: number, y: number, size: number) =>
  x < r.x + r.width && x + size > r.x && y < r.y + r.height && y + size > r.y;

/** What a rectangle holds: "city 12", "field 3", "monster 7", each a canonical string. */
export class ViewModel {
  rect: Rect;
  items = new Map<string, string>();
  constructor(rect: Rect) {
    this.rect = rect;
  }

  static of(rect: Rect, c: slg.mapserver.v1.IViewportContents): ViewModel {
    const m = new ViewModel(rect);
    for (const x of c.cities ?? []) m.city(x);
    for (const x of c.fields ?? []) m.field(x);
    for (const x of c.monsters ?? []) m.monster(x);
    return m;
  }

  /** The thing at x,y (size x size tiles) kept while in the rectangle; null: removed. */
  #put(key: string, x: number, y: number, size: number, text: string | null): void {
    if (text === null || !overlaps(this.rect, x, y, size)) this.items.delete(key);
    else this.items.set(key, text);
  }

  city(c: slg.mapserver.v1.ICity, removed = false): void {
    const x = c.x ?? 0;
    const y = c.y ?? 0;
    const text = `${x},${y} level ${c.level ?? 0} reinforcements ${c.reinforcements ?? 0}`;
    this.#put(`city ${num(c.playerId)}`, x, y, 2, removed ? null : text);
  }

  field(f: slg.mapserver.v1.IField): void {
    const x = f.x ?? 0;
    const y = f.y ?? 0;
    const text = `${f.resource} level ${f.level ?? 0} at ${x},${y} remaining ${num(f.remaining)} occupied by ${num(f.occupiedBy)}`;
    this.#put(`field ${num(f.id)}`, x, y, 1, text);
  }

  monster(m: slg.mapserver.v1.IMonster): void {
    const x = m.x ?? 0;
    const y = m.y ?? 0;
    const text = `level ${m.level ?? 0} at ${x},${y} troops ${num(m.troops)}`;
    this.#put(`monster ${num(m.id)}`, x, y, 1, text);
  }

  apply(e: Event): void {
    switch (e.type) {
      case 'city_placed':
      case 'city_moved':
      case 'city_changed':
        if (e.previousCity) this.city(e.previousCity, true);
        if (e.city) this.city(e.city);
        break;
      case 'city_removed':
        if (e.city) this.city(e.city, true);
        break;
      // A respawned field or monster moves: it leaves this rectangle or comes into it.
      case 'field_changed':
      case 'field_respawned':
        if (e.field) this.field(e.field);
        break;
      case 'monster_changed':
      case 'monster_respawned':
        if (e.monster) this.monster(e.monster);
        break;
      // March events (march_changed, march_removed included): this model keeps no marches.
    }
  }

  /** How this model differs from another (empty: equal), at most `limit` lines. */
  diff(other: ViewModel, limit = 5): string[] {
    const out: string[] = [];
    for (const key of new Set([...this.items.keys(), ...other.items.keys()])) {
      const x = this.items.get(key);
      const y = other.items.get(key);
      if (x !== y) out.push(`${key}: events give ${x ?? 'none'}, the map ${y ?? 'none'}`);
      if (out.length >= limit) break;
    }
    return out;
  }
}

/** One Watch stream: events in order, a snapshot awaited, the seq checked. */
export class ViewStream {
  readonly #client: grpc.Client;
  readonly #call: grpc.ClientDuplexStream<slg.mapserver.v1.IWatchRequest, Event>;
  /** The snapshots asked for, in the stream's order. */
  #waiters: PromiseWithResolvers<Event>[] = [];
  #failed: Error | null = null;
  #lastSeq = -1;
  /** Problems found in the stream itself (seq going back). */
  problems: string[] = [];
  model: ViewModel | null = null;
  /** Every event (snapshots excluded), for a listener (the ledger). */
  onEvent: ((e: Event) => void) | null = null;

  constructor(address: string) {
    // The bench's --tls-* and --token flags, as every other client of the process has them.
    const { credentials, options } = clientSettings(getDefaultClientSecurity());
    this.#client = new grpc.Client(address, credentials, options);
    this.#call = this.#client.makeBidiStreamRequest(
      def.path,
      def.requestSerialize,
      def.responseDeserialize,
    ) as grpc.ClientDuplexStream<slg.mapserver.v1.IWatchRequest, Event>;
    this.#call.on('data', (e: Event) => this.#event(e));
    this.#call.on('error', (err: Error) => this.#fail(err));
    this.#call.on('end', () => this.#fail(new Error('the stream ended')));
  }

  #fail(err: Error): void {
    if (this.#failed) return;
    this.#failed = err;
    for (const w of this.#waiters.splice(0)) w.reject(err);
  }

  get failed(): Error | null {
    return this.#failed;
  }

  #event(e: Event): void {
    const seq = num(e.seq);
    if (e.type === 'snapshot') {
      if (seq < this.#lastSeq)
        this.problems.push(`snapshot seq ${seq} after event seq ${this.#lastSeq}`);
      this.#lastSeq = seq;
      this.#waiters.shift()?.resolve(e);
      return;
    }
    if (seq <= this.#lastSeq)
      this.problems.push(`event ${e.type} seq ${seq} not after seq ${this.#lastSeq}`);
    this.#lastSeq = seq;
    this.model?.apply(e);
    this.onEvent?.(e);
  }

  /** Sends a rectangle; resolves with its snapshot (in the stream's order). */
  snapshot(rect: Rect, timeoutMs: number): Promise<Event> {
    if (this.#failed) return Promise.reject(this.#failed);
    const w = Promise.withResolvers<Event>();
    const timer = setTimeout(() => {
      this.#waiters = this.#waiters.filter((x) => x !== w);
      w.reject(new Error(`no snapshot in ${timeoutMs} ms`));
    }, timeoutMs);
    this.#waiters.push(w);
    this.#call.write({ rect });
    return w.promise.finally(() => clearTimeout(timer));
  }

  close(): void {
    this.#fail(new Error('closed'));
    this.#call.cancel();
    this.#client.close();
  }
}
