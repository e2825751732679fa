// The open model's latency beside the machine's floor: a data run at
// `--rate n` alternates its slices with phases of a bare grpc-js echo service loaded at the same
// rate with the same client settings, and reports each operation's p90 and p99 as a multiple of
// the echo's. A latency in the open model on a shared 2-core machine is mostly scheduling; the
// echo at the same rate, in the same run, is what one gRPC hop costs there at that moment.
import type { CeilingResult } from './ceiling.ts';
import { mergeSnapshots, type OpSnapshot, percentiles } from './histogram.ts';
import { int, ms, table } from './report.ts';

/** The bounds: every operation's p90 at most 2x, p99 at most 1.5x the echo's. */
export const ECHO_RATE_BOUNDS = { p90: 2, p99: 1.5 } as const;

export interface EchoRateOp {
  op: string;
  count: number;
  p90Us: number;
  p99Us: number;
  /** p90 / the echo's p90 (null when the echo answered nothing). */
  p90Ratio: number | null;
  p99Ratio: number | null;
  pass: boolean;
}

export interface EchoAtRate {
  /** The rate both ran at (requests/s intended). */
  rate: number;
  phases: number;
  /** Calls the echo answered per second over its phases. */
  answeredRate: number;
  errors: number;
  /** The echo's latency percentiles over every phase (µs). */
  echo: ReturnType<typeof percentiles> & { count: number };
  /** The echo server's CPU per call at this rate (µs), null when /proc could not be read. */
  echoServerCpuUs: number | null;
  bounds: typeof ECHO_RATE_BOUNDS;
  ops: EchoRateOp[];
  /** Whether every operation is within the bounds. */
  pass: boolean;
}

/** The comparison of the data run's operations with the echo phases at the same rate. */
export function echoAtRate(
  rate: number,
  phases: readonly CeilingResult[],
  dataOps: readonly OpSnapshot[],
): EchoAtRate {
  const echoOp = mergeSnapshots(
    'Echo',
    phases.flatMap((p) => p.ops),
  );
  const e = percentiles(echoOp);
  const elapsed = phases.reduce((n, p) => n + p.elapsedS, 0);
  const answered = phases.reduce((n, p) => n + p.requests - p.errors, 0);
  const cpu = phases.every((p) => p.server?.cpuS != null)
    ? phases.reduce((n, p) => n + p.server!.cpuS!, 0)
    : null;
  const calls = phases.reduce((n, p) => n + p.requests, 0);
  const ratio = (v: number, of: number) => (of > 0 ? v / of : null);
  const ops = dataOps
    .filter((op) => op.count > 0)
    .map((op): EchoRateOp => {
      const p = percentiles(op);
      const p90Ratio = ratio(p.p90, e.p90);
      const p99Ratio = ratio(p.p99, e.p99);
      return {
        op: op.name,
        count: op.count,
        p90Us: p.p90,
        p99Us: p.p99,
        p90Ratio,
        p99Ratio,
        pass:
          p90Ratio !== null &&
          p99Ratio !== null &&
          p90Ratio <= ECHO_RATE_BOUNDS.p90 &&
          p99Ratio <= ECHO_RATE_BOUNDS.p99,
      };
    });
  return {
    rate,
    phases: phases.length,
    answeredRate: elapsed > 0 ? answered / elapsed : 0,
    errors: phases.reduce((n, p) => n + p.errors, 0),
    echo: { ...e, count: echoOp.count },
    echoServerCpuUs: cpu !== null && calls > 0 ? (cpu * 1e6) / calls : null,
    bounds: ECHO_RATE_BOUNDS,
    ops,
    pass: ops.length > 0 && ops.every((o) => o.pass),
  };
}

const x = (r: number | null) => (r === null ? '-' : `${r.toFixed(2)}x`);

/** The printed comparison: the echo's line, then per operation its p90/p99 and their multiples. */
export function echoAtRateReport(r: EchoAtRate): string {
  const rows = r.ops.map((o) => [
    o.op,
    int(o.count),
    ms(o.p90Us),
    x(o.p90Ratio),
    ms(o.p99Us),
    x(o.p99Ratio),
    o.pass ? 'yes' : 'no',
  ]);
  const failing = r.ops.filter((o) => !o.pass).map((o) => o.op);
  return [
    `open model beside the bare echo at the same rate (${int(r.rate)} requests/s intended, ${r.phases} echo phase${r.phases === 1 ? '' : 's'} alternated with the data slices): ` +
      `echo answered ${int(r.answeredRate)}/s, p50 ${ms(r.echo.p50)} ms, p90 ${ms(r.echo.p90)} ms, p99 ${ms(r.echo.p99)} ms` +
      (r.echoServerCpuUs === null
        ? ''
        : `; echo server ${r.echoServerCpuUs.toFixed(1)} us CPU per call`),
    table(['op', 'num', 'p90 ms', 'x echo', 'p99 ms', 'x echo', 'within'], rows),
    `latency vs echo (p90 <= ${r.bounds.p90}x, p99 <= ${r.bounds.p99}x the echo's): ` +
      (r.pass ? 'met by every operation' : `missed by ${failing.join(', ')}`),
  ].join('\n');
}
