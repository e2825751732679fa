// Resource use around a measured phase: the client's own CPU (every thread of this process,
// workers included) and peak RSS, and, for the server processes given by PID, their peak RSS
// and CPU time read from /proc (Linux; elsewhere those figures are null); whole process trees
// (an Apache prefork server is a parent and its children, a battle-server in cluster mode a
// primary and its workers): their summed RSS and PSS and their CPU. And the machine's own split
// of its CPU time over the phase, steal included: on a cloud VM the hypervisor may hand the
// virtual CPUs to other tenants, and a phase that lost a tenth of its CPU that way measured the
// host's neighbours as much as the code.
import {
  cpuSeconds,
  type MachineTimes,
  machineTimes,
  memoryStatus,
  processTree,
  runQueueWaitSeconds,
  treeMemory,
  treeTicks,
  USER_HZ,
} from './proc.ts';
import { highest } from './report.ts';

export interface ClientUsage {
  userCpuS: number;
  systemCpuS: number;
  wallS: number;
  /** (user + system) / wall: 1.0 = one core busy for the whole phase. */
  cores: number;
  maxRssBytes: number;
  /** Seconds its threads waited for a CPU during the phase (null: no schedstat). */
  runQueueWaitS: number | null;
}

export interface ServerUsage {
  pid: number;
  name: string | null;
  /** Highest RSS sampled during the phase. */
  peakRssBytes: number | null;
  /** The kernel's high-water mark of RSS since the process started (VmHWM). */
  vmHwmBytes: number | null;
  /** CPU seconds (user + system) the process used during the phase. */
  cpuS: number | null;
  cores: number | null;
  /** Seconds its threads waited for a CPU during the phase (null: no schedstat). */
  runQueueWaitS: number | null;
}

/** The machine's CPU time in a phase (seconds summed over its CPUs), and steal's share of it. */
export interface MachineUsage extends MachineTimes {
  /** stealS over all the machine's CPU time in the phase (0 to 1). */
  stealShare: number;
}

/** The share of steal over which a run's figures are flagged. */
export const STEAL_FLAG_SHARE = 0.05;

/** a + k x b, field by field (k = -1: the time between two readings). */
function addTimes(a: MachineTimes, b: MachineTimes, k = 1): MachineTimes {
  return {
    busyS: a.busyS + k * b.busyS,
    idleS: a.idleS + k * b.idleS,
    iowaitS: a.iowaitS + k * b.iowaitS,
    stealS: a.stealS + k * b.stealS,
  };
}

function machineUsage(t: MachineTimes): MachineUsage {
  const all = t.busyS + t.idleS + t.iowaitS + t.stealS;
  return { ...t, stealShare: all > 0 ? t.stealS / all : 0 };
}

/**
 * "machine: 1.62 of 2 CPUs busy, I/O wait 0.01, steal 0.4%", and a warning when steal reached
 * STEAL_FLAG_SHARE; null when /proc/stat could not be read.
 */
export function machineLine(m: MachineUsage | null, wallS: number): string | null {
  if (!m || wallS <= 0) return null;
  const cpus = (m.busyS + m.idleS + m.iowaitS + m.stealS) / wallS;
  const pct = (m.stealShare * 100).toFixed(1);
  const flag =
    m.stealShare >= STEAL_FLAG_SHARE
      ? ` (over ${STEAL_FLAG_SHARE * 100}%: the hypervisor gave this VM's CPUs to other tenants for that share of the time; these figures measure the host's neighbours too)`
      : '';
  return `machine: ${(m.busyS / wallS).toFixed(2)} of ${Math.round(cpus)} CPUs busy, I/O wait ${(m.iowaitS / wallS).toFixed(2)}, steal ${pct}%${flag}`;
}

/** Samples the client and the given server processes from `start()` to `stop()`. */
export class UsageSampler {
  readonly #pids: number[];
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #cpu0: NodeJS.CpuUsage = process.cpuUsage();
  #wall0 = 0;
  #peak = new Map<number, number>();
  #serverCpu0 = new Map<number, number | null>();
  #wait0 = new Map<number | 'self', number | null>();
  #machine0: MachineTimes | null = null;

  constructor(pids: readonly number[], intervalMs = 250) {
    this.#pids = [...pids];
    this.#intervalMs = intervalMs;
  }

