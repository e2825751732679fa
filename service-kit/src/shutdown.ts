// One graceful-shutdown path per process: on SIGTERM/SIGINT (or an uncaught
// error) run `close` within a deadline, then exit; a second signal forces.
import closeWithGrace from 'close-with-grace';
import type { Logger } from './logger.ts';

export function onShutdown(
  opts: { logger: Logger; timeoutMs: number },
  close: (signal: string | undefined) => Promise<void>,
): { uninstall(): void } {
  const handle = closeWithGrace(
    {
      delay: opts.timeoutMs,
      logger: {
        error: (msg: unknown) => opts.logger.error(msg),
      },
    },
    async ({ signal, err }) => {
      if (err) opts.logger.error({ err }, 'shutting down after an error');
      else opts.logger.info({ signal }, 'shutting down: draining in-flight work');
      await close(signal);
      opts.logger.info('shut down cleanly');
    },
  );
  return { uninstall: () => handle.uninstall() };
}
