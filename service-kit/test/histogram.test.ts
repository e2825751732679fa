// FastHistogram is exposed exactly as prom-client exposes its own Histogram fed the same
// observations (text and JSON), through both registries' usual calls; reset empties it; a bad
// value is refused as prom-client refuses it.
import { Histogram, Registry } from 'prom-client';
import t from 'tap';
import { FastHistogram } from '../src/histogram.ts';

const buckets = [0.0001, 0.001, 0.01, 0.1, 1, 10];
const labelNames = ['grpc_service', 'grpc_method', 'grpc_code'] as const;

function pair() {
  const a = new Registry();
  const b = new Registry();
  const opts = { name: 'x_seconds', help: 'A "help" with\\ odd chars\nand a newline', buckets };
  const ref = new Histogram({ ...opts, labelNames, registers: [a] });
  const fast = new FastHistogram({ ...opts, labelNames: [...labelNames], registers: [b] });
  return { a, b, ref, fast };
}

t.test('the same text and JSON as prom-client for the same observations', async (t) => {
  const { a, b, ref, fast } = pair();
  const sets = [
    { grpc_service: 'slg.Svc', grpc_method: 'Get', grpc_code: 'OK' },
    { grpc_service: 'slg.Svc', grpc_method: 'Get', grpc_code: 'NOT_FOUND' },
    { grpc_service: 'slg.Svc', grpc_method: 'Put "x"\\', grpc_code: 'OK' },
  ];
  // Values on the bounds, between them, above them all, zero and negative.
  const values = [0, -1, 0.0001, 0.00011, 0.001, 0.5, 1, 10, 10.5, 1e9, 3e-7];
  for (const [i, labels] of sets.entries()) {
    const child = fast.labels(labels);
    for (const v of values.slice(i)) {
      ref.labels(labels).observe(v);
      child.observe(v);
    }
  }
  t.equal(await b.metrics(), await a.metrics());
  // As JSON goes over the wire (prom-client's sum and count lines carry an undefined exemplar).
  const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;
  t.same(json(await b.getMetricsAsJSON()), json(await a.getMetricsAsJSON()));
  t.same(json(await fast.get()), json(await ref.get()));
  t.match(
    await b.metrics(),
    /x_seconds_bucket\{le="0\.001",grpc_service="slg\.Svc",grpc_method="Get",grpc_code="OK"\} 6/,
  );
  t.equal(fast.labels(sets[0]!), fast.labels({ ...sets[0]! }), 'one child per label set');
});

t.test('reset, and refusals', async (t) => {
  const { a, b, ref, fast } = pair();
  const labels = { grpc_service: 's', grpc_method: 'm', grpc_code: 'OK' };
  fast.labels(labels).observe(1);
  fast.reset();
  t.equal(await b.metrics(), await a.metrics(), 'empty after reset, like a fresh prom-client one');
  t.throws(() => fast.labels(labels).observe(Number.NaN), TypeError);
  t.throws(() => ref.labels(labels).observe(Number.NaN), TypeError);
  t.throws(() => fast.labels({ grpc_service: 's', grpc_method: 'm' } as never), /grpc_code/);
  t.throws(
    () =>
      new FastHistogram({ name: 'x_seconds', help: 'h', labelNames: [], buckets, registers: [a] }),
    /already been registered/,
  );
});
