// The settled rule's p99 halves are judged only when the open model held its target rate in both
// halves; otherwise the p99 is the backlog the machine could not serve (run 3 of the five 2-minute
// runs in docs/results.md: 1,530 -> 5,341 ms while answering 74% of the target), the check is not
// judged and says so, and the data path's CPU per request (first half against last half) decides
// instead. On synthetic figures: a backlog-counted run flagged, a real p99 growth still caught,
// a service that does more work per request caught by the CPU check.
import t from 'tap';
import { soakCommand, soakSettingsFrom } from '../src/commands/soak.ts';
import { cpuSeconds } from '../src/lib/proc.ts';
import { cpuBetween } from '../src/lib/proc-stats.ts';
import { soakChart } from '../src/report-html/report.ts';
import {
  DEFAULT_RULE,
  type HalfFigures,
  type IntervalFigures,
  judge,
  type RssSeries,
  type SettledReadings,
  type SoakRule,
} from '../src/soak/analysis.ts';

const rule: SoakRule = { ...DEFAULT_RULE, mode: 'settled', settledFloorMb: 4 };
const TARGET = 1600;
const PIDS = { dataServer: 11, dbProxy: 12, mapServer: 13 };

/** Eight 15 s intervals (the CI version's 2 minutes). */
const intervals: IntervalFigures[] = Array.from({ length: 8 }, (_, i) => ({
  index: i + 1,
  startMin: i / 4,
  endMin: (i + 1) / 4,
  requests: 20_000,
  errors: 0,
  mismatches: 0,
  p99Ms: 100,
}));
const rss: RssSeries[] = [
  { pid: PIDS.dataServer, label: 'data-server', samples: [] },
  { pid: PIDS.dbProxy, label: 'db-proxy', samples: [] },
  { pid: PIDS.mapServer, label: 'map-server', samples: [] },
];

/** One half of 60 s answering `rate`/s, its p99, and each process's CPU per request (us). */
function half(rate: number, p99Ms: number, us: [number, number, number]): HalfFigures {
  const answered = rate * 60;
  const pids = [PIDS.dataServer, PIDS.dbProxy, PIDS.mapServer];
  return {
    p99Ms,
    answered,
    seconds: 60,
    cpuS: pids.map((pid, i) => ({ pid, cpuS: (us[i]! * answered) / 1e6 })),
  };
}

function readings(first: HalfFigures, last: HalfFigures): SettledReadings {
  const pids = Object.values(PIDS);
  return {
    before: pids.map((pid) => ({ pid, rssMb: 100 })),
    after: pids.map((pid) => ({ pid, rssMb: 101 })),
    compacted: true,
    loadMinutes: 2,
    targetRate: TARGET,
    firstHalf: first,
    lastHalf: last,
  };
}

t.test('a backlog-counted run: the p99 halves are not judged, and it says so', async (t) => {
  // Run 3's figures: the first half kept up, the last answered 1,186/s of 1,600 (74%) and its
  // p99 was the backlog; the services spent the same CPU per request in both halves.
  const v = judge(
    intervals,
    rss,
    rule,
    readings(half(1560, 1530, [180, 76, 0.2]), half(1186, 5341, [184, 77, 0.3])),
  );
  t.equal(v.p99Judged, false, 'p99 not judged');
  t.equal(v.p99Pass, false, 'and not counted as a p99 pass');
  t.equal(v.rate?.held, false);
  t.ok(Math.abs(v.rate!.lastShare - 1186 / 1600) < 1e-12, 'the last half answered 74%');
  t.equal(v.notes.length, 1, 'one note');
  t.match(
    v.notes[0],
    /^p99 not judged: the last half answered 1186\/s, 74% of the 1600\/s target \(needed: 90%\).*1530\.0 -> 5341\.0 ms.*CPU per request judged instead/,
  );
  t.notMatch(v.notes[0], /first half answered/, 'the first half held: not named');
  t.ok(v.pass, `the CPU per request held: pass with a note (${v.reasons.join('; ')})`);
  t.same(v.reasons, [], 'no failure reason');
  t.same(
    v.cpu.map((c) => [c.label, c.judged, c.pass]),
    [
      ['data-server', true, true],
      ['db-proxy', true, true],
      ['map-server', false, true],
    ],
    'data-server and db-proxy judged; map-server (under 10% of the CPU) recorded only',
  );
  t.equal(v.p99Ratio?.toFixed(2), (5341 / 1530).toFixed(2), 'the p99 ratio is still recorded');
  const svg = soakChart({ title: 'run 3', intervals, rss, verdict: v });
  t.match(svg, /not judged: the target rate was not held/, 'the chart says the p99 was not judged');
  t.match(svg, /PASS, p99 not judged/, "and the chart's verdict too");
  t.notMatch(svg, /—\s*PASS</, 'not a bare PASS');
});

