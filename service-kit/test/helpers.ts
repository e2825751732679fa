import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** Spawns a fixture with the current Node and waits for its JSON "ready" line. */
export async function spawnFixture(
  file: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{
  child: ChildProcess;
  ready: Record<string, number>;
  stderr: () => string;
  /** Resolves with the first stdout line from now on that `match` accepts. */
  line: (match: (line: string) => boolean) => Promise<string>;
}> {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<Record<string, number>>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.includes('"ready"')) resolve(JSON.parse(line) as Record<string, number>);
    });
    child.once('exit', (code) => reject(new Error(`fixture exited ${code}: ${err}`)));
  });
  const line = (match: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const onLine = (l: string) => {
        if (!match(l)) return;
        lines.off('line', onLine);
        resolve(l);
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`fixture exited ${code}: ${err}`)));
    });
  return { child, ready, stderr: () => err, line };
}

export async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}
