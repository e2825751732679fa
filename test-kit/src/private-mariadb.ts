// A private MariaDB server for one test: its own data directory and port, so
// that the test can kill and restart it without touching the shared server.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { sharedDir } from './fixture.ts';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/**
 * The data directory every private MariaDB starts from: made once by mariadb-install-db (root
 * without a password, no test database) under the temp directory, shared by every test file
 * (sharedDir: safe when several servers start at once, in one process or in several).
 */
export async function mariadbTemplate(): Promise<string> {
  const dir = await sharedDir('slg-mariadb-template', async (dir) => {
    // A temp directory of this making's own: a bootstrapping server deletes every `#sql*` file
    // in its tmpdir when it starts, so two makings sharing $TMPDIR break each other's tables.
    const tmp = mkdtempSync(join(tmpdir(), 'slg-mariadb-bootstrap-'));
    try {
      await run('mariadb-install-db', [
        '--no-defaults',
        `--datadir=${join(dir, 'data')}`,
        `--tmpdir=${tmp}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        '--user=root',
      ]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
  return join(dir, 'data');
}

/** A fresh data directory copied from the template, in a new directory of `prefix` under the temp directory. */
export async function newMariadbDir(prefix: string): Promise<string> {
  const template = await mariadbTemplate();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, join(dir, 'data'), { recursive: true });
  mkdirSync(join(dir, 'tmp'));
  return dir;
}

/** Servers of this process: killed if the test process is ended by a signal (tap's timeout). */
const running = new Set<ChildProcess>();
let hooked = false;
function killOnSignal(): void {
  if (hooked) return;
  hooked = true;
  for (const sig of ['SIGALRM', 'SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      for (const c of running) c.kill('SIGKILL');
      process.kill(process.pid, sig); // the default action, now that the listener is gone
    });
  }
}

class PortTakenError extends Error {}

export class PrivateMariaDb {
  readonly dir: string;
  #port: number;
  #child: ChildProcess | undefined;

  private constructor(dir: string, port: number) {
    this.dir = dir;
    this.#port = port;
  }

  get port(): number {
    return this.#port;
  }

  /** Creates a data directory (a copy of mariadbTemplate()) and starts the server on it. */
  static async start(): Promise<PrivateMariaDb> {
    const dir = await newMariadbDir('slg-mariadb-');
    const m = new PrivateMariaDb(dir, await freePort());
    // A port found free may be taken before mariadbd binds it (test files run side by side, each
    // starting servers): up() then refuses, and another port is tried.
    for (let attempt = 1; ; attempt++) {
      try {
        await m.up();
        return m;
      } catch (err) {
        await m.down();
        if (attempt >= 3) throw err;
        m.#port = await freePort();
      }
    }
  }

  /** Starts mariadbd on the data directory and waits until it accepts connections. */
  async up(timeoutMs = 20_000): Promise<void> {
    this.#child = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${join(this.dir, 'data')}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        `--socket=${join(this.dir, 'sock')}`,
        `--pid-file=${join(this.dir, 'pid')}`,
        '--user=root',
        '--skip-log-bin',
        '--innodb-buffer-pool-size=32M',
        '--skip-name-resolve',
        `--log-error=${join(this.dir, 'error.log')}`,
        // Its own temporary tables' files: not the shared /tmp of the machine's MariaDB.
        `--tmpdir=${join(this.dir, 'tmp')}`,
      ],
      { stdio: 'ignore' },
    );
    const child = this.#child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    killOnSignal();
    const end = Date.now() + timeoutMs;
    for (;;) {
      try {
        const c = await mysql.createConnection({
          host: '127.0.0.1',
          port: this.port,
          user: 'root',
          connectTimeout: 500,
        });
        // The server that answered must be this one: another test's server on the same port
        // would answer while this one failed to bind.
        const [rows] = await c.query('SELECT @@datadir AS d');
        await c.end();
        const d = String((rows as { d: string }[])[0]?.d ?? '');
        if (!d.startsWith(this.dir))
          throw new PortTakenError(`port ${this.port} answered by another server (${d})`);
        return;
      } catch (err) {
        if (err instanceof PortTakenError) throw err;
        if (child.exitCode !== null || child.signalCode !== null)
          throw new PortTakenError(`mariadbd exited before it was ready on ${this.port}`);
        if (Date.now() > end)
          throw new Error(
            `private MariaDB did not start on ${this.port}: ${(err as Error).message}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** Stops the server: SIGKILL by default (a crash), SIGTERM for a clean shutdown. */
  async down(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  async destroy(): Promise<void> {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
