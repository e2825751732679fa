// Runs an unpacked image as a container runtime would run its entrypoint, with
// no container runtime: chroot into its root filesystem (with /proc and /dev
// mounted), as its user, in its working directory, with its environment, its
// entrypoint and arguments (umoci's runtime config.json). A foreign-arch image
// runs through qemu-user-static (binfmt_misc, flag F). The network is the host's.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Platform } from './lib.ts';
import { run, StepError } from './lib.ts';

interface RuntimeSpec {
  process: {
    args: string[];
    env: string[];
    cwd: string;
    user: { uid: number; gid: number; additionalGids?: number[] };
  };
}

export interface Unpacked {
  label: string;
  rootfs: string;
  spec: RuntimeSpec;
}

/** One platform of a multi-platform OCI archive, unpacked into workDir/<name>. */
export async function unpack(
  archive: string,
  p: Platform,
  name: string,
  workDir: string,
): Promise<Unpacked> {
  const layout = join(workDir, 'oci');
  const bundle = join(workDir, `${name}-${p.arch}`);
  await releaseStale(bundle);
  rmSync(bundle, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const label = `${name} (${p.platform})`;
  await run(
    'skopeo',
    [
      '--override-arch',
      p.arch,
      '--override-os',
      'linux',
      'copy',
      '--quiet',
      `oci-archive:${archive}`,
      `oci:${layout}:${name}-${p.arch}`,
    ],
    { step: `taking ${label} out of ${archive}` },
  );
  await run('umoci', ['unpack', '--image', `${layout}:${name}-${p.arch}`, bundle], {
    step: `unpacking ${label}`,
  });
  const spec = JSON.parse(readFileSync(join(bundle, 'config.json'), 'utf8')) as RuntimeSpec;
  return { label, rootfs: join(bundle, 'rootfs'), spec };
}

/** Mount points at or under dir (deepest first), from /proc/self/mounts. */
export function mountsUnder(dir: string): string[] {
  const prefix = dir.replace(/\/?$/, '/');
  return readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1]?.replace(/\\040/g, ' ') ?? '')
    .filter((m) => m === dir || m.startsWith(prefix))
    .sort((a, b) => b.length - a.length);
}

/**
 * What a run that was killed may have left under dir: processes whose root is
 * there (ended: SIGTERM, then SIGKILL), then its mounts. Before dir is deleted,
 * so that no deletion ever reaches the host's /dev through a bind mount.
 */
export async function releaseStale(dir: string): Promise<void> {
  const prefix = dir.replace(/\/?$/, '/');
  const strays: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readlinkSync(`/proc/${pid}/root`).startsWith(prefix)) strays.push(Number(pid));
    } catch {
      // gone, or not ours to read
    }
  }
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const alive = strays.filter((pid) => existsSync(`/proc/${pid}`));
    for (const pid of alive) process.kill(pid, signal);
    for (let i = 0; i < 100 && alive.some((pid) => existsSync(`/proc/${pid}`)); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  for (const m of mountsUnder(dir)) {
    await run('umount', [m], { step: `unmounting ${m}` }).catch(() =>
      run('umount', ['-l', m], { step: `unmounting ${m}` }),
    );
  }
  if (mountsUnder(dir).length) {
    throw new StepError(`${dir}: still mounted (${mountsUnder(dir).join(', ')}); not deleting it`);
  }
}

/** /proc and /dev (read-only) inside a root filesystem, for as long as processes run in it. */
export class Mounts {
  readonly #mounted: string[] = [];

  async add(rootfs: string): Promise<void> {
    for (const [args, target] of [
      [['-t', 'proc', 'proc'], join(rootfs, 'proc')],
      [['--bind', '/dev'], join(rootfs, 'dev')],
    ] as const) {
      mkdirSync(target, { recursive: true });
      await run('mount', [...args, target], { step: `mounting ${target}` });
      this.#mounted.push(target);
    }
    // Read-only: nothing done in or to the image's root can change this machine's /dev.
    const dev = join(rootfs, 'dev');
    await run('mount', ['-o', 'remount,bind,ro', dev], { step: `making ${dev} read-only` });
  }

  async release(): Promise<void> {
    for (const target of this.#mounted.splice(0).reverse()) {
      await run('umount', [target], { step: `unmounting ${target}` }).catch(() =>
        run('umount', ['-l', target], { step: `unmounting ${target}` }),
      );
    }
  }
}

function chrootArgs(u: Unpacked, args: string[], cwd: string): string[] {
  const { uid, gid, additionalGids = [] } = u.spec.process.user;
  return [
    `--userspec=${uid}:${gid}`,
    `--groups=${[gid, ...additionalGids].join(',')}`,
    u.rootfs,
    '/usr/bin/env',
    '-C',
    cwd,
    ...args,
  ];
}

function specEnv(u: Unpacked, overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const kv of u.spec.process.env) {
    const i = kv.indexOf('=');
    env[kv.slice(0, i)] = kv.slice(i + 1);
  }
  return { ...env, ...overrides };
}

/** The entrypoint of an unpacked image, running. */
export class Container {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly #lines: string[] = [];
  readonly env: Record<string, string>;
  readonly image: Unpacked;

  constructor(image: Unpacked, overrides: Record<string, string>) {
    this.image = image;
    this.env = specEnv(image, overrides);
    const { args, cwd } = image.spec.process;
    this.child = spawn('/usr/sbin/chroot', chrootArgs(image, args, cwd), {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (d: Buffer) => {
      for (const line of d.toString('utf8').split('\n')) {
        if (!line) continue;
        this.#lines.push(line);
        if (this.#lines.length > 60) this.#lines.shift();
      }
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  logTail(n = 15): string {
    return this.#lines.slice(-n).join('\n');
  }

  /** Runs a command in the container (as its user, with its environment), e.g. its HEALTHCHECK. */
  exec(args: string[]): Promise<{ code: number; output: string }> {
    return new Promise((resolve) => {
      const child = spawn('/usr/sbin/chroot', chrootArgs(this.image, args, '/'), {
        env: this.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      child.on('close', (code) => resolve({ code: code ?? -1, output: output.trim() }));
    });
  }

  /**
   * Waits until the image's HEALTHCHECK passes; fails, saying so, if the
   * entrypoint exits first or it stays unhealthy until the deadline.
   */
  async healthy(test: string[], deadlineMs: number): Promise<number> {
    const cmd = test[0] === 'CMD' ? test.slice(1) : ['/bin/sh', '-c', test.slice(1).join(' ')];
    const until = Date.now() + deadlineMs;
    let attempts = 0;
    let last = '';
    for (;;) {
      if (!this.running) {
        const { code, signal } = await this.exited;
        throw new StepError(
          `${this.image.label} did not start: its entrypoint exited (${signal ?? `code ${code}`}). Last output:\n${this.logTail()}`,
        );
      }
      attempts++;
      const r = await this.exec(cmd);
      if (r.code === 0) return attempts;
      last = r.output;
      if (Date.now() > until) {
        throw new StepError(
          `${this.image.label} did not become healthy in ${deadlineMs / 1000} s (${attempts} health checks; last: ${last}). Its output:\n${this.logTail()}`,
        );
      }
      await Promise.race([this.exited, new Promise((r) => setTimeout(r, 1000))]);
    }
  }

  /** SIGTERM, as `docker stop` sends it: resolves with the exit, or SIGKILLs after the grace. */
  async stop(graceMs = 30_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.running) return this.exited;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const result = await this.exited;
    clearTimeout(timer);
    return result;
  }
}
