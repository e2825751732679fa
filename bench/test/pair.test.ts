// bench pair: two identical local battle-servers (one process, the same code) driven from one
// load generator, interleaved runs after a warm-up, each gated, compared: no verdict, and every
// run's JSON, the comparison and the report are written. (The interleaving, the gate and the
// knee search: pair-units.test.ts.) Two runs a side: each run is a child process, and 4 a side
// (10 processes with the warm-ups) took 62 s at load average 25, over tap's 60 s; with 2 a side
// the rank test cannot reach p < 0.05, which the comparison says. That identical targets get a
// verdict in at most 5% of comparisons is stats.test.ts's (1,000 simulated null comparisons of
// 6 runs a side), and docs/results.md gives a real 4-a-side run of this set-up.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { interleave } from '../src/commands/pair.ts';
import { battleServer } from './helpers/battle-server.ts';
import { runCli, tempDir } from './helpers/cli.ts';

t.test('two identical battle-servers: interleaved, gated, compared, no verdict', async (t) => {
  const a = new URL(await battleServer(t)).host;
  const b = new URL(await battleServer(t)).host;
  const dir = tempDir(t, 'pair');
  const r = await runCli([
    'pair',
    '--a',
    a,
    '--b',
    b,
    '--workload',
    'battle',
    '--runs',
    '2',
    '--seed',
    '7',
    '--out-dir',
    dir,
    '--',
    '--connections',
    '2',
    '--requests',
    '100',
  ]);
  t.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  const order = /in the order ([AB ]+) \(seed 7\)/.exec(r.stdout)?.[1]?.trim().split(' ');
  t.same(order, interleave(2, 7), 'the seeded interleaving, as printed');
  t.match(r.stdout, /^warmup-A1: A /m);
  t.match(r.stdout, /^warmup-B1: B /m);
  const c = JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8'));
  const thr = c.metrics[0];
  t.ok(thr.interval.lo <= thr.interval.ratio && thr.interval.ratio <= thr.interval.hi);
  t.equal(thr.significant, false);
  t.match(r.stdout, /no verdict is possible/, 'too few runs for the rank test, and it says so');
  t.match(c.verdict, /^no significant difference in throughput/);
  t.same(c.pair.order, order);
  // Warm-ups are run but not compared; every measured run's JSON says which side it was.
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  t.same(files.filter((f) => f.startsWith('warmup-')).sort(), ['warmup-A1.json', 'warmup-B1.json']);
  t.equal(c.A.runs.length, 2);
  t.equal(c.B.runs.length, 2);
  for (const side of ['A', 'B'])
    for (let i = 1; i <= 2; i++) {
      const run = JSON.parse(readFileSync(join(dir, `run-${side}${i}.json`), 'utf8'));
      t.equal(run.kind, 'battle');
      t.equal(run.pair.side, side);
      t.equal(run.pair.valid, true, run.pair.problems.join('; '));
      t.ok(run.pair.loadGeneratorUtilisation > 0 && run.pair.loadGeneratorUtilisation <= 0.8);
      t.ok(run.pair.loadGeneratorUsPerRequest > 0, 'its CPU per request, from the probe');
      t.ok(run.pair.loadGeneratorCores > 0, 'its CPU in cores, from the probe');
      t.equal(new URL(run.settings.url).host, side === 'A' ? a : b);
    }
  t.equal(c.A.server.source, 'this machine (a loopback target)');
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  t.match(html, /id="verdict">no significant difference in throughput/);
  // A battle run states no CPU of its own: the report's runs table shows the probe's.
  for (const side of ['A', 'B'])
    for (let i = 1; i <= 2; i++) {
      const row = new RegExp(
        `<tr data-run="${side}${i}">(?:<td[^>]*>[^<]*</td>){6}<td>([^<]*)</td><td>([^<]*)</td>`,
      ).exec(html);
      t.ok(
        row && Number(row[1]) > 0 && Number(row[2]) > 0,
        `${side}${i}: load generator CPU ${row?.[1]} cores, ${row?.[2]} us a request`,
      );
    }
});
