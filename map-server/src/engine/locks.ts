// Keyed FIFO locks. A caller asks for all its keys at once, synchronously taking its place in
// every key's queue, and runs when it is first in all of them. Every request enters all its
// queues in one synchronous step, so the queues agree on one order and nothing deadlocks. A
// caller that gives up (its signal aborts) before it runs leaves every queue, as if it had run.

interface Waiter {
  keys: string[];
  missing: number;
  run: () => void;
}

export class KeyedLocks {
  readonly #queues = new Map<string, Waiter[]>();

  /**
   * Runs `fn` holding every key; keys are released when it settles. If `signal` aborts while
   * the caller still waits, it leaves the queues and this rejects with the signal's reason
   * (`fn` never runs); once `fn` runs, the signal is not looked at.
   */
  async with<T>(keys: string[], fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const unique = [...new Set(keys)];
    await new Promise<void>((resolve, reject) => {
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
      if (w.missing === 0) {
        resolve();
        return;
      }
      if (!signal) return;
      const giveUp = () => {
        this.#leave(w);
        reject(signal.reason);
      };
      if (signal.aborted) {
        giveUp();
        return;
      }
      signal.addEventListener('abort', giveUp, { once: true });
      w.run = () => {
        signal.removeEventListener('abort', giveUp);
        resolve();
      };
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

  /** A waiter that gives up: out of every queue; where it was first, the next one moves up. */
  #leave(w: Waiter): void {
    for (const k of w.keys) {
      const q = this.#queues.get(k)!;
      const i = q.indexOf(w);
      q.splice(i, 1);
      if (q.length === 0) {
        this.#queues.delete(k);
        continue;
      }
      if (i !== 0) continue;
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
