// The settlement backlog of map-server, measured: what one settled march step costs each
// process of the stack, and how many steps a second the stack settles when it has all of them
// due at once. Against a running db-proxy and data-server (their /metrics and pids given), this
// script runs map-server itself (`node map-server/src/main.ts`, MAPSERVER_* from the
// environment): it starts `--marches` scouts from players first..first+cities-1 (seeded by
// `bench map` or by `--seed-cities`), stops map-server, waits until every outbound and return
// leg is due, starts it again and times the settlement until every march is home, reading each
// process's CPU (/proc/<pid>/stat), db-proxy's SQL statements and data-server's calls per
// step (their /metrics). MariaDB's and Redis's CPU (found with pgrep; shared, so approximate) is
// their CPU during the settlement less their rate over 5 s before the run.
//
//   node bench/src/map/backlog.ts --dataserver 127.0.0.1:56752 \
//     --dataserver-metrics http://127.0.0.1:56792/metrics --dbproxy-metrics http://127.0.0.1:56791/metrics \
//     --pids <data-server>,<db-proxy> --first-player 900000000 --cities 400 --marches 1500
//
// with MAPSERVER_SPEED=10 (legs of 6-37 s: the starts end before the first is due) and the
// MAPSERVER_DATASERVER_ADDR / MAPSERVER_BATTLE_URL / MAPSERVER_PORT / MAPSERVER_METRICS_PORT of
// the stack in the environment.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuSeconds } from '../lib/proc.ts';
import { startMarches } from './arrivals.ts';
import { BENCH_TROOPS, seedWorld } from './seed.ts';

const { values: a } = parseArgs({
  options: {
    dataserver: { type: 'string', default: '127.0.0.1:50052' },
    'dataserver-metrics': { type: 'string', default: 'http://127.0.0.1:9102/metrics' },
    'dbproxy-metrics': { type: 'string', default: 'http://127.0.0.1:9101/metrics' },
    pids: { type: 'string', default: '' },
    'first-player': { type: 'string', default: '900000000' },
    cities: { type: 'string', default: '400' },
    marches: { type: 'string', default: '1500' },
    'seed-cities': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
});
const env = process.env;
const mapPort = Number(env.MAPSERVER_PORT ?? 50053);
const target = `127.0.0.1:${mapPort}`;
const metricsUrl = `http://127.0.0.1:${Number(env.MAPSERVER_METRICS_PORT ?? 9103)}/metrics`;
const root = join(import.meta.dirname, '../../..');
const first = Number(a['first-player']);
const cities = Number(a.cities);
const players = Array.from({ length: cities }, (_, i) => first + i);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cpuS = (pid: number) => cpuSeconds(pid) ?? Number.NaN;
const pgrep = (name: string) => {
  try {
    return Number(execSync(`pgrep -o ${name}`).toString().trim()) || null;
  } catch {
    return null;
  }
};
/** A process's script (`data-server/src/main.ts`), or its pid. */
const commandOf = (pid: number) => {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  return (
    args
      .find((x) => /main\.(ts|mjs)$/.test(x))
      ?.replace(/^(?:.*\/)?([^/]+)\/(src|dist)\/.*$/, '$1') ?? `pid ${pid}`
  );
};
const text = async (url: string) =>
  (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text();

/** Sums of the counters by label value: db-proxy's statements, data-server's calls. */
async function counts(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const grab = async (url: string, re: RegExp, prefix: string) => {
    for (const line of (await text(url)).split('\n')) {
      const m = re.exec(line);
      if (!m) continue;
      const k = `${prefix}${m[1]}`;
      out.set(k, (out.get(k) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
    }
  };
  await grab(
    a['dbproxy-metrics']!,
    /^dbproxy_statement_duration_seconds_count\{.*statement="([^"]+)"/,
    'sql ',
  );
  await grab(
    a['dataserver-metrics']!,
    /^grpc_server_handling_seconds_count\{.*grpc_method="([^"]+)"/,
    'data-server ',
  );
  return out;
}

async function settled(): Promise<{ steps: number; marches: number }> {
  const t = await text(metricsUrl);
  let steps = 0;
  for (const m of t.matchAll(/^mapserver_arrivals_settled_total\{[^}]*\} (\S+)$/gm))
    steps += Number(m[1]);
  return { steps, marches: Number(/^mapserver_marches_in_flight (\S+)$/m.exec(t)?.[1] ?? 0) };
}

async function startMap(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'map-server/src/main.ts')], {
    env: { ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`map-server exited (${child.exitCode})`);
    try {
      await text(metricsUrl);
      return child;
    } catch {
      await sleep(200);
    }
  }
  throw new Error('map-server did not come up in 120 s');
}

