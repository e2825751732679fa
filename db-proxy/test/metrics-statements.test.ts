// The statement-latency metric under statements made per call: a transaction's statements in
// one round trip are a new Statement each time, its values in its text. Counting one must not
// keep it (before, a map keyed by the Statement kept every query's text for the process's life).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createLogger, createMetricsRegistry } from '@slg/service-kit';
import t from 'tap';
import type { Statement } from '../src/backends/types.ts';
import { DbProxyMetrics } from '../src/metrics.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

t.test('a statement made per call is counted under its name and not kept', async (t) => {
  const registry = createMetricsRegistry();
  const metrics = new DbProxyMetrics(
    registry,
    createLogger({ name: 'db-proxy', level: 'silent' }),
    60_000,
  );
  const name = 'statements in one round trip';
  const refs: WeakRef<Statement>[] = [];
  for (let i = 0; i < 100; i++) {
    const stmt: Statement = { name, sql: `UPDATE t SET n = ${i} WHERE id = 1`, mode: 'write' };
    refs.push(new WeakRef(stmt));
    metrics.statement('b0', stmt, 0.001, undefined);
  }
  // A WeakRef's target lives at least until the end of the job that made it.
  await new Promise((r) => setImmediate(r));
  gc();
  // Before, all 100 were kept. One may stay for a while (the engine holds on to the last
  // object some call saw); what matters is that they do not pile up.
  const kept = refs.filter((r) => r.deref() !== undefined).length;
  t.ok(kept <= 1, `the statements counted are not kept (${kept} of 100 still alive)`);

  const text = await registry.metrics();
  t.match(
    text,
    /^dbproxy_statement_duration_seconds_count\{backend="b0",statement="statements in one round trip"\} 100$/m,
    'the 100 statements, counted as one label',
  );
});
