// `npm run rehearse` stopped with Ctrl-C in the middle of a scenario (bench pair running on the
// load generator, both stacks up): it exits 130 and leaves nothing behind: no namespace, cgroup
// or /etc/netns entry of its pid, no process of its hosts (MariaDB, Redis, the services, the
// bench), no directory of its hosts' data. Root only, like the rehearsal.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import t from 'tap';
import { findCgroupRoot } from '../rehearsal/hosts.ts';
import { root } from './helpers/bundles.ts';

const has = (c: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const cgroups = findCgroupRoot();
const missing = ['ip', 'unshare', 'mariadbd', 'mariadb-install-db', 'redis-server'].filter(
  (c) => !has(c),
);
const skip =
  process.getuid?.() !== 0
    ? 'needs root (network namespaces and cgroups)'
    : missing.length
      ? `needs ${missing.join(', ')}`
      : !cgroups
        ? 'no cgroup CPU controller'
        : false;

/** Whether `pid` runs: it exists and is not a zombie (ended, its parent yet to reap it). */
function running(pid: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** Running processes whose command line names `text`. */
function processesNaming(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(text) && !cmd.includes('rehearse-interrupt.test') && running(pid))
        found.push(`${pid} ${cmd}`);
    } catch {}
  }
  return found;
}

t.test('Ctrl-C during a scenario: exit 130, nothing left', { skip }, async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'slg-interrupted-'));
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  // `env -u NODE_OPTIONS`: without tap's loaders, as a user runs it.
  const child = spawn(
    'env',
    [
      '-u',
      'NODE_OPTIONS',
      process.execPath,
      join(root, 'scripts', 'rehearse.ts'),
      '--scenarios',
      '1',
      '--workloads',
      'data',
      '--out',
      out,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => lines.push(l));
  const closed = once(child, 'close');
  const ns = `slg-rh-${child.pid}-`;
  // The first run of the pair's own output: bench pair runs on the load generator then.
  await t.resolves(
    new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (l) => {
        lines.push(l);
        if (l.startsWith('  | bench pair: data;')) resolve();
      });
      child.once('exit', () => reject(new Error(`it exited first:\n${lines.join('\n')}`)));
    }),
    'bench pair started on the load generator',
  );
  t.match(
    execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' }),
    `${ns}lg`,
    'its namespaces exist while it runs',
  );
  t.ok(processesNaming(out).length > 0, 'the bench runs, naming the output directory');
  // Every process in its hosts now: the services, MariaDB, Redis, the bench.
  const pids = ['lg', 'a', 'b'].flatMap((h) =>
    execFileSync('ip', ['netns', 'pids', `${ns}${h}`], { encoding: 'utf8' })
      .split(/\s+/)
      .filter(Boolean),
  );
  t.ok(pids.length >= 12, `${pids.length} processes in its namespaces`);
  child.kill('SIGINT');
  const [code] = (await closed) as [number | null];
  t.equal(code, 130, 'exit 130, as after Ctrl-C');
  t.match(lines.join('\n'), /SIGINT: removing the hosts/);
  t.notMatch(execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' }), ns, 'no namespace');
  t.same(
    readdirSync(cgroups!.dir).filter((d) => d.startsWith(ns)),
    [],
    'no cgroup',
  );
  t.notOk(existsSync(`/etc/netns/${ns}lg`), 'no /etc/netns entry');
  t.same(pids.filter(running), [], 'every process that was in its hosts has ended');
  t.same(processesNaming(ns), [], "none naming its hosts' data directories");
  t.same(processesNaming(out), [], 'no bench process');
  t.same(
    readdirSync(tmpdir()).filter((d) => d.startsWith(ns)),
    [],
    "no directory of its hosts' data",
  );
});
