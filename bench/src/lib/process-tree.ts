// Memory and CPU of whole process trees (Linux /proc): an Apache prefork server is a parent and
// its children, a battle-server in cluster mode a primary and its workers. The sampler sums the
// tree's RSS (and PSS, where shared pages count once over the processes sharing them) every
// interval and keeps the peaks; CPU is the tree's utime + stime (and its reaped children's)
// between start and stop. Also: which process listens on a TCP port, and the ports a process
// listens on.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { statFields, USER_HZ } from './proc.ts';

interface Stat {
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

function readStat(pid: number): Stat | null {
  const f = statFields(pid);
  return (
    f && {
      ppid: Number(f[1]),
      ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
    }
  );
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
    const s = readStat(pid);
    if (!s) continue;
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  const out = new Set<number>();
  const stack = roots.filter((p) => readStat(p) !== null);
  while (stack.length) {
    const pid = stack.pop()!;
    if (out.has(pid)) continue;
    out.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return [...out];
}

function kb(text: string, key: string): number {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) * 1024 : 0;
}

function memory(pid: number): { rss: number; pss: number | null } {
  let rss = 0;
  try {
    rss = kb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
  } catch {
    return { rss: 0, pss: 0 };
  }
  try {
    return { rss, pss: kb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss') };
  } catch (err) {
    // Gone between the two reads: it counts for nothing; not allowed (another user's): unknown.
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM' ? { rss, pss: null } : { rss: 0, pss: 0 };
  }
}

export interface TreeUsage {
  roots: number[];
  /** Most processes seen in the tree at once. */
  peakProcesses: number;
  /** Highest sum of the tree's RSS over the samples (shared pages counted in every process). */
  peakRssBytes: number;
  /** Highest sum of the tree's PSS (null where smaps_rollup cannot be read). */
  peakPssBytes: number | null;
  /** CPU seconds of the tree between start and stop (processes that ended before stop: lost
   * unless a process of the tree reaped them). */
  cpuS: number;
  wallS: number;
}

/** Samples the trees under `roots` from start() to stop(). */
export class TreeSampler {
  readonly #roots: number[];
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #ticks0 = new Map<number, number>();
  #wall0 = 0;
  #peakRss = 0;
  #peakPss: number | null = 0;
  #peakProcesses = 0;

  constructor(roots: readonly number[], intervalMs = 500) {
    this.#roots = [...roots];
    this.#intervalMs = intervalMs;
  }

  start(): void {
    this.#wall0 = performance.now();
    for (const pid of processTree(this.#roots)) {
      const s = readStat(pid);
      if (s) this.#ticks0.set(pid, s.ticks);
    }
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), this.#intervalMs);
    this.#timer.unref();
  }

  #sample(): void {
    const pids = processTree(this.#roots);
    let rss = 0;
    let pss: number | null = 0;
    for (const pid of pids) {
      const m = memory(pid);
      rss += m.rss;
      pss = pss === null || m.pss === null ? null : pss + m.pss;
    }
    this.#peakProcesses = Math.max(this.#peakProcesses, pids.length);
    this.#peakRss = Math.max(this.#peakRss, rss);
    this.#peakPss = this.#peakPss === null || pss === null ? null : Math.max(this.#peakPss, pss);
  }

  stop(): TreeUsage {
    this.#sample();
    if (this.#timer) clearInterval(this.#timer);
    let ticks = 0;
    for (const pid of processTree(this.#roots)) {
      const s = readStat(pid);
      if (s) ticks += s.ticks - (this.#ticks0.get(pid) ?? 0);
    }
    return {
      roots: this.#roots,
      peakProcesses: this.#peakProcesses,
      peakRssBytes: this.#peakRss,
      peakPssBytes: this.#peakPss,
      cpuS: ticks / USER_HZ,
      wallS: (performance.now() - this.#wall0) / 1000,
    };
  }
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
  const out = [...inodes].flatMap((inode) => {
    const s = table.get(inode);
    return s ? [s] : [];
  });
  return out.sort((a, b) => a.port - b.port);
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
  const found: number[] = [];
  for (const pid of numericDirs('/proc')) {
    let mine: Set<string>;
    try {
      mine = socketInodes(pid);
    } catch {
      continue;
    }
    if ([...mine].some((inode) => inodes.has(inode))) found.push(pid);
  }
  const set = new Set(found);
  return found.filter((pid) => !set.has(readStat(pid)?.ppid ?? -1));
}
