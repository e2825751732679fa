// The internal token never travels in cleartext by accident: a service given SLG_INTERNAL_TOKEN
// without TLS does not start (exit 78, saying why), unless SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT
// says the operator accepts it. Each service's main, as its image runs it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { readConfig as battleConfig } from '@slg/battle-server';
import { configFromEnv as dataServerConfig } from '@slg/data-server';
import { configFromEnv as mapServerConfig } from '@slg/map-server';
import { listeningPorts } from '@slg/service-kit';
import t from 'tap';

const TOKEN = 'plaintext-test-token-0123456789';
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The environment without any SLG_ variable of the caller's (TLS, a token). */
function cleanEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('SLG_')) env[k] = v;
  return { ...env, LOG_LEVEL: 'info', ...vars };
}

function spawnMain(service: string, vars: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(root, service, 'src/main.ts')], {
    env: cleanEnv(vars),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const refusal =
  /SLG_INTERNAL_TOKEN: set without TLS \(no SLG_TLS_CERT \/ SLG_TLS_KEY\), so the token would travel in cleartext; turn TLS on, or set SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT=true to accept that/;

for (const [service, ports] of [
  ['db-proxy', ['DBPROXY_PORT', 'DBPROXY_METRICS_PORT']],
  ['data-server', ['DATASERVER_PORT', 'DATASERVER_METRICS_PORT']],
  ['battle-server', ['BATTLE_PORT']],
  ['map-server', ['MAPSERVER_PORT', 'MAPSERVER_METRICS_PORT']],
] as const) {
  t.test(`${service}: a token without TLS stops start-up with exit 78`, async (t) => {
    // Were it to start after all, db-proxy's embedded SQLite file goes here, not into the tree.
    const dir = mkdtempSync(join(tmpdir(), 'slg-token-plaintext-'));
    const child = spawnMain(service, {
      SLG_INTERNAL_TOKEN: TOKEN,
      DBPROXY_DATA_DIR: dir,
      ...Object.fromEntries(ports.map((p) => [p, '0'])),
    });
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout!.resume();
    const [code] = (await once(child, 'exit')) as [number | null];
    t.equal(code, 78, 'EX_CONFIG');
    t.match(stderr, refusal);
    t.notMatch(stderr, TOKEN, 'the token itself is not printed');
  });
}

t.test('SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT=true: each config takes the token', async (t) => {
  const env = { SLG_INTERNAL_TOKEN: TOKEN, SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT: 'true' };
  t.equal(battleConfig(env).security?.token, TOKEN, 'battle-server');
  t.equal(dataServerConfig(env).security?.token, TOKEN, 'data-server');
  t.equal(mapServerConfig(env).security?.token, TOKEN, 'map-server');
  t.throws(
    () => dataServerConfig({ ...env, SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT: 'perhaps' }),
    /SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT="perhaps": must be true or false/,
  );
});

t.test(
  'SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT=true: db-proxy starts, asking for the token',
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'slg-token-plaintext-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const child = spawnMain('db-proxy', {
      SLG_INTERNAL_TOKEN: TOKEN,
      SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT: 'true',
      DBPROXY_PORT: '0',
      DBPROXY_METRICS_PORT: '0',
      DBPROXY_DATA_DIR: dir,
    });
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const lines: Record<string, unknown>[] = [];
    const listening = new Promise<Record<string, unknown>>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (l) => {
        const line = JSON.parse(l) as Record<string, unknown>;
        lines.push(line);
        if (listeningPorts(line)) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`db-proxy exited ${code}: ${stderr}`)));
    });
    const ports = listeningPorts(await listening);
    t.ok(ports && ports.port > 0, `listening on ${ports?.port}`);
    const grpc = lines.find((l) => l.msg === 'gRPC listening');
    t.equal(grpc?.internalToken, 'required', 'the token is asked');
    t.equal(grpc?.tls, 'off', 'over plaintext, as allowed');
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    t.equal(code, 0, 'stops cleanly');
  },
);
