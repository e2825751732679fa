// A process as Linux's /proc shows it, read in one place: its CPU time, memory, command line,
// environment, parent, children and whole tree, the TCP ports it listens on and the processes
// listening on a port. Every reader answers null (or an empty list) when the process has gone,
// belongs to another user or the system is not Linux: a figure the bench cannot read is
// reported as missing, never as zero. (The samplers built on them: proc-stats.ts.)
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Clock ticks per second of /proc/<pid>/stat's times (USER_HZ). It is part of the kernel's ABI,
 * 100 on every Linux architecture this runs on (amd64, arm64), whatever the kernel's own HZ.
 */
export const USER_HZ = 100;

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces and
 * parentheses), so that index 0 is the state (the third field of proc(5)): ppid is 1, utime 11,
 * stime 12, cutime 13, cstime 14.
 */
export function statFields(pid: number | 'self'): string[] | null {
  const text = read(`/proc/${pid}/stat`);
  return text === null ? null : text.slice(text.lastIndexOf(')') + 2).split(' ');
}

const seconds = (f: string[], a: number, b: number): number | null => {
  const ticks = Number(f[a]) + Number(f[b]);
  return Number.isFinite(ticks) ? ticks / USER_HZ : null;
};

/** utime + stime of a process (all its threads), in seconds. */
export function cpuSeconds(pid: number | 'self'): number | null {
  const f = statFields(pid);
  return f && seconds(f, 11, 12);
}

/** cutime + cstime: the CPU of the children it has waited for, in seconds. */
export function childrenCpuSeconds(pid: number | 'self'): number | null {
  const f = statFields(pid);
  return f && seconds(f, 13, 14);
}

/** The parent's pid. */
export function parentPid(pid: number): number | null {
  const f = statFields(pid);
  return f ? Number(f[1]) : null;
}

/** The children of a process (its main thread's: where a process's children are listed). */
export function childPids(pid: number): number[] {
  const text = read(`/proc/${pid}/task/${pid}/children`);
  return text === null ? [] : text.trim().split(/\s+/).filter(Boolean).map(Number);
}

/**
 * Seconds the process's threads spent ready to run but waiting for a CPU (the run queue), summed
 * over the threads alive now: the second field of each /proc/<pid>/task/<tid>/schedstat. On a
 * machine the load generator shares with the servers this is the part of a request's latency
 * that no process's own code explains. Null where the kernel keeps no schedstat.
 */
export function runQueueWaitSeconds(pid: number | 'self'): number | null {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let ns = 0;
  let any = false;
  for (const tid of tids) {
    const wait = Number(read(`/proc/${pid}/task/${tid}/schedstat`)?.split(' ')[1]);
    if (!Number.isFinite(wait)) continue;
    ns += wait;
    any = true;
  }
  return any ? ns / 1e9 : null;
}

/** /proc/<pid>/status's memory lines, in bytes, and the process's name. */
export function memoryStatus(
  pid: number | 'self',
): { rssBytes: number; hwmBytes: number; name: string } | null {
  const text = read(`/proc/${pid}/status`);
  if (text === null) return null;
  const name = /^Name:\s+(.*)$/m.exec(text)?.[1] ?? '';
  return { rssBytes: kbLine(text, 'VmRSS'), hwmBytes: kbLine(text, 'VmHWM'), name };
}

/**
 * /proc/<pid>/smaps_rollup in bytes: RSS, PSS (shared pages divided among their sharers), USS
 * (the process's own pages), and the anonymous part of RSS (the rest is file-backed: the binary).
 */
export function smapsRollup(
  pid: number,
): { rss: number; pss: number; uss: number; anon: number } | null {
  const text = read(`/proc/${pid}/smaps_rollup`);
  if (text === null) return null;
  return {
    rss: kbLine(text, 'Rss'),
    pss: kbLine(text, 'Pss'),
    uss: kbLine(text, 'Private_Clean') + kbLine(text, 'Private_Dirty'),
    anon: kbLine(text, 'Anonymous'),
  };
}

/** The command line's arguments; null when unreadable, empty for a kernel thread. */
export function commandLine(pid: number): string[] | null {
  const text = read(`/proc/${pid}/cmdline`);
  return text === null ? null : text.split('\0').filter(Boolean);
}

/** The service a process runs (`data-server` for `node data-server/dist/main.mjs` or `.../src/main.ts`). */
export function serviceOf(pid: number): string | null {
  for (const a of commandLine(pid)?.slice(1) ?? []) {
    const m = /([^/]+)\/(?:dist|src)\/main\.(?:mjs|ts)$/.exec(a);
    if (m) return m[1]!;
  }
  return null;
}

/** A short name for a process: its service, else its executable's name (`mariadbd`); else the pid. */
export function processLabel(pid: number): string {
  return serviceOf(pid) ?? (commandLine(pid)?.[0]?.split('/').pop() || String(pid));
}

/** A process's command line without the interpreter and its flags, cut to 48 characters. */
export function commandLabel(pid: number, fallback: string | null): string {
  const args = commandLine(pid) ?? [];
  // `node [--options] script args`: the script and its arguments.
  let from = 0;
  if (args.length > 1 && /(^|\/)node$/.test(args[0]!)) {
    from = 1;
    while (from < args.length - 1 && args[from]!.startsWith('-')) from++;
  }
  const shown = args.slice(from).join(' ').trim();
  if (shown) return shown.length > 48 ? `${shown.slice(0, 45)}...` : shown;
  // The process has gone: its /proc name, if it was read while it ran.
  return fallback ?? `pid ${pid}`;
}

