// Configuration from environment variables, read once at start-up and
// validated whole: every problem is reported together, then start-up stops.
import {
  bool,
  cleanEnv,
  EnvError,
  EnvMissingError,
  host,
  json,
  makeValidator,
  num,
  port,
  str,
  url,
  type ValidatorSpec,
} from 'envalid';

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

/** Bounds a number variable carries in its definition: checked by its validator, shown by describeEnv. */
export interface Bounds {
  readonly min: number;
  readonly max?: number;
  /** true: the value must be above `min`, not equal to it. */
  readonly aboveMin?: boolean;
  readonly integer: boolean;
}

/**
 * An integer variable from `min` to `max`: its bounds are part of its definition, so the check
 * and the configuration reference (describeEnv) cannot disagree.
 */
export function int(spec: { default: number; desc: string; min: number; max: number }) {
  const { min, max } = spec;
  const validator = makeValidator<number>((input: string) => {
    const text = String(input).trim();
    const n = Number(text);
    if (text === '' || !Number.isInteger(n) || n < min || n > max) {
      throw new EnvError(`must be an integer from ${min} to ${max}`);
    }
    return n;
  });
  const bounds: Bounds = { min, max, integer: true };
  return { ...validator({ default: spec.default, desc: spec.desc }), bounds };
}

/** A number above 0 (fractions allowed), such as a duration or a size in MiB. */
export function positiveNum(spec: { default: number; desc: string }) {
  return boundedNum(spec, { min: 0, aboveMin: true, integer: false }, 'must be a positive number');
}

/** A number of 0 or more (fractions allowed). */
export function nonNegativeNum(spec: { default: number; desc: string }) {
  return boundedNum(spec, { min: 0, integer: false }, 'must be 0 or more');
}

function boundedNum(spec: { default: number; desc: string }, bounds: Bounds, message: string) {
  const validator = makeValidator<number>((input: string) => {
    const text = String(input).trim();
    const n = Number(text);
    if (text === '' || !Number.isFinite(n) || (bounds.aboveMin ? n <= bounds.min : n < bounds.min))
      throw new EnvError(message);
    return n;
  });
  return { ...validator({ default: spec.default, desc: spec.desc }), bounds };
}

/**
 * Variables read outside envalid (whose values a config needs even when envalid reports other
 * problems): each an `int` definition; an unset or blank one takes its default. Problems are
 * worded as envalid's reporter words them.
 */
export function readInts<S extends Record<string, ReturnType<typeof int>>>(
  spec: S,
  env: NodeJS.ProcessEnv,
): { values: { [K in keyof S]: number }; problems: string[] } {
  const values = {} as { [K in keyof S]: number };
  const problems: string[] = [];
  for (const name of Object.keys(spec) as (keyof S & string)[]) {
    const def = spec[name] as ReturnType<typeof int>;
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      values[name] = def.default as number;
      continue;
    }
    try {
      values[name] = def._parse(raw);
    } catch (err) {
      problems.push(`${name}=${JSON.stringify(raw)}: ${(err as Error).message}`);
      values[name] = Number(raw);
    }
  }
  return { values, problems };
}

/** One variable as the configuration reference shows it. */
export interface EnvVarReference {
  readonly name: string;
  readonly type: string;
  /** The default as text ('' when the default is the empty string). */
  readonly default: string;
  /** What values are accepted, beyond the type ('' when any of the type). */
  readonly range: string;
  readonly desc: string;
}

// The validators' parse functions name their type: envalid's makers keep one function per
// validator, shared by every spec made from it.
const typeOfParse = new Map<unknown, string>([
  [str({})._parse, 'string'],
  [num({})._parse, 'number'],
  [bool({})._parse, 'boolean'],
  [host({})._parse, 'host'],
  [port({})._parse, 'port'],
  [url({})._parse, 'URL'],
  [json({})._parse, 'JSON'],
  [listenPort({})._parse, 'port'],
]);

/**
 * The variables of a spec as the configuration reference lists them, in the spec's order:
 * name, type, default, accepted range and description, all taken from the definitions.
 * A variable without a description is an error (the reference would have a hole).
 */
export function describeEnv(spec: Spec): EnvVarReference[] {
  return Object.entries(spec).map(([name, s]) => {
    const def = s as ValidatorSpec<unknown> & { bounds?: Bounds };
    if (!def.desc) throw new Error(`${name}: no description (desc) in its definition`);
    const bounds = def.bounds;
    const type = bounds
      ? bounds.integer
        ? 'integer'
        : 'number'
      : (typeOfParse.get(def._parse) ?? 'string');
    let range = '';
    if (def.choices) range = def.choices.map((c) => String(c)).join(', ');
    else if (bounds)
      range =
        bounds.max !== undefined
          ? `${bounds.min} to ${bounds.max}`
          : `${bounds.aboveMin ? '>' : '≥'} ${bounds.min}`;
    else if (def._parse === listenPort({})._parse) range = '0 to 65535 (0: any free port)';
    else if (type === 'port') range = '1 to 65535';
    const value = 'default' in def ? def.default : undefined;
    return {
      name,
      type,
      default: value === undefined ? '' : String(value),
      range,
      desc: def.desc,
    };
  });
}

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
