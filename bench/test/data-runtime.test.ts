// `bench data` with the servers' GC pauses and event-loop delay, and `--rate auto`, against the
// real stack in this process (db-proxy on MariaDB, data-server on Redis, data-server's /metrics on
// port 0): given only the pids, the run finds this process's /metrics among its ports (the gRPC
// ones answer HTTP/1.1 with an error), scrapes it around the measured phase and prints the
// figures beside CPU per request; a process without metrics gets dashes and the reason. With
// --rate auto, the closed-model capacity is measured first and the run is the open model at a
// third of it, both in the output and the JSON.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { autoRate, type DataResult } from '../src/commands/data.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

t.test('bench data --rate auto reports each server GC pauses and loop delay', async (t) => {
  const stack = await startStack('runtime');
  t.teardown(() => stack.close());
  const metricsPort = await stack.dataServer.listenMetrics(0, '127.0.0.1');
  // A measured process that serves no metrics.
  const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
  t.teardown(() => sleeper.kill());
  const out = join(tempDir(t, 'runtime'), 'data.json');
  // Garbage made beside the stack while the CLI runs, so that the measured phase holds GCs
  // (300 requests alone may not fill the young generation).
  let garbage: { i: number }[] = [];
  const churn = setInterval(() => {
    garbage = Array.from({ length: 20_000 }, (_, i) => ({ i }));
  }, 10);
  t.teardown(() => clearInterval(churn));
  const run = await runCli([
    'data',
    '--target',
    stack.dataServerAddress,
    '--rate',
    'auto',
    '--ceiling-duration',
    '1s',
    '-n',
    '300',
    '--no-ceiling',
    '--players',
    '16',
    '-c',
    '8',
    '-w',
    '1',
    '--server-pids',
    `${process.pid},${sleeper.pid}`,
    '-q',
    '-o',
    out,
  ]);
  clearInterval(churn);
  t.equal(garbage.length, 20_000);
  t.equal(run.code, 0, run.stdout + run.stderr);
  const d = JSON.parse(readFileSync(out, 'utf8')) as DataResult;

  t.match(
    run.stdout,
    /open model at a third of the closed-model capacity \(--rate auto; 8 virtual/,
  );
  const a = d.rateAuto!;
  t.ok(a && a.capacity > 0 && a.requests > 0, 'the capacity measured');
  t.equal(a.concurrency, 8);
  t.equal(a.rate, autoRate(a.capacity), 'a third of it, rounded');
  t.ok(Math.abs(a.rate - a.capacity / 3) <= 0.5 || a.rate === 1);
  t.equal(d.settings.rate, a.rate, 'the run used it as --rate');
  t.equal(d.settings.rateAuto, true);
  t.match(
    run.stdout,
    new RegExp(
      `^rate auto: closed-model capacity [\\d,]+ requests/s answered \\(8 in flight, [\\d,]+ requests in [\\d.]+ s; errors 0, mismatches 0\\); the open model runs at a third of it: --rate ${a.rate}$`,
      'm',
    ),
  );
  t.match(
    run.stdout,
    new RegExp(`^open model: ${a.rate.toLocaleString('en-US')} requests/s intended`, 'm'),
  );
  t.equal(d.totals.requests, 300, 'the measured run is -n alone (the capacity run apart)');

  t.match(run.stdout, /^GC pauses and event-loop delay of the servers in the measured phase/m);
  const pid = process.pid;
  t.match(
    run.stdout,
    new RegExp(
      `^.*\\s${pid}\\s+<= [\\d.]+ ms\\s+[\\d,]+( \\([\\d.,]+ ms\\))?\\s+[\\d,]+( \\([\\d.,]+ ms\\))?\\s+[\\d.,]+ ms\\s+[\\d.,]+ ms$`,
      'm',
    ),
    'the stack process: numbers in every column',
  );
  t.match(run.stdout, new RegExp(`^sleep 600\\s+${sleeper.pid}(\\s+-){5}$`, 'm'));
  t.match(
    run.stdout,
    new RegExp(`^pid ${sleeper.pid}: no figures: it listens on no TCP port$`, 'm'),
  );

  const [mine, none] = d.serverMetrics;
  t.equal(mine?.pid, pid);
  t.equal(mine?.url, `http://127.0.0.1:${metricsPort}/metrics`, 'found among the gRPC ports');
  t.equal(mine?.missing, null);
  t.equal(mine?.phases, 1);
  const gc = mine?.gc;
  t.ok(gc && gc.pauses > 0 && (gc.p99AtMostMs ?? 0) > 0, 'GC pauses and their p99 bound');
  // Which kinds of GC fall in a 3-second phase is V8's choice: on a loaded machine the
  // churn above has given one major GC and no scavenge. Each kind counted has its mean.
  const kinds = Object.values(gc?.byKind ?? {});
  t.ok(
    kinds.length > 0 && kinds.every((k) => k.count === 0 || (k.meanMs ?? 0) > 0),
    'each kind of GC counted, with its mean',
  );
  const loop = mine?.eventLoop;
  t.ok(loop && (loop.p99Ms ?? 0) > 0 && (loop.maxMs ?? 0) >= (loop.p99Ms ?? 0), 'loop delay');
  t.same(
    [none?.pid, none?.url, none?.missing, none?.gc, none?.eventLoop],
    [sleeper.pid, null, 'it listens on no TCP port', null, null],
  );
});
