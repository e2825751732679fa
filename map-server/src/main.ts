// map-server's process: configuration from the environment, build (the world loaded), listen,
// /metrics, and one graceful shutdown path.
import { onShutdown, runMain } from '@slg/service-kit';
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
    await app.listen();
    await app.listenMetrics();
    app.logger.info({ loadMs: app.loaded.ms, generated: app.loaded.generated }, 'map-server ready');
  } catch (err) {
    shutdown.uninstall();
    await app.close(0);
    throw err;
  }
});
