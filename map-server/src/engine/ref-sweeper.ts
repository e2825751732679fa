// The removal of finished marches' entries from their region's list (map_march_ref), batched.
// An entry only lets a start find the march; one left behind by a crash is dropped by the next
// start (its march record is gone). So an entry need not go with the march's last write: the
// sweeper collects them per region and removes a region's in one write — when a new march of the
// region writes its own entry (the removals ride along), when 100 are waiting, or on a timer
// (`intervalMs` of the clock) — instead of one write (one MariaDB transaction, one commit) each.
import type { Logger } from '@slg/service-kit';
import type { Clock } from '../clock.ts';
import { T } from '../store/records.ts';
import type { MapStore, Op } from '../store/store.ts';

/** Ops one write carries (data-server's BatchWriteV2 limit). */
export const MAX_REMOVALS = 100;

export class RefSweeper {
  readonly #store: MapStore;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #intervalMs: number;
  /** Region -> march ids whose entries wait for removal. */
  readonly #waiting = new Map<number, Set<number>>();
  readonly #writes = new Set<Promise<void>>();
  #timer: (() => void) | undefined;
  #stopped = false;

  constructor(o: { store: MapStore; clock: Clock; log: Logger; intervalMs: number }) {
    this.#store = o.store;
    this.#clock = o.clock;
    this.#log = o.log;
    this.#intervalMs = o.intervalMs;
  }

  /** Entries waiting. */
  get waiting(): number {
    let n = 0;
    for (const s of this.#waiting.values()) n += s.size;
    return n;
  }

  /** The march is home: its entry goes with the region's next removal. */
  remove(region: number, marchId: number): void {
    if (this.#add(region, [marchId]) >= MAX_REMOVALS) this.#track(this.#flushRegion(region));
    else this.#arm();
  }

  #add(region: number, ids: number[]): number {
    let s = this.#waiting.get(region);
    if (!s) {
      s = new Set();
      this.#waiting.set(region, s);
    }
    for (const id of ids) s.add(id);
    return s.size;
  }

  #arm(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = this.#clock.schedule(this.#intervalMs, () => {
      this.#timer = undefined;
      void this.flush();
    });
  }

  /**
   * Up to `max` of a region's waiting removals as ops, to ride along a write of the region; the
   * caller gives them back (`putBack`) if that write fails.
   */
  take(region: number, max = MAX_REMOVALS - 1): { ops: Op[]; ids: number[] } {
    const s = this.#waiting.get(region);
    const ids: number[] = [];
    if (s) {
      for (const id of s) {
        if (ids.length >= max) break;
        ids.push(id);
      }
      for (const id of ids) s.delete(id);
      if (s.size === 0) this.#waiting.delete(region);
    }
    return { ops: ids.map((member) => ({ remove: { table: T.marchRef, member } })), ids };
  }

  putBack(region: number, ids: number[]): void {
    if (ids.length === 0) return;
    this.#add(region, ids);
    this.#arm();
  }

  /** Writes every waiting removal (and waits for those under way). */
  async flush(): Promise<void> {
    const regions = [...this.#waiting.keys()];
    // A few regions at a time: a flush is background work beside the steps.
    for (let i = 0; i < regions.length; i += 8)
      await Promise.all(regions.slice(i, i + 8).map((r) => this.#track(this.#flushRegion(r))));
    await Promise.all([...this.#writes]);
  }

  /** No more timers; what waits is written by a last flush() (or by the next start). */
  stop(): void {
    this.#stopped = true;
    this.#timer?.();
    this.#timer = undefined;
  }

  #track(p: Promise<void>): Promise<void> {
    this.#writes.add(p);
    void p.finally(() => this.#writes.delete(p));
    return p;
  }

  async #flushRegion(region: number): Promise<void> {
    const { ops, ids } = this.take(region, MAX_REMOVALS);
    if (ids.length === 0) return;
    try {
      await this.#store.write(region, ops);
    } catch (err) {
      // Removing an absent entry is no error, so a retry is harmless; after a stop the next
      // start drops them.
      this.#log.warn({ err, region, entries: ids.length }, 'march refs not removed: retrying');
      if (!this.#stopped) this.putBack(region, ids);
    }
  }
}
