// map-server's process: configuration from the environment, build (the world loaded), listen,
// /metrics, and one graceful shutdown path.
import { logListening, onShutdown, runMain } from '@slg/service-kit';
import { build } from './app.ts';
import { configFromEnv } from './config.ts';

runMain(async () => {
  const config = configFromEnv();
  const app = await build(config);
  const shutdown = onShutdown(
    { logger: app.logger, timeoutMs: config.shutdownTimeoutMs + 2000 },
    async () => {
      await app.close(config.shutdownTimeoutMs);
    },
  );
  try {
    const port = await app.listen();
    const metricsPort = await app.listenMetrics();
    // The bound ports (MAPSERVER_PORT=0: any free port), for whoever started this process, and
    // how long the world took to load.
    logListening(
      app.logger,
      { port, metricsPort },
      { loadMs: app.loaded.ms, generated: app.loaded.generated },
    );
  } catch (err) {
    shutdown.uninstall();
    await app.close(0);
    throw err;
  }
});
