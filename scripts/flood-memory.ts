// A connection flood against one service bundle, and its memory afterwards. Starts the bundle as
// `npm start` does (MALLOC_ARENA_MAX, NODE_OPTIONS from @slg/service-kit/node-options; embedded
// SQLite for db-proxy), then opens `--connections` idle HTTP/2 connections to its gRPC port
// (the client preface and an empty SETTINGS, the server's SETTINGS acknowledged, no request),
// holds them, closes them, `--rounds` times; then reads its RSS every second for `--after-s`
// seconds after the last connection closed and says when it was back under `--target-mb`.
// Connections the server refused or closed during a round are counted apart.
// map-server is flooded with a db-proxy (embedded SQLite) and a data-server (embedded cache)
// started behind it, which are not flooded.
//   npm run build && node scripts/flood-memory.ts [--service db-proxy|data-server|map-server]
//     [--connections 2000] [--rounds 25] [--hold-ms 1000] [--after-s 70] [--target-mb 120] [--trim]
//     [--main path/to/main.mjs]   (another build of the service, e.g. an older commit's)
// Extra environment for the service is passed through (e.g. SLG_GRPC_MAX_CONNECTIONS=5000).
// --trim: at the end, calls glibc's malloc_trim(0) in the service through gdb and reads RSS again
// (what the allocator kept after free).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage, memoryStatus } from '@slg/bench/proc';
import { SERVICE_MALLOC_ARENA_MAX, SERVICE_NODE_OPTIONS } from '@slg/service-kit/node-options';
import { bundleMain, spawnNode } from './test/helpers/bundles.ts';

const { values } = parseArgs({
  options: {
    service: { type: 'string', default: 'db-proxy' },
    connections: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '25' },
    'hold-ms': { type: 'string', default: '1000' },
    'after-s': { type: 'string', default: '70' },
    'target-mb': { type: 'string', default: '120' },
    trim: { type: 'boolean', default: false },
    main: { type: 'string' },
  },
});
const service = values.service;
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const holdMs = Number(values['hold-ms']);
const afterS = Number(values['after-s']);
const targetMb = Number(values['target-mb']);
const PREFIXES: Record<string, string> = {
  'db-proxy': 'DBPROXY',
  'data-server': 'DATASERVER',
  'map-server': 'MAPSERVER',
};
if (!PREFIXES[service]) throw new Error('--service: db-proxy, data-server or map-server');
// The client connection preface and an empty SETTINGS frame; the ACK of the server's SETTINGS.
const PREFACE = Buffer.concat([
  Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
  Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]),
]);
const SETTINGS_ACK = Buffer.from([0, 0, 0, 4, 1, 0, 0, 0, 0]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

async function metrics(port: number): Promise<Map<string, number>> {
  const body = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const out = new Map<string, number>();
  for (const m of body.matchAll(/^([a-z_]+) (\S+)$/gm)) out.set(m[1]!, Number(m[2]));
  return out;
}

/** Opens one idle HTTP/2 connection: resolves 'open' once the server's first frame came, 'refused' if closed before. */
function idleConnection(port: number, sockets: Set<Socket>): Promise<'open' | 'refused'> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    sockets.add(s);
    let answered = false;
    s.on('connect', () => s.write(PREFACE));
    s.on('data', () => {
      if (answered) return;
      answered = true;
      s.write(SETTINGS_ACK);
      resolve('open');
    });
    s.on('error', () => {});
    s.on('close', () => {
      sockets.delete(s);
      if (!answered) resolve('refused');
    });
  });
}

async function oneRound(
  port: number,
): Promise<{ open: number; refused: number; closedEarly: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  let open = 0;
  let refused = 0;
  // 200 connects in flight at a time: the listen backlog (511) is not what is measured.
  let next = 0;
  const worker = async () => {
    while (next < connections) {
      next++;
      if ((await idleConnection(port, sockets)) === 'open') open++;
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: 200 }, worker));
  await sleep(holdMs);
  return { open, refused, closedEarly: open - sockets.size, sockets };
}

