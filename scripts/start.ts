// `npm start`: every service of the stack that exists, in one terminal, with
// embedded defaults (SQLite behind db-proxy, an in-process cache in
// data-server) unless the environment points them at MySQL / Redis.
// Logs are pretty-printed and prefixed with the service's name; Ctrl-C (or
// SIGTERM) stops them all gracefully, in reverse order.
//
// Each service is started once the one before it reports its bound ports (its
// listening line, @slg/service-kit), and is wired to them: a port variable set to
// 0 (any free port) works for every service. The last line, 'stack up: …', names
// every bound port (formatStackUp), which is how this script's own starters
// (tests, the soak) learn them.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { formatStackUp, type ListeningPorts, listeningPorts } from '@slg/service-kit/core';
import { SERVICE_MALLOC_ARENA_MAX, SERVICE_NODE_OPTIONS } from '@slg/service-kit/node-options';
import { prettyFactory } from 'pino-pretty';
import { buildServices } from './build.ts';
import { dialHost } from './dial.ts';
import { prefixTag } from './log-prefix.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Service {
  name: string;
  main: string;
  color: number;
}

const env = process.env;
const services: Service[] = [
  {
    name: 'db-proxy',
    main: 'db-proxy/dist/main.mjs',
    color: 36,
  },
  {
    name: 'data-server',
    main: 'data-server/dist/main.mjs',
    color: 35,
  },
  {
    name: 'battle-server',
    main: 'battle-server/dist/main.mjs',
    color: 32,
  },
  // It loads the world from data-server and calls battle-server.
  {
    name: 'map-server',
    main: 'map-server/dist/main.mjs',
    color: 33,
  },
  // Last: the read-only web console over the others (their APIs and /metrics).
  {
    name: 'console',
    main: 'console/dist/main.mjs',
    color: 34,
  },
].filter((s) => existsSync(join(root, s.main.replace('dist/main.mjs', 'src/main.ts'))));

/** The ports each service started here reported (its listening line). */
const bound = new Map<string, ListeningPorts>();

/**
 * Where the service `name` is called: the address its bind variable names (loopback for none or
 * a wildcard), and the port it bound here, else its port variable or default.
 */
function addressOf(name: string, hostVar: string, portVar: string, defaultPort: number): string {
  return `${dialHost(env[hostVar])}:${bound.get(name)?.port ?? Number(env[portVar] ?? defaultPort)}`;
}

/**
 * Where the service `name` serves /metrics: at its bind address, on the metrics port it reported
 * here, else its variable or default.
 */
function metricsAddressOf(
  name: string,
  hostVar: string,
  portVar: string,
  defaultPort: number,
): string {
  return `${dialHost(env[hostVar])}:${bound.get(name)?.metricsPort ?? Number(env[portVar] ?? defaultPort)}`;
}

// Services log JSON; this script makes it readable (LOG_PRETTY=0 keeps it raw).
const pretty =
  env.LOG_PRETTY === '0'
    ? undefined
    : prettyFactory({
        colorize: process.stdout.isTTY,
        translateTime: 'HH:MM:ss.l',
        ignore: 'pid,hostname,name',
      });

const width = Math.max(...services.map((s) => s.name.length));
const children: { service: Service; child: ChildProcess }[] = [];
let stopping = false;

/** Writes each line of `stream` after the service's tag; hands `onLine` each line first. */
function prefix(
  service: Service,
  stream: NodeJS.ReadableStream,
  out: NodeJS.WriteStream,
  onLine?: (line: string) => void,
): void {
  const tag = prefixTag(service.name, width, service.color, out);
  createInterface({ input: stream }).on('line', (line) => {
    onLine?.(line);
    const text = pretty && line.startsWith('{') ? pretty(line).trimEnd() : line;
    for (const l of text.split('\n')) out.write(`${tag} ${l}\n`);
  });
}

/**
 * The ports of the service's first listening line on stdout; rejects if it exits first, or
 * reports none in `timeoutMs`.
 */
function reportedPorts(
  service: Service,
  child: ChildProcess,
  timeoutMs: number,
): Promise<ListeningPorts> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`it reported no listening ports in ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${signal ?? `code ${code}`}`));
    });
    prefix(service, child.stdout!, process.stdout, (line) => {
      const ports = listeningPorts(line);
      if (!ports) return;
      clearTimeout(timer);
      resolve(ports);
    });
  });
}

