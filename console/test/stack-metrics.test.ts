// The stack panel's figures from real /metrics texts (service-kit's registry, as every service
// writes it), served by a plain HTTP server the test controls: rates from two readings, the
// quantiles of the interval's requests, a restarted process, a service that does not answer.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMetricsRegistry,
  FastHistogram,
  latencyBuckets,
  startMetricsServer,
} from '@slg/service-kit';
import t from 'tap';
import { quantile, readingOf, StackMetrics, selecting } from '../src/stack-metrics.ts';

function service() {
  const registry = createMetricsRegistry();
  const h = new FastHistogram({
    name: 'grpc_server_handling_seconds',
    help: 'x',
    labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  return { registry, h };
}

t.test('a reading: requests, errors and the latency of every method merged', async (t) => {
  const { registry, h } = service();
  const ok = h.labels({ grpc_service: 's', grpc_method: 'Get', grpc_code: 'OK' });
  const refused = h.labels({ grpc_service: 's', grpc_method: 'Put', grpc_code: 'NOT_FOUND' });
  const failed = h.labels({ grpc_service: 's', grpc_method: 'Put', grpc_code: 'UNAVAILABLE' });
  for (let i = 0; i < 90; i++) ok.observe(0.0007);
  for (let i = 0; i < 6; i++) refused.observe(0.02);
  for (let i = 0; i < 4; i++) failed.observe(0.02);
  const { reading } = readingOf(await registry.metrics(), 1000);
  t.equal(reading.requests, 100);
  t.equal(reading.errors, 4, 'UNAVAILABLE: the service failing');
  t.equal(reading.refusals, 6, 'NOT_FOUND: an answer, counted apart');
  t.equal(reading.latency.counts.at(-1), 100, 'every request in +Inf');
  t.ok(reading.rssBytes > 10e6, 'RSS read');
  // 90 requests in (0.5, 1] ms, 10 in (10, 25] ms.
  const p50 = quantile(0.5, reading.latency)!;
  t.ok(p50 > 0.0005 && p50 <= 0.001, `p50 ${p50} in the 0.5-1 ms bucket`);
  const p99 = quantile(0.99, reading.latency)!;
  t.ok(p99 > 0.01 && p99 <= 0.025, `p99 ${p99} in the 10-25 ms bucket`);
  t.equal(quantile(0.5, { bounds: [], counts: [] }), null, 'no request: no quantile');
  t.throws(() => readingOf('<html>not metrics</html>', 0), /not Prometheus text/);
  t.throws(() => readingOf('up 1\n', 0), /no process_cpu_seconds_total/);
});

t.test('rates between readings; a restart; a service that does not answer', async (t) => {
  const { registry, h } = service();
  const ok = h.labels({ grpc_service: 's', grpc_method: 'Get', grpc_code: 'OK' });
  let text: string | null = null;
  const server = createServer((_req, res) => {
    if (text === null) res.writeHead(503).end('down');
    else res.writeHead(200).end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  const stack = new StackMetrics([{ name: 'svc', url }], undefined, {
    timeoutMs: 2000,
    periodMs: 0,
  });

  text = await registry.metrics();
  const [first] = await stack.summaries();
  t.equal(first!.error, undefined);
  t.equal(first!.processes, 0, 'one reading: no interval yet');
  for (let i = 0; i < 50; i++) ok.observe(0.003);
  text = await registry.metrics();
  const [second] = await stack.summaries();
  t.equal(second!.processes, 1);
  t.ok(second!.requestsPerSec > 0, `${second!.requestsPerSec.toFixed(1)} requests/s`);
  t.equal(second!.errorsPerSec, 0);
  t.ok(
    second!.p50Ms! > 2 && second!.p50Ms! <= 5,
    `p50 ${second!.p50Ms} ms: the interval's requests`,
  );
  t.equal(second!.slowest, true, 'the only service with requests is the slowest');

  // A restarted process: counters back to nothing. Counted from zero, never negative.
  text = await service().registry.metrics();
  const [third] = await stack.summaries();
  t.ok(third!.requestsPerSec >= 0 && third!.cpu >= 0, 'no negative rate after a restart');

  text = null;
  const [down] = await stack.summaries();
  t.equal(down!.error, 'cannot read its /metrics: /metrics answered HTTP 503');
  server.close();
  server.closeAllConnections();
  // The first read may meet its kept-alive connection closing; the next one finds no server.
  await stack.summaries();
  const [gone] = await stack.summaries();
  t.equal(gone!.error, `cannot read its /metrics: connect ECONNREFUSED ${url.slice(7, -8)}`);
});

t.test("the panel asks a kit's /metrics for the families it reads, and reads them", async (t) => {
  const { registry, h } = service();
  const ok = h.labels({ grpc_service: 's', grpc_method: 'Get', grpc_code: 'OK' });
  const server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry });
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${server.port}/metrics`;
  const asked = new URL(selecting(url)).searchParams.getAll('name');
  t.ok(
    asked.includes('process_cpu_seconds_total') && asked.includes('grpc_server_handling_seconds'),
  );
  const filtered = await (await fetch(selecting(url))).text();
  const whole = await (await fetch(url)).text();
  t.ok(filtered.length < whole.length / 2, `${filtered.length} bytes of ${whole.length}`);
  t.notMatch(filtered, /nodejs_heap_space_size_total_bytes/, 'a family the panel never reads');

  const stack = new StackMetrics([{ name: 'svc', url }], undefined, {
    timeoutMs: 2000,
    periodMs: 0,
  });
  await stack.summaries();
  for (let i = 0; i < 20; i++) ok.observe(0.003);
  const [s] = await stack.summaries();
  t.equal(s!.error, undefined);
  t.ok(s!.requestsPerSec > 0 && s!.p50Ms! > 2 && s!.rssMb > 0, 'rates, latency and RSS');
});
