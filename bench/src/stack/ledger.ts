// The run's ledger of the map: Watch streams whose rectangles cover the whole world, opened before
// the load. Every change of the map has one seq, so the union of their events, by seq, is every
// change in order; a seq missing from it is a change no stream told. From it: each march's start
// and its home-coming (`march_returned` of a march that was returning: troops and load back
// home), counted per march (settled exactly once), and the load each brought home, per player
// (what was gathered or plundered, for the resources' conservation).
import type { slg } from '@slg/proto';
import { add, num } from './ops.ts';
import { type Rect, ViewStream } from './view.ts';

export interface MarchLedger {
  playerId: number;
  kind: string;
  started: number;
  /** Home-comings told (exactly one expected once every march is home). */
  home: number;
  /** The load brought home (summed over home-comings), per resource. */
  load: Record<string, number>;
  /** The troop stacks of the last home-coming: [troopId, count, wounded]. */
  stacks: [number, number, number][];
}

export const RESOURCES = ['food', 'wood', 'stone', 'iron', 'gold'] as const;

export class MapLedger {
  readonly #streams: { stream: ViewStream; rect: Rect }[] = [];
  readonly marches = new Map<number, MarchLedger>();
  /** Every seq told (by any stream) after the first snapshots. */
  readonly #seen = new Set<number>();
  /** The highest of the first snapshots' seqs: changes after it must all be told. */
  #startSeq = 0;
  events = 0;

  /** Streams of the world in squares of its largest viewport. */
  static async open(
    address: string,
    world: { width: number; height: number; maxViewport: number },
    timeoutMs: number,
  ): Promise<MapLedger> {
    const l = new MapLedger();
    const side = world.maxViewport;
    for (let y = 0; y < world.height; y += side)
      for (let x = 0; x < world.width; x += side) {
        const stream = new ViewStream(address);
        stream.onEvent = (e) => l.#event(e);
        const rect = {
          x,
          y,
          width: Math.min(side, world.width - x),
          height: Math.min(side, world.height - y),
        };
        l.#streams.push({ stream, rect });
      }
    l.#startSeq = await l.#snapshots(timeoutMs);
    return l;
  }

  /** A new snapshot of every stream: the highest of their seqs. */
  async #snapshots(timeoutMs: number): Promise<number> {
    const snaps = await Promise.all(
      this.#streams.map(({ stream, rect }) => stream.snapshot(rect, timeoutMs)),
    );
    return Math.max(...snaps.map((e) => num(e.seq)));
  }

  #event(e: slg.mapserver.v1.WatchEvent): void {
    const seq = num(e.seq);
    if (seq <= this.#startSeq || this.#seen.has(seq)) return;
    this.#seen.add(seq);
    this.events++;
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
        if (v) add(entry.load, k, v);
      }
      entry.stacks = (m.troops ?? []).map((s) => [num(s.troopId), num(s.count), num(s.wounded)]);
    }
  }

  /**
   * Every stream asked for a new snapshot: when all have answered, every change before them has
   * been told. Returns the seqs after the start that no stream told (empty: none missing), or the
   * streams that failed.
   */
  async flush(timeoutMs: number): Promise<{ missing: number[]; failed: string[] }> {
    const failed = this.#streams.flatMap(({ stream }, i) =>
      stream.failed ? [`stream ${i}: ${stream.failed.message}`] : [],
    );
    if (failed.length) return { missing: [], failed };
    const lastSeq = await this.#snapshots(timeoutMs);
    const missing: number[] = [];
    for (let s = this.#startSeq + 1; s <= lastSeq; s++) if (!this.#seen.has(s)) missing.push(s);
    return { missing, failed };
  }

  /** Problems of the streams themselves (seq order). */
  problems(): string[] {
    return this.#streams.flatMap(({ stream }, i) =>
      stream.problems.map((p) => `ledger stream ${i}: ${p}`),
    );
  }

  /** What every player's marches brought home, per resource. */
  loadsHome(): Map<number, Record<string, number>> {
    const out = new Map<number, Record<string, number>>();
    for (const e of this.marches.values()) {
      const h = out.get(e.playerId) ?? {};
      for (const [k, v] of Object.entries(e.load)) add(h, k, v);
      out.set(e.playerId, h);
    }
    return out;
  }

  close(): void {
    for (const { stream } of this.#streams) stream.close();
  }
}
