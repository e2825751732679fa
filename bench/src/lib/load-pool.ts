// The main-thread side of the load harness: spreads the virtual clients over worker threads
// (each with its own gRPC channels), lets them prepare, starts them at one instant, shows
// progress from shared counters, and merges their histograms when they are done.
import { Worker } from 'node:worker_threads';
import { mergeByName, type OpSnapshot } from './histogram.ts';
import type { WorkerInit } from './load-worker.ts';
import type { Progress } from './progress.ts';
import { Counters, type RunPlan, type WorkerDone } from './workload.ts';

export interface PoolOptions {
  /** The workload module (exports createWorkload), as a file URL. */
  workloadModule: URL;
  workers: number;
  /** Virtual clients in total (the closed model's requests in flight). */
  concurrency: number;
  /** Workload settings given to every worker. */
  params: unknown;
  /**
   * Each worker's V8 old generation, MB (null or absent: V8's default). V8 sizes a heap by what
   * it could use, not by what is live: left alone, a busy worker with ~30 MB live holds 200+ MB
   * of old generation it collects only now and then, and the load generator's RSS grows with
   * the run. A worker that needs more than this ends with an error naming the limit.
   */
  heapMb?: number | null;
}

export interface PhaseOptions {
  durationMs: number | null;
  requests: number | null;
  /** Open model: the total arrival rate (requests/s); null = closed model. */
  rate: number | null;
  progress?: Progress;
}

export interface PhaseResult {
  /** Operations merged across workers, in the order the first worker listed them. */
  ops: OpSnapshot[];
  /** From the common start to the last worker's last answer. */
  elapsedS: number;
  /** Requests started per global virtual client. */
  sentByClient: number[];
  /** Each worker's extra results, by worker index. */
  extras: Record<string, unknown>[];
}

type FromWorker =
  | { type: 'ready'; info: Record<string, unknown> }
  | { type: 'done'; done: WorkerDone }
  | { type: 'closed' }
  | { type: 'error'; message: string; stack?: string };

/** Which global clients a worker runs: client c belongs to worker c mod workers. */
export function clientsOfWorker(worker: number, workers: number, concurrency: number): number[] {
  const ids: number[] = [];
  for (let c = worker; c < concurrency; c += workers) ids.push(c);
  return ids;
}

/** A request count split over the clients, the first ones taking the remainder. */
export function quotaOfClient(client: number, requests: number, concurrency: number): number {
  return Math.floor(requests / concurrency) + (client < requests % concurrency ? 1 : 0);
}

/**
 * A worker's young generation (MB) when its heap is bounded (16 and 48 measured alike in CPU per
 * request; 16 holds less).
 */
const YOUNG_GENERATION_MB = 16;

class WorkerHandle {
  readonly clientIds: number[];
  readonly worker: Worker;
  #waiters = new Map<string, { resolve: (m: FromWorker) => void; reject: (e: Error) => void }>();
  #failure: Error | undefined;
  exited = false;

  constructor(init: WorkerInit, heapMb: number | null) {
    const index = init.workerIndex;
    this.clientIds = init.clientIds;
    this.worker = new Worker(new URL('./load-worker.ts', import.meta.url), {
      workerData: init,
      // The young generation set too: derived from a small old generation it would be a few MB,
      // every in-flight request's objects would be promoted, and the CPU per request quadruple
      // (measured: 1,043 against 236 us).
      ...(heapMb
        ? {
            resourceLimits: {
              maxOldGenerationSizeMb: heapMb,
              maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
            },
          }
        : {}),
    });
    this.worker.on('message', (m: FromWorker) => {
      if (m.type === 'error') {
        const err = new Error(`worker ${index}: ${m.message}`);
        if (m.stack) err.stack = `${err.message}\n(in the worker) ${m.stack}`;
        return this.#fail(err);
      }
      const w = this.#waiters.get(m.type);
      this.#waiters.delete(m.type);
      w?.resolve(m);
    });
    this.worker.on('error', (err) =>
      this.#fail(
        (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' && heapMb
          ? new Error(
              `worker ${index} ran out of its ${heapMb} MB heap (BENCH_WORKER_HEAP_MB sets it; its live data grows with --players)`,
            )
          : err,
      ),
    );
    this.worker.on('exit', (code) => {
      this.exited = true;
      if (this.#waiters.size) this.#fail(new Error(`worker ${index} exited (code ${code})`));
    });
  }

  #fail(err: Error): void {
    this.#failure ??= err;
    for (const w of this.#waiters.values()) w.reject(err);
    this.#waiters.clear();
  }

  wait<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#waiters.set(type, { resolve: resolve as (m: FromWorker) => void, reject });
    });
  }

  post(m: unknown): void {
    if (!this.exited) this.worker.postMessage(m);
  }
}

export class LoadPool {
  readonly options: PoolOptions;
  readonly #handles: WorkerHandle[];
  readonly #counters: SharedArrayBuffer;
  /** What each worker's prepare() returned, by worker index. */
  readyInfo: Record<string, unknown>[] = [];

