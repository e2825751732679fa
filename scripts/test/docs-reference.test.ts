// The generated reference pages (docs/reference/) against their sources: the configuration
// definitions, the .proto files, the metric definitions. A page that differs fails here; `npm
// run docs:reference` rewrites it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSpec as dataServerSpec } from '@slg/data-server/config';
import { integers as dbProxyIntegers } from '@slg/db-proxy/config';
import t from 'tap';
import { referencePages } from '../docs/generate.ts';
import { metricsIn } from '../docs/metrics-reference.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const pages = referencePages();

for (const [path, text] of pages) {
  t.test(`${path} is what its sources generate`, async (t) => {
    let committed = '';
    try {
      committed = readFileSync(join(root, path), 'utf8');
    } catch {}
    t.equal(committed, text, `${path} differs from its sources: run npm run docs:reference`);
  });
}

t.test(
  'the configuration page lists every variable of the definitions, with its bounds',
  async (t) => {
    const page = pages.find(([p]) => p.endsWith('configuration.md'))![1];
    for (const name of Object.keys(dataServerSpec)) t.match(page, `| \`${name}\` |`, name);
    t.match(page, '| `DBPROXY_POOL_SIZE` | integer | `16` | 1 to 1000 |');
    t.equal(Object.keys(dbProxyIntegers).length > 0, true);
    t.notMatch(page, /\/work\/|\/home\//, 'no path of this machine');
  },
);

t.test('the API page has every RPC of the .proto files', async (t) => {
  const page = pages.find(([p]) => p.endsWith('grpc-api.md'))![1];
  for (const rpc of ['FetchV2', 'BatchWritesV2', 'Batches', 'QueryViewport', 'Watch'])
    t.match(page, `| \`${rpc}\` |`, rpc);
  t.match(page, '| `Watch` | stream `WatchRequest` | stream `WatchEvent` |');
});

t.test('metric definitions are read from the source as written', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-metrics-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'm.ts');
  writeFileSync(
    file,
    [
      "new Counter({ name: 'a_total', help: 'As, by kind', labelNames: ['kind'] as const });",
      'const h = new FastHistogram({',
      "  name: 'b_seconds',",
      "  help: 'Time ' + \"it's\",",
      '  buckets: [1],',
      '});',
      "new Gauge<string>({ name: 'c', help: 'no labels' });",
    ].join('\n'),
  );
  t.same(
    metricsIn(file).map((m) => [m.name, m.kind, m.help, m.labels]),
    [
      ['a_total', 'counter', 'As, by kind', ['kind']],
      ['b_seconds', 'histogram', "Time it's", []],
      ['c', 'gauge', 'no labels', []],
    ],
  );
  writeFileSync(file, 'new Counter({ name: metricName, help: "x" });');
  t.throws(() => metricsIn(file), /m\.ts: a Counter whose name or help is not a string literal/);
  writeFileSync(file, "new Gauge({ help: 'no name' });");
  t.throws(() => metricsIn(file), /m\.ts: a Gauge without a name or a help/);
});
