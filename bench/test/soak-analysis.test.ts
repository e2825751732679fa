// The soak's figures and verdict on synthetic data: least-squares slopes, the warm-up left out
// of the RSS slope, the p99 rule, the settled rule's memory check, per-interval latency from
// cumulative histograms, and the chart.
import t from 'tap';
import { OpRecorder } from '../src/lib/histogram.ts';
import { soakChart } from '../src/report-html/report.ts';
import {
  type IntervalFigures,
  intervalLatency,
  judge,
  leastSquares,
  type RssSeries,
  SETTLED_RULE,
  SLOPE_RULE,
} from '../src/soak/analysis.ts';

/** n intervals of one minute, each with the given p99. */
function intervals(p99s: number[]): IntervalFigures[] {
  return p99s.map((p99Ms, i) => ({
    index: i + 1,
    startMin: i,
    endMin: i + 1,
    requests: 1000,
    errors: 0,
    mismatches: 0,
    p99Ms,
    cpuS: [],
  }));
}

/** RSS sampled every 6 s over `minutes`, as f(minute). */
function series(label: string, minutes: number, f: (x: number) => number, pid = 100): RssSeries {
  const samples = [];
  for (let k = 0; k <= minutes * 10; k++) samples.push({ x: k / 10, y: f(k / 10) });
  return { pid, label, samples };
}

t.test('leastSquares: exact lines, noise, degenerate input', async (t) => {
  const line = leastSquares([0, 1, 2, 3, 4].map((x) => ({ x, y: 3 * x + 7 })))!;
  t.ok(Math.abs(line - 3) < 1e-12, 'slope of y = 3x + 7');
  t.equal(leastSquares([0, 1, 2, 3].map((x) => ({ x, y: 5 }))), 0, 'a constant has slope 0');
  // Alternating noise around a slope of 0.5 does not change the fitted slope much.
  const noisy = leastSquares(
    Array.from({ length: 100 }, (_, i) => ({ x: i / 10, y: 0.5 * (i / 10) + (i % 2 ? 2 : -2) })),
  )!;
  t.ok(Math.abs(noisy - 0.5) < 0.05, `noisy slope ${noisy.toFixed(3)} ~ 0.5`);
  t.equal(leastSquares([{ x: 1, y: 1 }]), null, 'one point: no line');
  t.equal(
    leastSquares([
      { x: 2, y: 1 },
      { x: 2, y: 5 },
    ]),
    null,
    'two points at one x: no line',
  );
});

t.test('judge: flat memory and steady latency pass', async (t) => {
  const v = judge(intervals([5, 5.2, 5.1, 4.9, 5.3, 5.1, 5, 5.2, 5.1, 5.4]), [
    series('db-proxy', 10, (x) => 150 + Math.sin(x * 7) * 3),
    series('data-server', 10, () => 160, 101),
  ]);
  t.ok(v.pass, `passes: ${v.reasons.join('; ')}`);
  t.equal(v.reasons.length, 0);
  t.equal(v.processes.length, 2);
  t.equal(v.processes[1]!.slopeAfterWarmUpMbPerMin, 0, 'a constant RSS: slope 0');
  t.ok(Math.abs(v.p99Ratio! - 5.4 / 5.2) < 1e-12, 'p99 ratio: last over second');
});

t.test('judge: the warm-up is left out of the RSS slope', async (t) => {
  // Grows 40 MB/min for two minutes (the heap sizing itself to the load), then flat.
  const warm = series('data-server', 10, (x) => (x < 2 ? 100 + 40 * x : 180));
  const v = judge(intervals(new Array(10).fill(5)), [warm]);
  t.ok(leastSquares(warm.samples)! > 2, 'over the whole run it grows');
  t.ok(Math.abs(v.processes[0]!.slopeAfterWarmUpMbPerMin!) < 1e-9, 'after the warm-up: flat');
  t.ok(v.pass, 'passes');
  // The same growth with no warm-up allowed fails.
  const strict = judge(intervals(new Array(10).fill(5)), [warm], {
    ...SLOPE_RULE,
    warmUpIntervals: 0,
  });
  t.notOk(strict.pass, 'fails when the warm-up is counted');
});

