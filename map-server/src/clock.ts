// The game clock, injectable: the system clock in production, a manual one in tests (days of
// game time in milliseconds of test).

export interface Clock {
  now(): number;
  /** Calls `fn` after `ms` of this clock's time (at the earliest); returns a cancel function. */
  schedule(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  },
};

/** A clock that moves only when told to (set / advance). */
export class ManualClock implements Clock {
  #now: number;
  #timers = new Set<{ at: number; fn: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  schedule(ms: number, fn: () => void): () => void {
    const timer = { at: this.#now + Math.max(0, ms), fn };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }

  /** Moves the clock to `t` and runs the timers that are due (in time order). */
  set(t: number): void {
    if (t < this.#now) throw new Error(`the clock does not go back (${t} < ${this.#now})`);
    this.#now = t;
    const due = [...this.#timers].filter((x) => x.at <= t).sort((a, b) => a.at - b.at);
    for (const x of due) {
      this.#timers.delete(x);
      x.fn();
    }
  }

  advance(ms: number): void {
    this.set(this.#now + ms);
  }
}
