// A MariaDB transaction's START TRANSACTION goes with its first statements: at the head of the
// first query of statements sent in one round trip (no round trip of its own), or alone just
// before a prepared statement; a transaction that runs nothing sends nothing. The query headed
// by it is a transaction: a statement of it refused rolls back the ones before it.
import t from 'tap';
import type { BackendObserver, Statement } from '../src/backends/types.ts';
import { backendWithTable, kinds } from './helpers.ts';

const noMysql = kinds().includes('mysql')
  ? false
  : 'DBPROXY_TEST_BACKENDS leaves MySQL out: these count the statements MariaDB was sent';
const db = `dbpt_begin_${process.pid}`;

const insert: Statement = { name: 'insert', sql: 'INSERT INTO t (k) VALUES (?)', mode: 'write' };

t.test('MariaDB: START TRANSACTION with the first statements', { skip: noMysql }, async (t) => {
  const sent: string[] = [];
  const observer: BackendObserver = {
    statement: (_b, stmt, _s, error) => {
      sent.push(error ? `${stmt.name}:${error}` : stmt.name);
    },
    killed() {},
    retried() {},
    rejected() {},
    reachability() {},
    lost() {},
  };
  const { b, stored } = await backendWithTable(t, db, observer);
  const deadline = () => Date.now() + 10_000;

  t.test('nothing run: nothing sent', async (t) => {
    sent.length = 0;
    t.equal(await b.transaction(deadline(), async () => 42), 42);
    t.same(sent, [], 'no START TRANSACTION, no COMMIT');
  });

  t.test('prepared statements: START TRANSACTION alone, once, before the first', async (t) => {
    sent.length = 0;
    await b.transaction(deadline(), async (s) => {
      await s.run(insert, [1n]);
      await s.run(insert, [2n]);
    });
    t.same(sent, ['begin', 'insert', 'insert', 'commit']);
    t.same(await stored(), [1, 2]);
  });

  t.test('one round trip: START TRANSACTION at the head of the query', async (t) => {
    sent.length = 0;
    const results = await b.transaction(deadline(), async (s) =>
      s.runAll!([
        { stmt: insert, params: [3n] },
        { stmt: insert, params: [4n] },
      ]),
    );
    t.same(
      results.map((r) => r.affectedRows),
      [1, 1],
      "one result per statement, START TRANSACTION's left out",
    );
    t.same(sent, ['statements in one round trip', 'commit'], 'two round trips in all');
    t.same(await stored(), [1, 2, 3, 4]);
  });

  t.test('a statement of the query refused: the ones before it rolled back', async (t) => {
    sent.length = 0;
    await t.rejects(
      b.transaction(deadline(), async (s) =>
        s.runAll!([
          { stmt: insert, params: [5n] },
          { stmt: insert, params: [3n] }, // a duplicate
        ]),
      ),
      { code: 'ALREADY_EXISTS' },
    );
    t.same(sent.slice(-1), ['rollback'], 'rolled back');
    t.same(await stored(), [1, 2, 3, 4], 'the first insert of the query did not stay');
  });
});
