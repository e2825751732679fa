// `bench dbproxy`: db-proxy's point-read rate beside its two references, in one run with one
// client configuration (workers x channels, requests in flight):
//   echo     the gRPC ceiling: a bare grpc-js echo service (started by the bench, in its own
//            process) answering messages of the size of db-proxy's Get request and response;
//   dbproxy  db-proxy Get of a random seeded player (db-proxy must be running: --dbproxy);
//   mysql    the same SELECT straight through a mysql2 pool (--mysql): the database's own rate.
// The phases run in interleaved rounds, each with its servers and clients kept warm from one
// round to the next, so that a change in the machine's load (it is shared) hits them alike;
// the ratio is the median of the rounds'. Target: db-proxy Get >= 75% of the echo
// ceiling; its p99 is printed beside mysql2's.
//
//   DBPROXY_BACKENDS=mysql://root@127.0.0.1:3306/slg_bench npm start -w @slg/db-proxy &
//   node bench/src/commands/dbproxy.ts --mysql mysql://root@127.0.0.1:3306/slg_bench
//
// db-proxy must keep the benchmark's players in the --mysql database (one backend), or the
// direct phase finds rows missing and says so.
import { slg, slg_dbproxy_v1_DbProxyDefinition, toLong } from '@slg/proto';
import { createGrpcClient, type ServiceError } from '@slg/service-kit';
import { Command, Option } from 'commander';
import mysql from 'mysql2';
import { type DbProxyBenchParams, DIRECT_SQL, seededPlayer } from '../dbproxy-workload.ts';
import { startEchoProcess } from '../lib/ceiling.ts';
import { type CpuPerRequest, cpuPerRequest, cpuTable, processLabel } from '../lib/cpu-cost.ts';
import { collectEnvironment, environmentLine } from '../lib/environment.ts';
import { mergeSnapshots, type OpSnapshot, percentiles } from '../lib/histogram.ts';
import { LoadPool } from '../lib/load-pool.ts';
import {
  describeLoad,
  type LoadSettings,
  loadOptions,
  loadSettingsFrom,
  parseAddress,
  parsePositiveInt,
} from '../lib/options.ts';
import { type ServerUsage, UsageSampler } from '../lib/proc-stats.ts';
import { createProgress } from '../lib/progress.ts';
import { bytes, caseStudyLine, int, median, ms, table, totals } from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';

const PHASES = ['echo', 'dbproxy', 'mysql'] as const;
type Phase = (typeof PHASES)[number];
const LABEL: Record<Phase, string> = {
  echo: 'echo ceiling (bare grpc-js)',
  dbproxy: 'db-proxy Get',
  mysql: 'mysql2 pool, same SELECT',
};

interface PhaseSummary {
  phase: Phase;
  rate: number;
  elapsedS: number;
  ops: OpSnapshot[];
  errors: number;
  mismatches: number;
  firstError: string | null;
  servers: ServerUsage[];
  /** The load generator's CPU (every thread), in cores. */
  clientCores: number[];
  /** The load generator's CPU seconds (every thread). */
  clientCpuS: number;
  /** Calls sent (answered + errors). */
  requests: number;
}

interface Options extends LoadSettings {
  dbproxy: string;
  mysql: string;
  players: number;
  firstPlayer: string;
  seed: number;
  mysqlConnections: number;
  phases: Phase[];
  seedData: boolean;
  rounds: number;
}

function parsePhases(text: string): Phase[] {
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const p of list) {
    if (!PHASES.includes(p as Phase))
      throw new Error(`--phases: unknown phase "${p}" (${PHASES.join(', ')})`);
  }
  return list as Phase[];
}

function mysqlOptions(url: string): mysql.ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username) || 'root',
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
    supportBigNumbers: true,
  };
}

