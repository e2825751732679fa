// `bench battle`: the battle-server load (bench/src/battle.ts, autocannon, an ApacheBench-style
// summary), with the result written in the bench's JSON format. With --ceiling it also
// measures what issue 6 compares against: H, the same load on the canned route (no simulation),
// and S, the battles/s the worker pool computes with no HTTP; then prints 1/(1/H + 1/S).
import { Command, Option } from 'commander';
import { type BattleBenchResult, runBattleBench } from '../battle.ts';
import { collectEnvironment, environmentLine } from '../lib/environment.ts';
import { parseDuration, parsePositiveInt, UsageError } from '../lib/options.ts';
import { int } from '../lib/report.ts';
import {
  defaultResultPath,
  RESULT_SCHEMA_VERSION,
  showPath,
  writeResult,
} from '../lib/result-file.ts';

export function battleCommand(): Command {
  return new Command('battle')
    .description('load battle-server over HTTP with autocannon; prints what ApacheBench prints')
    .addOption(
      new Option('--url <url>', 'the URL to load (the sample battle endpoint)')
        .env('BENCH_BATTLE_URL')
        .default('http://127.0.0.1:8080/v1/battles/sample/7'),
    )
    .addOption(
      new Option('-c, --connections <n>', 'concurrent connections (ab -c)')
        .env('BENCH_CONNECTIONS')
        .argParser(parsePositiveInt)
        .default(100),
    )
    .addOption(
      new Option('-d, --duration <time>', 'how long to load (e.g. 10s)')
        .env('BENCH_DURATION')
        .default('10s'),
    )
    .addOption(
      new Option('-n, --requests <n>', 'stop after this many requests (ab -n) instead').argParser(
        parsePositiveInt,
      ),
    )
    .addOption(new Option('--no-keepalive', 'a new connection per request (as ab without -k)'))
    .addOption(
      new Option(
        '--ceiling',
        'also measure H (the canned route, same load) and S (battles/s with no HTTP, in the server mode given by --mode)',
      ),
    )
    .addOption(
      new Option('--mode <mode>', "the server's BATTLE_MODE, for S")
        .choices(['cluster', 'pool'])
        .default('cluster'),
    )
    .addOption(
      new Option(
        '--canned-url <url>',
        'the canned route for H (default: /v1/battles/canned on the same server)',
      ),
    )
    .addOption(
      new Option(
        '-o, --out <file>',
        'the JSON result file (default: bench/results/battle-<time>.json)',
      ).env('BENCH_OUT'),
    )
    .addOption(new Option('-q, --quiet', 'print only the summary lines'))
    .action(async (o: Record<string, unknown>) => {
      const env = collectEnvironment();
      let url: URL;
      try {
        url = new URL(o.url as string);
      } catch {
        throw new UsageError(`--url: not a URL: ${String(o.url)}`);
      }
      const requests = (o.requests as number | undefined) ?? undefined;
      const durationSec =
        requests === undefined ? parseDuration(String(o.duration)) / 1000 : undefined;
      const common = {
        connections: o.connections as number,
        keepAlive: o.keepalive !== false,
        quiet: o.quiet === true,
        ...(durationSec !== undefined ? { durationSec } : {}),
        ...(requests !== undefined ? { amount: requests } : {}),
      };
      console.log(
        `bench battle: ${url.href}, ${common.connections} connections, ${requests !== undefined ? `${requests} requests` : `${durationSec} s`}`,
      );
      console.log(environmentLine(env));
      const main = await runBattleBench({ url: url.href, ...common });
      let ceiling: { H: BattleBenchResult; S: number; combined: number; ratio: number } | null =
        null;
      if (o.ceiling) {
        const cannedUrl =
          (o.cannedUrl as string | undefined) ?? new URL('/v1/battles/canned', url).href;
        console.log(`\nH: the same load on ${cannedUrl}`);
        const H = await runBattleBench({ url: cannedUrl, ...common });
        // Imported only here: it loads battle-server's simulation.
        const { ceilingFor } = await import('../battle-ceiling.ts');
        const { availableParallelism } = await import('node:os');
        const mode = o.mode as 'cluster' | 'pool';
        const S = await ceilingFor(mode, { threads: availableParallelism(), seconds: 5 });
        const h = H.figures.requestsPerSec;
        const combined = 1 / (1 / h + 1 / S.battlesPerSec);
        const ratio = main.figures.requestsPerSec / combined;
        ceiling = { H, S: S.battlesPerSec, combined, ratio };
        console.log(
          `\nceiling: H ${int(h)} requests/s (canned), S ${int(S.battlesPerSec)} battles/s (${o.mode}, no HTTP), ` +
            `1/(1/H + 1/S) = ${int(combined)}/s; this run: ${int(main.figures.requestsPerSec)} requests/s = ${(ratio * 100).toFixed(1)}%`,
        );
      }
      const path = writeResult(
        (o.out as string | undefined) ?? defaultResultPath('battle', env.startedAt),
        {
          schemaVersion: RESULT_SCHEMA_VERSION,
          kind: 'battle',
          environment: env,
          settings: main.settings,
          figures: main.figures,
          percentilesMs: main.percentiles,
          histogram: main.histogram,
          ceiling: ceiling
            ? {
                H: { settings: ceiling.H.settings, figures: ceiling.H.figures },
                S: ceiling.S,
                combined: ceiling.combined,
                ratio: ceiling.ratio,
              }
            : null,
        },
      );
      console.log(`result: ${showPath(path)}`);
      if (main.figures.failedRequests > 0 || main.figures.non2xx > 0) process.exitCode = 1;
    });
}
