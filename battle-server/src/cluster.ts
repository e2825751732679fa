// cluster mode: the primary forks one serving process per core (each fights battles in-line on
// its own event loop) and shares the listening socket with them. It restarts a process that dies
// and, on shutdown, asks every process to drain, then exits.
import cluster, { type Worker } from 'node:cluster';
import { type Logger, onShutdown } from '@slg/service-kit/core';
import type { BattleConfig } from './config.ts';

export function startPrimary(config: BattleConfig, logger: Logger): void {
  let stopping = false;
  cluster.schedulingPolicy = config.clusterSched === 'rr' ? cluster.SCHED_RR : cluster.SCHED_NONE;
  const fork = (): Worker => cluster.fork();
  const listening = new Set<number>();
  cluster.on('listening', (worker) => listening.add(worker.id));
  for (let i = 0; i < config.processes; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error(
      { pid: worker.process.pid, code, signal },
      'serving process died; starting another',
    );
    fork();
  });
  logger.info({ processes: config.processes, pid: process.pid }, 'battle-server cluster primary');
  onShutdown({ logger, timeoutMs: config.shutdownTimeoutMs }, async () => {
    stopping = true;
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
  });
}
