// CPU per request as a standard output: the arithmetic (a server's CPU per request and
// its multiple of the echo server's CPU per call), then a short run of `bench data` against the
// real stack in this process (its pid given as --server-pids): the figures are in the printed
// table and the JSON, consistent with the raw CPU seconds and counts beside them, and
// `bench compare` reads them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { DataResult } from '../src/commands/data.ts';
import { cpuPerRequest, cpuTable } from '../src/lib/cpu-cost.ts';
import { runQueueWaitSeconds } from '../src/lib/proc.ts';
import { figuresOf } from '../src/stats/compare-runs.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { checkConsistent } from './helpers/cpu-cost.ts';
import { startStack } from './helpers/stack.ts';

t.test('the arithmetic: us per request, multiples of E and of the echo client', async (t) => {
  const c = cpuPerRequest({
    echoServer: { cpuS: 0.5, requests: 10_000 },
    echoClient: { cpuS: 1, requests: 10_000 },
    servers: [
      { pid: 11, label: 'data-server', cpuS: 2.7 },
      { pid: 12, label: 'db-proxy', cpuS: 1.5 },
      { pid: 13, label: 'gone', cpuS: null },
    ],
    clientCpuS: 3,
    requests: 20_000,
  });
  t.equal(c.echoServer?.us, 50);
  t.equal(c.echoClient?.us, 100);
  t.same(
    c.servers.map((s) => [s.pid, s.us, s.multipleOfEcho]),
    [
      [11, 135, 2.7],
      [12, 75, 1.5],
    ],
    'a process whose CPU could not be read is left out',
  );
  t.equal(c.serversTotal?.us, 210);
  t.equal(c.serversTotal?.multipleOfEcho, 4.2);
  t.equal(c.client.us, 150);
  t.equal(c.client.multipleOfEchoClient, 1.5);
  const printed = cpuTable(c);
  t.match(printed, /^echo server \(ceiling phases\), per call = E\s+10,000\s+50\.0\s+1\.00x$/m);
  t.match(printed, /^data-server\s+11\s+20,000\s+135\s+2\.70x$/m);
  t.match(printed, /^all servers above\s+20,000\s+210\s+4\.20x$/m);
  t.match(printed, /load generator: 150 us per request against 100 us per echo call: 1\.50x/);

  const none = cpuPerRequest({
    echoServer: null,
    echoClient: { cpuS: 1, requests: 0 },
    servers: [],
    clientCpuS: 1,
    requests: 100,
  });
  t.equal(none.echoServer, null);
  t.equal(none.echoClient, null, 'no echo calls: no per-call figure, not a division by 0');
  t.equal(none.serversTotal, null);
  t.equal(none.client.multipleOfEchoClient, null);
  t.match(cpuTable(none), /no server CPU: give the servers with --server-pids/);
  t.notMatch(cpuTable(c), /waited/, 'no run-queue figures: no column for them');

  const waited = cpuPerRequest({
    echoServer: null,
    echoClient: null,
    servers: [
      { pid: 11, label: 'data-server', cpuS: 2, runQueueWaitS: 0.5 },
      { pid: 12, label: 'redis-server', cpuS: 1, runQueueWaitS: null },
    ],
    clientCpuS: 3,
    clientRunQueueWaitS: 1.5,
    requests: 10_000,
  });
  t.same(
    waited.servers.map((s) => s.waitUs),
    [50, null],
  );
  t.equal(waited.client.waitUs, 150);
  const w = cpuTable(waited);
  t.match(w, /^data-server\s+11\s+10,000\s+200\s+-\s+50\.0$/m);
  t.match(w, /^redis-server\s+12\s+10,000\s+100\s+-\s+-$/m, 'not read: shown as missing');
  t.match(w, /^load generator \(this process\)\s+10,000\s+300\s+150$/m);
});

t.test('bench data prints and writes CPU per request; compare reads it', async (t) => {
  const stack = await startStack('cpu');
  t.teardown(() => stack.close());
  const dir = tempDir(t, 'cpu');
  const pid = String(process.pid);

  const dataOut = join(dir, 'data.json');
  const data = await runCli([
    'data',
    '--target',
    stack.dataServerAddress,
    '-d',
    '1s',
    '--ceiling-duration',
    '500ms',
    '--players',
    '16',
    '-c',
    '8',
    '-w',
    '1',
    '--server-pids',
    pid,
    '-q',
    '-o',
    dataOut,
  ]);
  t.equal(data.code, 0, data.stdout + data.stderr);
  t.match(data.stdout, /^CPU per request \(us; "x echo"/m);
  t.match(
    data.stdout,
    /^echo server \(ceiling phases\), per call = E\s+[\d,]+\s+[\d.,]+\s+1\.00x$/m,
  );
  t.match(
    data.stdout,
    new RegExp(`\\s${pid}\\s+[\\d,]+\\s+[\\d.,]+\\s+[\\d.]+x(\\s+[\\d.,]+)?$`, 'm'),
  );
  t.match(data.stdout, /^load generator: [\d.,]+ us per request against [\d.,]+ us per echo call/m);
  const d = JSON.parse(readFileSync(dataOut, 'utf8')) as DataResult;
  checkConsistent(t, d.cpuPerRequest, d.totals.requests, process.pid, 'data');
  t.equal(d.cpuPerRequest.servers[0]!.cpuS, d.servers[0]!.cpuS, 'the sampled server CPU');
  if (runQueueWaitSeconds(process.pid) !== null) {
    const waitUs = d.cpuPerRequest.servers[0]!.waitUs;
    t.ok(waitUs !== null && waitUs >= 0, `the run-queue wait per request (${waitUs} us)`);
    t.equal(waitUs, (d.servers[0]!.runQueueWaitS! * 1e6) / d.totals.requests);
  }
  t.equal(d.cpuPerRequest.echoServer!.calls, d.ceiling!.measurements[0]!.requests);
  // What a comparison of runs compares: each server's CPU per request and its multiple of E.
  const s = d.cpuPerRequest.servers[0]!;
  t.same(figuresOf(d, 'data.json').serverCpu, [
    { label: s.label, us: s.us, multipleOfEcho: s.multipleOfEcho },
  ]);
});
