// Deadlines racing the commit, as a caller from outside sees them: raw calls (node:http2, no
// timer of the client's own, so every answer is db-proxy's) whose `grpc-timeout` is around the
// write's own time, one at a time, each on a row of its own, MariaDB read after each answer.
// The promise, checked for every call exactly as the README states it:
// - OK: the write is applied (once);
// - DEADLINE_EXCEEDED `not applied: ...`: the write is not applied, then or ever;
// - DEADLINE_EXCEEDED `outcome unknown: ...`: applied once or not at all (nothing in between);
// - no other answer: grpc-js's own "Deadline exceeded" said neither;
// - no COMMIT and no autocommitted write statement is sent once the call's deadline has
//   passed: for a call answered DEADLINE_EXCEEDED, each one mysql2 was given had first passed
//   the call's gate before the deadline, in db-proxy's own record (the debug log line of that
//   answer: the deadline, and the time of each write the gate let through), and the answer
//   says `outcome unknown` exactly when one had. The gate checks the clock in the step that
//   sends the statement; a process paused between the two (a loaded machine) gives it to mysql2
//   a few milliseconds later, and it is in flight at the deadline like any other.
// Increment and Update alone are one autocommitted statement each, Batch a transaction (BEGIN,
// UPDATE, locking read, UPDATE, COMMIT).
import { slg_dbproxy_v1_DbProxyDefinition as Def, slg } from '@slg/proto';
import { createLogger } from '@slg/service-kit';
import { raceDeadlines, raceRandom } from '@slg/test-kit/deadline-race';
import { rawGrpcClient } from '@slg/test-kit/raw-grpc';
import mysqlCore from 'mysql2';
import mysql from 'mysql2/promise';
import t from 'tap';
import { build, configWith } from '../src/index.ts';
import { int, MYSQL } from './helpers.ts';

const CALLS = 250; // per method
const db = `dbp_race_${process.pid}`;

// ---- what mysql2 sends: every statement that can commit, with the time it was sent ----------

interface Send {
  at: number;
  sql: string;
}
const sends: Send[] = [];
const inTransaction = new WeakSet<object>();
{
  const proto = mysqlCore.Connection.prototype as unknown as Record<
    'query' | 'execute',
    (this: object, ...args: unknown[]) => unknown
  >;
  for (const method of ['query', 'execute'] as const) {
    const original = proto[method];
    proto[method] = function (this: object, ...args: unknown[]) {
      const a = args[0];
      const sql = (typeof a === 'string' ? a : (a as { sql: string }).sql).trim().toUpperCase();
      if (sql.startsWith('START TRANSACTION') || sql.startsWith('BEGIN')) inTransaction.add(this);
      else if (sql === 'COMMIT') {
        inTransaction.delete(this);
        sends.push({ at: Date.now(), sql });
      } else if (sql === 'ROLLBACK') inTransaction.delete(this);
      else if (/^(UPDATE|INSERT|DELETE)\b/.test(sql) && !inTransaction.has(this))
        sends.push({ at: Date.now(), sql: sql.slice(0, 40) });
      return original.apply(this, args);
    };
  }
}

/** db-proxy's debug log line of a DEADLINE_EXCEEDED answer (service-kit's grpc-server.ts). */
interface Answered {
  code?: string;
  deadline: number;
  sent?: { what: string; at: number }[];
}

type Method = 'Increment' | 'Update' | 'Batch';
const pb = slg.dbproxy.v1;
const request = (method: Method, id: number): Buffer => {
  const key = [int(id)];
  switch (method) {
    case 'Increment':
      return Def.Increment.requestSerialize(
        pb.IncrementRequest.create({ table: 'player', key, field: 'gold', delta: 1 }),
      );
    case 'Update':
      return Def.Update.requestSerialize(
        pb.UpdateRequest.create({ table: 'player', key, fields: { name: { str: 'u' } } }),
      );
    case 'Batch':
      return Def.Batch.requestSerialize(
        pb.BatchRequest.create({
          ops: [
            { update: { table: 'player', key, fields: { name: { str: 'b' } } } },
            { increment: { table: 'player', key, field: 'gold', delta: 1 } },
          ],
        }),
      );
  }
};
/** The row as the write leaves it: [name, gold, version]. */
const applied: Record<Method, string> = {
  Increment: '["",1,2]',
  Update: '["u",0,2]',
  Batch: '["b",1,3]',
};
const untouched = '["",0,1]';

t.test('deadlines racing the commit: every answer says what happened', async (t) => {
  const admin = await mysql.createConnection(MYSQL);
  await admin.query(`DROP DATABASE IF EXISTS \`${db}\``);
  const logLines: string[] = [];
  const logger = createLogger({
    name: 'db-proxy',
    level: 'debug',
    destination: { write: (line) => logLines.push(line) },
  });
  const app = await build(
    configWith({
      backends: `mysql://root@127.0.0.1:${MYSQL.port}/${db}`,
      port: 0,
      metricsPort: null,
      healthIntervalMs: 1e9,
    }),
    { logger },
  );
  const { port } = await app.listen();
  const raw = rawGrpcClient(`127.0.0.1:${port}`);
  const reader = await mysql.createConnection({ ...MYSQL, database: db });
  t.teardown(async () => {
    raw.close();
    await app.close();
    await reader.end();
    await admin.query(`DROP DATABASE IF EXISTS \`${db}\``);
    await admin.end();
  });

  const methods: Method[] = ['Increment', 'Update', 'Batch'];
  const warmUp = 20;
  const rows = methods.length * (warmUp + CALLS);
  const values = Array.from({ length: rows }, (_, i) => `(${i + 1}, 1)`).join(',');
  await reader.query(`INSERT INTO player (player_id, version) VALUES ${values}`);
  const rowOf = async (id: number): Promise<string> => {
    const [r] = await reader.query('SELECT name, gold, version FROM player WHERE player_id = ?', [
      id,
    ]);
    const x = (r as { name: string; gold: number; version: number }[])[0]!;
    return JSON.stringify([x.name, Number(x.gold), Number(x.version)]);
  };
  /** Until no handler runs: whatever the answered call started has ended. */
  const idle = async () => {
    while (app.server.inFlight > 0) await new Promise((r) => setImmediate(r));
  };

  const rand = raceRandom(t);
  let nextId = 1;
  for (const method of methods) {
    await raceDeadlines(t, {
      method,
      calls: CALLS,
      warmUp,
      rand,
      nextId: () => nextId++,
      call: (id, timeout) => raw.unary(Def[method].path, request(method, id), timeout),
      idle,
      rowOf,
      applied: applied[method],
      untouched,
      // db-proxy's own record of the answer (its debug log line: the call's deadline, and each
      // write its gate let through, with the time), against what mysql2 was given.
      watch: () => {
        const sentFrom = sends.length;
        const linesFrom = logLines.length;
        return (a, what) => {
          const record = logLines
            .slice(linesFrom)
            .map((l) => JSON.parse(l) as Answered)
            .find((l) => l.code === 'DEADLINE_EXCEEDED');
          const given = sends.slice(sentFrom);
          const gated = record?.sent ?? [];
          const unknownSaid = a.details.startsWith('outcome unknown: ');
          if (
            given.length !== gated.length ||
            gated.some((g, k) => g.at >= record!.deadline || given[k]!.at < g.at) ||
            unknownSaid !== gated.length > 0
          ) {
            return `gated ${JSON.stringify(gated)} before the deadline ${record?.deadline}, given to mysql2 ${JSON.stringify(given)}; ${what}`;
          }
          return undefined;
        };
      },
    });
  }
});
