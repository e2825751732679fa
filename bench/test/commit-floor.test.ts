// The commit floor and the verdict at the rate: the writes' share of a mix, the verdict on fixed
// numbers (reads against 2x the echo, writes against 2x the echo + the commit floor, each at p90
// and p99), then one short `bench data --rate --commit-floor` against the real stack in this
// process and the real MariaDB: the floor's UPDATEs run beside the echo phase, its lines and the
// verdict's are printed with numbers, and the JSON holds `commitFloor` and `rateVerdict`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { DataResult } from '../src/commands/data.ts';
import { DEFAULT_WEIGHTS } from '../src/data/operations.ts';
import {
  COMMIT_FLOOR_CONNECTIONS,
  parseMysqlUrl,
  shownMysqlUrl,
  writeShare,
} from '../src/lib/commit-floor.ts';
import { commitFloorRow, ROWS_PER_CLIENT } from '../src/lib/commit-floor-workload.ts';
import { OpRecorder, percentiles } from '../src/lib/histogram.ts';
import { rateVerdict, rateVerdictReport } from '../src/lib/rate-verdict.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

/** An operation whose answers took these latencies (ms). */
function op(name: string, latenciesMs: number[]) {
  const r = new OpRecorder(name, 200_000);
  for (const v of latenciesMs) r.record(v * 1000);
  return r.snapshot();
}

/** 100 latencies whose p90 is `p90` and p99 is `p99` (ms). */
function spread(p90: number, p99: number): number[] {
  return [...Array(89).fill(1), ...Array(9).fill(p90), p99, p99];
}

t.test("the writes' share of a mix", async (t) => {
  t.ok(Math.abs(writeShare([...DEFAULT_WEIGHTS]) - 0.065) < 1e-9, 'the case study mix: 6.5%');
  t.equal(
    writeShare([
      ['FetchV2', 50],
      ['ModifyV2', 25],
      ['CreateV2', 15],
      ['CRemoveV2', 10],
    ]),
    0.5,
  );
  t.equal(
    writeShare([
      ['FetchV2', 3],
      ['CFetchV2', 1],
      ['CCountV2', 1],
      ['IncrByV2', 0],
    ]),
    0,
    'reads only',
  );
  t.equal(writeShare([]), 0, 'no weight at all');
});

t.test('each client of the floor rotates over rows of its own', async (t) => {
  const rows = Array.from({ length: COMMIT_FLOOR_CONNECTIONS }, (_, c) =>
    Array.from({ length: ROWS_PER_CLIENT * 2 }, (_, k) =>
      commitFloorRow(c, k, COMMIT_FLOOR_CONNECTIONS),
    ),
  );
  const all = rows.flat();
  t.equal(Math.min(...all), 1);
  t.equal(Math.max(...all), COMMIT_FLOOR_CONNECTIONS * ROWS_PER_CLIENT);
  t.equal(new Set(rows.flatMap((r) => r.slice(0, ROWS_PER_CLIENT))).size, all.length / 2);
  t.same(rows[1]!.slice(0, ROWS_PER_CLIENT), rows[1]!.slice(ROWS_PER_CLIENT), 'then again');
});

t.test('--commit-floor takes a mysql:// URL naming a database', async (t) => {
  t.equal(parseMysqlUrl('mysql://root@127.0.0.1:3306/test'), 'mysql://root@127.0.0.1:3306/test');
  t.throws(() => parseMysqlUrl('mysql://root@127.0.0.1:3306'), /no database/);
  t.throws(() => parseMysqlUrl('http://127.0.0.1/test'), /not a mysql/);
  t.throws(() => parseMysqlUrl('127.0.0.1:3306'), /not a mysql|not a URL/);
  t.equal(shownMysqlUrl('mysql://u:secret@db:3306/x'), 'mysql://u:***@db:3306/x');
});