/** Inserts the players through db-proxy (64 in flight); ones that exist already are kept. */
async function seedPlayers(o: Options): Promise<{ inserted: number; existing: number }> {
  const client = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, o.dbproxy, {
    deadlineMs: 10_000,
  });
  let inserted = 0;
  let existing = 0;
  let next = 0;
  const first = BigInt(o.firstPlayer);
  try {
    await client.waitForReady(10_000);
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        for (let i = next++; i < o.players; i = next++) {
          const id = first + BigInt(i);
          try {
            await client.Insert(
              slg.dbproxy.v1.InsertRequest.create({
                table: 'player',
                fields: seededPlayer(id, i),
              }),
            );
            inserted++;
          } catch (err) {
            if ((err as ServiceError).code !== 'ALREADY_EXISTS') throw err;
            existing++;
          }
        }
      }),
    );
  } finally {
    client.close();
  }
  return { inserted, existing };
}

/** The encoded sizes of one Get request and its response, for the echo ceiling. */
async function getSizes(o: Options): Promise<{ requestBytes: number; responseBytes: number }> {
  const client = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, o.dbproxy, {
    deadlineMs: 10_000,
  });
  try {
    const req = slg.dbproxy.v1.GetRequest.create({
      table: 'player',
      key: [{ int: toLong(BigInt(o.firstPlayer)) }],
    });
    const res = await client.Get(req);
    return {
      requestBytes: slg.dbproxy.v1.GetRequest.encode(req).finish().length,
      responseBytes: slg.dbproxy.v1.RowResponse.encode(res).finish().length,
    };
  } finally {
    client.close();
  }
}

/** Checks that the direct phase will find every player in the --mysql database. */
async function checkDirectRows(o: Options): Promise<void> {
  const conn = mysql.createConnection(mysqlOptions(o.mysql));
  try {
    const first = BigInt(o.firstPlayer);
    const rows = await new Promise<unknown[]>((resolve, reject) =>
      conn.query(
        'SELECT COUNT(*) AS n FROM `player` WHERE `player_id` BETWEEN ? AND ?',
        [String(first), String(first + BigInt(o.players - 1))],
        (err, r) => (err ? reject(err) : resolve(r as unknown[])),
      ),
    );
    const n = Number((rows[0] as { n: number }).n);
    if (n !== o.players) {
      throw new Error(
        `${new URL(o.mysql).pathname.slice(1)} holds ${n} of the ${o.players} players: db-proxy keeps them elsewhere (sharded, or another database); run it with DBPROXY_BACKENDS=${o.mysql}`,
      );
    }
  } finally {
    conn.destroy();
  }
}

function startLoad(
  o: Options,
  phase: Phase,
  echoPort: number | undefined,
  sizes: { requestBytes: number; responseBytes: number },
): Promise<LoadPool> {
  const params: DbProxyBenchParams = {
    mode: phase,
    target: phase === 'echo' ? `127.0.0.1:${echoPort}` : o.dbproxy,
    mysqlUrl: o.mysql,
    mysqlConnections: Math.max(1, Math.ceil(o.mysqlConnections / o.workers)),
    channels: o.channels,
    deadlineMs: o.deadlineMs,
    slowMs: o.slowMs,
    firstPlayer: o.firstPlayer,
    players: o.players,
    seed: o.seed,
    requestBytes: sizes.requestBytes,
    responseBytes: sizes.responseBytes,
  };
  return LoadPool.start({
    workloadModule: new URL('../dbproxy-workload.ts', import.meta.url),
    workers: o.workers,
    concurrency: o.concurrency,
    params,
  });
}

async function runPhase(
  o: Options,
  pool: LoadPool,
  phase: Phase,
  pids: number[],
): Promise<PhaseSummary> {
  const sampler = new UsageSampler(pids);
  sampler.start();
  const run = await pool.run({
    durationMs: o.durationMs,
    requests: o.requests,
    rate: o.rate,
    progress: createProgress({
      label: phase,
      total:
        o.requests !== null ? { requests: o.requests } : { seconds: (o.durationMs ?? 0) / 1000 },
      intervalS: o.progressIntervalS,
      silent: o.quiet,
    }),
  });
  const usage = sampler.stop();
  const t = totals(run.ops, run.elapsedS);
  return {
    phase,
    rate: t.rate,
    elapsedS: run.elapsedS,
    ops: run.ops,
    errors: t.errors,
    mismatches: t.mismatches,
    firstError: (run.extras.find((e) => e.firstError)?.firstError as string | undefined) ?? null,
    servers: usage.servers,
    clientCores: [usage.client.cores],
    clientCpuS: usage.client.userCpuS + usage.client.systemCpuS,
    requests: t.requests,
  };
}

