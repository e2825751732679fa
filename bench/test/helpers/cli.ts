// Runs the bench CLI as a child process (as a person would), capturing its output and exit code.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const cliPath = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

/**
 * Node's on-disk compile cache for the CLI runs (and their worker threads): a start compiles the
 * same modules again and again otherwise, about half of its CPU. Kept in bench/node_modules/.cache
 * (no file in /tmp; Node checks each entry against its source).
 */
const compileCache = fileURLToPath(
  new URL('../../node_modules/.cache/compile-cache/', import.meta.url),
);

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], timeoutMs = 120_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      {
        timeout: timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', NODE_COMPILE_CACHE: compileCache },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A temporary directory, removed when `t` ends. */
export function tempDir(t: { teardown(fn: () => void): void }, tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${tag}-`));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The case study's line, as a pattern (the article's FetchV2 line, docs/case-study.md). */
export const caseStudyPattern =
  /^(FetchV2|CFetchV2|ModifyV2|IncrByV2|CreateV2|RemoveV2|CRemoveV2|CCountV2): num=\d+; slow=\d+; max_slow=\d+ms; ratio=\{0\.50: \d+ms; 0\.75: \d+ms; 0\.90: \d+ms; 1\.00: \d+ms\}$/;
