// data-server's process: configuration from the environment, build, listen,
// /metrics, and one graceful shutdown path.
import { onShutdown, runMain } from '@slg/service-kit';
import { build } from './app.ts';
import { configFromEnv } from './config.ts';

runMain(async () => {
  const config = configFromEnv();
  const app = await build(config);
  onShutdown({ logger: app.logger, timeoutMs: config.shutdownTimeoutMs + 2000 }, async () => {
    await app.close(config.shutdownTimeoutMs);
  });
  await app.listen();
  await app.listenMetrics();
});
