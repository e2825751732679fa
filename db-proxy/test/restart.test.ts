// A private MariaDB, killed and restarted while db-proxy is under load: calls
// fail with UNAVAILABLE only while it is down, health follows (NOT_SERVING
// while no backend is reachable, SERVING again after), no acknowledged write
// is lost, and db-proxy serves again without being restarted.
import { grpc, grpc_health_v1_HealthDefinition } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import { PrivateMariaDb } from '@slg/test-kit/private-mariadb';
import t from 'tap';
import { big, fieldsOf, int, startProxy } from './helpers.ts';

const Status = grpc.health.v1.HealthCheckResponse.ServingStatus;

interface Failure {
  /** When the failed call was sent, and when it failed. */
  sent: number;
  at: number;
  code: string;
  message: string;
}

t.test('MariaDB killed and restarted during a load', async (t) => {
  const db = await PrivateMariaDb.start();
  t.teardown(() => db.destroy());
  const h = await startProxy(t, 'mysql', 'restart', {
    mysqlPort: db.port,
    healthIntervalMs: 100,
    reconnectIntervalMs: 100,
    connectTimeoutMs: 1000,
  });
  const c = h.client;
  const health = createGrpcClient(grpc_health_v1_HealthDefinition, h.address, { deadlineMs: 2000 });
  t.teardown(() => health.close());
  const status = async () =>
    (
      await health.Check(
        grpc.health.v1.HealthCheckRequest.create({ service: 'slg.dbproxy.v1.DbProxy' }),
      )
    ).status;
  t.equal(await status(), Status.SERVING, 'SERVING before the outage');

  const writers = Array.from({ length: 8 }, (_, i) => 6000n + BigInt(i) * 101n);
  for (const id of writers) await c.Insert({ table: 'player', fields: { player_id: int(id) } });

  let running = true;
  const failures: Failure[] = [];
  const acked = new Map<bigint, number>(writers.map((w) => [w, 0]));
  const uncertain = new Map<bigint, number>(writers.map((w) => [w, 0]));
  const insertedMail: [bigint, number][] = [];
  let reads = 0;
  const okAfter: number[] = [];
  const pause = () => new Promise((r) => setTimeout(r, 10));
  const record = (sent: number, err: unknown) => {
    const e = err as { code?: string; message?: string };
    failures.push({
      sent,
      at: performance.now(),
      code: e.code ?? 'UNKNOWN',
      message: e.message ?? String(err),
    });
  };
  const loops = [
    ...writers.map(async (id, w) => {
      let mail = 0;
      while (running) {
        let sent = performance.now();
        try {
          await c.Increment(
            { table: 'player', key: [int(id)], field: 'gold', delta: 1 },
            { deadlineMs: 5000 },
          );
          acked.set(id, acked.get(id)! + 1);
          okAfter.push(sent);
        } catch (err) {
          record(sent, err);
          uncertain.set(id, uncertain.get(id)! + 1);
          await pause();
        }
        if (w % 2 === 0) {
          mail++;
          sent = performance.now();
          try {
            await c.Insert(
              { table: 'mail', fields: { player_id: int(id), mail_id: int(mail) } },
              { deadlineMs: 5000 },
            );
            insertedMail.push([id, mail]);
          } catch (err) {
            record(sent, err);
            await pause();
          }
        }
      }
    }),
    ...Array.from({ length: 4 }, async (_, r) => {
      while (running) {
        const sent = performance.now();
        try {
          await c.Get({ table: 'player', key: [int(writers[r]!)] }, { deadlineMs: 5000 });
          reads++;
        } catch (err) {
          record(sent, err);
          await pause();
        }
      }
    }),
  ];

  // Every step waits for a condition, not for a time: the bound of each wait (30 s) only ends
  // a test whose condition never comes.
  const waitFor = async (f: () => boolean | Promise<boolean>) => {
    const end = performance.now() + 30_000;
    while (performance.now() < end) {
      if (await Promise.resolve(f()).catch(() => false)) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  t.ok(
    await waitFor(() => writers.every((w) => acked.get(w)! >= 5)),
    'every writer has writes acknowledged before the outage',
  );
  const killedAt = performance.now();
  await db.down('SIGKILL');
  t.ok(
    await waitFor(async () => (await status()) === Status.NOT_SERVING),
    'NOT_SERVING while the server is down',
  );
  t.ok(
    await waitFor(() => writers.every((w) => uncertain.get(w)! >= 2)),
    `calls fail while down (every writer's, twice or more: ${failures.length} failures)`,
  );
  await db.up();
  t.ok(
    await waitFor(async () => (await status()) === Status.SERVING),
    'SERVING again, without a restart of db-proxy',
  );
  // SERVING says some backend is reachable; the two backends of this server (two databases)
  // reconnect each on its own health probe, and a call to the one still marked down is
  // answered UNAVAILABLE until its probe comes. From when both are up, no call may fail.
  t.ok(await waitFor(() => h.app.backends.every((b) => b.up)), 'both backends reachable again');
  const servingAt = performance.now();
  t.ok(
    await waitFor(() => okAfter.filter((sent) => sent > servingAt).length > 50),
    'writes succeed again after the restart',
  );
  running = false;
  await Promise.all(loops);

  const codes = [...new Set(failures.map((f) => f.code))];
  t.same(
    codes,
    ['UNAVAILABLE'],
    `every failure was UNAVAILABLE (${failures.length}: ${failures
      .slice(0, 3)
      .map((f) => f.message)
      .join(' | ')})`,
  );
  t.same(
    failures.filter((f) => f.at < killedAt),
    [],
    'no call failed before the server was killed',
  );
  t.same(
    failures.filter((f) => f.sent > servingAt),
    [],
    'no call sent after both backends were up again failed',
  );
  t.ok(reads > 0);

  for (const id of writers) {
    const f = fieldsOf((await c.Get({ table: 'player', key: [int(id)] })).row);
    const stored = f.gold as bigint;
    const ack = BigInt(acked.get(id)!);
    const maybe = BigInt(uncertain.get(id)!);
    t.ok(
      stored >= ack && stored <= ack + maybe,
      `player ${id}: stored ${stored}, acknowledged ${ack}, uncertain ${maybe}`,
    );
    const version = big((await c.Get({ table: 'player', key: [int(id)] })).row?.version);
    t.equal(version, stored + 1n, 'one version per applied increment');
  }
  let missing = 0;
  for (const [id, mail] of insertedMail) {
    try {
      await c.Get({ table: 'mail', key: [int(id), int(mail)] });
    } catch {
      missing++;
    }
  }
  t.equal(missing, 0, `every acknowledged insert is there (${insertedMail.length})`);
});
