// Entry point: read the configuration once, then serve in the chosen mode.
//   node battle-server/src/main.ts            (env: see config.ts and the README)
// The cluster primary only forks and supervises, so it loads neither fastify nor the model.
import cluster from 'node:cluster';
import { createLogger, runMain } from '@slg/service-kit/core';
import { readConfig } from './config.ts';

runMain(async () => {
  const config = readConfig();
  const logger = createLogger({
    name: 'battle-server',
    level: config.logLevel,
    pretty: config.logPretty,
  });
  if (config.mode === 'cluster' && cluster.isPrimary) {
    const { startPrimary } = await import('./cluster.ts');
    startPrimary(config, logger);
    return;
  }
  const { serve } = await import('./server.ts');
  await serve(config, logger, config.mode === 'pool' ? 'pool' : 'inline');
});
