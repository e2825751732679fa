// A pool connection that MariaDB closed (KILL <id> from another session) is known closed from
// the connection's own state, not from the text of mysql2's error: a statement for it is not
// sent at all, so a transaction whose connection died between its statements, or just before
// its COMMIT, is known rolled back and is run again on a fresh connection (once), and an idle
// connection that was killed is never handed out. Each kill is observed (the connection's 'end'
// or 'error', a polled condition) before the connection is used again.
import mysql from 'mysql2/promise';
import t from 'tap';
import { NotSentError, wasNeverSent } from '../src/backends/mysql-errors.ts';
import type { BackendObserver, Statement } from '../src/backends/types.ts';
import { backendWithTable, kinds, MYSQL } from './helpers.ts';

const noMysql = kinds().includes('mysql')
  ? false
  : 'DBPROXY_TEST_BACKENDS leaves MySQL out: these kills need a MariaDB server';
const db = `dbpt_closed_${process.pid}`;

async function admin(sql: string): Promise<unknown[]> {
  const c = await mysql.createConnection(MYSQL);
  try {
    const [rows] = await c.query(sql);
    return rows as unknown[];
  } finally {
    await c.end();
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const give = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > give) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const connectionId: Statement = { name: 'id', sql: 'SELECT CONNECTION_ID()', mode: 'read' };
const insert: Statement = { name: 'insert', sql: 'INSERT INTO t (k) VALUES (?)', mode: 'write' };

t.test('wasNeverSent: our own check, not the text of an error', async (t) => {
  t.ok(wasNeverSent(new NotSentError('x was not sent')));
  const mysql2Closed = Object.assign(
    new Error("Can't add new command when connection is in closed state"),
    { fatal: true },
  );
  t.notOk(wasNeverSent(mysql2Closed), "mysql2's closed-state message is not trusted as proof");
});

t.test('MariaDB: connections killed by another session', { skip: noMysql }, async (t) => {
  const seen = { lost: 0, statements: [] as string[], retried: [] as string[] };
  const observer: BackendObserver = {
    statement: (_b, stmt, _s, error) => {
      seen.statements.push(error ? `${stmt.name}:${error}` : stmt.name);
    },
    killed() {},
    retried: (_b, reason) => {
      seen.retried.push(reason);
    },
    rejected() {},
    reachability() {},
    lost: () => {
      seen.lost++;
    },
  };
  const { b, stored } = await backendWithTable(t, db, observer);
  const reset = () => {
    seen.statements.length = 0;
    seen.retried.length = 0;
  };

  t.test(
    'killed between two statements: the second is not sent, the whole runs again',
    async (t) => {
      reset();
      const lostBefore = seen.lost;
      const threads: number[] = [];
      await b.transaction(Date.now() + 20_000, async (s) => {
        const id = Number((await s.run(connectionId, [])).rows[0]![0]);
        threads.push(id);
        if (threads.length === 1) {
          await admin(`KILL ${id}`);
          await until(() => seen.lost > lostBefore, "the killed connection's close to be seen");
        }
        await s.run(insert, [BigInt(threads.length)]);
      });
      t.equal(threads.length, 2, 'run twice');
      t.not(threads[1], threads[0], 'the second time on a new connection');
      t.same(seen.retried, ['transaction_lost_connection']);
      t.same(
        seen.statements.filter((x) => x.startsWith('insert')),
        ['insert'],
        'the insert reached the server once (never sent to the killed connection)',
      );
      t.same(await stored(), [2], 'committed once, by the second run');
    },
  );

  t.test('killed just before COMMIT: COMMIT not sent, known rolled back, run again', async (t) => {
    reset();
    const lostBefore = seen.lost;
    let runs = 0;
    await b.transaction(Date.now() + 20_000, async (s) => {
      runs++;
      const id = Number((await s.run(connectionId, [])).rows[0]![0]);
      await s.run(insert, [BigInt(10 + runs)]);
      if (runs === 1) {
        await admin(`KILL ${id}`);
        await until(() => seen.lost > lostBefore, "the killed connection's close to be seen");
      }
    });
    t.equal(runs, 2, 'the transaction ran again (it was "may or may not have been applied")');
    t.same(seen.retried, ['transaction_lost_connection']);
    t.same(
      await stored(),
      [2, 12],
      'the first run rolled back by the server, the second committed',
    );
  });

  t.test('an idle connection killed: never handed out; the write goes once', async (t) => {
    reset();
    const lostBefore = seen.lost;
    const id = Number((await b.exec(connectionId, [], Date.now() + 10_000)).rows[0]![0]);
    const idle = b.stats().idle;
    await admin(`KILL ${id}`);
    await until(() => seen.lost > lostBefore, "the killed connection's close to be seen");
    t.equal(b.stats().idle, idle - 1, 'it left the pool');
    await b.exec(insert, [30n], Date.now() + 10_000);
    t.same(seen.retried, [], 'nothing to retry');
    t.same(await stored(), [2, 12, 30]);
  });
});
