// A process as Linux's /proc shows it, read in one place: its CPU time, memory, command line,
// parent and children. Every reader answers null (or an empty list) when the process has gone,
// belongs to another user or the system is not Linux: a figure the bench cannot read is
// reported as missing, never as zero.
import { readFileSync } from 'node:fs';

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

/** /proc/<pid>/status's memory lines, in bytes, and the process's name. */
export function memoryStatus(
  pid: number | 'self',
): { rssBytes: number; hwmBytes: number; name: string } | null {
  const text = read(`/proc/${pid}/status`);
  if (text === null) return null;
  return { rssBytes: kbLine(text, 'VmRSS'), hwmBytes: kbLine(text, 'VmHWM'), name: nameOf(text) };
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

/**
 * A short name for a process: the service whose script it runs (`data-server` for
 * `node data-server/dist/main.mjs` or `.../src/main.ts`), else its executable's name
 * (`mariadbd`); the pid when unreadable.
 */
export function processLabel(pid: number): string {
  const args = commandLine(pid) ?? [];
  for (const a of args.slice(1)) {
    const m = /([^/]+)\/(?:dist|src)\/main\.(?:mjs|ts)$/.exec(a);
    if (m) return m[1]!;
  }
  return args[0]?.split('/').pop() || String(pid);
}

/** The 1, 5 and 15-minute load averages as /proc/loadavg prints them ("0.52 0.31 0.20"). */
export function loadAverage(): string | null {
  return read('/proc/loadavg')?.split(' ').slice(0, 3).join(' ') ?? null;
}

function kbLine(text: string, key: string): number {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) * 1024 : 0;
}

function nameOf(text: string): string {
  return /^Name:\s+(.*)$/m.exec(text)?.[1] ?? '';
}
