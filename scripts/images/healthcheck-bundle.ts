// The images' health check as one self-contained ESM file (grpc-js and the
// codecs inlined). grpc-js is CommonJS and requires Node built-ins, which an
// ESM bundle can do only through a `require` of its own: the banner makes one.
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './lib.ts';

export async function bundleHealthcheck(outfile: string): Promise<void> {
  await build({
    entryPoints: [join(repoRoot, 'scripts/images/healthcheck.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    banner: {
      js: "import { createRequire as __slgCreateRequire } from 'node:module'; const require = __slgCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
