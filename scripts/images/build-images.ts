// Builds every service's image for both platforms from Dockerfile.multiarch
// with buildah (vfs storage, chroot isolation: no daemon, no privileges beyond
// root), then writes one OCI archive per service holding both platforms, and
// reads back each image's platform, size and digest from the archive.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUILDAH } from './bases.ts';
import { type Platform, repoRoot, run, StepError, timed } from './lib.ts';
import type { ServiceImage } from './services.ts';

export const imageName = (s: ServiceImage, p: Platform): string =>
  `localhost/slg-${s.name}:${p.arch}`;

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** The OCI labels' values: the service's version, this checkout's revision and its commit time
 * (not "now": the same commit gives the same labels, and the layer cache holds). */
export function labelArgs(s: ServiceImage): string[] {
  const { version } = JSON.parse(readFileSync(join(repoRoot, s.name, 'package.json'), 'utf8')) as {
    version: string;
  };
  const revision = git(['rev-parse', 'HEAD']) || 'unknown';
  const created = git(['log', '-1', '--format=%cI']) || 'unknown';
  const source = git(['remote', 'get-url', 'origin']) || 'unknown';
  return [`VERSION=${version}`, `REVISION=${revision}`, `CREATED=${created}`, `SOURCE=${source}`];
}

export interface BuildInputs {
  build: Platform;
  buildBase: string;
  /** The BASE of each target platform. */
  bases: Record<string, string>;
  dockerfile: string;
  context: string;
}

export async function buildImage(s: ServiceImage, p: Platform, inputs: BuildInputs): Promise<void> {
  const args = [
    ...BUILDAH,
    'bud',
    '--isolation',
    'chroot',
    // The docker format keeps HEALTHCHECK (the OCI image config has no field for it).
    '--format',
    'docker',
    '--layers',
    '--pull=never',
    '--platform',
    p.platform,
    // buildah 1.28 fills neither $BUILDPLATFORM nor $TARGETARCH by itself.
    ...[
      `BUILDPLATFORM=${inputs.build.platform}`,
      `TARGETPLATFORM=${p.platform}`,
      `TARGETARCH=${p.arch}`,
      `TARGETOS=linux`,
      `BUILD_BASE=${inputs.buildBase}`,
      `BASE=${inputs.bases[p.arch]}`,
      ...labelArgs(s),
    ].flatMap((a) => ['--build-arg', a]),
    '--target',
    s.name,
    '-f',
    inputs.dockerfile,
    '-t',
    imageName(s, p),
    inputs.context,
  ];
  await timed(`build ${s.name} for ${p.platform}`, () =>
    run('buildah', args, { step: `building ${s.name} for ${p.platform}` }),
  );
  // buildah's layer cache ignores a changed ARG in LABEL (and --label on a cached build): a
  // cached image kept a previous commit's revision. The labels set again on the result.
  const name = imageName(s, p);
  const ctr = (
    await run('buildah', [...BUILDAH, 'from', '--pull=never', name], { step: `labelling ${name}` })
  ).trim();
  const labels = labelArgs(s).flatMap((a) => {
    const [k, v] = a.split(/=(.*)/s) as [string, string];
    return ['--label', `org.opencontainers.image.${k.toLowerCase()}=${v}`];
  });
  await run('buildah', [...BUILDAH, 'config', ...labels, ctr], { step: `labelling ${name}` });
  await run('buildah', [...BUILDAH, 'commit', '--rm', '--quiet', '--format', 'docker', ctr, name], {
    step: `labelling ${name}`,
  });
}

/** The image's configuration as buildah holds it (docker format: with its Healthcheck). */
export async function imageConfig(name: string): Promise<{
  architecture: string;
  os: string;
  config: {
    Entrypoint?: string[];
    Cmd?: string[];
    Env?: string[];
    User?: string;
    WorkingDir?: string;
    Healthcheck?: { Test?: string[] };
    Labels?: Record<string, string>;
  };
}> {
  const out = await run('buildah', [...BUILDAH, 'inspect', '--type', 'image', name], {
    step: `inspecting ${name}`,
  });
  const info = JSON.parse(out) as { Docker: { architecture: string; os: string; config: object } };
  return info.Docker as Awaited<ReturnType<typeof imageConfig>>;
}

