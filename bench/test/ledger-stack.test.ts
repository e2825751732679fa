// Lost and phantom writes on the real stack (db-proxy on MariaDB, data-server on Redis, in this
// process on port 0): a clean `bench data --verify` reports none, with the ledger's counts; then
// writes made behind the bench's back straight in MariaDB are reported by `bench verify` and
// classified: a member deleted and a record rolled back to an older version are lost writes
// (acknowledged writes missing), a member nobody created and a value changed without a write
// are phantom writes. The run fails on them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { readResult } from './helpers/checker.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

t.test('lost and phantom writes injected in MariaDB are reported', async (t) => {
  const stack = await startStack('ledger');
  t.teardown(() => stack.close());
  const out = join(tempDir(t, 'ledger-stack'), 'data.json');
  const target = ['--target', stack.dataServerAddress, '--dbproxy', stack.dbproxyAddress];
  const run = await runCli([
    'data',
    ...target,
    '-n',
    '400',
    '--players',
    '8',
    '-c',
    '8',
    '-w',
    '1',
    '--no-ceiling',
    '-q',
    '--verify',
    '-o',
    out,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout, /ledger: writes [1-9][\d,]* acknowledged, .* lost 0, phantom 0/);
  t.match(
    run.stdout,
    /post-verification: .*: 0 mismatches, 0 errors; lost 0, phantom 0, unreadable 0 players/,
  );
  const r = readResult(out);
  t.ok(r.ledger.acknowledged > 0, `${r.ledger.acknowledged} acknowledged writes`);
  t.equal(r.ledger.unknown, 0, 'no fault: no write of unknown outcome');
  t.equal(r.ledger.lost + r.ledger.phantom, 0);
  t.equal(r.verification?.lost, 0);
  t.equal(r.verification?.phantom, 0);

  // A write of unknown outcome, applied: the record is exported with both states it may be in,
  // the one the store holds second. Every check, db-proxy's List included, accepts either.
  const unsettled = JSON.parse(JSON.stringify(r)) as typeof r;
  const held = unsettled.records.find((e) => e.table === 'troop' && e.exists)!;
  const actual = { exists: true, version: held.version, fields: held.fields };
  const applied = { ...actual, version: String(BigInt(held.version!) + 1n) };
  Object.assign(held, applied, { alternatives: [applied, actual] });
  const unsettledOut = join(tempDir(t, 'ledger-unsettled'), 'data.json');
  writeFileSync(unsettledOut, JSON.stringify(unsettled));
  const u = await runCli(['verify', unsettledOut, ...target]);
  t.equal(u.code, 0, u.stdout + u.stderr);
  t.match(u.stdout, /: 0 mismatches, 0 errors; .*\(1 records with a write of unknown outcome/);

  // Four players, one injection each (so each is one record of the count).
  const owners = [...new Set(r.records.filter((e) => e.table === 'player').map((e) => e.ownerId))];
  const [a, b, c, d] = owners;
  const troop = r.records.find((e) => e.table === 'troop' && e.ownerId === a && e.exists);
  t.ok(troop, 'a troop of the first player exists');
  const sql = await stack.sql();
  const affected = async (q: string, args: unknown[]) => {
    const [res] = await sql.query(q, args);
    return (res as { affectedRows: number }).affectedRows;
  };
  try {
    // Lost: an acknowledged create (and every write after it) gone.
    t.equal(
      await affected('DELETE FROM `troop` WHERE `player_id` = ? AND `troop_id` = ?', [
        a,
        troop!.memberId,
      ]),
      1,
    );
    // Lost: the player record back to an older version (its last acknowledged write missing).
    t.equal(
      await affected('UPDATE `player` SET `version` = `version` - 1 WHERE `player_id` = ?', [b]),
      1,
    );
    // Phantom: a member nobody created.
    t.equal(
      await affected(
        'INSERT INTO `troop` (`player_id`, `troop_id`, `kind`, `tier`, `count`, `wounded`, `version`) VALUES (?, 9999, ?, 1, 1, 0, 1)',
        [c, 'ghost'],
      ),
      1,
    );
    // Phantom: a value no write explains (same version).
    t.equal(
      await affected('UPDATE `player` SET `gold` = `gold` + 1 WHERE `player_id` = ?', [d]),
      1,
    );
  } finally {
    await sql.end();
  }
  const v = await runCli(['verify', out, ...target]);
  t.equal(v.code, 1, 'the post-verification fails');
  t.match(
    v.stdout,
    new RegExp(
      `VERIFY MISMATCH troop owner=${a} member=${troop!.memberId} \\[\\w+\\]: .*\\(lost write\\)`,
    ),
  );
  t.match(
    v.stdout,
    new RegExp(
      `VERIFY MISMATCH player owner=${b} member=0 \\[stored\\]: version \\d+, expected \\d+.*\\(lost write\\)`,
    ),
  );
  t.match(
    v.stdout,
    new RegExp(
      `VERIFY MISMATCH troop owner=${c} member=9999 \\[dbproxy\\]: List: member 9999 nobody created.*\\(phantom write\\)`,
    ),
  );
  t.match(
    v.stdout,
    new RegExp(
      `VERIFY MISMATCH player owner=${d} member=0 \\[stored\\]: gold=int \\d+, expected int \\d+ \\(phantom write\\)`,
    ),
  );
  t.match(
    v.stdout,
    /lost 2, phantom 2, unreadable 0 players/,
    'two records with acknowledged writes missing, two no write explains',
  );
});