t.test('both halves short of the rate: named both', async (t) => {
  const v = judge(
    intervals,
    rss,
    rule,
    readings(half(1300, 6742, [180, 76, 0.2]), half(1100, 7541, [182, 75, 0.2])),
  );
  t.equal(v.p99Judged, false);
  t.match(
    v.notes[0],
    /the first half answered 1300\/s, 81% and the last half answered 1100\/s, 69% of the 1600\/s target/,
  );
  t.ok(v.pass);
});

t.test('a real p99 growth while the rate held is still caught', async (t) => {
  const v = judge(
    intervals,
    rss,
    rule,
    readings(half(1590, 100, [180, 76, 0.2]), half(1585, 250, [182, 76, 0.2])),
  );
  t.equal(v.p99Judged, true, 'the rate held (99%): p99 judged');
  t.equal(v.rate?.held, true);
  t.notOk(v.pass, 'fails');
  t.match(
    v.reasons.join('\n'),
    /p99 of the last half 250\.00 ms is 150% over the first half's 100\.00 ms/,
  );
  t.same(v.notes, [], 'no note');
  const ok = judge(
    intervals,
    rss,
    rule,
    readings(half(1590, 100, [180, 76, 0.2]), half(1585, 115, [182, 76, 0.2])),
  );
  t.ok(ok.pass, `+15% with the rate held passes: ${ok.reasons.join('; ')}`);
  t.equal(ok.p99Judged, true);
  // Exactly at the bound (90% of the target) the rate held.
  const edge = judge(
    intervals,
    rss,
    rule,
    readings(half(1440, 100, [180, 76, 0.2]), half(1440, 300, [180, 76, 0.2])),
  );
  t.equal(edge.p99Judged, true, '90% of the target: judged');
  t.notOk(edge.pass, 'and its p99 growth fails');
  const looser = judge(
    intervals,
    rss,
    { ...rule, minRateHeld: 0.5 },
    readings(half(1560, 1530, [180, 76, 0.2]), half(1186, 5341, [184, 77, 0.3])),
  );
  t.equal(looser.p99Judged, true, '--min-rate-held 0.5: run 3 is judged');
  t.notOk(looser.pass, 'and fails on its p99');
});

t.test(
  'the data path doing more work per request fails, whether the rate held or not',
  async (t) => {
    // The service itself slowed down: it could not keep the rate either, so the p99 is not judged,
    // but the data path's CPU per request grew 256 -> 377 us (data-server 180 -> 300).
    const slower = judge(
      intervals,
      rss,
      rule,
      readings(half(1560, 300, [180, 76, 0.2]), half(1200, 4000, [300, 77, 0.2])),
    );
    t.equal(slower.p99Judged, false);
    t.notOk(slower.pass, 'fails');
    t.match(
      slower.reasons.join('\n'),
      /CPU per request of the data path \(data-server \+ db-proxy\) 377\.0 us in the last half, 47% over the first half's 256\.0 us \(bound: 30%\)/,
    );
    t.same(slower.cpuTotal?.processes, ['data-server', 'db-proxy'], 'map-server left out');
    const held = judge(
      intervals,
      rss,
      rule,
      readings(half(1590, 100, [180, 76, 0.2]), half(1590, 105, [180, 170, 0.2])),
    );
    t.notOk(held.pass, 'with the rate held too (db-proxy 76 -> 170 us: the path +37%)');
    t.match(held.reasons.join('\n'), /data path .* 350\.0 us in the last half, 37% over/);
    // Work moving from one process to the other (measured, load 26: data-server 660 -> 662 us,
    // db-proxy 272 -> 392 us as data-server's cache entries expired) is not more work: +13%.
    const moved = judge(
      intervals,
      rss,
      rule,
      readings(half(187, 2253, [660, 272.5, 30]), half(186, 2910, [662.2, 391.9, 30])),
    );
    t.ok(moved.pass, `work moved between processes passes: ${moved.reasons.join('; ')}`);
    t.ok(Math.abs(moved.cpuTotal!.ratio! - (662.2 + 391.9) / (660 + 272.5)) < 1e-9, 'ratio +13%');
    // map-server is off the data path: its timers' CPU per request doubling (29 -> 55 us at a low
    // rate, as measured at load 14) is noise in 10 ms ticks.
    const idle = judge(
      intervals,
      rss,
      rule,
      readings(half(300, 100, [637, 222, 29]), half(300, 105, [523, 193, 55])),
    );
    t.ok(idle.pass, `a process under 10% of the CPU is not judged: ${idle.reasons.join('; ')}`);
    t.equal(idle.cpu[2]!.judged, false);
    t.ok(Math.abs(idle.cpu[2]!.share! - 29 / 888) < 1e-9, 'its share: 29 of 888 us');
  },
);

