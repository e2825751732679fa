// S, the battle ceiling with no HTTP: how many standard sample battles per second the machine
// computes, (a) through the piscina pool the server uses (message passing included), and
// (b) in-line, one thread per core with no messages (what cluster mode's processes do).
//   node bench/src/battle-ceiling.ts [--seconds 5] [--threads N] [--inflight 256] [--json out.json]
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { PoolRunner, runTask } from '@slg/battle-server';

export interface CeilingResult {
  mode: 'pool' | 'inline';
  threads: number;
  seconds: number;
  battles: number;
  battlesPerSec: number;
}

/** Battles/s through a PoolRunner, keeping `inflight` tasks outstanding. */
export async function poolCeiling(opts: {
  threads: number;
  seconds: number;
  inflight?: number;
}): Promise<CeilingResult> {
  const inflight = opts.inflight ?? 256;
  const runner = new PoolRunner({ threads: opts.threads, maxQueue: inflight * 2 });
  await runner.start();
  let seed = 0;
  let done = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const t0 = performance.now();
  const lane = async () => {
    while (performance.now() < deadline) {
      await runner.run({ kind: 'sample', seed: seed++ & 0xffff });
      done++;
    }
  };
  await Promise.all(Array.from({ length: inflight }, lane));
  const elapsed = (performance.now() - t0) / 1000;
  await runner.close();
  return {
    mode: 'pool',
    threads: opts.threads,
    seconds: elapsed,
    battles: done,
    battlesPerSec: done / elapsed,
  };
}

// Plain JS for an eval worker; dynamic imports only, so it runs as CommonJS or as a module.
const LOOP = `
import('node:worker_threads').then(async ({ parentPort, workerData }) => {
  const { runTask } = await import(workerData.url);
  const deadline = performance.now() + workerData.ms;
  let n = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 64; i++) runTask({ kind: 'sample', seed: (n + i) & 0xffff });
    n += 64;
  }
  parentPort.postMessage(n);
});
`;

/** Battles/s of `threads` threads each fighting in-line, with no messages per battle. */
export async function inlineCeiling(opts: {
  threads: number;
  seconds: number;
}): Promise<CeilingResult> {
  runTask({ kind: 'sample', seed: 0 });
  const url = import.meta.resolve('@slg/battle-server/battle-task', import.meta.url);
  const t0 = performance.now();
  const counts = await Promise.all(
    Array.from(
      { length: opts.threads },
      () =>
        new Promise<number>((resolve, reject) => {
          const w = new Worker(LOOP, {
            eval: true,
            workerData: { url, ms: opts.seconds * 1000 },
          });
          w.once('message', (n: number) => {
            resolve(n);
            void w.terminate();
          });
          w.once('error', reject);
        }),
    ),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const battles = counts.reduce((a, b) => a + b, 0);
  return {
    mode: 'inline',
    threads: opts.threads,
    seconds: elapsed,
    battles,
    battlesPerSec: battles / elapsed,
  };
}

/**
 * S for a server mode: `pool` measures the piscina pool (message passing included); `cluster`
 * measures one in-line thread per core (what cluster mode's processes do, without HTTP).
 */
export function ceilingFor(
  mode: 'pool' | 'cluster',
  opts: { threads: number; seconds: number },
): Promise<CeilingResult> {
  return mode === 'pool' ? poolCeiling(opts) : inlineCeiling(opts);
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      threads: { type: 'string', default: String(availableParallelism()) },
      inflight: { type: 'string', default: '256' },
      json: { type: 'string' },
    },
  });
  const seconds = Number(values.seconds);
  const threads = Number(values.threads);
  const results: CeilingResult[] = [];
  results.push(await inlineCeiling({ threads: 1, seconds }));
  results.push(await inlineCeiling({ threads, seconds }));
  results.push(await poolCeiling({ threads, seconds, inflight: Number(values.inflight) }));
  for (const r of results) {
    console.log(
      `${r.mode.padEnd(7)} threads=${r.threads}  ${r.battlesPerSec.toFixed(0).padStart(8)} battles/s  (${r.battles} in ${r.seconds.toFixed(2)} s)`,
    );
  }
  if (values.json) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      values.json,
      `${JSON.stringify({ node: process.version, results }, null, 2)}\n`,
    );
  }
}

if (import.meta.main) await main();
