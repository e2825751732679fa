// `bench dbproxy-handlers`: db-proxy's own CPU per Get, without the gRPC transport. db-proxy is
// built in this process on --mysql, and the function its kit registers with grpc-js for Get is
// called directly: the request decoded from its bytes, the kit's per-call path (deadline,
// metrics), the handler, validation, the Get batcher, mysql2 and the row encoding all run as
// they do behind gRPC, with --in-flight Gets of random seeded players at a time (so they coalesce
// into lookups as they do under load). The figure is this process's CPU time per Get; the
// transport's share is what `bench dbproxy` measures beyond it.
//
//   npm run bench -- dbproxy-handlers --mysql mysql://root@127.0.0.1:3306/slg_perf
import { Metadata, type ServerUnaryCall, type sendUnaryData, status } from '@grpc/grpc-js';
import { build, configWith } from '@slg/db-proxy';
import { slg, slg_dbproxy_v1_DbProxyDefinition, toLong } from '@slg/proto';
import { Command, Option } from 'commander';
import { PlayerAnswers, seededPlayer } from '../dbproxy-workload.ts';
import { collectEnvironment, environmentLine } from '../lib/environment.ts';
import { parsePositiveInt, UsageError } from '../lib/options.ts';
import { bytes, int, median, table } from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';
import { Rng } from '../lib/rng.ts';

interface Options {
  mysql: string;
  players: number;
  firstPlayer: bigint;
  inFlight: number;
  gets: number;
  rounds: number;
  out?: string;
}

interface Round {
  round: number;
  gets: number;
  elapsedS: number;
  rate: number;
  cpuUsPerGet: number;
  lookups: number;
  getsPerLookup: number;
}

const GET = slg_dbproxy_v1_DbProxyDefinition.Get;