const dir = mkdtempSync(join(tmpdir(), 'slg-flood-'));
/** Starts a bundle as `npm start` does, on ports of its own choosing. */
function start(name: string, main: string, env: Record<string, string> = {}) {
  return spawnNode(main, {
    name,
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: SERVICE_MALLOC_ARENA_MAX,
      NODE_OPTIONS: [SERVICE_NODE_OPTIONS, process.env.NODE_OPTIONS].filter(Boolean).join(' '),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LOG_PRETTY: '0',
      [`${PREFIXES[name]}_PORT`]: '0',
      [`${PREFIXES[name]}_METRICS_PORT`]: '0',
      DBPROXY_DATA_DIR: dir,
      // Alone, data-server has no db-proxy behind it (no call is made here).
      DATASERVER_DBPROXY_ADDR: process.env.DATASERVER_DBPROXY_ADDR ?? '127.0.0.1:1',
      ...env,
    },
    killOnExit: true,
  });
}
// map-server loads its world through data-server at start: a chain behind it, not measured.
const behind: ReturnType<typeof start>[] = [];
const serviceEnv: Record<string, string> = {};
if (service === 'map-server') {
  const dbProxy = start('db-proxy', bundleMain('db-proxy'));
  behind.push(dbProxy);
  const dataServer = start('data-server', bundleMain('data-server'), {
    DATASERVER_DBPROXY_ADDR: `127.0.0.1:${(await dbProxy.listening(60_000)).port}`,
    DATASERVER_REDIS_URL: '',
  });
  behind.push(dataServer);
  serviceEnv.MAPSERVER_DATASERVER_ADDR = `127.0.0.1:${(await dataServer.listening(60_000)).port}`;
}
const child = start(service, values.main ?? bundleMain(service), serviceEnv);
try {
  const { port, metricsPort } = await child.listening(60_000);
  const pid = child.child.pid!;
  const rss = () => memoryStatus(pid)?.rssBytes ?? Number.NaN;
  // Settled: the kit's start-up compaction ran.
  for (let i = 0; i < 300; i++) {
    const m = await metrics(metricsPort);
    if (
      (m.get('process_startup_compactions_total') ?? 0) +
        (m.get('process_idle_compactions_total') ?? 0) >
      0
    )
      break;
    await sleep(100);
  }
  console.log(
    `${service} pid ${pid} on :${port}; ${connections} connections x ${rounds} rounds, held ${holdMs} ms; load ${loadAverage()}`,
  );
  console.log(`before: RSS ${mb(rss())} MB`);
  let peak = 0;
  for (let r = 1; r <= rounds; r++) {
    const { open, refused, closedEarly, sockets } = await oneRound(port);
    const held = rss();
    peak = Math.max(peak, memoryStatus(pid)?.hwmBytes ?? held);
    for (const s of sockets) s.destroy();
    console.log(
      `round ${r}: ${open} open, ${refused} refused, ${closedEarly} closed by the server while held; RSS ${mb(held)} MB held`,
    );
    await sleep(200);
  }
  const closedAt = Date.now();
  console.log(`last connection closed; peak RSS (VmHWM) ${mb(peak)} MB; load ${loadAverage()}`);
  let under: number | undefined;
  const samples: string[] = [];
  for (let s = 1; s <= afterS; s++) {
    await sleep(closedAt + s * 1000 - Date.now());
    const v = rss();
    if (under === undefined && v < targetMb * 2 ** 20) under = s;
    if (s % 5 === 0 || s <= 10) samples.push(`${s}s ${mb(v)}`);
  }
  console.log(`after: ${samples.join(', ')} MB`);
  const m = await metrics(metricsPort);
  console.log(
    `then: V8 heap used ${mb(m.get('nodejs_heap_size_used_bytes') ?? 0)} MB of ${mb(m.get('nodejs_heap_size_total_bytes') ?? 0)}, external ${mb(m.get('nodejs_external_memory_bytes') ?? 0)}; compactions idle ${m.get('process_idle_compactions_total')} start-up ${m.get('process_startup_compactions_total')}`,
  );
  console.log(
    under === undefined
      ? `NOT back under ${targetMb} MB within ${afterS} s of the last close (RSS ${mb(rss())} MB)`
      : `back under ${targetMb} MB ${under} s after the last close`,
  );
  if (values.trim) {
    const before = rss();
    execFileSync('gdb', ['-p', String(pid), '-batch', '-ex', 'call (int) malloc_trim(0)'], {
      stdio: 'ignore',
    });
    console.log(`malloc_trim(0): RSS ${mb(before)} -> ${mb(rss())} MB`);
  }
} finally {
  await child.stop('SIGTERM', 15_000);
  for (const b of behind.reverse()) await b.stop('SIGTERM', 15_000);
  rmSync(dir, { recursive: true, force: true });
}
