// The idle memory of every service after `npm start` (the bundles, embedded SQLite and cache,
// map-server's default world), per process: smaps_rollup (RSS, USS, anonymous, file-backed),
// and V8's heap spaces read in the process through a --require hook (when a trigger file appears it writes
// process.memoryUsage() and getHeapSpaceStatistics() to a file). With --trim it then calls
// malloc_trim(0) in each process through gdb and reads RSS again (what glibc kept after free).
//   node scripts/idle-stack-memory.ts [--trim] [--runs N] [--settle-ms 12000]
// Extra environment for the stack is passed through (e.g. MAPSERVER_LOAD_CONCURRENCY=2).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { childPids, commandLine, loadAverage, smapsRollup } from '@slg/bench/proc';
import { startScriptStack } from './test/helpers/bundles.ts';

const { values } = parseArgs({
  options: {
    trim: { type: 'boolean', default: false },
    info: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    'settle-ms': { type: 'string', default: '12000' },
  },
});

const HOOK = `
const v8 = require('node:v8');
const fs = require('node:fs');
// The kit treats SIGUSR2 as a stop signal: a trigger file instead, looked for every 500 ms.
const trigger = process.env.MEMHOOK_DIR + '/dump';
setInterval(() => {
  const file = process.env.MEMHOOK_DIR + '/heap-' + process.pid + '.json';
  if (!fs.existsSync(trigger) || fs.existsSync(file)) return;
  const out = { mem: process.memoryUsage(), spaces: v8.getHeapSpaceStatistics() };
  fs.writeFileSync(file, JSON.stringify(out));
}, 500).unref();
`;

const mb = (kb: number) => (kb / 1024).toFixed(1);

/** smaps_rollup in kB (what this script prints), with the file-backed part of RSS. */
function rollup(pid: number) {
  const m = smapsRollup(pid) ?? { rss: 0, pss: 0, uss: 0, anon: 0 };
  return {
    rss: m.rss / 1024,
    uss: m.uss / 1024,
    anon: m.anon / 1024,
    file: (m.rss - m.anon) / 1024,
  };
}

async function metric(port: number, name: string): Promise<number> {
  const body = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)`, 'm').exec(body)?.[1] ?? 0);
}

async function oneRun(run: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'slg-idle-'));
  const hook = join(dir, 'hook.cjs');
  writeFileSync(hook, HOOK);
  const { stack, ports } = await startScriptStack(
    {
      LOG_LEVEL: 'info',
      DBPROXY_DATA_DIR: dir,
      MEMHOOK_DIR: dir,
      NODE_OPTIONS: `--require ${hook}`,
    },
    { timeoutMs: 120_000 },
  );
  try {
    const out = stack.output();
    // map-server's listening line: `"loadMs":N` raw (LOG_PRETTY=0), `loadMs: N` as npm start prints it.
    const loaded = /"?loadMs"?:\s*(\d+)/.exec(out)?.[1];
    // Settled: db-proxy and data-server compacted once quiet (idle or start-up compaction).
    for (const port of [ports.DBPROXY_METRICS_PORT, ports.DATASERVER_METRICS_PORT]) {
      for (let i = 0; i < 600; i++) {
        const n =
          (await metric(port, 'process_idle_compactions_total')) +
          (await metric(port, 'process_startup_compactions_total'));
        if (n > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await new Promise((r) => setTimeout(r, Number(values['settle-ms'])));
    const calls = {
      db: await metric(ports.DBPROXY_METRICS_PORT, 'process_idle_compactions_total'),
      data: await metric(ports.DATASERVER_METRICS_PORT, 'process_idle_compactions_total'),
    };
    const primary = stack.child.pid;
    const pids = childPids(primary!).filter((p) =>
      (commandLine(p) ?? []).some((a) => a.endsWith('/dist/main.mjs')),
    );
    const load = loadAverage();
    console.log(
      `run ${run}: world loaded in ${loaded} ms; idle compactions ${JSON.stringify(calls)}; load ${load}`,
    );
    writeFileSync(join(dir, 'dump'), '');
    await new Promise((r) => setTimeout(r, 1500));
    for (const pid of pids) {
      if (!existsSync(`/proc/${pid}`)) {
        console.log(`  pid ${pid} gone:\n${stack.output().slice(-3000)}`);
        continue;
      }
      const name =
        /\/([a-z-]+)\/dist\/main\.mjs/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ??
        String(pid);
      const r = rollup(pid);
      let heap = '';
      const f = join(dir, `heap-${pid}.json`);
      if (existsSync(f)) {
        const h = JSON.parse(readFileSync(f, 'utf8')) as {
          mem: NodeJS.MemoryUsage;
          spaces: { space_name: string; space_size: number; space_used_size: number }[];
        };
        const m = (n: number) => (n / 2 ** 20).toFixed(1);
        heap = ` heap ${m(h.mem.heapUsed)}/${m(h.mem.heapTotal)} ext ${m(h.mem.external)} ab ${m(h.mem.arrayBuffers)} | ${h.spaces
          .filter((s) => s.space_size > 0)
          .map(
            (s) =>
              `${s.space_name.replace('_space', '')} ${m(s.space_used_size)}/${m(s.space_size)}`,
          )
          .join(', ')}`;
      }
      if (values.info) {
        // glibc's own account of each arena (free chunks by size, system bytes), to a file.
        const file = join(tmpdir(), `malloc-info-${name}-${pid}.xml`);
        execFileSync(
          'gdb',
          [
            '-p',
            String(pid),
            '-batch',
            '-ex',
            `call (void*) fopen("${file}", "w")`,
            '-ex',
            'call (int) malloc_info(0, $1)',
            '-ex',
            'call (int) fclose($1)',
          ],
          { stdio: 'ignore' },
        );
        console.log(`  malloc_info: ${file}`);
      }
      let trimmed = '';
      if (values.trim) {
        execFileSync('gdb', ['-p', String(pid), '-batch', '-ex', 'call (int) malloc_trim(0)'], {
          stdio: 'ignore',
        });
        trimmed = ` -> trimmed ${mb(rollup(pid).rss)}`;
      }
      console.log(
        `  ${name.padEnd(13)} RSS ${mb(r.rss)} USS ${mb(r.uss)} anon ${mb(r.anon)} file ${mb(r.file)}${trimmed} MB;${heap}`,
      );
    }
  } finally {
    await stack.stop('SIGINT', 15_000);
    rmSync(dir, { recursive: true, force: true });
  }
}

for (let i = 1; i <= Number(values.runs); i++) await oneRun(i);
