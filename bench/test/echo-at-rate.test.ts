// The open model beside the bare echo at the same rate: the arithmetic
// of the per-operation ratios and the bounds (p90 <= 2x, p99 <= 1.5x), then one short
// `bench data --rate` against the real stack in this process: it alternates its slice with an
// echo phase at the same rate, prints the table and writes `echoAtRate` in the JSON, consistent
// with the operations' own percentiles; without --commit-floor its verdict judges the writes
// against the echo alone and says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { DataResult } from '../src/commands/data.ts';
import type { CeilingResult } from '../src/lib/ceiling.ts';
import { echoAtRate, echoAtRateReport } from '../src/lib/echo-at-rate.ts';
import { OpRecorder, percentiles } from '../src/lib/histogram.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

/** An operation whose latencies are `ms` (1 ms each, for each value given once per `times`). */
function op(name: string, latenciesMs: number[]) {
  const r = new OpRecorder(name, 200_000);
  for (const v of latenciesMs) r.record(v * 1000);
  return r.snapshot();
}

/** 100 latencies: 89 of 1 ms, then p90 = `p90`, ..., p99 = `p99` (the top one `p99` too). */
function spread(p90: number, p99: number): number[] {
  return [...Array(89).fill(1), ...Array(9).fill(p90), p99, p99];
}

function phase(ops: ReturnType<typeof op>[], cpuS: number | null): CeilingResult {
  const requests = ops.reduce((n, o) => n + o.count, 0);
  return {
    rate: requests,
    requests,
    errors: 0,
    elapsedS: 1,
    requestBytes: 10,
    responseBytes: 10,
    concurrency: 8,
    workers: 1,
    channels: 1,
    ops,
    client: { userCpuS: 0, systemCpuS: 0, wallS: 1, cores: 0, maxRssBytes: 0 } as never,
    server: cpuS === null ? null : ({ cpuS } as never),
    firstError: null,
  };
}

t.test('the arithmetic: each operation p90/p99 over the echo phases merged', async (t) => {
  // Two echo phases: merged, p90 = 2 ms and p99 = 10 ms.
  const echo = [phase([op('Echo', spread(2, 10))], 0.01), phase([op('Echo', spread(2, 10))], 0.01)];
  const r = echoAtRate(1500, echo, [
    op('FetchV2', spread(3.5, 14)), // 1.75x and 1.4x: within
    op('ModifyV2', spread(4.5, 12)), // p90 over 2x
    op('CFetchV2', spread(3, 16)), // p99 over 1.5x
    op('CCountV2', []), // nothing answered: left out
  ]);
  t.equal(r.phases, 2);
  t.equal(r.echo.count, 200);
  t.equal(Math.round(r.echo.p90 / 1000), 2);
  t.equal(Math.round(r.echo.p99 / 1000), 10);
  t.equal(r.echoServerCpuUs, (0.02 * 1e6) / 200, 'the echo server CPU per call at this rate');
  t.same(
    r.ops.map((o) => [o.op, o.pass]),
    [
      ['FetchV2', true],
      ['ModifyV2', false],
      ['CFetchV2', false],
    ],
  );
  const fetch = r.ops[0]!;
  t.ok(Math.abs(fetch.p90Ratio! - 1.75) < 0.01 && Math.abs(fetch.p99Ratio! - 1.4) < 0.01);
  t.equal(r.pass, false);
  const printed = echoAtRateReport(r);
  t.match(printed, /^FetchV2\s+100\s+3\.50\s+1\.75x\s+14\.0\d\s+1\.40x\s+yes$/m);
  t.match(printed, /missed by ModifyV2, CFetchV2$/m);

  const good = echoAtRate(1500, echo, [op('FetchV2', spread(2, 10))]);
  t.equal(good.pass, true);
  t.match(echoAtRateReport(good), /met by every operation$/m);
  const noCpu = echoAtRate(1500, [phase([op('Echo', spread(2, 10))], null)], []);
  t.equal(noCpu.echoServerCpuUs, null, 'no /proc figure: none printed');
  t.equal(noCpu.pass, false, 'no operation answered: not a pass');
});

t.test('bench data --rate runs the echo at the same rate and reports the ratios', async (t) => {
  const stack = await startStack('echorate');
  t.teardown(() => stack.close());
  const dir = tempDir(t, 'echorate');
  const out = join(dir, 'data.json');
  const args = [
    'data',
    '--target',
    stack.dataServerAddress,
    '--rate',
    '200',
    '-d',
    '1s',
    '--no-ceiling',
    '--players',
    '16',
    '-c',
    '8',
    '-w',
    '1',
    '--seed-parallel',
    '8',
    '-q',
    '-o',
    out,
  ];
  const run = await runCli(args);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout, /^echo at 200\/s 1\/1: [\d,]+ answered per second/m);
  t.match(
    run.stdout,
    /^open model beside the bare echo at the same rate \(200 requests\/s intended/m,
  );
  t.match(run.stdout, /^latency vs echo \(p90 <= 2x, p99 <= 1\.5x the echo's\): /m);
  // Without --commit-floor, the verdict judges the writes against the echo alone and says so.
  t.match(
    run.stdout,
    /^verdict: (PASS|MISS): .*\(writes against the echo alone: no --commit-floor\)$/m,
  );
  t.notMatch(run.stdout, /^commit floor/m);
  const d = JSON.parse(readFileSync(out, 'utf8')) as DataResult;
  const e = d.echoAtRate!;
  t.ok(e, 'echoAtRate in the JSON');
  t.equal(e.rate, 200);
  t.equal(e.phases, 1);
  t.ok(e.echo.count > 0 && e.echo.p90 > 0);
  t.equal(d.commitFloor, null);
  t.equal(d.rateVerdict!.writesAgainst, 'echo');
  const answered = d.ops.filter((o) => o.count > 0);
  t.same(
    e.ops.map((o) => o.op),
    answered.map((o) => o.name),
    'one row per answered operation',
  );
  for (const o of e.ops) {
    const p = percentiles(d.ops.find((x) => x.name === o.op)!);
    t.equal(o.p90Us, p.p90, `${o.op} p90 is the operation's`);
    t.equal(o.p90Ratio, p.p90 / e.echo.p90);
    t.equal(o.p99Ratio, p.p99 / e.echo.p99);
  }
});