/** Stops every service, the last started first. A second Ctrl-C (`fromSignal`) forces. */
async function stopAll(signal: NodeJS.Signals, fromSignal = false): Promise<void> {
  if (stopping) {
    // A service that exits while the others stop asks again: that is no reason to force.
    if (fromSignal) for (const { child } of children) child.kill('SIGKILL');
    return;
  }
  stopping = true;
  process.stdout.write(`\nstopping ${children.length} services…\n`);
  for (const { child } of [...children].reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal === 'SIGINT' ? 'SIGTERM' : signal);
    await exited;
  }
}

process.on('SIGINT', () => void stopAll('SIGINT', true));
process.on('SIGTERM', () => void stopAll('SIGTERM', true));

await buildServices();

if (services.length === 0) {
  process.stderr.write('no service found to start\n');
  process.exit(1);
}

for (const service of services) {
  if (stopping) break;
  const child = spawn(process.execPath, [join(root, service.main)], {
    cwd: root,
    // Own process group: the terminal's Ctrl-C reaches only this script, which
    // then stops the services one by one (the data path last).
    detached: true,
    env: {
      // data-server finds db-proxy where it bound (unless told where to look): a service bound
      // to the machine's address (DBPROXY_HOST=10.0.0.5) does not answer on 127.0.0.1.
      DATASERVER_DBPROXY_ADDR: addressOf('db-proxy', 'DBPROXY_HOST', 'DBPROXY_PORT', 50051),
      // map-server finds data-server and battle-server the same way.
      MAPSERVER_DATASERVER_ADDR: addressOf(
        'data-server',
        'DATASERVER_HOST',
        'DATASERVER_PORT',
        50052,
      ),
      // https when the stack runs TLS (SLG_TLS_CERT): battle-server then serves HTTPS.
      MAPSERVER_BATTLE_URL: `${env.SLG_TLS_CERT ? 'https' : 'http'}://${addressOf('battle-server', 'BATTLE_HOST', 'BATTLE_PORT', 8080)}`,
      // The console reads map-server and data-server, and every service's /metrics.
      CONSOLE_MAPSERVER_ADDR: addressOf('map-server', 'MAPSERVER_HOST', 'MAPSERVER_PORT', 50053),
      CONSOLE_DATASERVER_ADDR: addressOf(
        'data-server',
        'DATASERVER_HOST',
        'DATASERVER_PORT',
        50052,
      ),
      CONSOLE_DBPROXY_METRICS_URL: `http://${metricsAddressOf('db-proxy', 'DBPROXY_HOST', 'DBPROXY_METRICS_PORT', 9101)}/metrics`,
      CONSOLE_DATASERVER_METRICS_URL: `http://${metricsAddressOf('data-server', 'DATASERVER_HOST', 'DATASERVER_METRICS_PORT', 9102)}/metrics`,
      CONSOLE_MAPSERVER_METRICS_URL: `http://${metricsAddressOf('map-server', 'MAPSERVER_HOST', 'MAPSERVER_METRICS_PORT', 9103)}/metrics`,
      CONSOLE_BATTLE_METRICS_URL: `${env.SLG_TLS_CERT ? 'https' : 'http'}://${addressOf('battle-server', 'BATTLE_HOST', 'BATTLE_PORT', 8080)}/metrics`,
      // glibc's default of one malloc arena per thread costs a few MB of RSS per process for
      // nothing at this scale (@slg/service-kit/node-options).
      MALLOC_ARENA_MAX: SERVICE_MALLOC_ARENA_MAX,
      ...env,
      // The services' V8 flags (@slg/service-kit/node-options); the caller's own NODE_OPTIONS come after them.
      NODE_OPTIONS: [SERVICE_NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' '),
      LOG_PRETTY: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push({ service, child });
  const ports = reportedPorts(service, child, 30_000);
  prefix(service, child.stderr!, process.stderr);
  child.on('exit', (code, signal) => {
    process.stdout.write(`${service.name} exited (${signal ?? `code ${code}`})\n`);
    if (!stopping) {
      process.exitCode = 1;
      void stopAll('SIGTERM');
    }
  });
  try {
    bound.set(service.name, await ports);
  } catch (err) {
    process.stderr.write(`${service.name} did not start: ${(err as Error).message}\n`);
    process.exitCode = 1;
    await stopAll('SIGTERM');
    break;
  }
}
if (!stopping) {
  // Every service reported its ports: the loop above stops at the first that does not.
  const up = services.map((s) => ({ name: s.name, ...bound.get(s.name)! }));
  const console = bound.get('console');
  if (console) {
    const host = env.CONSOLE_HOST ?? '127.0.0.1';
    const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    process.stdout.write(
      `\nconsole: http://${shown.includes(':') ? `[${shown}]` : shown}:${console.port}/\n`,
    );
  }
  process.stdout.write(`\n${formatStackUp(up)}\n`);
}
