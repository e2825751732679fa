// The shared lib: the case study's line exactly, histogram merge across workers, the seeded
// RNG, option parsing and the split of clients and requests over workers.
import t from 'tap';
import { parseWeights } from '../src/commands/data.ts';
import { DEFAULT_WEIGHTS, OPS, Planner } from '../src/data/operations.ts';
import { generatePlayer } from '../src/data/population.ts';
import { loadGameSchema } from '../src/data/schema.ts';
import {
  decodeHistogram,
  mergeByName,
  mergeSnapshots,
  OpRecorder,
  percentiles,
} from '../src/lib/histogram.ts';
import { clientsOfWorker, quotaOfClient } from '../src/lib/load-pool.ts';
import { parseDuration } from '../src/lib/options.ts';
import { caseStudyLine, latencyTable, median, totals } from '../src/lib/report.ts';
import { Rng, WeightedChoice } from '../src/lib/rng.ts';
import { caseStudyPattern } from './helpers/cli.ts';

t.test("the case study's line, exactly", async (t) => {
  const r = new OpRecorder('FetchV2', 100_000);
  for (let i = 0; i < 50; i++) r.record(800);
  for (let i = 0; i < 25; i++) r.record(1500);
  for (let i = 0; i < 15; i++) r.record(2500);
  for (let i = 0; i < 8; i++) r.record(5000);
  r.record(150_000);
  r.record(250_400);
  t.equal(
    caseStudyLine(r.snapshot()),
    'FetchV2: num=100; slow=2; max_slow=250ms; ratio={0.50: 0ms; 0.75: 1ms; 0.90: 2ms; 1.00: 250ms}',
  );
  // The article's own line has the same shape.
  const article =
    'FetchV2: num=939473; slow=0; max_slow=0ms; ratio={0.50: 0ms; 0.75: 1ms; 0.90: 2ms; 1.00: 127ms}';
  t.match(article, caseStudyPattern);
  t.match(caseStudyLine(r.snapshot()), caseStudyPattern);
  // No request at all: zeros, not NaN.
  t.equal(
    caseStudyLine(new OpRecorder('CCountV2', 1000).snapshot()),
    'CCountV2: num=0; slow=0; max_slow=0ms; ratio={0.50: 0ms; 0.75: 0ms; 0.90: 0ms; 1.00: 0ms}',
  );
});

t.test(
  'slow counts requests strictly above the threshold; max_slow is the slowest of them',
  async (t) => {
    const r = new OpRecorder('ModifyV2', 10_000);
    r.record(10_000);
    r.record(10_001);
    r.record(42_700);
    const s = r.snapshot();
    t.equal(s.slow, 2);
    t.equal(s.maxSlowUs, 42_700);
    t.match(caseStudyLine(s), /slow=2; max_slow=42ms;/);
  },
);

t.test('histograms merged across workers equal one histogram of every value', async (t) => {
  const rng = new Rng(7, 'merge');
  const all = new OpRecorder('FetchV2', 5000);
  const parts = [
    new OpRecorder('FetchV2', 5000),
    new OpRecorder('FetchV2', 5000),
    new OpRecorder('FetchV2', 5000),
  ];
  for (let i = 0; i < 30_000; i++) {
    // A long tail: mostly sub-millisecond, some tens of ms.
    const us = rng.chance(0.95) ? 100 + rng.int(900) : 1000 + rng.int(60_000);
    all.record(us);
    parts[i % 3]!.record(us);
  }
  const merged = mergeSnapshots(
    'FetchV2',
    parts.map((p) => p.snapshot()),
  );
  const want = all.snapshot();
  t.equal(merged.count, 30_000);
  t.equal(merged.slow, want.slow);
  t.equal(merged.maxSlowUs, want.maxSlowUs);
  t.equal(merged.maxUs, want.maxUs);
  t.equal(merged.minUs, want.minUs);
  t.equal(merged.sumUs, want.sumUs);
  t.same(percentiles(merged), percentiles(want));
  t.equal(decodeHistogram(merged.histogram).totalCount, 30_000);
  t.equal(caseStudyLine(merged), caseStudyLine(want));
  // A different split gives different histograms: the comparison above can fail.
  const half = mergeSnapshots('FetchV2', [parts[0]!.snapshot()]);
  t.not(half.count, merged.count);
});

