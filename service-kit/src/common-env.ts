// Variables every service reads, with laptop defaults.
import { bool, num, str } from 'envalid';

export const commonEnv = {
  LOG_LEVEL: str({
    default: 'info',
    choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    desc: 'pino log level',
  }),
  LOG_PRETTY: bool({ default: false, desc: 'human-readable logs instead of JSON' }),
  SHUTDOWN_TIMEOUT_MS: num({
    default: 10_000,
    desc: 'how long a shutdown waits for in-flight work',
  }),
};
