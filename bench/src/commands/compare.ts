// `bench compare a.json b.json`: two runs side by side (two machines, or before/after a
// change): their machines, the ceiling, the rate and its ratio to the ceiling, and per
// operation the count, rate and percentiles, with b's change relative to a.
import { Command } from 'commander';
import type { CpuPerRequest } from '../lib/cpu-cost.ts';
import { environmentLine } from '../lib/environment.ts';
import { type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { UsageError } from '../lib/options.ts';
import { int, ms, table } from '../lib/report.ts';
import { readResult, showPath } from '../lib/result-file.ts';
import type { DataResult } from './data.ts';

interface AnyResult {
  kind: string;
  environment: DataResult['environment'];
  settings: Record<string, unknown>;
  totals?: { rate: number; requests: number; errors: number; mismatches: number; elapsedS: number };
  ops?: OpSnapshot[];
  ceiling?: { rate: number; ratio: number } | null;
  client?: { cores: number };
  requestSequence?: { hash: string; prefixes?: { requestsPerClient: number; hash: string }[] };
  /** data: the run's; dbproxy: per phase (dbproxy, mysql). */
  cpuPerRequest?: CpuPerRequest | Record<string, CpuPerRequest>;
  /** dbproxy results. */
  phases?: { phase: string; rate: number; errors: number; mismatches: number }[];
  ratioToEcho?: number | null;
}

const isCost = (c: unknown): c is CpuPerRequest =>
  typeof c === 'object' && c !== null && 'client' in c && 'servers' in c;

/**
 * CPU per request rows, A beside B: E (the echo server per call), each server (matched by
 * position: two machines have other pids) and all of them, with their multiples of E, and the
 * load generator against its echo client. Results from before these figures have none.
 */
export function cpuRows(
  a: CpuPerRequest | undefined,
  b: CpuPerRequest | undefined,
  what = 'request',
): string[][] {
  if (!a || !b) return [];
  const usv = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));
  const xv = (v: number | null | undefined) => (v == null ? '-' : `${v.toFixed(2)}x`);
  const both = (label: string, va: number | undefined, vb: number | undefined): string[] => [
    label,
    usv(va),
    usv(vb),
    va === undefined || vb === undefined ? '' : change(va, vb),
  ];
  const multiples = (
    label: string,
    va: number | null | undefined,
    vb: number | null | undefined,
  ) => [label, xv(va), xv(vb), va == null || vb == null ? '' : change(va, vb)];
  const rows: string[][] = [both('E: echo server CPU us/call', a.echoServer?.us, b.echoServer?.us)];
  const n = Math.max(a.servers.length, b.servers.length);
  for (let i = 0; i < n; i++) {
    const sa = a.servers[i];
    const sb = b.servers[i];
    const name = sa?.label ?? sb?.label ?? `server ${i + 1}`;
    rows.push(both(`${name}: CPU us/${what}`, sa?.us, sb?.us));
    rows.push(multiples('  x E', sa?.multipleOfEcho, sb?.multipleOfEcho));
  }
  if (n > 1) {
    rows.push(both(`all servers: CPU us/${what}`, a.serversTotal?.us, b.serversTotal?.us));
    rows.push(multiples('  x E', a.serversTotal?.multipleOfEcho, b.serversTotal?.multipleOfEcho));
  }
  rows.push(both(`load generator: CPU us/${what}`, a.client.us, b.client.us));
  rows.push(both('load generator: CPU us/echo call', a.echoClient?.us, b.echoClient?.us));
  rows.push(
    multiples('  x its echo client', a.client.multipleOfEchoClient, b.client.multipleOfEchoClient),
  );
  return rows;
}

/** Two `bench dbproxy` results: each phase's rate, the ratio to echo, CPU per call. */
function compareDbProxy(a: AnyResult, b: AnyResult, names: [string, string]): string {
  const lines = [
    `A: ${names[0]}`,
    `   ${environmentLine(a.environment)}`,
    `B: ${names[1]}`,
    `   ${environmentLine(b.environment)}`,
    '',
  ];
  const rows: string[][] = [];
  for (const pa of a.phases ?? []) {
    const pb = b.phases?.find((p) => p.phase === pa.phase);
    if (!pb) continue;
    rows.push([`${pa.phase} calls/s`, int(pa.rate), int(pb.rate), change(pa.rate, pb.rate)]);
    rows.push([
      `${pa.phase} errors / mismatches`,
      `${pa.errors} / ${pa.mismatches}`,
      `${pb.errors} / ${pb.mismatches}`,
      '',
    ]);
  }
  if (a.ratioToEcho != null && b.ratioToEcho != null)
    rows.push([
      'db-proxy ratio to echo',
      `${(a.ratioToEcho * 100).toFixed(1)}%`,
      `${(b.ratioToEcho * 100).toFixed(1)}%`,
      change(a.ratioToEcho, b.ratioToEcho),
    ]);
  const ca = a.cpuPerRequest && !isCost(a.cpuPerRequest) ? a.cpuPerRequest : {};
  const cb = b.cpuPerRequest && !isCost(b.cpuPerRequest) ? b.cpuPerRequest : {};
  for (const phase of Object.keys(ca)) {
    const r = cpuRows(ca[phase], cb[phase], 'call');
    if (r.length) rows.push([`${phase} phase:`, '', '', ''], ...r);
  }
  lines.push(table(['', 'A', 'B', 'B vs A'], rows));
  return lines.join('\n');
}

