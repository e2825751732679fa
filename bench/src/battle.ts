// `bench battle`: loads the battle server over HTTP with autocannon (or ApacheBench) and prints
// what ApacheBench prints (requests per second, both "time per request" lines, transfer rate,
// failed requests and the percentile table), then returns the result and optionally writes it
// as the bench's JSON result file.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import { collectEnvironment, type Environment } from './lib/environment.ts';
import { UsageError } from './lib/options.ts';
import { childrenCpuSeconds } from './lib/proc.ts';
import { RESULT_SCHEMA_VERSION, writeResult } from './lib/result-file.ts';
import { battleSecurity } from './lib/security.ts';

/** A request body for POST (`bench battle --body FILE`): the file's bytes, sent as they are. */
export interface BattleBody {
  /** The file as given. */
  path: string;
  /** What is sent, every request: the file's text (its bytes, for a UTF-8 file). */
  text: string;
  /** Its length in bytes (UTF-8). */
  bytes: number;
  /** The sha256 (hex) of those bytes: says two runs sent the same battle, wherever the file was. */
  sha256: string;
}

/** Reads and parses the body file once; unreadable or not JSON is a usage error naming it. */
export function loadBattleBody(path: string): BattleBody {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`--body ${path}: cannot read it (${(err as Error).message})`);
  }
  try {
    JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--body ${path}: not JSON (${(err as Error).message})`);
  }
  const data = Buffer.from(text, 'utf8');
  return {
    path,
    text,
    bytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

export interface BattleBenchOptions {
  /** Full URL to load, e.g. http://127.0.0.1:8080/v1/battles/sample/7 */
  url: string;
  /** Concurrent connections (ab -c). */
  connections: number;
  /** Run for this long (default 10 s unless `amount` is given). */
  durationSec?: number;
  /** Stop after this many requests (ab -n). */
  amount?: number;
  /** Write the result (a `battle` result file) to this file. */
  json?: string;
  /** The machine as the caller stated it before the run (default: collected as the run starts). */
  environment?: Environment;
  /**
   * Reuse connections (ab -k), the default. false sends `Connection: close` so each request opens
   * a connection, as ab without -k does (autocannon reconnects slowly: use ab for that mode).
   */
  keepAlive?: boolean;
  /** Print nothing (tests). */
  quiet?: boolean;
  /** POST this body (content-type application/json) instead of a GET. */
  body?: BattleBody;
  /**
   * The load generator: autocannon (in this process, the default) or ApacheBench (`ab`, a C
   * program: a few times less CPU per request, for a server that must not share its machine's
   * cores with a costly client; plain http only).
   */
  engine?: 'autocannon' | 'ab';
}

/** The percentiles of ab's table. */
export const AB_PERCENTILES = [50, 66, 75, 80, 90, 95, 98, 99, 100] as const;

/** A run's result, as its JSON result file holds it. */
export interface BattleBenchResult {
  schemaVersion: number;
  kind: 'battle';
  environment: Environment;
  settings: {
    url: string;
    connections: number;
    durationSec: number | null;
    amount: number | null;
    keepAlive: boolean;
    loadGenerator: 'autocannon' | 'ab';
    /** With a body only (a GET run has none of these): the method and the body sent. */
    method?: 'POST';
    /** The body file as given (not part of the workload: it may differ between machines). */
    bodyPath?: string;
    bodyBytes?: number;
    bodySha256?: string;
  };
  figures: {
    completeRequests: number;
    failedRequests: number;
    non2xx: number;
    timeouts: number;
    errors: number;
    timeTakenSec: number;
    requestsPerSec: number;
    /** ab: concurrency x time taken / requests */
    timePerRequestMs: number;
    /** ab: time taken / requests */
    timePerRequestAcrossMs: number;
    totalTransferredBytes: number;
    transferRateKBps: number;
    documentLength: number | null;
    latencyMeanMs: number;
  };
  /** Milliseconds within which the given percentage of the requests was served. */
  percentilesMs: Record<string, number>;
  /** The latency histogram in microseconds (HdrHistogram, compressed base64). */
  histogram: { unit: 'us'; encoded: string; min: number; max: number; count: number };
  /**
   * With --engine ab: the load generator's CPU over the run (ab's own, a child process), which
   * bench pair's gate reads; with autocannon it is this process's, which pair measures itself.
   */
  client?: { cores: number; cpuS: number };
  cpuPerRequest?: { client: { us: number } };
}

type Settings = BattleBenchResult['settings'];

/** The request every connection sends, and the Document Length probe too. */
interface LoadRequest {
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

export function formatAbSummary(r: BattleBenchResult): string {
  const u = new URL(r.settings.url);
  const f = r.figures;
  const lines = [
    `Server Hostname:        ${u.hostname}`,
    `Server Port:            ${u.port || (u.protocol === 'https:' ? 443 : 80)}`,
    '',
    `Document Path:          ${u.pathname}${u.search}`,
    `Document Length:        ${f.documentLength ?? '?'} bytes`,
  ];
  if (r.settings.bodySha256 !== undefined)
    lines.push(
      `Body (POST):            ${r.settings.bodyPath}, ${r.settings.bodyBytes} bytes, sha256 ${r.settings.bodySha256.slice(0, 16)}`,
    );
  lines.push(
    '',
    `Concurrency Level:      ${r.settings.connections}`,
    `Time taken for tests:   ${f.timeTakenSec.toFixed(3)} seconds`,
    `Complete requests:      ${f.completeRequests}`,
    `Failed requests:        ${f.failedRequests}`,
  );
  if (f.non2xx > 0) lines.push(`Non-2xx responses:      ${f.non2xx}`);
  lines.push(
    `Keep-Alive requests:    ${r.settings.keepAlive ? f.completeRequests : 0}`,
    `Total transferred:      ${f.totalTransferredBytes} bytes`,
    `Requests per second:    ${f.requestsPerSec.toFixed(2)} [#/sec] (mean)`,
    `Time per request:       ${f.timePerRequestMs.toFixed(3)} [ms] (mean)`,
    `Time per request:       ${f.timePerRequestAcrossMs.toFixed(3)} [ms] (mean, across all concurrent requests)`,
    `Transfer rate:          ${f.transferRateKBps.toFixed(2)} [Kbytes/sec] received`,
    '',
    'Percentage of the requests served within a certain time (ms)',
  );
  for (const p of AB_PERCENTILES) {
    const v = Math.round(r.percentilesMs[String(p)] ?? 0);
    const tail = p === 100 ? ' (longest request)' : '';
    lines.push(`${String(p).padStart(4)}%  ${String(v).padStart(6)}${tail}`);
  }
  return `${lines.join('\n')}\n`;
}

