// The rehearsal's scenarios and what each must conclude: what `bench pair` said (its
// comparison.json) set beside what the machines' known speeds say it should.

export interface Scenario {
  id: number;
  /** What it shows, in a few words. */
  title: string;
  /** B's CPU quota over A's. */
  bOverA: number;
  expect: 'same' | 'B slower';
}

export const SCENARIOS: Record<number, Scenario> = {
  1: { id: 1, title: 'equal quotas', bOverA: 1, expect: 'same' },
  2: { id: 2, title: "B with half A's quota", bOverA: 0.5, expect: 'B slower' },
  // The whole game (bench stack: open model, the headline is p99) on two equal machines.
  3: { id: 3, title: 'the stack workload, equal quotas', bOverA: 1, expect: 'same' },
};

/** What the rehearsal reads of a comparison.json. */
export interface Headline {
  metric: string;
  ratio: number;
  interval: { lo: number; hi: number } | null;
  significant: boolean;
  p: number;
}

export interface ComparisonFile {
  verdict: string;
  headline: {
    metric: string;
    ratio: number;
    interval: { lo: number; hi: number } | null;
    significant: boolean;
    test: { p: number };
  };
}

export function headlineOf(c: ComparisonFile): Headline {
  const h = c.headline;
  return {
    metric: h.metric,
    ratio: h.ratio,
    interval: h.interval ? { lo: h.interval.lo, hi: h.interval.hi } : null,
    significant: h.significant,
    p: h.test.p,
  };
}

/** The expected verdict, in words. */
export function expectedText(s: Scenario, directRatio: number | null): string {
  if (s.expect === 'same') return 'no significant difference, interval contains 1';
  return `B is slower, interval contains ${directRatio === null ? 'the direct ratio' : directRatio.toFixed(3)} (direct runs)`;
}

/**
 * Whether the verdict is the one the quotas call for: equal machines, no significant difference
 * and an interval around 1; B slower, a significant "B is slower" whose throughput interval
 * holds the ratio the two hosts measured alone (`directRatio`).
 */
export function judge(
  s: Scenario,
  verdict: string,
  h: Headline,
  directRatio: number | null,
): { ok: boolean; why: string } {
  if (!h.interval) return { ok: false, why: 'no interval (one run on a side)' };
  const { lo, hi } = h.interval;
  const holds = (x: number) => lo <= x && x <= hi;
  if (s.expect === 'same') {
    if (h.significant) return { ok: false, why: `a difference where there is none: ${verdict}` };
    if (!holds(1))
      return { ok: false, why: `the interval ${lo.toFixed(3)}-${hi.toFixed(3)} excludes 1` };
    return { ok: true, why: 'as expected' };
  }
  if (h.metric !== 'throughput')
    return { ok: false, why: `the headline is ${h.metric}, not throughput` };
  if (!h.significant || !verdict.startsWith('B is slower'))
    return { ok: false, why: `B's half quota not found: ${verdict}` };
  if (directRatio === null) return { ok: false, why: 'no direct ratio to check the interval with' };
  if (!holds(directRatio))
    return {
      ok: false,
      why: `the interval ${lo.toFixed(3)}-${hi.toFixed(3)} does not hold the direct ratio ${directRatio.toFixed(3)}`,
    };
  return { ok: true, why: 'as expected' };
}
