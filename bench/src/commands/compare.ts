// `bench compare A.json… -- B.json…`: runs of one workload on two targets (two machines, or
// before/after a change), compared with runs as the unit (src/stats/compare-runs.ts): ratios
// with bootstrap intervals, Mann-Whitney U, a verdict. `bench compare a.json b.json` is one run
// a side: the ratios as point estimates, without an interval or a verdict.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { parseNonNegativeNumber, parsePositiveInt, UsageError } from '../lib/options.ts';
import { RESULT_SCHEMA_VERSION, showPath, writeResult } from '../lib/result-file.ts';
import {
  type Comparison,
  compareGroups,
  figuresOf,
  formatComparison,
} from '../stats/compare-runs.ts';

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

/**
 * A's and B's files: the operands commander parsed (A's, then B's), split where the raw command
 * line has its first standalone `--` (commander drops it); without one, two files are one run a
 * side.
 */
export function splitGroups(
  operands: readonly string[],
  argv: readonly string[],
): { a: string[]; b: string[] } {
  const sep = argv.indexOf('--');
  if (sep < 0) {
    if (operands.length > 2)
      throw new UsageError('several runs per side: compare A.json… -- B.json…');
    return { a: operands.slice(0, 1), b: operands.slice(1) };
  }
  const after = argv.slice(sep + 1);
  const flag = after.find((x) => x.startsWith('-'));
  if (flag)
    throw new UsageError(
      `options go before the files (found ${flag} after --): compare [options] A… -- B…`,
    );
  return { a: operands.slice(0, operands.length - after.length), b: [...after] };
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
      'runs of one workload on two targets: compare [options] A.json… -- B.json… (ratio of throughput and latency percentiles with a bootstrap 95% interval over runs, Mann-Whitney U, a verdict only when significant); compare a.json b.json: one run a side, the ratios without an interval',
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
      const groups = splitGroups([a, b, ...more], process.argv.slice(2));
      console.log((await compareFiles(groups.a, groups.b, o)).text);
    });
}

/** The comparison as written to JSON (no histograms: the run files hold them). */
export function comparisonJson(c: Comparison): object {
  const { kind, ...rest } = c;
  return { schemaVersion: RESULT_SCHEMA_VERSION, kind: 'comparison', workloadKind: kind, ...rest };
}
