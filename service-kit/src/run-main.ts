// The one way a service's main module starts: a configuration problem is
// printed as the list it is (no stack trace) and the process exits 78
// (EX_CONFIG); any other start-up failure is logged and exits 1. Either way the
// process ends: main closes what it opened before it throws, and whatever it
// could not close (a bound port, a pool) gets `exitGraceMs`, not forever.
import { ConfigError } from './config.ts';

export function runMain(main: () => Promise<void>, opts: { exitGraceMs?: number } = {}): void {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 78;
    } else {
      process.stderr.write(
        `start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exitCode = 1;
    }
    // Unref'd: a process with nothing left open exits at once, on its own.
    setTimeout(() => process.exit(), opts.exitGraceMs ?? 2000).unref();
  });
}
