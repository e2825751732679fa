// The bench's checks pass a correct server: against a test double of data-server answering
// correctly, 0 mismatches; a store changed behind the cache's back is reported by the
// post-verification; bad settings stop the run. (The checks that catch a faulty server:
// checker-faults.test.ts; one seed, one request sequence: the planner's test in lib.test.ts.)
import { join } from 'node:path';
import { slg, toLong } from '@slg/proto';
import t from 'tap';
import { dataCommand } from '../src/commands/data.ts';
import { common, PLAYERS, readResult } from './helpers/checker.ts';
import { caseStudyPattern, runCli, tempDir } from './helpers/cli.ts';
import { FakeDataServer } from './helpers/fake-data-server.ts';

const dir = tempDir(t, 'checker');
const read = readResult;

t.test(
  'a correct server: 0 mismatches, the eight lines, exit 0; bench verify on what it left',
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
      '1024',
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
    t.equal(ra.seeding.records, PLAYERS * 13, 'every seeded record counted (seeded in parallel)');
    t.equal(ra.totals.requests, 1024);
    t.equal(ra.totals.mismatches, 0);
    t.equal(ra.totals.errors, 0);
    t.ok(
      ra.ops.every((op) => op.count > 0),
      'seed 11 sends every operation (the eight lines count something)',
    );
    t.equal(ra.verification?.mismatchCount, 0);
    t.ok(
      ra.verification!.records > PLAYERS * 13 - 1,
      'every record of the population was verified',
    );
    t.equal(ra.environment.cores > 0, true);
    t.equal(typeof ra.environment.cpuModel, 'string');
    t.equal(ra.settings.seed, 11);
    t.ok(ra.ops.every((op) => op.histogram.length > 0));

    // The post-verification alone passes on the store as the run left it...
    const v1 = await runCli(['verify', a, ...target]);
    t.equal(v1.code, 0, v1.stdout + v1.stderr);
    t.match(v1.stdout, /post-verification: [\d,]+ records .* 0 mismatches, 0 errors/);
    // ...and reports a record changed in the store behind the cache's back.
    const victim = ra.records.find((r) => r.table === 'player' && r.exists)!;
    fake.driftStore(
      'player',
      BigInt(victim.ownerId),
      0n,
      'gold',
      slg.common.v1.Value.create({ int: toLong(42n) }),
    );
    const v2 = await runCli(['verify', a, ...target]);
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

t.test('bad settings stop the run with a message', async (t) => {
  // The command parsed in-process: its checks come before any connection. (The CLI's exit code
  // for a usage error: cli.test.ts.)
  const parse = (args: string[]) =>
    dataCommand()
      .exitOverride()
      .configureOutput({ writeErr: () => {}, writeOut: () => {} })
      .parseAsync(args, { from: 'user' });
  await t.rejects(
    parse(['--players', '10', '-c', '64', '--no-ceiling']),
    /--players \(10\) must be >= --concurrency \(64\)/,
  );
  await t.rejects(parse(['--target', 'nowhere']), /not a host:port address/);
});