export interface ArchivedImage {
  platform: string;
  digest: string;
  /** Compressed: what a registry stores and a pull downloads (config + layers). */
  compressed: number;
  /** Uncompressed layers: what the image takes on a machine's disk. */
  unpacked: number;
  layers: string[];
}

export interface Archive {
  file: string;
  indexDigest: string;
  images: ArchivedImage[];
}

function tarEntry(archive: string, path: string): Buffer {
  return execFileSync('tar', ['-xOf', archive, path], { maxBuffer: 1 << 30 });
}

function blobPath(digest: string): string {
  return `blobs/${digest.replace(':', '/')}`;
}

/** Writes both platforms of a service into one OCI archive (an image index), and reads it back. */
export async function writeArchive(
  s: ServiceImage,
  platforms: Platform[],
  outDir: string,
): Promise<Archive> {
  mkdirSync(outDir, { recursive: true });
  const list = `localhost/slg-${s.name}:multiarch`;
  const file = join(outDir, `${s.name}.oci.tar`);
  rmSync(file, { force: true });
  await run('buildah', [...BUILDAH, 'manifest', 'rm', list], { step: 'manifest rm' }).catch(
    () => undefined,
  );
  await run('buildah', [...BUILDAH, 'manifest', 'create', list], {
    step: `creating the image index of ${s.name}`,
  });
  for (const p of platforms) {
    await run('buildah', [...BUILDAH, 'manifest', 'add', list, imageName(s, p)], {
      step: `adding ${p.platform} to the image index of ${s.name}`,
    });
  }
  await timed(`archive ${s.name}`, () =>
    run(
      'buildah',
      [...BUILDAH, 'manifest', 'push', '--all', '--format', 'oci', list, `oci-archive:${file}`],
      { step: `writing ${file}` },
    ),
  );
  return readArchive(file);
}

export function readArchive(file: string): Archive {
  const layout = JSON.parse(tarEntry(file, 'index.json').toString()) as {
    manifests: { digest: string; mediaType: string }[];
  };
  const top = layout.manifests[0];
  if (!top) throw new StepError(`${file}: an empty OCI layout`);
  const index = JSON.parse(tarEntry(file, blobPath(top.digest)).toString()) as {
    manifests?: { digest: string; size: number; platform?: { architecture: string; os: string } }[];
  };
  if (!index.manifests) throw new StepError(`${file}: holds one image, not an image index`);
  const unpackedOf = new Map<string, number>();
  const images = index.manifests.map((m) => {
    const manifest = JSON.parse(tarEntry(file, blobPath(m.digest)).toString()) as {
      config: { size: number };
      layers: { digest: string; size: number; mediaType: string }[];
    };
    let unpacked = 0;
    for (const layer of manifest.layers) {
      let size = unpackedOf.get(layer.digest);
      if (size === undefined) {
        const gz = layer.mediaType.endsWith('gzip') ? ' | gzip -dc' : '';
        size = Number(
          execFileSync(
            'sh',
            ['-c', `tar -xOf "$1" "$2"${gz} | wc -c`, 'sh', file, blobPath(layer.digest)],
            { encoding: 'utf8' },
          ).trim(),
        );
        unpackedOf.set(layer.digest, size);
      }
      unpacked += size;
    }
    return {
      platform: `${m.platform?.os}/${m.platform?.architecture}`,
      digest: m.digest,
      compressed: manifest.config.size + manifest.layers.reduce((n, l) => n + l.size, 0),
      unpacked,
      layers: manifest.layers.map((l) => l.digest),
    };
  });
  return { file, indexDigest: top.digest, images };
}
