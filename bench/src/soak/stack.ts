// The stack `bench soak` and `bench stack` run against when given no target: `npm start`'s own
// script (scripts/start.ts: the bundles, each service with the Node flags users and the images
// run it with), every service on any free port (start.ts's 'stack up' line names the ports
// bound), db-proxy on MySQL/MariaDB (a database of its own, dropped at the end) and data-server
// on Redis (a key prefix of its own; every key it writes carries a TTL, so none outlives the
// cache's 5 minutes).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type ListeningPorts, parseStackUp, STACK_UP } from '@slg/service-kit/core';
import { nodeOptionsOf, parentPid, processTree, serviceOf } from '../lib/proc.ts';

// `npm start`'s script, at the root of the repository this bench belongs to.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const startScript = join(repoRoot, 'scripts', 'start.ts');

export interface StackOptions {
  /** mysql://user[:password]@host:port (no database: the soak's own is added). */
  mysqlUrl: string;
  /** redis://host:port[/db] */
  redisUrl: string;
  /** More variables for the services (e.g. MAPSERVER_SPEED); the ports and backends win. */
  env?: Record<string, string>;
  /** The start of the database's name and key prefix (default soak). */
  tag?: string;
}

export interface ServerProcess {
  pid: number;
  /** The service, and "worker" for a process a service forked (battle-server's cluster workers). */
  label: string;
  /** Its NODE_OPTIONS (the flags it runs with), when readable. */
  nodeOptions?: string | null;
}

export interface StartedStack {
  dataServer: string;
  mapServer: string;
  /** battle-server's base URL (http://127.0.0.1:<port>). */
  battleUrl: string;
  /** The /metrics URLs the soak's settle phase polls. */
  metrics: { dbproxy: string; dataServer: string };
  /** The web console's page (its map and the stack's panels), when the stack has one. */
  consoleUrl?: string;
  /** Every server process of the stack (services and the processes they forked). */
  processes(): ServerProcess[];
  stop(): Promise<void>;
}

/** The server processes under a `scripts/start.ts` process, labelled by service. */
function stackProcesses(startPid: number): ServerProcess[] {
  const out: ServerProcess[] = [];
  for (const pid of processTree([startPid])) {
    if (pid === startPid) continue;
    const service = serviceOf(pid);
    if (!service) continue;
    const parent = parentPid(pid);
    const forked = parent !== null && parent !== startPid && serviceOf(parent) === service;
    out.push({
      pid,
      label: forked ? `${service} worker` : service,
      nodeOptions: nodeOptionsOf(pid),
    });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label) || a.pid - b.pid);
}

/** Every port variable of the stack: 0, any free port (each service reports the one it bound). */
const PORT_VARIABLES = [
  'DBPROXY_PORT',
  'DBPROXY_METRICS_PORT',
  'DATASERVER_PORT',
  'DATASERVER_METRICS_PORT',
  'BATTLE_PORT',
  'MAPSERVER_PORT',
  'MAPSERVER_METRICS_PORT',
  'CONSOLE_PORT',
];

/** What points a service at another: start.ts wires them to the ports bound, unless these say otherwise. */
const WIRING_VARIABLES = [
  'DATASERVER_DBPROXY_ADDR',
  'MAPSERVER_DATASERVER_ADDR',
  'MAPSERVER_BATTLE_URL',
  'CONSOLE_MAPSERVER_ADDR',
  'CONSOLE_DATASERVER_ADDR',
  'CONSOLE_DBPROXY_METRICS_URL',
  'CONSOLE_DATASERVER_METRICS_URL',
  'CONSOLE_MAPSERVER_METRICS_URL',
  'CONSOLE_BATTLE_METRICS_URL',
];

/** Starts the stack, and reads the ports its services bound from start.ts's 'stack up' line. */
export async function startStack(opts: StackOptions): Promise<StartedStack> {
  const tag = `${opts.tag ?? 'soak'}_${process.pid}_${Date.now().toString(36)}`;
  const mysqlBase = opts.mysqlUrl.replace(/\/+$/, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    ...Object.fromEntries(PORT_VARIABLES.map((k) => [k, '0'])),
    DBPROXY_BACKENDS: `${mysqlBase}/${tag}`,
    DATASERVER_REDIS_URL: opts.redisUrl,
    DATASERVER_KEY_PREFIX: `${tag}:`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  // The services run as `npm start` runs them: not with a test runner's loaders.
  delete env.NODE_OPTIONS;
  for (const k of WIRING_VARIABLES) delete env[k];
  const child: ChildProcess = spawn(process.execPath, [startScript], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const onData = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-4000);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  // Should this process end without stop() (an uncaught error, a second Ctrl-C), the stack
  // must not outlive it: every service gets SIGKILL, synchronously, on the way out.
  const killTree = () => {
    for (const p of stackProcesses(child.pid!)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {}
    }
    child.kill('SIGKILL');
  };
  process.once('exit', killTree);
  // Ctrl-C (or SIGTERM) while the stack runs: stop it (its database dropped), then end.
  const onSignal = () => {
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = async () => {
    process.off('exit', killTree);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    await dropDatabase(mysqlBase, tag).catch(() => {});
  };
  let up: Map<string, ListeningPorts>;
  try {
    up = await new Promise<Map<string, ListeningPorts>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the stack did not come up in time:\n${tail}`)),
        300_000, // a busy 2-core machine
      );
      // Not closed once read: closing a readline interface pauses its input, and the stack's
      // output must keep flowing (onData).
      const lines = createInterface({ input: child.stdout! });
      const onLine = (line: string) => {
        const services = parseStackUp(line);
        if (!services) return;
        clearTimeout(timer);
        lines.off('line', onLine);
        resolve(services);
      };
      lines.on('line', onLine);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`scripts/start.ts exited (${code}) before the stack was up:\n${tail}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const of = (name: string): ListeningPorts => {
    const ports = up.get(name);
    if (!ports) throw new Error(`${STACK_UP} names no ports of ${name}:\n${tail}`);
    return ports;
  };
  const metricsUrl = (name: string) => `http://127.0.0.1:${of(name).metricsPort}/metrics`;
  return {
    dataServer: `127.0.0.1:${of('data-server').port}`,
    mapServer: `127.0.0.1:${of('map-server').port}`,
    battleUrl: `http://127.0.0.1:${of('battle-server').port}`,
    metrics: { dbproxy: metricsUrl('db-proxy'), dataServer: metricsUrl('data-server') },
    ...(up.has('console') ? { consoleUrl: `http://127.0.0.1:${of('console').port}/` } : {}),
    processes: () => stackProcesses(child.pid!),
    stop,
  };
}

async function dropDatabase(mysqlBase: string, database: string): Promise<void> {
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql.createConnection(mysqlBase);
  try {
    await c.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await c.end();
  }
}
