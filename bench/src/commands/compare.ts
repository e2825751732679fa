// `bench compare a.json b.json`: two runs side by side (two machines, or before/after a
// change): their machines, the ceiling, the rate and its ratio to the ceiling, and per
// operation the count, rate and percentiles, with b's change relative to a.
// `bench compare A.json… -- B.json…`: several runs per side, compared with runs as the unit
// (src/stats/compare-runs.ts): ratios with bootstrap intervals, Mann-Whitney U, a verdict.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import type { CpuPerRequest } from '../lib/cpu-cost.ts';
import { environmentLine } from '../lib/environment.ts';
import { type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { parseNonNegativeNumber, parsePositiveInt, UsageError } from '../lib/options.ts';
import { int, ms, table } from '../lib/report.ts';
import { RESULT_SCHEMA_VERSION, showPath, writeResult } from '../lib/result-file.ts';
import {
  type Comparison,
  checkResult,
  compareGroups,
  figuresOf,
  formatComparison,
} from '../stats/compare-runs.ts';
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
  cpuPerRequest?: CpuPerRequest;
}

/**
 * CPU per request rows, A beside B: E (the echo server per call), each server (matched by
 * position: two machines have other pids) and all of them, with their multiples of E, and the
 * load generator against its echo client. Results from before these figures have none.
 */
