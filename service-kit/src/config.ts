// Configuration from environment variables, read once at start-up and
// validated whole: every problem is reported together, then start-up stops.
import { cleanEnv, EnvError, EnvMissingError, type ValidatorSpec } from 'envalid';

export { bool, host, json, num, port, str, url } from 'envalid';

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