/** A process's NODE_OPTIONS (the flags it runs with); null when unset or unreadable. */
export function nodeOptionsOf(pid: number): string | null {
  const env = read(`/proc/${pid}/environ`)?.split('\0') ?? [];
  return env.find((e) => e.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) ?? null;
}

/**
 * The machine's CPU time since boot from /proc/stat's first line, in seconds summed over its
 * CPUs: busy (user, nice, system, irq, softirq), idle, iowait, and steal: time the hypervisor
 * gave this VM's virtual CPUs to others while they had work. Guest time is already inside user.
 */
export interface MachineTimes {
  busyS: number;
  idleS: number;
  iowaitS: number;
  stealS: number;
}

export function machineTimes(): MachineTimes | null {
  const line = read('/proc/stat')?.split('\n', 1)[0];
  if (!line?.startsWith('cpu ')) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .slice(4)
    .trim()
    .split(/\s+/)
    .map((x) => Number(x) / USER_HZ);
  if (![user, nice, system, idle, iowait, irq, softirq, steal].every(Number.isFinite)) return null;
  return {
    busyS: user! + nice! + system! + irq! + softirq!,
    idleS: idle!,
    iowaitS: iowait!,
    stealS: steal!,
  };
}

/** The 1, 5 and 15-minute load averages as /proc/loadavg prints them ("0.52 0.31 0.20"). */
export function loadAverage(): string | null {
  return read('/proc/loadavg')?.split(' ').slice(0, 3).join(' ') ?? null;
}

function numericDirs(path: string): number[] {
  try {
    return readdirSync(path)
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
}

/** The given processes and all their descendants that are alive now. */
export function processTree(roots: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  for (const pid of numericDirs('/proc')) {
    const ppid = parentPid(pid);
    if (ppid !== null) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const out = new Set<number>();
  const stack = roots.filter((p) => statFields(p) !== null);
  while (stack.length) {
    const pid = stack.pop()!;
    if (out.has(pid)) continue;
    out.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return [...out];
}

/**
 * A tree process's memory for its sampler: RSS, and PSS (null: not allowed to read it, another
 * user's); a process gone between the reads counts for nothing.
 */
export function treeMemory(pid: number): { rss: number; pss: number | null } {
  const status = read(`/proc/${pid}/status`);
  if (status === null) return { rss: 0, pss: 0 };
  const rss = kbLine(status, 'VmRSS');
  try {
    return { rss, pss: kbLine(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM' ? { rss, pss: null } : { rss: 0, pss: 0 };
  }
}

/** utime + stime + cutime + cstime, in clock ticks (a tree's CPU counts its reaped children). */
export function treeTicks(pid: number): number | null {
  const f = statFields(pid);
  return f && Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
}

/** A listening TCP socket: its local address (as a host to connect to) and port. */
export interface ListeningSocket {
  host: string;
  port: number;
}

/** /proc/net/tcp's local address (hex, each 32-bit word in host order) as a host to connect to. */
function hostOf(hex: string): string {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((w) =>
    [6, 4, 2, 0].map((i) => Number.parseInt(w.slice(i, i + 2), 16)),
  );
  if (bytes.length === 4) {
    const ip = bytes.join('.');
    // A socket on every address answers on loopback.
    return ip === '0.0.0.0' ? '127.0.0.1' : ip;
  }
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255)
    return bytes.slice(12).join('.');
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  const ip = groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
  return ip === '::' ? '::1' : ip;
}

/** The LISTEN rows of /proc/net/tcp and tcp6 under `netDir`, by socket inode. */
function listeningSockets(netDir: string): Map<string, ListeningSocket> {
  const out = new Map<string, ListeningSocket>();
  for (const file of ['tcp', 'tcp6']) {
    let text = '';
    try {
      text = readFileSync(`${netDir}/${file}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; the inode is field 9.
      if (f.length < 10 || f[3] !== '0A') continue;
      const [ip, port] = f[1]!.split(':');
      out.set(f[9]!, { host: hostOf(ip!), port: Number.parseInt(port!, 16) });
    }
  }
  return out;
}

/** The socket inodes among a process's open files (throws when its fds cannot be read). */
function socketInodes(pid: number): Set<string> {
  const out = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let link = '';
    try {
      link = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const m = /^socket:\[(\d+)\]$/.exec(link);
    if (m) out.add(m[1]!);
  }
  return out;
}

/**
 * The TCP sockets `pid` listens on, ordered by port. Read from the process's own network
 * namespace (/proc/<pid>/net). Throws when /proc/<pid>/fd cannot be read (the process has gone,
 * or it is another user's).
 */
export function listeningSocketsOf(pid: number): ListeningSocket[] {
  const inodes = socketInodes(pid);
  const table = listeningSockets(`/proc/${pid}/net`);
  return [...inodes].flatMap((inode) => table.get(inode) ?? []).sort((a, b) => a.port - b.port);
}

/**
 * The processes with a listening TCP socket on `port` (IPv4 or IPv6), the topmost of them: a
 * process whose parent also listens there is left out (its tree is measured from the parent).
 * Empty when none is found or /proc/<pid>/fd of the owner cannot be read (another user's).
 */
export function pidsListeningOn(port: number): number[] {
  const inodes = new Set(
    [...listeningSockets('/proc/net')].filter(([, s]) => s.port === port).map(([inode]) => inode),
  );
  if (inodes.size === 0) return [];
  const found = numericDirs('/proc').filter((pid) => {
    try {
      return [...socketInodes(pid)].some((inode) => inodes.has(inode));
    } catch {
      return false;
    }
  });
  const set = new Set(found);
  return found.filter((pid) => !set.has(parentPid(pid) ?? -1));
}

function kbLine(text: string, key: string): number {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) * 1024 : 0;
}
