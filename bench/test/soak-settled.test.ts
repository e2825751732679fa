// The settled rule (bench soak's short version) against processes that really run: a tiny HTTP
// server that leaks (keeps 64 KB per request) and one that only makes garbage, both with an idle
// compaction like the services'. Each is loaded (a warm-up), settled by the soak's own settle()
// (waiting for its compaction counter by metric), loaded again the same way (the measured load),
// settled again; judge() with the settled rule must fail the leaking one and pass the other.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { settle } from '../src/commands/soak.ts';
import { type IntervalFigures, judge, SETTLED_RULE } from '../src/soak/analysis.ts';

const server = fileURLToPath(new URL('./helpers/soak-leaky-server.ts', import.meta.url));
const REQUESTS = 400;
const LEAK_KB = 64;

async function start(leakKb: number) {
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, LEAK_KB: String(leakKb), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { child, port: Number(line.toString().trim()) };
}

/** REQUESTS calls, 8 at a time. */
async function load(port: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next++ < REQUESTS) await (await fetch(`http://127.0.0.1:${port}/work`)).text();
    }),
  );
}

async function compactionsOf(url: string): Promise<number> {
  const m = /process_idle_compactions_total (\d+)/.exec(await (await fetch(url)).text());
  return Number(m![1]);
}

t.test('settled rule: a leaking process fails, a healthy one passes', async (t) => {
  const healthy = await start(0);
  const leaky = await start(LEAK_KB);
  t.teardown(() => {
    healthy.child.kill('SIGTERM');
    leaky.child.kill('SIGTERM');
  });
  const both = [healthy, leaky];
  const urls = both.map((s) => `http://127.0.0.1:${s.port}/metrics`);
  const processes = [
    { pid: healthy.child.pid!, label: 'healthy', nodeOptions: null },
    { pid: leaky.child.pid!, label: 'leaky', nodeOptions: null },
  ];
  // Each server's compaction count is read as soon as its own load ends: read after both ended,
  // the server whose load finished first could already have compacted (a fresh-clone npm test
  // waited 30 s for a second compaction that no call would ever cause).
  const phase = async () => {
    const before = await Promise.all(
      both.map(async (s, i) => {
        await load(s.port);
        return compactionsOf(urls[i]!);
      }),
    );
    const end = performance.now();
    return settle(urls, before, processes, 30_000, end);
  };
  const warm = await phase();
  t.ok(warm.compacted, `both compacted after the warm-up (${warm.waitedS.toFixed(1)} s)`);
  const measured = await phase();
  t.ok(
    measured.compacted,
    `both compacted after the measured load (${measured.waitedS.toFixed(1)} s)`,
  );

  // The CI version's figures: 2 minutes of load, so the bound is max(6 MB floor, 1 MB/min x 2).
  const intervals: IntervalFigures[] = [0, 1].map((i) => ({
    index: i + 1,
    startMin: i,
    endMin: i + 1,
    requests: REQUESTS,
    errors: 0,
    mismatches: 0,
    p99Ms: 10,
    cpuS: [],
  }));
  const rss = processes.map((p) => ({ pid: p.pid, label: p.label, samples: [] }));
  const v = judge(intervals, rss, SETTLED_RULE, {
    before: warm.rssMb,
    after: measured.rssMb,
    compacted: true,
    loadMinutes: 2,
    targetRate: REQUESTS / 60,
  });
  t.equal(v.settledBoundMb, 6, 'bound: the floor');
  const [h, l] = v.processes;
  const leakMb = (REQUESTS * LEAK_KB) / 1024;
  t.ok(
    h!.pass,
    `healthy: settled ${h!.settledBeforeMb?.toFixed(1)} -> ${h!.settledAfterMb?.toFixed(1)} MB passes`,
  );
  t.notOk(
    l!.pass,
    `leaky: settled ${l!.settledBeforeMb?.toFixed(1)} -> ${l!.settledAfterMb?.toFixed(1)} MB fails`,
  );
  t.ok(
    l!.settledGrowthMb! > leakMb * 0.8,
    `leaky: growth ${l!.settledGrowthMb?.toFixed(1)} MB is most of the ${leakMb} MB it kept`,
  );
  t.notOk(v.pass, 'the verdict fails');
  t.match(v.reasons.join('\n'), /leaky \(pid \d+\): settled RSS grew/, 'and says which process');
  t.notMatch(v.reasons.join('\n'), /healthy/, 'and not the healthy one');
});
