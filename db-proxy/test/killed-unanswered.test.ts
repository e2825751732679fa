// A killed statement always gets an answer. MariaDB can end a multi-statement query that KILL
// QUERY reaches between two of its statements without sending a last packet (its thread goes
// idle, the transaction open), and mysql2 then waits for ever: db-proxy closes such a
// connection after a grace, answers DEADLINE_EXCEEDED, and the server rolls the transaction
// back. Checked two ways:
// - deterministically, through a relay that holds back the server's replies on the pool's
//   connection (the side connection that sends the kill is opened later and passes): the call is
//   answered, the connection is closed and nothing the transaction wrote stays (its caller goes
//   away: no clock decides when the kill is sent);
// - on MariaDB itself: transactions of 300 UPDATEs in one round trip, each killed at a random
//   point, all answered, each committed whole or not at all.
import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { CancelledError, DeadlineExceededError } from '@slg/service-kit';
import mysql from 'mysql2/promise';
import t from 'tap';
import { nullObserver, type Statement } from '../src/backends/types.ts';
import { dropDatabases, kinds, MYSQL, smallMysqlBackend } from './helpers.ts';

const noMysql = kinds().includes('mysql')
  ? false
  : 'DBPROXY_TEST_BACKENDS leaves MySQL out: these kills need a MariaDB server';
const db = `dbpt_unanswered_${process.pid}`;

/** A TCP relay to MariaDB; `hold()` stops passing the server's bytes on the connections open now. */
async function relay() {
  const held = new Set<Socket>();
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(MYSQL.port, MYSQL.host);
    open.add(upstream);
    const close = () => {
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) {
      s.on('error', close);
      s.on('close', close);
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!held.has(upstream)) client.write(chunk);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    hold() {
      for (const s of open) held.add(s);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const backend = (port: number) => smallMysqlBackend(db, nullObserver, port);

async function admin(sql: string): Promise<unknown[]> {
  const c = await mysql.createConnection(MYSQL);
  try {
    const [rows] = await c.query(sql);
    return rows as unknown[];
  } finally {
    await c.end();
  }
}

const bump: Statement = {
  name: 'bump',
  sql: 'UPDATE t SET v = v + 1 WHERE k = ?',
  mode: 'write',
};
const read: Statement = { name: 'read', sql: 'SELECT k, v FROM t ORDER BY k', mode: 'read' };

t.test('a killed statement is always answered', { skip: noMysql }, async (t) => {
  await dropDatabases([db]);
  t.teardown(() => dropDatabases([db]));
  const setup = backend(MYSQL.port);
  await setup.init();
  await setup.ddl('CREATE TABLE t (k BIGINT PRIMARY KEY, v BIGINT NOT NULL)');
  await setup.exec(
    { name: 'rows', sql: 'INSERT INTO t VALUES (1, 0), (2, 0)', mode: 'write' },
    [],
    Date.now() + 10_000,
  );
  const values = async () =>
    (await setup.exec(read, [], Date.now() + 10_000)).rows.map((r) => Number(r[1]));
  t.teardown(() => setup.close());

  t.test('no reply after the kill: the connection is closed, the call answered', async (t) => {
    const r = await relay();
    const b = backend(r.port);
    t.teardown(async () => {
      await b.close();
      await r.close();
    });
    let thread = 0;
    // The caller goes away once the last statement is sent: no clock decides when it is killed.
    const controller = new AbortController();
    const caller = { signal: controller.signal, writing: () => () => {} };
    const outcome = await b
      .transaction(
        Date.now() + 60_000,
        async (s) => {
          const id = { name: 'id', sql: 'SELECT CONNECTION_ID()', mode: 'read' } as const;
          thread = Number((await s.run(id, [])).rows[0]![0]);
          await s.run(bump, [1n]);
          // From here on the server's answers on this connection never arrive; the UPDATE
          // below runs on the server, and its kill reaches an idle thread.
          r.hold();
          const sent = s.runAll!([{ stmt: bump, params: [2n] }]);
          controller.abort();
          return sent;
        },
        caller,
      )
      .then(
        () => 'committed',
        (err: unknown) => err,
      );
    t.ok(outcome instanceof CancelledError, `answered CANCELLED: ${outcome}`);
    t.match(String((outcome as Error).message), /the query was stopped/);
    // The server saw the connection close and rolled its transaction back: both bumps gone.
    while (
      (await admin(`SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = ${thread}`)).length
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    t.same(await values(), [0, 0], 'nothing the transaction wrote stays');
  });

  t.test('transactions of many statements killed at random points', async (t) => {
    const b = backend(MYSQL.port);
    t.teardown(() => b.close());
    const before = await values();
    const list = Array.from({ length: 300 }, (_, i) => ({
      stmt: bump,
      params: [BigInt(1 + (i % 2))],
    }));
    let committed = 0;
    let stopped = 0;
    for (let i = 0; i < 100; i++) {
      const outcome = await b
        .transaction(Date.now() + 1 + Math.random() * 8, (s) => s.runAll!(list))
        .then(
          () => 'committed',
          (err: unknown) => err,
        );
      if (outcome === 'committed') committed++;
      else if (outcome instanceof DeadlineExceededError) stopped++;
      else t.fail(`neither committed nor DEADLINE_EXCEEDED: ${outcome}`);
    }
    t.equal(committed + stopped, 100, `all answered (${committed} committed, ${stopped} stopped)`);
    t.same(
      await values(),
      before.map((v) => v + 150 * committed),
      'each transaction committed whole or not at all',
    );
  });
});
