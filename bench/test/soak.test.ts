// A very short soak on the real stack, as `npm run soak` runs it: the soak starts the bundles
// with scripts/start.ts (db-proxy on MariaDB, data-server on Redis), loads data-server in four
// 2-second "minutes", samples every server process's RSS, and writes its JSON and chart. The
// verdict itself depends on the machine (a busy 2-core one in CI); what is asserted is that it
// was measured and judged as the rule says, and that the stack is gone afterwards.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { SoakResult } from '../src/commands/soak.ts';
import { judge } from '../src/soak/analysis.ts';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

t.test('bench soak: 4 intervals of 2 s against the stack it starts', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-soak-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'soak.json');
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(
    'env',
    [
      '-u',
      'NODE_OPTIONS',
      process.execPath,
      cli,
      'soak',
      '--duration',
      '8s',
      '--interval',
      '2s',
      // The slope rule (auto picks the settled one under 5 minutes: soak-settled.test.ts and the
      // 2-minute runs cover it).
      '--rule',
      'slope',
      // The settle phase after the load is soak-memory.test.ts's.
      '--settle-timeout',
      '0',
      '--sample-interval',
      '250ms',
      // The maximum rate given: a probe would add its own seconds (its code is the data run's).
      '--max-rate',
      '250',
      '--players',
      '32',
      '-c',
      '16',
      '-w',
      '1',
      '--first-player',
      String(700_000_000 + (process.pid % 1000) * 1000),
      '-q',
      '-o',
      out,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  child.stdout.on('data', (d: Buffer) => {
    if (process.env.SOAK_TEST_DEBUG) process.stderr.write(`${new Date().toISOString()} ${d}`);
    text += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    text += d.toString();
  });
  // SIGINT: the soak ends its load and stops the stack it started (also if this process ends
  // first, on a timeout).
  const interrupt = () => {
    if (child.exitCode === null) child.kill('SIGINT');
  };
  process.once('exit', interrupt);
  t.teardown(() => {
    process.off('exit', interrupt);
    interrupt();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  t.ok(code === 0 || code === 1, `exit code 0 or 1 (pass or fail), not a crash: ${code}\n${text}`);
  t.ok(existsSync(out), 'the JSON is written');
  if (!existsSync(out)) return;
  const r = JSON.parse(readFileSync(out, 'utf8')) as SoakResult;
  t.equal(r.kind, 'soak');
  t.equal(r.stack, 'started');
  t.equal(r.targetRate, 200, '80% of --max-rate');
  t.equal(r.intervals.length, 4, 'four intervals');
  for (const iv of r.intervals) {
    t.ok(iv.requests > 100, `interval ${iv.index}: ${iv.requests} requests`);
    t.ok(iv.p99Ms > 0, `interval ${iv.index}: p99 ${iv.p99Ms} ms`);
    t.equal(iv.mismatches, 0, `interval ${iv.index}: every answer matched the model`);
  }
  t.equal(r.totals.errors, 0, 'no failed call');
  const labels = new Set(r.processes.map((p) => p.label));
  for (const service of ['db-proxy', 'data-server', 'battle-server', 'map-server'])
    t.ok(labels.has(service), `${service} is measured`);
  t.ok(labels.has('battle-server worker'), "battle-server's cluster workers are measured too");
  for (const s of r.rss) {
    t.ok(s.samples.length >= 20, `${s.label} ${s.pid}: ${s.samples.length} RSS samples`);
    t.ok(
      s.samples.every((p) => p.y > 20 && p.y < 2000),
      `${s.label} ${s.pid}: RSS in MB, plausible`,
    );
  }
  // The verdict is the rule applied to the figures in the file.
  const again = judge(r.intervals, r.rss, r.settings.rule);
  t.equal(r.verdict.processes.length, r.processes.length, 'a slope per process');
  for (const p of again.processes) {
    const v = r.verdict.processes.find((x) => x.pid === p.pid)!;
    t.equal(v.slopeAfterWarmUpMbPerMin, p.slopeAfterWarmUpMbPerMin, `${p.label}: slope as judged`);
  }
  t.equal(r.pass, again.pass && r.totals.errors === 0 && r.totals.mismatches === 0);
  t.equal(code, r.pass ? 0 : 1, 'the exit code says the verdict');
  t.match(text, r.pass ? /^PASS$/m : /^FAIL: /m, 'the verdict is printed');
  const svg = readFileSync(r.chart, 'utf8');
  t.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, 'the chart is an SVG');
  for (const p of r.processes) t.match(svg, `${p.label} (${p.pid})`, `the chart shows ${p.label}`);
  // The stack the soak started is stopped.
  for (const p of r.processes)
    t.notOk(existsSync(`/proc/${p.pid}`), `${p.label} ${p.pid} is no longer running`);
});
