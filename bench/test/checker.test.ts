// The bench's checks can fail: against a test double of data-server that serves a stale record
// after a write, the in-run check reports mismatches and the run exits 1; against the same
// double answering correctly, it passes; a store changed behind the cache's back is reported
// by the post-verification; and one seed gives one request sequence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slg, toLong } from '@slg/proto';
import t from 'tap';
import type { DataResult } from '../src/commands/data.ts';
import { caseStudyPattern, runCli, tempDir } from './helpers/cli.ts';
import { FakeDataServer } from './helpers/fake-data-server.ts';

const dir = tempDir(t, 'checker');
const common = ['--players', '96', '-c', '32', '--no-ceiling', '-q', '--seed-parallel', '8'];
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as DataResult;

t.test(
  'a correct server: 0 mismatches, the eight lines, exit 0; one seed, one request sequence',
  async (t) => {
    const fake = new FakeDataServer();
    const port = await fake.listen();
    t.teardown(() => fake.close());
    const target = ['--target', `127.0.0.1:${port}`];
    const a = join(dir, 'a.json');
    const run = await runCli([
      'data',
      ...target,
      ...common,
      '-n',
      '4000',
      '--seed',
      '11',
      '--verify',
      '-o',
      a,
    ]);
    t.equal(run.code, 0, run.stdout + run.stderr);
    const lines = run.stdout.split('\n').filter((l) => caseStudyPattern.test(l));
    t.same(
      lines.map((l) => l.split(':')[0]),
      [
        'FetchV2',
        'CFetchV2',
        'ModifyV2',
        'IncrByV2',
        'CreateV2',
        'RemoveV2',
        'CRemoveV2',
        'CCountV2',
      ],
    );
    const ra = read(a);
    t.equal(ra.totals.requests, 4000);
    t.equal(ra.totals.mismatches, 0);
    t.equal(ra.totals.errors, 0);
    t.equal(ra.verification?.mismatchCount, 0);
    t.ok(ra.verification!.records > 96 * 13 - 1, 'every record of the population was verified');
    t.match(ra.requestSequence.hash, /^[0-9a-f]{64}$/);
    t.equal(ra.environment.cores > 0, true);
    t.equal(typeof ra.environment.cpuModel, 'string');
    t.equal(ra.settings.seed, 11);
    t.ok(ra.ops.every((op) => op.histogram.length > 0));

    // The same seed with one worker instead of two: the same requests.
    const b = join(dir, 'b.json');
    const runB = await runCli([
      'data',
      ...target,
      ...common,
      '-w',
      '1',
      '-n',
      '4000',
      '--seed',
      '11',
      '-o',
      b,
    ]);
    t.equal(runB.code, 0, runB.stdout + runB.stderr);
    t.equal(
      read(b).requestSequence.hash,
      ra.requestSequence.hash,
      'same seed: same request sequence',
    );
    // Timed runs send different counts, but one seed sends the same requests as far as both
    // go. Few clients, so that each passes several checkpoints (64 requests) even on a busy
    // machine.
    const timed = [
      'data',
      ...target,
      '--players',
      '96',
      '-c',
      '4',
      '--no-ceiling',
      '-q',
      '-d',
      '3s',
    ];
    const d1 = join(dir, 'd1.json');
    const d2 = join(dir, 'd2.json');
    const d3 = join(dir, 'd3.json');
    for (const [file, seed] of [
      [d1, '11'],
      [d2, '11'],
      [d3, '12'],
    ] as const) {
      const r = await runCli([...timed, '--seed', seed, '-o', file]);
      t.equal(r.code, 0, r.stdout + r.stderr);
    }
    const [p1, p2, p3] = [d1, d2, d3].map((f) => read(f).requestSequence.prefixes);
    t.ok(
      p1!.length > 0 && p2!.length > 0 && p3!.length > 0,
      `checkpoints: ${p1!.length}, ${p2!.length}, ${p3!.length}`,
    );
    const n = Math.min(p1!.length, p2!.length);
    t.same(p1!.slice(0, n), p2!.slice(0, n), 'same seed: same prefixes');
    t.not(p3![0]?.hash, p1![0]?.hash, 'another seed: another prefix');
    t.not(read(d3).requestSequence.hash, read(d1).requestSequence.hash);
    const cmp = await runCli(['compare', d1, d2]);
    t.equal(cmp.code, 0, cmp.stderr);
    t.match(
      cmp.stdout,
      /request sequences: identical (\(every request\)|over the first \d+ requests of each client)/,
    );
    const cmp3 = await runCli(['compare', d1, d3]);
    t.match(cmp3.stdout, /request sequences: different/);

    // The post-verification alone passes on the store as the last run (d3) left it...
    const v1 = await runCli(['verify', d3, ...target]);
    t.equal(v1.code, 0, v1.stdout + v1.stderr);
    t.match(v1.stdout, /post-verification: [\d,]+ records .* 0 mismatches, 0 errors/);
    // ...and reports a record changed in the store behind the cache's back.
    const victim = read(d3).records.find((r) => r.table === 'player' && r.exists)!;
    fake.driftStore(
      'player',
      BigInt(victim.ownerId),
      0n,
      'gold',
      slg.common.v1.Value.create({ int: toLong(42n) }),
    );
    const v2 = await runCli(['verify', d3, ...target]);
    t.equal(v2.code, 1, 'the drifted store fails the verification');
    t.match(
      v2.stdout,
      new RegExp(
        `VERIFY MISMATCH player owner=${victim.ownerId} member=0 \\[stored\\]: gold=int 42, expected`,
      ),
    );
    t.match(v2.stdout, /FAIL: post-verification found [1-9]/);
  },
);