t.test('mergeByName keeps the operations apart and in order', async (t) => {
  const w1 = [new OpRecorder('FetchV2', 1e6), new OpRecorder('CFetchV2', 1e6)];
  const w2 = [new OpRecorder('FetchV2', 1e6), new OpRecorder('CFetchV2', 1e6)];
  w1[0]!.record(100);
  w2[0]!.record(200);
  w2[1]!.record(300);
  const m = mergeByName([w1.map((r) => r.snapshot()), w2.map((r) => r.snapshot())]);
  t.same(
    m.map((s) => [s.name, s.count, s.maxUs]),
    [
      ['FetchV2', 2, 200],
      ['CFetchV2', 1, 300],
    ],
  );
  const tot = totals(m, 2);
  t.equal(tot.answered, 3);
  t.equal(tot.rate, 1.5);
  t.match(
    latencyTable(m, 2),
    /^op\s+num\s+req\/s\s+mean\s+p50\s+p90\s+p99\s+p99\.9\s+max\s+errors\s+mismatches\nFetchV2\s+2\s+1\s+0\.15/,
  );
});

t.test('the RNG: one seed and stream, one sequence; other streams differ', async (t) => {
  const seq = (seed: number, stream: string, index: number) => {
    const r = new Rng(seed, stream, index);
    return Array.from({ length: 1000 }, () => r.next());
  };
  t.same(seq(1, 'client', 3), seq(1, 'client', 3));
  t.notSame(seq(1, 'client', 3), seq(1, 'client', 4));
  t.notSame(seq(1, 'client', 3), seq(2, 'client', 3));
  t.notSame(seq(1, 'client', 3), seq(1, 'player', 3));
  // Pinned: a change of the generator changes every request sequence (and the JSON hashes).
  t.same(seq(1, 'client', 0).slice(0, 4), [GOLDEN[0], GOLDEN[1], GOLDEN[2], GOLDEN[3]]);
  const r = new Rng(9);
  for (let i = 0; i < 10_000; i++) {
    const f = r.float();
    if (f < 0 || f >= 1) t.fail(`float out of [0, 1): ${f}`);
  }
});

const GOLDEN = [2936550962, 3693154594, 2917380030, 2238870610];

t.test('weighted choice follows the weights', async (t) => {
  const choice = new WeightedChoice(DEFAULT_WEIGHTS);
  const rng = new Rng(3);
  const counts = new Map<string, number>();
  const n = 200_000;
  for (let i = 0; i < n; i++) {
    const op = choice.pick(rng);
    counts.set(op, (counts.get(op) ?? 0) + 1);
  }
  for (const [op, w] of DEFAULT_WEIGHTS) {
    const share = ((counts.get(op) ?? 0) / n) * 100;
    t.ok(Math.abs(share - w) < 0.5, `${op}: ${share.toFixed(2)}% for a weight of ${w}`);
  }
  t.throws(() => new WeightedChoice(new Map([['FetchV2', 0]])));
});

t.test('the planner: one seed, one request sequence', async (t) => {
  const schema = loadGameSchema();
  const sequence = (seed: number) => {
    const planner = new Planner(schema);
    const players = [0, 1, 2].map((i) => generatePlayer(schema, seed, i, 1000n, 3));
    const rng = new Rng(seed, 'client', 0);
    const choice = new WeightedChoice(new Map(OPS.map((op) => [op, 1])));
    const out: string[] = [];
    for (let i = 0; i < 500; i++) {
      const op = choice.pick(rng);
      const p = planner.plan(op, rng, rng.pick(players));
      out.push(`${op}:${Buffer.from(p.bytes).toString('base64')}`);
    }
    return out;
  };
  const a = sequence(5);
  t.same(sequence(5), a);
  t.notSame(sequence(6), a);
  t.same(new Set(a.map((s) => s.split(':')[0])).size, 8, 'every operation is planned');
});

t.test('option parsing', async (t) => {
  t.equal(parseDuration('60'), 60_000);
  t.equal(parseDuration('60s'), 60_000);
  t.equal(parseDuration('2m'), 120_000);
  t.equal(parseDuration('500ms'), 500);
  t.throws(() => parseDuration('soon'));
  const w = parseWeights('FetchV2=50,cfetchv2=40');
  t.equal(w.get('FetchV2'), 50);
  t.equal(w.get('CFetchV2'), 40);
  t.equal(w.get('ModifyV2'), 2.3, 'unnamed operations keep the default weight');
  t.throws(() => parseWeights('Nope=1'));
  t.throws(() => parseWeights('FetchV2'));
});

t.test('clients and requests are split over workers without loss', async (t) => {
  const ids = [0, 1, 2].flatMap((w) => clientsOfWorker(w, 3, 64));
  t.same(
    ids.sort((a, b) => a - b),
    Array.from({ length: 64 }, (_, i) => i),
  );
  let sum = 0;
  for (let c = 0; c < 64; c++) sum += quotaOfClient(c, 1001, 64);
  t.equal(sum, 1001);
  t.equal(quotaOfClient(0, 1001, 64), 16);
  t.equal(quotaOfClient(63, 1001, 64), 15);
});

t.test('median', async (t) => {
  t.equal(median([3, 1, 2]), 2);
  t.equal(median([4, 1, 3, 2]), 2.5);
  t.equal(median([7]), 7);
  t.ok(Number.isNaN(median([])));
});
