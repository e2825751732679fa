// The bad-input corpus on the whole stack of bundles: map-server on data-server
// (Redis DB 13, a key prefix of this file's) on db-proxy (MariaDB), and battle-server. Here
// map-server: every method of slg.mapserver.v1.MapService and the ViewportService.Watch stream,
// including refusals that depend on state (a player of the corpus's own). (HTTP, health and
// reflection on the same stack: corpus-stack-http.test.ts; together they took 60.6 s at load 8-12.)
// Each case must end with a clean status naming the problem, nothing may be written, and every
// process must be healthy after it.
import t from 'tap';
import { RawClient, report, runGrpc } from './corpus/cases.ts';
import {
  mapServerCases,
  runWatch,
  setup,
  stateCases,
  warmUp,
  watchCases,
} from './corpus/mapserver-cases.ts';
import { CorpusStack } from './corpus/stack.ts';

t.test('the whole stack: the bad-input corpus of map-server', async (t) => {
  const stack = new CorpusStack('stackmap', 13);
  const names = ['db-proxy', 'data-server', 'battle-server', 'map-server'] as const;
  const started = performance.now();
  await stack.start(t, [...names]);
  t.comment(`stack up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await t.test('map-server', async (t) => {
    const t0 = performance.now();
    const cases = [...mapServerCases(), ...stateCases()];
    const watch = watchCases();
    t.ok(cases.length + watch.length >= 150, `${cases.length + watch.length} cases`);
    const client = new RawClient(stack.address('map-server'));
    t.teardown(() => client.close());
    // The corpus's player: a record, troops and a city (written before the snapshot).
    const data = new RawClient(stack.address('data-server'));
    t.teardown(() => data.close());
    for (const c of setup) {
      const { code, details } = await (c.service === 'map-server' ? client : data).unary(
        c.path,
        c.bytes,
      );
      t.equal(code, 0, `setup ${c.path}: ${details}`);
    }
    // Each state case once: what it reads is cached after, so that the corpus writes nothing.
    for (const c of stateCases()) await client.unary(c.path, c.bytes);
    // The calls that read an absent record through data-server, once in full (its cache holds the
    // answer now, so the corpus's repeats write nothing).
    for (const w of warmUp) {
      const { code } = await client.unary(w.path, w.bytes);
      t.not(code, 0, `warm-up ${w.path} answered an error, as the case expects`);
    }
    const before = await stack.snapshot();
    t.ok(Object.keys(before.tables).length >= 5, "the schema's tables exist (checksummed)");
    const outcomes = [
      ...(await runGrpc(client, cases)),
      ...(await runWatch(stack.address('map-server'), watch)),
    ];
    const after = await stack.snapshot();
    for (const name of names) {
      t.ok(await stack.healthy(name), `${name} healthy after the corpus`);
      t.same(stack.errorLines(name), [], `${name} logged no error`);
    }
    t.comment(`cases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    report(t, 'map-server corpus', outcomes, before, after);
  });
});
