// Configuration from environment variables, read once at start-up and
// validated whole: every problem is reported together, then start-up stops.
import { cleanEnv, EnvError, EnvMissingError, makeValidator, type ValidatorSpec } from 'envalid';

export { bool, host, json, num, port, str, url } from 'envalid';

/**
 * A port to listen on: an integer from 0 to 65535, where 0 asks the kernel for any free port
 * (envalid's `port` refuses 0). The service then reports the port it bound in its listening
 * line (listening.ts), which is how starters that pass 0 learn it.
 */
export const listenPort = makeValidator<number>((input: string) => {
  const text = String(input).trim();
  const n = Number(text);
  if (!/^(0|[1-9]\d{0,4})$/.test(text) || n > 65_535) {
    throw new EnvError('must be an integer from 0 to 65535 (0: any free port)');
  }
  return n;
});

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: envalid's spec type is a map of any validators
type Spec = { [key: string]: ValidatorSpec<any> };

/** Validates `env` against `spec`; throws a ConfigError naming every bad or missing variable. */
export function loadConfig<S extends Spec>(spec: S, env: NodeJS.ProcessEnv = process.env) {
  return cleanEnv(env, spec, {
    reporter: ({ errors }) => {
      const problems = Object.entries(errors).map(([name, err]) => {
        if (err instanceof EnvMissingError) return `${name}: required but not set`;
        const value = env[name];
        const detail = err instanceof EnvError || err instanceof Error ? err.message : String(err);
        return `${name}=${JSON.stringify(value)}: ${detail}`;
      });
      if (problems.length) throw new ConfigError(problems);
    },
  });
}
