// When march steps run. Each march has at most one live step (its next event: an arrival, the
// end of its gathering, its return) in a heap by (due time, sequence). A due step starts when no
// step still running and no earlier due step still waiting holds one of its keys (the march's
// player, its target), and every step a step schedules has keys among its own; so steps that
// share a player or a target run in time order, the others in parallel, up to `concurrency` at
// once. A due step waiting for its keys does not hold back later ones with other keys: in a
// backlog where players have several marches due, stopping at the first blocked step kept ~30
// steps in flight whatever the concurrency, and the writes' groups that small. A step runs
// holding its keys in the engine's FIFO locks, which RPCs take too.
//
// With a tick, steps become due only at its boundaries: the steps due within one tick start
// together at its end, so their writes join the same data-server calls (one transaction per
// group in db-proxy) instead of trickling into groups of a few. A step waits at most one tick.
import type { Logger } from '@slg/service-kit';
import type { Clock } from '../clock.ts';
import type { March } from '../world/types.ts';
import { EventHeap } from './heap.ts';
import type { KeyedLocks } from './locks.ts';

export interface Due {
  at: number;
  seq: number;
  marchId: number;
}

/** The lock keys of everything a march's steps touch. */
export function keysOf(m: March): string[] {
  const keys = [`p:${m.playerId}`];
  if (m.kind === 'gather') keys.push(`f:${m.targetId}`);
  else if (m.kind === 'attack_monster') keys.push(`m:${m.targetId}`);
  else if (m.kind === 'attack_city' || m.kind === 'reinforce') keys.push(`p:${m.targetId}`);
  return keys;
}

export interface SchedulerOptions {
  clock: Clock;
  concurrency: number;
  /** Steps due within a tick of this many clock ms start together at its end (0: at once). */
  tickMs?: number;
  locks: KeyedLocks;
  log: Logger;
  /** The march of an id (gone: its steps are dropped). */
  march(id: number): March | undefined;
  /** Runs a due step; called holding the march's keys. */
  run(m: March, d: Due): Promise<void>;
}

export class StepScheduler {
  readonly #o: SchedulerOptions;
  readonly #heap = new EventHeap<Due>();
  /** The one live event of each march (older heap entries are stale). */
  readonly #due = new Map<number, Due>();
  /** Keys held by running events, with counts. */
  readonly #eventKeys = new Map<string, number>();
  #seq = 0;
  #inFlight = 0;
  #timer: (() => void) | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #running = false;
  #idle: (() => void)[] = [];
  #quiet: (() => void)[] = [];

  readonly #tick: number;

  constructor(o: SchedulerOptions) {
    this.#o = o;
    this.#tick = o.tickMs ?? 0;
  }

  /** The latest due time that may start at `now`: the last tick boundary reached. */
  #horizon(now: number): number {
    return this.#tick > 0 ? Math.floor(now / this.#tick) * this.#tick : now;
  }

  /** When a step due at `at` may start: its tick's end. */
  #startAt(at: number): number {
    return this.#tick > 0 ? Math.ceil(at / this.#tick) * this.#tick : at;
  }

  /** Steps running. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Events waiting (due or not). */
  get scheduled(): number {
    return this.#due.size;
  }

  /** Starts running steps (after the world is loaded): everything already due first. */
  start(): void {
    this.#running = true;
    this.pump();
  }

  /** Stops starting steps; running ones finish. */
  stop(): void {
    this.#running = false;
    this.#timer?.();
    this.#timer = undefined;
  }

  /** Resolves once no step runs. */
  quiet(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#quiet.push(resolve));
  }

  /** Resolves once nothing is running and nothing is due (tests, with a manual clock). */
  drain(): Promise<void> {
    this.pump();
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** The march's live event, if it has one. */
  dueOf(marchId: number): Due | undefined {
    return this.#due.get(marchId);
  }

  /** Whether `d` is still the march's live event (not settled meanwhile by a recall). */
  isLive(d: Due): boolean {
    return this.#due.get(d.marchId) === d;
  }

  /** The march has no event any more (it is home, stationed, or its event is running). */
  unschedule(marchId: number): void {
    this.#due.delete(marchId);
  }

  /** Puts the march's next event (if its state has one) on the heap. */
  schedule(m: March): void {
    if (m.state === 'stationed') {
      this.#due.delete(m.id);
      return;
    }
    const d = { at: m.legEnd, seq: ++this.#seq, marchId: m.id };
    this.#due.set(m.id, d);
    this.#heap.push(d);
    if (this.#running) this.pump();
  }

  #isIdle(): boolean {
    const head = this.#peekLive();
    return this.#inFlight === 0 && (!head || head.at > this.#horizon(this.#o.clock.now()));
  }

  #peekLive(): Due | undefined {
    for (;;) {
      const d = this.#heap.peek();
      if (!d || this.#due.get(d.marchId) === d) return d;
      this.#heap.pop();
    }
  }

  pump(): void {
    if (!this.#running) return;
    const o = this.#o;
    const now = o.clock.now();
    const horizon = this.#horizon(now);
    // Due steps passed over (their keys busy), put back after the scan; their keys stay
    // blocked for the later ones. The scan looks at most `concurrency` of them.
    const waiting: Due[] = [];
    const blocked = new Set<string>();
    while (this.#inFlight < o.concurrency && waiting.length < o.concurrency) {
      const d = this.#peekLive();
      if (!d || d.at > horizon) break;
      this.#heap.pop();
      const m = o.march(d.marchId);
      if (!m) {
        this.#due.delete(d.marchId);
        continue;
      }
      const keys = keysOf(m);
      if (keys.some((k) => this.#eventKeys.has(k) || blocked.has(k))) {
        waiting.push(d);
        for (const k of keys) blocked.add(k);
        continue;
      }
      this.#inFlight++;
      for (const k of keys) this.#eventKeys.set(k, (this.#eventKeys.get(k) ?? 0) + 1);
      void o.locks
        .with(keys, () => o.run(m, d))
        .catch((err: unknown) => o.log.error({ err, march: m.id }, 'settlement failed'))
        .finally(() => {
          this.#inFlight--;
          if (this.#inFlight === 0) for (const w of this.#quiet.splice(0)) w();
          for (const k of keys) {
            const n = this.#eventKeys.get(k)! - 1;
            if (n === 0) this.#eventKeys.delete(k);
            else this.#eventKeys.set(k, n);
          }
          this.pump();
        });
    }
    for (const d of waiting) this.#heap.push(d);
    const head = this.#peekLive();
    const wakeAt = head ? this.#startAt(head.at) : Number.POSITIVE_INFINITY;
    if (head && head.at > horizon && wakeAt < this.#timerAt) {
      this.#timer?.();
      this.#timerAt = wakeAt;
      this.#timer = o.clock.schedule(wakeAt - now, () => {
        this.#timer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.pump();
      });
    }
    if (this.#isIdle()) {
      const waiters = this.#idle;
      this.#idle = [];
      for (const w of waiters) w();
    }
  }
}
