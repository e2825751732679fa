// A very short soak on the real stack, as `npm run soak` runs it: the soak starts the bundles
// with scripts/start.ts (db-proxy on MariaDB, data-server on Redis, with npm start's
// MALLOC_ARENA_MAX and the V8 flags of @slg/service-kit/node-options), loads data-server in ten
// 0.8-second "minutes" (a burst: more calls than the services' compactor needs, 500), samples
// every server process's RSS, waits for db-proxy's and data-server's idle compaction by metric
// (no sleep), and writes its JSON and chart. The verdict itself depends on the machine (a busy
// 2-core one in CI); what is asserted is that it was measured and judged as the rule says, that
// the memory under the burst and once compacted after it is under its bounds, and that the stack
// is gone afterwards. Also: the images set the same NODE_OPTIONS as npm start.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_MALLOC_ARENA_MAX, SERVICE_NODE_OPTIONS } from '@slg/service-kit/node-options';
import t from 'tap';
import type { SoakResult } from '../src/commands/soak.ts';
import { judge } from '../src/soak/analysis.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'bench', 'src', 'cli.ts');

/** MB: under the standard load (docs/design/memory.md: 200 MB), and once compacted after it (120 MB). */
const UNDER_LOAD_MB = 200;
const AFTER_MB = 120;

t.test('the images run the services with the flags npm start gives them', async (t) => {
  const docker = readFileSync(join(root, 'Dockerfile.multiarch'), 'utf8');
  const m = /^ENV .*\bNODE_OPTIONS="([^"]*)"/m.exec(docker);
  t.ok(m, 'Dockerfile.multiarch sets NODE_OPTIONS');
  t.equal(
    m?.[1],
    SERVICE_NODE_OPTIONS,
    'the same flags as npm start (@slg/service-kit/node-options)',
  );
  const arena = /^ENV .*\bMALLOC_ARENA_MAX=(\S+)/m.exec(docker);
  t.equal(arena?.[1], SERVICE_MALLOC_ARENA_MAX, 'the same malloc arenas as npm start');
});

t.test('bench soak: ten intervals of 0.8 s against the stack it starts', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-soak-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'soak.json');
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
      // The slope rule (a run under 5 minutes is judged by the settled one, whose warm-up load
      // and two compactions take longer than a test may: soak-settled.test.ts covers it).
      '--rule',
      'slope',
      // The maximum rate given: a probe would add its own seconds (its code is the data run's).
      '--max-rate',
      '500',
      '--players',
      '32',
      '-c',
      '16',
      '-w',
      '1',
      '-q',
      '-o',
      out,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  child.stdout.on('data', (d: Buffer) => {
    if (process.env.SOAK_TEST_DEBUG) process.stderr.write(`${new Date().toISOString()} ${d}`);
    text += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    text += d.toString();
  });
  // SIGINT: the soak stops the stack it started (also if this process ends first, on a timeout).
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
  t.equal(r.targetRate, 400, '80% of --max-rate');
  t.equal(r.settings.rule.mode, 'slope');
  t.equal(r.intervals.length, 10, 'ten intervals');
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
    t.ok(s.samples.length >= 8, `${s.label} ${s.pid}: ${s.samples.length} RSS samples`);
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
  const svg = readFileSync(out.replace(/\.json$/, '.svg'), 'utf8');
  t.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, 'the chart is an SVG');
  for (const p of r.processes) t.match(svg, `${p.label} (${p.pid})`, `the chart shows ${p.label}`);

  // Memory: db-proxy and data-server, run with npm start's flags, under the burst and once both
  // compacted after it (the settle phase).
  const services = r.processes.filter((p) => p.label === 'db-proxy' || p.label === 'data-server');
  t.equal(services.length, 2, 'one db-proxy and one data-server');
  for (const p of services)
    t.equal(p.nodeOptions, SERVICE_NODE_OPTIONS, `${p.label} runs with npm start's NODE_OPTIONS`);
  t.ok(r.after.compacted, `db-proxy and data-server compacted after the load`);
  for (const p of services) {
    const peak = Math.max(...r.rss.find((s) => s.pid === p.pid)!.samples.map((s) => s.y));
    const after = r.after.rssMb.find((x) => x.pid === p.pid)!.rssMb!;
    t.comment(
      `${p.label}: peak ${peak.toFixed(1)} MB under the burst, ${after.toFixed(1)} MB after`,
    );
    t.ok(peak < UNDER_LOAD_MB, `${p.label}: peak RSS ${peak.toFixed(1)} MB < ${UNDER_LOAD_MB} MB`);
    t.ok(after < AFTER_MB, `${p.label}: RSS after ${after.toFixed(1)} MB < ${AFTER_MB} MB`);
  }

  // The stack the soak started is stopped.
  for (const p of r.processes)
    t.notOk(existsSync(`/proc/${p.pid}`), `${p.label} ${p.pid} is no longer running`);
});
