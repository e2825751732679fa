// Where battles are fought: a worker pool (pool.ts) or in-line on the HTTP thread (one process
// per core under node:cluster). The HTTP app only sees this interface.
import { type BattleTask, runTask } from './battle-task.ts';

export interface RunnerStats {
  /** Tasks waiting for a thread. */
  queueSize: number;
  /** Bound of the queue; beyond it a task is refused. */
  maxQueue: number;
  /** Busy fraction of the threads since start (0 .. 1). */
  utilization: number;
  threads: number;
}

export interface BattleRunner {
  readonly mode: 'pool' | 'inline';
  /** Resolves once the runner can fight battles. */
  start(): Promise<void>;
  ready(): boolean;
  /** Fights the task; rejects with ResourceExhaustedError when the queue is full. */
  run(task: BattleTask): Promise<string>;
  stats(): RunnerStats;
  close(): Promise<void>;
}

/** Fights on the calling thread: no queue, no message passing. */
export class InlineRunner implements BattleRunner {
  readonly mode = 'inline';
  #ready = false;
  #busyMs = 0;
  readonly #startMs = performance.now();

  async start(): Promise<void> {
    runTask({ kind: 'sample', seed: 0 });
    this.#ready = true;
  }

  ready(): boolean {
    return this.#ready;
  }

  async run(task: BattleTask): Promise<string> {
    const t0 = performance.now();
    const out = runTask(task);
    this.#busyMs += performance.now() - t0;
    return out;
  }

  stats(): RunnerStats {
    const elapsed = performance.now() - this.#startMs;
    return {
      queueSize: 0,
      maxQueue: 0,
      utilization: elapsed > 0 ? this.#busyMs / elapsed : 0,
      threads: 1,
    };
  }

  async close(): Promise<void> {
    this.#ready = false;
  }
}
