// The local base images the verification builds from, made from Debian's
// packages and the npm registry's Node binaries, no registry of images needed:
//   localhost/slg-debian:bookworm-<arch>-<key>    debootstrap minbase, trimmed like
//                                                 debian:bookworm-slim (the images' BASE)
//   localhost/slg-node-build:<node>-<arch>-<key>  that + the pinned Node and npm, for
//                                                 the build stage (BUILD_BASE), build arch only
// The root filesystems are kept as tarballs in the cache, keyed by their recipe,
// and imported into buildah's vfs store once: a second run costs nothing here.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir, PLATFORMS, type Platform, run, StepError, timed } from './lib.ts';
import { fetchPackage, nodeBinary } from './node-package.ts';

/**
 * buildah's storage: `vfs` (works anywhere, but every layer and every
 * stage mounted is a full copy of its root filesystem) or `overlay` (the kernel's overlayfs:
 * no copies; several times faster here). SLG_BUILDAH_DRIVER chooses; by default overlay
 * when a probe shows it works on this machine, else vfs (chooseStorageDriver).
 */
export const BUILDAH = ['--storage-driver', process.env.SLG_BUILDAH_DRIVER || 'vfs'];

export async function chooseStorageDriver(): Promise<string> {
  const wanted = process.env.SLG_BUILDAH_DRIVER;
  if (wanted) {
    if (wanted !== 'vfs' && wanted !== 'overlay') {
      throw new StepError(`SLG_BUILDAH_DRIVER=${wanted}: vfs or overlay`);
    }
    return wanted;
  }
  const overlay = ['--storage-driver', 'overlay'];
  try {
    const ctr = (
      await run('buildah', [...overlay, 'from', '--pull=never', 'scratch'], { step: 'probe' })
    ).trim();
    try {
      await run('buildah', [...overlay, 'mount', ctr], { step: 'probe' });
    } finally {
      await run('buildah', [...overlay, 'rm', ctr], { step: 'probe' }).catch(() => undefined);
    }
    BUILDAH[1] = 'overlay';
  } catch {
    BUILDAH[1] = 'vfs';
  }
  return BUILDAH[1]!;
}
export const SUITE = 'bookworm';
/** npm for the build stage (the Node packages of the registry carry no npm). */
export const NPM_VERSION = '11.19.1';
const HOST_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** What makes the root filesystem slim: the paths debian:bookworm-slim keeps out as well. */
const DPKG_EXCLUDES = `# as in debian:*-slim: no docs (but copyrights), man pages, info or translations
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
`;

export function debianMirror(): string {
  if (process.env.SLG_DEBIAN_MIRROR) return process.env.SLG_DEBIAN_MIRROR;
  for (const f of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!existsSync(f)) continue;
    const text = readFileSync(f, 'utf8');
    const uri =
      /^URIs:\s*(\S+\/debian)\s*$/m.exec(text)?.[1] ??
      /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\s/m.exec(text)?.[1];
    if (uri) return uri;
  }
  return 'http://deb.debian.org/debian';
}

function hostArch(): 'amd64' | 'arm64' {
  if (process.arch === 'x64') return 'amd64';
  if (process.arch === 'arm64') return 'arm64';
  throw new StepError(
    `unsupported machine ${process.arch}: the image scripts run on amd64 or arm64`,
  );
}

export const buildPlatform = (): Platform => PLATFORMS[hostArch()];

function recipeKey(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);
}

async function imageExists(name: string): Promise<boolean> {
  try {
    await run('buildah', [...BUILDAH, 'inspect', '--type', 'image', name], { step: 'inspect' });
    return true;
  } catch {
    return false;
  }
}

/** Trims a debootstrapped root like debian:bookworm-slim and empties apt's caches. */
async function slim(rootfs: string): Promise<void> {
  writeFileSync(join(rootfs, 'etc/dpkg/dpkg.cfg.d/slim'), DPKG_EXCLUDES);
  writeFileSync(
    join(rootfs, 'etc/apt/apt.conf.d/docker-clean'),
    'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };\nAPT::Install-Recommends "false";\n',
  );
  const script = [
    'find usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete',
    'find usr/share/doc -mindepth 1 -type d -empty -delete',
    'rm -rf usr/share/man/* usr/share/info/* usr/share/lintian/*',
    'find usr/share/locale -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +',
    'rm -rf var/cache/apt/*.bin var/cache/apt/archives/*.deb var/lib/apt/lists/* var/log/*.log var/log/apt/* debootstrap',
  ].join(' && ');
  await run('sh', ['-c', script], { step: 'trimming the base root filesystem', cwd: rootfs });
}

/** debootstrap of one architecture (two stages, the second under qemu, for a foreign one). */
async function debootstrap(p: Platform, rootfs: string, mirror: string): Promise<void> {
  rmSync(rootfs, { recursive: true, force: true });
  const foreign = p.arch !== hostArch();
  await run(
    'debootstrap',
    [
      `--arch=${p.arch}`,
      '--variant=minbase',
      ...(foreign ? ['--foreign'] : []),
      SUITE,
      rootfs,
      mirror,
    ],
    { step: `debootstrap ${SUITE} ${p.arch} from ${mirror}` },
  );
  if (foreign) {
    await run('chroot', [rootfs, '/debootstrap/debootstrap', '--second-stage'], {
      step: `debootstrap's second stage for ${p.arch} (under qemu)`,
    });
  }
  const arch = (
    await run('chroot', [rootfs, '/usr/bin/dpkg', '--print-architecture'], {
      step: `checking the ${p.arch} root filesystem`,
    })
  ).trim();
  if (arch !== p.arch) {
    throw new StepError(`debootstrap made a ${arch} root filesystem, not ${p.arch}`);
  }
}

