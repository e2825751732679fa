// A process's CPU time from /proc (Linux): what the settled rule's CPU per request check reads at
// the start, the middle and the end of the measured load.
import { readFileSync } from 'node:fs';

/** utime + stime of a process and all its threads, in seconds; null when it cannot be read. */
export function cpuSeconds(pid: number): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces and parentheses).
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const utime = Number(rest[11]);
    const stime = Number(rest[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    // USER_HZ is 100 on every Linux this runs on.
    return (utime + stime) / 100;
  } catch {
    return null;
  }
}

/** Each process's CPU seconds between two readings (null where either is missing). */
export function cpuBetween(
  before: readonly { pid: number; cpuS: number | null }[],
  after: readonly { pid: number; cpuS: number | null }[],
): { pid: number; cpuS: number | null }[] {
  return after.map((a) => {
    const b = before.find((x) => x.pid === a.pid)?.cpuS ?? null;
    return { pid: a.pid, cpuS: a.cpuS !== null && b !== null ? a.cpuS - b : null };
  });
}
