// `npm start` as a newcomer runs it: every service up with embedded defaults,
// each idling under 80 MB RSS, answering, and a clean Ctrl-C.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grpc_health_v1_HealthDefinition, grpc as pb } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import t from 'tap';

const start = fileURLToPath(new URL('../start.ts', import.meta.url));

async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as { port: number }).port;
  s.close();
  return port;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

t.test('npm start brings up the stack with embedded defaults and stops cleanly', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-start-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const ports = {
    DBPROXY_PORT: await freePort(),
    DBPROXY_METRICS_PORT: await freePort(),
    DATASERVER_PORT: await freePort(),
    DATASERVER_METRICS_PORT: await freePort(),
    BATTLE_PORT: await freePort(),
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    DBPROXY_SQLITE_PATH: join(dir, 'db.sqlite'),
  };
  for (const k of ['DBPROXY_BACKENDS', 'DATASERVER_REDIS_URL', 'DATASERVER_DBPROXY_ADDR'])
    delete env[k];
  for (const [k, v] of Object.entries(ports)) env[k] = String(v);
  const child = spawn(process.execPath, [start], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not come up:\n${out}`)), 60_000);
    child.stdout.on('data', () => {
      if (out.includes('stack up')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${out}`)));
  });

  for (const [name, port] of [
    ['db-proxy', ports.DBPROXY_PORT],
    ['data-server', ports.DATASERVER_PORT],
  ] as const) {
    const health = createGrpcClient(grpc_health_v1_HealthDefinition, `127.0.0.1:${port}`);
    const res = await health.Check(pb.health.v1.HealthCheckRequest.create({ service: '' }));
    health.close();
    t.equal(
      res.status,
      pb.health.v1.HealthCheckResponse.ServingStatus.SERVING,
      `${name} is SERVING`,
    );
  }
  const battle = await fetch(`http://127.0.0.1:${ports.BATTLE_PORT}/readyz`);
  t.equal(battle.status, 200, 'battle-server is ready');
  for (const port of [ports.DBPROXY_METRICS_PORT, ports.DATASERVER_METRICS_PORT]) {
    const body = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    t.match(body, /process_resident_memory_bytes/, `metrics on ${port}`);
  }

  // Idle memory: every service under 80 MB RSS once up and settled.
  await new Promise((r) => setTimeout(r, 1500));
  const pids = childrenOf(child.pid!);
  t.equal(pids.length, 3, 'three services running');
  for (const pid of pids) {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1).join(' ');
    t.ok(rssMb(pid) < 80, `${cmd}: idle RSS ${rssMb(pid).toFixed(1)} MB < 80 MB`);
  }

  child.kill('SIGINT');
  const [code] = (await once(child, 'exit')) as [number | null];
  t.equal(code, 0, `npm start exits 0 on Ctrl-C:\n${out.slice(-2000)}`);
  t.match(out, /db-proxy exited \(code 0\)/);
  t.match(out, /data-server exited \(code 0\)/);
  t.match(out, /battle-server exited \(code 0\)/);
});