t.test('the verdict on fixed numbers', async (t) => {
  // Echo p90 2 ms, p99 10 ms; commit floor p90 1 ms, p99 5 ms.
  const echo = { count: 200, p90: 2000, p99: 10_000 };
  const floor = { count: 50, p90: 1000, p99: 5000 };
  const ops = [
    op('FetchV2', spread(3.5, 14)), // read, bounds 4 / 20: PASS
    op('CFetchV2', spread(4.5, 12)), // read, p90 over 4: MISS
    op('ModifyV2', spread(5, 28)), // write, bounds 6 / 30: PASS (over the echo's alone)
    op('CreateV2', spread(5, 31)), // write, p99 over 30: MISS
    op('CCountV2', []), // nothing answered: not judged
  ];
  const v = rateVerdict(ops, echo, floor);
  t.equal(v.writesAgainst, 'echo+commitFloor');
  t.equal(v.echoAloneBecause, null);
  t.same(
    v.ops.map((o) => [o.op, o.kind, o.p90BoundUs, o.p99BoundUs, o.pass]),
    [
      ['FetchV2', 'read', 4000, 20_000, true],
      ['CFetchV2', 'read', 4000, 20_000, false],
      ['ModifyV2', 'write', 6000, 30_000, true],
      ['CreateV2', 'write', 6000, 30_000, false],
    ],
  );
  t.equal(v.pass, false);
  const printed = rateVerdictReport(v);
  t.match(
    printed,
    /^verdict at the rate \(reads: p90 and p99 each <= 2x the echo's; writes: each <= 2x \(the echo's \+ the commit floor's\)\):$/m,
  );
  t.match(printed, /^FetchV2\s+read\s+3\.50\s+4\.00\s+14\.0\d\s+20\.00\s+PASS$/m);
  t.match(printed, /^ModifyV2\s+write\s+5\.00\s+6\.00\s+28\.0\d\s+30\.00\s+PASS$/m);
  t.match(printed, /^CreateV2\s+write\s+5\.00\s+6\.00\s+31\.0\d\s+30\.00\s+MISS$/m);
  t.match(
    printed,
    /^verdict: MISS: 2 of 4 operations within their bounds, missed by CFetchV2 \(p90\), CreateV2 \(p99\) \(writes against the echo \+ the commit floor\)$/m,
  );

  // Without the floor, the writes meet the echo's bounds alone, and the line says why.
  const alone = rateVerdict(ops, echo, null);
  t.equal(alone.writesAgainst, 'echo');
  t.same(
    alone.ops.map((o) => [o.op, o.p90BoundUs, o.pass]),
    [
      ['FetchV2', 4000, true],
      ['CFetchV2', 4000, false],
      ['ModifyV2', 4000, false],
      ['CreateV2', 4000, false],
    ],
  );
  const alonePrinted = rateVerdictReport(alone);
  t.match(alonePrinted, /writes: each <= 2x the echo's alone \(no --commit-floor\)\):$/m);
  t.match(alonePrinted, /^verdict: MISS: .*\(writes against the echo alone: no --commit-floor\)$/m);
  const empty = rateVerdict(ops, echo, { count: 0, p90: 0, p99: 0 });
  t.equal(empty.writesAgainst, 'echo');
  t.equal(empty.echoAloneBecause, 'the commit floor answered nothing');

  // Every operation within: PASS.
  const good = rateVerdict(
    [op('FetchV2', spread(3.9, 19.5)), op('IncrByV2', spread(5.9, 29.5))],
    echo,
    floor,
  );
  t.equal(good.pass, true);
  t.match(
    rateVerdictReport(good),
    /^verdict: PASS: all 2 operations within their bounds \(writes against the echo \+ the commit floor\)$/m,
  );
  const noEcho = rateVerdict([op('FetchV2', spread(1, 1))], { count: 0, p90: 0, p99: 0 }, floor);
  t.equal(noEcho.pass, false, 'an echo without answers sets no bound');
  t.equal(noEcho.ops[0]!.p90BoundUs, null);
});

t.test('bench data --rate --commit-floor measures the floor and prints the verdict', async (t) => {
  const stack = await startStack('commitfloor');
  t.teardown(() => stack.close());
  const out = join(tempDir(t, 'commitfloor'), 'data.json');
  const run = await runCli([
    'data',
    '--target',
    stack.dataServerAddress,
    '--rate',
    '200',
    '-d',
    '1s',
    '--commit-floor',
    'mysql://root@127.0.0.1:3306/test',
    // About a third writes, so that reads and writes both meet the verdict.
    '--weights',
    'ModifyV2=20,IncrByV2=20',
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
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  const d = JSON.parse(readFileSync(out, 'utf8')) as DataResult;
  const share = writeShare(d.settings.weights);
  const floorRate = (200 * share).toFixed(1);
  t.match(
    run.stdout,
    new RegExp(
      `^commit floor at ${floorRate.replace('.', '\\.')}/s 1/1: [\\d,]+ answered per second, p90 \\d+\\.\\d\\d ms, p99 \\d+\\.\\d\\d ms \\(errors 0\\)$`,
      'm',
    ),
  );
  t.match(
    run.stdout,
    /^commit floor beside the echo \(bare autocommit UPDATE of one row of bench_commit_floor through mysql2, 4 connections, on mysql:\/\/root@127\.0\.0\.1:3306\/test; the writes' 30\.9% of the rate: 61\.9 requests\/s intended, 1 phase\): answered [\d.]+\/s, p50 \d+\.\d\d ms, p90 \d+\.\d\d ms, p99 \d+\.\d\d ms \(errors 0\)$/m,
  );
  t.match(
    run.stdout,
    /^verdict at the rate \(reads: p90 and p99 each <= 2x the echo's; writes: each <= 2x \(the echo's \+ the commit floor's\)\):$/m,
  );
  t.match(run.stdout, /^verdict: (PASS|MISS): .*\(writes against the echo \+ the commit floor\)$/m);

  const cf = d.commitFloor!;
  t.ok(cf, 'commitFloor in the JSON');
  t.equal(cf.writeShare, share);
  t.equal(cf.rate, 200 * share);
  t.equal(cf.phases.length, 1);
  t.equal(cf.errors, 0);
  t.equal(cf.mismatches, 0, 'every UPDATE touched its one row');
  t.ok(cf.latency.count > 0 && cf.latency.p90 > 0 && cf.latency.p99 >= cf.latency.p90);
  t.equal(d.settings.commitFloor, 'mysql://root@127.0.0.1:3306/test');

  const v = d.rateVerdict!;
  t.ok(v, 'rateVerdict in the JSON');
  t.equal(v.writesAgainst, 'echo+commitFloor');
  t.equal(v.echo.p90, d.echoAtRate!.echo.p90);
  t.equal(v.commitFloor!.p99, cf.latency.p99);
  const answered = d.ops.filter((o) => o.count > 0);
  t.same(
    v.ops.map((o) => o.op),
    answered.map((o) => o.name),
    'one verdict per answered operation',
  );
  t.ok(v.ops.some((o) => o.kind === 'write') && v.ops.some((o) => o.kind === 'read'));
  for (const o of v.ops) {
    const p = percentiles(d.ops.find((x) => x.name === o.op)!);
    t.equal(o.p99Us, p.p99, `${o.op} p99 is the operation's`);
    const floorP90 = o.kind === 'write' ? cf.latency.p90 : 0;
    const floorP99 = o.kind === 'write' ? cf.latency.p99 : 0;
    t.equal(o.p90BoundUs, 2 * (v.echo.p90 + floorP90), `${o.op} p90 bound`);
    t.equal(o.p99BoundUs, 2 * (v.echo.p99 + floorP99), `${o.op} p99 bound`);
    t.equal(o.pass, o.p90Us <= o.p90BoundUs! && o.p99Us <= o.p99BoundUs!);
    t.match(
      run.stdout,
      new RegExp(
        `^${o.op}\\s+${o.kind}\\s+\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d\\s+${o.pass ? 'PASS' : 'MISS'}$`,
        'm',
      ),
    );
  }
});
