// Keyed FIFO locks. A caller asks for all its keys at once, synchronously taking its place in
// every key's queue, and runs when it is first in all of them. Every request enters all its
// queues in one synchronous step, so the queues agree on one order and nothing deadlocks.

interface Waiter {
  keys: string[];
  missing: number;
  run: () => void;
}

export class KeyedLocks {
  readonly #queues = new Map<string, Waiter[]>();

  /** Runs `fn` holding every key; keys are released when it settles. */
  async with<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    await new Promise<void>((resolve) => {
      const w: Waiter = { keys: unique, missing: 0, run: resolve };
      for (const k of unique) {
        let q = this.#queues.get(k);
        if (!q) {
          q = [];
          this.#queues.set(k, q);
        }
        q.push(w);
        if (q.length > 1) w.missing++;
      }
      if (w.missing === 0) resolve();
    });
    try {
      return await fn();
    } finally {
      this.#release(unique);
    }
  }

  #release(keys: string[]): void {
    for (const k of keys) {
      const q = this.#queues.get(k)!;
      q.shift();
      if (q.length === 0) {
        this.#queues.delete(k);
        continue;
      }
      const next = q[0]!;
      next.missing--;
      if (next.missing === 0) next.run();
    }
  }

  /** Whether anyone holds or waits for `key`. */
  busy(key: string): boolean {
    return this.#queues.has(key);
  }
}
