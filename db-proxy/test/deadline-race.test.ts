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

/** A seeded generator, so that a failing run can be replayed. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
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

  const seed = Number(process.env.RACE_SEED ?? Date.now() % 1e9);
  t.comment(`seed ${seed} (RACE_SEED=${seed} replays the timeouts)`);
  const rand = random(seed);
  let nextId = 1;
  for (const method of methods) {
    const path = Def[method].path;
    // The write's own time here, now: the median of calls without a deadline.
    const times: number[] = [];
    for (let i = 0; i < warmUp; i++) {
      const started = performance.now();
      const a = await raw.unary(path, request(method, nextId++));
      times.push(performance.now() - started);
      t.equal(a.code, 0, `${method} without a deadline: OK`);
    }
    times.sort((a, b) => a - b);
    const own = times[Math.floor(times.length / 2)]!;
    // Timeouts from 0.3 ms to 2.5 times the write's own time (6 ms at least), in microseconds
    // (grpc-js keeps whole milliseconds: 0.3 ms is a deadline already passed on arrival).
    const maxUs = Math.max(6000, own * 2500);
    const count = { ok: 0, notApplied: 0, unknownApplied: 0, unknownNot: 0 };
    const wrong: string[] = [];
    /** The DEADLINE_EXCEEDED messages, numbers and names blanked, with their counts. */
    const messages = new Map<string, number>();
    /** Each call's row and what it may be once everything has ended. */
    const settled: { id: number; may: string[] }[] = [];
    for (let i = 0; i < CALLS; i++) {
      const id = nextId++;
      const timeoutUs = Math.round(300 + rand() * (maxUs - 300));
      const sentFrom = sends.length;
      const linesFrom = logLines.length;
      const a = await raw.unary(path, request(method, id), `${timeoutUs}u`);
      await idle();
      const row = await rowOf(id);
      const what = `${method} #${i} (timeout ${timeoutUs} us): ${a.code} "${a.details}", row ${row}`;
      if (row !== untouched && row !== applied[method]) wrong.push(`written in part: ${what}`);
      if (a.code === 0) {
        count.ok++;
        settled.push({ id, may: [applied[method]] });
        if (row !== applied[method]) wrong.push(`OK but not applied: ${what}`);
        continue;
      }
      if (a.code !== 4) {
        wrong.push(`neither OK nor DEADLINE_EXCEEDED: ${what}`);
        continue;
      }
      const shape = a.details.replace(/\d+/g, 'N').replace(/mysql:\/\/\S+/g, '<backend>');
      messages.set(shape, (messages.get(shape) ?? 0) + 1);
      if (a.details.startsWith('not applied: ')) {
        count.notApplied++;
        settled.push({ id, may: [untouched] });
        if (row !== untouched) wrong.push(`"not applied" but applied: ${what}`);
      } else if (a.details.startsWith('outcome unknown: ')) {
        settled.push({ id, may: [untouched, applied[method]] });
        if (row === untouched) count.unknownNot++;
        else count.unknownApplied++;
      } else {
        wrong.push(`DEADLINE_EXCEEDED saying neither outcome: ${what}`);
      }
      // db-proxy's own record of the answer (its debug log line: the call's deadline, and each
      // write its gate let through, with the time), against what mysql2 was given.
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
        wrong.push(
          `gated ${JSON.stringify(gated)} before the deadline ${record?.deadline}, given to mysql2 ${JSON.stringify(given)}; ${what}`,
        );
      }
    }
    // Read again once every call of the method has ended: a write that committed late, after
    // the read that followed its answer, shows here.
    for (const { id, may } of settled) {
      const row = await rowOf(id);
      if (!may.includes(row)) wrong.push(`${method} row ${id} at the end: ${row}, not ${may}`);
    }
    t.comment(
      `${method}: own time ${own.toFixed(2)} ms, timeouts 0.3-${(maxUs / 1000).toFixed(1)} ms; ` +
        `OK ${count.ok}, not applied ${count.notApplied}, outcome unknown ${count.unknownApplied + count.unknownNot} ` +
        `(applied ${count.unknownApplied}, not ${count.unknownNot})`,
    );
    for (const [m, n] of [...messages].sort((a, b) => b[1] - a[1])) t.comment(`  ${n} x ${m}`);
    t.same(wrong, [], `${method}: every answer says what happened to the row`);
    t.ok(
      count.ok > 0 && count.notApplied + count.unknownApplied + count.unknownNot > 0,
      `${method}: the deadlines raced the write (some calls OK, some DEADLINE_EXCEEDED)`,
    );
  }
});