t.test('nothing to judge instead of the p99: fails', async (t) => {
  const noPids = (h: HalfFigures): HalfFigures => ({ ...h, cpuS: [] });
  const v = judge(
    intervals,
    rss,
    rule,
    readings(noPids(half(1560, 1530, [0, 0, 0])), noPids(half(1186, 5341, [0, 0, 0]))),
  );
  t.equal(v.p99Judged, false);
  t.notOk(v.pass, 'no process CPU to judge: fails');
  t.match(v.reasons.join('\n'), /p99 not judged .* no process CPU per request to judge instead/);
  const gone = half(1590, 100, [180, 76, 0.2]);
  gone.cpuS[0] = { pid: PIDS.dataServer, cpuS: null };
  const unreadable = judge(intervals, rss, rule, readings(half(1590, 100, [180, 76, 0.2]), gone));
  t.notOk(unreadable.pass, 'a process whose CPU could not be read in a half fails');
  t.match(unreadable.reasons.join('\n'), /data-server \(pid 11\): no CPU per request in a half/);
});

// --judge cpu (the short run in CI): the halves judged on the services' own stability, the rate
// held and the data path's CPU per request, not on the p99 of a minute on a busy machine.
const onCpu: SoakRule = { ...rule, judgeOn: 'cpu' };

t.test(
  '--judge cpu: a p99 growth with the CPU per request flat passes, the p99 recorded',
  async (t) => {
    // Run 3 of the second table of the soak in docs/results.md: both halves held 95% of 173/s, the p99 went
    // 1,308 -> 2,047 ms (+57%) while the data path's CPU per request moved 997 -> 998 us.
    const first = half(165, 1308, [700, 297, 5]);
    const last = half(164, 2047, [700, 298, 5]);
    const r = { ...readings(first, last), targetRate: 173 };
    const byP99 = judge(intervals, rss, rule, r);
    t.notOk(byP99.pass, 'the default (--judge p99) fails it on its p99');
    t.match(byP99.reasons.join('\n'), /p99 of the last half 2047\.00 ms is 56% over/);
    const v = judge(intervals, rss, onCpu, r);
    t.ok(v.pass, `--judge cpu passes: ${v.reasons.join('; ')}`);
    t.same(v.reasons, []);
    t.equal(v.p99Judged, false, 'p99 not judged');
    t.equal(v.p99Pass, false, 'and not counted as a p99 pass');
    t.ok(Math.abs(v.p99Ratio! - 2047 / 1308) < 1e-12, 'the p99 ratio recorded');
    t.equal(v.p99Second, 1308, 'first half p99 recorded');
    t.equal(v.p99Last, 2047, 'last half p99 recorded');
    t.equal(v.rate?.held, true);
    t.ok(v.cpuTotal?.pass, 'the CPU per request judged and held');
    t.equal(v.notes.length, 1, 'one note');
    t.match(
      v.notes[0],
      /^p99 not judged \(--judge cpu\): first half 1308\.0 ms -> last half 2047\.0 ms \(\+56%\), measured and recorded/,
    );
    const svg = soakChart({ title: 'run 3, --judge cpu', intervals, rss, verdict: v });
    t.match(svg, /recorded, not judged: --judge cpu/, 'the chart says the p99 was recorded');
    t.match(svg, /PASS, p99 not judged \(rate held and CPU per request judged\)/);
  },
);

t.test('--judge cpu: the rate not held fails, and more CPU per request fails', async (t) => {
  // The p99 is not judged, so the rate held is: a half short of it fails the run.
  const short = judge(
    intervals,
    rss,
    onCpu,
    readings(half(1560, 1530, [180, 76, 0.2]), half(1186, 5341, [184, 77, 0.3])),
  );
  t.notOk(short.pass, 'the last half answered 74% of the target: fails');
  t.match(
    short.reasons.join('\n'),
    /^the target rate was not held: the last half answered 1186\/s, 74% of the 1600\/s target \(needed: 90%\)$/m,
  );
  t.equal(short.reasons.length, 1, 'the only reason (the CPU per request held)');
  const both = judge(
    intervals,
    rss,
    onCpu,
    readings(half(1300, 6742, [180, 76, 0.2]), half(1100, 7541, [182, 75, 0.2])),
  );
  t.match(both.reasons.join('\n'), /the first half answered 1300\/s, 81% and the last half/);
  // The data path doing more work per request, the rate held and the p99 flat: fails.
  const slower = judge(
    intervals,
    rss,
    onCpu,
    readings(half(1590, 100, [180, 76, 0.2]), half(1590, 100, [300, 77, 0.2])),
  );
  t.notOk(slower.pass);
  t.match(
    slower.reasons.join('\n'),
    /CPU per request of the data path .* 47% over .* \(bound: 30%\)/,
  );
  // Run 5 of the same table: +12% is under the bound.
  const run5 = judge(
    intervals,
    rss,
    onCpu,
    readings(half(1590, 1944, [800, 390, 5]), half(1560, 1587, [890, 446, 5])),
  );
  t.ok(run5.pass, `+12%: passes (${run5.reasons.join('; ')})`);
  t.ok(Math.abs(run5.cpuTotal!.ratio! - 1336 / 1190) < 1e-9);
});