  private constructor(options: PoolOptions) {
    this.options = options;
    const workers = Math.max(1, Math.min(options.workers, options.concurrency));
    this.#counters = Counters.buffer(workers);
    this.#handles = Array.from(
      { length: workers },
      (_, i) =>
        new WorkerHandle(
          {
            workloadModule: options.workloadModule.href,
            workerIndex: i,
            clientIds: clientsOfWorker(i, workers, options.concurrency),
            counters: this.#counters,
            params: options.params,
          },
          options.heapMb ?? null,
        ),
    );
  }

  /** Starts the workers and waits until every one has prepared its workload (`progress`: counts of Counters.prepared). */
  static async start(options: PoolOptions, progress?: Progress): Promise<LoadPool> {
    const pool = new LoadPool(options);
    const t0 = performance.now();
    const show = () => {
      const c = Counters.sum(pool.#counters);
      progress?.update({
        elapsedS: (performance.now() - t0) / 1000,
        completed: c.prepared,
        errors: 0,
        mismatches: 0,
      });
    };
    const timer = progress ? setInterval(show, 200) : undefined;
    try {
      const ready = await Promise.all(pool.#handles.map((h) => h.wait('ready')));
      pool.readyInfo = ready.map((r) => r.info);
      show();
    } catch (err) {
      await pool.terminate();
      throw err;
    } finally {
      if (timer) clearInterval(timer);
      progress?.stop();
    }
    return pool;
  }

  get workers(): number {
    return this.#handles.length;
  }

  /** One measured phase. */
  async run(phase: PhaseOptions): Promise<PhaseResult> {
    const { concurrency } = this.options;
    const startAtEpochMs = Date.now() + 100;
    const intervalMs = phase.rate ? (concurrency / phase.rate) * 1000 : 0;
    const plan = (h: WorkerHandle): RunPlan => ({
      startAtEpochMs,
      durationMs: phase.durationMs,
      quotas:
        phase.requests === null
          ? null
          : h.clientIds.map((c) => quotaOfClient(c, phase.requests!, concurrency)),
      open: phase.rate
        ? { intervalMs, offsetsMs: h.clientIds.map((c) => (c / concurrency) * intervalMs) }
        : null,
    });
    const base = Counters.sum(this.#counters);
    const show = (elapsedS: number) => {
      const now = Counters.sum(this.#counters);
      phase.progress?.update({
        elapsedS,
        completed: now.completed - base.completed,
        errors: now.errors - base.errors,
        mismatches: now.mismatches - base.mismatches,
      });
    };
    const timer = phase.progress
      ? setInterval(() => show(Math.max(0, (Date.now() - startAtEpochMs) / 1000)), 200)
      : undefined;
    try {
      const dones = this.#handles.map((h) => h.wait('done'));
      for (const h of this.#handles) h.post({ type: 'run', plan: plan(h) });
      const results = (await Promise.all(dones)).map((m) => m.done);
      const elapsedS = (Math.max(...results.map((r) => r.endedAtEpochMs)) - startAtEpochMs) / 1000;
      show(elapsedS);
      const sentByClient = new Array<number>(concurrency).fill(0);
      results.forEach((r, i) => {
        this.#handles[i]!.clientIds.forEach((c, j) => {
          sentByClient[c] = r.sent[j]!;
        });
      });
      return {
        ops: mergeByName(results.map((r) => r.results.ops)),
        elapsedS,
        sentByClient,
        extras: results.map((r) => r.results.extra),
      };
    } finally {
      if (timer) clearInterval(timer);
      phase.progress?.stop();
    }
  }

  /** Asks every worker to start no new request (Ctrl-C); the phase then ends normally. */
  stop(): void {
    for (const h of this.#handles) h.post({ type: 'stop' });
  }

  /** Closes the workloads (channels) and lets the threads end. */
  async close(): Promise<void> {
    await Promise.allSettled(
      this.#handles.map(async (h) => {
        if (h.exited) return;
        const closed = h.wait('closed');
        h.post({ type: 'close' });
        await Promise.race([closed, new Promise((r) => setTimeout(r, 5000).unref())]);
      }),
    );
    await this.terminate();
  }

  async terminate(): Promise<void> {
    await Promise.allSettled(
      this.#handles.map((h) => (h.exited ? undefined : h.worker.terminate())),
    );
  }
}

/**
 * Ctrl-C during a measured phase: the first calls `stop` (the requests in flight finish, the
 * phase ends normally), a second exits (130). Until `off()`.
 */
export function onInterrupt(stop: () => void): { interrupted(): boolean; off(): void } {
  let count = 0;
  const handler = () => {
    if (++count > 1) process.exit(130);
    process.stderr.write(
      '\ninterrupted: finishing the requests in flight (Ctrl-C again to abort)\n',
    );
    stop();
  };
  process.on('SIGINT', handler);
  return { interrupted: () => count > 0, off: () => process.off('SIGINT', handler) };
}
