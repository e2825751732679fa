// `bench battle`: the battle-server load (bench/src/battle.ts, autocannon, an ApacheBench-style
// summary), with the result written in the bench's JSON format; --peer php sets the case
// study's PHP stack beside it (bench/src/battle-peer.ts).
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { loadBattleBody, runBattleBench } from '../battle.ts';
import { collectEnvironment, type Environment, environmentLine } from '../lib/environment.ts';
import { parseDuration, parsePositiveInt, UsageError } from '../lib/options.ts';
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
    .option('-n, --requests <n>', 'stop after this many requests (ab -n) instead', parsePositiveInt)
    .option(
      '--body <file>',
      'POST this JSON file (content-type application/json) to --url on every request instead of a GET, e.g. --url http://127.0.0.1:8080/v1/battles --body fixtures/battle-heavy.json',
    )
    .option('--no-keepalive', 'a new connection per request (as ab without -k)')
    .addOption(
      new Option(
        '--engine <name>',
        'the load generator: autocannon (in this process) or ab (ApacheBench, a C program using a few times less CPU per request: for a server sharing its cores with the load generator; http only)',
      )
        .choices(['autocannon', 'ab'])
        .default('autocannon'),
    )
    .addOption(
      new Option(
        '-o, --out <file>',
        'the JSON result file (default: bench/results/battle-<time>.json)',
      ).env('BENCH_OUT'),
    )
    .option('-q, --quiet', 'print only the summary lines')
    .addOption(
      new Option(
        '--peer <stack>',
        "also load the case study's stack, in alternating rounds: php = Apache prefork + mod_php (bench/peers/php/, started and stopped by the bench): its canned page and the same battle in PHP",
      ).choices(['php']),
    )
    .option(
      '--peer-url <url>',
      'a PHP peer already running (its document root), instead of starting one',
    )
    .option(
      '--peer-workers <n>',
      "the PHP peer's MaxRequestWorkers (prefork processes)",
      parsePositiveInt,
      150,
    )
    .option(
      '--rounds <n>',
      'with --peer: alternating rounds, each target for --duration',
      parsePositiveInt,
      2,
    )
    .addOption(
      new Option(
        '--server-pids <pids>',
        "with --peer: battle-server's processes (each with its children); default: the one listening on --url's port",
      ).env('BENCH_SERVER_PIDS'),
    )
    .action(async (o: Record<string, unknown>) => {
      const peer = Boolean(o.peer || o.peerUrl);
      if (peer && o.body !== undefined)
        throw new UsageError('--peer loads the sample battle (a GET): use it without --body');
      if (peer && o.engine === 'ab')
        throw new UsageError(
          '--peer loads both stacks with autocannon: use it without --engine ab',
        );
      let url: URL;
      try {
        url = new URL(o.url as string);
      } catch {
        throw new UsageError(`--url: not a URL: ${String(o.url)}`);
      }
      const environment = collectEnvironment();
      const out =
        (o.out as string | undefined) ??
        defaultResultPath(peer ? 'battle-peer' : 'battle', environment.startedAt);
      if (peer) {
        process.exitCode = await runPeer(o, url, environment, out);
        return;
      }
      // Read and parsed once, before any load.
      const body = o.body !== undefined ? loadBattleBody(String(o.body)) : undefined;
      const amount = o.requests as number | undefined;
      const durationSec =
        amount === undefined ? parseDuration(String(o.duration)) / 1000 : undefined;
      const connections = o.connections as number;
      console.log(
        `bench battle: ${body ? `POST ${body.path} (${body.bytes} bytes) to ` : ''}${url.href}, ${connections} connections, ${amount !== undefined ? `${amount} requests` : `${durationSec} s`}`,
      );
      console.log(environmentLine(environment));
      const r = await runBattleBench({
        url: url.href,
        connections,
        durationSec,
        amount,
        body,
        engine: o.engine as 'autocannon' | 'ab',
        keepAlive: o.keepalive !== false,
        quiet: o.quiet === true,
        environment,
        json: out,
      });
      console.log(`result: ${showPath(resolve(out))}`);
      if (r.figures.failedRequests > 0 || r.figures.non2xx > 0) process.exitCode = 1;
    });
}

/** `bench battle --peer php`: battle-server and the PHP peer's two pages, in alternation. */
async function runPeer(o: Record<string, unknown>, url: URL, env: Environment, out: string) {
  if (o.requests !== undefined)
    throw new UsageError('--peer loads each target for --duration: use it without --requests');
  const seed = /\/(\d{1,10})$/.exec(url.pathname)?.[1];
  if (seed === undefined)
    throw new UsageError(
      `--url must be battle-server's sample battle, /v1/battles/sample/<seed> (got ${url.pathname})`,
    );
  const serverPids = String(o.serverPids ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      const n = Number(x);
      if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--server-pids: not a pid: ${x}`);
      return n;
    });
  const load = {
    connections: o.connections as number,
    durationSec: parseDuration(String(o.duration)) / 1000,
    rounds: o.rounds as number,
    keepAlive: o.keepalive !== false,
  };
  const say = (line: string) => console.log(line);
  // Imported only here: the peer's process handling.
  const { formatPeerComparison, listenersOf, runPeerComparison, startPhpPeer } = await import(
    '../battle-peer.ts'
  );
  if (!o.peerUrl) say(`starting the PHP peer (${o.peerWorkers} prefork workers)...`);
  const peer = o.peerUrl
    ? { url: String(o.peerUrl).replace(/\/?$/, '/'), pid: null, stop: async () => {} }
    : await startPhpPeer({ workers: o.peerWorkers as number });
  try {
    const apache = peer.pid !== null ? [peer.pid] : listenersOf(peer.url);
    // battle-server's processes: --server-pids, else whoever listens on the URL's port.
    const servers = serverPids.length ? serverPids : listenersOf(url.href);
    say(
      `bench battle --peer php: ${load.connections} connections, ${load.durationSec} s per target and round, ${load.rounds} rounds; keep-alive ${load.keepAlive ? 'on' : 'off'}`,
    );
    say(environmentLine(env));
    say(
      `battle-server ${url.href} (processes ${servers.join(', ') || 'unknown: give --server-pids'}); PHP peer ${peer.url} (Apache ${apache.join(', ') || 'unknown'})`,
    );
    const targets = [
      { name: 'battle-server', url: url.href, roots: servers },
      { name: 'php canned', url: new URL('canned.php', peer.url).href, roots: apache },
      { name: 'php battle', url: new URL(`battle.php?seed=${seed}`, peer.url).href, roots: apache },
    ];
    const c = await runPeerComparison({
      targets,
      seedUrls: { seed, battleServer: url.href, php: targets[2]!.url },
      ...load,
      say,
    });
    say('');
    say(formatPeerComparison(c));
    const loadAverageAfter = loadavg().map((x) => Math.round(x * 100) / 100);
    say(`load average before ${env.loadAverage.join(' ')}, after ${loadAverageAfter.join(' ')}`);
    const path = writeResult(out, {
      schemaVersion: RESULT_SCHEMA_VERSION,
      kind: 'battle-peer',
      environment: env,
      loadAverageAfter,
      settings: {
        url: url.href,
        peer: 'php',
        peerUrl: peer.url,
        peerWorkers: o.peerUrl ? null : o.peerWorkers,
        ...load,
        loadGenerator: 'autocannon',
      },
      ...c,
    });
    say(`result: ${showPath(path)}`);
    const failed = c.summaries.some((s) => s.failedRequests > 0 || s.non2xx > 0);
    return !c.sameAnswer.equal || failed ? 1 : 0;
  } finally {
    await peer.stop();
  }
}
