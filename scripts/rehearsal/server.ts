// One server host of the rehearsal, brought up as docs/guides/two-machines.md brings up a server machine:
// its own MariaDB and Redis (private processes, data under the rehearsal's temporary directory,
// on the host's loopback at the stack's default ports), then the whole stack (`npm start`'s
// scripts/start.ts, the services' bundles) listening on the host's address at the guide's ports,
// with the cloud-init file's settings (/etc/slg/slg.env); and the machine's description written
// by the cloud-init file's own script.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STACK_UP } from '@slg/service-kit/core';
import { newMariadbDir } from '@slg/test-kit/private-mariadb';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import type { CloudInit } from './guide.ts';
import type { HostSpec, Hosts } from './hosts.ts';

/** The stack's default ports: the ones the guide's commands name. */
export const PORTS = { dbProxy: 50051, dataServer: 50052, battle: 8080, mapServer: 50053 };

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T>): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (err) {
      if (Date.now() > end)
        throw new Error(`${what}: not ready in ${timeoutMs} ms (${(err as Error).message})`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export interface ServerHost {
  spec: HostSpec;
  dir: string;
  /** The stack's output (scripts/start.ts), for a failure's message. */
  log: string;
  /** Seconds from the first process to the stack's 'stack up'. */
  startS: number;
  /** The services and their ports, from npm start's 'stack up' line. */
  services: string;
}

/**
 * Starts MariaDB, Redis and the stack on `spec`; resolves once the stack printed 'stack up'.
 * The processes end with the hosts' teardown (they are in the host's cgroup and namespace).
 */
export async function startServer(
  hosts: Hosts,
  spec: HostSpec,
  o: { root: string; cloudInit: CloudInit; onLine?: (line: string) => void },
): Promise<ServerHost> {
  const started = Date.now();
  // A copy of the MariaDB data-directory template (made once by mariadb-install-db): root
  // without a password, as the guide's compose has root with one.
  const dir = await newMariadbDir(`${spec.ns}-`);
  hosts.ownDir(dir);
  const sock = join(dir, 'mysqld.sock');
  const mariadb = hosts.spawn(
    spec,
    'mariadbd',
    [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      '--port=3306',
      '--bind-address=127.0.0.1',
      `--socket=${sock}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      '--user=root',
      '--skip-log-bin',
      '--skip-name-resolve',
      '--max-connections=1000',
      `--log-error=${join(dir, 'mysqld.err')}`,
      `--tmpdir=${join(dir, 'tmp')}`,
    ],
    { stdio: 'ignore' },
  );
  const redisDir = join(dir, 'redis');
  mkdirSync(redisDir);
  const redisSock = join(dir, 'redis.sock');
  // compose.yaml's Redis: append-only file, no snapshots.
  const redis = hosts.spawn(
    spec,
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      '6379',
      '--unixsocket',
      redisSock,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--dir',
      redisDir,
      '--logfile',
      join(redisDir, 'redis.log'),
    ],
    { stdio: 'ignore' },
  );
  for (const [name, child] of [
    ['mariadbd', mariadb],
    ['redis-server', redis],
  ] as const) {
    // The teardown ends them synchronously, as this process exits: an exit seen here is a fault.
    child.once('exit', (code, signal) => {
      o.onLine?.(`${spec.names[0]}: ${name} exited (${signal ?? code})`);
    });
  }
  // Unix sockets are files, not bound to a network namespace: reachable from here.
  await until(`${spec.role}: MariaDB`, 60_000, async () => {
    const c = await mysql.createConnection({ socketPath: sock, user: 'root' });
    await c.end();
  });
  await until(`${spec.role}: Redis`, 30_000, async () => {
    const r = new Redis({ path: redisSock, lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await r.connect();
      await r.ping();
    } finally {
      r.disconnect();
    }
  });

  const s = o.cloudInit.env;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The images' settings (Dockerfile.multiarch), and compose.yaml's wiring.
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_PRETTY: '0',
    DBPROXY_BACKENDS: 'mysql://root@127.0.0.1:3306/slg',
    DATASERVER_REDIS_URL: 'redis://127.0.0.1:6379',
    // The host's address, not 127.0.0.1: the load generator is another host.
    DBPROXY_HOST: spec.address,
    DATASERVER_HOST: spec.address,
    BATTLE_HOST: spec.address,
    MAPSERVER_HOST: spec.address,
    DBPROXY_PORT: String(PORTS.dbProxy),
    DATASERVER_PORT: String(PORTS.dataServer),
    BATTLE_PORT: String(PORTS.battle),
    MAPSERVER_PORT: String(PORTS.mapServer),
    // /etc/slg/slg.env's settings of the services (compose.yaml hands them on): the game clock
    // and the world of the stack workload.
    ...serviceSettings(s),
  };
  for (const k of ['DATASERVER_DBPROXY_ADDR', 'MAPSERVER_DATASERVER_ADDR', 'MAPSERVER_BATTLE_URL'])
    delete env[k];
  const stack = hosts.spawn(spec, process.execPath, [join(o.root, 'scripts', 'start.ts')], {
    env,
    cwd: o.root,
  });
  let log = '';
  const up = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`${spec.role}: the stack did not come up in 180 s:\n${log.slice(-3000)}`)),
      180_000,
    );
    const take = (b: Buffer) => {
      log += b.toString();
      if (log.includes(STACK_UP) && log.slice(log.indexOf(STACK_UP)).includes('\n')) {
        clearTimeout(timer);
        resolve();
      }
    };
    stack.stdout!.on('data', take);
    stack.stderr!.on('data', take);
    stack.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${spec.role}: npm start exited (${signal ?? code}):\n${log.slice(-3000)}`));
    });
  });
  await up;
  const upLine = log.slice(log.indexOf(STACK_UP) + STACK_UP.length).split('\n')[0]!;
  const host: ServerHost = {
    spec,
    dir,
    log,
    startS: (Date.now() - started) / 1000,
    services: upLine.replace(/ — Ctrl-C stops it$/, '').trim(),
  };
  stack.stdout!.on('data', (b: Buffer) => {
    host.log += b.toString();
  });
  stack.stderr!.on('data', (b: Buffer) => {
    host.log += b.toString();
  });
  stack.once('exit', (code, signal) => {
    o.onLine?.(`${spec.names[0]}: npm start exited (${signal ?? code}):\n${host.log.slice(-2000)}`);
  });
  return host;
}

