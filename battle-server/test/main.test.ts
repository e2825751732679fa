// The real entry point in both modes: it starts, serves, and drains on SIGTERM (exit code 0);
// and a bad configuration is refused with every problem listed.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ConfigError } from '@slg/service-kit';
import t from 'tap';
import { readConfig } from '../src/config.ts';
import { sampleBattle, simulate } from '../src/model/index.ts';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not ready after 10 s');
}

for (const [mode, extra] of [
  ['pool', { BATTLE_THREADS: '1' }],
  ['cluster', { BATTLE_PROCESSES: '2' }],
] as const) {
  t.test(`main.ts in ${mode} mode serves and shuts down cleanly`, async (t) => {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        BATTLE_MODE: mode,
        BATTLE_PORT: String(port),
        LOG_LEVEL: 'warn',
        ...extra,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url);
    const body = (await (await fetch(`${url}/v1/battles/sample/5`)).json()) as { hash: string };
    t.equal(body.hash, simulate(sampleBattle(5)).hash);
    child.kill('SIGTERM');
    t.equal(await exited, 0, 'exit code 0 after draining');
  });
}

t.test('a bad configuration lists every problem', async (t) => {
  try {
    readConfig({ BATTLE_PORT: 'eighty', BATTLE_MODE: 'turbo', BATTLE_MAX_QUEUE: 'many' });
    t.fail('should throw');
  } catch (err) {
    t.ok(err instanceof ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    t.match(problems, /BATTLE_PORT/);
    t.match(problems, /BATTLE_MODE/);
    t.match(problems, /BATTLE_MAX_QUEUE/);
  }
  const c = readConfig({});
  t.equal(c.port, 8080);
  t.equal(c.host, '127.0.0.1');
  t.equal(c.mode, 'cluster');
  t.ok(c.threads >= 1 && c.processes >= 1);
});
