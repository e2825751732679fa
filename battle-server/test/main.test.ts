// The real entry point in both modes: it starts on any free port (BATTLE_PORT=0) and reports it,
// serves, and drains on SIGTERM (exit code 0); and a bad configuration is refused with every
// problem listed.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ConfigError, listeningPorts } from '@slg/service-kit';
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

type Log = { msg?: string; url?: string };

for (const [name, extra, serving] of [
  ['pool mode', { BATTLE_MODE: 'pool', BATTLE_THREADS: '1' }, 0],
  ['cluster mode', { BATTLE_MODE: 'cluster', BATTLE_PROCESSES: '2' }, 2],
  // One socket per process: the primary forks one, then the other on the port it bound.
  [
    'cluster mode, reuseport',
    { BATTLE_MODE: 'cluster', BATTLE_PROCESSES: '2', BATTLE_CLUSTER_SCHED: 'reuseport' },
    2,
  ],
] as const) {
  t.test(`main.ts in ${name} serves and shuts down cleanly`, async (t) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, BATTLE_PORT: '0', LOG_LEVEL: 'info', ...extra },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    // Its listening line (cluster mode: the primary's), and each serving process's own line.
    const logs: Log[] = [];
    const up = new Promise<{ port: number; processes: string[] }>((resolve, reject) => {
      let port: number | undefined;
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (!line.startsWith('{')) return;
        const log = JSON.parse(line) as Log;
        logs.push(log);
        port ??= listeningPorts(log)?.port;
        const processes = logs.filter((l) => l.msg === 'battle-server listening');
        if (port !== undefined && processes.length === serving)
          resolve({ port, processes: processes.map((l) => l.url ?? '') });
      });
      child.once('exit', (code) => reject(new Error(`exited (${code}) before it listened`)));
    });
    const { port, processes } = await up;
    t.ok(port > 0, `listening on ${port}`);
    t.same(
      processes,
      processes.map(() => `http://127.0.0.1:${port}`),
      'every serving process on the port the primary reported',
    );
    const url = `http://127.0.0.1:${port}`;
    t.equal((await fetch(`${url}/readyz`)).status, 200, 'ready');
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
