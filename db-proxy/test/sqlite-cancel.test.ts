// The SQLite backend stops a write whose caller is gone, as the MySQL backend does: a call
// waiting for the file's lock leaves the queue when its signal aborts (nothing of it ever runs),
// no statement runs after the abort, and a transaction whose caller left (or whose deadline
// passed) before COMMIT is rolled back instead of committed. Every wait is on a gate the test
// opens, or a polled condition; no sleep decides an outcome.
import { type Caller, DeadlineExceededError, ServiceError } from '@slg/service-kit';
import t from 'tap';
import { SqliteBackend } from '../src/backends/sqlite.ts';
import type { BackendObserver, Statement } from '../src/backends/types.ts';
import { big, failure, int, startProxy } from './helpers.ts';

/** A caller of the backend outside a gRPC call: its signal, and a gate that notes nothing. */
const callerOf = (signal: AbortSignal): Caller => ({ signal, writing: () => () => {} });

function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((r) => {
    open = r;
  });
  return { wait, open };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const give = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > give) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const insert: Statement = {
  name: 'insert',
  sql: 'INSERT INTO t (k, v) VALUES (?, ?)',
  mode: 'write',
};
const keys: Statement = { name: 'keys', sql: 'SELECT k FROM t ORDER BY k', mode: 'read' };

async function backend(t: { teardown(fn: () => unknown): void }) {
  const rejected: string[] = [];
  const observer: BackendObserver = {
    statement() {},
    killed() {},
    retried() {},
    rejected: (_b, reason) => {
      rejected.push(reason);
    },
    reachability() {},
  };
  const b = new SqliteBackend({ path: ':memory:', queueLimit: 8, observer });
  t.teardown(() => b.close());
  await b.ddl('CREATE TABLE t (k INTEGER PRIMARY KEY, v INTEGER NOT NULL)');
  const stored = async () =>
    (await b.exec(keys, [], Date.now() + 10_000)).rows.map((r) => Number(r[0]));
  return { b, rejected, stored };
}

/** A transaction holding the lock until `release` opens; it inserts `k` first. */
function holder(b: SqliteBackend, k: number, release: Promise<void>) {
  let holding = false;
  const done = b.transaction(Date.now() + 30_000, async (s) => {
    await s.run(insert, [BigInt(k), 0n]);
    holding = true;
    await release;
  });
  return { done, holding: () => holding };
}

const code = (e: unknown) => (e instanceof ServiceError ? e.code : String(e));

t.test(
  'callers waiting for the lock that go away leave the queue; nothing of theirs runs',
  async (t) => {
    const { b, rejected, stored } = await backend(t);
    const release = gate();
    const h = holder(b, 1, release.wait);
    await until(h.holding, 'the holder to take the lock');

    const gone1 = new AbortController();
    const gone2 = new AbortController();
    const stays = new AbortController();
    const exec = b.exec(insert, [2n, 0n], Date.now() + 30_000, false, callerOf(gone1.signal));
    const tx = b.transaction(
      Date.now() + 30_000,
      async (s) => {
        await s.run(insert, [3n, 0n]);
      },
      callerOf(gone2.signal),
    );
    const kept = b.exec(insert, [4n, 0n], Date.now() + 30_000, false, callerOf(stays.signal));
    const outcomes = [exec, tx].map((p) => p.then(() => 'OK', code));
    await until(() => b.stats().waiting === 3, 'three callers waiting');

    gone1.abort();
    gone2.abort();
    t.same(await Promise.all(outcomes), ['CANCELLED', 'CANCELLED'], 'both answered at once');
    t.equal(b.stats().waiting, 1, 'they left the queue');
    t.same(rejected, ['cancelled', 'cancelled'], "counted as the pool's cancelled refusals");

    release.open();
    await h.done;
    await kept;
    t.same(
      await stored(),
      [1, 4],
      'the holder and the caller that stayed wrote; the others never ran',
    );
  },
);

t.test('a caller already gone: nothing runs, not even BEGIN', async (t) => {
  const { b, stored } = await backend(t);
  const gone = new AbortController();
  gone.abort();
  let called = false;
  const e1 = await failure(
    b.exec(insert, [1n, 0n], Date.now() + 10_000, false, callerOf(gone.signal)),
  );
  const e2 = await failure(
    b.transaction(
      Date.now() + 10_000,
      async () => {
        called = true;
      },
      callerOf(gone.signal),
    ),
  );
  t.same([e1.code, e2.code], ['CANCELLED', 'CANCELLED']);
  t.notOk(called, 'the transaction body never ran');
  t.notOk(b.stats().inUse, 'the lock is free');
  t.same(await stored(), []);
});

