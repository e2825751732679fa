// One serving process: a runner (pool or in-line), the app, listening, one shutdown path.
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import {
  createMetricsRegistry,
  IdleCompactor,
  type Logger,
  logListening,
  onShutdown,
} from '@slg/service-kit/core';
import type { FastifyInstance } from 'fastify';
import { build } from './app.ts';
import type { ListeningReport } from './cluster.ts';
import type { BattleConfig } from './config.ts';
import { PoolRunner } from './pool.ts';
import { type BattleRunner, InlineRunner } from './runner.ts';

export interface RunningServer {
  app: FastifyInstance;
  runner: BattleRunner;
  url: string;
  /** Idempotent: stop accepting, drain in-flight requests, close the runner. */
  close(): Promise<void>;
}

export async function startServer(
  config: BattleConfig,
  logger: Logger,
  runnerKind: 'pool' | 'inline',
): Promise<RunningServer> {
  const runner: BattleRunner =
    runnerKind === 'pool'
      ? new PoolRunner({ threads: config.threads, maxQueue: config.maxQueue })
      : new InlineRunner();
  await runner.start();
  let app: FastifyInstance | undefined;
  let url: string;
  let served = 0;
  let compactor: IdleCompactor;
  try {
    const registry = createMetricsRegistry();
    registry.setDefaultLabels({ mode: config.mode, pid: String(process.pid) });
    app = await build({
      runner,
      logger,
      registry,
      bodyLimit: config.bodyLimit,
      retryAfterSec: config.retryAfterSec,
      security: config.security,
    });
    // Requests served, for the idle compactor: after start-up and after a burst, once a period
    // passes without a request, one memory-reducing collection gives back the young generation
    // V8 grew (a serving process idled at 90-92 MB RSS without it; see docs/results.md).
    // Only the battle routes count: probes and scrapes (/readyz, /metrics) leave a period quiet.
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.url.startsWith('/v1/')) served++;
      done();
    });
    // reuseport: each cluster process binds its own socket and the kernel spreads connections.
    const reusePort = cluster.isWorker && config.clusterSched === 'reuseport';
    url = await app.listen({
      host: config.host,
      port: config.port,
      backlog: config.backlog,
      ...(reusePort ? { reusePort: true } : {}),
    });
    compactor = new IdleCompactor({ calls: () => served, registry });
    compactor.start();
  } catch (err) {
    // A port in use, say: the pool's threads must not keep the process alive.
    await app?.close();
    await runner.close();
    throw err;
  }
  const started = app;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      compactor.stop();
      await started.close();
      await runner.close();
    })();
    return closing;
  };
  return { app: started, runner, url, close };
}

/**
 * Starts a server and ties it to SIGINT/SIGTERM (and, under cluster, the primary's request).
 * The handlers are installed before start-up, so a stop asked for while starting is not lost.
 */
export async function serve(config: BattleConfig, logger: Logger, runnerKind: 'pool' | 'inline') {
  let server: RunningServer | undefined;
  let stopping = false;
  let registration: { close(): Promise<void> } | undefined;
  const stop = async () => {
    stopping = true;
    // Withdrawn from discovery first, so that clients stop picking this server, then drained.
    await registration?.close();
    await server?.close();
  };
  const shutdown = onShutdown({ logger, timeoutMs: config.shutdownTimeoutMs }, stop);
  const onMessage = (msg: unknown) => {
    if (msg !== 'shutdown') return;
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('message', onMessage);
  try {
    server = await startServer(config, logger, runnerKind);
  } catch (err) {
    // Off the graceful path: on the emptied event loop it would end the process with exit 0.
    shutdown.uninstall();
    process.removeListener('message', onMessage);
    throw err;
  }
  if (stopping) {
    await server.close();
    return server;
  }
  const port = (server.app.server.address() as AddressInfo).port;
  const about = {
    url: server.url,
    mode: config.mode,
    runner: runnerKind,
    threads: server.runner.stats().threads,
  };
  if (cluster.isWorker) {
    // The primary reports the port and registers (cluster.ts); under reuseport it hears of this
    // process's listening from this message only.
    const report: ListeningReport = { type: 'battle-listening', port };
    process.send?.(report);
    logger.info(about, 'battle-server listening');
    return server;
  }
  // Registered (etcd, BATTLE_REGISTER) while it serves.
  if (config.register) {
    const { startRegistration } = await import('@slg/service-kit/discovery');
    registration = startRegistration({
      target: config.register,
      host: config.host,
      port,
      serving: () => !stopping,
      logger,
    });
  }
  // The bound port (BATTLE_PORT=0: any free port), for whoever started this process; /metrics
  // is served on it too.
  logListening(logger, { port, metricsPort: port }, about);
  return server;
}
