// The ledger's read-back after an unknown outcome (a test double of data-server whose failing
// writes also damage the record): the client accepts only a state some write of its own
// explains, so an acknowledged write missing is reported as a lost write, a version nobody
// wrote as a phantom write, and the run fails; a plain lost answer (the write applied or not)
// settles with neither. No player is dropped: every one is in the post-verification.
import { join } from 'node:path';
import t from 'tap';
import { common, PLAYERS, readResult as read } from './helpers/checker.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { FakeDataServer } from './helpers/fake-data-server.ts';

const dir = tempDir(t, 'ledger-readback');
// The double never commits a write late: its read-backs need no margin past the deadline.
process.env.BENCH_SETTLE_MARGIN_MS = '0';

/** The `t` of a subtest. */
type TestT = Parameters<Parameters<typeof t.test>[0]>[0];

async function runAgainst(t: TestT, fake: FakeDataServer, name: string, seed: number) {
  const port = await fake.listen();
  t.teardown(() => fake.close());
  const out = join(dir, `${name}.json`);
  const run = await runCli([
    'data',
    '--target',
    `127.0.0.1:${port}`,
    ...common,
    '-w',
    '1',
    '-n',
    '400',
    '--seed',
    String(seed),
    '--max-errors',
    '1000',
    '--deadline-ms',
    '2000',
    '--verify',
    '-o',
    out,
  ]);
  return { run, r: read(out) };
}

// Seeding does not tolerate errors: the faults start once it has created every record (13 per player).
const faults = { failEveryNthWrite: 5, faultsFromRecords: PLAYERS * 13 };

t.test(
  'unknown outcomes without damage: settled, nothing lost, every player verified',
  async (t) => {
    const { run, r } = await runAgainst(t, new FakeDataServer(faults), 'clean', 31);
    t.equal(run.code, 0, run.stdout + run.stderr);
    t.ok(r.ledger.unknown > 0, `${r.ledger.unknown} writes of unknown outcome`);
    t.equal(
      r.ledger.unknown,
      r.totals.errors,
      'every failed call here is a write: each one unknown',
    );
    t.equal(
      r.ledger.settledApplied + r.ledger.settledNotApplied + r.ledger.unsettled,
      r.ledger.unknown,
      'every unknown write is settled by a read-back or exported unsettled',
    );
    t.ok(
      r.ledger.settledApplied > 0,
      'the double applies its failing writes: read back as applied',
    );
    t.equal(r.ledger.lost, 0);
    t.equal(r.ledger.phantom, 0);
    t.ok(r.ledger.acknowledged > 0);
    t.same(Object.keys(r.ledger.errorsByCode), ['UNAVAILABLE']);
    const players = new Set(r.records.filter((e) => e.table === 'player').map((e) => e.ownerId));
    t.equal(players.size, PLAYERS, 'no player left out of the post-verification');
    t.equal(r.verification?.mismatchCount, 0);
    t.equal(r.verification?.unreadable, 0);
    t.match(
      run.stdout,
      /ledger: writes [\d,]+ acknowledged, [\d,]+ failed .*, [\d,]+ unknown .*lost 0, phantom 0; errors by code: UNAVAILABLE/,
    );
  },
);

t.test('lost and phantom writes after unknown outcomes are reported', async (t) => {
  // Every 5th write fails; the double removes the record on one (its acknowledged writes
  // lost) and gives the next a version nobody wrote.
  const { run, r } = await runAgainst(
    t,
    new FakeDataServer({ ...faults, onFailedWrite: 'both' }),
    'damaged',
    31,
  );
  t.equal(run.code, 1, 'the run fails');
  t.ok(r.ledger.lost > 0, `${r.ledger.lost} lost writes`);
  t.ok(r.ledger.phantom > 0, `${r.ledger.phantom} phantom writes`);
  t.match(
    run.stderr,
    /LOST WRITE player \d+: lost write: \w+ member \d+ found absent, after \w+V2 with an unknown outcome; expected version \d+/,
  );
  t.match(run.stderr, /PHANTOM WRITE player \d+: phantom write: \w+ member \d+ found version \d+/);
  t.match(run.stdout, /FAIL: [1-9][\d,]* lost and [1-9][\d,]* phantom writes/);
  t.ok(r.ledgerSamples.length > 0);
  // The state found is adopted: the rest of the run and the post-verification stay exact.
  t.equal(r.totals.mismatches, 0);
  t.equal(r.verification?.mismatchCount, 0);
});
