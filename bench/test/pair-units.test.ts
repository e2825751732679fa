// bench pair's parts without a network: the seeded interleaving, the validity gate, and the knee
// search's bisection over made-up runs whose p99 crosses the bound at a known rate.
import t from 'tap';
import {
  type DoneRun,
  gate,
  interleave,
  kneeSearch,
  serverEnvironment,
} from '../src/commands/pair.ts';
import { kneeText, renderHtmlReport } from '../src/report-html/report.ts';
import { compareGroups, figuresOf, type RunFigures } from '../src/stats/compare-runs.ts';
import { syntheticResult } from './helpers/synthetic-runs.ts';

const fig = (o: Parameters<typeof syntheticResult>[0]): RunFigures =>
  figuresOf(syntheticResult(o), 'x.json');

t.test('the interleaving: blocks of AB or BA, seeded', async (t) => {
  const o = interleave(50, 3);
  t.equal(o.length, 100);
  for (let i = 0; i < 100; i += 2) t.not(o[i], o[i + 1], `block ${i / 2}`);
  t.same(interleave(50, 3), o);
  t.notSame(interleave(50, 4), o);
  const firstA = o.filter((_, i) => i % 2 === 0 && o[i] === 'A').length;
  t.ok(firstA > 10 && firstA < 40, `A first in ${firstA} of 50 blocks`);
});

t.test('the validity gate', async (t) => {
  t.same(gate(fig({ throughput: 1000 }), 0, 0.5), {
    valid: true,
    problems: [],
    utilisation: 0.25,
  });
  const open = gate(fig({ throughput: 950, rate: 1000 }), 0, 0.5);
  t.equal(open.valid, false);
  t.match(open.problems[0], /achieved 950\.0\/s of 1000\/s asked \(95\.0%, tolerance 2\.0%\)/);
  t.equal(gate(fig({ throughput: 990, rate: 1000 }), 0, 0.5).valid, true);
  // Two worker threads on a 2-core machine: 1.7 cores is 85% of what it can use.
  const sat = gate(fig({ throughput: 1000 }), 0, 1.7);
  t.match(sat.problems.join(), /load generator saturated: 1\.70 cores of 2 \(85% > 80%\)/);
  const bad = fig({ throughput: 1000 });
  bad.errors = 3;
  bad.mismatches = 1;
  t.same(gate(bad, 1, 0.1).problems, ['exit code 1', '3 errors', '1 mismatches']);
  t.match(gate(fig({ throughput: 1 }), 0, null).problems, ['load generator CPU unknown']);
  // A run too short for its first arrival: no rate to compare, and said as such.
  t.same(gate(fig({ throughput: 0 }), 0, 2.16).problems, [
    'nothing was answered in the measured phase',
    'load generator saturated: 2.16 cores of 2 (108% > 80%)',
  ]);
});

t.test('the knee search bisects to the highest rate with p99 under the bound', async (t) => {
  // Made-up targets: p99 over 10 ms beyond 1,234/s (A) and 2,900/s (B); but B's runs from
  // 2,450/s on are not valid (the rate not reached): they count as over.
  const tried: string[] = [];
  const oneRun = async (side: 'A' | 'B', _name: string, extra: string[]): Promise<DoneRun> => {
    const rate = Number(extra[1]);
    tried.push(`${side}${rate}`);
    const knee = side === 'A' ? 1234 : 2900;
    const figures = fig({ throughput: rate, rate });
    figures.latencyUs.p99 = rate <= knee ? 5000 : 50_000;
    const valid = !(side === 'B' && rate >= 2450);
    return {
      side,
      figures,
      path: 'x',
      annotation: {
        side,
        order: -1,
        warmUp: false,
        valid,
        problems: [],
        loadGeneratorUtilisation: 0.1,
        loadGeneratorUsPerRequest: 100,
        serverEnvironment: null,
      },
    };
  };
  const k = await kneeSearch(
    { kneeP99Ms: 10, kneeMin: 100, kneeMax: 4000, kneeSteps: 8, kneeRepeats: 1 },
    oneRun,
    () => {},
  );
  t.ok(k.A.rate! <= 1234 && k.A.rate! > 1234 - 20, `A's knee ${k.A.rate}`);
  t.ok(
    k.B.rate! < 2450 && k.B.rate! > 2400,
    `B's knee ${k.B.rate} (invalid runs from 2,450/s count as over)`,
  );
  t.same(tried.slice(0, 4), ['A100', 'A4000', 'B100', 'B4000'], 'the ends first');
  t.equal(k.A.steps.length, 2 + 8);
  t.equal(k.A.atTop, false);
  // No rate in range passes: no knee.
  const none = await kneeSearch(
    { kneeP99Ms: 1, kneeMin: 100, kneeMax: 4000, kneeSteps: 3, kneeRepeats: 1 },
    oneRun,
    () => {},
  );
  t.equal(none.A.rate, null);
});

