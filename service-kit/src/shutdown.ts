// One graceful-shutdown path per process: on SIGTERM/SIGINT (or an uncaught
// error) run `close` within a deadline, then exit; a second signal forces. An
// empty event loop is not a shutdown request: the process ends with its own exit code.
import closeWithGrace from 'close-with-grace';
import type { Logger } from './logger.ts';

export function onShutdown(
  opts: { logger: Logger; timeoutMs: number },
  close: (signal: string | undefined) => Promise<void>,
): { uninstall(): void } {
  const handle = closeWithGrace(
    {
      delay: opts.timeoutMs,
      // A process whose event loop empties (a start-up that failed and closed what it opened)
      // exits with the code it set; close-with-grace would run `close` and exit 0.
      skip: ['beforeExit'],
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
