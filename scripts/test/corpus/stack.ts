// The bad-input corpus runs against what ships: the service bundles (`npm run build`, as
// start.test.ts runs them through `npm start`), each a child process of its own, on the shared
// MariaDB (a database of this run, created and dropped) and Redis (a DB number of its own).
// Before and after the cases: a checksum of every table and a digest of the Redis DB, which
// must not change; after: every process still running and healthy.
import { type ChildProcess, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import { grpc as pb } from '@slg/proto';
import { SERVICE_MALLOC_ARENA_MAX } from '@slg/service-kit/node-options';
import { buildServices } from '../../build.ts';
import { bundleMain, type NodeProcess, root, spawnNode } from '../helpers/bundles.ts';

const run = promisify(execFile);

export type ServiceName = 'db-proxy' | 'data-server' | 'battle-server' | 'map-server';

export interface Proc {
  name: ServiceName;
  /** The running bundle (its output, its stop). */
  process: NodeProcess;
  child: ChildProcess;
  /** gRPC port (battle-server: its HTTP port). */
  port: number;
  /** /metrics port (battle-server: its HTTP port). */
  metricsPort: number;
  /** Every line the process wrote. */
  log: string[];
}

export interface Snapshot {
  /** `CHECKSUM TABLE` of every table of the database, by table. */
  tables: Record<string, string>;
  /** DBSIZE of the Redis DB, and a SHA-1 over every key, its type and its value. */
  redisKeys: number;
  redisDigest: string;
  /** Each key with a SHA-1 of its value (to name what changed). */
  redisValues: string[];
}

interface TapLike {
  teardown(fn: () => unknown): void;
}

async function sql(statement: string, database?: string): Promise<string> {
  const args = ['-uroot', '-h127.0.0.1', '-P3306', '-N', '-B', '-e', statement];
  if (database) args.push(database);
  const { stdout } = await run('mariadb', args);
  return stdout;
}

// Every key of this stack (ARGV[1], its prefix), sorted, with its type and its whole value, hashed
// in Redis. Only the prefix's keys: another suite beside this one may use the same DB.
const digestScript = `
local keys = redis.call('KEYS', ARGV[1] .. '*')
table.sort(keys)
local parts = {}
local hashes = {}
for _, k in ipairs(keys) do
  local t = redis.call('TYPE', k).ok
  local v
  if t == 'string' then v = redis.call('GET', k)
  elseif t == 'hash' then local h = redis.call('HGETALL', k); v = table.concat(h, '\\0')
  elseif t == 'set' then local s = redis.call('SMEMBERS', k); table.sort(s); v = table.concat(s, '\\0')
  elseif t == 'zset' then v = table.concat(redis.call('ZRANGE', k, 0, -1, 'WITHSCORES'), '\\0')
  elseif t == 'list' then v = table.concat(redis.call('LRANGE', k, 0, -1), '\\0')
  else v = t end
  parts[#parts + 1] = k .. '\\1' .. t .. '\\1' .. v
  hashes[#hashes + 1] = k .. ' ' .. redis.sha1hex(v)
end
return { #keys, redis.sha1hex(table.concat(parts, '\\2')), unpack(hashes) }`;

let built: Promise<void> | undefined;

/** The bundles, built once per test process (each file is replaced by a rename: safe beside another build). */
export function buildOnce(): Promise<void> {
  built ??= buildServices();
  return built;
}

export class CorpusStack {
  readonly database: string;
  readonly redisDb: number;
  readonly keyPrefix: string;
  readonly procs = new Map<ServiceName, Proc>();

  constructor(tag: string, redisDb: number) {
    this.database = `slg_corpus_${tag}_${process.pid}`;
    this.redisDb = redisDb;
    this.keyPrefix = `corpus:${tag}:${process.pid}:`;
  }

  get(name: ServiceName): Proc {
    const p = this.procs.get(name);
    if (!p) throw new Error(`${name} is not running in this stack`);
    return p;
  }

  address(name: ServiceName): string {
    return `127.0.0.1:${this.get(name).port}`;
  }

  /**
   * Starts a service with `env`, its port variables 0 among them: it binds any free ports and
   * reports them (its listening line), and is healthy on them before this resolves.
   */
  async #spawn(name: ServiceName, env: Record<string, string>): Promise<Proc> {
    const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', LOG_PRETTY: '0', ...env };
    // As a user's: not tap's loaders (NODE_OPTIONS), nor the backends of the caller's env.
    for (const k of ['NODE_OPTIONS', 'DBPROXY_BACKENDS', 'DATASERVER_REDIS_URL']) {
      if (!(k in env)) delete full[k];
    }
    full.MALLOC_ARENA_MAX = SERVICE_MALLOC_ARENA_MAX;
    // Should this process end without its teardown (an uncaught error), the service goes too.
    const p = spawnNode(bundleMain(name), {
      name,
      env: full,
      cwd: root,
      withoutNodeOptions: true,
      killOnExit: true,
    });
    // Listed before its ports are known, so that stop() ends it should it never report them.
    const proc: Proc = { name, process: p, child: p.child, port: 0, metricsPort: 0, log: p.lines };
    this.procs.set(name, proc);
    ({ port: proc.port, metricsPort: proc.metricsPort } = await p.listening());
    await this.#waitUp(proc);
    return proc;
  }

  async #waitUp(proc: Proc): Promise<void> {
    for (let i = 0; i < 600; i++) {
      if (proc.child.exitCode !== null) {
        throw new Error(
          `${proc.name} exited ${proc.child.exitCode} at start:\n${proc.log.join('\n')}`,
        );
      }
      if (await this.healthy(proc.name).catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${proc.name} did not become healthy:\n${proc.log.join('\n')}`);
  }

  /** Health: gRPC grpc.health.v1 SERVING (battle-server: /readyz 200), and /metrics answering. */
  async healthy(name: ServiceName): Promise<boolean> {
    const proc = this.get(name);
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return false;
    if (name === 'battle-server') {
      const r = await fetch(`http://127.0.0.1:${proc.port}/readyz`);
      await r.arrayBuffer();
      if (r.status !== 200) return false;
    } else {
      const ok = await new Promise<boolean>((resolve) => {
        const client = new grpc.Client(`127.0.0.1:${proc.port}`, grpc.credentials.createInsecure());
        client.makeUnaryRequest(
          '/grpc.health.v1.Health/Check',
          (m: pb.health.v1.IHealthCheckRequest) =>
            Buffer.from(pb.health.v1.HealthCheckRequest.encode(m).finish()),
          (b: Buffer) => pb.health.v1.HealthCheckResponse.decode(b),
          { service: '' },
          { deadline: Date.now() + 2000 },
          (err, res) => {
            client.close();
            resolve(!err && res?.status === pb.health.v1.HealthCheckResponse.ServingStatus.SERVING);
          },
        );
      });
      if (!ok) return false;
    }
    const m = await fetch(`http://127.0.0.1:${proc.metricsPort}/metrics`);
    const body = await m.text();
    return m.status === 200 && body.includes('process_resident_memory_bytes');
  }

  /** Starts the services named (in the stack's order: each after what it calls). */
  async start(t: TapLike, names: ServiceName[]): Promise<void> {
    t.teardown(() => this.stop());
    await buildOnce();
    if (names.includes('db-proxy')) {
      await sql(`DROP DATABASE IF EXISTS \`${this.database}\``);
      await this.flushRedis();
      await this.#spawn('db-proxy', {
        DBPROXY_BACKENDS: `mysql://root@127.0.0.1:3306/${this.database}`,
        DBPROXY_PORT: '0',
        DBPROXY_METRICS_PORT: '0',
        DBPROXY_POOL_SIZE: '4',
      });
    }
    if (names.includes('data-server')) {
      await this.#spawn('data-server', {
        DATASERVER_DBPROXY_ADDR: this.address('db-proxy'),
        DATASERVER_REDIS_URL: `redis://127.0.0.1:6379/${this.redisDb}`,
        DATASERVER_KEY_PREFIX: this.keyPrefix,
        DATASERVER_PORT: '0',
        DATASERVER_METRICS_PORT: '0',
        // Nothing cached expires during the run: the Redis digest changes only by a write.
        DATASERVER_RECORD_TTL_MS: '3600000',
        DATASERVER_COLLECTION_TTL_MS: '3600000',
        DATASERVER_ABSENT_TTL_MS: '3600000',
      });
    }
    if (names.includes('battle-server')) {
      await this.#spawn('battle-server', { BATTLE_PORT: '0', BATTLE_PROCESSES: '1' });
    }
    if (names.includes('map-server')) {
      await this.#spawn('map-server', {
        MAPSERVER_DATASERVER_ADDR: this.address('data-server'),
        MAPSERVER_BATTLE_URL: `http://127.0.0.1:${this.get('battle-server').port}`,
        MAPSERVER_PORT: '0',
        MAPSERVER_METRICS_PORT: '0',
        // A small world: its load is a few hundred calls, not thousands.
        MAPSERVER_WIDTH: '64',
        MAPSERVER_HEIGHT: '64',
        MAPSERVER_REGION_SIZE: '32',
        MAPSERVER_FIELDS: '20',
        MAPSERVER_MONSTERS: '10',
        MAPSERVER_MAX_VIEWPORT: '32',
      });
    }
  }

  /** Deletes this stack's keys (its prefix's), not the DB: another suite may share the DB. */
  async flushRedis(): Promise<void> {
    await run('redis-cli', [
      '-n',
      String(this.redisDb),
      'EVAL',
      "local ks = redis.call('KEYS', ARGV[1] .. '*') for i = 1, #ks, 500 do redis.call('DEL', unpack(ks, i, math.min(i + 499, #ks))) end return #ks",
      '0',
      this.keyPrefix,
    ]);
  }

  async snapshot(): Promise<Snapshot> {
    const tables: Record<string, string> = {};
    if (this.procs.has('db-proxy')) {
      const names = (await sql('SHOW TABLES', this.database)).split('\n').filter(Boolean);
      if (names.length > 0) {
        const out = await sql(
          `CHECKSUM TABLE ${names.map((n) => `\`${n}\``).join(', ')} EXTENDED`,
          this.database,
        );
        for (const line of out.split('\n').filter(Boolean)) {
          const [table, sum] = line.split('\t');
          tables[table!.slice(table!.indexOf('.') + 1)] = sum!;
        }
      }
    }
    const { stdout } = await run('redis-cli', [
      '-n',
      String(this.redisDb),
      'EVAL',
      digestScript,
      '0',
      this.keyPrefix,
    ]);
    const [keys, digest, ...values] = stdout.trim().split('\n');
    return { tables, redisKeys: Number(keys), redisDigest: digest ?? '', redisValues: values };
  }

  /** Lines a service logged at error level or above (pino's level >= 50), or that are not JSON. */
  errorLines(name: ServiceName): string[] {
    return this.get(name).log.filter((line) => {
      if (!line.trim()) return false;
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return true;
      }
    });
  }

  async stop(): Promise<void> {
    for (const name of ['map-server', 'battle-server', 'data-server', 'db-proxy'] as const) {
      await this.procs.get(name)?.process.stop('SIGTERM', 10_000);
    }
    if (this.procs.has('db-proxy')) await sql(`DROP DATABASE IF EXISTS \`${this.database}\``);
    if (this.procs.has('data-server')) await this.flushRedis();
  }
}
