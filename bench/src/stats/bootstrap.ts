// The bootstrap of a ratio of two samples' means (B over A), resampling runs (each sample
// on its own, with replacement) with the bench's seeded generator: the same data and seed give
// the same interval on any machine. With few runs the plain percentile interval is too narrow
// (it ignores that the spread is itself estimated: ~89% coverage for a "95%" interval on 6 runs
// a side, measured in test/stats.test.ts), so the interval is Hesterberg's expanded percentile
// interval: the percentiles taken at alpha'/2 = Phi(-sqrt(n/(n-1)) t_{alpha/2, n-1}), with n the
// smaller side's run count.
import { Rng } from '../lib/rng.ts';
import { normalCdf } from './mann-whitney.ts';

/** The standard normal's quantile (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
    -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * Student's t quantile with `df` degrees of freedom: exact for 1 and 2, a Cornish-Fisher
 * expansion around the normal's beyond (error < 0.1% from df = 3 at the 97.5% point).
 */
export function tQuantile(p: number, df: number): number {
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  const z = normalQuantile(p);
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  const z9 = z ** 9;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3) +
    (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * df ** 4)
  );
}

/** The tail probability the expanded percentile interval uses for `n` runs at `level`. */
export function expandedTail(n: number, level: number): number {
  const tail = (1 - level) / 2;
  if (n < 2) return tail;
  return normalCdf(-Math.sqrt(n / (n - 1)) * tQuantile(1 - tail, n - 1));
}

export interface Interval {
  /** B's mean over A's, on the data as measured. */
  ratio: number;
  /** The resampled ratios' percentiles at the expanded tails (a 95% interval, or `level`). */
  lo: number;
  hi: number;
  level: number;
  resamples: number;
}

export const mean = (xs: readonly number[]): number =>
  xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN;

export interface BootstrapOptions {
  seed?: number;
  resamples?: number;
  level?: number;
  /** false: the plain percentile interval (the tails at (1 - level) / 2). */
  expand?: boolean;
}

/** The q-quantile (0..1) of sorted values, linear between order statistics (type 7). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export function bootstrapRatio(
  a: readonly number[],
  b: readonly number[],
  options: BootstrapOptions = {},
): Interval {
  const { seed = 1, resamples = 10_000, level = 0.95, expand = true } = options;
  const rng = new Rng(seed, 'bootstrap');
  const ratios = new Float64Array(resamples);
  const ra = new Array<number>(a.length);
  const rb = new Array<number>(b.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < a.length; i++) ra[i] = a[rng.int(a.length)]!;
    for (let i = 0; i < b.length; i++) rb[i] = b[rng.int(b.length)]!;
    ratios[r] = mean(rb) / mean(ra);
  }
  const sorted = Array.from(ratios).sort((x, y) => x - y);
  const tail = expand ? expandedTail(Math.min(a.length, b.length), level) : (1 - level) / 2;
  const ratio = mean(b) / mean(a);
  return { ratio, lo: quantile(sorted, tail), hi: quantile(sorted, 1 - tail), level, resamples };
}
