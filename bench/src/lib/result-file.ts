// The JSON a program reads: one file per run, with the environment, every setting, and the
// raw figures (HDR histograms encoded) so that two machines' runs can be compared later.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bumped when a field changes meaning. */
export const RESULT_SCHEMA_VERSION = 1;

export const resultsDir = fileURLToPath(new URL('../../results/', import.meta.url));

export function defaultResultPath(kind: string, startedAt: string): string {
  return resolve(resultsDir, `${kind}-${startedAt.replace(/[:.]/g, '-')}.json`);
}

export function writeResult(path: string, result: object): string {
  const abs = resolve(path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(
    abs,
    `${JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`,
  );
  return abs;
}

export function readResult<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** A path as printed: relative to the working directory when that is shorter. */
export function showPath(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel.length < abs.length ? rel : abs;
}
