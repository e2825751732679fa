// The machine-level tools of the image scripts, installed when missing (a
// clean Debian/Ubuntu CI machine, as root): buildah, skopeo, umoci, debootstrap,
// qemu-user-static with binfmt_misc (so arm64 binaries run here), and the
// arm64 C libraries that the arm64 Node binary needs outside an arm64 rootfs.
import { existsSync, readFileSync } from 'node:fs';
import { run, StepError } from './lib.ts';

/** command (or file) that proves the package is there -> Debian package. */
const imageTools: [string, string][] = [
  ['/usr/bin/buildah', 'buildah'],
  ['/usr/bin/skopeo', 'skopeo'],
  ['/usr/bin/umoci', 'umoci'],
  ['/usr/sbin/debootstrap', 'debootstrap'],
  ['/usr/bin/qemu-aarch64-static', 'qemu-user-static'],
  ['/usr/sbin/update-binfmts', 'binfmt-support'],
];

/** What the arm64 Node binary needs to run on the host through qemu (QEMU_LD_PREFIX). */
export const ARM64_LIBS = '/usr/aarch64-linux-gnu';
const arm64Libs: [string, string][] = [
  [`${ARM64_LIBS}/lib/ld-linux-aarch64.so.1`, 'libc6-arm64-cross'],
  [`${ARM64_LIBS}/lib/libstdc++.so.6`, 'libstdc++6-arm64-cross'],
  [`${ARM64_LIBS}/lib/libgcc_s.so.1`, 'libgcc-s1-arm64-cross'],
  ['/usr/bin/qemu-aarch64-static', 'qemu-user-static'],
  ['/usr/sbin/update-binfmts', 'binfmt-support'],
];

async function aptInstall(wanted: [string, string][]): Promise<void> {
  const missing = [...new Set(wanted.filter(([path]) => !existsSync(path)).map(([, p]) => p))];
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new StepError(`missing tools: install ${missing.join(' ')} (apt-get, as root)`);
  }
  process.stdout.write(`installing ${missing.join(' ')} (apt-get)\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { step: 'apt-get update', env });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    step: `apt-get install ${missing.join(' ')}`,
    env,
  });
}

const BINFMT = '/proc/sys/fs/binfmt_misc';

/**
 * qemu-aarch64 registered with binfmt_misc, flag F (the interpreter is opened
 * at registration, so it works inside chroots and image builds too).
 */
export async function ensureBinfmt(): Promise<void> {
  if (!existsSync(`${BINFMT}/register`)) {
    await run('mount', ['-t', 'binfmt_misc', 'binfmt_misc', BINFMT], {
      step: 'mounting binfmt_misc (needed to run arm64 binaries through qemu)',
    });
  }
  const entry = `${BINFMT}/qemu-aarch64`;
  if (!existsSync(entry) || !readFileSync(entry, 'utf8').startsWith('enabled')) {
    await run('update-binfmts', ['--enable', 'qemu-aarch64'], {
      step: 'enabling qemu-aarch64 in binfmt_misc',
    });
  }
  const state = existsSync(entry) ? readFileSync(entry, 'utf8') : '';
  if (!state.startsWith('enabled') || !/^flags: .*F/m.test(state)) {
    throw new StepError(
      `binfmt_misc: qemu-aarch64 is not enabled with flag F (${state.split('\n').slice(0, 3).join('; ') || 'not registered'}); arm64 binaries cannot run here`,
    );
  }
}

export async function ensureImageTools(): Promise<void> {
  await aptInstall(imageTools);
  await ensureBinfmt();
}

export async function ensureArm64Runtime(): Promise<void> {
  await aptInstall(arm64Libs);
  await ensureBinfmt();
}