t.test(
  'a server that serves a stale record after a write is caught by the in-run check',
  async (t) => {
    const fake = new FakeDataServer({ staleReadAfterWrite: true });
    const port = await fake.listen();
    t.teardown(() => fake.close());
    const out = join(dir, 'stale.json');
    const run = await runCli([
      'data',
      '--target',
      `127.0.0.1:${port}`,
      ...common,
      '-n',
      '3000',
      '-o',
      out,
    ]);
    t.equal(run.code, 1, 'the run fails');
    t.match(run.stderr, /MISMATCH FetchV2 player \d+: version \d+, expected \d+/);
    t.match(run.stderr, /request \{"table":"\w+","ownerId":"\d+","memberId":"\d+"\}/);
    t.match(run.stdout, /FAIL: [\d,]+ mismatches/);
    const r = read(out);
    t.ok(r.totals.mismatches > 0, `${r.totals.mismatches} mismatches`);
    t.ok(r.mismatchSamples.length > 0);
    t.equal(r.ops.find((op) => op.name === 'FetchV2')!.mismatches > 0, true);
  },
);

t.test('writes whose answer is lost: errors, read back, and no false mismatch', async (t) => {
  const fake = new FakeDataServer({ failEveryNthWrite: 7 });
  const port = await fake.listen();
  t.teardown(() => fake.close());
  const target = ['--target', `127.0.0.1:${port}`];
  // Seeding does not tolerate errors; the faults start with the run.
  fake.opts.failEveryNthWrite = undefined;
  const seeded = runCli([
    'data',
    ...target,
    ...common,
    '-n',
    '3000',
    '--verify',
    '-o',
    join(dir, 'lost.json'),
  ]);
  // Turn the faults on once the seeding has created every record (96 players x 13 records).
  while (fake.store.size < 96 * 13) await new Promise((r) => setTimeout(r, 20));
  fake.opts.failEveryNthWrite = 7;
  const run = await seeded;
  t.equal(run.code, 1, 'errors above --max-errors fail the run');
  const r = read(join(dir, 'lost.json'));
  t.ok(r.totals.errors > 0, `${r.totals.errors} errors`);
  t.equal(r.totals.mismatches, 0, 'a lost answer is an error, not a mismatch');
  t.ok(r.resyncs >= r.totals.errors, 'every write with a lost answer was read back');
  t.equal(r.verification?.mismatchCount, 0, 'the read-back kept the expectations exact');
  t.match(r.errorSamples[0]?.problem ?? '', /UNAVAILABLE: applied, but the answer was lost/);
  t.match(run.stdout, /FAIL: [\d,]+ errors \(tolerated: 0\)/);
});

t.test('bad settings stop the run with a message', async (t) => {
  const run = await runCli(['data', '--players', '10', '-c', '64', '--no-ceiling']);
  t.not(run.code, 0);
  t.match(run.stderr, /--players \(10\) must be >= --concurrency \(64\)/);
  const bad = await runCli(['data', '--target', 'nowhere']);
  t.not(bad.code, 0);
  t.match(bad.stderr, /not a host:port address/);
});
