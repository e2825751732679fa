// `bench dbproxy` against a real db-proxy (in this process, port 0, on MariaDB): a short run of
// the three phases answers everything and checks it; then a player changed in MariaDB behind
// db-proxy's back is reported, field and value, by the Get phase's full check, and by
// `bench dbproxy-handlers` (db-proxy's Get called in-process). And the check itself: the seeded
// row passes, any seeded field changed does not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slg, toLong } from '@slg/proto';
import t from 'tap';
import { playerMismatch, seededPlayer } from '../src/dbproxy-workload.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { mariadb, startStack } from './helpers/stack.ts';

const FIRST = 900_000_000n;

function answer(fields: Record<string, slg.common.v1.Value.$Properties>, version = 1): Buffer {
  return Buffer.from(
    slg.dbproxy.v1.RowResponse.encode({ row: { fields, version: toLong(version) } }).finish(),
  );
}

t.test('the Get check: every seeded field, and a version', async (t) => {
  const id = FIRST + 7n;
  const want = seededPlayer(id, 7);
  // db-proxy answers every column: the unseeded ones are extra and fine.
  t.equal(playerMismatch(answer({ ...want, vip_level: { int: 0 } }), want, id), null);
  t.match(playerMismatch(answer({ ...want, gold: { int: 5008 } }), want, id), /gold .*5008/);
  t.match(playerMismatch(answer({ ...want, name: { str: 'x' } }), want, id), /name/);
  const { iron: _, ...noIron } = want;
  t.match(playerMismatch(answer(noIron), want, id), /iron null/);
  t.match(playerMismatch(answer(want, 0), want, id), /version/);
  t.equal(playerMismatch(Buffer.alloc(0), want, id), `player ${id}: no row`, 'a missing row');
  t.match(playerMismatch(Buffer.from([0x0a, 0x7f]), want, id), /does not decode/);
});

t.test('bench dbproxy against a real db-proxy, then a row changed behind its back', async (t) => {
  const stack = await startStack('dbproxy');
  t.teardown(() => stack.close());
  const dir = tempDir(t, 'dbproxy');
  const mysqlUrl = `mysql://${mariadb.user}@${mariadb.host}:${mariadb.port}/${stack.database}`;
  // Small: 8 players, one load worker, phases of half a second.
  const common = [
    '--dbproxy',
    stack.dbproxyAddress,
    '--mysql',
    mysqlUrl,
    '--players',
    '8',
    '-c',
    '8',
    '-w',
    '1',
  ];
  const out = join(dir, 'run.json');
  const run = await runCli([
    'dbproxy',
    ...common,
    '-d',
    '500ms',
    '--rounds',
    '2',
    '--server-pids',
    String(process.pid),
    '-q',
    '-o',
    out,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout, /seeded 8 players through db-proxy \(8 new, 0 there already\)/);
  t.match(run.stdout, /db-proxy Get = [\d.]+% of the echo ceiling \(median of the rounds: /);
  const r = JSON.parse(readFileSync(out, 'utf8')) as {
    phases: { phase: string; rate: number; errors: number; mismatches: number }[];
    roundRatios: number[];
    ratioToEcho: number;
  };
  t.same(
    r.phases.map((p) => p.phase),
    ['echo', 'dbproxy', 'mysql'],
  );
  for (const p of r.phases) {
    t.ok(p.rate > 0, `${p.phase} ran`);
    t.equal(p.errors, 0, `${p.phase}: no errors`);
    t.equal(p.mismatches, 0, `${p.phase}: no mismatches`);
  }
  t.equal(r.roundRatios.length, 2);
  t.ok(r.ratioToEcho > 0);

  // One player's gold changed in MariaDB: every Get of it is a mismatch, named by field.
  const sql = await stack.sql();
  try {
    const [res] = await sql.query('UPDATE `player` SET `gold` = `gold` + 1 WHERE `player_id` = ?', [
      String(FIRST + 5n),
    ]);
    t.equal((res as { affectedRows: number }).affectedRows, 1);
  } finally {
    await sql.end();
  }
  const again = await runCli([
    'dbproxy',
    ...common,
    '--no-seed-data',
    '--phases',
    'dbproxy',
    '-d',
    '500ms',
    '--rounds',
    '1',
    '-q',
    '-o',
    join(dir, 'changed.json'),
  ]);
  t.equal(again.code, 1, 'a mismatch fails the run');
  t.match(again.stdout, new RegExp(`first error: player ${FIRST + 5n}: gold .*5006.*5005`));

  // db-proxy's Get called in-process on the same players: a CPU figure, coalesced lookups, and
  // the same check of every answer (the changed player is caught, and only it).
  const handlersOut = join(dir, 'handlers.json');
  const h = await runCli([
    'dbproxy-handlers',
    '--mysql',
    mysqlUrl,
    '--players',
    '8',
    '-n',
    '1000',
    '--rounds',
    '2',
    '-o',
    handlersOut,
  ]);
  t.equal(h.code, 1, 'a mismatch fails the in-process run too');
  t.match(h.stdout, /players: 8 \(0 inserted now\)/);
  t.match(h.stdout, /db-proxy without gRPC: [\d.]+ µs of CPU per Get .*; [1-9]\d* mismatches/);
  t.match(h.stdout, new RegExp(`first mismatch: player ${FIRST + 5n}: gold .*5006.*5005`));
  const hr = JSON.parse(readFileSync(handlersOut, 'utf8')) as {
    rounds: { gets: number; lookups: number }[];
    cpuUsPerGet: number;
  };
  t.equal(hr.rounds.length, 2);
  t.ok(hr.cpuUsPerGet > 0);
  t.ok(
    hr.rounds.every((x) => x.lookups > 0 && x.lookups < x.gets),
    'the in-process Gets coalesce into lookups',
  );
});
