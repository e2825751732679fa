// deploy/grafana/slg.json: a well-formed dashboard whose every expression names metrics the
// services export. The names come from each expression through a small PromQL tokenizer
// (grafana/promql.ts); the exports from the /metrics of the `npm start` bundles, run as
// deploy/k8s runs them (db-proxy on MariaDB, data-server on Redis).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import {
  exportedTypes,
  metricNames,
  quantileArguments,
  resolves,
  sampleLabels,
  selectorLabels,
} from './grafana/promql.ts';
import { stackUnavailable, startStack } from './grafana/stack.ts';
import { SERVICES } from './k8s/checks.ts';
import { render } from './k8s/render.ts';
import { typeCheckLiterals } from './typecheck-literals.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dashboardFile = join(root, 'deploy/grafana/slg.json');

interface Target {
  expr: string;
  refId: string;
  datasource?: { uid?: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; type: string }[] };
};
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const exprs = panels.flatMap((p) =>
  (p.targets ?? []).map((x) => ({ panel: p.title, expr: x.expr })),
);

t.test('the tokenizer', async (t) => {
  t.same(
    metricNames(
      'histogram_quantile(0.99, sum by (job, le) (rate(grpc_server_handling_seconds_bucket{job=~"$job", grpc_code!="OK"}[$__rate_interval])))',
    ),
    ['grpc_server_handling_seconds_bucket'],
    'functions, aggregations, by-lists, matchers, ranges and variables are not metrics',
  );
  t.same(
    metricNames(
      'sum(rate(a_total[5m] offset 1h)) by (instance) / on (instance) group_left (x) b{le="0.5"} > bool 2e3 and c',
    ),
    ['a_total', 'b', 'c'],
    'binary operators, on/group_left lists, offset, bool, numbers',
  );
  t.same(metricNames('up{job="sum(x)"} or vector(1)'), ['up'], 'strings are not parsed');
  t.same(
    quantileArguments(
      'histogram_quantile(0.9, sum by (le) (rate(x_bucket[1m]))) + histogram_quantile(0.5, y)',
    ),
    ['sum by (le) (rate(x_bucket[1m]))', 'y'],
    'histogram_quantile arguments',
  );
  const types = new Map([
    ['h', 'histogram'],
    ['s', 'summary'],
    ['c_total', 'counter'],
  ]);
  t.ok(resolves('h_bucket', types) && resolves('h_count', types) && resolves('s_sum', types));
  t.notOk(resolves('s_bucket', types), 'a summary has no buckets');
  t.notOk(resolves('c_total_count', types), 'a counter has no _count');
  t.notOk(resolves('x', types), 'an unknown name');
  t.same(
    selectorLabels('sum by (le) (rate(a_bucket{job=~"$job", grpc_code!="OK"}[1m])) / b{x="{y}"}'),
    [
      { metric: 'a_bucket', labels: ['job', 'grpc_code'] },
      { metric: 'b', labels: ['x'] },
    ],
    'selectors and the labels they match on',
  );
  t.same(
    [...(sampleLabels('# TYPE a counter\na{k="v",l="w"} 1\nb 2\n').get('a') ?? [])],
    ['k', 'l'],
    'labels of exposed samples',
  );
});

t.test("the dashboard is one Grafana's own schema accepts (@grafana/schema)", async (t) => {
  const check = (value: unknown) =>
    typeCheckLiterals([{ label: 'slg.json', type: 'Dashboard', from: '@grafana/schema', value }]);
  t.same(check(dashboard), [], 'slg.json type-checks as a Dashboard, no unknown field');
  const broken = structuredClone(dashboard) as unknown as { panels: Record<string, unknown>[] };
  broken.panels[1]!.gridpos = broken.panels[1]!.gridPos;
  t.match(check(broken).join('\n'), /slg.json: .*gridpos/, 'a misspelt field is caught');
});

