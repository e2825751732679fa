// Starting the service bundles (dist/main.mjs of each service, as `npm start` runs them) or
// scripts/start.ts itself from the root-level tests and scripts: a node process with its env
// whose output is kept line by line (stdout's pino JSON lines also parsed), waits for a log
// message, a text or the ports a service bound, and a stop that waits for the last lines.
// Services are started on port 0 and report the ports they bound (@slg/service-kit's listening
// line; scripts/start.ts's 'stack up' line): no port is guessed free before a service binds it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type ListeningPorts, listeningPorts, parseStackUp, STACK_UP } from '@slg/service-kit/core';

/** The repository's root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A service's bundle: what `npm run build` writes and `npm start` runs. */
export const bundleMain = (service: string): string => join(root, service, 'dist', 'main.mjs');

/** Every port variable of the stack: the ports of a service started here, by the variable naming it. */
export interface StackPorts {
  DBPROXY_PORT: number;
  DBPROXY_METRICS_PORT: number;
  DATASERVER_PORT: number;
  DATASERVER_METRICS_PORT: number;
  /** battle-server serves /metrics on this port too. */
  BATTLE_PORT: number;
  MAPSERVER_PORT: number;
  MAPSERVER_METRICS_PORT: number;
  /** The web console (HTTP; its /metrics on this port too). */
  CONSOLE_PORT: number;
}

/** Each port variable at 0: every service binds any free port and reports it. */
export const ANY_PORTS: StackPorts = {
  DBPROXY_PORT: 0,
  DBPROXY_METRICS_PORT: 0,
  DATASERVER_PORT: 0,
  DATASERVER_METRICS_PORT: 0,
  BATTLE_PORT: 0,
  MAPSERVER_PORT: 0,
  MAPSERVER_METRICS_PORT: 0,
  CONSOLE_PORT: 0,
};

/** The ports of the services of a 'stack up' line, by port variable; throws if one is missing. */
export function stackPortsOf(line: string): StackPorts {
  const up = parseStackUp(line);
  const of = (name: string): ListeningPorts => {
    const ports = up?.get(name);
    if (!ports) throw new Error(`no ports of ${name} in: ${line}`);
    return ports;
  };
  const metrics = (name: string): number => {
    const { metricsPort } = of(name);
    if (metricsPort === null) throw new Error(`${name} serves no /metrics: ${line}`);
    return metricsPort;
  };
  return {
    DBPROXY_PORT: of('db-proxy').port,
    DBPROXY_METRICS_PORT: metrics('db-proxy'),
    DATASERVER_PORT: of('data-server').port,
    DATASERVER_METRICS_PORT: metrics('data-server'),
    BATTLE_PORT: of('battle-server').port,
    MAPSERVER_PORT: of('map-server').port,
    MAPSERVER_METRICS_PORT: metrics('map-server'),
    CONSOLE_PORT: of('console').port,
  };
}

/**
 * The variables that point a service at a backend or another service, and tap's loaders: a
 * test's stack is given its own or none (scripts/start.ts then wires the services together).
 */
const CALLER_WIRING = [
  'NODE_OPTIONS',
  'DBPROXY_BACKENDS',
  'DATASERVER_REDIS_URL',
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

/** This process's environment without CALLER_WIRING, LOG_LEVEL warn, every port 0, then `vars`. */
export function stackEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const k of CALLER_WIRING) delete env[k];
  for (const [k, v] of Object.entries(ANY_PORTS)) env[k] = String(v);
  return { ...env, ...vars };
}

/**
 * Runs scripts/start.ts (`npm start`) with stackEnv(vars) until it prints 'stack up', and reads
 * the ports every service bound from that line.
 */
export async function startScriptStack(
  vars: Record<string, string>,
  opts: { timeoutMs: number; withoutNodeOptions?: boolean },
): Promise<{ stack: NodeProcess; ports: StackPorts }> {
  const stack = spawnNode(join(root, 'scripts', 'start.ts'), {
    name: 'npm start',
    env: stackEnv(vars),
    withoutNodeOptions: opts.withoutNodeOptions ?? false,
    killOnExit: true,
  });
  try {
    return { stack, ports: stackPortsOf(await stack.printed(STACK_UP, opts.timeoutMs)) };
  } catch (err) {
    // Ctrl-C: scripts/start.ts stops the services it started (SIGKILL after 15 s).
    await stack.stop('SIGINT', 15_000);
    throw err;
  }
}

/** Whether 127.0.0.1:port accepts a TCP connection now. */
export function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => {
      s.destroy();
      resolve(false);
    });
  });
}

export interface SpawnNodeOptions {
  /** Names the process in errors (default: the script's file name). */
  name?: string;
  /** The whole environment (spread process.env into it to inherit). */
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /**
   * Run through `env -u NODE_OPTIONS`: tap adds its loaders to NODE_OPTIONS of whatever a test
   * spawns, whatever env it is given; this drops them, so that the process runs as a user's.
   */
  withoutNodeOptions?: boolean;
  /** SIGKILL the process should this one exit without stopping it (an uncaught error). */
  killOnExit?: boolean;
}

type Log = Record<string, unknown>;