async function importTar(p: Platform, tar: string, name: string, labels: string[]): Promise<void> {
  const ctr = (
    await run('buildah', [...BUILDAH, 'from', '--arch', p.arch, '--os', 'linux', 'scratch'], {
      step: 'buildah from scratch',
    })
  ).trim();
  await run('buildah', [...BUILDAH, 'add', ctr, tar, '/'], { step: `importing ${tar}` });
  await run(
    'buildah',
    [
      ...BUILDAH,
      'config',
      '--arch',
      p.arch,
      '--os',
      'linux',
      '--cmd',
      '/bin/bash',
      '--env',
      'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      ...labels.flatMap((l) => ['--label', l]),
      ctr,
    ],
    { step: 'buildah config' },
  );
  await run('buildah', [...BUILDAH, 'commit', '--rm', '--quiet', ctr, name], {
    step: `committing ${name}`,
  });
}

async function tarDir(dir: string, tar: string, step: string): Promise<void> {
  const partial = `${tar}.${process.pid}-${Date.now()}.partial`;
  await run(
    'tar',
    [
      '--numeric-owner',
      '--exclude=./dev/*',
      '--exclude=./proc/*',
      '--exclude=./sys/*',
      '-C',
      dir,
      '-cf',
      partial,
      '.',
    ],
    { step },
  );
  // Renamed into place whole: a second build beside this one sees no tarball or a whole one.
  await run('mv', [partial, tar], { step });
}

/** The slim Debian base of a platform, in buildah's store; returns its name. */
export async function debianBase(p: Platform): Promise<string> {
  const mirror = debianMirror();
  const key = recipeKey({ SUITE, variant: 'minbase', mirror, DPKG_EXCLUDES, v: 1, arch: p.arch });
  const name = `localhost/slg-debian:${SUITE}-${p.arch}-${key}`;
  if (await imageExists(name)) return name;
  const dir = join(cacheDir(), 'bases');
  mkdirSync(dir, { recursive: true });
  const tar = join(dir, `debian-${SUITE}-${p.arch}-${key}.tar`);
  if (!existsSync(tar)) {
    await timed(`debootstrap ${SUITE} ${p.arch} (once; cached in ${dir})`, async () => {
      // A directory of this build's own: two builds at once must not debootstrap into one.
      const rootfs = join(mkdtempSync(join(dir, `rootfs-${p.arch}-`)), 'root');
      await debootstrap(p, rootfs, mirror);
      await slim(rootfs);
      await tarDir(rootfs, tar, `archiving the ${p.arch} root filesystem`);
      rmSync(dirname(rootfs), { recursive: true, force: true });
    });
  }
  await importTar(p, tar, name, [`org.slg.base.recipe=${key}`]);
  return name;
}

/** The build stage's base (build platform): the slim Debian base + the pinned Node + npm. */
export async function buildBase(debian: string): Promise<string> {
  const p = buildPlatform();
  const node = await nodeBinary(p);
  // The build stage reaches the npm registry as this machine does: with its trust store
  // (a network whose TLS is intercepted by a proxy with its own CA works the same).
  const caBundle = existsSync(HOST_CA_BUNDLE) ? readFileSync(HOST_CA_BUNDLE) : undefined;
  const key = recipeKey({
    debian,
    node: node.version,
    npm: NPM_VERSION,
    ca: caBundle && createHash('sha256').update(caBundle).digest('hex'),
    v: 2,
  });
  const name = `localhost/slg-node-build:${node.version}-${p.arch}-${key}`;
  if (await imageExists(name)) return name;
  const dir = join(cacheDir(), 'bases');
  const npm = await fetchPackage(
    'npm',
    NPM_VERSION,
    undefined,
    join(cacheDir(), 'npm', NPM_VERSION),
  );
  mkdirSync(dir, { recursive: true });
  const stage = mkdtempSync(join(dir, `node-build-${p.arch}-`));
  mkdirSync(join(stage, 'usr/local/bin'), { recursive: true });
  mkdirSync(join(stage, 'usr/local/lib/node_modules'), { recursive: true });
  await run('cp', ['-a', node.path, join(stage, 'usr/local/bin/node')], { step: 'staging node' });
  await run('cp', ['-a', npm, join(stage, 'usr/local/lib/node_modules/npm')], {
    step: 'staging npm',
  });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(stage, 'usr/local/bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(stage, 'usr/local/bin/npx'));
  if (caBundle) {
    mkdirSync(join(stage, 'etc/ssl/certs'), { recursive: true });
    writeFileSync(join(stage, HOST_CA_BUNDLE), caBundle);
  }
  const tar = join(dir, `node-build-${p.arch}-${key}.tar`);
  await tarDir(stage, tar, 'archiving Node and npm');
  rmSync(stage, { recursive: true, force: true });
  const ctr = (
    await run('buildah', [...BUILDAH, 'from', '--pull=never', debian], {
      step: `buildah from ${debian}`,
    })
  ).trim();
  await run('buildah', [...BUILDAH, 'add', ctr, tar, '/'], { step: 'adding Node and npm' });
  if (caBundle) {
    await run(
      'buildah',
      [...BUILDAH, 'config', '--env', `NODE_EXTRA_CA_CERTS=${HOST_CA_BUNDLE}`, ctr],
      { step: 'buildah config' },
    );
  }
  await run('buildah', [...BUILDAH, 'commit', '--rm', '--quiet', ctr, name], {
    step: `committing ${name}`,
  });
  rmSync(tar);
  return name;
}
