// The servers' GC pauses and event-loop delay (lib/server-metrics.ts): the Prometheus text parsing
// and the GC p99 from bucket deltas on fixed expositions, then the pid -> /metrics discovery
// against this process itself (an HTTP server on port 0 serving service-kit's registry, beside
// ports that are not it), and a phase measured around garbage made here.
import { spawn } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type Server } from 'node:net';
import { createMetricsRegistry, startMetricsServer } from '@slg/service-kit';
import t from 'tap';
import { listeningSocketsOf } from '../src/lib/proc.ts';
import {
  findMetricsUrl,
  parsePrometheusText,
  quantileBound,
  runtimeDelta,
  runtimeScrape,
  runtimeTable,
  ServerRuntimeProbe,
  serverRuntime,
  sumRuntimeDeltas,
} from '../src/lib/server-metrics.ts';

const BOUNDS = ['0.0005', '0.001', '0.002', '0.005', '0.01', '0.02', '0.05', '0.1', '0.5', '2'];

/** prom-client's text for a GC histogram: cumulative counts per bound (and +Inf's), by kind. */
function gcText(kinds: Record<string, { counts: number[]; sum: number; inf?: number }>): string {
  const lines = [
    '# HELP nodejs_gc_duration_seconds Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    '# TYPE nodejs_gc_duration_seconds histogram',
  ];
  for (const [kind, { counts, sum, inf }] of Object.entries(kinds)) {
    BOUNDS.forEach((le, i) => {
      lines.push(`nodejs_gc_duration_seconds_bucket{le="${le}",kind="${kind}"} ${counts[i]}`);
    });
    const total = inf ?? counts.at(-1)!;
    lines.push(`nodejs_gc_duration_seconds_bucket{le="+Inf",kind="${kind}"} ${total}`);
    lines.push(`nodejs_gc_duration_seconds_sum{kind="${kind}"} ${sum}`);
    lines.push(`nodejs_gc_duration_seconds_count{kind="${kind}"} ${total}`);
  }
  return lines.join('\n');
}

const loopText = (p99: number, max: number) =>
  [
    '# TYPE nodejs_eventloop_lag_max_seconds gauge',
    `nodejs_eventloop_lag_max_seconds ${max}`,
    `nodejs_eventloop_lag_p99_seconds ${p99}`,
  ].join('\n');

t.test('the Prometheus text lines', async (t) => {
  const samples = parsePrometheusText(
    [
      '# HELP x_total a counter',
      '# TYPE x_total counter',
      'x_total 3',
      'x_total{a="1",b="two words"} 4.5 1700000000000',
      'odd{ b = "q\\"uote\\\\" , c="new\\nline", } -2e-3',
      'h_bucket{le="+Inf"} +Inf',
      '',
      'not a sample line',
      'bad{a=1} 2',
    ].join('\n'),
  );
  t.same(samples, [
    { name: 'x_total', labels: {}, value: 3 },
    { name: 'x_total', labels: { a: '1', b: 'two words' }, value: 4.5 },
    { name: 'odd', labels: { b: 'q"uote\\', c: 'new\nline' }, value: -0.002 },
    { name: 'h_bucket', labels: { le: '+Inf' }, value: Number.POSITIVE_INFINITY },
  ]);
});

