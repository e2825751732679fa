// A short smoke of `bench data --verify` against the real stack, started here in-process on
// port 0 (db-proxy on MariaDB, data-server on Redis): the eight lines, 0 mismatches, the
// ceiling ratio, the JSON file, a clean post-verification; then a record changed directly in
// MariaDB behind data-server's back is reported by `bench verify`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { DataResult } from '../src/commands/data.ts';
import { caseStudyPattern, runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

t.test('bench data --verify against the real stack, then a change behind its back', async (t) => {
  const stack = await startStack('smoke');
  t.teardown(() => stack.close());
  const out = join(tempDir(t, 'smoke'), 'data.json');
  const run = await runCli([
    'data',
    '--target',
    stack.dataServerAddress,
    '--dbproxy',
    stack.dbproxyAddress,
    '-d',
    '1s',
    '--ceiling-duration',
    '500ms',
    '--players',
    '8',
    '-c',
    '8',
    '-w',
    '1',
    '--server-pids',
    String(process.pid),
    '--verify',
    '-o',
    out,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  const lines = run.stdout.split('\n').filter((l) => caseStudyPattern.test(l));
  t.equal(lines.length, 8, lines.join('\n'));
  t.match(run.stdout, /ceiling ratio: [\d.]+% of the echo ceiling/);
  t.match(
    run.stdout,
    /post-verification: [\d,]+ records .*, and db-proxy directly, .*: 0 mismatches, 0 errors/,
  );
  const r = JSON.parse(readFileSync(out, 'utf8')) as DataResult;
  t.equal(r.totals.mismatches, 0);
  t.equal(r.totals.errors, 0);
  t.ok(r.totals.requests > 0);
  t.ok(r.ceiling && r.ceiling.rate > 0 && r.ceiling.ratio > 0, 'the ceiling was measured');
  t.equal(r.verification?.mismatchCount, 0);
  t.equal(r.verification?.errors, 0);
  t.equal(r.servers[0]?.pid, process.pid);
  t.ok((r.servers[0]?.peakRssBytes ?? 0) > 0, 'the server process RSS was sampled');
  t.ok(r.client.cores > 0);

  // Behind data-server's back: an UPDATE straight in MariaDB, on a record the run knows.
  const victim = r.records.find((e) => e.table === 'player' && e.exists)!;
  const sql = await stack.sql();
  try {
    const [res] = await sql.query('UPDATE `player` SET `gold` = `gold` + 1 WHERE `player_id` = ?', [
      victim.ownerId,
    ]);
    t.equal((res as { affectedRows: number }).affectedRows, 1);
  } finally {
    await sql.end();
  }
  const v = await runCli([
    'verify',
    out,
    '--target',
    stack.dataServerAddress,
    '--dbproxy',
    stack.dbproxyAddress,
  ]);
  t.equal(v.code, 1, 'the post-verification fails');
  t.match(
    v.stdout,
    new RegExp(
      `VERIFY MISMATCH player owner=${victim.ownerId} member=0 \\[stored\\]: gold=int \\d+, expected int \\d+`,
    ),
  );
  t.match(
    v.stdout,
    new RegExp(`VERIFY MISMATCH player owner=${victim.ownerId} member=0 \\[dbproxy\\]`),
  );
  t.match(v.stdout, /FAIL: post-verification found [1-9]\d* mismatches/);
});