/** Whether two data runs sent the same requests (fully, or over their common prefix). */
export function sameRequests(a: AnyResult, b: AnyResult): string | null {
  const sa = a.requestSequence;
  const sb = b.requestSequence;
  if (!sa || !sb) return null;
  if (sa.hash === sb.hash) return 'identical (every request)';
  const pb = new Map((sb.prefixes ?? []).map((p) => [p.requestsPerClient, p.hash]));
  let same = 0;
  for (const p of sa.prefixes ?? []) {
    const h = pb.get(p.requestsPerClient);
    if (h === undefined) break;
    if (h !== p.hash)
      return `different (already within the first ${p.requestsPerClient} requests of each client)`;
    same = p.requestsPerClient;
  }
  return same > 0
    ? `identical over the first ${same} requests of each client (the runs sent different counts)`
    : 'different, or too short to compare (fewer than 64 requests per client)';
}

function change(a: number, b: number): string {
  if (a === 0) return b === 0 ? '=' : 'new';
  const pct = ((b - a) / a) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

export function compareResults(a: AnyResult, b: AnyResult, names: [string, string]): string {
  if (a.kind !== b.kind)
    throw new UsageError(`cannot compare a ${a.kind} run with a ${b.kind} run`);
  if (a.kind === 'dbproxy') return compareDbProxy(a, b, names);
  if (!a.ops || !b.ops || !a.totals || !b.totals)
    throw new UsageError(`bench compare reads data, echo and dbproxy results (got ${a.kind})`);
  const lines: string[] = [];
  lines.push(`A: ${names[0]}`, `   ${environmentLine(a.environment)}`);
  lines.push(`B: ${names[1]}`, `   ${environmentLine(b.environment)}`);
  // A run from before --rounds existed ran as one slice.
  const setting = (r: AnyResult, k: string) =>
    k === 'rounds' ? (r.settings[k] ?? 1) : r.settings[k];
  const differ = [
    'concurrency',
    'workers',
    'channels',
    'durationMs',
    'requests',
    'rate',
    'players',
    'members',
    'seed',
    'weights',
    'rounds',
  ]
    .filter((k) => JSON.stringify(setting(a, k)) !== JSON.stringify(setting(b, k)))
    .map((k) => `${k} ${JSON.stringify(setting(a, k))} vs ${JSON.stringify(setting(b, k))}`);
  if (differ.length) lines.push(`settings differ: ${differ.join('; ')}`);
  lines.push('');
  const rows: string[][] = [
    ['requests/s', int(a.totals.rate), int(b.totals.rate), change(a.totals.rate, b.totals.rate)],
    ['errors', int(a.totals.errors), int(b.totals.errors), ''],
    ['mismatches', int(a.totals.mismatches), int(b.totals.mismatches), ''],
  ];
  if (a.ceiling && b.ceiling) {
    rows.push([
      'echo ceiling/s',
      int(a.ceiling.rate),
      int(b.ceiling.rate),
      change(a.ceiling.rate, b.ceiling.rate),
    ]);
    rows.push([
      'ratio to ceiling',
      `${(a.ceiling.ratio * 100).toFixed(1)}%`,
      `${(b.ceiling.ratio * 100).toFixed(1)}%`,
      change(a.ceiling.ratio, b.ceiling.ratio),
    ]);
  }
  if (a.client && b.client) {
    rows.push([
      'client CPU (cores)',
      a.client.cores.toFixed(2),
      b.client.cores.toFixed(2),
      change(a.client.cores, b.client.cores),
    ]);
  }
  rows.push(
    ...cpuRows(
      isCost(a.cpuPerRequest) ? a.cpuPerRequest : undefined,
      isCost(b.cpuPerRequest) ? b.cpuPerRequest : undefined,
    ),
  );
  lines.push(table(['', 'A', 'B', 'B vs A'], rows), '');
  const seq = sameRequests(a, b);
  if (seq) lines.push(`request sequences: ${seq}`, '');
  const opRows: string[][] = [];
  for (const opA of a.ops) {
    const opB = b.ops.find((o) => o.name === opA.name);
    if (!opB) continue;
    const pa = percentiles(opA);
    const pb = percentiles(opB);
    const ra = opA.count / a.totals.elapsedS;
    const rb = opB.count / b.totals.elapsedS;
    opRows.push([
      opA.name,
      `${int(ra)} / ${int(rb)}`,
      change(ra, rb),
      `${ms(pa.p50)} / ${ms(pb.p50)}`,
      `${ms(pa.p90)} / ${ms(pb.p90)}`,
      `${ms(pa.p99)} / ${ms(pb.p99)}`,
      `${ms(pa.max)} / ${ms(pb.max)}`,
    ]);
  }
  lines.push('per operation, A / B (latency in ms):');
  lines.push(table(['op', 'req/s', 'B vs A', 'p50', 'p90', 'p99', 'max'], opRows));
  return lines.join('\n');
}

export function compareCommand(): Command {
  return new Command('compare')
    .description('two result files side by side (two machines, or before/after a change)')
    .argument('<a.json>', 'the first run (the reference)')
    .argument('<b.json>', 'the second run')
    .action((a: string, b: string) => {
      console.log(
        compareResults(readResult<AnyResult>(a), readResult<AnyResult>(b), [
          showPath(a),
          showPath(b),
        ]),
      );
    });
}