async function stopMap(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

let map = await startMap();
try {
  if (a['seed-cities']) {
    const w = /^mapserver_entities\{kind="city"\}/m.test(await text(metricsUrl));
    if (!w) throw new Error('not a map-server /metrics');
    console.log(
      await seedWorld({
        target,
        dataServer: a.dataserver!,
        firstPlayer: first,
        cities,
        seed: 1,
        parallel: 32,
        deadlineMs: 10_000,
        worldWidth: Number(env.MAPSERVER_WIDTH ?? 1200),
        worldHeight: Number(env.MAPSERVER_HEIGHT ?? 1200),
      }),
    );
  }
  const shared = { mariadb: pgrep('mariadbd'), redis: pgrep('redis-server') };
  const sharedCpu = () => [shared.mariadb, shared.redis].map((p) => (p ? cpuS(p) : 0));
  const idle0 = sharedCpu();
  await sleep(5000);
  const idleRate = sharedCpu().map((x, i) => (x - idle0[i]!) / 5);
  const t0 = performance.now();
  const started = await startMarches({
    target,
    deadlineMs: 10_000,
    players,
    marches: Number(a.marches),
    radius: 6,
    seed: Number(a.seed),
    parallel: 32,
    cavalryTroopId: BENCH_TROOPS.find((x) => x.kind === 'cavalry')!.troopId,
  });
  await stopMap(map);
  // Every outbound leg and every return due before map-server is back.
  await sleep(Math.max(1500, 2 * started.legMsMax + 1500 - (performance.now() - t0)));
  map = await startMap();
  const pids = [
    { name: 'map-server', pid: map.pid! },
    ...a
      .pids!.split(',')
      .filter(Boolean)
      .map((p) => ({ name: commandOf(Number(p)), pid: Number(p) })),
  ];
  const c0 = pids.map((p) => cpuS(p.pid));
  const sh0 = sharedCpu();
  const k0 = await counts();
  const s0 = await settled();
  const w0 = performance.now();
  let s1 = s0;
  while (s1.marches > 0) {
    await sleep(1000);
    s1 = await settled();
  }
  const seconds = (performance.now() - w0) / 1000;
  const c1 = pids.map((p) => cpuS(p.pid));
  const sh1 = sharedCpu();
  const k1 = await counts();
  const n = s1.steps - s0.steps;
  const us = (s: number) => Math.round((s / n) * 1e6);
  console.log(
    JSON.stringify(
      {
        marches: started.started,
        steps: n,
        seconds: Number(seconds.toFixed(2)),
        stepsPerS: Number((n / seconds).toFixed(1)),
        cpuUsPerStep: {
          ...Object.fromEntries(pids.map((p, i) => [p.name, us(c1[i]! - c0[i]!)])),
          mariadb: us(sh1[0]! - sh0[0]! - idleRate[0]! * seconds),
          redis: us(sh1[1]! - sh0[1]! - idleRate[1]! * seconds),
          mariadbRaw: us(sh1[0]! - sh0[0]!),
          redisRaw: us(sh1[1]! - sh0[1]!),
        },
        perStep: Object.fromEntries(
          [...k1].flatMap(([k, v]) => {
            const d = (v - (k0.get(k) ?? 0)) / n;
            return d > 0 ? [[k, Number(d.toFixed(2))]] : [];
          }),
        ),
        loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
      },
      null,
      1,
    ),
  );
} finally {
  await stopMap(map);
}
