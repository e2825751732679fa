// The one way a service's main module starts: a configuration problem is
// printed as the list it is (no stack trace) and the process exits 78
// (EX_CONFIG); any other start-up failure is logged and exits 1.
import { ConfigError } from './config.ts';

export function runMain(main: () => Promise<void>): void {
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
  });
}