t.test('judge: a slow leak fails, just under the bound passes', async (t) => {
  const leak = judge(intervals(new Array(10).fill(5)), [
    series('db-proxy', 10, (x) => 150 + 1.5 * x),
  ]);
  t.notOk(leak.pass, '1.5 MB/min fails');
  t.match(
    leak.reasons[0],
    /db-proxy \(pid 100\): RSS slope 1\.50 MB\/min after the warm-up, not under 1/,
  );
  const slow = judge(intervals(new Array(10).fill(5)), [
    series('db-proxy', 10, (x) => 150 + 0.9 * x),
  ]);
  t.ok(slow.pass, '0.9 MB/min passes');
  const exact = judge(intervals(new Array(10).fill(5)), [
    series('db-proxy', 10, (x) => 150 + 1.05 * x),
  ]);
  t.notOk(exact.pass, '1.05 MB/min fails');
});

t.test('judge: the p99 rule compares the last interval with the second', async (t) => {
  const flat = [series('db-proxy', 10, () => 150)];
  const within = judge(intervals([50, 10, 9, 9, 11, 11, 11, 11, 11, 12]), flat);
  t.ok(within.pass, 'the first interval is not compared (a slow start is allowed); 12 / 10 passes');
  const over = judge(intervals([10, 10, 10, 10, 10, 10, 10, 10, 10, 12.5]), flat);
  t.notOk(over.pass, '12.5 / 10 fails');
  t.notOk(over.p99Pass);
  t.match(over.reasons[0], /p99 of the last interval 12\.50 ms is 25% over the second's 10\.00 ms/);
  const faster = judge(intervals([10, 10, 10, 10, 10, 10, 10, 10, 10, 4]), flat);
  t.ok(faster.pass, 'a last interval faster than the second passes');
  const rising = judge(intervals([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), flat);
  t.notOk(rising.pass, '10 / 2 fails');
});

t.test('judge: too short a run cannot pass', async (t) => {
  const v = judge(intervals([5, 5]), [series('db-proxy', 2, () => 150)]);
  t.notOk(v.pass, 'two intervals with a warm-up of two: nothing after it');
  t.ok(v.reasons.some((r) => /needs at least 3/.test(r)));
  const none = judge([], []);
  t.notOk(none.pass, 'no interval at all fails');
});

t.test("judge, settled rule: V8's heap step passes, a leak fails, the bound", async (t) => {
  // Two halves of a minute at the 100/s target, each process 500 us of CPU per request: the rate
  // held and the CPU per request flat (soak-rate-held.test.ts judges those).
  const halves = (p99s: number[]): IntervalFigures[] =>
    intervals(p99s).map((iv) => ({ ...iv, requests: 6000, cpuS: [{ pid: 100, cpuS: 3 }] }));
  // Two minutes with db-proxy's measured 162 -> 172 MB step a minute in: the slope rule fails it;
  // the settled readings (after the compaction) are 97 and 98.
  const step = series('db-proxy', 2, (x) => (x < 1 ? 162 : 172));
  const readings = (before: number, after: number, loadMinutes = 2) => ({
    before: [{ pid: 100, rssMb: before }],
    after: [{ pid: 100, rssMb: after }],
    compacted: true,
    loadMinutes,
    targetRate: 100,
  });
  const slope = judge(intervals([5, 5, 5]), [series('db-proxy', 3, (x) => (x < 2.5 ? 162 : 172))]);
  t.notOk(slope.pass, 'the slope rule fails the step after its warm-up');
  const ok = judge(halves([5, 5.5]), [step], SETTLED_RULE, readings(97, 98));
  t.ok(ok.pass, `settled +1 MB passes: ${ok.reasons.join('; ')}`);
  t.equal(ok.settledBoundMb, 6, 'bound: the 6 MB floor over 2 minutes (2 MB)');
  t.equal(ok.processes[0]!.settledGrowthMb, 1);
  t.ok(Math.abs(ok.p99Ratio! - 1.1) < 1e-12, 'p99: last half over the first, recorded');
  t.equal(ok.p99Judged, false, 'and not judged');
  const leak = judge(halves([5, 5]), [step], SETTLED_RULE, readings(97, 103));
  t.notOk(leak.pass, 'settled +6 MB fails');
  t.match(
    leak.reasons[0],
    /db-proxy \(pid 100\): settled RSS grew 6\.0 MB \(97\.0 -> 103\.0\) over the load, not under 6\.0/,
  );
  const long = judge(halves([5, 5]), [step], SETTLED_RULE, readings(97, 103, 8));
  t.equal(long.settledBoundMb, 8, 'over 8 minutes: 1 MB/min x 8');
  t.ok(long.pass, '+6 MB in 8 minutes passes');
  const unsettled = judge(halves([5, 5]), [step], SETTLED_RULE, {
    ...readings(97, 98),
    compacted: false,
  });
  t.notOk(unsettled.pass, 'a reading without the compaction fails');
  t.match(unsettled.reasons[0], /not every service compacted/);
  const missing = judge(halves([5, 5]), [step], SETTLED_RULE, {
    ...readings(97, 98),
    after: [{ pid: 100, rssMb: null }],
  });
  t.notOk(missing.pass, 'a process gone before the last reading fails');
  t.notOk(judge(halves([5, 5]), [step], SETTLED_RULE).pass, 'no readings at all fails');
  const one = judge(halves([5]), [step], SETTLED_RULE, readings(97, 98));
  t.notOk(one.pass, 'one interval fails');
  t.match(one.reasons[0], /1 intervals measured: the rule needs at least 2 \(the two halves\)/);
});

t.test('intervalLatency: one interval out of cumulative snapshots', async (t) => {
  const fetch = new OpRecorder('FetchV2', 200_000);
  const modify = new OpRecorder('ModifyV2', 200_000);
  for (let i = 0; i < 1000; i++) fetch.record(1000); // 1 ms
  modify.record(2000);
  const first = [fetch.snapshot(), modify.snapshot()];
  const a = intervalLatency(null, first);
  t.equal(a.answered, 1001);
  t.ok(Math.abs(a.p99Ms - 1) < 0.01, `first interval p99 ${a.p99Ms} ~ 1 ms`);
  // The second interval is 10x slower: its own p99 must say so, not the cumulative one.
  for (let i = 0; i < 1000; i++) fetch.record(10_000);
  fetch.errors += 3;
  const second = [fetch.snapshot(), modify.snapshot()];
  const b = intervalLatency(first, second);
  t.equal(b.answered, 1000, 'only the interval answers');
  t.equal(b.errors, 3);
  t.ok(Math.abs(b.p99Ms - 10) < 0.02, `second interval p99 ${b.p99Ms} ~ 10 ms`);
});

t.test('the chart: one self-contained SVG naming every process and the verdict', async (t) => {
  const rss = [series('db-proxy', 4, () => 150), series('data-server', 4, (x) => 100 + 5 * x, 101)];
  const iv = intervals([5, 6, 5, 7]);
  const verdict = judge(iv, rss);
  const svg = soakChart({ title: 'a <test> & run', intervals: iv, rss, verdict });
  t.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  t.match(svg, /<\/svg>\n$/);
  t.match(svg, /a &lt;test&gt; &amp; run/, 'text escaped');
  t.match(svg, /db-proxy \(100\)/);
  t.match(svg, /data-server \(101\)/);
  t.match(svg, /\+5\.00 MB\/min/, "data-server's slope in the legend");
  t.match(svg, /FAIL/, 'the failing verdict is on the chart');
  const urls = [...svg.matchAll(/https?:\/\/[^"\s]+/g)].map((m) => m[0]);
  t.same([...new Set(urls)], ['http://www.w3.org/2000/svg'], 'nothing fetched from the network');
  t.notMatch(svg, /<script|href=/, 'no script, no link');
});

t.test('the slope rule (the 10-minute run) judges the p99', async (t) => {
  const flat: RssSeries[] = [
    { pid: 1, label: 'db-proxy', samples: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((x) => ({ x, y: 100 })) },
  ];
  const slope = judge(intervals([100, 100, 100, 100, 100, 100, 100, 200]), flat, SLOPE_RULE);
  t.equal(slope.p99Judged, true, 'slope rule: p99 judged');
  t.notOk(slope.pass, 'and its growth fails');
  t.match(
    slope.reasons.join('\n'),
    /p99 of the last interval 200\.00 ms is 100% over the second's/,
  );
  t.equal(slope.rate, null, 'no rate check');
  t.equal(slope.cpuTotal, null, 'no CPU check');
});
