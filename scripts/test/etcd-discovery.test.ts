// The discovery acceptance test, on a private etcd (Debian's etcd-server) and the shared
// MariaDB (a database of this run): db-proxy processes (the bundles) register under one prefix
// with DBPROXY_REGISTER; a data-server (in-process) given DATASERVER_DBPROXY_ADDR=etcd://...
// balances across them (calls counted per instance from each db-proxy's /metrics). One
// instance is SIGKILLed under load: its lease expires, etcd deletes its key, the load goes on
// the survivor, and no call started after the expiry fails (failures only in the window between
// the kill and the expiry, of the kinds listed below). A third instance joining gets traffic.
// A SIGTERMed instance withdraws its key itself (no wait for the TTL).
import { execFile } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { build as buildDataServer, defaultConfig } from '@slg/data-server';
import { build as buildDbProxy, configWith } from '@slg/db-proxy';
import { slg_dataserver_v2_DataServiceDefinition } from '@slg/proto';
import { createGrpcClient, createLogger, ServiceError } from '@slg/service-kit';
import { sharedInstances } from '@slg/service-kit/discovery';
import { etcdMissing, PrivateEtcd } from '@slg/test-kit/private-etcd';
import t from 'tap';
import { buildServices } from '../build.ts';
import { bundleMain, type NodeProcess, spawnNode } from './helpers/bundles.ts';

const run = promisify(execFile);
// What ships: the bundle of `npm run build` (it also starts faster than the sources).
const dbProxyMain = bundleMain('db-proxy');
const quietLogger = () => createLogger({ name: 'etcd-test', level: 'silent' });
const int = (v: number) => ({ int: v });

