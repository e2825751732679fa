// A start-up that fails half-way ends the process: with its metrics port taken, db-proxy has
// already bound gRPC; it used to log "could not start" and go on serving gRPC. It must close
// what it opened and exit non-zero, saying why.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function listen(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
}
const portOf = (s: Server) => (s.address() as { port: number }).port;

t.test('the metrics port taken: exit 1 with the reason, gRPC closed', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dbpt-startup-'));
  const taken = await listen();
  // A port for gRPC, free now (held, then released just before the start).
  const grpcHolder = await listen();
  const grpcPort = portOf(grpcHolder);
  await new Promise((r) => grpcHolder.close(r));
  t.teardown(() => {
    taken.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      DBPROXY_BACKENDS: '',
      DBPROXY_DATA_DIR: dir,
      DBPROXY_PORT: String(grpcPort),
      DBPROXY_METRICS_PORT: String(portOf(taken)),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  // The fixed build kept serving; this bound only turns a hang into a failure.
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000).unref());
  const result = await Promise.race([exited, hung]);
  if (result === 'hung') {
    t.fail(`db-proxy kept running after a failed start:\n${out.slice(-1500)}`);
    return;
  }
  t.equal(result[0], 1, 'exit code 1');
  t.match(out, /EADDRINUSE/, 'the reason: the port in use');
  t.match(out, /could not start/);
  // Nothing listens on the gRPC port any more.
  const probe = createServer();
  await t.resolves(
    new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(grpcPort, '127.0.0.1', () => resolve());
    }),
    'the gRPC port is free again',
  );
  probe.close();
});