t.test('each rate runs --knee-repeats times and holds only if every run does', async (t) => {
  // A's p99 is under 10 ms up to 1,000/s; from there to 2,000/s only the first run at a rate is
  // (a noisy target), above it none. B is under the bound everywhere.
  const runsAt = new Map<string, number>();
  const oneRun = async (side: 'A' | 'B', _name: string, extra: string[]): Promise<DoneRun> => {
    const rate = Number(extra[1]);
    const n = (runsAt.get(`${side}${rate}`) ?? 0) + 1;
    runsAt.set(`${side}${rate}`, n);
    const under = side === 'B' || rate <= 1000 || (rate <= 2000 && n === 1);
    const figures = fig({ throughput: rate, rate });
    figures.latencyUs.p99 = under ? 5000 : 50_000;
    const annotation = { side, order: -1, warmUp: false, valid: true, problems: [] };
    return {
      side,
      figures,
      path: 'x',
      annotation: {
        ...annotation,
        loadGeneratorUtilisation: 0.1,
        loadGeneratorUsPerRequest: 100,
        serverEnvironment: null,
      },
    };
  };
  const s = { kneeP99Ms: 10, kneeMin: 100, kneeMax: 4000, kneeSteps: 8 };
  const once = await kneeSearch({ ...s, kneeRepeats: 1 }, oneRun, () => {});
  t.ok(once.A.rate! > 1900, `one run a rate: the noise carries A's knee to ${once.A.rate}`);
  runsAt.clear();
  const twice = await kneeSearch({ ...s, kneeRepeats: 2 }, oneRun, () => {});
  t.ok(twice.A.rate! <= 1000 && twice.A.rate! > 980, `two runs a rate: A's knee ${twice.A.rate}`);
  t.equal(twice.repeats, 2);
  for (const step of twice.A.steps) {
    // A rate that held ran twice; one over the bound ended its runs at once.
    t.equal(step.repeatsP99Ms.length, step.underBound ? 2 : step.rate <= 2000 ? 2 : 1);
    t.equal(step.p99Ms, Math.max(...(step.repeatsP99Ms as number[])));
  }
  t.same(
    twice.A.steps.find((x) => x.rate > 1000 && x.rate <= 2000)?.repeatsP99Ms,
    [5, 50],
    'a noisy rate shows both runs',
  );
  t.equal(twice.A.atTop, false);
  t.equal(twice.B.rate, 4000);
  t.equal(twice.B.atTop, true, "B held at the range's top");
  t.equal(runsAt.get('B4000'), 2);
  t.match(kneeText(twice.B), /^≥ 4,000 requests\/s \(the top of the range searched held/);
  t.equal(kneeText(twice.A, 'sessions/s'), `${twice.A.rate!.toLocaleString('en-US')} sessions/s`);
});

t.test('the knee is in the report', async (t) => {
  const runs = [0, 1].map((i) => fig({ throughput: 100 + i, rngSeed: i }));
  const c = compareGroups(runs, runs, { resamples: 100 });
  const html = renderHtmlReport(
    c,
    { A: runs, B: runs },
    {
      knee: {
        boundP99Ms: 10,
        repeats: 2,
        A: {
          rate: 1234,
          atTop: false,
          steps: [
            { rate: 1234, p99Ms: 9.5, repeatsP99Ms: [8.25, 9.5], valid: true, underBound: true },
          ],
        },
        B: {
          rate: null,
          atTop: false,
          steps: [{ rate: 100, p99Ms: 12, repeatsP99Ms: [12], valid: true, underBound: false }],
        },
      },
    },
  );
  t.match(
    html,
    /<p data-knee="A">A: highest rate with p99 under 10 ms: <b data-field="knee">1,234 requests\/s<\/b>/,
  );
  t.match(html, /<p data-knee="B">B: [^<]*<b data-field="knee">none in the range tried<\/b>/);
  t.match(html, /<td>1,234<\/td><td>8\.25, 9\.50<\/td><td>yes<\/td><td>yes<\/td>/);
  t.match(html, /Each rate ran up to 2 times/);
  const top = renderHtmlReport(
    c,
    { A: runs, B: runs },
    {
      knee: {
        boundP99Ms: 10,
        repeats: 2,
        A: { rate: 4000, atTop: true, steps: [] },
        B: { rate: 4000, atTop: true, steps: [] },
      },
    },
  );
  t.match(top, /<b data-field="knee">≥ 4,000 requests\/s \(the top of the range searched held/);
});

t.test(
  "a loopback target's machine: every core of it, even with the load generator pinned",
  async (t) => {
    const { cpus } = await import('node:os');
    const { execFileSync } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    t.equal(
      serverEnvironment('10.0.0.2:50052', null),
      null,
      'a remote target without a file: unknown',
    );
    const here = serverEnvironment('127.0.0.1:50052', null)!;
    t.equal(here.cores, cpus().length);
    t.equal(here.source, 'this machine (a loopback target)');
    await t.test(
      'pinned to core 0',
      { skip: cpus().length < 2 ? 'one CPU: pinning to one changes nothing to tell apart' : false },
      async (t) => {
        // The load generator pinned to core 0 (taskset), as docs/results.md's "one core against two"
        // runs it: its own share is 1 core, the machine's is still every core.
        const pair = fileURLToPath(new URL('../src/commands/pair.ts', import.meta.url));
        const out = execFileSync(
          'taskset',
          [
            '-c',
            '0',
            process.execPath,
            '--input-type=module',
            '-e',
            `import { availableParallelism } from 'node:os'; const m = await import(${JSON.stringify(pair)}); console.log(JSON.stringify([availableParallelism(), m.serverEnvironment('127.0.0.1:1', null).cores]))`,
          ],
          { encoding: 'utf8' },
        );
        t.same(JSON.parse(out.trim()), [1, cpus().length]);
      },
    );
  },
);
