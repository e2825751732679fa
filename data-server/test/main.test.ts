// The process: configuration read once and checked whole, start-up with the
// embedded cache, health, /metrics, a clean SIGTERM; and data-server's reading
// of db-proxy's schema file agreeing with db-proxy's own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadSchema } from '@slg/db-proxy';
import { grpc_health_v1_HealthDefinition, grpc as pb } from '@slg/proto';
import {
  ConfigError,
  createGrpcClient,
  type ListeningPorts,
  listeningPorts,
} from '@slg/service-kit';
import t from 'tap';
import { configFromEnv } from '../src/config.ts';
import { loadSchemaInfo } from '../src/schema.ts';
import { dataClient, fieldsOf, int, startDbProxy } from './helpers.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

t.test('configuration: laptop defaults', async (t) => {
  const c = configFromEnv({});
  t.equal(c.host, '127.0.0.1');
  t.equal(c.port, 50052);
  t.equal(c.metricsPort, 9102);
  t.equal(c.dbProxyAddress, '127.0.0.1:50051');
  t.equal(c.redisUrl, '', 'no Redis: the embedded cache');
  t.equal(c.keyPrefix, 'ds:');
  t.ok(c.recordTtlMs > 0 && c.collectionTtlMs > 0 && c.absentTtlMs > 0 && c.leaseMs > 0);
});

t.test('configuration: every problem is reported together', async (t) => {
  let err: unknown;
  try {
    configFromEnv({
      DATASERVER_PORT: 'abc',
      DATASERVER_REDIS_URL: 'http://x',
      DATASERVER_KEY_PREFIX: 'bad prefix',
      DATASERVER_LEASE_MS: '-1',
      DATASERVER_DBPROXY_ADDR: 'nohost',
    });
  } catch (e) {
    err = e;
  }
  t.type(err, ConfigError);
  const text = (err as ConfigError).problems.join('\n');
  for (const name of [
    'DATASERVER_PORT="abc"',
    'DATASERVER_REDIS_URL="http://x"',
    'DATASERVER_KEY_PREFIX="bad prefix"',
    'DATASERVER_LEASE_MS="-1"',
    'DATASERVER_DBPROXY_ADDR="nohost"',
  ]) {
    t.match(text, name);
  }
});

t.test('the schema as data-server reads it agrees with db-proxy', async (t) => {
  const mine = loadSchemaInfo();
  const theirs = loadSchema(new URL(import.meta.resolve('@slg/db-proxy/schema/game.json')));
  t.same([...mine.tables.keys()], [...theirs.tables.keys()]);
  for (const [name, table] of theirs.tables) {
    const m = mine.tables.get(name)!;
    t.equal(m.ownerColumn, table.shardKey.name, `${name}: owner`);
    t.equal(m.memberColumn, table.rest[0]?.name, `${name}: member`);
    t.same(
      [...m.columns.values()].map((c) => [c.name, c.type, c.maxLength ?? 0, c.nullable]),
      table.values.map((c) => [c.name, c.type, c.maxLength, c.nullable]),
      `${name}: columns`,
    );
  }
});

t.test('a bad variable stops start-up with a message naming it (exit 78)', async (t) => {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATASERVER_PORT: 'abc', DATASERVER_REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const [code] = (await once(child, 'exit')) as [number];
  t.equal(code, 78);
  t.match(err, /DATASERVER_PORT="abc"/);
});

t.test('main: embedded cache, health, /metrics, SIGTERM exits 0', async (t) => {
  const proxy = await startDbProxy(t, 'main', 'sqlite');
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      // Any free ports: read back from its listening line.
      DATASERVER_PORT: '0',
      DATASERVER_METRICS_PORT: '0',
      DATASERVER_DBPROXY_ADDR: proxy.address,
      DATASERVER_REDIS_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let out = '';
  const listening = new Promise<ListeningPorts>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      out += `${line}\n`;
      const ports = listeningPorts(line);
      if (ports) resolve(ports);
    });
    child.once('exit', (code) => reject(new Error(`data-server exited (${code}):\n${out}`)));
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const { port, metricsPort } = await listening;
  t.ok(port > 0 && metricsPort !== null && metricsPort > 0, `listening on ${port}, ${metricsPort}`);
  t.match(out, /cache: embedded in-process/);
  const health = createGrpcClient(grpc_health_v1_HealthDefinition, `127.0.0.1:${port}`);
  for (const service of [
    '',
    'slg.dataserver.v2.DataService',
    'slg.dataserver.v2.DataService/cache',
  ]) {
    const r = await health.Check(pb.health.v1.HealthCheckRequest.create({ service }));
    t.equal(
      r.status,
      pb.health.v1.HealthCheckResponse.ServingStatus.SERVING,
      `health "${service}" SERVING`,
    );
  }
  health.close();
  const c = dataClient(`127.0.0.1:${port}`);
  await c.CreateV2({ table: 'player', ownerId: 77, fields: { gold: int(7) } });
  t.equal(fieldsOf((await c.FetchV2({ table: 'player', ownerId: 77 })).record).gold, 7n);
  c.close();
  const body = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  t.match(body, /dataserver_cache_up\{backend="memory"\} 1/);
  t.match(body, /process_resident_memory_bytes/);
  child.kill('SIGTERM');
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0) t.comment(out.slice(-2000));
  t.equal(code, 0, 'exit 0 on SIGTERM');
  t.match(out, /shut down cleanly/);
});
