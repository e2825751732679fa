// data-server's process: configuration from the environment, build, listen,
// /metrics, and one graceful shutdown path.
import { logListening, onShutdown, runMain } from '@slg/service-kit';
import { type Registration, startRegistration } from '@slg/service-kit/discovery';
import { build } from './app.ts';
import { configFromEnv } from './config.ts';

runMain(async () => {
  const config = configFromEnv();
  const app = await build(config);
  let registration: Registration | undefined;
  const shutdown = onShutdown(
    { logger: app.logger, timeoutMs: config.shutdownTimeoutMs + 2000 },
    async () => {
      // Withdrawn from discovery first, so that clients stop picking this instance, then drained.
      await registration?.close();
      await app.close(config.shutdownTimeoutMs);
    },
  );
  try {
    const port = await app.listen();
    const metricsPort = await app.listenMetrics();
    // The bound ports (DATASERVER_PORT=0: any free port), for whoever started this process.
    logListening(app.logger, { port, metricsPort });
    // Registered (etcd, DATASERVER_REGISTER) while the service is SERVING.
    if (config.register)
      registration = startRegistration({
        target: config.register,
        host: config.host,
        port,
        serving: () => app.server.health.get('') === 'SERVING',
        logger: app.logger,
      });
  } catch (err) {
    // A port in use, say: close what build() opened (Redis, the db-proxy channel) so the process exits.
    shutdown.uninstall();
    await app.close(0);
    throw err;
  }
});
