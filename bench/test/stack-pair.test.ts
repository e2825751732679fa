// bench pair --workload stack: two identical stacks (every service in this process on port 0)
// driven from one load generator, each side's data-server and battle-server given by --a-arg /
// --b-arg: interleaved runs, each gated on the run's own checks (invariants, errors, sessions),
// compared with latency as the open model's headline, and the HTML report written. Two runs a
// side keep the file under a minute; pair.test.ts and stats.test.ts hold the statistics.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { targetArgs } from '../src/commands/pair.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { inProcessStack, requireBackends, shortRunFlags } from './helpers/stack-run.ts';

t.test('a stack target: its map-server, the others on the same host at their ports', async (t) => {
  t.same(targetArgs({ workload: 'stack', battlePath: '/' }, 'arm-host:50053'), [
    '--map',
    'arm-host:50053',
    '--data',
    'arm-host:50052',
    '--battle-url',
    'http://arm-host:8080',
  ]);
  t.same(targetArgs({ workload: 'stack', battlePath: '/' }, '[::1]:50053').slice(2, 4), [
    '--data',
    '[::1]:50052',
  ]);
});

await requireBackends();

t.test('two identical stacks: interleaved, gated, compared', async (t) => {
  const a = await inProcessStack('stpa');
  t.teardown(() => a.close());
  const b = await inProcessStack('stpb');
  t.teardown(() => b.close());
  const dir = tempDir(t, 'stack-pair');
  const p = await runCli(
    [
      'pair',
      '--a',
      a.target.map,
      '--b',
      b.target.map,
      '--workload',
      'stack',
      `--a-arg=--data=${a.target.data}`,
      `--a-arg=--battle-url=${a.target.battleUrl}`,
      `--b-arg=--data=${b.target.data}`,
      `--b-arg=--battle-url=${b.target.battleUrl}`,
      '--runs',
      '2',
      '--warm-up',
      '0',
      '--seed',
      '3',
      '--out-dir',
      dir,
      '--',
      // shortRun()'s sessions (its world is the in-process map-server's), for 2 s: at 2
      // sessions/s a 1 s run has no arrival at all for one seed in seven (seed 7's first is at
      // 1.24 s).
      ...shortRunFlags('2s'),
    ],
    170_000,
  );
  t.equal(p.code, 0, `${p.stdout}\n${p.stderr}`);
  t.match(p.stdout, /^stack workload, open model at 2 sessions\/s; runs: A 2, B 2$/m);
  const c = JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8'));
  t.equal(c.workloadKind, 'stack');
  t.equal(c.rate, '2 sessions/s');
  t.equal(c.headline.metric, 'p99 latency', 'open model: latency is the headline');
  const runs = readdirSync(dir).filter((f) => /^run-[AB]\d\.json$/.test(f));
  t.equal(runs.length, 4, 'every run written');
  for (const f of runs) {
    const run = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    t.equal(run.pair.valid, true, `${f}: valid (${run.pair.problems.join('; ')})`);
    t.equal(run.violations.length, 0, `${f}: no invariant violated`);
    t.ok(run.invariants.marchesSettled > 0, `${f}: marches settled`);
  }
  t.equal(c.A.runs.length + c.B.runs.length, 4, 'all four compared');
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  t.match(html, /stack workload, open model at 2 sessions\/s/, 'the report says what ran');
});
