// Every environment variable of the battle server, read once and validated whole.
import { availableParallelism } from 'node:os';
import {
  ConfigError,
  commonEnv,
  host,
  int,
  listenPort,
  loadConfig,
  type Security,
  securityProblems,
  str,
} from '@slg/service-kit/core';
import { registerProblem } from '@slg/service-kit/etcd-url';

export const configSpec = {
  ...commonEnv,
  BATTLE_HOST: host({ default: '127.0.0.1', desc: 'address to listen on' }),
  BATTLE_PORT: listenPort({
    default: 8080,
    desc: 'HTTP port (0: any free port, reported in the listening log line)',
  }),
  BATTLE_REGISTER: str({
    default: '',
    desc: 'etcd://host:port/key/prefix[?ttl=s&advertise=host]: register this server there while it serves (service discovery); empty: none',
  }),
  BATTLE_MODE: str({
    default: 'cluster',
    choices: ['pool', 'cluster'],
    desc: 'pool: one HTTP process + piscina worker threads; cluster: one process per core, in-line battles',
  }),
  BATTLE_THREADS: int({
    default: 0,
    min: 0,
    max: 1024,
    desc: 'pool mode: worker threads (0 = one per core)',
  }),
  BATTLE_PROCESSES: int({
    default: 0,
    min: 0,
    max: 1024,
    desc: 'cluster mode: HTTP processes (0 = one per core)',
  }),
  BATTLE_CLUSTER_SCHED: str({
    default: 'none',
    choices: ['none', 'rr', 'reuseport'],
    desc: 'cluster mode: none = the processes accept from one shared socket; rr = the primary deals connections round-robin; reuseport = one SO_REUSEPORT socket per process, the kernel spreads connections',
  }),
  BATTLE_MAX_QUEUE: int({
    default: 4096,
    min: 1,
    max: 10_000_000,
    desc: 'pool mode: battles that may wait for a thread; beyond it 503 + Retry-After',
  }),
  BATTLE_BODY_LIMIT: int({
    default: 65536,
    min: 1,
    max: 1 << 30,
    desc: 'largest POST body in bytes (413 beyond)',
  }),
  BATTLE_BACKLOG: int({
    default: 4096,
    min: 1,
    max: 1 << 20,
    desc: 'listen backlog (capped by net.core.somaxconn)',
  }),
  BATTLE_RETRY_AFTER_SEC: int({
    default: 1,
    min: 0,
    max: 86_400,
    desc: 'Retry-After of a 503',
  }),
};

export interface BattleConfig {
  host: string;
  port: number;
  /** An etcd URL this server registers under while it serves; '' = none. */
  register: string;
  mode: 'pool' | 'cluster';
  threads: number;
  processes: number;
  clusterSched: 'none' | 'rr' | 'reuseport';
  maxQueue: number;
  bodyLimit: number;
  backlog: number;
  retryAfterSec: number;
  logLevel: string;
  logPretty: boolean;
  shutdownTimeoutMs: number;
  /** SLG_TLS_* (HTTPS, client certificates under mutual TLS) and SLG_INTERNAL_TOKEN (tls.ts). */
  security?: Security;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BattleConfig {
  const sec = securityProblems(env);
  const problems: string[] = [...sec.problems];
  let parsed: ReturnType<typeof loadConfig<typeof configSpec>> | undefined;
  try {
    parsed = loadConfig(configSpec, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  const register = registerProblem('BATTLE_REGISTER', env.BATTLE_REGISTER);
  if (register) problems.push(register);
  if (problems.length || !parsed) throw new ConfigError(problems);
  const c = parsed;
  const cores = availableParallelism();
  return {
    host: c.BATTLE_HOST,
    port: c.BATTLE_PORT,
    register: c.BATTLE_REGISTER,
    mode: c.BATTLE_MODE as 'pool' | 'cluster',
    threads: c.BATTLE_THREADS > 0 ? c.BATTLE_THREADS : cores,
    processes: c.BATTLE_PROCESSES > 0 ? c.BATTLE_PROCESSES : cores,
    clusterSched: c.BATTLE_CLUSTER_SCHED as 'none' | 'rr' | 'reuseport',
    maxQueue: c.BATTLE_MAX_QUEUE,
    bodyLimit: c.BATTLE_BODY_LIMIT,
    backlog: c.BATTLE_BACKLOG,
    retryAfterSec: c.BATTLE_RETRY_AFTER_SEC,
    logLevel: c.LOG_LEVEL,
    logPretty: c.LOG_PRETTY,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    security: sec.security,
  };
}
