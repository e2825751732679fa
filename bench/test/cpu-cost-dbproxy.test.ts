// CPU per call as a standard output of `bench dbproxy`: a short run against a real
// db-proxy in this process (its pid given as --server-pids): the table per measured phase, the
// JSON figures consistent with the CPU seconds and counts, and `bench compare` reporting them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { compareResults } from '../src/commands/compare.ts';
import type { CpuPerRequest } from '../src/lib/cpu-cost.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { checkConsistent } from './helpers/cpu-cost.ts';
import { mariadb, startStack } from './helpers/stack.ts';

t.test('bench dbproxy prints and writes CPU per call; compare reports it', async (t) => {
  const stack = await startStack('cpudb');
  t.teardown(() => stack.close());
  const dir = tempDir(t, 'cpudb');
  const pid = String(process.pid);
  const dbOut = join(dir, 'dbproxy.json');
  const mysqlUrl = `mysql://${mariadb.user}@${mariadb.host}:${mariadb.port}/${stack.database}`;
  const db = await runCli([
    'dbproxy',
    '--dbproxy',
    stack.dbproxyAddress,
    '--mysql',
    mysqlUrl,
    '--players',
    '16',
    '-c',
    '8',
    '-w',
    '1',
    '--phases',
    'echo,dbproxy',
    '-d',
    '500ms',
    '--rounds',
    '2',
    '--server-pids',
    pid,
    '-q',
    '-o',
    dbOut,
  ]);
  t.equal(db.code, 0, db.stdout + db.stderr);
  t.match(db.stdout, /^db-proxy Get:\nCPU per call \(us; "x echo"/m);
  const r = JSON.parse(readFileSync(dbOut, 'utf8')) as {
    phases: { phase: string; requests: number }[];
    cpuPerRequest: Record<string, CpuPerRequest>;
  };
  const get = r.phases.find((p) => p.phase === 'dbproxy')!;
  const echo = r.phases.find((p) => p.phase === 'echo')!;
  checkConsistent(t, r.cpuPerRequest.dbproxy!, get.requests, process.pid, 'dbproxy');
  t.equal(r.cpuPerRequest.dbproxy!.echoServer!.calls, echo.requests, 'E over both echo rounds');
  const dbReport = compareResults(r as never, r as never, ['a', 'b']);
  t.match(dbReport, /^dbproxy calls\/s/m);
  t.match(dbReport, /^E: echo server CPU us\/call/m);
});
