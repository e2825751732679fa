// Deadlines racing the commit through data-server, as a caller from outside sees them: raw
// calls (node:http2, no timer of the client's own, so every answer is data-server's) whose
// `grpc-timeout` is around the write's own time, one at a time, each on a player of its own
// whose record the cache holds (a FetchV2 first), MariaDB read after each answer. data-server
// sends the write to db-proxy (in-process, MariaDB) with its remaining deadline; db-proxy's
// side of the promise has its own test (db-proxy/test/deadline-race.test.ts). Checked for
// every call, as the README states it:
// - OK: applied (once);
// - DEADLINE_EXCEEDED `not applied: ...`: not applied, then or ever;
// - DEADLINE_EXCEEDED `outcome unknown: ...`: applied once or not at all;
// - no other answer;
// - data-server's own record (its debug log line of each DEADLINE_EXCEEDED answer): every write
//   it sent to db-proxy passed the call's gate before its deadline, and the answer says
//   `outcome unknown` exactly when one had and db-proxy had not answered that it changed nothing;
// - and the cache: once every call has ended, FetchV2 of every player answers what MariaDB
//   holds (a write that committed after its caller's answer left no older copy behind).
import { slg_dataserver_v2_DataServiceDefinition as Def, slg, toBigInt } from '@slg/proto';
import { createLogger } from '@slg/service-kit';
import { rawGrpcClient } from '@slg/test-kit/raw-grpc';
import mysql from 'mysql2/promise';
import t from 'tap';
import { startDataServer, startDbProxy, uniquePrefix } from './helpers.ts';

const CALLS = 200; // per method (each one a FetchV2, the call, a read of MariaDB)
const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

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

/** data-server's debug log line of a DEADLINE_EXCEEDED answer (service-kit's grpc-server.ts). */
interface Answered {
  code?: string;
  deadline: number;
  sent?: { what: string; at: number }[];
}

type Method = 'IncrByV2' | 'ModifyV2';
const pb = slg.dataserver.v2;
const request = (method: Method, owner: number): Buffer =>
  method === 'IncrByV2'
    ? Def.IncrByV2.requestSerialize(
        pb.IncrByRequest.create({ table: 'player', ownerId: owner, field: 'gold', delta: 1 }),
      )
    : Def.ModifyV2.requestSerialize(
        pb.ModifyRequest.create({
          table: 'player',
          ownerId: owner,
          fields: { name: { str: 'm' } },
        }),
      );
/** The row as the write leaves it: [name, gold, version]. */
const applied: Record<Method, string> = { IncrByV2: '["",1,2]', ModifyV2: '["m",0,2]' };
const untouched = '["",0,1]';

t.test('deadlines racing the commit through data-server', async (t) => {
  const proxy = await startDbProxy(t, 'race');
  const logLines: string[] = [];
  const ds = await startDataServer(t, {
    dbProxy: proxy.address,
    cache: 'redis',
    prefix: uniquePrefix('race'),
    logger: createLogger({
      name: 'data-server',
      level: 'debug',
      destination: { write: (line) => logLines.push(line) },
    }),
  });
  const raw = rawGrpcClient(ds.address);
  const reader = await mysql.createConnection({ ...MYSQL, database: proxy.database! });
  t.teardown(async () => {
    raw.close();
    await reader.end();
  });

  const methods: Method[] = ['IncrByV2', 'ModifyV2'];
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
  const served = async (id: number): Promise<string> => {
    const r = await ds.client.FetchV2({ table: 'player', ownerId: id });
    const f = r.record!.fields!;
    return JSON.stringify([
      f.name?.str ?? '',
      Number(toBigInt(f.gold!.int!)),
      Number(toBigInt(r.record!.version)),
    ]);
  };
  /** Until no handler runs, in data-server or in db-proxy: what the answered call started has ended. */
  const idle = async () => {
    while (ds.app.server.inFlight > 0 || proxy.app.server.inFlight > 0)
      await new Promise((r) => setImmediate(r));
  };

  const seed = Number(process.env.RACE_SEED ?? Date.now() % 1e9);
  t.comment(`seed ${seed} (RACE_SEED=${seed} replays the timeouts)`);
  const rand = random(seed);
  let nextId = 1;
  for (const method of methods) {
    const path = Def[method].path;
    const times: number[] = [];
    for (let i = 0; i < warmUp; i++) {
      const id = nextId++;
      await served(id);
      const started = performance.now();
      const a = await raw.unary(path, request(method, id));
      times.push(performance.now() - started);
      t.equal(a.code, 0, `${method} without a deadline: OK`);
    }
    times.sort((a, b) => a - b);
    const own = times[Math.floor(times.length / 2)]!;
    const maxUs = Math.max(6000, own * 2500);
    const count = { ok: 0, notApplied: 0, unknownApplied: 0, unknownNot: 0 };
    const wrong: string[] = [];
    const messages = new Map<string, number>();
    const settled: { id: number; may: string[] }[] = [];
    for (let i = 0; i < CALLS; i++) {
      const id = nextId++;
      await served(id); // cached: the write patches the cached copy, or leaves the key empty
      const timeoutUs = Math.round(300 + rand() * (maxUs - 300));
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
      const record = logLines
        .slice(linesFrom)
        .map((l) => JSON.parse(l) as Answered)
        .find((l) => l.code === 'DEADLINE_EXCEEDED');
      const gated = record?.sent ?? [];
      if (
        gated.some((g) => g.at >= record!.deadline) ||
        a.details.startsWith('outcome unknown: ') !== gated.length > 0
      ) {
        wrong.push(
          `gated ${JSON.stringify(gated)} before the deadline ${record?.deadline}; ${what}`,
        );
      }
    }
    // Once every call of the method has ended: a write that committed after the read that
    // followed its answer shows here, and the cache serves what MariaDB holds.
    await idle();
    for (const { id, may } of settled) {
      const row = await rowOf(id);
      if (!may.includes(row)) wrong.push(`${method} player ${id} at the end: ${row}, not ${may}`);
      const cached = await served(id);
      if (cached !== row) wrong.push(`${method} player ${id}: FetchV2 ${cached}, MariaDB ${row}`);
    }
    t.comment(
      `${method}: own time ${own.toFixed(2)} ms, timeouts 0.3-${(maxUs / 1000).toFixed(1)} ms; ` +
        `OK ${count.ok}, not applied ${count.notApplied}, outcome unknown ${count.unknownApplied + count.unknownNot} ` +
        `(applied ${count.unknownApplied}, not ${count.unknownNot})`,
    );
    for (const [m, n] of [...messages].sort((a, b) => b[1] - a[1])) t.comment(`  ${n} x ${m}`);
    t.same(wrong, [], `${method}: every answer says what happened to the record`);
    t.ok(
      count.ok > 0 && count.notApplied + count.unknownApplied + count.unknownNot > 0,
      `${method}: the deadlines raced the write (some calls OK, some DEADLINE_EXCEEDED)`,
    );
  }
});
