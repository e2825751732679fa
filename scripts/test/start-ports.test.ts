// The test stacks' ports are found free and bound by the bundles a moment later; another
// process may take one in between (a second suite beside this one). startScriptStack then
// starts the stack again on other ports: here the first try is handed a port that is taken.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { reachable, startScriptStack } from './helpers/bundles.ts';

t.test('a stack whose port is taken starts again on other ports', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-start-ports-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // scripts/start.ts's wait for the port connects to it: such a connection is closed at once.
  const taken = createServer((socket) => socket.destroy());
  taken.listen(0, '127.0.0.1');
  await once(taken, 'listening');
  t.teardown(() => taken.close());
  const takenPort = (taken.address() as { port: number }).port;

  const { stack, ports, attempts } = await startScriptStack(
    {
      // The embedded backends and a small world: this test is about ports.
      DBPROXY_DATA_DIR: dir,
      MAPSERVER_WIDTH: '100',
      MAPSERVER_HEIGHT: '100',
      MAPSERVER_FIELDS: '10',
      MAPSERVER_MONSTERS: '5',
      BATTLE_PROCESSES: '1',
    },
    { timeoutMs: 50_000, withoutNodeOptions: true, firstPorts: { DBPROXY_PORT: takenPort } },
  );
  t.teardown(() => stack.stop('SIGINT', 15_000));
  t.equal(attempts, 2, 'the first try failed on the taken port, the second came up');
  t.not(ports.DBPROXY_PORT, takenPort, 'db-proxy is on another port');
  t.ok(await reachable(ports.DBPROXY_PORT), 'db-proxy listens there');
});
