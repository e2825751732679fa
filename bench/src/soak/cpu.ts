// A process's CPU time from /proc (Linux): what the settled rule's CPU per request check reads at
// the start, the middle and the end of the measured load.
export { cpuSeconds } from '../lib/proc.ts';

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
