// The contract between the load harness (threads, timing, open/closed model) and a workload
// (what one request is, how it is checked). A workload module exports
// `createWorkload(context): Promise<Workload>`; the harness loads it inside each worker thread.
import type { OpSnapshot } from './histogram.ts';

/** Progress counters one worker shares with the main thread (a slice of a SharedArrayBuffer). */
export class Counters {
  static readonly SLOTS = 4;
  readonly #a: Float64Array;
  constructor(buffer: SharedArrayBuffer, worker: number) {
    this.#a = new Float64Array(buffer, worker * Counters.SLOTS * 8, Counters.SLOTS);
  }
  static buffer(workers: number): SharedArrayBuffer {
    return new SharedArrayBuffer(workers * Counters.SLOTS * 8);
  }
  /** Sums every worker's counters (main thread side). */
  static sum(buffer: SharedArrayBuffer): {
    completed: number;
    errors: number;
    mismatches: number;
    prepared: number;
  } {
    const t = [0, 0, 0, 0];
    new Float64Array(buffer).forEach((v, i) => {
      t[i % Counters.SLOTS]! += v;
    });
    return { completed: t[0]!, errors: t[1]!, mismatches: t[2]!, prepared: t[3]! };
  }
  completed(): void {
    this.#a[0]! += 1;
  }
  error(): void {
    this.#a[1]! += 1;
  }
  mismatch(): void {
    this.#a[2]! += 1;
  }
  /** One unit of preparation done (e.g. a player seeded), for the progress of prepare(). */
  prepared(): void {
    this.#a[3]! += 1;
  }
}

export interface WorkloadContext<P = unknown> {
  workerIndex: number;
  /** The global ids of the virtual clients this worker runs (index = local client number). */
  clientIds: number[];
  counters: Counters;
  /** Workload-specific settings, as given to the pool (structured-cloned). */
  params: P;
}

export interface WorkloadResults {
  ops: OpSnapshot[];
  /** Anything else the workload reports (structured-cloned to the main thread). */
  extra: Record<string, unknown>;
}

export interface Workload {
  /** Runs before the measured phase (connect, seed); its result reaches the main thread. */
  prepare(): Promise<Record<string, unknown>>;
  /**
   * Issues one request of the local client `client`, awaits it, checks it and records it.
   * `scheduledAt` (performance.now() time) is the intended send time in the open model: the
   * latency counts from it when the request goes out late. Undefined in the closed model.
   * Resolves false when this client has nothing left to do (it then stops).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a workload that never stops early returns nothing
  step(client: number, scheduledAt: number | undefined): Promise<boolean | void>;
  results(): Promise<WorkloadResults>;
  close(): Promise<void>;
}

export type CreateWorkload<P = unknown> = (context: WorkloadContext<P>) => Promise<Workload>;

/** How a measured phase runs, for one worker. */
export interface RunPlan {
  /** Epoch ms at which every worker starts. */
  startAtEpochMs: number;
  /** Stop starting requests after this long (ms), or null for a request count. */
  durationMs: number | null;
  /** Per local client: how many requests it sends (null = until the duration ends). */
  quotas: number[] | null;
  /** Open model: per local client, its arrival interval (ms) and first offset (ms). */
  open: { intervalMs: number; offsetsMs: number[] } | null;
}

export interface WorkerDone {
  results: WorkloadResults;
  endedAtEpochMs: number;
  /** Requests started per local client (equals the quota in a request-count run). */
  sent: number[];
}
