// The /proc readers against this process and a child, checked against what Node reports itself.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import {
  childPids,
  commandLabel,
  commandLine,
  cpuSeconds,
  loadAverage,
  machineTimes,
  memoryStatus,
  nodeOptionsOf,
  parentPid,
  processLabel,
  processTree,
  runQueueWaitSeconds,
  serviceOf,
  smapsRollup,
  statFields,
} from '../src/lib/proc.ts';
import { combineUsage } from '../src/lib/proc-stats.ts';

t.test('this process, as Node sees it', async (t) => {
  const rss = process.memoryUsage().rss;
  const m = memoryStatus(process.pid)!;
  t.ok(Math.abs(m.rssBytes - rss) < rss * 0.2, `VmRSS ${m.rssBytes} near Node's rss ${rss}`);
  t.ok(m.hwmBytes >= m.rssBytes, 'VmHWM is at least VmRSS');
  const r = smapsRollup(process.pid)!;
  t.ok(r.uss > 0 && r.uss <= r.rss && r.anon <= r.rss, 'USS and anonymous pages within RSS');
  t.equal(parentPid(process.pid), process.ppid);
  t.ok(childPids(process.ppid).includes(process.pid), "listed among its parent's children");
  t.equal(commandLine(process.pid)?.[0], process.argv0);
  t.match(loadAverage(), /^\d+\.\d+ \d+\.\d+ \d+\.\d+$/);
  // CPU time counts in ticks of 10 ms, and on a busy machine two reads a tick apart have been
  // seen out of order: burn five ticks by Node's own count, and the sum has grown by two.
  const before = cpuSeconds(process.pid)!;
  const start = process.cpuUsage();
  let x = 0;
  while (process.cpuUsage(start).user < 50_000) for (let i = 0; i < 1e5; i++) x += Math.sqrt(i);
  t.ok(x > 0 && cpuSeconds(process.pid)! >= before + 0.02, 'CPU seconds grow with work');
});

t.test("the machine's CPU time, steal included", async (t) => {
  const m0 = machineTimes()!;
  t.ok(m0, '/proc/stat is read');
  for (const [k, v] of Object.entries(m0)) t.ok(v >= 0, `${k} ${v} >= 0`);
  const start = process.cpuUsage();
  let x = 0;
  while (process.cpuUsage(start).user < 50_000) for (let i = 0; i < 1e5; i++) x += Math.sqrt(i);
  const m1 = machineTimes()!;
  t.ok(x > 0 && m1.busyS >= m0.busyS + 0.02, "busy time grows with this process's work");
});

t.test('a command name with a space and a parenthesis', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-proc-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const odd = join(dir, 'a) b');
  copyFileSync('/bin/sleep', odd);
  const child = spawn(odd, ['30'], { stdio: 'ignore' });
  t.teardown(() => child.kill('SIGKILL'));
  await new Promise((r) => child.once('spawn', r));
  const f = statFields(child.pid!)!;
  t.match(f[0], /^[RSD]$/, 'the field after the name is the state');
  t.equal(Number(f[1]), process.pid, 'and the next one its parent');
  t.equal(cpuSeconds(child.pid!) !== null, true);
});

t.test("a process's names, flags and tree", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-proc-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // A node process that runs a service's script path, with its flags and NODE_OPTIONS.
  const script = join(dir, 'data-server', 'dist', 'main.mjs');
  mkdirSync(join(dir, 'data-server', 'dist'), { recursive: true });
  writeFileSync(
    script,
    "import { spawn } from 'node:child_process';\nspawn('sleep', ['30'], { stdio: 'ignore' });\nsetTimeout(() => {}, 30_000);\n",
  );
  const child = spawn(process.execPath, ['--no-warnings', script, '--x'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_OPTIONS: '--max-semi-space-size=8' },
  });
  t.teardown(() => child.kill('SIGKILL'));
  await new Promise((r) => child.once('spawn', r));
  // Its child is listed from its fork, and runs node's command line until it has exec'd sleep.
  const execd = (pid: number | undefined) =>
    pid !== undefined && readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('sleep\0');
  while (!execd(childPids(child.pid!)[0])) await new Promise((r) => setImmediate(r));
  t.equal(serviceOf(child.pid!), 'data-server');
  t.equal(processLabel(child.pid!), 'data-server');
  t.equal(
    commandLabel(child.pid!, null).startsWith(`${script.slice(0, 45)}`),
    true,
    'the script, without node and its flags',
  );
  // (tap adds its own loader to a child's NODE_OPTIONS)
  t.match(nodeOptionsOf(child.pid!), /--max-semi-space-size=8/);
  const sleep = childPids(child.pid!)[0]!;
  t.equal(serviceOf(sleep), null);
  t.equal(processLabel(sleep), 'sleep', 'not a service: the executable');
  t.same(processTree([child.pid!]).sort(), [child.pid!, sleep].sort(), 'the process and its child');
});

t.test('a process that does not exist', async (t) => {
  const gone = 2 ** 22 + 1; // above pid_max's largest value
  t.equal(cpuSeconds(gone), null);
  t.equal(memoryStatus(gone), null);
  t.equal(smapsRollup(gone), null);
  t.equal(commandLine(gone), null);
  t.same(childPids(gone), []);
  t.equal(serviceOf(gone), null);
  t.equal(processLabel(gone), String(gone));
  t.equal(commandLabel(gone, 'mariadbd'), 'mariadbd', 'gone: the name read while it ran');
  t.same(processTree([gone]), []);
  t.equal(runQueueWaitSeconds(gone), null);
});

t.test(
  'run-queue wait: two busy processes on one CPU wait for it in turn',
  {
    skip:
      runQueueWaitSeconds(process.pid) === null
        ? 'this kernel keeps no /proc/<pid>/task/<tid>/schedstat'
        : false,
  },
  async (t) => {
    // Both pinned to CPU 0 and never sleeping: whenever one runs, the other is ready and waits.
    const busy = () =>
      spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
    const a = busy();
    const b = busy();
    t.teardown(() => {
      a.kill('SIGKILL');
      b.kill('SIGKILL');
    });
    // taskset replaces itself with node (exec): the pid is node's once its command line says so.
    const started = (pid: number) => commandLine(pid)?.[0] === process.execPath;
    while (!started(a.pid!) || !started(b.pid!)) await new Promise((r) => setImmediate(r));
    const first = runQueueWaitSeconds(b.pid!)!;
    t.ok(first >= 0, `a number of seconds (${first})`);
    let now = first;
    while (now <= first + 0.05) {
      await new Promise((r) => setImmediate(r));
      now = runQueueWaitSeconds(b.pid!)!;
    }
    t.ok(now > first, `grew from ${first} s to ${now} s`);
  },
);

t.test("phases' machine time summed, steal's share of the whole", async (t) => {
  const part = (busyS: number, stealS: number) => ({
    client: {
      userCpuS: 0,
      systemCpuS: 0,
      wallS: 1,
      cores: 0,
      maxRssBytes: 0,
      runQueueWaitS: null,
    },
    servers: [],
    machine: { busyS, idleS: 1, iowaitS: 0, stealS, stealShare: 0 },
  });
  const m = combineUsage([part(1, 0), part(0.5, 0.5)]).machine!;
  t.same([m.busyS, m.idleS, m.iowaitS, m.stealS], [1.5, 2, 0, 0.5]);
  t.equal(m.stealShare, 0.125, 'half a second stolen of four');
  t.equal(combineUsage([part(1, 0), { ...part(1, 0), machine: null }]).machine, null, 'one unread');
});
