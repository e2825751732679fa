// `npm run test:faults`: the bundles built (`npm run build`), then each fault file of this folder
// under tap, one file at a time (each starts its own MariaDB, Redis and services), then the
// fault table of every file printed and written as bench/results/faults-<time>.json. The exit
// code is tap's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectEnvironment } from '../src/lib/environment.ts';
import { defaultResultPath, writeResult } from '../src/lib/result-file.ts';
import { type FaultRow, faultTable, RECOVERY_BOUND_MS } from './harness.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
  .map((f) => join(here, f));

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts')], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const out = mkdtempSync(join(tmpdir(), 'slg-faults-out-'));
const env = collectEnvironment();
const loadBefore = load();
const t0 = performance.now();
const tap = spawnSync(
  process.execPath,
  [realpathSync(join(root, 'node_modules', '.bin', 'tap')), '--jobs', '1', ...files],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TAP_TYPE_STRIP_ONLY: '1', FAULTS_OUT_DIR: out },
  },
);
const elapsedS = (performance.now() - t0) / 1000;
const rows: FaultRow[] = [];
for (const f of readdirSync(out).sort())
  rows.push(...(JSON.parse(readFileSync(join(out, f), 'utf8')) as { rows: FaultRow[] }).rows);
rmSync(out, { recursive: true, force: true });

console.log(
  `\nfault table (recovery: from the process being back to the first success sent after it; bound ${RECOVERY_BOUND_MS / 1000} s):\n`,
);
console.log(faultTable(rows));
const loadAfter = load();
console.log(
  `\n${rows.length} faults in ${files.length} files, ${elapsedS.toFixed(0)} s; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after; tap exit ${tap.status}`,
);
const file = writeResult(defaultResultPath('faults', env.startedAt), {
  schemaVersion: 1,
  kind: 'faults',
  environment: env,
  loadAverageBefore: loadBefore,
  loadAverageAfter: loadAfter,
  recoveryBoundMs: RECOVERY_BOUND_MS,
  elapsedS,
  tapExitCode: tap.status,
  rows,
});
console.log(`result: ${file}`);
process.exit(tap.status ?? 1);