interface Waiter {
  what: string;
  match(line: string, log: Log | undefined): boolean;
  resolve(entry: { line: string; log: Log | undefined }): void;
  reject(err: Error): void;
}

/** A node process started by spawnNode. */
export class NodeProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Every line written to stdout and stderr, in the order read. */
  readonly lines: string[] = [];
  /** The lines of stdout that are JSON objects (pino's log lines), parsed. */
  readonly logs: Log[] = [];
  /** For each of `lines`, its parsed log (stdout's JSON lines) or undefined. */
  readonly #parsed: (Log | undefined)[] = [];
  #waiters = new Set<Waiter>();
  #exit: string | undefined;

  constructor(script: string, opts: SpawnNodeOptions) {
    this.name = opts.name ?? basename(script);
    const [command, args] = opts.withoutNodeOptions
      ? ['env', ['-u', 'NODE_OPTIONS', process.execPath, script]]
      : [process.execPath, [script]];
    this.child = spawn(command, args, {
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.#line(line, true));
    createInterface({ input: this.child.stderr! }).on('line', (line) => this.#line(line, false));
    this.child.once('exit', (code, signal) => {
      this.#exit = `${code ?? signal}`;
      for (const w of this.#waiters) w.reject(this.#exitedError(w.what));
      this.#waiters.clear();
    });
    if (opts.killOnExit) {
      const orphan = () => this.child.kill('SIGKILL');
      process.once('exit', orphan);
      this.child.once('exit', () => process.removeListener('exit', orphan));
    }
  }

  #line(line: string, stdout: boolean): void {
    let log: Log | undefined;
    if (stdout && line.startsWith('{')) {
      try {
        log = JSON.parse(line) as Log;
        this.logs.push(log);
      } catch {
        // not JSON
      }
    }
    this.lines.push(line);
    this.#parsed.push(log);
    for (const w of this.#waiters) {
      if (w.match(line, log)) {
        this.#waiters.delete(w);
        w.resolve({ line, log });
      }
    }
  }

  #exitedError(what: string): Error {
    return new Error(`${this.name} exited (${this.#exit}) before ${what}:\n${this.output()}`);
  }

  /** Whether it has not exited yet. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Everything it wrote so far, line by line. */
  output(): string {
    return this.lines.join('\n');
  }

  /**
   * The first line (already read or to come) that `match` accepts. Rejects if the process exits
   * first, or after `timeoutMs` (none by default).
   */
  waitForLine(
    match: (line: string, log: Log | undefined) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<{ line: string; log: Log | undefined }> {
    const i = this.lines.findIndex((line, n) => match(line, this.#parsed[n]));
    if (i >= 0) return Promise.resolve({ line: this.lines[i]!, log: this.#parsed[i] });
    if (this.#exit !== undefined) return Promise.reject(this.#exitedError(what));
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const w: Waiter = {
        what,
        match,
        resolve: (entry) => {
          clearTimeout(timer);
          resolve(entry);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      this.#waiters.add(w);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.#waiters.delete(w);
          reject(
            new Error(
              `${this.name}: timed out after ${timeoutMs} ms waiting for ${what}:\n${this.output()}`,
            ),
          );
        }, timeoutMs);
      }
    });
  }

  /** Its first pino log line (stdout) whose msg is `msg`, such as 'discovery: registered'. */
  async logged(msg: string, timeoutMs?: number): Promise<Log> {
    const { log } = await this.waitForLine(
      (_, l) => l?.msg === msg,
      `the log message '${msg}'`,
      timeoutMs,
    );
    return log!;
  }

  /** Its first line that includes `text`, such as scripts/start.ts's 'stack up'. */
  async printed(text: string, timeoutMs?: number): Promise<string> {
    const { line } = await this.waitForLine((l) => l.includes(text), `'${text}'`, timeoutMs);
    return line;
  }

  /**
   * The ports a service bundle bound, from its listening line (@slg/service-kit): it listens on
   * them once this resolves (battle-server's metricsPort is its port). Rejects if it exits first
   * (or after `timeoutMs`, if given).
   */
  async listening(timeoutMs?: number): Promise<{ port: number; metricsPort: number }> {
    const { log } = await this.waitForLine(
      (_, l) => listeningPorts(l) !== undefined,
      'its listening line',
      timeoutMs,
    );
    const { port, metricsPort } = listeningPorts(log)!;
    if (metricsPort === null) throw new Error(`${this.name} listens without /metrics`);
    return { port, metricsPort };
  }

  /**
   * Sends `signal` (unless it has exited) and waits for 'close': it exited and its output was
   * read to the end (its last log lines). With `killAfterMs`, SIGKILL if it is still running then.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM', killAfterMs?: number): Promise<void> {
    if (!this.running) return;
    const closed = once(this.child, 'close');
    this.child.kill(signal);
    const timer =
      killAfterMs === undefined
        ? undefined
        : setTimeout(() => this.child.kill('SIGKILL'), killAfterMs);
    await closed;
    clearTimeout(timer);
  }
}

/** Starts `node script` (a bundle: bundleMain(service)) with this env, its output kept. */
export function spawnNode(script: string, opts: SpawnNodeOptions): NodeProcess {
  return new NodeProcess(script, opts);
}