/**
 * The variables of /etc/slg/slg.env that configure a service (compose.yaml passes them to its
 * container); not where compose publishes the ports (`*_PUBLISH`): here the services listen on
 * the host's address.
 */
export function serviceSettings(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([k]) => /^(DBPROXY|DATASERVER|BATTLE|MAPSERVER)_/.test(k) && !k.endsWith('_PUBLISH'),
    ),
  );
}

/**
 * The machine's description (docs/guides/two-machines.md): the cloud-init file's own script in its
 * `env FILE` mode, run on the host (its namespace and cgroup) with the host's name (a UTS
 * namespace of its own) and the checkout as the repository it reports the commit of.
 */
export async function writeServerEnv(
  hosts: Hosts,
  spec: HostSpec,
  o: { root: string; cloudInit: CloudInit; dir: string; out: string },
): Promise<void> {
  const script = join(o.dir, 'slg-bootstrap');
  writeFileSync(script, o.cloudInit.bootstrap, { mode: 0o755 });
  const r = await hosts.run(
    spec,
    'unshare',
    [
      '--uts',
      'sh',
      '-c',
      'hostname "$0" && exec bash "$1" env "$2"',
      spec.names[0]!,
      script,
      o.out,
    ],
    { env: { ...process.env, SLG_DIR: o.root } },
  );
  if (r.code !== 0)
    throw new Error(`${spec.role}: slg-bootstrap env failed (${r.code}): ${r.output}`);
}
