// The piscina worker pool: one thread per core by default, a bounded queue. A full queue refuses
// the task at once (ResourceExhaustedError -> 503 + Retry-After) instead of growing memory.
import { availableParallelism } from 'node:os';
import { ResourceExhaustedError } from '@slg/service-kit/core';
import { FixedQueue, Piscina } from 'piscina';
import type { BattleTask } from './battle-task.ts';
import type { BattleRunner, RunnerStats } from './runner.ts';

export interface PoolOptions {
  /** Worker threads (default: the number of cores). */
  threads?: number;
  /** Tasks that may wait for a thread (default 4096). */
  maxQueue?: number;
}

export class PoolRunner implements BattleRunner {
  readonly mode = 'pool';
  readonly #pool: Piscina<BattleTask, string>;
  readonly #threads: number;
  readonly #maxQueue: number;
  #ready = false;

  constructor(opts: PoolOptions = {}) {
    this.#threads = opts.threads ?? availableParallelism();
    this.#maxQueue = opts.maxQueue ?? 4096;
    this.#pool = new Piscina<BattleTask, string>({
      // Beside this module: worker.ts in the sources, worker.mjs in the bundle (npm start, images).
      filename: new URL(
        import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.mjs',
        import.meta.url,
      ).href,
      minThreads: this.#threads,
      maxThreads: this.#threads,
      maxQueue: this.#maxQueue,
      idleTimeout: 2 ** 31 - 1,
      concurrentTasksPerWorker: 1,
      // A ring buffer: O(1) at any queue length (the default array queue shifts).
      taskQueue: new FixedQueue(),
    });
  }

  async start(): Promise<void> {
    // One task per thread: every thread has loaded the model before we say we are ready.
    const warm: Promise<string>[] = [];
    for (let i = 0; i < this.#threads; i++) warm.push(this.#pool.run({ kind: 'sample', seed: i }));
    await Promise.all(warm);
    this.#ready = true;
  }

  ready(): boolean {
    return this.#ready;
  }

  run(task: BattleTask): Promise<string> {
    // The bound, checked here so that a full queue is a typed error: piscina's own limit (the
    // same maxQueue, counted on fewer tasks) cannot trip after this check, and its error has
    // no code to tell it by.
    if (this.#pool.queueSize >= this.#maxQueue) {
      return Promise.reject(
        new ResourceExhaustedError(
          `the battle queue is full (${this.#maxQueue} battles waiting); retry later`,
        ),
      );
    }
    return this.#pool.run(task);
  }

  stats(): RunnerStats {
    return {
      queueSize: this.#pool.queueSize,
      maxQueue: this.#maxQueue,
      utilization: this.#pool.utilization,
      threads: this.#pool.threads.length,
    };
  }

  async close(): Promise<void> {
    this.#ready = false;
    await this.#pool.close();
  }
}
