// cluster mode: the primary forks one serving process per core (each fights battles in-line on
// its own event loop) and shares the listening socket with them. It restarts a process that dies
// and, on shutdown, asks every process to drain, then exits.
//
// A process that dies before it listens failed to start (a port in use, say): the primary forks
// its replacement after a back-off that doubles each time (100 ms .. 5 s), and after
// `maxStartFailures` such failures in a row (none listening in between) it gives up: it stops the
// others and its promise rejects with the failed process's own error, so main exits non-zero.
//
// Each serving process tells the primary the port it listens on (a message: under reuseport the
// primary sees no 'listening' event of its own). The first such port is the server's: the
// primary logs it (the listening line of @slg/service-kit) and registers it, and every process
// forked after that is given it. So BATTLE_PORT=0 works in every mode: under none and rr the
// processes share the primary's one socket (the kernel picks its port once); under reuseport
// each binds a socket of its own, so the primary forks one, and the others once it listens, on
// its port. A replacement forked after every process died also comes back on the same port.
import cluster, { type Worker } from 'node:cluster';
import { type Logger, logListening, onShutdown } from '@slg/service-kit/core';
import type { BattleConfig } from './config.ts';

/** What a serving process tells the primary when its start-up throws. */
export interface StartupFailure {
  type: 'battle-startup-failed';
  message: string;
}

export function isStartupFailure(msg: unknown): msg is StartupFailure {
  return (msg as StartupFailure | null)?.type === 'battle-startup-failed';
}

/** What a serving process tells the primary once it listens. */
export interface ListeningReport {
  type: 'battle-listening';
  port: number;
}

export function isListeningReport(msg: unknown): msg is ListeningReport {
  const m = msg as ListeningReport | null;
  return m?.type === 'battle-listening' && Number.isInteger(m.port);
}

export interface PrimaryOptions {
  /** Start-up failures in a row before the primary gives up (default 5). */
  maxStartFailures?: number;
  /** First back-off before forking again after a start-up failure (default 100 ms, doubling). */
  backoffMs?: number;
  /** Longest back-off (default 5 s). */
  maxBackoffMs?: number;
}

/** Resolves never while serving; rejects when serving processes keep failing to start. */
export function startPrimary(
  config: BattleConfig,
  logger: Logger,
  opts: PrimaryOptions = {},
): Promise<never> {
  const maxStartFailures = opts.maxStartFailures ?? 5;
  const backoffMs = opts.backoffMs ?? 100;
  const maxBackoffMs = opts.maxBackoffMs ?? 5000;
  let stopping = false;
  let failuresInARow = 0;
  const pending = new Set<NodeJS.Timeout>();
  const listening = new Set<number>();
  /** The error a process reported before it died, by worker id. */
  const startupErrors = new Map<number, string>();
  let giveUp: (err: Error) => void = () => {};
  const gaveUp = new Promise<never>((_resolve, reject) => {
    giveUp = reject;
  });

  cluster.schedulingPolicy = config.clusterSched === 'rr' ? cluster.SCHED_RR : cluster.SCHED_NONE;
  /** The server's port, once a process listens (BATTLE_PORT, or the one 0 was given). */
  let boundPort: number | undefined;
  const fork = (): Worker =>
    cluster.fork(boundPort === undefined ? {} : { BATTLE_PORT: String(boundPort) });
  // Under reuseport a port of 0 would give each process a port of its own: one first, then the rest.
  const forkFirst = config.port === 0 && config.clusterSched === 'reuseport' ? 1 : config.processes;

  let registration: Promise<{ close(): Promise<void> } | undefined> | undefined;
  const onListening = (worker: Worker, port: number) => {
    listening.add(worker.id);
    failuresInARow = 0;
    if (boundPort !== undefined || stopping) return;
    boundPort = port;
    logListening(
      logger,
      { port, metricsPort: port },
      { processes: config.processes, pid: process.pid },
    );
    for (let i = forkFirst; i < config.processes; i++) fork();
    // Registered (etcd, BATTLE_REGISTER) while a serving process listens.
    if (config.register) {
      const target = config.register;
      registration = import('@slg/service-kit/discovery').then(
        ({ startRegistration }) =>
          startRegistration({
            target,
            host: config.host,
            port,
            serving: () => !stopping && listening.size > 0,
            logger,
          }),
        (err: unknown) => {
          logger.error({ err }, 'discovery: cannot register');
          return undefined;
        },
      );
    }
  };
  cluster.on('message', (worker, msg: unknown) => {
    if (isStartupFailure(msg)) startupErrors.set(worker.id, msg.message);
    else if (isListeningReport(msg)) onListening(worker, msg.port);
  });
  /** Stops every process, waiting for each to exit. */
  const stopAll = async () => {
    stopping = true;
    // Withdrawn from discovery first, so that clients stop picking this server, then drained.
    await (await registration)?.close();
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    const exits = Object.values(cluster.workers ?? {}).map(
      (w) =>
        new Promise<void>((resolve) => {
          if (!w || w.isDead()) return resolve();
          w.once('exit', () => resolve());
          // A listening process drains on request (idempotent if a terminal's SIGINT reached it
          // too); one still starting has nothing to drain and gets a SIGTERM.
          if (listening.has(w.id) && w.isConnected()) w.send('shutdown');
          else w.process.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
  };

  cluster.on('exit', (worker, code, signal) => {
    const startupError = startupErrors.get(worker.id);
    startupErrors.delete(worker.id);
    const wasListening = listening.delete(worker.id);
    if (stopping) return;
    if (wasListening) {
      logger.error(
        { pid: worker.process.pid, code, signal },
        'serving process died; starting another',
      );
      fork();
      return;
    }
    failuresInARow++;
    const reason = startupError ?? `exit code ${code}${signal ? `, signal ${signal}` : ''}`;
    if (failuresInARow >= maxStartFailures) {
      logger.fatal(
        { pid: worker.process.pid, code, signal, failures: failuresInARow, reason },
        'serving processes keep failing to start; giving up',
      );
      // Off the graceful path first: on the empty event loop it would exit 0.
      shutdown.uninstall();
      void stopAll().then(() =>
        giveUp(
          new Error(
            `${failuresInARow} serving processes in a row failed to start; the last: ${reason}`,
          ),
        ),
      );
      return;
    }
    const delay = Math.min(backoffMs * 2 ** (failuresInARow - 1), maxBackoffMs);
    logger.error(
      { pid: worker.process.pid, code, signal, reason, retryInMs: delay },
      'serving process failed to start; starting another after a back-off',
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delay);
    pending.add(timer);
  });

  for (let i = 0; i < forkFirst; i++) fork();
  logger.info({ processes: config.processes, pid: process.pid }, 'battle-server cluster primary');
  const shutdown = onShutdown({ logger, timeoutMs: config.shutdownTimeoutMs }, stopAll);
  return gaveUp;
}
