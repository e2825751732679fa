// deploy/grafana/slg.json on a real Prometheus: Debian's prometheus scrapes the `npm start`
// bundles (run as deploy/k8s runs them) with the static jobs of deploy/grafana/prometheus.yaml,
// and every expression of the dashboard is evaluated through its HTTP API (Grafana's variables
// substituted as Grafana does): no parse or evaluation error, and data for the panels the
// idle stack already feeds.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parse as parseYaml, stringify } from 'yaml';
import { freePort, type MetricsPorts, stackUnavailable, startStack } from './grafana/stack.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/slg.json'), 'utf8')) as {
  panels: { title: string; targets?: { expr: string; refId: string }[] }[];
  templating: { list: { name: string; allValue?: string }[] };
};

const installed = spawnSync('prometheus', ['--version']).status === 0;
const skip = installed
  ? await stackUnavailable()
  : "needs Debian's prometheus on the PATH (apt-get install --no-install-recommends prometheus)";

/** The idle stack feeds these panels (gauges, process metrics, series made at start-up). */
const FED = [
  'Requests per second',
  'Latency p50 / p90 / p99 (gRPC)',
  'Cache hit ratio',
  'Pool use',
  'Backends up',
  'Marches in flight',
  'Entities',
  'Battle pool',
  'Memory (RSS)',
  'CPU',
];

t.test('every dashboard expression evaluates on Prometheus', { skip }, async (t) => {
  const ports: MetricsPorts = await startStack(t, 'promdash');
  // prometheus.yaml's static jobs (one per service, named after it), on this run's ports.
  const config = parseYaml(readFileSync(join(root, 'deploy/grafana/prometheus.yaml'), 'utf8')) as {
    scrape_configs: { job_name: string; static_configs?: { targets: string[] }[] }[];
  };
  const jobs = config.scrape_configs.filter((c) => c.static_configs);
  t.same(jobs.map((j) => j.job_name).sort(), Object.keys(ports).sort(), 'a job per service');
  for (const j of jobs) {
    j.static_configs = [{ targets: [`127.0.0.1:${ports[j.job_name as keyof MetricsPorts]}`] }];
  }
  const dir = mkdtempSync(join(tmpdir(), 'slg-prometheus-'));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      scrape_configs: jobs,
    }),
  );
  const port = await freePort();
  const prometheus = spawn(
    'prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  prometheus.stderr.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const exited = once(prometheus, 'exit');
  t.teardown(async () => {
    if (prometheus.exitCode === null) {
      prometheus.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const api = `http://127.0.0.1:${port}/api/v1`;
  async function query(
    q: string,
  ): Promise<{ status: string; error?: string; data?: { result: unknown[] } }> {
    const res = await fetch(`${api}/query?query=${encodeURIComponent(q)}`);
    return (await res.json()) as { status: string; error?: string; data?: { result: unknown[] } };
  }
  // Ready once every service has been scraped a few times (rate() needs two samples).
  const services = jobs.length;
  let scraped = 0;
  for (let i = 0; i < 300 && scraped < services; i++) {
    if (prometheus.exitCode !== null) throw new Error(`prometheus exited:\n${log}`);
    try {
      const r = await query('count_over_time(up[30s]) >= 4 and up == 1');
      scraped = r.data?.result.length ?? 0;
    } catch {
      // not listening yet
    }
    if (scraped < services) await new Promise((r) => setTimeout(r, 100));
  }
  t.equal(scraped, services, 'every service scraped at least 4 times, up');

  const job = dashboard.templating.list.find((v) => v.name === 'job')?.allValue ?? '';
  let evaluated = 0;
  for (const panel of dashboard.panels) {
    for (const target of panel.targets ?? []) {
      // What Grafana sends for "All" and for the rate interval (4 x the 1 s scrape interval).
      const expr = target.expr.replaceAll('$job', job).replaceAll('$__rate_interval', '4s');
      const r = await query(expr);
      t.equal(r.status, 'success', `${panel.title} ${target.refId}: ${r.error ?? 'evaluates'}`);
      evaluated++;
      if (FED.includes(panel.title) && target.refId === 'A') {
        t.ok((r.data?.result.length ?? 0) > 0, `${panel.title}: has data`);
      }
    }
  }
  t.ok(evaluated >= 50, `${evaluated} expressions evaluated`);
  const bad = await query('sum(rate(grpc_server_handling_seconds_count[4s]) by (job)');
  t.equal(bad.status, 'error', 'a malformed expression is refused (the check can fail)');
});
