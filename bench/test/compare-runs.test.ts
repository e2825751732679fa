// `bench compare A.json… -- B.json…` as a person runs it (the CLI in a child process) on result
// files made up from known figures: a verdict on a real difference, none on runs from one
// distribution, the refusal of unlike runs naming the setting, the two-file form kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { splitGroups } from '../src/commands/compare.ts';
import { Rng } from '../src/lib/rng.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { normal, writeSynthetic } from './helpers/synthetic-runs.ts';

t.test('the groups are the operands before and after --', async (t) => {
  t.same(splitGroups(['compare', 'a1', 'a2', '--', 'b1', 'b2']), {
    a: ['a1', 'a2'],
    b: ['b1', 'b2'],
  });
  t.same(splitGroups(['compare', '--seed', '3', 'a1', '--', 'b1']), { a: ['a1'], b: ['b1'] });
  t.equal(splitGroups(['compare', 'a', 'b']), null);
  t.throws(
    () => splitGroups(['compare', 'a', '--', 'b', '--html', 'x']),
    /options go before the files/,
  );
});

t.test('A… -- B…: a verdict on a 10% difference, the interval, prices, JSON', async (t) => {
  const dir = tempDir(t, 'cmp');
  const rng = new Rng(5, 'runs');
  const a = [0, 1, 2, 3, 4, 5].map((i) =>
    writeSynthetic(dir, `a${i}`, { throughput: normal(rng, 6000, 60), rngSeed: i, medianMs: 1 }),
  );
  const b = [0, 1, 2, 3, 4, 5].map((i) =>
    writeSynthetic(dir, `b${i}`, {
      throughput: normal(rng, 6600, 60),
      rngSeed: 100 + i,
      medianMs: 1,
      target: '10.0.0.2:50052',
    }),
  );
  const json = join(dir, 'cmp.json');
  const r = await runCli([
    'compare',
    '--price-a',
    '0.34',
    '--price-b',
    '0.272',
    '--json',
    json,
    ...a,
    '--',
    ...b,
  ]);
  t.equal(r.code, 0, r.stderr);
  t.match(r.stdout, /^verdict: B is faster by \d+(\.\d)?-\d+(\.\d)?%$/m);
  t.match(
    r.stdout,
    /^throughput\s+6,\d{3}\s+6,\d{3}\s+1\.\d{3}\s+1\.\d{3}-1\.\d{3}\s+0\.002\s+yes$/m,
  );
  const c = JSON.parse(readFileSync(json, 'utf8'));
  t.equal(c.kind, 'comparison');
  const thr = c.metrics[0];
  t.ok(thr.interval.lo > 1.05 && thr.interval.hi < 1.15, JSON.stringify(thr.interval));
  // 6 against 6 all apart: U = 0, exact p = 2 / C(12, 6) = 2/924.
  t.equal(thr.test.u, 0);
  t.ok(Math.abs(thr.test.p - 2 / 924) < 1e-12);
  // Price-performance: throughput ratio x (price A / price B), with the same interval scaled.
  const pp = c.cost.pricePerformance;
  t.ok(Math.abs(pp.interval.ratio - thr.interval.ratio * (0.34 / 0.272)) < 1e-9);
  t.ok(Math.abs(c.cost.requestsPerDollarA - (thr.meanA * 3600) / 0.34) < 1e-6);
  t.match(r.stdout, /cost: A \$0\.34\/h, B \$0\.272\/h; B is cheaper per request by/);
});

t.test('runs of one distribution: no verdict, the interval contains 1', async (t) => {
  const dir = tempDir(t, 'cmp0');
  const rng = new Rng(9, 'same');
  const paths = (side: string) =>
    [0, 1, 2, 3, 4].map((i) =>
      writeSynthetic(dir, `${side}${i}`, { throughput: normal(rng, 6000, 200), rngSeed: i }),
    );
  const a = paths('a');
  const b = paths('b');
  const r = await runCli(['compare', ...a, '--', ...b]);
  t.equal(r.code, 0, r.stderr);
  const m =
    /^verdict: no significant difference in throughput: B\/A ([\d.]+), 95% interval ([\d.]+)-([\d.]+)$/m.exec(
      r.stdout,
    );
  t.ok(m, r.stdout);
  t.ok(Number(m?.[2]) <= 1 && Number(m?.[3]) >= 1, 'the interval contains 1');
});

t.test('refusals name the setting; the two-file form says one run gives no interval', async (t) => {
  const dir = tempDir(t, 'cmpx');
  const a = writeSynthetic(dir, 'a', { throughput: 100 });
  const b = writeSynthetic(dir, 'b', { throughput: 100, seed: 9 });
  const r = await runCli(['compare', a, '--', b]);
  t.equal(r.code, 2);
  t.match(r.stderr, /the setting seed differs: 1 in .*a\.json, 9 in .*b\.json/);
  const two = await runCli(['compare', a, writeSynthetic(dir, 'c', { throughput: 110 })]);
  t.equal(two.code, 0, two.stderr);
  t.match(two.stdout, /requests\/s\s+100\s+110\s+\+10\.0%/);
  t.match(two.stdout, /one run each: no interval and no verdict/);
});
