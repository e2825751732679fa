// etcd discovery (discovery.ts) on a private etcd: the URL checks, registration only while
// serving and withdrawn on close, the grpc-js resolver balancing across instances and dropping
// a withdrawn one, the round-robin picker the HTTP clients use. The kill-and-expire acceptance
// test is data-server/test/etcd-discovery.test.ts (db-proxy processes SIGKILLed).
import { slg, slg_echo_v1_EchoServiceDefinition } from '@slg/proto';
import { etcdMissing, PrivateEtcd } from '@slg/test-kit/private-etcd';
import { Etcd3 } from 'etcd3';
import t from 'tap';
import {
  addressProblem,
  EtcdInstances,
  parseEtcdTarget,
  registerProblem,
  startRegistration,
} from '../src/discovery.ts';
import { createGrpcClient, createLogger, createMetricsRegistry, GrpcServer } from '../src/index.ts';

const logger = createLogger({
  name: 'discovery-test',
  level: process.env.TEST_LOG_LEVEL ?? 'silent',
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

t.test('etcd URLs are checked once, each problem named', async (t) => {
  const p = parseEtcdTarget(
    'etcd://127.0.0.1:2379,etcd-2:2379/slg/db-proxy?ttl=5&advertise=10.0.0.5',
  );
  t.same(p.endpoints, ['http://127.0.0.1:2379', 'http://etcd-2:2379']);
  t.equal(p.prefix, '/slg/db-proxy/');
  t.equal(p.name, 'db-proxy');
  t.equal(p.ttlSec, 5);
  t.equal(p.advertise, '10.0.0.5');
  t.equal(parseEtcdTarget('etcd://h:1/x').ttlSec, 10, 'default TTL');
  t.equal(addressProblem('A', '127.0.0.1:50051'), undefined, 'host:port stays valid');
  t.equal(addressProblem('A', '[::1]:50051'), undefined);
  t.equal(addressProblem('A', 'etcd://h:2379/slg/db-proxy'), undefined);
  t.equal(registerProblem('R', ''), undefined, 'empty: no registration');
  const bad: [string, RegExp][] = [
    ['etcd://h:2379', /must be etcd:\/\/host:port/],
    ['etcd://h/slg/x', /"h" is not host:port/],
    ['etcd://h:99999/slg/x', /is not host:port/],
    ['etcd://h:2379/slg/db proxy', /key prefix/],
    ['etcd://h:2379/slg/x?ttl=1', /ttl="1": must be an integer from 2 to 3600/],
    ['etcd://h:2379/slg/x?ttl=abc', /ttl="abc"/],
    ['etcd://h:2379/slg/x?tll=5', /unknown parameter "tll"/],
    ['etcd://h:2379/slg/x?advertise=a/b', /advertise="a\/b"/],
  ];
  for (const [value, re] of bad) {
    t.match(addressProblem('DATASERVER_DBPROXY_ADDR', value), re, value);
    t.match(addressProblem('DATASERVER_DBPROXY_ADDR', value), /^DATASERVER_DBPROXY_ADDR=/);
  }
  t.match(addressProblem('A', 'http://h:1'), /must be host:port or etcd:\/\//);
  t.match(registerProblem('R', '127.0.0.1:2379'), /must be etcd:\/\//);
});

t.test('etcd unreachable: calls fail UNAVAILABLE naming it; the read is tried again', async (t) => {
  const url = 'etcd://127.0.0.1:1/nothing/echo';
  const watch = new EtcdInstances(url);
  t.teardown(() => watch.close());
  const client = createGrpcClient(slg_echo_v1_EchoServiceDefinition, url, { deadlineMs: 20_000 });
  t.teardown(() => client.close());
  await t.rejects(client.Echo({}), {
    grpcCode: 14,
    message: /etcd discovery of etcd:\/\/127\.0\.0\.1:1\/nothing\/echo: .*ECONNREFUSED/,
  });
  await waitFor(() => watch.lastError !== undefined, 'the first read to fail');
  t.equal(watch.isReady, false, "not ready: its list is not etcd's");
});

t.test(
  'registration, watch and the gRPC resolver on a private etcd',
  { skip: etcdMissing() ?? false },
  async (t) => {
    const etcd = await PrivateEtcd.start();
    t.teardown(() => etcd.stop());
    const url = etcd.url(`/t${process.pid}/echo`, 'ttl=3');
    // What etcd holds under the prefix, read by a client of the test's own.
    const reader = new Etcd3({ hosts: `http://${etcd.hostPort}` });
    t.teardown(() => reader.close());
    const keys = async () => (await reader.getAll().prefix(`/t${process.pid}/echo/`).keys()).sort();
    const watch = new EtcdInstances(url);
    t.teardown(() => watch.close());
    await watch.ready;
    t.same(watch.list(), [], 'nothing registered yet');

    const servers: { name: string; server: GrpcServer; port: number; serving: boolean }[] = [];
    const start = async (name: string) => {
      const server = new GrpcServer({ logger, registry: createMetricsRegistry() });
      server.addService(slg_echo_v1_EchoServiceDefinition, {
        Echo: async () => slg.echo.v1.EchoResponse.create({ text: name }),
      });
      const port = await server.listen('127.0.0.1', 0);
      const s = { name, server, port, serving: false };
      servers.push(s);
      t.teardown(() => server.shutdown(0));
      const reg = startRegistration({
        target: url,
        host: '127.0.0.1',
        port,
        serving: () => s.serving,
        logger,
        pollMs: 20,
      });
      t.teardown(() => reg.close());
      return { ...s, reg, state: s };
    };

    const a = await start('a');
    const b = await start('b');
    const client = createGrpcClient(slg_echo_v1_EchoServiceDefinition, url, { deadlineMs: 3000 });
    t.teardown(() => client.close());
    await t.rejects(client.Echo({}), { grpcCode: 14, message: /no instance registered under/ });
    // Listening but not serving yet: not registered.
    t.equal(a.reg.registered, false, 'not registered before serving');
    t.same(await keys(), [], 'no key in etcd');

    a.state.serving = true;
    b.state.serving = true;
    await Promise.all([a.reg.ready, b.reg.ready]);
    await waitFor(() => watch.list().length === 2, 'two instances in the watch');
    t.same(
      watch
        .list()
        .map((i) => i.address)
        .sort(),
      [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`].sort(),
      'the watch lists both addresses',
    );

    // Balanced: once both connections are up, round-robin alternates.
    const seen = new Set<string>();
    const counts = async (n: number) => {
      const c: Record<string, number> = {};
      for (let i = 0; i < n; i++) {
        const r = await client.Echo({});
        c[r.text] = (c[r.text] ?? 0) + 1;
      }
      return c;
    };
    for (let i = 0; seen.size < 2 && i < 200; i++) seen.add((await client.Echo({})).text);
    t.equal(seen.size, 2, 'both instances answered');
    const even = await counts(40);
    t.ok((even.a ?? 0) >= 10 && (even.b ?? 0) >= 10, `both get traffic: ${JSON.stringify(even)}`);

    // b stops serving: its lease is revoked, its key goes, calls go to a only (b still runs).
    b.state.serving = false;
    await waitFor(() => watch.list().length === 1, 'b withdrawn from the watch');
    t.equal(watch.list()[0]!.address, `127.0.0.1:${a.port}`);
    let inARow = 0;
    for (let i = 0; inARow < 10 && i < 500; i++)
      inARow = (await client.Echo({})).text === 'a' ? inARow + 1 : 0;
    const after = await counts(20);
    t.same(after, { a: 20 }, 'a withdrawn instance gets no call, though it still serves');

    // Serving again: registered again under a new lease.
    b.state.serving = true;
    await waitFor(() => watch.list().length === 2, 'b registered again');
    let bAgain = false;
    for (let i = 0; !bAgain && i < 500; i++) bAgain = (await client.Echo({})).text === 'b';
    t.ok(bAgain, 'b answers again once registered again');

    // The round-robin picker of HTTP clients.
    const picks = [watch.next(), watch.next(), watch.next(), watch.next()];
    t.equal(new Set(picks).size, 2, 'next() alternates between the two addresses');

    // close() withdraws at once (revoke), without waiting for the TTL.
    t.equal((await keys()).length, 2);
    await a.reg.close();
    t.equal(a.reg.registered, false);
    t.same(await keys(), [b.reg.key], "a's key is gone when close() returns, before its TTL");
    await waitFor(() => watch.list().length === 1, 'a withdrawn from the watch');
    t.equal(watch.list()[0]!.address, `127.0.0.1:${b.port}`);
  },
);
