// The /proc readers against this process and a child, checked against what Node reports itself.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import {
  childPids,
  commandLine,
  cpuSeconds,
  loadAverage,
  memoryStatus,
  parentPid,
  smapsRollup,
  statFields,
} from '../src/lib/proc.ts';

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
  // CPU time counts in ticks of 10 ms: burn until the next one, and it has grown.
  const before = cpuSeconds(process.pid)!;
  let x = 0;
  while (cpuSeconds(process.pid) === before) for (let i = 0; i < 1e5; i++) x += Math.sqrt(i);
  t.ok(x > 0 && cpuSeconds(process.pid)! > before, 'CPU seconds grow with work');
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

t.test('a process that does not exist', async (t) => {
  const gone = 2 ** 22 + 1; // above pid_max's largest value
  t.equal(cpuSeconds(gone), null);
  t.equal(memoryStatus(gone), null);
  t.equal(smapsRollup(gone), null);
  t.equal(commandLine(gone), null);
  t.same(childPids(gone), []);
});
