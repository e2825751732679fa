// docs/reference/metrics.md, made from the metric definitions in the sources (the name, help and
// labels of each prom-client Counter, Gauge, Histogram and the kit's FastHistogram): each
// service's own, and the kit's, which every service (or every gRPC one) registers.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeCell, generatedNote } from './markdown.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface MetricDef {
  name: string;
  kind: 'counter' | 'gauge' | 'histogram' | 'summary';
  help: string;
  labels: string[];
  file: string;
}

const KINDS: Record<string, MetricDef['kind']> = {
  Counter: 'counter',
  Gauge: 'gauge',
  Histogram: 'histogram',
  FastHistogram: 'histogram',
  Summary: 'summary',
};

/** Which services register the metrics each kit file defines (a new file must be placed here). */
const KIT_FILES: Record<string, string> = {
  'service-kit/src/metrics.ts': 'every service',
  'service-kit/src/idle-gc.ts': 'every service',
  'service-kit/src/grpc-server.ts': 'every gRPC service: db-proxy, data-server, map-server',
  'service-kit/src/grpc-security.ts': 'every gRPC service: db-proxy, data-server, map-server',
  'service-kit/src/grpc-limits.ts': 'every gRPC service: db-proxy, data-server, map-server',
  'service-kit/src/grpc-client.ts':
    'every gRPC client: data-server (its db-proxy calls), map-server (its data-server calls)',
};

const SERVICES = ['db-proxy', 'data-server', 'map-server', 'battle-server'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The value of a string literal (or of literals joined by +) starting at `at`, and its end. */
function readString(src: string, at: number): [string, number] {
  let value = '';
  let i = at;
  for (;;) {
    while (/\s/.test(src[i] ?? '')) i++;
    const quote = src[i];
    if (quote !== "'" && quote !== '"' && quote !== '`')
      throw new Error(`not a string literal at ${src.slice(at, at + 40)}`);
    i++;
    while (src[i] !== quote) {
      if (src[i] === '\\') {
        value += src[i + 1];
        i += 2;
      } else value += src[i++];
      if (i >= src.length) throw new Error('unterminated string');
    }
    i++;
    let j = i;
    while (/\s/.test(src[j] ?? '')) j++;
    if (src[j] !== '+') return [value, i];
    i = j + 1;
  }
}

/** Every metric a source file defines, in its order. */
export function metricsIn(file: string): MetricDef[] {
  const src = readFileSync(file, 'utf8');
  const found: MetricDef[] = [];
  const ctor = /\bnew (Counter|Gauge|Histogram|FastHistogram|Summary)\b(?:<[^>]*>)?\(\s*\{/g;
  for (const m of src.matchAll(ctor)) {
    const start = m.index + m[0].length;
    const next = src.slice(start).search(/\bnew (Counter|Gauge|Histogram|FastHistogram|Summary)\b/);
    const body = next < 0 ? src.slice(start) : src.slice(start, start + next);
    const name = /\bname:\s*/.exec(body);
    const help = /\bhelp:\s*/.exec(body);
    const rel = relative(root, file);
    if (!name || !help) throw new Error(`${rel}: a ${m[1]} without a name or a help`);
    const literal = (at: number) => {
      try {
        return readString(body, at)[0];
      } catch {
        throw new Error(`${rel}: a ${m[1]} whose name or help is not a string literal`);
      }
    };
    const labelNames = /\blabelNames:\s*\[([^\]]*)\]/.exec(body);
    found.push({
      name: literal(name.index + name[0].length),
      kind: KINDS[m[1]!]!,
      help: literal(help.index + help[0].length),
      labels: labelNames ? [...labelNames[1]!.matchAll(/'([^']+)'/g)].map((l) => l[1]!) : [],
      file: rel,
    });
  }
  return found;
}

function table(defs: MetricDef[]): string[] {
  const lines = ['| metric | type | labels | what it counts |', '| --- | --- | --- | --- |'];
  for (const d of defs) {
    const labels = d.labels.map((l) => `\`${l}\``).join(', ');
    lines.push(`| \`${d.name}\` | ${d.kind} | ${labels} | ${escapeCell(d.help)} |`);
  }
  return lines;
}

export function metricsReference(): string {
  const lines = [
    '# Metrics reference',
    '',
    generatedNote(
      "the metric definitions in `service-kit/src/` and each service's `src/` (name, help, labels)",
    ),
    '',
    'db-proxy, data-server and map-server serve `GET /metrics` on their metrics port',
    '(`*_METRICS_PORT`: 9101, 9102, 9103), plain HTTP and without the internal token;',
    'battle-server serves it on its one port (8080), HTTPS when TLS is on. Every service also',
    "exports prom-client's default process and Node.js metrics (`process_cpu_seconds_total`,",
    '`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`, `nodejs_eventloop_lag_p99_seconds`',
    'sampled every 1 ms, ...). The Grafana dashboard built on them: [the Kubernetes guide](../guides/kubernetes.md).',
    '`GET /metrics?name=A&name=B` on a metrics port serves those families only, whole (the web',
    "console reads its panel's six this way, once a second: the full text costs the process",
    'several times more to write).',
    '',
  ];
  const byKit = new Map<string, MetricDef[]>();
  for (const file of sourceFiles(join(root, 'service-kit', 'src'))) {
    const defs = metricsIn(file);
    if (defs.length === 0) continue;
    const rel = relative(root, file);
    const who = KIT_FILES[rel];
    if (!who) throw new Error(`${rel} defines metrics: say in KIT_FILES which services have them`);
    byKit.set(who, [...(byKit.get(who) ?? []), ...defs]);
  }
  lines.push('## service-kit (shared)', '');
  // In KIT_FILES' order of groups: every service first.
  const groups = [...new Set(Object.values(KIT_FILES))].filter((g) => byKit.has(g));
  for (const who of groups) lines.push(`### ${who}`, '', ...table(byKit.get(who)!), '');
  for (const service of SERVICES) {
    const defs = sourceFiles(join(root, service, 'src')).flatMap(metricsIn);
    lines.push(`## ${service}`, '', ...table(defs), '');
    if (service === 'battle-server')
      lines.push(
        "In cluster mode `/metrics` is the answering process's own, with the labels `mode` and",
        '`pid`, so its counters move between processes from one scrape to the next.',
        '',
      );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
