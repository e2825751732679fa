// The rehearsal's hosts for real (root: network namespaces, veths, cgroups): a server host is
// reached from the load generator's namespace by the guide's name, at its own address; its
// processes are in its cgroup with the quota set; the teardown leaves no namespace, cgroup,
// /etc/netns entry or process, and what a killed rehearsal left is swept. Nothing here sends
// a packet outside the namespaces this test makes.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { findCgroupRoot, Hosts, layout, quotaOf, sweepStale } from '../rehearsal/hosts.ts';

const cgroups = findCgroupRoot();
const hasIp = (() => {
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const skip =
  process.getuid?.() !== 0
    ? 'needs root (network namespaces and cgroups)'
    : !hasIp
      ? 'needs iproute2 (ip)'
      : !cgroups
        ? 'no cgroup CPU controller (v2 cpu.max or v1 cpu.cfs_quota_us)'
        : false;

const netnsList = () => execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });

// Two scripts in the host namespaces: a TCP server on the host's address that prints its port,
// and a client in the load generator's that connects to the guide's name.
const server = `const s = require('node:net').createServer((c) => c.end('hello from ' + process.argv[1]));
s.listen(0, process.argv[1], () => console.log(s.address().port));`;
const client = `const c = require('node:net').connect(Number(process.argv[2]), process.argv[1]);
let d = ''; c.on('data', (b) => (d += b)); c.on('end', () => console.log(d));
c.on('error', (e) => { console.log('error ' + e.code); process.exit(1); });`;

t.test('hosts: reached by name, in their cgroup, all gone after', { skip }, async (t) => {
  // This process's pid names them, as the rehearsal's does: a test file is its own process.
  const l = layout(process.pid, [['srv-a'], ['srv-b']]);
  const hosts = new Hosts(l, cgroups!);
  t.teardown(() => hosts.down(1000));
  hosts.up();
  const [a] = l.servers;
  hosts.setQuota(a!, 0.25);
  t.equal(quotaOf(cgroups!, a!.ns), 0.25, 'the quota is set');

  const srv = hosts.spawn(a!, process.execPath, ['-e', server, a!.address]);
  const [line] = (await once(srv.stdout!, 'data')) as [Buffer];
  const port = Number(line.toString().trim());
  t.ok(port > 0, `a server on ${a!.address}:${port} in ${a!.ns}`);
  t.ok(hosts.pidsOf(a!).includes(srv.pid!), "the server's process is in the host's cgroup");

  const r = await hosts.run(l.lg, process.execPath, ['-e', client, 'srv-a', String(port)]);
  t.equal(
    r.output.trim(),
    `hello from ${a!.address}`,
    "the load generator reaches it by the guide's name",
  );
  const resolved = await hosts.run(l.lg, 'getent', ['hosts', 'srv-b']);
  t.match(resolved.output, /^10\.231\.2\.2\s+srv-b/, 'and the other host by its');

  const ended = srv.exitCode !== null || srv.signalCode !== null ? null : once(srv, 'exit');
  hosts.down(1000);
  await ended;
  t.equal(srv.signalCode, 'SIGTERM', 'the server process was ended');
  for (const h of [l.lg, ...l.servers]) {
    t.notMatch(netnsList(), h.ns, `namespace ${h.ns} removed`);
    t.notOk(existsSync(join(cgroups!.dir, h.ns)), `cgroup ${h.ns} removed`);
  }
  t.notOk(existsSync(join('/etc/netns', l.lg.ns)), '/etc/netns entry removed');
});

t.test("a killed rehearsal's leftovers are swept", { skip }, async (t) => {
  // A pid that no longer runs: a process of this test's that has exited.
  const gone = spawn('true');
  await once(gone, 'exit');
  const ns = `slg-rh-${gone.pid}-a`;
  execFileSync('ip', ['netns', 'add', ns]);
  mkdirSync(join(cgroups!.dir, ns));
  const data = join(tmpdir(), `${ns}-Xy12ab`);
  mkdirSync(data);
  t.teardown(() => {
    try {
      execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    } catch {}
  });
  // One of its processes, still running in its namespace and cgroup.
  const left = spawn('sh', [
    '-c',
    'echo $$ > "$0" && exec ip netns exec "$1" sleep 60',
    join(cgroups!.dir, ns, 'cgroup.procs'),
    ns,
  ]);
  await t.resolves(
    (async () => {
      while (!readFileSync(join(cgroups!.dir, ns, 'cgroup.procs'), 'utf8').trim())
        await new Promise((r) => setTimeout(r, 20));
    })(),
  );
  const swept = sweepStale(cgroups);
  t.ok(swept.includes(ns), `swept ${ns}`);
  t.notMatch(netnsList(), ns);
  t.notOk(existsSync(join(cgroups!.dir, ns)));
  t.notOk(existsSync(data), "its host's data directory");
  await once(left, 'exit');
  t.not(left.signalCode, null, `its process was ended by a signal (${left.signalCode})`);
  t.ok(
    sweepStale(cgroups).every((n) => !n.startsWith(`slg-rh-${process.pid}-`)),
    "a running rehearsal's (this process's) are never swept",
  );
});
