// `bench compare A.json… -- B.json…` as a person runs it (the CLI in a child process) on result
// files made up from known figures: a verdict on a real difference, none on runs from one
// distribution, the refusal of unlike runs naming the setting, two files without -- as one run a
// side; no verdict exactly where the rank test cannot reach p < 0.05, no interval with one run on
// a side, and a file that is not a run refused with its name and field.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { splitGroups } from '../src/commands/compare.ts';
import { Rng } from '../src/lib/rng.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { normal, writeSynthetic } from './helpers/synthetic-runs.ts';

t.test('the groups are the operands before and after --', async (t) => {
  t.same(splitGroups(['a1', 'a2', 'b1', 'b2'], ['compare', 'a1', 'a2', '--', 'b1', 'b2']), {
    a: ['a1', 'a2'],
    b: ['b1', 'b2'],
  });
  t.same(splitGroups(['a1', 'b1'], ['compare', '--seed', '3', 'a1', '--', 'b1']), {
    a: ['a1'],
    b: ['b1'],
  });
  t.same(splitGroups(['a', 'b'], ['compare', 'a', 'b']), { a: ['a'], b: ['b'] }, 'one run a side');
  t.throws(
    () => splitGroups(['a', 'b', 'c'], ['compare', 'a', 'b', 'c']),
    /several runs per side: compare A\.json… -- B\.json…/,
  );
  t.throws(
    () => splitGroups(['a', 'b'], ['compare', 'a', '--', 'b', '--html', 'x']),
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
  t.match(
    r.stdout,
    /^verdict: B is faster by \d+(\.\d)?-\d+(\.\d)?% \(B\/A 1\.\d{3}, 95% interval 1\.\d{3}-1\.\d{3}\)$/m,
  );
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

t.test(
  'refusals name the setting; two files are one run a side, without an interval',
  async (t) => {
    const dir = tempDir(t, 'cmpx');
    const a = writeSynthetic(dir, 'a', { throughput: 100 });
    const b = writeSynthetic(dir, 'b', { throughput: 100, seed: 9 });
    const r = await runCli(['compare', a, '--', b]);
    t.equal(r.code, 2);
    t.match(r.stderr, /the setting seed differs: 1 in .*a\.json, 9 in .*b\.json/);
    const two = await runCli(['compare', a, writeSynthetic(dir, 'c', { throughput: 110 })]);
    t.equal(two.code, 0, two.stderr);
    t.match(two.stdout, /^throughput\s+100\s+110\s+1\.100\s+none\s/m);
    t.match(two.stdout, /^verdict: no verdict with one run on a side: throughput B\/A 1\.100/m);
  },
);

/** Runs of `side` with these throughputs (distinct latency seeds), as result files in `dir`. */
const runsOf = (dir: string, side: string, throughputs: number[], target?: string) =>
  throughputs.map((throughput, i) =>
    writeSynthetic(dir, `${side}${i}`, {
      throughput,
      rngSeed: side.charCodeAt(0) * 100 + i,
      ...(target ? { target } : {}),
    }),
  );

t.test('3 v 5 and 2 v 8 can reach p < 0.05: a verdict, and no "no verdict"', async (t) => {
  const dir = tempDir(t, 'cmpmin');
  const a3 = runsOf(dir, 'a', [6000, 6030, 5990]);
  const a2 = a3.slice(0, 2);
  const b5 = runsOf(dir, 'b', [6600, 6610, 6640, 6590, 6620], '10.0.0.2:50052');
  const b8 = [...b5, ...runsOf(dir, 'c', [6580, 6630, 6605], '10.0.0.2:50052')];
  for (const [a, b, minP] of [
    [a3, b5, 2 / 56],
    [a2, b8, 2 / 45],
  ] as const) {
    const json = join(dir, `cmp-${a.length}v${b.length}.json`);
    const r = await runCli(['compare', '--json', json, ...a, '--', ...b]);
    t.equal(r.code, 0, r.stderr);
    t.match(
      r.stdout,
      /^verdict: B is faster by \d+(\.\d)?-\d+(\.\d)?% \(B\/A 1\.\d{3}, 95% interval 1\.\d{3}-1\.\d{3}\)$/m,
      `${a.length} v ${b.length}`,
    );
    t.notMatch(r.stdout, /no verdict/, `${a.length} v ${b.length}: no contradiction`);
    const c = JSON.parse(readFileSync(json, 'utf8'));
    t.ok(Math.abs(c.minReachableP - minP) < 1e-12, `smallest p ${c.minReachableP}`);
    t.equal(c.verdictPossible, true);
    t.ok(Math.abs(c.metrics[0].test.p - minP) < 1e-12, 'all apart: the smallest p reached');
  }
});

t.test('2 v 3: no verdict is possible, with the smallest p, even when all apart', async (t) => {
  const dir = tempDir(t, 'cmp23');
  const a = runsOf(dir, 'a', [6000, 6030]);
  const b = runsOf(dir, 'b', [7200, 7210, 7230]);
  const json = join(dir, 'cmp.json');
  const r = await runCli(['compare', '--json', json, ...a, '--', ...b]);
  t.equal(r.code, 0, r.stderr);
  t.match(
    r.stdout,
    /^note: no verdict is possible with 2 v 3 runs \(the rank test's smallest p is 0\.200/m,
  );
  t.match(
    r.stdout,
    /^verdict: no significant difference in throughput: B\/A 1\.\d{3}, 95% interval [\d.]+-[\d.]+ \(no verdict is possible with 2 v 3 runs/m,
  );
  t.notMatch(
    r.stdout,
    /interval excludes 1/,
    'the rank test is not "disagreeing": it cannot agree',
  );
  t.notMatch(r.stdout, /^verdict: B is/m);
  const c = JSON.parse(readFileSync(json, 'utf8'));
  t.ok(Math.abs(c.minReachableP - 0.2) < 1e-12);
  t.equal(c.verdictPossible, false);
});

t.test('1 v 5: the ratio as a point estimate, no interval, no verdict', async (t) => {
  const dir = tempDir(t, 'cmp15');
  const a = runsOf(dir, 'a', [6000]);
  const b = runsOf(dir, 'b', [7200, 7210, 7230, 7190, 7220]);
  const json = join(dir, 'cmp.json');
  const r = await runCli(['compare', '--json', json, ...a, '--', ...b]);
  t.equal(r.code, 0, r.stderr);
  t.match(r.stdout, /^throughput\s+6,000\s+7,210\s+1\.202\s+none\s+0\.333\s+no$/m);
  t.notMatch(r.stdout, /interval excludes 1/);
  t.notMatch(r.stdout, /interval \d/, 'no interval printed anywhere');
  t.match(r.stdout, /^note: one run on a side gives no interval and no verdict/m);
  t.match(
    r.stdout,
    /^verdict: no verdict with one run on a side: throughput B\/A 1\.202, a point estimate/m,
  );
  const c = JSON.parse(readFileSync(json, 'utf8'));
  t.equal(c.metrics[0].interval, null);
  t.ok(Math.abs(c.metrics[0].ratio - 7210 / 6000) < 1e-12);
  t.equal(c.verdictPossible, false);
});

t.test('bad input files: exit 2, naming the file and the field', async (t) => {
  const dir = tempDir(t, 'cmpbad');
  const good = runsOf(dir, 'a', [6000, 6030]);
  const base = JSON.parse(readFileSync(good[0]!, 'utf8'));
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const battle = (i: number) => ({
    schemaVersion: 1,
    kind: 'battle',
    environment: base.environment,
    settings: { url: 'http://h:1/v1/battles/sample/7', connections: 10 },
    figures: { requestsPerSec: 900 + i, completeRequests: 9000, failedRequests: 0, non2xx: 0 },
    histogram: null,
  });
  const battles = [0, 1].map((i) => file(`battle${i}.json`, JSON.stringify(battle(i))));
  const map = {
    schemaVersion: 1,
    kind: 'map',
    environment: base.environment,
    settings: { target: 'm:50053', seed: 1 },
    viewport: { rate: 800, requests: 8000, errors: 0, mismatches: 0, op: base.ops[0] },
  };
  const { figures: _f, ...noFigures } = battle(2);
  const { totals: _t, ...noTotals } = base;
  const cases: [string, string[], RegExp][] = [
    ['an empty file', [file('empty.json', '')], /empty\.json: the file is empty/],
    [
      'truncated JSON',
      [file('cut.json', JSON.stringify(base).slice(0, 300))],
      /cut\.json: not valid JSON/,
    ],
    ['JSON null', [file('null.json', 'null')], /null\.json: .*null, not a result/],
    [
      'no totals',
      [file('nototals.json', JSON.stringify(noTotals))],
      /nototals\.json: totals is missing/,
    ],
    [
      'a battle result without figures',
      [...battles, file('nofigures.json', JSON.stringify(noFigures))],
      /nofigures\.json: figures is missing/,
    ],
    [
      'a map result among battle runs',
      [...battles, file('map.json', JSON.stringify(map))],
      /battle0\.json is a battle run, .*map\.json a map run \(the field kind\)/,
    ],
    [
      'a throughput of 0',
      [file('zero.json', JSON.stringify({ ...base, totals: { ...base.totals, rate: 0 } }))],
      /zero\.json: totals\.rate is 0: .*positive/,
    ],
    [
      'a throughput that is a string',
      [file('text.json', JSON.stringify({ ...base, totals: { ...base.totals, rate: '6000' } }))],
      /text\.json: totals\.rate is "6000", not a number/,
    ],
    [
      'another schema version',
      [file('v2.json', JSON.stringify({ ...base, schemaVersion: 2 }))],
      /v2\.json: schemaVersion 2/,
    ],
  ];
  for (const [what, b, message] of cases) {
    const a = b[0]!.includes('battle') ? battles : good;
    const r = await runCli(['compare', ...a, '--', ...b]);
    t.equal(r.code, 2, `${what}: exit 2`);
    t.match(r.stderr, message, what);
    t.notMatch(r.stderr, /Cannot read properties|undefined/, `${what}: no JavaScript message`);
  }
});

t.test(
  'runs of other commits, Node versions, with errors or with steal are flagged, not refused',
  async (t) => {
    const dir = tempDir(t, 'cmpwarn');
    const a = runsOf(dir, 'a', [6000, 6030, 5990, 6010]);
    const b = runsOf(dir, 'b', [6000, 6020, 5995, 6005]);
    type Run = {
      environment: { node: string; gitCommit: string | null };
      totals: { errors: number; mismatches: number };
      machine?: { stealShare: number };
    };
    const edit = (path: string, f: (r: Run) => void) => {
      const r = JSON.parse(readFileSync(path, 'utf8'));
      f(r);
      writeFileSync(path, JSON.stringify(r));
    };
    edit(a[1]!, (r) => {
      r.environment.node = 'v22.0.0';
      r.environment.gitCommit = '0123456789abcdef';
    });
    edit(b[2]!, (r) => {
      r.totals.errors = 3;
      r.totals.mismatches = 1;
    });
    // One run's VM lost 7.5% of its CPU time to the hypervisor, another's 4.9% (under the flag).
    edit(b[0]!, (r) => {
      r.machine = { stealShare: 0.075 };
    });
    edit(b[1]!, (r) => {
      r.machine = { stealShare: 0.049 };
    });
    const r = await runCli(['compare', ...a, '--', ...b]);
    t.equal(r.code, 0, r.stderr);
    t.match(
      r.stdout,
      /^note: A's runs ran on different Node versions: .*v22\.0\.0 \(.*a1\.json\)/m,
    );
    t.match(r.stdout, /^note: A's runs are of different commits: .*0123456789 \(.*a1\.json\)/m);
    t.match(r.stdout, /^note: .*errors or mismatches.*b2\.json \(3 errors, 1 mismatches\)/m);
    t.match(r.stdout, /^note: B's runs whose VM lost 5% or more .*steal.*b0\.json \(7\.5%\)$/m);
    t.notMatch(r.stdout, /b1\.json \(4\.9%\)/, 'a run under the flag is not named');
  },
);
