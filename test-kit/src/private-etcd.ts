// A private etcd for one test (Debian's etcd-server): its own data directory (in /dev/shm when
// there is one: etcd fsyncs every write) and two free ports, killed and removed at teardown.
// Nothing here touches a shared etcd; none runs on 2379.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

/** Why a private etcd cannot run here, or undefined when it can. */
export function etcdMissing(): string | undefined {
  const r = spawnSync('etcd', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : 'etcd is not installed (Debian: apt-get install etcd-server)';
}

export class PrivateEtcd {
  readonly dir: string;
  readonly port: number;
  readonly peerPort: number;
  readonly child: ChildProcess;
  #log = '';

  private constructor(dir: string, port: number, peerPort: number, child: ChildProcess) {
    this.dir = dir;
    this.port = port;
    this.peerPort = peerPort;
    this.child = child;
    child.stderr?.on('data', (d: Buffer) => {
      this.#log = (this.#log + d.toString()).slice(-4000);
    });
  }

  /** `host:port` of the client URL. */
  get hostPort(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** An etcd:// URL of this server under `path` ('/slg/db-proxy'), with optional query. */
  url(path: string, query = ''): string {
    return `etcd://${this.hostPort}${path}${query ? `?${query}` : ''}`;
  }

  /** Starts etcd and waits for its /health to answer true (a port taken in between: tries again). */
  static async start(timeoutMs = 20_000): Promise<PrivateEtcd> {
    const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
    for (let attempt = 1; ; attempt++) {
      const dir = mkdtempSync(join(base, 'slg-etcd-'));
      const [port, peerPort] = [await freePort(), await freePort()];
      const child = spawn(
        'etcd',
        [
          '--name',
          'test',
          '--data-dir',
          join(dir, 'data'),
          '--listen-client-urls',
          `http://127.0.0.1:${port}`,
          '--advertise-client-urls',
          `http://127.0.0.1:${port}`,
          '--listen-peer-urls',
          `http://127.0.0.1:${peerPort}`,
          '--initial-advertise-peer-urls',
          `http://127.0.0.1:${peerPort}`,
          '--initial-cluster',
          `test=http://127.0.0.1:${peerPort}`,
          '--log-level',
          'warn',
          '--logger',
          'zap',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const e = new PrivateEtcd(dir, port, peerPort, child);
      try {
        await e.#waitHealthy(timeoutMs);
        return e;
      } catch (err) {
        await e.stop();
        if (attempt >= 3) throw err;
      }
    }
  }

  async #waitHealthy(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    let exited = false;
    this.child.once('exit', () => {
      exited = true;
    });
    while (Date.now() < until) {
      if (exited) throw new Error(`etcd exited at start: ${this.#log}`);
      try {
        const res = await fetch(`http://${this.hostPort}/health`, {
          signal: AbortSignal.timeout(1000),
        });
        const body = (await res.json()) as { health?: string };
        if (body.health === 'true') return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`etcd did not become healthy in ${timeoutMs} ms: ${this.#log}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.kill('SIGKILL');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
