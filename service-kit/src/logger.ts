// pino to stdout: JSON by default, human-readable only when asked (LOG_PRETTY=1).
import { type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export function createLogger(opts: { name: string; level?: string; pretty?: boolean }): Logger {
  const options = { name: opts.name, level: opts.level ?? 'info' };
  if (!opts.pretty) return pino(options);
  return pino(
    options,
    pretty({ colorize: process.stdout.isTTY, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }),
  );
}
