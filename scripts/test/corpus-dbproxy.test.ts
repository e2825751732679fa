// The bad-input corpus, db-proxy: every method of slg.dbproxy.v1.DbProxy, on the
// db-proxy bundle over MariaDB. Each case must end with a clean status naming the problem,
// nothing may be written, and db-proxy must be healthy after.
import t from 'tap';
import { RawClient, report, runGrpc } from './corpus/cases.ts';
import { dbProxyCases } from './corpus/dbproxy-cases.ts';
import { CorpusStack } from './corpus/stack.ts';

t.test('db-proxy: the bad-input corpus', async (t) => {
  const stack = new CorpusStack('dbp', 11);
  const t0 = performance.now();
  await stack.start(t, ['db-proxy']);
  const up = performance.now();
  const cases = dbProxyCases();
  t.ok(cases.length >= 300, `${cases.length} cases`);
  const client = new RawClient(stack.address('db-proxy'));
  t.teardown(() => client.close());
  const before = await stack.snapshot();
  t.ok(Object.keys(before.tables).length >= 5, "the schema's tables exist (checksummed)");
  const outcomes = await runGrpc(client, cases);
  const after = await stack.snapshot();
  t.ok(await stack.healthy('db-proxy'), 'db-proxy healthy after the corpus');
  t.same(stack.errorLines('db-proxy'), [], 'db-proxy logged no error');
  t.comment(
    `stack up in ${((up - t0) / 1000).toFixed(1)} s, the rest in ${((performance.now() - up) / 1000).toFixed(1)} s`,
  );
  report(t, 'db-proxy corpus', outcomes, before, after);
});