  start(): void {
    this.#cpu0 = process.cpuUsage();
    this.#wall0 = performance.now();
    this.#machine0 = machineTimes();
    for (const pid of this.#pids) this.#serverCpu0.set(pid, cpuSeconds(pid));
    for (const pid of [...this.#pids, 'self' as const])
      this.#wait0.set(pid, runQueueWaitSeconds(pid));
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), this.#intervalMs);
    this.#timer.unref();
  }

  #sample(): void {
    for (const pid of this.#pids) {
      const s = memoryStatus(pid);
      if (s && s.rssBytes > (this.#peak.get(pid) ?? 0)) this.#peak.set(pid, s.rssBytes);
    }
  }

  stop(): { client: ClientUsage; servers: ServerUsage[]; machine: MachineUsage | null } {
    this.#sample();
    if (this.#timer) clearInterval(this.#timer);
    const wallS = (performance.now() - this.#wall0) / 1000;
    const m0 = this.#machine0;
    const m1 = machineTimes();
    const machine = m0 && m1 ? machineUsage(addTimes(m1, m0, -1)) : null;
    const cpu = process.cpuUsage(this.#cpu0);
    const waited = (pid: number | 'self') => {
      const w0 = this.#wait0.get(pid) ?? null;
      const w1 = runQueueWaitSeconds(pid);
      return w0 === null || w1 === null ? null : Math.max(0, w1 - w0);
    };
    const userCpuS = cpu.user / 1e6;
    const systemCpuS = cpu.system / 1e6;
    const client: ClientUsage = {
      userCpuS,
      systemCpuS,
      wallS,
      cores: wallS > 0 ? (userCpuS + systemCpuS) / wallS : 0,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      runQueueWaitS: waited('self'),
    };
    const servers = this.#pids.map((pid): ServerUsage => {
      const s = memoryStatus(pid);
      const c0 = this.#serverCpu0.get(pid) ?? null;
      const c1 = cpuSeconds(pid);
      const cpuS = c0 === null || c1 === null ? null : c1 - c0;
      return {
        pid,
        name: s?.name ?? null,
        peakRssBytes: this.#peak.get(pid) ?? null,
        vmHwmBytes: s?.hwmBytes ?? null,
        cpuS,
        cores: cpuS === null || wallS <= 0 ? null : cpuS / wallS,
        runQueueWaitS: waited(pid),
      };
    });
    return { client, servers, machine };
  }
}

/** The sum, or null when any part is missing (a figure not read is never taken as zero). */
const sumOrNull = (xs: readonly (number | null)[]): number | null =>
  xs.some((x) => x === null) ? null : xs.reduce((n: number, x) => n + x!, 0);

/**
 * Several phases' usage as one (the slices of a run split into rounds): CPU and wall time
 * summed, so `cores` is the mean over the phases' time; peaks the highest.
 */
export function combineUsage(
  parts: readonly ReturnType<UsageSampler['stop']>[],
): ReturnType<UsageSampler['stop']> {
  const userCpuS = parts.reduce((n, p) => n + p.client.userCpuS, 0);
  const systemCpuS = parts.reduce((n, p) => n + p.client.systemCpuS, 0);
  const wallS = parts.reduce((n, p) => n + p.client.wallS, 0);
  const client: ClientUsage = {
    userCpuS,
    systemCpuS,
    wallS,
    cores: wallS > 0 ? (userCpuS + systemCpuS) / wallS : 0,
    maxRssBytes: Math.max(0, ...parts.map((p) => p.client.maxRssBytes)),
    runQueueWaitS: sumOrNull(parts.map((p) => p.client.runQueueWaitS)),
  };
  const servers = (parts[0]?.servers ?? []).map((first, i): ServerUsage => {
    const all = parts.map((p) => p.servers[i]!);
    const cpuS = sumOrNull(all.map((s) => s.cpuS));
    return {
      pid: first.pid,
      name: all.find((s) => s.name !== null)?.name ?? null,
      peakRssBytes: highest(all.map((s) => s.peakRssBytes)),
      vmHwmBytes: highest(all.map((s) => s.vmHwmBytes)),
      cpuS,
      cores: cpuS === null || wallS <= 0 ? null : cpuS / wallS,
      runQueueWaitS: sumOrNull(all.map((s) => s.runQueueWaitS)),
    };
  });
  const machines = parts.map((p) => p.machine);
  const machine =
    machines.length > 0 && machines.every((m) => m !== null)
      ? machineUsage(
          machines.slice(1).reduce<MachineTimes>((a, m) => addTimes(a, m!), machines[0]!),
        )
      : null;
  return { client, servers, machine };
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
      const ticks = treeTicks(pid);
      if (ticks !== null) this.#ticks0.set(pid, ticks);
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
      const m = treeMemory(pid);
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
      const now = treeTicks(pid);
      if (now !== null) ticks += now - (this.#ticks0.get(pid) ?? 0);
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
