// pino to stdout: JSON by default, human-readable only when asked (LOG_PRETTY=1).
import { createRequire } from 'node:module';
import { type Logger, pino } from 'pino';
import type { PrettyOptions } from 'pino-pretty';

export type { Logger };

type Pretty = (options: PrettyOptions) => NodeJS.WritableStream;

export function createLogger(opts: {
  name: string;
  level?: string;
  pretty?: boolean;
  /** Where the JSON lines go instead of stdout (a test reading what a service logged). */
  destination?: { write(line: string): void };
}): Logger {
  const options = { name: opts.name, level: opts.level ?? 'info' };
  if (opts.destination) return pino(options, opts.destination);
  if (!opts.pretty) return pino(options);
  // Loaded only when asked for: production logs are JSON and need none of it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as Pretty;
  return pino(
    options,
    pretty({ colorize: process.stdout.isTTY, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }),
  );
}
