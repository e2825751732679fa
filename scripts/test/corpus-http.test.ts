// The bad-input corpus, HTTP (issue 16): battle-server's routes (4xx in its documented JSON
// error body), the /metrics endpoints of db-proxy, data-server and map-server, and the gRPC
// health check and server reflection of each (their input: names), on the whole stack of
// bundles. Nothing may be written, and every process must be healthy after.
import t from 'tap';
import { INVALID, judge, type Outcome, RawClient, report } from './corpus/cases.ts';
import { battleCases, healthCases, judgeHttp, metricsCases, send } from './corpus/http-cases.ts';
import { reflectionCases, runReflection } from './corpus/reflection-cases.ts';
import { CorpusStack } from './corpus/stack.ts';

t.test('HTTP routes, health checks and reflection: the bad-input corpus', async (t) => {
  const stack = new CorpusStack('http', 14);
  const names = ['db-proxy', 'data-server', 'battle-server', 'map-server'] as const;
  await stack.start(t, [...names]);
  const before = await stack.snapshot();
  const outcomes: Outcome[] = [];
  const http = [
    ...battleCases().map((c) => ({ c, port: stack.get('battle-server').port })),
    ...(['db-proxy', 'data-server', 'map-server'] as const).flatMap((name) =>
      metricsCases(name).map((c) => ({ c, port: stack.get(name).metricsPort })),
    ),
  ];
  // Four at a time: several cases send megabytes.
  let next = 0;
  const results: Outcome[] = new Array(http.length);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < http.length) {
        const k = next++;
        const { c, port } = http[k]!;
        results[k] = judgeHttp(c, await send(port, c.raw));
      }
    }),
  );
  outcomes.push(...results);
  for (const name of ['db-proxy', 'data-server', 'map-server'] as const) {
    const client = new RawClient(stack.address(name));
    for (const c of healthCases(name)) {
      const { code, details } = await client.unary('/grpc.health.v1.Health/Check', c.bytes);
      outcomes.push(
        judge({ method: 'grpc.health.v1 Check', name: c.name, expect: c.expect }, code, details),
      );
    }
    // Watch (a server stream) takes the same request: the ones that do not decode.
    for (const c of healthCases(name).filter((c) => c.expect.codes.includes(INVALID))) {
      const { code, details } = await client.serverStream('/grpc.health.v1.Health/Watch', c.bytes);
      outcomes.push(
        judge(
          { method: 'grpc.health.v1 Watch (stream)', name: c.name, expect: c.expect },
          code,
          details,
        ),
      );
    }
    client.close();
    outcomes.push(...(await runReflection(name, stack.address(name), reflectionCases())));
  }
  t.ok(outcomes.length >= 150, `${outcomes.length} cases`);
  const after = await stack.snapshot();
  for (const name of names) {
    t.ok(await stack.healthy(name), `${name} healthy after the corpus`);
    t.same(stack.errorLines(name), [], `${name} logged no error`);
  }
  report(t, 'HTTP, health and reflection corpus', outcomes, before, after);
});
