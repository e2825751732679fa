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
import { raceDeadlines, raceRandom } from '@slg/test-kit/deadline-race';
import { rawGrpcClient } from '@slg/test-kit/raw-grpc';
import mysql from 'mysql2/promise';
import t from 'tap';
import { startDataServer, startDbProxy, uniquePrefix } from './helpers.ts';

const CALLS = 200; // per method (each one a FetchV2, the call, a read of MariaDB)
const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

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

  const rand = raceRandom(t);
  let nextId = 1;
  for (const method of methods) {
    await raceDeadlines(t, {
      method,
      calls: CALLS,
      warmUp,
      rand,
      nextId: () => nextId++,
      // Cached first: the write patches the cached copy, or leaves the key empty.
      prepare: async (id) => void (await served(id)),
      call: (id, timeout) => raw.unary(Def[method].path, request(method, id), timeout),
      idle,
      rowOf,
      applied: applied[method],
      untouched,
      watch: () => {
        const linesFrom = logLines.length;
        return (a, what) => {
          const record = logLines
            .slice(linesFrom)
            .map((l) => JSON.parse(l) as Answered)
            .find((l) => l.code === 'DEADLINE_EXCEEDED');
          const gated = record?.sent ?? [];
          if (
            gated.some((g) => g.at >= record!.deadline) ||
            a.details.startsWith('outcome unknown: ') !== gated.length > 0
          ) {
            return `gated ${JSON.stringify(gated)} before the deadline ${record?.deadline}; ${what}`;
          }
          return undefined;
        };
      },
      // The cache serves what MariaDB holds: a write that committed after its caller's answer
      // left no older copy behind.
      atEnd: async (id, row) => {
        const cached = await served(id);
        return cached === row
          ? undefined
          : `${method} player ${id}: FetchV2 ${cached}, MariaDB ${row}`;
      },
    });
  }
});
