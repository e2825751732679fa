// The machine and runtime a result was measured on, stated with every result so that two
// machines' JSON files can be compared (and a wrong comparison spotted).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Environment {
  arch: string;
  platform: string;
  osRelease: string;
  cpuModel: string;
  /** Logical CPUs the process may use. */
  cores: number;
  totalMemoryBytes: number;
  node: string;
  v8: string;
  grpcJs: string;
  hostname: string;
  gitCommit: string | null;
  gitDirty: boolean | null;
  /** The time the run started (ISO 8601, UTC). */
  startedAt: string;
  /** 1, 5 and 15-minute load averages when the run started: other work on the machine. */
  loadAverage: number[];
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: new URL('../../../', import.meta.url),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

function packageVersion(name: string): string {
  try {
    const path = new URL(`../../../node_modules/${name}/package.json`, import.meta.url);
    return (JSON.parse(readFileSync(path, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function collectEnvironment(): Environment {
  const cpus = os.cpus();
  const commit = git(['rev-parse', 'HEAD']);
  const status = commit === null ? null : git(['status', '--porcelain', '--untracked-files=no']);
  return {
    arch: os.arch(),
    platform: os.platform(),
    osRelease: os.release(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    v8: process.versions.v8,
    grpcJs: packageVersion('@grpc/grpc-js'),
    hostname: os.hostname(),
    gitCommit: commit,
    gitDirty: status === null ? null : status.length > 0,
    startedAt: new Date().toISOString(),
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export function environmentLine(e: Environment): string {
  const gib = (e.totalMemoryBytes / 1024 ** 3).toFixed(1);
  const commit = e.gitCommit
    ? `${e.gitCommit.slice(0, 10)}${e.gitDirty ? ' (dirty)' : ''}`
    : 'unknown';
  const load = e.loadAverage ? `; load ${e.loadAverage.map((x) => x.toFixed(2)).join(' ')}` : '';
  return `machine: ${e.arch}, ${e.cpuModel}, ${e.cores} cores, ${gib} GiB; Node ${e.node}, grpc-js ${e.grpcJs}; host ${e.hostname}; commit ${commit}${load}`;
}
