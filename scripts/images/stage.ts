// Run by Dockerfile.multiarch's build stage after `npm run build`: lays out
// what the final stages copy, so the Dockerfile holds no per-file knowledge.
//   <out>/app/<service>/   -> /app in that service's image: <service>/dist/ (the
//                             bundle), its assets at their repo paths, healthcheck.mjs
//   <out>/deps/            -> the manifests `npm ci` needs for the production
//                             dependencies (root + every workspace), services.txt
// A missing bundle or asset stops the build with its name.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundleHealthcheck } from './healthcheck-bundle.ts';
import { repoRoot } from './lib.ts';
import { presentServices } from './services.ts';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: node scripts/images/stage.ts <output dir>\n');
  process.exit(2);
}

const healthcheck = join(out, 'healthcheck.mjs');
await bundleHealthcheck(healthcheck);

const services = presentServices();
for (const s of services) {
  const app = join(out, 'app', s.name);
  const dist = join(repoRoot, s.name, 'dist');
  if (!existsSync(join(dist, 'main.mjs'))) {
    throw new Error(`${s.name}: no bundle at ${s.name}/dist/main.mjs (did npm run build run?)`);
  }
  cpSync(dist, join(app, s.name, 'dist'), { recursive: true });
  for (const asset of s.assets) {
    const from = join(repoRoot, asset);
    if (!existsSync(from)) throw new Error(`${s.name}: asset ${asset} is missing`);
    mkdirSync(join(app, dirname(asset)), { recursive: true });
    cpSync(from, join(app, asset));
  }
  cpSync(healthcheck, join(app, 'healthcheck.mjs'));
}

const deps = join(out, 'deps');
const rootPkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
for (const file of [
  'package.json',
  'package-lock.json',
  ...rootPkg.workspaces.map((w) => `${w}/package.json`),
]) {
  if (!existsSync(join(repoRoot, file))) continue;
  mkdirSync(join(deps, dirname(file)), { recursive: true });
  cpSync(join(repoRoot, file), join(deps, file));
}
writeFileSync(join(deps, 'services.txt'), `${services.map((s) => s.name).join('\n')}\n`);
process.stdout.write(`staged ${services.map((s) => s.name).join(', ')} in ${out}\n`);