t.test('GC p99 from the bucket deltas, scavenges and major GCs, the loop gauges', async (t) => {
  const before = runtimeScrape(
    `${gcText({ minor: { counts: [2, 5, 9, 10, 10, 10, 10, 10, 10, 10], sum: 0.012 } })}\n${loopText(0.5, 0.9)}`,
  );
  t.equal(before.gc.get('minor')?.count, 10);
  t.equal(before.loopP99S, 0.5);
  const after = runtimeScrape(
    `${gcText({
      minor: { counts: [52, 405, 880, 905, 909, 910, 910, 910, 910, 910], sum: 1.2 },
      // First seen after the phase began: prom-client shows a kind once it has a pause.
      major: { counts: [0, 0, 0, 0, 3, 8, 10, 10, 10, 10], sum: 0.15 },
    })}\n${loopText(0.00123, 0.0456)}`,
  );
  const d = runtimeDelta(before, after);
  // All kinds together: 50, 400, 871, 895, 902 (of 910: 99% is 900.9), ...
  t.same([...d.gcBuckets].slice(0, 6), [
    [0.0005, 50],
    [0.001, 400],
    [0.002, 871],
    [0.005, 895],
    [0.01, 902],
    [0.02, 908],
  ]);
  t.equal(quantileBound(d.gcBuckets, 0.99), 0.01, 'the first bucket holding 99% of the pauses');
  t.equal(quantileBound(d.gcBuckets, 0.5), 0.002);
  const r = serverRuntime(42, 'data-server', 'http://127.0.0.1:9102/metrics', d, null, 1);
  t.equal(r.gc?.pauses, 910);
  t.equal(r.gc?.p99AtMostMs, 10);
  t.equal(r.gc?.p99OverMs, null);
  t.equal(r.gc?.byKind.minor?.count, 900);
  t.ok(Math.abs(r.gc!.byKind.minor!.meanMs! - ((1.2 - 0.012) * 1000) / 900) < 1e-9);
  t.equal(r.gc?.byKind.major?.count, 10);
  t.ok(Math.abs(r.gc!.byKind.major!.meanMs! - 15) < 1e-9);
  t.same(r.eventLoop, { p99Ms: 1.23, maxMs: 45.6 }, "the scrape after the phase: the phase's own");

  // Past the last finite bound, no pause at all, a restarted process.
  const slow = runtimeDelta(
    runtimeScrape(''),
    runtimeScrape(gcText({ major: { counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], sum: 7.5, inf: 3 } })),
  );
  const slowR = serverRuntime(1, 'x', null, slow, null, 1);
  t.equal(slowR.gc?.p99AtMostMs, null);
  t.equal(slowR.gc?.p99OverMs, 2000, 'beyond 2 s: "> 2000 ms"');
  const idle = serverRuntime(1, 'x', null, runtimeDelta(before, before), null, 1);
  t.equal(idle.gc?.pauses, 0);
  t.equal(idle.gc?.p99AtMostMs, null);
  t.throws(() => runtimeDelta(after, before), /GC count went back \(minor\): restarted\?/);

  // Two slices: pauses summed, the loop's p99 the highest slice's.
  const both = sumRuntimeDeltas([d, { ...d, loopP99S: 0.002, loopMaxS: 0.003 }]);
  t.equal(both.gcBuckets.get(Number.POSITIVE_INFINITY), 1820);
  t.equal(both.gcByKind.get('minor')?.count, 1800);
  t.equal(both.loopP99S, 0.002);
  t.equal(both.loopMaxS, 0.0456);

  const printed = runtimeTable([
    r,
    slowR,
    serverRuntime(7, 'db-proxy', null, null, 'it listens on no TCP port', 0),
  ]);
  t.match(printed, /^GC pauses and event-loop delay of the servers in the measured phase/m);
  t.match(
    printed,
    /^process\s+pid\s+GC p99\s+scavenges \(mean\)\s+major GCs \(mean\)\s+loop delay p99\s+loop max$/m,
  );
  t.match(
    printed,
    /^data-server\s+42\s+<= 10 ms\s+900 \(1\.32 ms\)\s+10 \(15\.0 ms\)\s+1\.23 ms\s+45\.6 ms$/m,
  );
  t.match(printed, /^x\s+1\s+> 2000 ms\s+0\s+3 \(2,500 ms\)/m);
  t.match(printed, /^db-proxy\s+7\s+-\s+-\s+-\s+-\s+-$/m);
  t.match(printed, /^pid 7: no figures: it listens on no TCP port$/m);
  t.match(
    runtimeTable([serverRuntime(42, 'a', null, both, null, 2)]),
    /^GC pauses and event-loop delay of the servers in the 2 measured slices/,
  );
});

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const a = server.address();
      resolve(typeof a === 'object' && a ? a.port : 0);
    });
  });

t.test("this process's /metrics found from its pid alone", async (t) => {
  const metrics = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    registry: createMetricsRegistry(),
  });
  t.teardown(() => metrics.close());
  // Ports that are not it: one that resets every connection, one serving other metrics.
  const reset = createNetServer((s) => s.destroy());
  const resetPort = await listen(reset, '0.0.0.0');
  t.teardown(() => reset.close());
  const other = createHttpServer((_, res) => res.end('other_metric 1\n'));
  const otherPort = await listen(other as unknown as Server, '127.0.0.1');
  t.teardown(() => other.close());

  const sockets = listeningSocketsOf(process.pid);
  for (const [host, port] of [
    ['127.0.0.1', metrics.port],
    ['127.0.0.1', resetPort],
    ['127.0.0.1', otherPort],
  ] as const)
    t.ok(
      sockets.some((s) => s.host === host && s.port === port),
      `listens on ${host}:${port} (0.0.0.0 as loopback)`,
    );
  const v6 = createNetServer();
  const v6Port = await listen(v6, '::1').catch(() => null);
  if (v6Port !== null) {
    t.teardown(() => v6.close());
    t.ok(
      listeningSocketsOf(process.pid).some((s) => s.host === '::1' && s.port === v6Port),
      'an IPv6 socket',
    );
  }

  t.same(await findMetricsUrl(process.pid), {
    url: `http://127.0.0.1:${metrics.port}/metrics`,
  });
  const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
  t.teardown(() => sleeper.kill());
  t.same(await findMetricsUrl(sleeper.pid!), { missing: 'it listens on no TCP port' });
  t.same(await findMetricsUrl(4_194_305), { missing: 'no such process' }, 'above any pid_max');

  // A phase with garbage made in it: scavenges counted, the loop's figures read.
  const probe = await ServerRuntimeProbe.find([process.pid, sleeper.pid!]);
  const mark = await probe.before();
  // Kept a while, so that they are not optimised away and live through a scavenge or two.
  let kept: { i: number }[] = [];
  let made = 0;
  for (let i = 0; i < 2_000_000; i++) {
    kept.push({ i });
    if (kept.length === 10_000) {
      made += kept.length;
      kept = [];
    }
  }
  t.equal(made, 2_000_000);
  await probe.after(mark);
  const [mine, none] = probe.results((pid) => `pid ${pid}`);
  t.equal(mine?.url, `http://127.0.0.1:${metrics.port}/metrics`);
  t.equal(mine?.missing, null);
  t.equal(mine?.phases, 1);
  t.ok((mine?.gc?.byKind.minor?.count ?? 0) > 0, 'scavenges in the phase');
  t.ok(mine?.gc?.p99AtMostMs, 'a GC p99 bound');
  t.ok((mine?.eventLoop?.maxMs ?? 0) > 0 && mine!.eventLoop!.maxMs! >= mine!.eventLoop!.p99Ms!);
  t.same([none?.url, none?.missing, none?.gc], [null, 'it listens on no TCP port', null]);
});
