// What a person reads: the case study's line per operation, a finer latency table, totals.
import { type OpSnapshot, percentiles } from './histogram.ts';

/** Whole milliseconds, truncated, as the case study prints them (a 0.8 ms request is "0ms"). */
const wholeMs = (us: number) => Math.floor(us / 1000);

/**
 * The case study's line, exactly:
 * `FetchV2: num=939473; slow=0; max_slow=0ms; ratio={0.50: 0ms; 0.75: 1ms; 0.90: 2ms; 1.00: 127ms}`
 * `num` counts answered requests, `slow` those above the threshold, `max_slow` the slowest of
 * those (0 when none), `ratio` the latency at each quantile (1.00 = the maximum).
 */
export function caseStudyLine(s: OpSnapshot): string {
  const p = percentiles(s);
  return (
    `${s.name}: num=${s.count}; slow=${s.slow}; max_slow=${wholeMs(s.maxSlowUs)}ms; ` +
    `ratio={0.50: ${wholeMs(p.p50)}ms; 0.75: ${wholeMs(p.p75)}ms; 0.90: ${wholeMs(p.p90)}ms; ` +
    `1.00: ${wholeMs(p.max)}ms}`
  );
}

/** Milliseconds with decimals, for the finer table. */
export function ms(us: number, digits = 2): string {
  return (us / 1000).toFixed(digits);
}

/** An integer with thousands separators (1,234,567). */
export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function bytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

/** The median (the mean of the two middle values of an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  if (s.length === 0) return Number.NaN;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The highest of the figures read; null when none was (a figure not read is never zero). */
export function highest(xs: readonly (number | null)[]): number | null {
  const read = xs.filter((x) => x !== null);
  return read.length ? Math.max(...read) : null;
}

/** A left-aligned first column and right-aligned others. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** p50/p90/p99/p99.9/max in ms with decimals, with the counts, one row per operation. */
export function latencyTable(ops: readonly OpSnapshot[], elapsedS: number): string {
  const rows = ops.map((s) => {
    const p = percentiles(s);
    return [
      s.name,
      int(s.count),
      elapsedS > 0 ? int(s.count / elapsedS) : '-',
      ms(p.mean),
      ms(p.p50),
      ms(p.p90),
      ms(p.p99),
      ms(p.p999),
      ms(p.max),
      int(s.errors),
      int(s.mismatches),
    ];
  });
  return table(
    ['op', 'num', 'req/s', 'mean', 'p50', 'p90', 'p99', 'p99.9', 'max', 'errors', 'mismatches'],
    rows,
  );
}

export interface Totals {
  /** Requests sent: answered + errors. */
  requests: number;
  /** Requests answered (an OK or the expected error status), with a latency recorded. */
  answered: number;
  /** Calls that failed (transport errors, unexpected server errors, timeouts). */
  errors: number;
  mismatches: number;
  elapsedS: number;
  rate: number;
}

export function totals(ops: readonly OpSnapshot[], elapsedS: number): Totals {
  const sum = (f: (s: OpSnapshot) => number) => ops.reduce((n, s) => n + f(s), 0);
  const answered = sum((s) => s.count);
  const errors = sum((s) => s.errors);
  const mismatches = sum((s) => s.mismatches);
  return {
    requests: answered + errors,
    answered,
    errors,
    mismatches,
    elapsedS,
    rate: elapsedS > 0 ? answered / elapsedS : 0,
  };
}

export function totalsLine(t: Totals): string {
  return (
    `total: ${int(t.requests)} requests in ${t.elapsedS.toFixed(1)} s = ${int(t.rate)} requests/s answered; ` +
    `errors ${int(t.errors)}; mismatches ${int(t.mismatches)}`
  );
}
