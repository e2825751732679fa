// Test stacks bind port 0: each service takes any free port and reports it (its listening
// line), scripts/start.ts wires the next services to it and names every port in its 'stack up'
// line. No port is found free first and bound a moment later, so two stacks started at once
// (two test suites side by side) cannot take each other's ports: here both come up, on
// fourteen distinct ports, each answering as its service (map-server, which loads its world
// from data-server at start, came up wired to its own stack's data-server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { reachable, type StackPorts, startScriptStack } from './helpers/bundles.ts';

const metricsVars = ['DBPROXY_METRICS_PORT', 'DATASERVER_METRICS_PORT', 'MAPSERVER_METRICS_PORT'];

async function startOne(t: Test, tag: string) {
  const dir = mkdtempSync(join(tmpdir(), `slg-start-ports-${tag}-`));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const started = await startScriptStack(
    {
      // The embedded backends and a small world: this test is about ports.
      DBPROXY_DATA_DIR: dir,
      MAPSERVER_WIDTH: '100',
      MAPSERVER_HEIGHT: '100',
      MAPSERVER_FIELDS: '10',
      MAPSERVER_MONSTERS: '5',
      BATTLE_PROCESSES: '1',
    },
    { timeoutMs: 100_000, withoutNodeOptions: true },
  );
  t.teardown(() => started.stack.stop('SIGINT', 15_000));
  return started;
}

t.test('two stacks started at once on port 0 both come up, each on ports of its own', async (t) => {
  const [a, b] = await Promise.all([startOne(t, 'a'), startOne(t, 'b')]);
  const all = [...Object.values(a.ports), ...Object.values(b.ports)];
  t.equal(all.length, 16, 'eight ports each');
  t.equal(new Set(all).size, 16, `sixteen distinct ports: ${all.join(' ')}`);
  t.ok(
    all.every((p) => p > 0),
    'every port is one the kernel chose, not 0',
  );
  for (const [name, { ports }] of [
    ['a', a],
    ['b', b],
  ] as const) {
    for (const v of ['DBPROXY_PORT', 'DATASERVER_PORT', 'MAPSERVER_PORT'] as const) {
      t.ok(await reachable(ports[v]), `stack ${name}: ${v} ${ports[v]} accepts connections`);
    }
    for (const v of metricsVars as (keyof StackPorts)[]) {
      const body = await (await fetch(`http://127.0.0.1:${ports[v]}/metrics`)).text();
      t.match(
        body,
        /process_resident_memory_bytes/,
        `stack ${name}: ${v} ${ports[v]} serves /metrics`,
      );
    }
    const ready = await fetch(`http://127.0.0.1:${ports.BATTLE_PORT}/readyz`);
    t.equal(ready.status, 200, `stack ${name}: battle-server ready on ${ports.BATTLE_PORT}`);
    const page = await fetch(`http://127.0.0.1:${ports.CONSOLE_PORT}/`);
    t.equal(page.status, 200, `stack ${name}: the console's page on ${ports.CONSOLE_PORT}`);
  }
});