t.test('--judge cpu: nothing to judge fails; the slope rule ignores it', async (t) => {
  const noPids = (h: HalfFigures): HalfFigures => ({ ...h, cpuS: [] });
  const none = judge(
    intervals,
    rss,
    onCpu,
    readings(noPids(half(1590, 100, [0, 0, 0])), noPids(half(1590, 100, [0, 0, 0]))),
  );
  t.notOk(none.pass, 'no process CPU: fails');
  t.match(none.reasons.join('\n'), /--judge cpu: no process CPU per request to judge/);
  const { targetRate, firstHalf, lastHalf, ...bare } = readings(
    half(1590, 100, [180, 76, 0.2]),
    half(1590, 100, [180, 76, 0.2]),
  );
  t.ok(targetRate && firstHalf && lastHalf);
  const noHalves = judge(intervals, rss, onCpu, bare);
  t.notOk(noHalves.pass, "no halves' figures: fails");
  t.match(noHalves.reasons.join('\n'), /--judge cpu: no halves' figures/);
  // The slope rule (the 10-minute run) judges the p99 whatever judgeOn says.
  const slopeRss: RssSeries[] = [
    {
      pid: 1,
      label: 'db-proxy',
      samples: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((x) => ({ x: x / 4, y: 100 })),
    },
  ];
  const slope = judge(
    intervals.map((iv, i) => ({ ...iv, p99Ms: i === 7 ? 200 : 100 })),
    slopeRss,
    { ...DEFAULT_RULE, judgeOn: 'cpu' },
  );
  t.equal(slope.p99Judged, true, 'slope rule: p99 judged');
  t.notOk(slope.pass, 'and its growth fails');
  t.match(
    slope.reasons.join('\n'),
    /p99 of the last interval 200\.00 ms is 100% over the second's/,
  );
});

t.test('the --judge option: cpu under the settled rule only, p99 the default', async (t) => {
  const settings = (args: string[]) => {
    const c = soakCommand();
    c.exitOverride();
    c.action(() => {});
    c.parse(args, { from: 'user' });
    return soakSettingsFrom(c.opts());
  };
  t.equal(settings(['--duration', '2m']).rule.judgeOn, 'p99', 'default: p99');
  const cpu = settings(['--duration', '2m', '--judge', 'cpu']);
  t.equal(cpu.rule.judgeOn, 'cpu');
  t.equal(cpu.rule.mode, 'settled');
  t.equal(settings(['--duration', '10m']).rule.mode, 'slope', 'the 10-minute run: slope rule');
  t.equal(settings(['--duration', '10m']).rule.judgeOn, 'p99', 'and the p99 judged');
  t.throws(
    () => settings(['--duration', '10m', '--judge', 'cpu']),
    /--judge cpu goes with the settled rule/,
  );
  t.ok(
    settings(['--duration', '10m', '--rule', 'settled', '--judge', 'cpu']).rule.judgeOn === 'cpu',
  );
});

t.test('cpuSeconds reads this process; cpuBetween subtracts', async (t) => {
  const start = cpuSeconds(process.pid);
  t.type(start, 'number', 'readable');
  let now = start!;
  let x = 0;
  // Spin until the kernel has counted 30 ms more CPU (USER_HZ ticks of 10 ms).
  while (now < start! + 0.03) {
    for (let i = 0; i < 1e6; i++) x += i % 7;
    now = cpuSeconds(process.pid)!;
  }
  t.ok(x > 0);
  t.ok(now >= start! + 0.03, `CPU grew: ${start} -> ${now} s`);
  t.equal(cpuSeconds(2 ** 30), null, 'no such process: null');
  t.same(
    cpuBetween(
      [
        { pid: 1, cpuS: 2 },
        { pid: 2, cpuS: null },
      ],
      [
        { pid: 1, cpuS: 3.5 },
        { pid: 2, cpuS: 4 },
        { pid: 3, cpuS: 1 },
      ],
    ),
    [
      { pid: 1, cpuS: 1.5 },
      { pid: 2, cpuS: null },
      { pid: 3, cpuS: null },
    ],
  );
});
