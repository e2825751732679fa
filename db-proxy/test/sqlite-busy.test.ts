// The embedded SQLite file locked by another process: a transaction's BEGIN IMMEDIATE (or COMMIT)
// that gets SQLITE_BUSY is UNAVAILABLE (retry later), as a busy statement is, not INTERNAL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ServiceError } from '@slg/service-kit';
import t from 'tap';
import { SqliteBackend } from '../src/backends/sqlite.ts';
import type { BackendObserver } from '../src/backends/types.ts';

const observer: BackendObserver = {
  statement() {},
  killed() {},
  retried() {},
  rejected() {},
  reachability() {},
};

t.test('another process holding the write lock: UNAVAILABLE, nothing half-done', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dbpt-sqlite-busy-'));
  const path = join(dir, 'busy.sqlite');
  const backend = new SqliteBackend({ path, queueLimit: 8, observer, busyTimeoutMs: 50 });
  // Another process, as far as SQLite can tell: a second connection to the same file.
  const other = new DatabaseSync(path, { timeout: 50 });
  t.teardown(async () => {
    other.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  });
  await backend.ddl('CREATE TABLE t (k INTEGER PRIMARY KEY, v INTEGER NOT NULL)');
  const insert = {
    name: 'insert',
    sql: 'INSERT INTO t (k, v) VALUES (?, ?)',
    mode: 'write' as const,
  };
  const count = { name: 'count', sql: 'SELECT COUNT(*) FROM t', mode: 'read' as const };
  const deadline = () => Date.now() + 10_000;

  other.exec('BEGIN IMMEDIATE');
  const err = await backend
    .transaction(deadline(), (s) => s.run(insert, [1n, 1n]))
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  t.type(err, ServiceError, 'a typed error');
  t.equal((err as ServiceError).code, 'UNAVAILABLE', (err as Error).message);
  t.match((err as Error).message, /begin immediate: .* locked by another process; retry/);
  // A single statement under the same lock: UNAVAILABLE as before.
  const single = await backend.exec(insert, [2n, 2n], deadline()).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.equal((single as ServiceError).code, 'UNAVAILABLE');
  other.exec('ROLLBACK');

  // The lock gone, the backend works and nothing of the refused calls was written.
  t.same((await backend.exec(count, [], deadline())).rows, [[0n]]);
  await backend.transaction(deadline(), (s) => s.run(insert, [3n, 3n]));
  t.same((await backend.exec(count, [], deadline())).rows, [[1n]]);
});
