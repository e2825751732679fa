// `bench data --rounds 2` against the real stack (as smoke.test.ts starts it, in-process on
// port 0): the run split into two slices between three echo ceiling phases on one echo server,
// one line per round, the median ratio, and the whole run's figures the sum of the slices'.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { DataResult } from '../src/commands/data.ts';
import { caseStudyPattern, runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

t.test('bench data --rounds 2: interleaved echo ceilings, a ratio per round', async (t) => {
  const stack = await startStack('rounds');
  t.teardown(() => stack.close());
  const out = join(tempDir(t, 'rounds'), 'data.json');
  const run = await runCli([
    'data',
    '--target',
    stack.dataServerAddress,
    '-d',
    '1s',
    '--rounds',
    '2',
    '--ceiling-duration',
    '500ms',
    '--players',
    '8',
    '-c',
    '8',
    '-w',
    '1',
    '-q',
    '-o',
    out,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  const roundLines = run.stdout
    .split('\n')
    .filter((l) =>
      /^round \d\/2: echo [\d,]+\/s before, [\d,]+\/s after; data [\d,]+\/s \([\d.]+% of echo\)$/.test(
        l,
      ),
    );
  t.equal(roundLines.length, 2, run.stdout);
  t.match(run.stdout, /^ceiling 3\/3: bare grpc-js echo/m);
  t.match(
    run.stdout,
    /^ceiling ratio: [\d.]+% of the echo ceiling \(median of the rounds: [\d.]+%, [\d.]+%; over all rounds [\d.]+%\)$/m,
  );
  t.equal(run.stdout.split('\n').filter((l) => caseStudyPattern.test(l)).length, 8);

  const r = JSON.parse(readFileSync(out, 'utf8')) as DataResult;
  t.equal(r.settings.rounds, 2);
  t.equal(r.totals.mismatches, 0);
  t.equal(r.totals.errors, 0);
  const c = r.ceiling!;
  t.ok(c, 'the ceiling was measured');
  t.equal(c.rounds.length, 2);
  for (const round of c.rounds) {
    t.ok(round.ratio !== null && round.ratio > 0, 'a positive ratio');
    t.ok(round.dataRate > 0 && round.requests > 0 && round.elapsedS > 0);
  }
  t.same(
    c.measurements.map((m) => m.at),
    ['before', 'between', 'after'],
  );
  t.ok(c.measurements.every((m) => m.rate > 0 && m.requests > 0));
  // Each measurement is its own phase (the echo pool is reused, its figures are not summed).
  t.ok(c.measurements.every((m) => m.requests < m.rate * m.elapsedS * 1.01 + 1));
  t.equal(c.rounds[0]!.ceilingBefore, c.measurements[0]!.rate);
  t.equal(c.rounds[0]!.ceilingAfter, c.measurements[1]!.rate);
  t.equal(c.rounds[1]!.ceilingBefore, c.measurements[1]!.rate);
  t.equal(c.rounds[1]!.ceilingAfter, c.measurements[2]!.rate);
  t.equal(
    r.totals.requests,
    c.rounds.reduce((n, x) => n + x.requests, 0),
    'the totals are the sum of the slices',
  );
  t.ok(Math.abs(r.totals.elapsedS - (c.rounds[0]!.elapsedS + c.rounds[1]!.elapsedS)) < 1e-9);
  t.ok(Math.abs(c.ratio - (c.rounds[0]!.ratio! + c.rounds[1]!.ratio!) / 2) < 1e-12, 'the median');
  const meanCeiling = c.measurements.reduce((n, m) => n + m.rate, 0) / 3;
  t.ok(Math.abs(c.rate - meanCeiling) < 1e-6);
  t.ok(Math.abs(c.ratioOverall - r.totals.rate / meanCeiling) < 1e-12);
});
