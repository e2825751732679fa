// Entry point: read the configuration once, then serve in the chosen mode.
//   node battle-server/src/main.ts            (env: see config.ts and the README)
import cluster from 'node:cluster';
import { createLogger, runMain } from '@slg/service-kit';
import { startPrimary } from './cluster.ts';
import { readConfig } from './config.ts';
import { serve } from './server.ts';

runMain(async () => {
  const config = readConfig();
  const logger = createLogger({
    name: 'battle-server',
    level: config.logLevel,
    pretty: config.logPretty,
  });
  if (config.mode === 'pool') {
    await serve(config, logger, 'pool');
  } else if (cluster.isPrimary) {
    startPrimary(config, logger);
  } else {
    await serve(config, logger, 'inline');
  }
});
