// A private Redis Cluster for one test: 3 masters and 3 replicas (Debian's redis-server), each
// on its own free port (and bus port, +10000) with its own directory, nothing saved to disk,
// created by `redis-cli --cluster create ... --cluster-replicas 1`, killed at teardown.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);

interface TapLike {
  teardown(fn: () => unknown): void;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port P with P and P + 10000 (the cluster bus) both free. */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const p = 20_000 + Math.floor(Math.random() * 30_000);
    if (taken.has(p) || taken.has(p + 10_000) || taken.has(p - 10_000)) continue;
    if ((await portFree(p)) && (await portFree(p + 10_000))) {
      taken.add(p);
      return p;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export interface ClusterNode {
  readonly port: number;
  readonly addr: string;
  readonly pid: number | undefined;
  readonly alive: boolean;
}

/** A master with slots, as CLUSTER NODES shows it. */
export interface Shard {
  master: string;
  replicas: string[];
  failed: boolean;
  /** Slot ranges, inclusive. */
  slots: [number, number][];
}

export interface LocalCluster {
  /** Every node, host:port (seeds for DATASERVER_REDIS_CLUSTER). */
  readonly seeds: string[];
  readonly nodes: ClusterNode[];
  /** A plain connection to one node (closed at teardown). */
  connect(addr: string): Redis;
  /** The node's role and, for a replica, its master (INFO replication). */
  role(addr: string): Promise<{ role: 'master' | 'slave'; master?: string; linkUp?: boolean }>;
  /** The masters and, for each, its replicas (CLUSTER NODES seen from `via`). */
  topology(via?: string): Promise<Shard[]>;
  /** SIGKILL one node (nothing saved: it is gone). */
  kill(addr: string): Promise<void>;
  /** Resolves when every live node reports cluster_state:ok, every replica's link is up, and
   *  every live node lists the same masters and each live replica under its master. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function localCluster(
  t: TapLike,
  opts: { nodeTimeoutMs?: number } = {},
): Promise<LocalCluster> {
  // Long enough that a node starved of CPU on a busy machine is not failed over under a test
  // that reads a shard's replica (the failover test asks for a short one).
  const nodeTimeout = opts.nodeTimeoutMs ?? 15_000;
  const dir = mkdtempSync(join(tmpdir(), 'ds-redis-cluster-'));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < 6; i++) ports.push(await clusterPort(taken));
  const children = new Map<number, ChildProcess>();
  const clients: Redis[] = [];
  const start = (port: number) => {
    const d = join(dir, String(port));
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--cluster-node-timeout',
        String(nodeTimeout),
        '--save',
        '',
        '--appendonly',
        'no',
        // A replica's first sync starts at once (the default waits 5 s for more replicas).
        '--repl-diskless-sync-delay',
        '0',
        '--logfile',
        `${d}.log`,
      ],
      { stdio: 'ignore' },
    );
    children.set(port, child);
  };
  const close = async () => {
    for (const c of clients) c.disconnect();
    await Promise.all(
      [...children.values()].map(async (c) => {
        if (c.exitCode !== null || c.signalCode !== null) return;
        const exited = new Promise((r) => c.once('exit', r));
        c.kill('SIGKILL');
        await exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  t.teardown(close);
  for (const p of ports) start(p);
  const connect = (addr: string) => {
    const at = addr.lastIndexOf(':');
    const r = new Redis(Number(addr.slice(at + 1)), addr.slice(0, at), {
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
      lazyConnect: false,
    });
    r.on('error', () => {});
    clients.push(r);
    return r;
  };
  // One connection per node for the checks (a redis-cli per check costs a process each).
  const admin = new Map<string, Redis>();
  const adminOf = (addr: string) => {
    let r = admin.get(addr);
    if (!r) {
      const at = addr.lastIndexOf(':');
      r = new Redis(Number(addr.slice(at + 1)), addr.slice(0, at), {
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        retryStrategy: () => 100,
        lazyConnect: true,
      });
      r.on('error', () => {});
      admin.set(addr, r);
      clients.push(r);
    }
    return r;
  };
  // Every node answers PING (a bound only for a server that never starts).
  const until = Date.now() + 30_000;
  for (const p of ports) {
    const r = adminOf(`127.0.0.1:${p}`);
    for (;;) {
      try {
        if (r.status === 'wait') await r.connect();
        await r.ping();
        break;
      } catch {
        if (Date.now() > until) throw new Error(`redis-server on ${p} did not start`);
        await sleep(50);
      }
    }
  }
  const seeds = ports.map((p) => `127.0.0.1:${p}`);
  await run('redis-cli', [
    '--cluster',
    'create',
    ...seeds,
    '--cluster-replicas',
    '1',
    '--cluster-yes',
  ]);

  const info = async (addr: string, section: string): Promise<string> => {
    const [cmd, arg] = section.split(' ') as [string, string];
    return String(await adminOf(addr).call(cmd, arg));
  };
  const c: LocalCluster = {
    seeds,
    nodes: ports.map((port) => ({
      port,
      addr: `127.0.0.1:${port}`,
      get pid() {
        return children.get(port)?.pid;
      },
      get alive() {
        const ch = children.get(port);
        return !!ch && ch.exitCode === null && ch.signalCode === null;
      },
    })),
    connect,
    async role(addr) {
      const s = await info(addr, 'info replication');
      const role = /role:(\w+)/.exec(s)?.[1] as 'master' | 'slave';
      if (role !== 'slave') return { role };
      const host = /master_host:(\S+)/.exec(s)?.[1];
      const port = /master_port:(\d+)/.exec(s)?.[1];
      return { role, master: `${host}:${port}`, linkUp: /master_link_status:up/.test(s) };
    },
    async topology(via) {
      const from = via ?? c.nodes.find((n) => n.alive)!.addr;
      const s = await info(from, 'cluster nodes');
      const lines = s
        .trim()
        .split('\n')
        .map((l) => l.split(' '));
      const addrOf = (l: string[]) => l[1]!.split('@')[0]!;
      const out: Shard[] = [];
      for (const l of lines) {
        if (!l[2]!.includes('master') || l.length < 9) continue; // a master with slots
        out.push({
          master: addrOf(l),
          failed: l[2]!.includes('fail') && !l[2]!.includes('fail?'),
          replicas: lines.filter((r) => r[3] === l[0]).map(addrOf),
          slots: l
            .slice(8)
            .filter((x) => /^\d+(-\d+)?$/.test(x))
            .map((x) => {
              const [a, b] = x.split('-').map(Number) as [number, number?];
              return [a, b ?? a] as [number, number];
            }),
        });
      }
      return out;
    },
    async kill(addr) {
      const node = c.nodes.find((n) => n.addr === addr);
      const child = node && children.get(node.port);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async waitHealthy(timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        let ok = true;
        // Each live replica and its master, as the replica itself reports them.
        const replicaOf: [string, string][] = [];
        for (const n of c.nodes) {
          if (!n.alive) continue;
          try {
            if (!/cluster_state:ok/.test(await info(n.addr, 'cluster info'))) ok = false;
            const r = await c.role(n.addr);
            if (r.role === 'slave' && !r.linkUp) ok = false;
            if (r.role === 'slave' && r.master) replicaOf.push([n.addr, r.master]);
          } catch {
            ok = false;
          }
          if (!ok) break;
        }
        if (ok) {
          // And every live node agrees on the masters (the slot map has converged).
          // And every live node lists each live replica under its master: a client that reads
          // the slot map (CLUSTER SLOTS) from a node that does not list it yet would send no WAIT
          // for that slot's writes until its next refresh of the map.
          const views = await Promise.all(
            c.nodes
              .filter((n) => n.alive)
              .map(async (n) => {
                const shards = (await c.topology(n.addr)).filter((m) => !m.failed);
                const listed = replicaOf.every(([replica, master]) =>
                  shards.some((m) => m.master === master && m.replicas.includes(replica)),
                );
                return listed
                  ? shards
                      .map((m) => m.master)
                      .sort()
                      .join(',')
                  : 'replicas not listed yet';
              }),
          );
          if (views.every((v) => v === views[0]) && views[0]!.split(',').length === 3) return;
        }
        if (Date.now() > end) throw new Error(`the cluster was not healthy within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    close,
  };
  await c.waitHealthy();
  return c;
}
