// db-proxy's process: read the configuration, build, listen, and shut down
// gracefully on SIGTERM/SIGINT (drain calls, then close the pools). A start-up
// that fails half-way (the metrics port taken after gRPC has bound) closes what
// it opened and exits non-zero: it never goes on serving gRPC alone.
import { createLogger, logListening, onShutdown, runMain } from '@slg/service-kit';
import { type Registration, startRegistration } from '@slg/service-kit/discovery';
import { build } from './app.ts';
import { loadDbProxyConfig } from './config.ts';
import { redact } from './shards.ts';

runMain(async () => {
  const config = loadDbProxyConfig();
  const logger = createLogger({
    name: 'db-proxy',
    level: config.logLevel,
    pretty: config.logPretty,
  });
  const app = await build(config, { logger });
  let registration: Registration | undefined;
  // Withdrawn from discovery first, so that clients stop picking this instance, then drained.
  const shutdown = onShutdown({ logger, timeoutMs: config.shutdownTimeoutMs + 2000 }, async () => {
    await registration?.close();
    await app.close();
  });
  let bound: { port: number; metricsPort: number | undefined };
  try {
    bound = await app.listen();
  } catch (err) {
    logger.fatal({ err }, 'db-proxy could not start');
    shutdown.uninstall();
    await app.close();
    throw err;
  }
  // Registered (etcd, DBPROXY_REGISTER) while SERVING: a backend reachable and migrated.
  if (config.register)
    registration = startRegistration({
      target: config.register,
      host: config.host,
      port: bound.port,
      serving: app.serving,
      logger,
    });
  // The bound ports (DBPROXY_PORT=0: any free port), for whoever started this process.
  logListening(
    logger,
    { port: bound.port, metricsPort: bound.metricsPort ?? null },
    {
      backends: config.backends
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(redact),
    },
  );
});
