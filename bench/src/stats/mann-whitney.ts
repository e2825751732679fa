// The Mann-Whitney U test (Wilcoxon rank-sum), two-sided, by hand: the exact distribution of U
// when there are no ties and the samples are small, the normal approximation (tie-corrected,
// with a continuity correction) otherwise. Runs are the unit: one value per run.

export interface MannWhitney {
  /** U of the first sample: pairs (a, b) with a > b, plus half the ties. */
  uA: number;
  /** U of the second sample: n1 n2 - uA. */
  uB: number;
  /** min(uA, uB), the statistic tables give. */
  u: number;
  /** Two-sided p-value. */
  p: number;
  method: 'exact' | 'normal' | 'none';
}

/** Exact tables up to this many values in all (and no ties): beyond, the normal approximation. */
const EXACT_MAX_N = 50;

/**
 * P(U <= u) under the null hypothesis for samples of m and n values without ties: the share of
 * the C(m+n, m) arrangements whose U is at most u, by the recurrence
 * P_{m,n}(u) = m/(m+n) P_{m-1,n}(u-n) + n/(m+n) P_{m,n-1}(u) over point probabilities.
 */
export function exactCdf(u: number, m: number, n: number): number {
  // f[i][j] = the point distribution of U for samples of i and j values (array over 0..i*j).
  let prev: Float64Array[] = [];
  for (let i = 0; i <= m; i++) {
    const row: Float64Array[] = [];
    for (let j = 0; j <= n; j++) {
      const d = new Float64Array(i * j + 1);
      if (i === 0 || j === 0) d[0] = 1;
      else {
        const a = prev[j]!; // (i-1, j): the largest value is in the first sample: U gains j
        const b = row[j - 1]!; // (i, j-1): it is in the second sample
        const wa = i / (i + j);
        const wb = j / (i + j);
        for (let k = 0; k <= i * j; k++) {
          const fromA = k - j >= 0 && k - j < a.length ? a[k - j]! : 0;
          const fromB = k < b.length ? b[k]! : 0;
          d[k] = wa * fromA + wb * fromB;
        }
      }
      row.push(d);
    }
    prev = row;
  }
  const dist = prev[n]!;
  let cdf = 0;
  for (let k = 0; k <= Math.min(Math.floor(u), m * n); k++) cdf += dist[k]!;
  return Math.min(1, cdf);
}

/** The standard normal's CDF (Abramowitz-Stegun 7.1.26 on erf: error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

export function mannWhitney(a: readonly number[], b: readonly number[]): MannWhitney {
  const m = a.length;
  const n = b.length;
  if (m === 0 || n === 0) return { uA: 0, uB: 0, u: 0, p: 1, method: 'none' };
  let uA = 0;
  for (const x of a) for (const y of b) uA += x > y ? 1 : x === y ? 0.5 : 0;
  const uB = m * n - uA;
  const u = Math.min(uA, uB);
  // Ties: the sizes of the groups of equal values over both samples.
  const all = [...a, ...b].sort((x, y) => x - y);
  const tieGroups: number[] = [];
  for (let i = 0; i < all.length; ) {
    let j = i + 1;
    while (j < all.length && all[j] === all[i]) j++;
    if (j - i > 1) tieGroups.push(j - i);
    i = j;
  }
  if (tieGroups.length === 0 && m + n <= EXACT_MAX_N) {
    const p = Math.min(1, 2 * exactCdf(u, m, n));
    return { uA, uB, u, p, method: 'exact' };
  }
  const N = m + n;
  const mean = (m * n) / 2;
  const tieTerm = tieGroups.reduce((s, t) => s + (t ** 3 - t), 0) / (N * (N - 1));
  const variance = ((m * n) / 12) * (N + 1 - tieTerm);
  if (variance <= 0) return { uA, uB, u, p: 1, method: 'normal' };
  const z = (Math.abs(uA - mean) - 0.5) / Math.sqrt(variance);
  const p = Math.min(1, 2 * (1 - normalCdf(Math.max(0, z))));
  return { uA, uB, u, p, method: 'normal' };
}

/**
 * The smallest two-sided p the exact test can give with m and n values without ties: the samples
 * completely apart, 2 of the C(m+n, m) equally likely arrangements. At or above the level, no
 * untied runs of these counts can be significant, however far apart.
 */
export function minReachableP(m: number, n: number): number {
  if (m === 0 || n === 0) return 1;
  let arrangements = 1;
  for (let i = 1; i <= Math.min(m, n); i++)
    arrangements = (arrangements * (Math.max(m, n) + i)) / i;
  return Math.min(1, 2 / arrangements);
}