export function cpuRows(a: CpuPerRequest | undefined, b: CpuPerRequest | undefined): string[][] {
  if (!a || !b) return [];
  const us = (v: number) => v.toFixed(1);
  const x = (v: number) => `${v.toFixed(2)}x`;
  const rows = [abRow('E: echo server CPU us/call', us, a.echoServer?.us, b.echoServer?.us)];
  type Cost = CpuPerRequest['serversTotal'] | undefined;
  const server = (name: string, sa: Cost, sb: Cost) =>
    rows.push(
      abRow(`${name}: CPU us/request`, us, sa?.us, sb?.us),
      abRow('  x E', x, sa?.multipleOfEcho, sb?.multipleOfEcho),
    );
  const n = Math.max(a.servers.length, b.servers.length);
  for (let i = 0; i < n; i++)
    server(
      a.servers[i]?.label ?? b.servers[i]?.label ?? `server ${i + 1}`,
      a.servers[i],
      b.servers[i],
    );
  if (n > 1) server('all servers', a.serversTotal, b.serversTotal);
  rows.push(
    abRow('load generator: CPU us/request', us, a.client.us, b.client.us),
    abRow('load generator: CPU us/echo call', us, a.echoClient?.us, b.echoClient?.us),
    abRow('  x its echo client', x, a.client.multipleOfEchoClient, b.client.multipleOfEchoClient),
  );
  return rows;
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

/** A row of an A-beside-B table: each value as `f` writes it ('-' when missing), B's change. */
function abRow(
  label: string,
  f: (v: number) => string,
  va: number | null | undefined,
  vb: number | null | undefined,
): string[] {
  return [
    label,
    va == null ? '-' : f(va),
    vb == null ? '-' : f(vb),
    va == null || vb == null ? '' : change(va, vb),
  ];
}

function change(a: number, b: number): string {
  if (a === 0) return b === 0 ? '=' : 'new';
  const pct = ((b - a) / a) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

export function compareResults(a: AnyResult, b: AnyResult, names: [string, string]): string {
  if (a.kind !== b.kind)
    throw new UsageError(`cannot compare a ${a.kind} run with a ${b.kind} run`);
  if (!a.ops || !b.ops || !a.totals || !b.totals)
    throw new UsageError(`bench compare reads data and echo results (got ${a.kind})`);
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
    abRow('requests/s', int, a.totals.rate, b.totals.rate),
    ['errors', int(a.totals.errors), int(b.totals.errors), ''],
    ['mismatches', int(a.totals.mismatches), int(b.totals.mismatches), ''],
  ];
  if (a.ceiling && b.ceiling)
    rows.push(
      abRow('echo ceiling/s', int, a.ceiling.rate, b.ceiling.rate),
      abRow(
        'ratio to ceiling',
        (v) => `${(v * 100).toFixed(1)}%`,
        a.ceiling.ratio,
        b.ceiling.ratio,
      ),
    );
  if (a.client && b.client)
    rows.push(abRow('client CPU (cores)', (v) => v.toFixed(2), a.client.cores, b.client.cores));
  rows.push(...cpuRows(a.cpuPerRequest, b.cpuPerRequest));
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

/**
 * A result file's JSON, or a refusal naming the file: unreadable, empty, or not JSON (a run cut
 * short while writing leaves it truncated).
 */
export function readRun(path: string): unknown {
  const shown = showPath(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`${shown}: cannot be read (${(err as Error).message})`);
  }
  if (text.trim() === '') throw new UsageError(`${shown}: the file is empty, not a result`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${shown}: not valid JSON, truncated? (${(err as Error).message})`);
  }
}

/** The operands before and after the first standalone `--` of the raw command line. */
export function splitGroups(argv: readonly string[]): { a: string[]; b: string[] } | null {
  const at = argv.indexOf('compare');
  const rest = at >= 0 ? argv.slice(at + 1) : [...argv];
  const sep = rest.indexOf('--');
  if (sep < 0) return null;
  const operands = (xs: string[]) => xs.filter((x) => !x.startsWith('-') || x === '-');
  const after = rest.slice(sep + 1);
  const flag = after.find((x) => x.startsWith('-'));
  if (flag)
    throw new UsageError(
      `options go before the files (found ${flag} after --): compare [options] A… -- B…`,
    );
  // Before the separator: the operands, without option values (every option of compare takes one).
  const before: string[] = [];
  const head = rest.slice(0, sep);
  for (let i = 0; i < head.length; i++) {
    if (head[i]!.startsWith('-')) {
      if (!head[i]!.includes('=')) i++;
      continue;
    }
    before.push(head[i]!);
  }
  return { a: operands(before), b: after };
}

export interface GroupCompareOptions {
  seed: number;
  resamples: number;
  priceA?: number | null;
  priceB?: number | null;
  json?: string | null;
  html?: string | null;
}

/** `compare A… -- B…`: reads the runs, compares them, writes the JSON and HTML when asked. */
export async function compareFiles(
  aPaths: readonly string[],
  bPaths: readonly string[],
  o: GroupCompareOptions,
): Promise<{ text: string; comparison: Comparison }> {
  const read = (p: string) => figuresOf(readRun(p), showPath(p));
  const a = aPaths.map(read);
  const b = bPaths.map(read);
  const comparison = compareGroups(a, b, o);
  const lines = [formatComparison(comparison)];
  if (o.json)
    lines.push(`comparison: ${showPath(writeResult(o.json, comparisonJson(comparison)))}`);
  if (o.html) {
    const { writeHtmlReport } = await import('../report-html/report.ts');
    lines.push(`report: ${showPath(writeHtmlReport(o.html, comparison, { A: a, B: b }))}`);
  }
  return { text: lines.join('\n'), comparison };
}

export function compareCommand(): Command {
  return new Command('compare')
    .description(
      'runs of one workload on two targets: compare [options] A.json… -- B.json… (ratio of throughput and latency percentiles with a bootstrap 95% interval over runs, Mann-Whitney U, a verdict only when significant); or two result files side by side: compare a.json b.json',
    )
    .argument('<a.json>', "the first run (the reference), or the first of A's runs")
    .argument('<b.json>', "the second run, or the next of A's runs")
    .argument('[more...]', "more runs: A's, then -- and B's")
    .option(
      '--seed <n>',
      "the bootstrap's RNG seed (same seed, same interval)",
      parseNonNegativeNumber,
      1,
    )
    .option('--resamples <n>', 'bootstrap resamples', parsePositiveInt, 10_000)
    .option(
      '--price-a <dollars>',
      "A's machine price per hour: requests per dollar",
      parseNonNegativeNumber,
    )
    .option('--price-b <dollars>', "B's machine price per hour", parseNonNegativeNumber)
    .option('--json <file>', 'write the comparison as JSON')
    .option('--html <file>', 'write the HTML report (one self-contained file)')
    .action(async (a: string, b: string, more: string[], o: GroupCompareOptions) => {
      const groups = splitGroups(process.argv.slice(2));
      if (!groups) {
        if (more.length)
          throw new UsageError(
            'several runs per side: compare A.json… -- B.json… (two files without -- compare one run with one)',
          );
        const read = (p: string) => {
          const r = readRun(p);
          checkResult(r, showPath(p));
          return r as AnyResult;
        };
        console.log(compareResults(read(a), read(b), [showPath(a), showPath(b)]));
        console.log(
          '\none run each: no interval and no verdict (the spread between runs is unknown); give several runs per side with compare A… -- B…',
        );
        return;
      }
      console.log((await compareFiles(groups.a, groups.b, o)).text);
    });
}

/** The comparison as written to JSON (no histograms: the run files hold them). */
export function comparisonJson(c: Comparison): object {
  const { kind, ...rest } = c;
  return { schemaVersion: RESULT_SCHEMA_VERSION, kind: 'comparison', workloadKind: kind, ...rest };
}
