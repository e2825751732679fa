// Starting the service bundles (dist/main.mjs of each service, as `npm start` runs them) or
// scripts/start.ts itself from the root-level tests and scripts: free ports, a node process
// with its env whose output is kept line by line (stdout's pino JSON lines also parsed), waits
// for a log message, a text or an open port, and a stop that waits for the last lines.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A service's bundle: what `npm run build` writes and `npm start` runs. */
export const bundleMain = (service: string): string => join(root, service, 'dist', 'main.mjs');

/** A port free on 127.0.0.1 now (released before it resolves; another process may take it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A free port for each port variable of the stack (those scripts/start.ts passes on). */
export async function stackPorts() {
  return {
    DBPROXY_PORT: await freePort(),
    DBPROXY_METRICS_PORT: await freePort(),
    DATASERVER_PORT: await freePort(),
    DATASERVER_METRICS_PORT: await freePort(),
    BATTLE_PORT: await freePort(),
    MAPSERVER_PORT: await freePort(),
    MAPSERVER_METRICS_PORT: await freePort(),
  };
}

export type StackPorts = Awaited<ReturnType<typeof stackPorts>>;

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
];

/** This process's environment without CALLER_WIRING, LOG_LEVEL warn, the ports, then `vars`. */
export function stackEnv(ports: StackPorts, vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const k of CALLER_WIRING) delete env[k];
  for (const [k, v] of Object.entries(ports)) env[k] = String(v);
  return { ...env, ...vars };
}

/**
 * Runs scripts/start.ts (`npm start`) on free ports until it prints 'stack up', with
 * stackEnv(ports, vars). The ports are free when found and bound by the bundles a moment later:
 * another process can take one in between (a second test suite beside this one), so a start that
 * fails on EADDRINUSE is made again on other ports, up to 5 times.
 */
export async function startScriptStack(
  vars: Record<string, string>,
  opts: {
    timeoutMs: number;
    withoutNodeOptions?: boolean;
    /** Ports the first try takes instead of free ones (a test of the retry). */
    firstPorts?: Partial<StackPorts>;
  },
): Promise<{ stack: NodeProcess; ports: StackPorts; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    const ports = { ...(await stackPorts()), ...(attempt === 1 ? opts.firstPorts : {}) };
    const stack = spawnNode(join(root, 'scripts', 'start.ts'), {
      name: 'npm start',
      env: stackEnv(ports, vars),
      withoutNodeOptions: opts.withoutNodeOptions ?? false,
      killOnExit: true,
    });
    try {
      await stack.printed('stack up', opts.timeoutMs);
      return { stack, ports, attempts: attempt };
    } catch (err) {
      // Ctrl-C: scripts/start.ts stops the services it started (SIGKILL after 15 s).
      await stack.stop('SIGINT', 15_000);
      if (attempt >= 5 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
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

  /** Resolves once 127.0.0.1:port accepts a connection (tried every 100 ms); rejects if it exits first. */
  async listening(port: number): Promise<void> {
    for (;;) {
      if (!this.running) {
        this.#exit ??= `${this.child.exitCode ?? this.child.signalCode}`;
        throw this.#exitedError(`listening on ${port}`);
      }
      if (await reachable(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
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