/** Drops a MariaDB database of the shared server (the mariadb client). */
async function dropDatabase(name: string): Promise<void> {
  await run('mariadb', [
    '-uroot',
    '-h127.0.0.1',
    '-P3306',
    '-e',
    `DROP DATABASE IF EXISTS \`${name}\``,
  ]);
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const ttlSec = 3;
/** data-server calls per measured phase (each makes one db-proxy call, or two). */
const perPhase = 80;

interface DbProxyProcess {
  name: string;
  proc: NodeProcess;
  port: number;
  metricsPort: number;
  /** Its etcd key, once registered. */
  key: Promise<string>;
  logs: Record<string, unknown>[];
  /** DbProxy calls it answered (from its /metrics), or the last count read before it died. */
  calls(): Promise<number>;
}

/**
 * A TCP gate in front of MariaDB: connections are refused (closed at once) until open() and
 * piped to 127.0.0.1:3306 after. An instance behind it is NOT_SERVING (no backend) until then.
 */
async function mariadbGate(): Promise<{ port: number; open(): void; close(): Promise<void> }> {
  let isOpen = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (!isOpen) {
      client.destroy();
      return;
    }
    const up = connect(3306, '127.0.0.1');
    sockets.add(up);
    up.on('close', () => sockets.delete(up));
    client.pipe(up).pipe(client);
    client.on('error', () => up.destroy());
    up.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    open() {
      isOpen = true;
    },
    async close() {
      for (const sk of sockets) sk.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function startDbProxy(
  name: string,
  database: string,
  url: string,
  mysqlPort = 3306,
): Promise<DbProxyProcess> {
  const proc = spawnNode(dbProxyMain, {
    name: `db-proxy ${name}`,
    env: {
      ...process.env,
      DBPROXY_BACKENDS: `mysql://root@127.0.0.1:${mysqlPort}/${database}`,
      DBPROXY_CONNECT_TIMEOUT_MS: '1000',
      // Any free ports, read back from its listening line.
      DBPROXY_PORT: '0',
      DBPROXY_METRICS_PORT: '0',
      DBPROXY_REGISTER: url,
      DBPROXY_HEALTH_INTERVAL_MS: '500',
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
    },
  });
  const key = proc.logged('discovery: registered').then((l) => String(l.key));
  key.catch(() => {});
  const { port, metricsPort } = await proc.listening();
  let last = 0;
  return {
    name,
    proc,
    port,
    metricsPort,
    key,
    logs: proc.logs,
    async calls() {
      if (!proc.running) return last;
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      let n = 0;
      for (const line of text.split('\n')) {
        if (
          line.startsWith('grpc_server_handling_seconds_count{') &&
          line.includes('grpc_service="slg.dbproxy.v1.DbProxy"')
        )
          n += Number(line.slice(line.lastIndexOf(' ') + 1));
      }
      last = n;
      return n;
    },
  };
}

const etcdReason = etcdMissing();
const mariadbReason = await dropDatabase('dstest_etcd_probe').then(
  () => undefined,
  (err: Error) => `MariaDB on 127.0.0.1:3306 is not reachable: ${err.message.split('\n')[0]}`,
);
const skip = etcdReason ?? mariadbReason ?? false;
t.test(
  'data-server over etcd-discovered db-proxies: balance, kill, expiry, join',
  { skip },
  async (t) => {
    const t0 = performance.now();
    const stage = (what: string) =>
      t.comment(`${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    const etcd = await PrivateEtcd.start();
    t.teardown(() => etcd.stop());
    const database = `dstest_etcd_${process.pid}`;
    await dropDatabase(database);
    t.teardown(() => dropDatabase(database));
    const url = etcd.url(`/t${process.pid}/db-proxy`, `ttl=${ttlSec}`);
    const procs: DbProxyProcess[] = [];
    t.teardown(async () => {
      for (const p of procs) await p.proc.stop('SIGKILL');
    });
    const start = async (name: string, mysqlPort?: number) => {
      const p = await startDbProxy(name, database, url, mysqlPort);
      procs.push(p);
      return p;
    };
    // The database migrated once first (two instances migrating one fresh database at once
    // could both add a column), then both instances started together.
    const [migrating] = await Promise.all([
      buildDbProxy(
        configWith({
          backends: `mysql://root@127.0.0.1:3306/${database}`,
          port: 0,
          metricsPort: null,
        }),
        { logger: quietLogger() },
      ),
      buildServices(),
    ]);
    await migrating.close();
    stage('database migrated, bundles built');
    // c runs from the start, behind a closed gate: it cannot reach MariaDB, is NOT_SERVING and
    // so not registered, until the gate opens (section 3: the instance that joins).
    const gate = await mariadbGate();
    t.teardown(() => gate.close());
    const [a, b, cNew] = await Promise.all([start('a'), start('b'), start('c', gate.port)]);
    await Promise.all([a.key, b.key]);
    stage('a and b registered');

    // data-server in-process, as DATASERVER_DBPROXY_ADDR=etcd://... configures it.
    const ds = await buildDataServer(
      defaultConfig({
        dbProxyAddress: url,
        redisUrl: '',
        port: 0,
        metricsPort: 0,
        defaultDeadlineMs: 5000,
        shutdownTimeoutMs: 2000,
      }),
      { logger: quietLogger() },
    );
    const dsPort = await ds.listen(0);
    const c = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, `127.0.0.1:${dsPort}`, {
      deadlineMs: 10_000,
    });
    let dsClosed = false;
    const closeDataServer = async () => {
      if (dsClosed) return;
      dsClosed = true;
      c.close();
      await ds.close(2000);
    };
    t.teardown(closeDataServer);
    // The first call opens the channel (and its resolver's watch): the test's view, taken after
    // it, shares that watch and hears each change after the resolver.
    let nextOwner = 1_000_000 + (process.pid % 1000) * 10_000;
    await c.FetchV2({ table: 'player', ownerId: nextOwner++ });
    const view = sharedInstances(url);
    t.teardown(() => view.release());
    await view.instances.ready;
    const keyOf = async (p: DbProxyProcess) => p.key;
    const listed = () => view.instances.list().map((i) => i.key);
    await waitFor(() => listed().length === 2, 10_000, 'both db-proxies in the watch');
    t.same(listed().sort(), [await keyOf(a), await keyOf(b)].sort(), 'both registered');

    // The load: each worker reads a record nobody read before (a cache miss: db-proxy Get,
    // retried on UNAVAILABLE) and increments its own player (IncrBy: a write, never retried).
    const workers = 4;
    const players: number[] = [];
    for (let w = 0; w < workers; w++) {
      const id = nextOwner++;
      await c.CreateV2({ table: 'player', ownerId: id, fields: { gold: int(0) } });
      players.push(id);
    }
    interface Outcome {
      start: number;
      end: number;
      ok: boolean;
      code?: number;
      message?: string;
      op: string;
    }
    const outcomes: Outcome[] = [];
    let seq = 0;
    const one = async (w: number): Promise<void> => {
      const read = seq++ % 2 === 0;
      const o: Outcome = {
        start: performance.now(),
        end: 0,
        ok: true,
        op: read ? 'FetchV2' : 'IncrByV2',
      };
      try {
        if (read) await c.FetchV2({ table: 'player', ownerId: nextOwner++ });
        else await c.IncrByV2({ table: 'player', ownerId: players[w]!, field: 'gold', delta: 1 });
      } catch (err) {
        if (!(err instanceof ServiceError)) throw err;
        o.ok = false;
        o.code = err.grpcCode;
        o.message = err.message;
      }
      o.end = performance.now();
      outcomes.push(o);
    };
    /** Runs the load until `until()` says stop; resolves when every worker has stopped. */
    const load = (until: () => boolean) =>
      Promise.all(
        Array.from({ length: workers }, async (_, w) => {
          while (!until()) await one(w);
        }),
      );
    const calls = async () => ({ a: await a.calls(), b: await b.calls() });

    stage('players created');
    // 1. Balanced: every instance gets a fair share (round-robin over ready connections).
    const base = await calls();
    let n0 = outcomes.length;
    await load(() => outcomes.length - n0 >= perPhase);
    const after = await calls();
    const share = { a: after.a - base.a, b: after.b - base.b };
    t.ok(
      share.a >= perPhase / 5 && share.b >= perPhase / 5,
      `both db-proxies served the data-server's calls: ${JSON.stringify(share)} db-proxy calls for ${perPhase} data-server calls`,
    );
    t.equal(outcomes.filter((o) => !o.ok).length, 0, 'no failed call while both run');

    stage('balance measured');
    // 2. b SIGKILLed under load; its lease expires (no keepalive), etcd deletes its key.
    const bKey = await b.key;
    let expiredAt = Number.POSITIVE_INFINITY;
    view.instances.on('change', (list) => {
      if (expiredAt === Number.POSITIVE_INFINITY && !list.some((i) => i.key === bKey))
        expiredAt = performance.now();
    });
    n0 = outcomes.length;
    const killedAt = { t: 0 };
    let afterExpiry = 0;
    const running = load(() => {
      // (a safety stop: without an expiry the assertions below fail)
      if (killedAt.t && performance.now() - killedAt.t > 30_000) return true;
      if (expiredAt === Number.POSITIVE_INFINITY) return false;
      afterExpiry = outcomes.filter((o) => o.start > expiredAt).length;
      return afterExpiry >= perPhase;
    });
    await waitFor(() => outcomes.length - n0 >= 40, 10_000, 'load before the kill');
    const aBeforeKill = await a.calls();
    killedAt.t = performance.now();
    await b.proc.stop('SIGKILL');
    await running;
    t.ok(expiredAt > killedAt.t, "b's key went after the kill (its lease expired)");
    t.same(listed(), [await keyOf(a)], 'only a is listed');
    const window = outcomes.slice(n0).filter((o) => o.start >= killedAt.t && o.start <= expiredAt);
    const late = outcomes.slice(n0).filter((o) => o.start > expiredAt);
    const failedInWindow = window.filter((o) => !o.ok);
    // In flight at the kill (started before, ended after): in the window too.
    const failedBeforeKill = outcomes.slice(n0).filter((o) => o.end < killedAt.t && !o.ok);
    const failedInFlight = outcomes
      .slice(n0)
      .filter((o) => o.start < killedAt.t && o.end >= killedAt.t && !o.ok);
    t.comment(
      `kill -> expiry ${(expiredAt - killedAt.t).toFixed(0)} ms (TTL ${ttlSec} s): ${window.length} calls started in the window, ${failedInWindow.length} failed; ${failedInFlight.length} in flight at the kill failed ${JSON.stringify([...failedInFlight, ...failedInWindow].map((o) => `${o.op} ${o.code}: ${o.message?.slice(0, 120)}`))}; ${late.length} started after the expiry`,
    );
    t.equal(late.filter((o) => !o.ok).length, 0, 'no call started after the expiry failed');
    t.ok(late.length >= perPhase, 'calls ran after the expiry');
    // Calls in flight on b when it died: UNAVAILABLE (a write's outcome is then unknown to the
    // client, as with any dropped connection), never another kind.
    for (const o of [...failedInFlight, ...failedInWindow, ...failedBeforeKill])
      t.equal(o.code, 14, `a failure around the kill is UNAVAILABLE (${o.op}: ${o.message})`);
    t.equal(failedBeforeKill.length, 0, 'no failure before the kill');
    t.ok((await a.calls()) - aBeforeKill >= late.length, 'a took the traffic');

    stage('after the expiry');
    // 3. A new instance joins and gets traffic.
    t.same(listed(), [await a.key], 'c, running without a reachable backend, is not registered');
    gate.open();
    await cNew.key;
    await waitFor(() => listed().length === 2, 10_000, 'c in the watch');
    const cBase = await cNew.calls();
    // Its connection comes up after the resolver lists it: load until it answers once.
    n0 = outcomes.length;
    let cSeen = false;
    const polling = (async () => {
      while (!cSeen) {
        cSeen = (await cNew.calls()) > cBase;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await load(() => cSeen || outcomes.length - n0 > 5000);
    await polling;
    t.ok(cSeen, 'the new instance answered');
    const before3 = { a: await a.calls(), c: await cNew.calls() };
    n0 = outcomes.length;
    await load(() => outcomes.length - n0 >= perPhase);
    const share3 = { a: (await a.calls()) - before3.a, c: (await cNew.calls()) - before3.c };
    t.ok(
      share3.a >= perPhase / 5 && share3.c >= perPhase / 5,
      `a and c share the load: ${JSON.stringify(share3)}`,
    );
    t.equal(outcomes.slice(n0).filter((o) => !o.ok).length, 0, 'no failed call after the join');

    stage('c measured');
    // 4. SIGTERM: each withdraws its key itself (revoke), before draining.
    await cNew.proc.stop();
    t.ok(
      cNew.logs.some((l) => l.msg === 'discovery: withdrawn'),
      'c withdrew from etcd on SIGTERM',
    );
    await closeDataServer();
    await a.proc.stop();
    t.ok(
      a.logs.some((l) => l.msg === 'discovery: withdrawn'),
      'a withdrew from etcd on SIGTERM',
    );
    t.comment(
      `data-server calls: ${outcomes.length}, failed: ${outcomes.filter((o) => !o.ok).length}`,
    );
  },
);
