// db-proxy's process: read the configuration, build, listen, and shut down
// gracefully on SIGTERM/SIGINT (drain calls, then close the pools).
import { ConfigError, createLogger, onShutdown } from '@slg/service-kit';
import { build } from './app.ts';
import { loadDbProxyConfig } from './config.ts';
import { redact } from './shards.ts';

let config: ReturnType<typeof loadDbProxyConfig>;
try {
  config = loadDbProxyConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`db-proxy: ${err.message}\n`);
  process.exit(1);
}

const logger = createLogger({ name: 'db-proxy', level: config.logLevel, pretty: config.logPretty });
try {
  const app = await build(config, { logger });
  onShutdown({ logger, timeoutMs: config.shutdownTimeoutMs + 2000 }, () => app.close());
  const { port, metricsPort } = await app.listen();
  logger.info(
    {
      port,
      metricsPort,
      backends: config.backends
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(redact),
    },
    'db-proxy started',
  );
} catch (err) {
  logger.fatal({ err }, 'db-proxy could not start');
  process.exitCode = 1;
}