/** What a load run gives, whichever engine ran it: ab's counts, the bytes received. */
type LoadOutcome = Pick<
  BattleBenchResult['figures'],
  'completeRequests' | 'failedRequests' | 'non2xx' | 'timeouts' | 'errors' | 'timeTakenSec'
> & { bytes: number } & Pick<BattleBenchResult, 'client'>;

/**
 * The load through ApacheBench: `ab -g` writes each request's total time (ms), which fills the
 * histogram (1 ms resolution: ab's own); its summary gives the counts. Failed requests are ab's
 * connect, receive and exception failures (not its "length" ones: an answer may vary in length).
 */
async function runAb(
  s: Settings,
  headers: Record<string, string>,
  histogram: hdr.Histogram,
): Promise<LoadOutcome> {
  if (!s.url.startsWith('http:'))
    throw new UsageError('--engine ab: plain http only (ab here has no client certificates)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-ab-'));
  const gnuplot = join(dir, 'requests.tsv');
  const args = ['-r', '-c', String(s.connections), '-s', '30', '-g', gnuplot];
  if (s.keepAlive) args.push('-k');
  if (s.amount !== null) args.push('-n', String(s.amount));
  else args.push('-t', String(s.durationSec), '-n', '50000000');
  if (s.bodyPath !== undefined) args.push('-p', s.bodyPath, '-T', 'application/json');
  for (const [k, v] of Object.entries(headers))
    if (!['connection', 'content-type'].includes(k.toLowerCase())) args.push('-H', `${k}: ${v}`);
  args.push(s.url);
  // ab's CPU: this process's waited-for children's.
  const cpuBefore = childrenCpuSeconds('self') ?? 0;
  const started = performance.now();
  try {
    const out = await new Promise<string>((resolve, reject) => {
      execFile('ab', args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (!err || stdout.includes('Complete requests')) resolve(stdout);
        else
          reject(
            (err as NodeJS.ErrnoException).code === 'ENOENT'
              ? new UsageError('--engine ab: ab is not installed (Debian: apache2-utils)')
              : new Error(`ab failed: ${stderr.trim() || err.message}`),
          );
      });
    });
    const wallS = (performance.now() - started) / 1000;
    const cpuS = (childrenCpuSeconds('self') ?? 0) - cpuBefore;
    for (const row of readFileSync(gnuplot, 'utf8').split('\n').slice(1)) {
      const ttime = Number(row.split('\t')[4]);
      if (row && Number.isFinite(ttime)) histogram.recordValue(Math.max(1, ttime * 1000));
    }
    const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
    return {
      completeRequests: num(/^Complete requests:\s+(\d+)/m),
      failedRequests: num(/^Failed requests:\s+(\d+)/m) - num(/Length: (\d+)/),
      non2xx: num(/^Non-2xx responses:\s+(\d+)/m),
      timeouts: 0,
      errors: num(/Exceptions: (\d+)/),
      timeTakenSec: num(/^Time taken for tests:\s+([\d.]+) seconds/m),
      bytes: num(/^Total transferred:\s+(\d+) bytes/m),
      client: { cores: wallS > 0 ? cpuS / wallS : 0, cpuS },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The load through autocannon, in this process. */
async function runAutocannon(
  s: Settings,
  request: LoadRequest & ReturnType<typeof battleSecurity>,
  histogram: hdr.Histogram,
): Promise<LoadOutcome> {
  let bytes = 0;
  // Without a callback autocannon returns its instance, an event emitter that is also thenable
  // (lib/init.js); @types/autocannon types that call as a bare Promise.
  const instance = autocannon({
    url: s.url,
    // https: the client certificate of --tls-cert (autocannon does not verify the server's);
    // the internal token of --token.
    ...request,
    connections: s.connections,
    ...(s.durationSec !== null ? { duration: s.durationSec } : {}),
    ...(s.amount !== null ? { amount: s.amount } : {}),
    timeout: 30,
    // autocannon's reconnectRate drops the answer it reconnects after; asking the server to close
    // the connection after each answer is what ab does without -k.
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, resBytes: number, ms: number) => {
    histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
    bytes += resBytes;
  });
  const res = await instance;
  return {
    completeRequests: res.requests.total,
    failedRequests: res.errors + res.timeouts,
    non2xx: res.non2xx,
    timeouts: res.timeouts,
    errors: res.errors,
    timeTakenSec: (res.finish.getTime() - res.start.getTime()) / 1000,
    bytes,
  };
}

export async function runBattleBench(opts: BattleBenchOptions): Promise<BattleBenchResult> {
  const environment = opts.environment ?? collectEnvironment();
  const { body, connections } = opts;
  const settings: Settings = {
    url: opts.url,
    connections,
    durationSec: opts.amount === undefined ? (opts.durationSec ?? 10) : (opts.durationSec ?? null),
    amount: opts.amount ?? null,
    keepAlive: opts.keepAlive ?? true,
    loadGenerator: opts.engine ?? 'autocannon',
    ...(body
      ? { method: 'POST', bodyPath: body.path, bodyBytes: body.bytes, bodySha256: body.sha256 }
      : {}),
  };
  // The same request for the probe and the load: the method, the body, the headers (the token).
  const security = battleSecurity(opts.url, settings.keepAlive ? {} : { connection: 'close' });
  const headers = security.headers ?? {};
  const req: LoadRequest = body
    ? {
        method: 'POST',
        body: body.text,
        headers: { ...headers, 'content-type': 'application/json' },
      }
    : { method: 'GET', headers };
  // The Document Length, on fetch's own connection (without the keep-alive flag's `connection`).
  const { connection: _, ...probeHeaders } = req.headers;
  const documentLength = await fetch(opts.url, { ...req, headers: probeHeaders })
    .then(async (res) => (await res.arrayBuffer()).byteLength)
    .catch(() => null);
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const load =
    settings.loadGenerator === 'ab'
      ? await runAb(settings, headers, histogram)
      : await runAutocannon(settings, { ...security, ...req }, histogram);
  const { bytes, client, ...counts } = load;
  const { completeRequests: complete, timeTakenSec } = counts;
  const result: BattleBenchResult = {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: 'battle',
    environment,
    settings,
    figures: {
      ...counts,
      requestsPerSec: complete / timeTakenSec,
      timePerRequestMs: complete > 0 ? (connections * timeTakenSec * 1000) / complete : 0,
      timePerRequestAcrossMs: complete > 0 ? (timeTakenSec * 1000) / complete : 0,
      totalTransferredBytes: bytes,
      transferRateKBps: bytes / 1024 / timeTakenSec,
      documentLength,
      latencyMeanMs: histogram.mean / 1000,
    },
    // The histogram answers a percentile with its bucket's highest equivalent value, which can
    // exceed the exact maximum it also keeps: no percentile is above the longest request. (An
    // empty histogram answers 0 for both.)
    percentilesMs: Object.fromEntries(
      AB_PERCENTILES.map((p) => [
        String(p),
        Math.min(histogram.getValueAtPercentile(p), histogram.maxValue) / 1000,
      ]),
    ),
    histogram: {
      unit: 'us',
      encoded: hdr.encodeIntoCompressedBase64(histogram),
      min: histogram.totalCount > 0 ? histogram.minNonZeroValue : 0,
      max: histogram.maxValue,
      count: histogram.totalCount,
    },
    ...(client
      ? {
          client,
          cpuPerRequest: { client: { us: complete > 0 ? (client.cpuS * 1e6) / complete : 0 } },
        }
      : {}),
  };
  histogram.destroy();
  if (!opts.quiet) process.stdout.write(formatAbSummary(result));
  if (opts.json) writeResult(opts.json, result);
  return result;
}
