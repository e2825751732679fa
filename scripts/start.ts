// `npm start`: every service of the stack that exists, in one terminal, with
// embedded defaults (SQLite behind db-proxy, an in-process cache in
// data-server) unless the environment points them at MySQL / Redis.
// Logs are pretty-printed and prefixed with the service's name; Ctrl-C (or
// SIGTERM) stops them all gracefully, in reverse order.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SERVICE_MALLOC_ARENA_MAX, SERVICE_NODE_OPTIONS } from '@slg/service-kit/node-options';
import { prettyFactory } from 'pino-pretty';
import { buildServices } from './build.ts';
import { prefixTag } from './log-prefix.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Service {
  name: string;
  main: string;
  /** The port that answers once the service is up (its default, or the env override). */
  port: () => number;
  color: number;
}

const env = process.env;
const services: Service[] = [
  {
    name: 'db-proxy',
    main: 'db-proxy/dist/main.mjs',
    port: () => Number(env.DBPROXY_PORT ?? 50051),
    color: 36,
  },
  {
    name: 'data-server',
    main: 'data-server/dist/main.mjs',
    port: () => Number(env.DATASERVER_PORT ?? 50052),
    color: 35,
  },
  {
    name: 'battle-server',
    main: 'battle-server/dist/main.mjs',
    port: () => Number(env.BATTLE_PORT ?? 8080),
    color: 32,
  },
  // Last: it loads the world from data-server and calls battle-server.
  {
    name: 'map-server',
    main: 'map-server/dist/main.mjs',
    port: () => Number(env.MAPSERVER_PORT ?? 50053),
    color: 33,
  },
].filter((s) => existsSync(join(root, s.main.replace('dist/main.mjs', 'src/main.ts'))));

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

function prefix(service: Service, stream: NodeJS.ReadableStream, out: NodeJS.WriteStream): void {
  const tag = prefixTag(service.name, width, service.color, out);
  createInterface({ input: stream }).on('line', (line) => {
    const text = pretty && line.startsWith('{') ? pretty(line).trimEnd() : line;
    for (const l of text.split('\n')) out.write(`${tag} ${l}\n`);
  });
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`exited with code ${child.exitCode}`));
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`port ${port} did not open in ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
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
      // data-server finds db-proxy wherever this run put it.
      DATASERVER_DBPROXY_ADDR: `127.0.0.1:${env.DBPROXY_PORT ?? 50051}`,
      // map-server finds data-server and battle-server the same way.
      MAPSERVER_DATASERVER_ADDR: `127.0.0.1:${env.DATASERVER_PORT ?? 50052}`,
      // https when the stack runs TLS (SLG_TLS_CERT): battle-server then serves HTTPS.
      MAPSERVER_BATTLE_URL: `${env.SLG_TLS_CERT ? 'https' : 'http'}://127.0.0.1:${env.BATTLE_PORT ?? 8080}`,
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
  prefix(service, child.stdout!, process.stdout);
  prefix(service, child.stderr!, process.stderr);
  child.on('exit', (code, signal) => {
    process.stdout.write(`${service.name} exited (${signal ?? `code ${code}`})\n`);
    if (!stopping) {
      process.exitCode = 1;
      void stopAll('SIGTERM');
    }
  });
  try {
    await waitForPort(service.port(), child, 30_000);
  } catch (err) {
    process.stderr.write(`${service.name} did not start: ${(err as Error).message}\n`);
    process.exitCode = 1;
    await stopAll('SIGTERM');
    break;
  }
}
if (!stopping) {
  process.stdout.write(
    `\nstack up: ${services.map((s) => `${s.name} :${s.port()}`).join(', ')} — Ctrl-C stops it\n`,
  );
}
