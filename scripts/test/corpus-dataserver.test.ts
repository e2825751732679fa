// The bad-input corpus, data-server: every method of slg.dataserver.v2.DataService,
// on the data-server bundle (Redis cache in a DB of its own) in front of the db-proxy bundle
// over MariaDB. Each case must end with a clean status naming the problem, nothing may be
// written (MariaDB or Redis), and both processes must be healthy after.
import t from 'tap';
import { RawClient, report, runGrpc } from './corpus/cases.ts';
import { dataServerCases, warmUp } from './corpus/dataserver-cases.ts';
import { CorpusStack } from './corpus/stack.ts';

t.test('data-server: the bad-input corpus', async (t) => {
  const stack = new CorpusStack('ds', 12);
  const t0 = performance.now();
  await stack.start(t, ['db-proxy', 'data-server']);
  const up = performance.now();
  const cases = dataServerCases();
  t.ok(cases.length >= 300, `${cases.length} cases`);
  const client = new RawClient(stack.address('data-server'));
  t.teardown(() => client.close());
  // The reads the 1 ms deadline cases repeat, once in full: cached now, so that the corpus's
  // reads are hits and write nothing to Redis.
  for (const w of warmUp)
    t.equal((await client.unary(w.path, w.bytes)).code, 0, `warm-up ${w.path}`);
  const before = await stack.snapshot();
  t.ok(Object.keys(before.tables).length >= 5, "the schema's tables exist (checksummed)");
  t.ok(
    before.redisKeys >= warmUp.length,
    `the warm-up reads are cached (${before.redisKeys} keys)`,
  );
  const outcomes = await runGrpc(client, cases);
  const after = await stack.snapshot();
  for (const name of ['db-proxy', 'data-server'] as const) {
    t.ok(await stack.healthy(name), `${name} healthy after the corpus`);
    t.same(stack.errorLines(name), [], `${name} logged no error`);
  }
  t.comment(
    `stack up in ${((up - t0) / 1000).toFixed(1)} s, the rest in ${((performance.now() - up) / 1000).toFixed(1)} s`,
  );
  report(t, 'data-server corpus', outcomes, before, after);
});
