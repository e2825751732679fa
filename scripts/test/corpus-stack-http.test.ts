// The bad-input corpus on the whole stack of bundles: map-server on data-server
// (Redis DB 13, a key prefix of this file's) on db-proxy (MariaDB), and battle-server. Here HTTP,
// health and reflection: battle-server's routes (4xx in its documented JSON error body), the
// /metrics endpoints of db-proxy, data-server and map-server, and the gRPC health check, server
// reflection and gRPC framing of each (their input: names). (map-server's methods:
// corpus-stack.test.ts.) Each case must end with a clean status naming the problem, nothing may
// be written, and every process must be healthy after it.
import t from 'tap';
import { INVALID, judge, type Outcome, RawClient, report } from './corpus/cases.ts';
import { battleCases, healthCases, judgeHttp, metricsCases, send } from './corpus/http-cases.ts';
import { reflectionCases, runReflection } from './corpus/reflection-cases.ts';
import { CorpusStack } from './corpus/stack.ts';
import { runTransport, transportCases } from './corpus/transport-cases.ts';
import { encode, s as str } from './corpus/wire.ts';

t.test('the whole stack: the bad-input corpus of HTTP, health and reflection', async (t) => {
  const stack = new CorpusStack('stackhttp', 13);
  const names = ['db-proxy', 'data-server', 'battle-server', 'map-server'] as const;
  const started = performance.now();
  await stack.start(t, [...names]);
  t.comment(`stack up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await t.test('HTTP routes, health checks and reflection', async (t) => {
    const t0 = performance.now();
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
        const { code, details } = await client.serverStream(
          '/grpc.health.v1.Health/Watch',
          c.bytes,
        );
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
      // gRPC framing and headers, on the health check (a unary method every service has).
      outcomes.push(
        ...(await runTransport(
          name,
          stack.address(name),
          '/grpc.health.v1.Health/Check',
          transportCases(encode([str(1, '')])),
        )),
      );
    }
    t.ok(outcomes.length >= 150, `${outcomes.length} cases`);
    const after = await stack.snapshot();
    for (const name of names) {
      t.ok(await stack.healthy(name), `${name} healthy after the corpus`);
      t.same(stack.errorLines(name), [], `${name} logged no error`);
    }
    t.comment(`cases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    report(t, 'HTTP, health and reflection corpus', outcomes, before, after);
  });
});
