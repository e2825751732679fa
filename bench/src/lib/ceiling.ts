// The gRPC ceiling of this machine, measured in the same run as the result it is set beside:
// a bare grpc-js echo service in its own process, loaded with the same client settings
// (workers, channels, concurrency, message sizes) for a short phase.
import { fork } from 'node:child_process';
import type { EchoParams } from './echo-workload.ts';
import type { OpSnapshot } from './histogram.ts';
import { LoadPool } from './load-pool.ts';
import type { LoadSettings } from './options.ts';
import { type ClientUsage, type ServerUsage, UsageSampler } from './proc-stats.ts';
import { createProgress } from './progress.ts';
import { totals } from './report.ts';

export interface CeilingOptions {
  workers: number;
  channels: number;
  concurrency: number;
  durationMs: number;
  /** Open model at this rate (the latency floor of a gRPC hop at that rate); null: closed, the ceiling. */
  rate?: number | null;
  requestBytes: number;
  responseBytes: number;
  deadlineMs: number;
  slowMs: number;
  quiet?: boolean;
  progressIntervalS?: number;
  /** Each load worker's V8 old generation (MB); null or absent: V8's default. */
  heapMb?: number | null;
}

/** The echo load in the shape of a run's: its workers, channels, concurrency, deadlines, output. */
export function ceilingLike(
  s: LoadSettings,
  o: Pick<CeilingOptions, 'durationMs' | 'requestBytes' | 'responseBytes'> &
    Partial<CeilingOptions>,
): CeilingOptions {
  return {
    workers: s.workers,
    channels: s.channels,
    concurrency: s.concurrency,
    deadlineMs: s.deadlineMs,
    slowMs: s.slowMs,
    quiet: s.quiet,
    progressIntervalS: s.progressIntervalS,
    ...o,
  };
}

export interface CeilingResult {
  rate: number;
  requests: number;
  errors: number;
  elapsedS: number;
  requestBytes: number;
  responseBytes: number;
  concurrency: number;
  workers: number;
  channels: number;
  ops: OpSnapshot[];
  client: ClientUsage;
  server: ServerUsage | null;
  firstError: string | null;
}

/** The echo server, in a child process on loopback. */
interface EchoProcess {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

async function startEchoProcess(responseBytes: number): Promise<EchoProcess> {
  const child = fork(
    new URL('./echo-server.ts', import.meta.url),
    ['--port', '0', '--response-bytes', String(responseBytes)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port?: number }) =>
      m.port ? resolve(m.port) : reject(new Error('echo server: no port')),
    );
    child.once('exit', (code) =>
      reject(new Error(`echo server exited (code ${code}) before listening`)),
    );
    child.once('error', reject);
  });
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/**
 * An echo server process and the load pool on it, started once and measured in as many phases
 * as wanted (the interleaved rounds of `bench data --rounds`): the server and the client's
 * connections stay warm between phases, and each phase reports its own figures.
 */
export class CeilingBench {
  readonly #o: CeilingOptions;
  readonly #echo: EchoProcess;
  readonly #pool: LoadPool;

  private constructor(o: CeilingOptions, echo: EchoProcess, pool: LoadPool) {
    this.#o = o;
    this.#echo = echo;
    this.#pool = pool;
  }

  static async start(o: CeilingOptions): Promise<CeilingBench> {
    const echo = await startEchoProcess(o.responseBytes);
    try {
      const params: EchoParams = {
        target: `127.0.0.1:${echo.port}`,
        channels: o.channels,
        deadlineMs: o.deadlineMs,
        requestBytes: o.requestBytes,
        responseBytes: o.responseBytes,
        slowMs: o.slowMs,
      };
      const pool = await LoadPool.start({
        workloadModule: new URL('./echo-workload.ts', import.meta.url),
        workers: o.workers,
        concurrency: o.concurrency,
        params,
        heapMb: o.heapMb ?? null,
      });
      return new CeilingBench(o, echo, pool);
    } catch (err) {
      await echo.stop();
      throw err;
    }
  }

  /** One phase of `durationMs` (default: the options'), its figures alone. */
  async measure(durationMs = this.#o.durationMs): Promise<CeilingResult> {
    const o = this.#o;
    const sampler = new UsageSampler([this.#echo.pid]);
    sampler.start();
    const phase = await this.#pool.run({
      durationMs,
      requests: null,
      rate: o.rate ?? null,
      progress: createProgress({
        label: 'ceiling',
        total: { seconds: durationMs / 1000 },
        intervalS: o.progressIntervalS ?? 5,
        silent: o.quiet,
      }),
    });
    const usage = sampler.stop();
    const t = totals(phase.ops, phase.elapsedS);
    return {
      rate: t.rate,
      requests: t.requests,
      errors: t.errors,
      elapsedS: phase.elapsedS,
      requestBytes: o.requestBytes,
      responseBytes: o.responseBytes,
      concurrency: o.concurrency,
      workers: this.#pool.workers,
      channels: o.channels,
      ops: phase.ops,
      client: usage.client,
      server: usage.servers[0] ?? null,
      firstError:
        (phase.extras.find((e) => e.firstError)?.firstError as string | undefined) ?? null,
    };
  }

  /**
   * An unmeasured phase: a freshly started echo server and client run their code cold, and
   * the first of several phases would read low beside the later ones.
   */
  async warmUp(durationMs: number): Promise<void> {
    await this.#pool.run({ durationMs, requests: null, rate: this.#o.rate ?? null });
  }

  /** Ends the phase in progress early (Ctrl-C); later phases send nothing. */
  stop(): void {
    this.#pool.stop();
  }

  async close(): Promise<void> {
    try {
      await this.#pool.close();
    } finally {
      await this.#echo.stop();
    }
  }
}

/** One ceiling phase with its own echo server process. */
export async function measureCeiling(o: CeilingOptions): Promise<CeilingResult> {
  const bench = await CeilingBench.start(o);
  try {
    return await bench.measure();
  } finally {
    await bench.close();
  }
}
