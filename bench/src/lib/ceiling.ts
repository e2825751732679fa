// The gRPC ceiling of this machine, measured in the same run as the result it is set beside:
// a bare grpc-js echo service in its own process, loaded with the same client settings
// (workers, channels, concurrency, message sizes) for a short phase.
import { type ChildProcess, fork } from 'node:child_process';
import type { EchoParams } from './echo-workload.ts';
import type { OpSnapshot } from './histogram.ts';
import { LoadPool } from './load-pool.ts';
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
  host?: string;
  quiet?: boolean;
  progressIntervalS?: number;
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

/** Starts the echo server in a child process; resolves its port and a stop function. */
export async function startEchoProcess(
  responseBytes: number,
  host = '127.0.0.1',
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = fork(
    new URL('./echo-server.ts', import.meta.url),
    ['--host', host, '--port', '0', '--response-bytes', String(responseBytes)],
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

export async function measureCeiling(o: CeilingOptions): Promise<CeilingResult> {
  const host = o.host ?? '127.0.0.1';
  const echo = await startEchoProcess(o.responseBytes, host);
  let pool: LoadPool | undefined;
  try {
    const params: EchoParams = {
      target: `${host}:${echo.port}`,
      channels: o.channels,
      deadlineMs: o.deadlineMs,
      requestBytes: o.requestBytes,
      responseBytes: o.responseBytes,
      slowMs: o.slowMs,
    };
    pool = await LoadPool.start({
      workloadModule: new URL('./echo-workload.ts', import.meta.url),
      workers: o.workers,
      concurrency: o.concurrency,
      params,
    });
    const sampler = new UsageSampler([echo.pid]);
    sampler.start();
    const phase = await pool.run({
      durationMs: o.durationMs,
      requests: null,
      rate: o.rate ?? null,
      progress: createProgress({
        label: 'ceiling',
        total: { seconds: o.durationMs / 1000 },
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
      workers: pool.workers,
      channels: o.channels,
      ops: phase.ops,
      client: usage.client,
      server: usage.servers[0] ?? null,
      firstError:
        (phase.extras.find((e) => e.firstError)?.firstError as string | undefined) ?? null,
    };
  } finally {
    await pool?.close();
    await echo.stop();
  }
}