async function run(o: Options): Promise<void> {
  const env = collectEnvironment();
  console.log(
    `bench dbproxy-handlers: db-proxy built in this process on ${o.mysql}; ${int(o.gets)} Gets per round, ${o.inFlight} in flight, ${o.rounds} rounds (the first warms up)`,
  );
  console.log(environmentLine(env));
  const app = await build(
    configWith({ backends: o.mysql, port: 0, metricsPort: null, logLevel: 'silent' }),
  );
  try {
    if (!app.serving()) throw new Error(`db-proxy is not serving on ${o.mysql}`);
    const handler = (path: string) => {
      const h = app.server.unaryHandler(path);
      if (!h) throw new Error(`no handler for ${path}`);
      return h;
    };
    const get = handler(GET.path);
    const insert = handler(slg_dbproxy_v1_DbProxyDefinition.Insert.path);
    const metadata = new Metadata();
    const invoke = (h: typeof get, request: unknown) =>
      new Promise<unknown>((resolve, reject) => {
        const call = {
          request,
          metadata,
          getDeadline: () => Number.POSITIVE_INFINITY,
          // The part of grpc-js's call (an EventEmitter) the kit's call context uses.
          once() {},
          on() {},
          removeListener() {},
        } as unknown as ServerUnaryCall<unknown, unknown>;
        const done: sendUnaryData<unknown> = (err, value) => (err ? reject(err) : resolve(value));
        h(call, done);
      });

    // The players, as `bench dbproxy` seeds them (kept when there already).
    let seeded = 0;
    for (let i = 0; i < o.players; i += 64) {
      await Promise.all(
        Array.from({ length: Math.min(64, o.players - i) }, async (_, k) => {
          const id = o.firstPlayer + BigInt(i + k);
          try {
            await invoke(insert, { table: 'player', fields: seededPlayer(id, i + k) });
            seeded++;
          } catch (err) {
            if ((err as { code?: number }).code !== status.ALREADY_EXISTS) throw err;
          }
        }),
      );
    }
    console.log(`players: ${int(o.players)} (${int(seeded)} inserted now)`);

    const requests = Array.from({ length: o.players }, (_, i) =>
      Buffer.from(
        slg.dbproxy.v1.GetRequest.encode({
          table: 'player',
          key: [{ int: toLong(o.firstPlayer + BigInt(i)) }],
        }).finish(),
      ),
    );
    // Every answer checked, as `bench dbproxy` checks them.
    const answers = new PlayerAnswers(o.firstPlayer);
    let mismatches = 0;
    let firstMismatch: string | null = null;
    const batches = () => {
      const m = app.registry.getSingleMetric('dbproxy_get_batch_size') as unknown as {
        get(): Promise<{ values: { metricName?: string; value: number }[] }>;
      };
      return m.get().then((r) => {
        let sum = 0;
        let count = 0;
        for (const v of r.values) {
          if (v.metricName?.endsWith('_sum')) sum += v.value;
          if (v.metricName?.endsWith('_count')) count += v.value;
        }
        return { sum, count };
      });
    };

    const rounds: Round[] = [];
    for (let r = 1; r <= o.rounds; r++) {
      const rng = new Rng(1, 'dbproxy-handlers', r);
      let left = o.gets;
      const b0 = await batches();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: o.inFlight }, async () => {
          while (left > 0) {
            left--;
            const i = rng.int(o.players);
            const res = (await invoke(get, GET.requestDeserialize(requests[i]!))) as {
              bytes: Buffer;
            };
            const why = answers.check(i, res.bytes);
            if (why !== null) {
              mismatches++;
              firstMismatch ??= why;
            }
          }
        }),
      );
      const elapsedS = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const b1 = await batches();
      const lookups = b1.count - b0.count;
      rounds.push({
        round: r,
        gets: o.gets,
        elapsedS,
        rate: o.gets / elapsedS,
        cpuUsPerGet: (cpu.user + cpu.system) / o.gets,
        lookups,
        getsPerLookup: lookups ? (b1.sum - b0.sum) / lookups : 0,
      });
    }

    console.log(
      table(
        ['round', 'Gets/s', 'CPU µs/Get', 'Gets/lookup'],
        rounds.map((x) => [
          `${x.round}${x.round === 1 ? ' (warm-up)' : ''}`,
          int(x.rate),
          x.cpuUsPerGet.toFixed(1),
          x.getsPerLookup.toFixed(1),
        ]),
      ),
    );
    const measured = rounds.slice(1);
    const cpuUsPerGet = median(measured.map((x) => x.cpuUsPerGet));
    const peakRssBytes = process.resourceUsage().maxRSS * 1024;
    console.log(
      `db-proxy without gRPC: ${cpuUsPerGet.toFixed(1)} µs of CPU per Get (median of rounds 2-${o.rounds}); this process's peak RSS ${bytes(peakRssBytes)}; ${mismatches} mismatches`,
    );
    if (firstMismatch) console.log(`first mismatch: ${firstMismatch}`);
    const path = writeResult(o.out ?? defaultResultPath('dbproxy-handlers', env.startedAt), {
      schemaVersion: RESULT_SCHEMA_VERSION,
      kind: 'dbproxy-handlers',
      environment: env,
      settings: { ...o, firstPlayer: String(o.firstPlayer) },
      rounds,
      cpuUsPerGet,
      mismatches,
      peakRssBytes,
    });
    console.log(`result: ${showPath(path)}`);
    if (mismatches > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

export function dbproxyHandlersCommand(): Command {
  return new Command('dbproxy-handlers')
    .description(
      "db-proxy's own CPU per Get without gRPC: its Get method called in-process on MySQL, the kit's per-call path included",
    )
    .addOption(
      new Option('--mysql <url>', 'the MySQL database (the players are seeded there if missing)')
        .env('BENCH_MYSQL')
        .default('mysql://root@127.0.0.1:3306/slg'),
    )
    .addOption(
      new Option('--players <n>', 'players read at random')
        .argParser(parsePositiveInt)
        .default(10_000),
    )
    .addOption(new Option('--first-player <id>', 'the first player id').default('900000000'))
    .addOption(
      new Option(
        '--in-flight <n>',
        'Gets in flight (db-proxy sees ~18 at a time under bench dbproxy)',
      )
        .argParser(parsePositiveInt)
        .default(18),
    )
    .addOption(
      new Option('-n, --gets <n>', 'Gets per round').argParser(parsePositiveInt).default(60_000),
    )
    .addOption(
      new Option('--rounds <n>', 'rounds (the first warms up)')
        .argParser(parsePositiveInt)
        .default(4),
    )
    .addOption(new Option('-o, --out <file>', 'the JSON result (default: bench/results/...)'))
    .action(async (raw: Record<string, unknown>) => {
      if ((raw.rounds as number) < 2)
        throw new UsageError('--rounds: at least 2 (the first warms up)');
      await run({
        mysql: raw.mysql as string,
        players: raw.players as number,
        firstPlayer: BigInt(raw.firstPlayer as string),
        inFlight: raw.inFlight as number,
        gets: raw.gets as number,
        rounds: raw.rounds as number,
        out: raw.out as string | undefined,
      });
    });
}
