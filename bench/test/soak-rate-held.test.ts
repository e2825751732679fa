// The settled rule (the short run, CI's) judges the two halves of the measured load on the
// services' own stability: each half answered at least 90% of the target rate (else the p99 is a
// backlog the machine could not serve: run 3 of the five 2-minute runs in docs/results.md,
// 1,530 -> 5,341 ms while answering 74% of the target), and the data path's CPU per request grew
// at most 30%. Each half's p99 is measured and recorded, not judged: on a busy 2-core machine a
// minute's p99 is its scheduling stalls. On synthetic halves; and the options that pick the rule.
import t from 'tap';
import { soakCommand, soakSettingsFrom } from '../src/commands/soak.ts';
import { cpuSeconds } from '../src/lib/proc.ts';
import { cpuBetween } from '../src/lib/proc-stats.ts';
import { soakChart } from '../src/report-html/report.ts';
import {
  type IntervalFigures,
  judge,
  type RssSeries,
  SETTLED_RULE,
  SLOPE_RULE,
} from '../src/soak/analysis.ts';

const TARGET = 1600;
const PIDS = { dataServer: 11, dbProxy: 12, mapServer: 13 };
const rss: RssSeries[] = [
  { pid: PIDS.dataServer, label: 'data-server', samples: [] },
  { pid: PIDS.dbProxy, label: 'db-proxy', samples: [] },
  { pid: PIDS.mapServer, label: 'map-server', samples: [] },
];

/** A half of 60 s answering `rate`/s, its p99, and each process's CPU per request (us). */
type Half = [rate: number, p99Ms: number, us: [number, number, number]];

/** The settled rule's verdict on two halves (a minute each, the settled RSS flat). */
function judgeHalves(first: Half, last: Half, targetRate = TARGET) {
  const pids = Object.values(PIDS);
  const half = ([rate, p99Ms, us]: Half, i: number): IntervalFigures => ({
    index: i + 1,
    startMin: i,
    endMin: i + 1,
    requests: rate * 60,
    errors: 0,
    mismatches: 0,
    p99Ms,
    cpuS: pids.map((pid, k) => ({ pid, cpuS: (us[k]! * rate * 60) / 1e6 })),
  });
  return judge([half(first, 0), half(last, 1)], rss, SETTLED_RULE, {
    before: pids.map((pid) => ({ pid, rssMb: 100 })),
    after: pids.map((pid) => ({ pid, rssMb: 101 })),
    compacted: true,
    loadMinutes: 2,
    targetRate,
  });
}

t.test('a p99 growth with the CPU per request flat passes, the p99 recorded', async (t) => {
  // Run 3 of the second table of the soak in docs/results.md: both halves held 95% of 173/s, the
  // p99 went 1,308 -> 2,047 ms (+57%) while the data path's CPU per request moved 997 -> 998 us.
  const v = judgeHalves([165, 1308, [700, 297, 5]], [164, 2047, [700, 298, 5]], 173);
  t.ok(v.pass, `passes: ${v.reasons.join('; ')}`);
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
    /^p99 not judged \(settled rule\): first half 1308\.0 ms -> last half 2047\.0 ms \(\+56%\), measured and recorded/,
  );
  const svg = soakChart({ title: 'run 3', intervals: [], rss, verdict: v });
  t.match(svg, /recorded, not judged/, 'the chart says the p99 was recorded');
  t.match(svg, /PASS, p99 not judged \(rate held and CPU per request judged\)/);
});

t.test('a half short of the target rate fails, and says which', async (t) => {
  // Run 3 of the first table: the first half kept up, the last answered 1,186/s of 1,600 (74%)
  // and its p99 was the backlog; the services spent the same CPU per request in both halves.
  const short = judgeHalves([1560, 1530, [180, 76, 0.2]], [1186, 5341, [184, 77, 0.3]]);
  t.notOk(short.pass, 'the last half answered 74% of the target: fails');
  t.equal(short.rate?.held, false);
  t.ok(Math.abs(short.rate!.lastShare - 1186 / 1600) < 1e-12, 'the last half answered 74%');
  t.match(
    short.reasons.join('\n'),
    /^the target rate was not held: the last half answered 1186\/s, 74% of the 1600\/s target \(needed: 90%\)$/m,
  );
  t.notMatch(short.reasons.join('\n'), /first half answered/, 'the first half held: not named');
  t.equal(short.reasons.length, 1, 'the only reason (the CPU per request held)');
  const both = judgeHalves([1300, 6742, [180, 76, 0.2]], [1100, 7541, [182, 75, 0.2]]);
  t.match(
    both.reasons.join('\n'),
    /the first half answered 1300\/s, 81% and the last half answered 1100\/s, 69% of the 1600\/s target/,
  );
  // Exactly at the bound (90% of the target) the rate held.
  const edge = judgeHalves([1440, 100, [180, 76, 0.2]], [1440, 300, [180, 76, 0.2]]);
  t.equal(edge.rate?.held, true, '90% of the target: held');
  t.ok(edge.pass, `and the p99 is not judged: ${edge.reasons.join('; ')}`);
});

