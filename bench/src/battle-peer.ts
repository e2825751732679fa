// `bench battle --peer php`: battle-server beside the case study's own battle stack, Apache httpd
// prefork with mod_php (bench/peers/php/), under the same ab-style load (autocannon, ab's
// figures), in alternation: every round loads each target in turn for --duration, so a change in
// the machine's other load hits them alike. Three targets:
//   battle-server   its sample battle (--url, e.g. /v1/battles/sample/7)
//   php canned      /canned.php: the same ~200 bytes with no work (the limit of that HTTP stack)
//   php battle      /battle.php?seed=N: the same battle fought in PHP (the seed's real work)
// Before loading, the PHP battle's answer must be byte-equal to battle-server's for the seed.
// Each target's processes are measured as a tree (Apache's parent and children; battle-server's
// primary and workers): peak RSS and PSS, CPU per request.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type BattleBenchResult, runBattleBench } from './battle.ts';
import { pidsListeningOn } from './lib/proc.ts';
import { TreeSampler, type TreeUsage } from './lib/proc-stats.ts';
import { bytes, int, median, table } from './lib/report.ts';

const phpPeerScript = fileURLToPath(new URL('../peers/php/start.sh', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts bench/peers/php/start.sh (installing Apache and mod_php when missing): its document
 * root's URL (ending in "/"), Apache's parent process, and how to stop it.
 */
export async function startPhpPeer(o: { workers: number }) {
  const args = [phpPeerScript, '--port', String(await freePort()), '--workers', String(o.workers)];
  const child = spawn('bash', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^php peer: (\S+) apache pid (\d+)/m.exec(out);
      if (m) resolve({ url: m[1]!, pid: Number(m[2]) });
    });
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `the PHP peer (${phpPeerScript}) exited (${signal ?? `code ${code}`}) before serving: ${stderr.trim().split('\n').slice(-5).join(' | ')}`,
        ),
      ),
    );
    child.once('error', reject);
  });
  return {
    ...ready,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface PeerTarget {
  name: string;
  url: string;
  /** The processes measured (each with its descendants). */
  roots: number[];
}

interface PeerRound extends Pick<BattleBenchResult, 'figures' | 'percentilesMs'> {
  target: string;
  usage: TreeUsage;
}

type PeerComparison = Awaited<ReturnType<typeof runPeerComparison>>;

/** The unmeasured warm-up of each target (connections open, code compiled, Apache's children forked). */
const WARM_UP_S = 2;

/** A target's rounds summed up. */
function summarize(target: PeerTarget, rounds: PeerRound[]) {
  const sum = (f: (r: PeerRound) => number) => rounds.reduce((n, r) => n + f(r), 0);
  const max = (f: (r: PeerRound) => number) => Math.max(...rounds.map(f));
  const complete = sum((r) => r.figures.completeRequests);
  const rates = rounds.map((r) => r.figures.requestsPerSec);
  return {
    target: target.name,
    url: target.url,
    roots: target.roots,
    // The median of the rounds' rates, and each round's.
    requestsPerSec: median(rates),
    rates,
    completeRequests: complete,
    failedRequests: sum((r) => r.figures.failedRequests),
    non2xx: sum((r) => r.figures.non2xx),
    // The worst round's p50 and p99 (ms).
    p50Ms: max((r) => r.percentilesMs['50'] ?? 0),
    p99Ms: max((r) => r.percentilesMs['99'] ?? 0),
    // CPU microseconds of the target's processes per complete request, over all rounds.
    cpuUsPerRequest:
      target.roots.length && complete > 0 ? (sum((r) => r.usage.cpuS) * 1e6) / complete : null,
    peakRssBytes: max((r) => r.usage.peakRssBytes),
    peakPssBytes: rounds.some((r) => r.usage.peakPssBytes === null)
      ? null
      : max((r) => r.usage.peakPssBytes!),
    peakProcesses: max((r) => r.usage.peakProcesses),
  };
}

const roundLine = ({ target, figures: f }: PeerRound) =>
  `${target} ${int(f.requestsPerSec)}/s (failed ${f.failedRequests}, non-2xx ${f.non2xx})`;

async function body(url: string): Promise<string> {
  const res = await fetch(url);
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

/**
 * Loads the targets in alternation. `targets[0]` is battle-server, the others the PHP pages;
 * `seedUrls` are the two battle URLs whose answers must be equal.
 */
export async function runPeerComparison(o: {
  targets: PeerTarget[];
  seedUrls: { seed: string; battleServer: string; php: string };
  connections: number;
  durationSec: number;
  rounds: number;
  keepAlive: boolean;
  say: (line: string) => void;
}) {
  const [a, b] = await Promise.all([body(o.seedUrls.battleServer), body(o.seedUrls.php)]);
  const sameAnswer = { seed: o.seedUrls.seed, equal: a === b, battleServer: a, php: b };
  o.say(
    sameAnswer.equal
      ? `the PHP battle answers seed ${o.seedUrls.seed} byte for byte as battle-server does (${a.length} bytes, hash ${/"hash":"([0-9a-f]{12})/.exec(a)?.[1] ?? '?'}...)`
      : `MISMATCH: seed ${o.seedUrls.seed}: battle-server answered ${a} but the PHP battle ${b}`,
  );
  const load = (url: string, durationSec: number) =>
    runBattleBench({
      url,
      connections: o.connections,
      durationSec,
      keepAlive: o.keepAlive,
      quiet: true,
    });
  for (const t of o.targets) await load(t.url, WARM_UP_S);
  const rounds: PeerRound[][] = [];
  for (let r = 0; r < o.rounds; r++) {
    const round: PeerRound[] = [];
    for (const t of o.targets) {
      const sampler = new TreeSampler(t.roots);
      sampler.start();
      const { figures, percentilesMs } = await load(t.url, o.durationSec);
      round.push({ target: t.name, figures, percentilesMs, usage: sampler.stop() });
    }
    o.say(`round ${r + 1}/${o.rounds}: ${round.map(roundLine).join('; ')}`);
    rounds.push(round);
  }
  const summaries = o.targets.map((t, i) =>
    summarize(
      t,
      rounds.map((round) => round[i]!),
    ),
  );
  // battle-server's rate over each PHP target's (median rates).
  const first = summaries[0]!;
  const ratios = summaries.slice(1).map((s) => ({
    of: first.target,
    to: s.target,
    ratio:
      s.requestsPerSec > 0 ? first.requestsPerSec / s.requestsPerSec : Number.POSITIVE_INFINITY,
  }));
  return { connections: o.connections, rounds, summaries, ratios, sameAnswer };
}

type PeerSummary = ReturnType<typeof summarize>;

/** The table's columns: each one's header and cell. */
const COLUMNS: [string, (s: PeerSummary) => string][] = [
  ['target', (s) => s.target],
  ['req/s', (s) => int(s.requestsPerSec)],
  ['rounds', (s) => s.rates.map((r) => int(r)).join(' / ')],
  ['failed', (s) => int(s.failedRequests)],
  ['non-2xx', (s) => int(s.non2xx)],
  ['p50 ms', (s) => s.p50Ms.toFixed(0)],
  ['p99 ms', (s) => s.p99Ms.toFixed(0)],
  ['CPU us/req', (s) => (s.cpuUsPerRequest === null ? '-' : int(s.cpuUsPerRequest))],
  ['peak RSS', (s) => bytes(s.peakRssBytes)],
  ['peak PSS', (s) => (s.peakPssBytes === null ? '-' : bytes(s.peakPssBytes))],
  ['procs', (s) => String(s.peakProcesses)],
];

/** The comparison's table and ratio lines. */
export function formatPeerComparison(c: PeerComparison): string {
  const lines = [
    `-c ${c.connections}, median of ${c.rounds.length} alternating rounds (failed, non-2xx: sums; p50/p99: the worst round; CPU, RSS, PSS: the target's whole process tree):`,
    table(
      COLUMNS.map(([header]) => header),
      c.summaries.map((s) => COLUMNS.map(([, cell]) => cell(s))),
    ),
  ];
  for (const r of c.ratios)
    lines.push(`${r.of} / ${r.to}: ${Number.isFinite(r.ratio) ? `${r.ratio.toFixed(2)}x` : 'n/a'}`);
  lines.push(
    '(the targets against the canned page: >= 1.5x at -c 100, >= 4x at -c 2000, 0 failed)',
  );
  return lines.join('\n');
}

/** The processes listening on the URL's port. */
export function listenersOf(url: string): number[] {
  const u = new URL(url);
  return pidsListeningOn(Number(u.port || (u.protocol === 'https:' ? 443 : 80)));
}
