// The real entry point in both modes: it starts, serves, and drains on SIGTERM (exit code 0);
// and a bad configuration is refused with every problem listed.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { ConfigError } from '@slg/service-kit';
import t from 'tap';
import { readConfig } from '../src/config.ts';
import { sampleBattle, simulate } from '../src/model/index.ts';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

/** Whether ApacheBench is installed (apt-get install apache2-utils; .ci/run installs it). */
const hasAb = spawnSync('ab', ['-V'], { stdio: 'ignore' }).status === 0;

/** ApacheBench's output. */
function ab(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('ab', args, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

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

/** Polls /readyz until it answers 200 (the bound only ends a server that never gets ready). */
async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 450; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not ready after 450 polls');
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
    await t.test(
      'ab: 3,000 requests, 200 at a time, all answered 200',
      { skip: hasAb ? false : 'ab is not installed (apt-get install apache2-utils)' },
      async (t) => {
        const out = await ab(['-q', '-c', '200', '-n', '3000', `${url}/v1/battles/sample/1`]);
        t.match(out, /Complete requests: +3000\n/, 'ab: every request completed');
        t.match(out, /Failed requests: +0\n/, 'ab: no failed request');
        t.notMatch(out, /Non-2xx responses/, 'ab: every answer is a 200');
      },
    );
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