/** One phase's rounds as one: histograms merged, the rate over the summed time. */
function combine(parts: PhaseSummary[]): PhaseSummary {
  const first = parts[0]!;
  const ops = [
    mergeSnapshots(
      first.ops[0]!.name,
      parts.map((p) => p.ops[0]!),
    ),
  ];
  const elapsedS = parts.reduce((a, p) => a + p.elapsedS, 0);
  return {
    phase: first.phase,
    rate: elapsedS > 0 ? ops[0]!.count / elapsedS : 0,
    elapsedS,
    ops,
    errors: parts.reduce((a, p) => a + p.errors, 0),
    mismatches: parts.reduce((a, p) => a + p.mismatches, 0),
    firstError: parts.find((p) => p.firstError)?.firstError ?? null,
    servers: parts.flatMap((p) => p.servers),
    clientCores: parts.flatMap((p) => p.clientCores),
    clientCpuS: parts.reduce((a, p) => a + p.clientCpuS, 0),
    requests: parts.reduce((a, p) => a + p.requests, 0),
  };
}

/**
 * CPU per call of each phase but echo, beside the echo phase's (the echo server's CPU per call,
 * E, and the load generator's per echo call), from the CPU summed over the rounds.
 */
export function dbproxyCpuPerCall(
  phases: readonly PhaseSummary[],
): Partial<Record<Phase, CpuPerRequest>> {
  const serverCpu = (p: PhaseSummary) => {
    const byPid = new Map<number, { name: string | null; cpuS: number | null }>();
    for (const s of p.servers) {
      const seen = byPid.get(s.pid);
      const cpuS =
        seen === undefined
          ? s.cpuS
          : seen.cpuS === null || s.cpuS === null
            ? null
            : seen.cpuS + s.cpuS;
      byPid.set(s.pid, { name: seen?.name ?? s.name, cpuS });
    }
    return [...byPid].map(([pid, v]) => ({ pid, label: processLabel(pid, v.name), cpuS: v.cpuS }));
  };
  const echo = phases.find((p) => p.phase === 'echo');
  const echoServer = echo ? serverCpu(echo)[0] : undefined;
  const out: Partial<Record<Phase, CpuPerRequest>> = {};
  for (const p of phases) {
    if (p.phase === 'echo') continue;
    out[p.phase] = cpuPerRequest({
      echoServer:
        echo && echoServer?.cpuS != null
          ? { cpuS: echoServer.cpuS, requests: echo.requests }
          : null,
      echoClient: echo ? { cpuS: echo.clientCpuS, requests: echo.requests } : null,
      servers: serverCpu(p),
      clientCpuS: p.clientCpuS,
      requests: p.requests,
    });
  }
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export async function runDbProxyBench(o: Options): Promise<{
  phases: PhaseSummary[];
  ratio: number | null;
  cpuPerRequest: Partial<Record<Phase, CpuPerRequest>>;
}> {
  const env = collectEnvironment();
  console.log(
    `bench dbproxy: ${describeLoad(o)}, ${o.rounds} interleaved rounds; db-proxy ${o.dbproxy}, mysql ${o.mysql.replace(/:[^:@/]*@/, ':***@')}`,
  );
  console.log(environmentLine(env));
  if (o.seedData && o.phases.some((p) => p !== 'echo')) {
    const t0 = performance.now();
    const s = await seedPlayers(o);
    console.log(
      `seeded ${int(o.players)} players through db-proxy (${int(s.inserted)} new, ${int(s.existing)} there already) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const sizes = await getSizes(o);
  console.log(
    `Get: request ${bytes(sizes.requestBytes)}, response ${bytes(sizes.responseBytes)} (the echo ceiling uses the same sizes)`,
  );
  if (o.phases.includes('mysql')) await checkDirectRows(o);

  const pools = new Map<Phase, LoadPool>();
  const rounds: PhaseSummary[][] = [];
  const echo = o.phases.includes('echo') ? await startEchoProcess(sizes.responseBytes) : undefined;
  try {
    for (const phase of o.phases) pools.set(phase, await startLoad(o, phase, echo?.port, sizes));
    // Unmeasured: connections open, code optimised, pools full, on every side.
    for (const pool of pools.values())
      await pool.run({ durationMs: 2000, requests: null, rate: null });
    for (let r = 0; r < o.rounds; r++) {
      const round: PhaseSummary[] = [];
      for (const phase of o.phases) {
        const pids = phase === 'echo' && echo ? [echo.pid] : o.serverPids;
        const summary = await runPhase(o, pools.get(phase)!, phase, pids);
        if (summary.firstError) console.log(`${phase}: first error: ${summary.firstError}`);
        round.push(summary);
      }
      const by = (ph: Phase) => round.find((p) => p.phase === ph);
      const [e, d, m] = [by('echo'), by('dbproxy'), by('mysql')];
      const parts = [
        e && `echo ${int(e.rate)}/s`,
        d &&
          `db-proxy Get ${int(d.rate)}/s${e && e.rate > 0 ? ` (${pct(d.rate / e.rate)} of echo)` : ''}`,
        m && `mysql2 ${int(m.rate)}/s`,
      ];
      console.log(`round ${r + 1}/${o.rounds}: ${parts.filter(Boolean).join(', ')}`);
      rounds.push(round);
    }
  } finally {
    for (const pool of pools.values()) await pool.close();
    await echo?.stop();
  }

  const phases = o.phases.map((ph) =>
    combine(rounds.map((round) => round.find((p) => p.phase === ph)!)),
  );
  for (const p of phases) for (const op of p.ops) console.log(caseStudyLine(op));
  const rows = phases.map((p) => {
    const q = percentiles(p.ops[0]!);
    return [
      LABEL[p.phase],
      int(p.rate),
      ms(q.p50),
      ms(q.p90),
      ms(q.p99),
      ms(q.p999),
      ms(q.max),
      int(p.errors),
      int(p.mismatches),
    ];
  });
  console.log('');
  console.log(
    table(
      [
        'phase',
        'calls/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'p99.9 ms',
        'max ms',
        'errors',
        'mismatches',
      ],
      rows,
    ),
  );
  const roundRatios = rounds.flatMap((round) => {
    const e = round.find((p) => p.phase === 'echo');
    const d = round.find((p) => p.phase === 'dbproxy');
    return e && d && e.rate > 0 ? [d.rate / e.rate] : [];
  });
  const echoAll = phases.find((p) => p.phase === 'echo');
  const proxy = phases.find((p) => p.phase === 'dbproxy');
  const direct = phases.find((p) => p.phase === 'mysql');
  const ratio = roundRatios.length ? median(roundRatios) : null;
  if (ratio !== null && echoAll && proxy) {
    console.log(
      `db-proxy Get = ${pct(ratio)} of the echo ceiling (median of the rounds: ${roundRatios.map(pct).join(', ')}; over all rounds ${pct(proxy.rate / echoAll.rate)}; target >= 75%)`,
    );
  }
  if (proxy && direct) {
    console.log(
      `db-proxy Get p99 ${ms(percentiles(proxy.ops[0]!).p99)} ms beside mysql2 direct p99 ${ms(percentiles(direct.ops[0]!).p99)} ms; rate ${pct(proxy.rate / direct.rate)} of mysql2 direct`,
    );
  }
  // CPU per call, from the mean CPU use of each process over the rounds.
  for (const p of phases) {
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : 0);
    const perCall = (cores: number) =>
      p.rate > 0 ? `${((cores * 1e6) / p.rate).toFixed(0)} us/call` : '?';
    const byPid = new Map<number, ServerUsage[]>();
    for (const s of p.servers) byPid.set(s.pid, [...(byPid.get(s.pid) ?? []), s]);
    const parts = [
      `client ${(mean(p.clientCores) * 100).toFixed(0)}% of a core (${perCall(mean(p.clientCores))})`,
    ];
    for (const [pid, list] of byPid) {
      const cores = mean(list.map((s) => s.cores ?? 0));
      const peak = Math.max(0, ...list.map((s) => s.peakRssBytes ?? 0));
      parts.push(
        `${list[0]?.name ?? pid} [${pid}] ${(cores * 100).toFixed(0)}% (${perCall(cores)}), peak RSS ${peak ? bytes(peak) : '?'}`,
      );
    }
    console.log(`${p.phase} CPU: ${parts.join('; ')}`);
  }
  const cpu = dbproxyCpuPerCall(phases);
  for (const [phase, c] of Object.entries(cpu)) {
    console.log('');
    console.log(`${LABEL[phase as Phase]}:`);
    console.log(cpuTable(c, 'call'));
  }
  const path = writeResult(o.out ?? defaultResultPath('dbproxy', env.startedAt), {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: 'dbproxy',
    environment: env,
    settings: {
      ...o,
      getRequestBytes: sizes.requestBytes,
      getResponseBytes: sizes.responseBytes,
      directSql: DIRECT_SQL,
    },
    phases: phases.map((p) => ({
      ...p,
      ops: p.ops.map((op) => ({ ...op, percentilesUs: percentiles(op) })),
    })),
    rounds: rounds.map((round) =>
      round.map((p) => ({ phase: p.phase, rate: p.rate, elapsedS: p.elapsedS, errors: p.errors })),
    ),
    roundRatios,
    ratioToEcho: ratio,
    cpuPerRequest: cpu,
  });
  console.log(`result: ${showPath(path)}`);
  if (phases.some((p) => p.errors > 0 || p.mismatches > 0)) process.exitCode = 1;
  return { phases, ratio, cpuPerRequest: cpu };
}

export function dbproxyCommand(): Command {
  const cmd = new Command('dbproxy')
    .description(
      "db-proxy's Get rate beside the echo ceiling (bare grpc-js, same message sizes) and the same SELECT through a mysql2 pool, in interleaved rounds",
    )
    .addOption(
      new Option('--dbproxy <host:port>', 'db-proxy gRPC address')
        .env('BENCH_DBPROXY')
        .argParser(parseAddress)
        .default('127.0.0.1:50051'),
    )
    .addOption(
      new Option(
        '--mysql <url>',
        'the database db-proxy keeps the players in (its one backend), for the direct phase',
      )
        .env('BENCH_MYSQL')
        .default('mysql://root@127.0.0.1:3306/slg'),
    )
    .addOption(
      new Option('--players <n>', 'players seeded and read at random')
        .argParser(parsePositiveInt)
        .default(10_000),
    )
    .addOption(new Option('--first-player <id>', 'the first seeded player id').default('900000000'))
    .addOption(
      new Option('--seed <n>', 'random seed of the read sequence')
        .argParser(parsePositiveInt)
        .default(1),
    )
    .addOption(
      new Option(
        '--mysql-connections <n>',
        'mysql2 connections of the direct phase, over all workers (db-proxy pools 16 by default)',
      )
        .argParser(parsePositiveInt)
        .default(16),
    )
    .addOption(
      new Option('--phases <list>', `which phases, in order (${PHASES.join(',')})`)
        .argParser(parsePhases)
        .default([...PHASES]),
    )
    .addOption(
      new Option(
        '--rounds <n>',
        'interleaved rounds of the phases, each phase for --duration per round',
      )
        .argParser(parsePositiveInt)
        .default(3),
    )
    .addOption(new Option('--no-seed-data', 'skip seeding (the players exist already)'));
  for (const opt of loadOptions({ duration: '5s' })) cmd.addOption(opt);
  cmd.action(async (raw: Record<string, unknown>) => {
    const s = loadSettingsFrom(raw);
    if (s.rate !== null || s.requests !== null)
      throw new Error('bench dbproxy compares ceilings: use --duration (no --rate or --requests)');
    await runDbProxyBench({
      ...s,
      dbproxy: raw.dbproxy as string,
      mysql: raw.mysql as string,
      players: raw.players as number,
      firstPlayer: String(BigInt(raw.firstPlayer as string)),
      seed: raw.seed as number,
      mysqlConnections: raw.mysqlConnections as number,
      phases: raw.phases as Phase[],
      seedData: raw.seedData !== false,
      rounds: raw.rounds as number,
    });
  });
  return cmd;
}

if (import.meta.main) {
  await dbproxyCommand().parseAsync(process.argv);
}
