// The kit's /metrics server: GET /metrics and /healthz, 404 for the rest, and a 404 that reaches a
// client still sending a large body (read before the answer, so the close is not a reset).
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import t from 'tap';
import { createMetricsRegistry, startMetricsServer } from '../src/core.ts';

/**
 * Writes `raw` in 64 KiB pieces, each after the last one is flushed and the loop has turned (so
 * an early answer is read), then reads until the server closes. `early` is set when the answer
 * began before the last piece was written; `error` when the socket failed (a reset).
 */
function exchange(
  port: number,
  raw: Buffer,
): Promise<{ text: string; early: boolean; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let early = false;
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error ??= err.code ?? err.message;
    });
    socket.on('close', () =>
      resolve({ text: Buffer.concat(chunks).toString('latin1'), early, error }),
    );
    const piece = 64 * 1024;
    const next = (at: number) => {
      if (at >= raw.length || socket.destroyed) return;
      if (at > 0 && chunks.length > 0) early = true;
      socket.write(raw.subarray(at, at + piece), (err) => {
        if (!err) setImmediate(() => next(at + piece));
      });
    };
    next(0);
  });
}

function request(method: string, path: string, headers: Record<string, string>, body = ''): Buffer {
  const h = { host: 'x', ...headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const head = Object.entries(h)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.from(`${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`);
}

t.test('serves /metrics and /healthz, 404 elsewhere', async (t) => {
  const server = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    registry: createMetricsRegistry(),
  });
  t.teardown(() => server.close());
  const metrics = await exchange(server.port, request('GET', '/metrics', { connection: 'close' }));
  t.match(metrics.text, /^HTTP\/1\.1 200 /, 'GET /metrics: 200');
  t.match(metrics.text, /process_resident_memory_bytes/, 'with the process metrics');
  const health = await exchange(server.port, request('GET', '/healthz', { connection: 'close' }));
  t.match(health.text, /^HTTP\/1\.1 200 [\s\S]*\r\n\r\n(3\r\n)?ok\n/, 'GET /healthz: ok');
  const other = await exchange(server.port, request('GET', '/nope', { connection: 'close' }));
  t.match(other.text, /^HTTP\/1\.1 404 [\s\S]*try GET \/metrics/, 'elsewhere: 404 naming the way');
});

t.test('/metrics?name= serves the families named, and only those', async (t) => {
  const registry = createMetricsRegistry();
  const server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry });
  t.teardown(() => server.close());
  const base = `http://127.0.0.1:${server.port}/metrics`;
  // Garbage enough for young-generation collections: a GC family with label sets to compare.
  let junk: object[] = [];
  for (let i = 0; i < 2_000_000; i++) junk.push({ i });
  junk = [];
  await new Promise((r) => setImmediate(r));
  const all = await (await fetch(base)).text();
  const families = (text: string) => [...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]);
  t.ok(families(all).length > 10, 'unfiltered: every family');
  const res = await fetch(
    `${base}?name=process_cpu_seconds_total&name=nodejs_gc_duration_seconds&name=no_such_metric`,
  );
  t.equal(res.status, 200);
  const some = await res.text();
  t.same(families(some), ['process_cpu_seconds_total', 'nodejs_gc_duration_seconds']);
  const gcKinds = (text: string) =>
    [...text.matchAll(/^nodejs_gc_duration_seconds_count\{kind="(\w+)"\}/gm)].map((m) => m[1]);
  t.ok(gcKinds(all).length > 0, 'collections recorded');
  t.same(gcKinds(some), gcKinds(all), 'a family whole: every label set of it');
  t.equal(await (await fetch(`${base}?name=no_such_metric`)).text(), '', 'nothing known: empty');
  const bad = await fetch(`${base}?name[]=process_cpu_seconds_total`);
  t.equal(bad.status, 400, 'another parameter: refused');
  t.match(await bad.text(), /unknown parameter "name\[\]": \/metrics takes name=/);
});

t.test('a 1 MiB body: the 404 arrives and the connection ends without a reset', async (t) => {
  const server = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    registry: createMetricsRegistry(),
  });
  t.teardown(() => server.close());
  const body = 'x'.repeat(1024 * 1024);
  for (let k = 0; k < 5; k++) {
    const r = await exchange(
      server.port,
      request('POST', '/metrics', { connection: 'close' }, body),
    );
    t.match(r.text, /^HTTP\/1\.1 404 /, `try ${k + 1}: 404`);
    t.notOk(r.early, `try ${k + 1}: answered once the body was read, not while it was sent`);
    t.equal(r.error, undefined, `try ${k + 1}: no socket error`);
  }
  // Kept alive, the body read whole: the next request on the same connection is answered.
  const twice = Buffer.concat([
    request('POST', '/metrics', {}, 'y'.repeat(256 * 1024)),
    request('GET', '/healthz', { connection: 'close' }),
  ]);
  const r = await exchange(server.port, twice);
  t.match(r.text, /^HTTP\/1\.1 404 [\s\S]*HTTP\/1\.1 200 [\s\S]*ok\n/, 'a 404, then the 200');
});

t.test('every GC is counted, also those V8 reports together', async (t) => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const registry = createMetricsRegistry();
  const majors = async () => {
    const m = await registry.getSingleMetric('nodejs_gc_duration_seconds')!.get();
    const count = (
      m.values as { metricName?: string; labels: { kind?: string }; value: number }[]
    ).find((v) => v.metricName === 'nodejs_gc_duration_seconds_count' && v.labels.kind === 'major');
    return count?.value ?? 0;
  };
  const before = await majors();
  // Ten full collections in one synchronous run: their entries reach the observer as one list.
  for (let i = 0; i < 10; i++) gc();
  // The observer is called after this task; a macrotask later it has been.
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 0));
  t.equal((await majors()) - before, 10, 'ten major GCs counted');
  const text = await registry.metrics();
  t.match(text, /nodejs_gc_duration_seconds_bucket\{le="0.002",kind="major"\} \d+/);
  t.match(text, /nodejs_eventloop_lag_p99_seconds \d/);
});