t.test(
  'a caller that goes mid-transaction: no further statement, rolled back, no COMMIT',
  async (t) => {
    const { b, stored } = await backend(t);
    // Gone between two statements: the second is not run.
    {
      const gone = new AbortController();
      const step = gate();
      let second: string | undefined;
      const tx = b.transaction(
        Date.now() + 30_000,
        async (s) => {
          await s.run(insert, [1n, 0n]);
          await step.wait;
          await s.run(insert, [2n, 0n]).catch((e: unknown) => {
            second = code(e);
            throw e;
          });
        },
        callerOf(gone.signal),
      );
      gone.abort();
      step.open();
      t.equal((await failure(tx)).code, 'CANCELLED');
      t.equal(second, 'CANCELLED', 'the statement after the abort was refused');
    }
    // Gone after its last statement: COMMIT is not run.
    {
      const gone = new AbortController();
      const step = gate();
      const tx = b.transaction(
        Date.now() + 30_000,
        async (s) => {
          await s.run(insert, [3n, 0n]);
          await step.wait;
        },
        callerOf(gone.signal),
      );
      gone.abort();
      step.open();
      const err = await failure(tx);
      t.equal(err.code, 'CANCELLED');
      t.match(err.message, /before COMMIT; the transaction was rolled back/);
    }
    t.same(await stored(), [], 'both transactions rolled back');
    t.notOk(b.stats().inUse, 'the lock is free');
    // The kit aborts the signal with DEADLINE_EXCEEDED when the deadline passes: that stays its code.
    const late = new AbortController();
    const step = gate();
    const tx = b.transaction(
      Date.now() + 30_000,
      async (s) => {
        await s.run(insert, [5n, 0n]);
        await step.wait;
      },
      callerOf(late.signal),
    );
    late.abort(new DeadlineExceededError('deadline exceeded'));
    step.open();
    t.equal((await failure(tx)).code, 'DEADLINE_EXCEEDED');
    t.same(await stored(), []);
  },
);

t.test('a deadline that passes before COMMIT: rolled back, not committed', async (t) => {
  const { b, stored } = await backend(t);
  const deadline = Date.now() + 300;
  const err = await failure(
    b.transaction(deadline, async (s) => {
      await s.run(insert, [1n, 0n]);
      // Work that outlives the deadline (a condition, not a sleep: it ends once it has passed).
      await until(() => Date.now() > deadline, 'the deadline to pass');
    }),
  );
  t.equal(err.code, 'DEADLINE_EXCEEDED');
  t.match(err.message, /before COMMIT; the transaction was rolled back/);
  t.same(await stored(), [], 'nothing committed');
  // The same work inside its deadline commits (the check above could fail).
  await b.transaction(Date.now() + 30_000, async (s) => {
    await s.run(insert, [2n, 0n]);
  });
  t.same(await stored(), [2]);
});

t.test(
  'through gRPC: an Increment whose caller cancels while queued is never applied',
  async (t) => {
    const h = await startProxy(t, 'sqlite', 'sqlitecancel');
    const c = h.client;
    await c.Insert({ table: 'player', fields: { player_id: int(501), gold: int(10) } });
    const b = h.app.shards.forKey(501n) as unknown as SqliteBackend;
    const release = gate();
    let holding = false;
    const held = b.transaction(Date.now() + 30_000, async () => {
      holding = true;
      await release.wait;
    });
    await until(() => holding, 'the test to hold the lock');
    const caller = new AbortController();
    const call = c
      .Increment(
        { table: 'player', key: [int(501)], field: 'gold', delta: 5 },
        { deadlineMs: 30_000, signal: caller.signal },
      )
      .then(() => 'OK', code);
    await until(() => b.stats().waiting === 1, "db-proxy's Increment to wait for the lock");
    caller.abort();
    t.equal(await call, 'CANCELLED', 'the caller sees its cancel');
    await until(() => b.stats().waiting === 0, 'db-proxy to drop the queued write');
    release.open();
    await held;
    const { row } = await c.Get({ table: 'player', key: [int(501)] });
    t.equal(big(row?.fields?.gold?.int), 10n, 'gold unchanged');
    t.equal(big(row?.version), 1n, 'version unchanged');
    // The same Increment with its caller there is applied (the check above could fail).
    const r = await c.Increment({ table: 'player', key: [int(501)], field: 'gold', delta: 5 });
    t.equal(big(r.value), 15n);
  },
);
