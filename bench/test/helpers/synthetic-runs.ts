// Result files as `bench data` writes them, made up from given figures (throughput, a latency
// distribution), for the comparison's tests: only the fields a comparison reads are real.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuPerRequest } from '../../src/lib/cpu-cost.ts';
import { collectEnvironment } from '../../src/lib/environment.ts';
import { OpRecorder } from '../../src/lib/histogram.ts';
import { Rng } from '../../src/lib/rng.ts';

/** A normal draw (Box-Muller) from the bench's seeded generator. */
export function normal(rng: Rng, mu: number, sigma: number): number {
  const u = 1 - rng.float();
  const v = rng.float();
  return mu + sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface SyntheticRun {
  target?: string;
  throughput: number;
  /** Median latency (ms): latencies are log-normal around it. */
  medianMs?: number;
  seed?: number;
  concurrency?: number;
  rate?: number | null;
  kind?: 'data' | 'soak';
  samples?: number;
  rngSeed?: number;
  /** --server-pids: each server's CPU per request (µs), named, and E (µs per echo call; null: no ceiling). */
  servers?: { label: string; us: number }[];
  echoUs?: number | null;
}

export function syntheticResult(r: SyntheticRun): object {
  const rng = new Rng(r.rngSeed ?? 7, 'latency');
  const op = new OpRecorder('FetchV2', 200_000);
  const median = (r.medianMs ?? 1) * 1000;
  for (let i = 0; i < (r.samples ?? 2000); i++) op.record(median * Math.exp(normal(rng, 0, 0.5)));
  const snap = op.snapshot();
  const elapsedS = 10;
  return {
    schemaVersion: 1,
    kind: r.kind ?? 'data',
    environment: collectEnvironment(),
    settings: {
      target: r.target ?? '127.0.0.1:50052',
      concurrency: r.concurrency ?? 64,
      workers: 2,
      channels: 2,
      durationMs: 10_000,
      requests: null,
      rate: r.rate ?? null,
      players: 1000,
      members: 3,
      seed: r.seed ?? 1,
      weights: [['FetchV2', 1]],
      out: null,
      quiet: true,
    },
    totals: {
      requests: Math.round(r.throughput * elapsedS),
      answered: Math.round(r.throughput * elapsedS),
      errors: 0,
      mismatches: 0,
      elapsedS,
      rate: r.throughput,
    },
    ops: [snap],
    client: { cores: 0.5, userCpuS: 4, systemCpuS: 1, wallS: 10, maxRssBytes: 1 },
    ...(r.servers
      ? { cpuPerRequest: syntheticCpu(r.servers, r.echoUs ?? null, r.throughput * elapsedS) }
      : {}),
  };
}

function syntheticCpu(
  servers: { label: string; us: number }[],
  echoUs: number | null,
  requests: number,
) {
  const calls = 10_000;
  return cpuPerRequest({
    echoServer: echoUs === null ? null : { cpuS: (echoUs * calls) / 1e6, requests: calls },
    echoClient: null,
    servers: servers.map((s, i) => ({
      pid: 100 + i,
      label: s.label,
      cpuS: (s.us * requests) / 1e6,
    })),
    clientCpuS: 5,
    requests,
  });
}

export function writeSynthetic(dir: string, name: string, r: SyntheticRun): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(syntheticResult(r)));
  return path;
}
