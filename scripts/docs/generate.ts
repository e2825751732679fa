// `npm run docs:reference`: writes the generated reference pages of docs/reference/ from their
// sources (configuration definitions, .proto files, metric definitions). `--check` writes
// nothing and exits 1 naming each page that differs from what it would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiReference } from './api-reference.ts';
import { configReference } from './config-reference.ts';
import { metricsReference } from './metrics-reference.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Each generated page: its path from the checkout's root, and its text. */
export function referencePages(): [path: string, text: string][] {
  return [
    ['docs/reference/configuration.md', configReference()],
    ['docs/reference/grpc-api.md', apiReference()],
    ['docs/reference/metrics.md', metricsReference()],
  ];
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, text] of referencePages()) {
    const file = join(root, path);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (current === text) continue;
    if (check) {
      console.error(`${path}: differs from its sources (npm run docs:reference rewrites it)`);
      stale++;
    } else {
      writeFileSync(file, text);
      console.log(`wrote ${path}`);
    }
  }
  process.exitCode = stale ? 1 : 0;
}
