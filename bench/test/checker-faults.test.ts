// The bench's checks can fail: against a test double of data-server that serves a stale record
// after a write, the in-run check reports mismatches and the run exits 1; writes whose answer is
// lost are errors that are read back, never false mismatches. (A correct server: checker.test.ts.)
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import t from 'tap';
import { common, PLAYERS, readResult as read } from './helpers/checker.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { FakeDataServer } from './helpers/fake-data-server.ts';

const dir = tempDir(t, 'checker-faults');
// The double never commits a write late: the ledger's read-back of an unknown write needs no
// margin past its deadline (--deadline-ms below).
process.env.BENCH_SETTLE_MARGIN_MS = '0';

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
      '-w',
      '1',
      '-n',
      '500',
      '--seed',
      '21',
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
  // Seeding does not tolerate errors: the faults start once it has created every record
  // (13 per player), decided inside the server at that write.
  const fake = new FakeDataServer({ failEveryNthWrite: 7, faultsFromRecords: PLAYERS * 13 });
  const port = await fake.listen();
  t.teardown(() => fake.close());
  const target = ['--target', `127.0.0.1:${port}`];
  const run = await runCli([
    'data',
    ...target,
    ...common,
    '-w',
    '1',
    '-n',
    '600',
    '--seed',
    '31',
    '--deadline-ms',
    '2000',
    '--verify',
    '-o',
    join(dir, 'lost.json'),
  ]);
  t.equal(run.code, 1, 'errors above --max-errors fail the run');
  const r = read(join(dir, 'lost.json'));
  t.ok(r.totals.errors > 0, `${r.totals.errors} errors`);
  t.equal(r.totals.mismatches, 0, 'a lost answer is an error, not a mismatch');
  t.ok(r.resyncs >= r.totals.errors, 'every write with a lost answer was read back');
  t.equal(r.verification?.mismatchCount, 0, 'the read-back kept the expectations exact');
  t.match(r.errorSamples[0]?.problem ?? '', /UNAVAILABLE: applied, but the answer was lost/);
  t.match(run.stdout, /FAIL: [\d,]+ errors \(tolerated: 0\)/);
});

t.test(
  'seeding tries a player again after UNAVAILABLE or DEADLINE_EXCEEDED, from a clean slate',
  async (t) => {
    // Three creates are applied and then answered UNAVAILABLE, one DEADLINE_EXCEEDED: each
    // player's next try removes what the failed one left and creates its records again.
    for (const code of [grpc.status.UNAVAILABLE, grpc.status.DEADLINE_EXCEEDED]) {
      const fake = new FakeDataServer({ failCreates: { code, times: code === 14 ? 3 : 1 } });
      const port = await fake.listen();
      t.teardown(() => fake.close());
      const out = join(dir, `seed-retry-${code}.json`);
      const run = await runCli([
        'data',
        '--target',
        `127.0.0.1:${port}`,
        ...common,
        '-n',
        '200',
        '--seed',
        '41',
        '--deadline-ms',
        '1000',
        '--verify',
        '-o',
        out,
      ]);
      t.equal(run.code, 0, `${grpc.status[code]}: the run passes (${run.stderr.trim()})`);
      t.equal(fake.failedCreates, code === 14 ? 3 : 1, 'the creates did fail');
      const r = read(out);
      t.equal(r.verification?.mismatchCount, 0, 'every record as the bench expects');
    }
  },
);

t.test('seeding ends the run on any other error, naming the player', async (t) => {
  const fake = new FakeDataServer({
    failCreates: { code: grpc.status.INVALID_ARGUMENT, times: 1 },
  });
  const port = await fake.listen();
  t.teardown(() => fake.close());
  const run = await runCli([
    'data',
    '--target',
    `127.0.0.1:${port}`,
    ...common,
    '-n',
    '200',
    '--seed',
    '41',
  ]);
  t.equal(run.code, 2, 'the run ends with an error');
  t.match(run.stderr, /seeding player \d+: INVALID_ARGUMENT: applied, but answered/);
  t.equal(fake.failedCreates, 1);
});
