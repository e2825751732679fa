// A private MariaDB server for one test: its own data directory and port, so
// that the test can kill and restart it without touching the shared server.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';

const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export class PrivateMariaDb {
  readonly dir: string;
  readonly port: number;
  #child: ChildProcess | undefined;

  private constructor(dir: string, port: number) {
    this.dir = dir;
    this.port = port;
  }

  /** Creates a data directory (mariadb-install-db) and starts the server. */
  static async start(): Promise<PrivateMariaDb> {
    const dir = mkdtempSync(join(tmpdir(), 'dbp-mariadb-'));
    await run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--user=root',
    ]);
    const m = new PrivateMariaDb(dir, await freePort());
    await m.up();
    return m;
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
      ],
      { stdio: 'ignore' },
    );
    const end = Date.now() + timeoutMs;
    for (;;) {
      try {
        const c = await mysql.createConnection({
          host: '127.0.0.1',
          port: this.port,
          user: 'root',
          connectTimeout: 500,
        });
        await c.end();
        return;
      } catch (err) {
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
