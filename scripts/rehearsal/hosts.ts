// Hosts on this machine for the rehearsal: each a network namespace (its own interfaces, ports and
// loopback), joined to the load generator's by a veth pair on a private subnet of its own, and
// each server host's processes in a cgroup whose CPU quota makes it a machine of known speed
// (v1 cpu.cfs_quota_us, or v2 cpu.max). Nothing is routed out of the namespaces: the only
// addresses reached are the hosts' own.
//
// Every name carries this process's pid (two rehearsals at once do not meet), and everything
// made is undone by one synchronous teardown (it runs from an 'exit' handler too), which also
// sweeps what a rehearsal killed before its teardown left behind.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The prefix of every namespace and cgroup: `slg-rh-<pid>-<host>`. */
export const PREFIX = 'slg-rh-';

export type CgroupVersion = 'v1' | 'v2';

export interface CgroupRoot {
  version: CgroupVersion;
  /** The directory new cgroups are made in. */
  dir: string;
}

/**
 * Where CPU quotas can be set: cgroup v2 where /sys/fs/cgroup is cgroup2 with the cpu controller,
 * else v1's cpu hierarchy. Null when neither is there.
 */
export function findCgroupRoot(base = '/sys/fs/cgroup'): CgroupRoot | null {
  const controllers = join(base, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu'))
    return { version: 'v2', dir: base };
  for (const d of ['cpu', 'cpu,cpuacct']) {
    if (existsSync(join(base, d, 'cpu.cfs_quota_us'))) return { version: 'v1', dir: join(base, d) };
  }
  return null;
}

/** The scheduling period of every quota: 100 ms, the kernel's default. */
export const PERIOD_US = 100_000;

/**
 * The weight of every host's cgroup: ten times a process's own (v1 shares 1024, v2 weight 100),
 * so that on a machine shared with other work a host's quota, not that work, is what limits it
 * (a weight acts only while the CPUs are contended, and a quota still caps the group). The load
 * generator has it too, without a quota: it must never be what is measured.
 */
export function weightFile(version: CgroupVersion): [string, string] {
  return version === 'v1' ? ['cpu.shares', '10240'] : ['cpu.weight', '1000'];
}

/** The files that make a cgroup a machine of `cores` CPUs: its quota per period. */
export function quotaFiles(version: CgroupVersion, cores: number): [string, string][] {
  if (!(cores > 0)) throw new Error(`a quota of ${cores} cores: must be > 0`);
  const quota = String(Math.round(cores * PERIOD_US));
  return version === 'v1'
    ? [
        ['cpu.cfs_period_us', String(PERIOD_US)],
        ['cpu.cfs_quota_us', quota],
      ]
    : [['cpu.max', `${quota} ${PERIOD_US}`]];
}

/** The quota a cgroup has, in cores (null: none). */
export function quotaOf(root: CgroupRoot, name: string): number | null {
  const d = join(root.dir, name);
  if (root.version === 'v1') {
    const q = Number(readFileSync(join(d, 'cpu.cfs_quota_us'), 'utf8'));
    const p = Number(readFileSync(join(d, 'cpu.cfs_period_us'), 'utf8'));
    return q < 0 ? null : q / p;
  }
  const [q, p] = readFileSync(join(d, 'cpu.max'), 'utf8').trim().split(' ');
  return q === 'max' ? null : Number(q) / Number(p);
}

export interface HostSpec {
  /** Short role: lg, a, b. */
  role: string;
  /** The namespace (and cgroup) name. */
  ns: string;
  /** Its address on its link to the load generator (the load generator's own for `lg`). */
  address: string;
  /** The names it is reached by from the load generator (its /etc/hosts there). */
  names: string[];
}

export interface Layout {
  lg: HostSpec;
  servers: HostSpec[];
}

/**
 * The three hosts of a rehearsal: server i on 10.231.<i>.2/24, the load generator on
 * 10.231.<i>.1 of each link. The addresses repeat between rehearsals, each in its own namespaces.
 */
export function layout(pid: number, serverNames: string[][]): Layout {
  const lg: HostSpec = { role: 'lg', ns: `${PREFIX}${pid}-lg`, address: '', names: [] };
  const servers = serverNames.map((names, i) => ({
    role: String.fromCharCode(97 + i),
    ns: `${PREFIX}${pid}-${String.fromCharCode(97 + i)}`,
    address: `10.231.${i + 1}.2`,
    names,
  }));
  return { lg, servers };
}

/** /etc/hosts of the load generator's namespace: the server hosts by the guide's names. */
export function hostsFile(l: Layout): string {
  const lines = ['127.0.0.1 localhost', '::1 localhost'];
  for (const s of l.servers) lines.push(`${s.address} ${s.names.join(' ')}`);
  return `${lines.join('\n')}\n`;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

function pidsOfNetns(ns: string): number[] {
  try {
    return execFileSync('ip', ['netns', 'pids', ns], { encoding: 'utf8', stdio: 'pipe' })
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function pidsOfCgroup(dir: string): number[] {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Whether `pid` runs: it exists and is not a zombie (an exited child of this process that Node
 * has not reaped yet, which it cannot while the synchronous teardown waits).
 */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The hosts made, and their teardown. */
export class Hosts {
  readonly layout: Layout;
  readonly cgroups: CgroupRoot;
  #made = {
    netns: [] as string[],
    etc: [] as string[],
    cgroups: [] as string[],
    dirs: [] as string[],
  };
  #children = new Set<ChildProcess>();
  #down = false;

  constructor(l: Layout, cgroups: CgroupRoot) {
    this.layout = l;
    this.cgroups = cgroups;
  }

  /** Makes the namespaces, links, addresses, the load generator's /etc/hosts and the cgroups. */
  up(): void {
    const { lg, servers } = this.layout;
    for (const h of [lg, ...servers]) {
      ip('netns', 'add', h.ns);
      this.#made.netns.push(h.ns);
      ip('-n', h.ns, 'link', 'set', 'lo', 'up');
    }
    servers.forEach((s, i) => {
      const lgSide = `to-${s.role}`;
      // Made inside the namespaces: the names need only be unique there.
      ip(
        'link',
        'add',
        lgSide,
        'netns',
        lg.ns,
        'type',
        'veth',
        'peer',
        'name',
        'eth0',
        'netns',
        s.ns,
      );
      ip('-n', lg.ns, 'addr', 'add', `10.231.${i + 1}.1/24`, 'dev', lgSide);
      ip('-n', s.ns, 'addr', 'add', `${s.address}/24`, 'dev', 'eth0');
      ip('-n', lg.ns, 'link', 'set', lgSide, 'up');
      ip('-n', s.ns, 'link', 'set', 'eth0', 'up');
    });
    // `ip netns exec` mounts /etc/netns/<ns>/hosts over /etc/hosts for what runs there.
    const etc = join('/etc/netns', lg.ns);
    mkdirSync(etc, { recursive: true });
    this.#made.etc.push(etc);
    writeFileSync(join(etc, 'hosts'), hostsFile(this.layout));
    if (this.cgroups.version === 'v2') {
      // Children get the cpu controller only where their parent hands it down.
      const ctl = join(this.cgroups.dir, 'cgroup.subtree_control');
      if (!readFileSync(ctl, 'utf8').split(/\s+/).includes('cpu')) writeFileSync(ctl, '+cpu');
    }
    for (const h of [lg, ...servers]) {
      mkdirSync(join(this.cgroups.dir, h.ns));
      this.#made.cgroups.push(h.ns);
      const [file, value] = weightFile(this.cgroups.version);
      writeFileSync(join(this.cgroups.dir, h.ns, file), value);
    }
  }

  /** A directory of a host's (its databases' data): removed with the hosts, once nothing runs. */
  ownDir(dir: string): void {
    this.#made.dirs.push(dir);
  }

  /** Sets a server host's CPU quota (cores of this machine). */
  setQuota(host: HostSpec, cores: number): void {
    for (const [f, v] of quotaFiles(this.cgroups.version, cores))
      writeFileSync(join(this.cgroups.dir, host.ns, f), v);
  }

  /**
   * Starts `command` in `host`'s namespace and cgroup (the shell joins the cgroup before exec, so
   * that every process and thread it starts is counted there).
   */
  spawn(
    host: HostSpec,
    command: string,
    args: string[],
    opts: { env?: NodeJS.ProcessEnv; cwd?: string; stdio?: 'pipe' | 'ignore' } = {},
  ): ChildProcess {
    const procs = join(this.cgroups.dir, host.ns, 'cgroup.procs');
    const child = spawn(
      'sh',
      [
        '-c',
        'echo $$ > "$0" && exec "$@"',
        procs,
        'ip',
        'netns',
        'exec',
        host.ns,
        command,
        ...args,
      ],
      {
        env: opts.env ?? process.env,
        cwd: opts.cwd,
        stdio: ['ignore', opts.stdio ?? 'pipe', opts.stdio ?? 'pipe'],
      },
    );
    this.#children.add(child);
    child.once('exit', () => this.#children.delete(child));
    return child;
  }

  /** Runs `command` in `host` to its end; its exit code and output. */
  run(
    host: HostSpec,
    command: string,
    args: string[],
    opts: { env?: NodeJS.ProcessEnv; cwd?: string; onLine?: (line: string) => void } = {},
  ): Promise<{ code: number; output: string }> {
    const child = this.spawn(host, command, args, opts);
    let output = '';
    let partial = '';
    const take = (b: Buffer) => {
      const s = b.toString();
      output += s;
      if (!opts.onLine) return;
      const lines = (partial + s).split('\n');
      partial = lines.pop()!;
      for (const l of lines) opts.onLine(l);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    return new Promise((resolve) => {
      child.once('close', (code, signal) => {
        if (partial && opts.onLine) opts.onLine(partial);
        resolve({ code: code ?? (signal ? 128 : 1), output });
      });
    });
  }

  /** The pids now in a host's cgroup. */
  pidsOf(host: HostSpec): number[] {
    return pidsOfCgroup(join(this.cgroups.dir, host.ns));
  }

  /**
   * Ends every process this rehearsal started (SIGTERM, then SIGKILL after `graceMs`), removes
   * the cgroups, the namespaces (their veths with them), /etc/netns entries and the hosts'
   * directories. Synchronous, and safe to call twice or after a partial `up`.
   */
  down(graceMs = 5000): void {
    if (this.#down) return;
    this.#down = true;
    const { lg, servers } = this.layout;
    teardown(
      [lg, ...servers].map((h) => h.ns),
      this.#made.cgroups.map((c) => join(this.cgroups.dir, c)),
      [...this.#made.etc, ...this.#made.dirs],
      [...this.#children].map((c) => c.pid).filter((p): p is number => p !== undefined),
      graceMs,
    );
  }
}

/**
 * Ends the processes of the namespaces and cgroups (and `pids`), then removes them all, and the
 * directories `dirs`.
 */
function teardown(
  netns: string[],
  cgroupDirs: string[],
  dirs: string[],
  pids: number[],
  graceMs: number,
): void {
  const everyone = () =>
    [
      ...new Set([...pids, ...netns.flatMap(pidsOfNetns), ...cgroupDirs.flatMap(pidsOfCgroup)]),
    ].filter(alive);
  for (const [signal, wait] of [
    ['SIGTERM', graceMs],
    ['SIGKILL', 5000],
  ] as const) {
    const left = everyone();
    if (left.length === 0) break;
    for (const p of left) {
      try {
        process.kill(p, signal);
      } catch {}
    }
    const end = Date.now() + wait;
    while (everyone().length > 0 && Date.now() < end) sleepSync(50);
  }
  for (const d of cgroupDirs) {
    // A cgroup goes once its last process has exited, which SIGKILL does not wait for.
    for (let i = 0; i < 100 && existsSync(d); i++) {
      try {
        rmdirSync(d);
      } catch {
        sleepSync(50);
      }
    }
  }
  const listed = new Set(netnsList());
  for (const ns of netns) {
    if (!listed.has(ns)) continue;
    try {
      ip('netns', 'del', ns);
    } catch {}
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

function netnsList(): string[] {
  try {
    return execFileSync('ip', ['netns', 'list'], { encoding: 'utf8', stdio: 'pipe' })
      .split('\n')
      .map((l) => l.split(' ')[0]!)
      .filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * What rehearsals that were killed before their teardown left (their pid no longer runs): their
 * namespaces, cgroups, /etc/netns entries and hosts' directories, and any process still in them,
 * removed. Returns the names removed.
 */
export function sweepStale(cgroups: CgroupRoot | null): string[] {
  // `slg-rh-<pid>-<host>`, and a host's directory `slg-rh-<pid>-<host>-<random>` (tmpdir).
  const owner = (name: string) => {
    const m = new RegExp(`^${PREFIX}(\\d+)-[a-z]+(-[A-Za-z0-9]+)?$`).exec(name);
    return m ? Number(m[1]) : null;
  };
  const stale = (name: string) => {
    const pid = owner(name);
    return pid !== null && pid !== process.pid && !alive(pid);
  };
  const netns = netnsList().filter(stale);
  const cgroupDirs = cgroups
    ? readdirSync(cgroups.dir)
        .filter(stale)
        .map((d) => join(cgroups.dir, d))
    : [];
  const etcDirs = existsSync('/etc/netns')
    ? readdirSync('/etc/netns')
        .filter(stale)
        .map((d) => join('/etc/netns', d))
    : [];
  const tmpDirs = readdirSync(tmpdir())
    .filter(stale)
    .map((d) => join(tmpdir(), d));
  teardown(netns, cgroupDirs, [...etcDirs, ...tmpDirs], [], 1000);
  return [
    ...new Set([...netns, ...cgroupDirs, ...etcDirs, ...tmpDirs].map((p) => p.split('/').pop()!)),
  ];
}
