// Entry point: read the configuration once, then serve in the chosen mode.
//   node battle-server/src/main.ts            (env: see config.ts and the README)
// The cluster primary only forks and supervises, so it loads neither fastify nor the model.
import cluster from 'node:cluster';
import { createLogger, runMain } from '@slg/service-kit/core';
import type { StartupFailure } from './cluster.ts';
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
    await startPrimary(config, logger);
    return;
  }
  const { serve } = await import('./server.ts');
  try {
    await serve(config, logger, config.mode === 'pool' ? 'pool' : 'inline');
  } catch (err) {
    if (cluster.isWorker) await reportStartupFailure(err);
    throw err;
  }
});

/** Tells the primary why this serving process failed to start, then lets go of the channel. */
async function reportStartupFailure(err: unknown): Promise<void> {
  if (!process.send || !process.connected) return;
  const message: StartupFailure = {
    type: 'battle-startup-failed',
    message: err instanceof Error ? err.message : String(err),
  };
  await new Promise<void>((resolve) => process.send?.(message, undefined, {}, () => resolve()));
  process.disconnect();
}
