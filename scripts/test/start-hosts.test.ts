// `npm start` with every service bound to one address that is not 127.0.0.1 (a machine's own
// address, as on a server the load generator reaches over the network): each service is wired to
// the others at that address. 127.0.0.2 is such an address on any Linux (all of 127/8 is
// loopback) and nothing but this test's stack listens there. map-server loads (creates) its
// world through data-server and db-proxy before it reports its ports, so 'stack up' proves both
// links; the console is asked for the world (map-server) and every service's /metrics.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { dialHost } from '../dial.ts';
import { startScriptStack } from './helpers/bundles.ts';

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => {
      s.destroy();
      resolve(false);
    });
  });
}

t.test('the address a service is called at, from its bind address', async (t) => {
  t.equal(dialHost(undefined), '127.0.0.1', 'unset: the services default to 127.0.0.1');
  t.equal(dialHost(''), '127.0.0.1');
  t.equal(dialHost('0.0.0.0'), '127.0.0.1', 'every interface: loopback is one of them');
  t.equal(dialHost('::'), '[::1]');
  t.equal(dialHost('10.0.0.5'), '10.0.0.5');
  t.equal(dialHost('fd00::5'), '[fd00::5]', 'IPv6 bracketed for host:port and URLs');
  t.equal(dialHost('server-a'), 'server-a');
});

t.test('every service bound to 127.0.0.2: the stack comes up wired there', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-start-hosts-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const host = '127.0.0.2';
  const { stack, ports } = await startScriptStack(
    {
      DBPROXY_HOST: host,
      DATASERVER_HOST: host,
      BATTLE_HOST: host,
      MAPSERVER_HOST: host,
      CONSOLE_HOST: host,
      DBPROXY_DATA_DIR: dir,
      MAPSERVER_WIDTH: '100',
      MAPSERVER_HEIGHT: '100',
      MAPSERVER_FIELDS: '10',
      MAPSERVER_MONSTERS: '5',
      BATTLE_PROCESSES: '1',
    },
    { timeoutMs: 100_000, withoutNodeOptions: true },
  );
  t.teardown(() => stack.stop('SIGINT', 15_000));
  for (const [name, port] of Object.entries(ports)) {
    t.ok(await accepts(host, port), `${name} ${port} accepts connections on ${host}`);
    t.notOk(await accepts('127.0.0.1', port), `${name} ${port} is not bound on 127.0.0.1`);
  }
  const ready = await fetch(`http://${host}:${ports.BATTLE_PORT}/readyz`);
  t.equal(ready.status, 200, 'battle-server ready at the address');
  // The console calls map-server, and reads every service's /metrics, at the address too.
  const world = await fetch(`http://${host}:${ports.CONSOLE_PORT}/api/world`);
  t.equal(world.status, 200, 'the console reaches map-server');
  t.match(await world.json(), { width: 100, height: 100 });
  const panel = (await (await fetch(`http://${host}:${ports.CONSOLE_PORT}/api/stack`)).json()) as {
    services: { name: string; error?: string }[];
  };
  t.equal(panel.services.length, 4, 'a panel per service');
  for (const s of panel.services) t.notOk(s.error, `the console reads ${s.name}'s /metrics`);
});
