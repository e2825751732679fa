// The run's ledger of the map: Watch streams whose rectangles cover the whole world, opened before
// the load. Every change of the map has one seq, so the union of their events, by seq, is every
// change in order; a seq missing from it is a change no stream told. From it: each march's start
// and its home-coming (`march_returned` of a march that was returning: troops and load back
// home), counted per march (settled exactly once), and the load each brought home, per player
// (what was gathered or plundered, for the resources' conservation).
import type { slg } from '@slg/proto';
import { num } from './ops.ts';
import { type Rect, ViewStream } from './view.ts';

export interface MarchLedger {
  playerId: number;
  kind: string;
  started: number;
  /** Home-comings told (exactly one expected once every march is home). */
  home: number;
  /** The load brought home (summed over home-comings), per resource. */
  load: Record<string, number>;
  /** Troops brought home (count + wounded), summed over home-comings. */
  troops: number;
  /** The troop stacks of the last home-coming: [troopId, count, wounded]. */
  stacks: [number, number, number][];
}

export const RESOURCES = ['food', 'wood', 'stone', 'iron', 'gold'] as const;

export class MapLedger {
  readonly streams: ViewStream[] = [];
  readonly marches = new Map<number, MarchLedger>();
  /** Every seq told (by any stream) after the first snapshots. */
  readonly #seen = new Set<number>();
  /** The highest of the first snapshots' seqs: changes after it must all be told. */
  startSeq = 0;
  maxSeq = 0;
  events = 0;

  static async open(
    address: string,
    world: { width: number; height: number },
    side: number,
    timeoutMs: number,
  ): Promise<MapLedger> {
    const l = new MapLedger();
    const rects: Rect[] = [];
    for (let y = 0; y < world.height; y += side)
      for (let x = 0; x < world.width; x += side)
        rects.push({
          x,
          y,
          width: Math.min(side, world.width - x),
          height: Math.min(side, world.height - y),
        });
    for (const _ of rects) {
      const s = new ViewStream(address);
      s.onEvent = (e) => l.#event(e);
      l.streams.push(s);
    }
    const snaps = await Promise.all(l.streams.map((s, i) => s.snapshot(rects[i]!, timeoutMs)));
    l.startSeq = Math.max(...snaps.map((e) => num(e.seq)));
    l.maxSeq = l.startSeq;
    l.rects = rects;
    return l;
  }

  rects: Rect[] = [];

  #event(e: slg.mapserver.v1.WatchEvent): void {
    const seq = num(e.seq);
    if (seq <= this.startSeq || this.#seen.has(seq)) return;
    this.#seen.add(seq);
    this.events++;
    if (seq > this.maxSeq) this.maxSeq = seq;
    const m = e.march;
    if (!m) return;
    const id = num(m.id);
    let entry = this.marches.get(id);
    if (!entry) {
      entry = {
        playerId: num(m.playerId),
        kind: m.kind ?? '',
        started: 0,
        home: 0,
        load: {},
        troops: 0,
        stacks: [],
      };
      this.marches.set(id, entry);
    }
    if (e.type === 'march_started') entry.started++;
    // `march_returned` is also told when a gathering ends (the march then sets out for home): only
    // the one at the end of the way home (its leg ended at the event's time) is its home-coming.
    if (
      e.type === 'march_returned' &&
      m.state === 'returning' &&
      num(m.legEndMs) <= num(e.timeMs)
    ) {
      entry.home++;
      for (const k of RESOURCES) {
        const v = num((m.load as Record<string, unknown> | null | undefined)?.[k]);
        if (v) entry.load[k] = (entry.load[k] ?? 0) + v;
      }
      entry.stacks = (m.troops ?? []).map((s) => [num(s.troopId), num(s.count), num(s.wounded)]);
      for (const s of m.troops ?? []) entry.troops += num(s.count) + num(s.wounded);
    }
  }

  /**
   * Every stream asked for a new snapshot: when all have answered, every change before them has
   * been told. Returns the seqs after the start that no stream told (empty: none missing).
   */
  async flush(
    timeoutMs: number,
  ): Promise<{ missing: number[]; lastSeq: number; failed: string[] }> {
    const failed = this.streams
      .map((s, i) => (s.failed ? `stream ${i}: ${s.failed.message}` : null))
      .filter((x): x is string => x !== null);
    if (failed.length) return { missing: [], lastSeq: this.maxSeq, failed };
    const snaps = await Promise.all(
      this.streams.map((s, i) => s.snapshot(this.rects[i]!, timeoutMs)),
    );
    const lastSeq = Math.max(...snaps.map((e) => num(e.seq)));
    const missing: number[] = [];
    for (let s = this.startSeq + 1; s <= lastSeq; s++) if (!this.#seen.has(s)) missing.push(s);
    return { missing, lastSeq, failed };
  }

  /** Problems of the streams themselves (seq order). */
  problems(): string[] {
    return this.streams.flatMap((s, i) => s.problems.map((p) => `ledger stream ${i}: ${p}`));
  }

  close(): void {
    for (const s of this.streams) s.close();
  }
}