t.test('the data path doing more work per request fails', async (t) => {
  // data-server 180 -> 300 us: the data path (data-server + db-proxy) 256 -> 377 us.
  const slower = judgeHalves([1590, 100, [180, 76, 0.2]], [1590, 100, [300, 77, 0.2]]);
  t.notOk(slower.pass, 'fails');
  t.match(
    slower.reasons.join('\n'),
    /CPU per request of the data path \(data-server \+ db-proxy\) 377\.0 us in the last half, 47% over the first half's 256\.0 us \(bound: 30%\)/,
  );
  t.same(slower.cpuTotal?.processes, ['data-server', 'db-proxy'], 'map-server left out');
  const dbProxy = judgeHalves([1590, 100, [180, 76, 0.2]], [1590, 105, [180, 170, 0.2]]);
  t.notOk(dbProxy.pass, 'db-proxy 76 -> 170 us: the path +37%');
  t.match(dbProxy.reasons.join('\n'), /data path .* 350\.0 us in the last half, 37% over/);
  // Work moving from one process to the other (measured, load 26: data-server 660 -> 662 us,
  // db-proxy 272 -> 392 us as data-server's cache entries expired) is not more work: +13%.
  const moved = judgeHalves([187, 2253, [660, 272.5, 30]], [186, 2910, [662.2, 391.9, 30]], 190);
  t.ok(moved.pass, `work moved between processes passes: ${moved.reasons.join('; ')}`);
  t.ok(Math.abs(moved.cpuTotal!.ratio! - (662.2 + 391.9) / (660 + 272.5)) < 1e-9, 'ratio +13%');
  // map-server is off the data path: its timers' CPU per request doubling (29 -> 55 us at a low
  // rate, as measured at load 14) is noise in 10 ms ticks.
  const idle = judgeHalves([300, 100, [637, 222, 29]], [300, 105, [523, 193, 55]], 300);
  t.ok(idle.pass, `a process under 10% of the CPU is not judged: ${idle.reasons.join('; ')}`);
  t.same(idle.cpuTotal?.processes, ['data-server', 'db-proxy']);
  // Run 5 of the second table: +12% is under the bound.
  const run5 = judgeHalves([1590, 1944, [800, 390, 5]], [1560, 1587, [890, 446, 5]]);
  t.ok(run5.pass, `+12%: passes (${run5.reasons.join('; ')})`);
  t.ok(Math.abs(run5.cpuTotal!.ratio! - 1336 / 1190) < 1e-9);
});

t.test('nothing to judge, or a CPU unreadable: fails', async (t) => {
  const none = judgeHalves([1590, 100, [0, 0, 0]], [1590, 100, [0, 0, 0]]);
  t.notOk(none.pass, 'no process spent CPU: fails');
  t.match(none.reasons.join('\n'), /settled rule: no process CPU per request to judge/);
  const v = judge(
    [0, 1].map((i) => ({
      index: i + 1,
      startMin: i,
      endMin: i + 1,
      requests: 6000,
      errors: 0,
      mismatches: 0,
      p99Ms: 10,
      cpuS: [{ pid: PIDS.dataServer, cpuS: i === 0 ? 1 : null }],
    })),
    rss,
    SETTLED_RULE,
    { before: [], after: [], compacted: true, loadMinutes: 2, targetRate: 100 },
  );
  t.notOk(v.pass, 'a process whose CPU could not be read in a half fails');
  t.match(v.reasons.join('\n'), /data-server \(pid 11\): no CPU per request in a half/);
});

t.test('the rule: settled under 5 minutes, slope otherwise, --rule to choose', async (t) => {
  const settings = (args: string[]) => {
    const c = soakCommand();
    c.exitOverride();
    c.configureOutput({ writeErr: () => {} });
    c.action(() => {});
    c.parse(args, { from: 'user' });
    return soakSettingsFrom(c.opts());
  };
  const ci = settings(['--duration', '2m', '--load-fraction', '0.7', '-q']);
  t.same(ci.rule, SETTLED_RULE, "CI's 2 minutes: the settled rule");
  t.equal(ci.rule.mode, 'settled', 'the p99 recorded, the rate and the CPU judged');
  t.equal(ci.intervals, 2, 'two halves');
  t.equal(ci.warmUpMs, 60_000, 'after a warm-up load of a minute');
  t.equal(ci.loadFraction, 0.7);
  const long = settings([]);
  t.equal(long.durationMs, 600_000, 'the default: 10 minutes');
  t.same(long.rule, SLOPE_RULE, 'the slope rule');
  t.equal(long.intervals, 10, 'ten intervals (minutes)');
  t.equal(long.warmUpMs, 0, 'no warm-up load: the first two intervals are the warm-up');
  t.equal(settings(['--duration', '30s']).warmUpMs, 15_000, 'a warm-up of half a short run');
  t.same(settings(['--duration', '8s', '--rule', 'slope']).rule, SLOPE_RULE);
  t.same(settings(['--rule', 'settled']).rule, SETTLED_RULE);
  t.throws(() => settings(['--rule', 'auto']), /argument 'auto' is invalid/);
  t.throws(() => settings(['--load-fraction', '1.5']), /--load-fraction must be in \(0, 1\]/);
  t.throws(() => settings(['--players', '8']), /--players must be >= --concurrency/);
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
