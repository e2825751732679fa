// The process: start-up from the environment, a graceful SIGTERM that lets an
// in-flight call finish and exits 0, and a bad variable that stops start-up
// with a message naming it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { listeningPorts } from '@slg/service-kit';
import mysql from 'mysql2/promise';
import t from 'tap';
import { client, dropDatabases, fieldsOf, int, kinds, MYSQL } from './helpers.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function start(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  /** The first line `match` accepts, logged already or to come; rejects if it exits first. */
  logged: (match: (l: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
  stderr: () => string;
} {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (l) => {
    try {
      lines.push(JSON.parse(l) as Record<string, unknown>);
    } catch {
      lines.push({ msg: l });
    }
    for (const w of waiters) w();
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const logged = (match: (l: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      child.once('exit', (code) => {
        waiters.delete(check);
        reject(new Error(`db-proxy exited (${code}):\n${err}`));
      });
      check();
    });
  return { child, lines, logged, stderr: () => err };
}

const mainDb = `dbpt_main_${process.pid}`;

t.test('a bad variable stops start-up, naming it', async (t) => {
  const { child, stderr } = start({ DBPROXY_PORT: 'abc', DBPROXY_POOL_SIZE: '0' });
  const [code] = (await once(child, 'exit')) as [number];
  t.equal(code, 78, 'EX_CONFIG, as every service (runMain)');
  t.match(stderr(), /DBPROXY_PORT="abc"/);
  t.match(stderr(), /DBPROXY_POOL_SIZE="0"/);
});

t.test(
  'SIGTERM lets an in-flight call finish, then exits 0',
  {
    skip: kinds().includes('mysql')
      ? false
      : 'SQLite runs a statement to completion on the event loop: no call can be held in flight',
  },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'dbpt-main-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const queries = join(dir, 'queries.json');
    writeFileSync(
      queries,
      JSON.stringify({
        queries: {
          lock: {
            params: { name: 'string' },
            sql: { mysql: 'SELECT GET_LOCK(:name, 60) AS got' },
          },
        },
      }),
    );
    await dropDatabases([mainDb]);
    const { child, lines, logged } = start({
      // Any free ports: read back from its listening line.
      DBPROXY_PORT: '0',
      DBPROXY_METRICS_PORT: '0',
      DBPROXY_DATA_DIR: dir,
      DBPROXY_QUERIES: queries,
      DBPROXY_BACKENDS: `mysql://root@127.0.0.1:3306/${mainDb}`,
    });
    t.teardown(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await dropDatabases([mainDb]);
    });
    const { port, metricsPort } = listeningPorts(await logged((l) => !!listeningPorts(l)))!;
    t.ok(
      port > 0 && metricsPort !== null && metricsPort > 0,
      `listening on ${port}, ${metricsPort}`,
    );
    const c = client(`127.0.0.1:${port}`);
    t.teardown(() => c.close());
    await c.Insert({ table: 'player', fields: { player_id: int(1) } });
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    t.match(metrics, /dbproxy_pool_connections\{/, '/metrics answers');
    // The call stays in flight on a named lock this test holds, until the test lets it go.
    const lock = `dbpt_main_${process.pid}`;
    const locker = await mysql.createConnection(MYSQL);
    t.teardown(() => locker.end());
    await locker.query('SELECT GET_LOCK(?, 0)', [lock]);
    const inFlight = c.Query(
      { name: 'lock', shardKey: int(1), params: { name: { str: lock } } },
      { deadlineMs: 60_000 },
    );
    const waiting = async () => {
      const [rows] = await locker.query(
        `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = '${mainDb}' AND INFO LIKE 'SELECT GET_LOCK%'`,
      );
      return Number((rows as { n: number }[])[0]?.n) === 1;
    };
    for (let polls = 0; !(await waiting()); polls++) {
      if (polls === 1200) throw new Error('the call never reached MariaDB');
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill('SIGTERM');
    const exited = once(child, 'exit');
    const drain = await logged((l) => String(l.msg).startsWith('shutting down'));
    t.match(drain.msg, /^shutting down/, 'the drain started');
    t.equal(child.exitCode, null, 'still running while the call is in flight');
    await locker.query('SELECT RELEASE_LOCK(?)', [lock]);
    const r = await inFlight;
    t.same(fieldsOf(r.rows[0]), { got: 1n }, 'the in-flight call completed');
    const [code] = (await exited) as [number];
    t.equal(code, 0, 'exit 0');
    const msgs = lines.map((l) => String(l.msg));
    const draining = msgs.findIndex((m) => m.startsWith('shutting down'));
    t.ok(
      draining >= 0 && msgs.indexOf('shut down cleanly') > draining,
      'logs the drain, then the clean end',
    );
  },
);