t.test('the dashboard is well-formed', async (t) => {
  t.equal(dashboard.uid, 'slg-stack');
  t.ok(
    dashboard.templating.list.some((v) => v.name === 'datasource' && v.type === 'datasource'),
    'a Prometheus data-source variable',
  );
  const ids = panels.map((p) => p.id);
  t.equal(new Set(ids).size, ids.length, 'panel ids are unique');
  for (const p of panels) {
    if (p.type === 'row') continue;
    t.ok(p.gridPos.x + p.gridPos.w <= 24, `${p.title}: within the 24 columns`);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax
    t.equal(p.datasource?.uid, '${datasource}', `${p.title}: on the data-source variable`);
    const refs = (p.targets ?? []).map((x) => x.refId);
    t.ok(
      refs.length > 0 && new Set(refs).size === refs.length,
      `${p.title}: targets, unique refIds`,
    );
  }
  // Panels do not overlap.
  const cells = new Set<string>();
  let overlap = 0;
  for (const p of panels) {
    for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++)
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++) {
        if (cells.has(`${x},${y}`)) overlap++;
        cells.add(`${x},${y}`);
      }
  }
  t.equal(overlap, 0, 'no two panels overlap');
  // What the issue asks for, by the metrics that show it.
  const used = new Set(exprs.flatMap((e) => metricNames(e.expr)));
  for (const name of [
    'grpc_server_handling_seconds_count', // rates
    'grpc_server_errors_total', // errors
    'grpc_server_handling_seconds_bucket', // latency percentiles
    'http_request_duration_seconds_bucket',
    'dataserver_cache_lookups_total', // cache hit ratio
    'dbproxy_pool_connections', // pool use
    'dbproxy_pool_max_connections',
    'mapserver_marches_in_flight', // marches
    'mapserver_arrivals_settled_total', // arrivals
    'mapserver_tick_lag_seconds_bucket', // tick lag
    'process_resident_memory_bytes', // memory
  ]) {
    t.ok(used.has(name), `the dashboard shows ${name}`);
  }
  // Every histogram_quantile reads the buckets of a histogram, summed by le.
  let quantiles = 0;
  for (const { panel, expr } of exprs) {
    for (const arg of quantileArguments(expr)) {
      quantiles++;
      t.ok(
        metricNames(arg).every((n) => n.endsWith('_bucket')),
        `${panel}: histogram_quantile over _bucket series`,
      );
      t.match(arg, /\bby\s*\([^)]*\ble\b[^)]*\)/, `${panel}: summed by le`);
    }
  }
  t.ok(quantiles >= 5, `${quantiles} percentile expressions`);
});

t.test('prometheus.yaml makes each service the job the dashboard reads', async (t) => {
  const config = parseYaml(readFileSync(join(root, 'deploy/grafana/prometheus.yaml'), 'utf8')) as {
    scrape_configs: {
      job_name: string;
      static_configs?: { targets: string[] }[];
      relabel_configs?: { source_labels?: string[]; target_label?: string }[];
    }[];
  };
  const names = SERVICES.map((s) => s.name).sort();
  const jobVar = dashboard.templating.list.find((v) => v.name === 'job') as unknown as {
    allValue: string;
  };
  t.same(jobVar.allValue.split('|').sort(), names, 'the dashboard: every service');
  for (const s of SERVICES) {
    const job = config.scrape_configs.find((c) => c.job_name === s.name);
    t.same(
      job?.static_configs?.[0]?.targets,
      [`127.0.0.1:${s.load({}).metricsPort}`],
      `${s.name}: a static job on its default metrics port`,
    );
  }
  const k8s = config.scrape_configs.find((c) => c.relabel_configs);
  const toJob = k8s?.relabel_configs?.find((r) => r.target_label === 'job');
  t.same(toJob?.source_labels, ['__meta_kubernetes_pod_label_app_kubernetes_io_name']);
  const scraped = render(join(root, 'deploy/k8s/base')).flatMap((o) => {
    const tpl = (o.spec as { template?: { metadata?: Record<string, Record<string, string>> } })
      ?.template?.metadata;
    return tpl?.annotations?.['prometheus.io/scrape'] === 'true'
      ? [tpl.labels?.['app.kubernetes.io/name']]
      : [];
  });
  t.same(scraped.sort(), names, 'deploy/k8s: the scraped pods are labelled with their service');
});

const skip = await stackUnavailable();

t.test('every metric the dashboard names is exported by a service', { skip }, async (t) => {
  const endpoints = await startStack(t, 'grafana');
  const types = new Map<string, string>();
  const labels = new Map<string, Set<string>>();
  for (const [service, port] of Object.entries(endpoints)) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    t.equal(res.status, 200, `${service}: /metrics`);
    const body = await res.text();
    const found = exportedTypes(body);
    t.ok(found.has('process_resident_memory_bytes'), `${service}: process metrics`);
    for (const [name, type] of found) types.set(name, type);
    for (const [name, set] of sampleLabels(body)) {
      labels.set(name, new Set([...(labels.get(name) ?? []), ...set]));
    }
  }
  for (const { panel, expr } of exprs) {
    for (const name of metricNames(expr)) {
      t.ok(resolves(name, types), `${panel}: ${name}`);
    }
  }
  // Selectors match on labels the metric has (where it has samples yet; job and instance are
  // Prometheus's own).
  const unknownLabels = (metric: string, used: string[]) =>
    used.filter((l) => l !== 'job' && l !== 'instance' && !labels.get(metric)?.has(l));
  let checked = 0;
  for (const { panel, expr } of exprs) {
    for (const { metric, labels: used } of selectorLabels(expr)) {
      if (!labels.has(metric)) continue;
      checked++;
      t.same(
        unknownLabels(metric, used),
        [],
        `${panel}: ${metric} has the labels its selector names`,
      );
    }
  }
  t.ok(checked >= 20, `${checked} selectors checked against samples`);
  t.same(
    unknownLabels('dbproxy_pool_connections', ['job', 'status']),
    ['status'],
    'a label the metric does not have is caught',
  );
  // The check can fail: a name no service exports does not resolve.
  t.notOk(resolves('grpc_server_handling_second_bucket', types), 'a misspelt name is caught');
  t.notOk(resolves('dataserver_cache_hits_total', types), 'a name no service exports is caught');
});
