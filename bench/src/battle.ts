// `bench battle`: loads the battle server over HTTP with autocannon and prints what ApacheBench
// prints (requests per second, both "time per request" lines, transfer rate, failed requests and
// the percentile table), then returns and optionally writes the result as JSON.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import { collectEnvironment, type Environment } from './lib/environment.ts';
import { UsageError } from './lib/options.ts';
import { childrenCpuSeconds } from './lib/proc.ts';
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
  /** Write the JSON result to this file. */
  json?: string;
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

export interface BattleBenchResult {
  settings: {
    url: string;
    connections: number;
    durationSec: number | null;
    amount: number | null;
    keepAlive: boolean;
    loadGenerator: string;
    /** With a body only (a GET run has none of these): the method and the body sent. */
    method?: 'POST';
    /** The body file as given (not part of the workload: it may differ between machines). */
    bodyPath?: string;
    bodyBytes?: number;
    bodySha256?: string;
  };
  environment: Environment;
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
  percentiles: Record<string, number>;
  /** The latency histogram in microseconds (HdrHistogram, compressed base64). */
  histogram: { unit: 'us'; encoded: string; min: number; max: number; count: number };
  /**
   * With --engine ab: the load generator's CPU over the run (ab's own, a child process), which
   * bench pair's gate reads; with autocannon it is this process's, which pair measures itself.
   */
  client?: { cores: number; cpuS: number };
  cpuPerRequest?: { client: { us: number } };
}

/** The request every connection sends: a GET, or the body's POST. */
function requestOf(body: BattleBody | undefined, headers: Record<string, string>) {
  return body
    ? {
        method: 'POST' as const,
        body: body.text,
        headers: { ...headers, 'content-type': 'application/json' },
      }
    : { method: 'GET' as const, headers };
}

async function documentLength(
  url: string,
  req: ReturnType<typeof requestOf>,
): Promise<number | null> {
  // fetch's own connection: without the keep-alive flag's `connection: close`.
  const { connection: _, ...headers } = req.headers as Record<string, string>;
  try {
    const res = await fetch(url, { ...req, headers });
    return (await res.arrayBuffer()).byteLength;
  } catch {
    return null;
  }
}

function fmt(n: number, digits = 3): string {
  return n.toFixed(digits);
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
    `Time taken for tests:   ${fmt(f.timeTakenSec)} seconds`,
    `Complete requests:      ${f.completeRequests}`,
    `Failed requests:        ${f.failedRequests}`,
  );
  if (f.non2xx > 0) lines.push(`Non-2xx responses:      ${f.non2xx}`);
  lines.push(
    `Keep-Alive requests:    ${r.settings.keepAlive ? f.completeRequests : 0}`,
    `Total transferred:      ${f.totalTransferredBytes} bytes`,
    `Requests per second:    ${fmt(f.requestsPerSec, 2)} [#/sec] (mean)`,
    `Time per request:       ${fmt(f.timePerRequestMs)} [ms] (mean)`,
    `Time per request:       ${fmt(f.timePerRequestAcrossMs)} [ms] (mean, across all concurrent requests)`,
    `Transfer rate:          ${fmt(f.transferRateKBps, 2)} [Kbytes/sec] received`,
    '',
    'Percentage of the requests served within a certain time (ms)',
  );
  for (const p of AB_PERCENTILES) {
    const v = Math.round(r.percentiles[String(p)] ?? 0);
    const tail = p === 100 ? ' (longest request)' : '';
    lines.push(`${String(p).padStart(4)}%  ${String(v).padStart(6)}${tail}`);
  }
  return `${lines.join('\n')}\n`;
}

/** What a load run gives, whichever engine ran it. */
interface LoadOutcome {
  complete: number;
  failed: number;
  non2xx: number;
  timeouts: number;
  errors: number;
  timeTakenSec: number;
  bytes: number;
  client?: { cores: number; cpuS: number };
}

/** This process's waited-for children's CPU (s). */
const childrenCpuS = (): number => childrenCpuSeconds('self') ?? 0;

/**
 * The load through ApacheBench: `ab -g` writes each request's total time (ms), which fills the
 * histogram (1 ms resolution: ab's own); its summary gives the counts. Failed requests are ab's
 * connect, receive and exception failures (not its "length" ones: an answer may vary in length).
 */
async function runAb(
  opts: BattleBenchOptions,
  keepAlive: boolean,
  headers: Record<string, string>,
  histogram: hdr.Histogram,
): Promise<LoadOutcome> {
  if (!opts.url.startsWith('http:'))
    throw new UsageError('--engine ab: plain http only (ab here has no client certificates)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-ab-'));
  const gnuplot = join(dir, 'requests.tsv');
  const args = ['-r', '-c', String(opts.connections), '-s', '30', '-g', gnuplot];
  if (keepAlive) args.push('-k');
  if (opts.amount !== undefined) args.push('-n', String(opts.amount));
  else args.push('-t', String(opts.durationSec ?? 10), '-n', '50000000');
  if (opts.body) args.push('-p', opts.body.path, '-T', 'application/json');
  for (const [k, v] of Object.entries(headers))
    if (!['connection', 'content-type'].includes(k.toLowerCase())) args.push('-H', `${k}: ${v}`);
  args.push(opts.url);
  const cpuBefore = childrenCpuS();
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
    const cpuS = childrenCpuS() - cpuBefore;
    for (const row of readFileSync(gnuplot, 'utf8').split('\n').slice(1)) {
      const ttime = Number(row.split('\t')[4]);
      if (row && Number.isFinite(ttime)) histogram.recordValue(Math.max(1, ttime * 1000));
    }
    const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
    const complete = num(/^Complete requests:\s+(\d+)/m);
    return {
      complete,
      failed: num(/^Failed requests:\s+(\d+)/m) - num(/Length: (\d+)/),
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
  opts: BattleBenchOptions,
  durationSec: number | undefined,
  security: ReturnType<typeof battleSecurity>,
  req: ReturnType<typeof requestOf>,
  histogram: hdr.Histogram,
): Promise<LoadOutcome> {
  let bytes = 0;
  // Without a callback autocannon returns its instance, an event emitter that is also thenable
  // (lib/init.js); @types/autocannon types that call as a bare Promise.
  const instance = autocannon({
    url: opts.url,
    // https: the client certificate of --tls-cert (autocannon does not verify the server's);
    // the internal token of --token.
    ...security,
    ...req,
    connections: opts.connections,
    ...(durationSec !== undefined ? { duration: durationSec } : {}),
    ...(opts.amount !== undefined ? { amount: opts.amount } : {}),
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
    complete: res.requests.total,
    failed: res.errors + res.timeouts,
    non2xx: res.non2xx,
    timeouts: res.timeouts,
    errors: res.errors,
    timeTakenSec: (res.finish.getTime() - res.start.getTime()) / 1000,
    bytes,
  };
}

export async function runBattleBench(opts: BattleBenchOptions): Promise<BattleBenchResult> {
  const keepAlive = opts.keepAlive ?? true;
  const durationSec = opts.amount === undefined ? (opts.durationSec ?? 10) : opts.durationSec;
  // The same request for the probe and the load: the method, the body, the headers (the token).
  const security = battleSecurity(opts.url, keepAlive ? {} : { connection: 'close' });
  const req = requestOf(opts.body, security.headers ?? {});
  const docLength = await documentLength(opts.url, req);
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const engine = opts.engine ?? 'autocannon';
  const load =
    engine === 'ab'
      ? await runAb(opts, keepAlive, security.headers ?? {}, histogram)
      : await runAutocannon(opts, durationSec, security, req, histogram);
  const { complete, failed, timeTakenSec, bytes } = load;
  const percentiles: Record<string, number> = {};
  for (const p of AB_PERCENTILES) {
    percentiles[String(p)] =
      histogram.totalCount === 0
        ? 0
        : // The histogram answers a percentile with its bucket's highest equivalent value, which
          // can exceed the exact maximum it also keeps: no percentile is above the longest request.
          Math.min(histogram.getValueAtPercentile(p), histogram.maxValue) / 1000;
  }
  const result: BattleBenchResult = {
    settings: {
      url: opts.url,
      connections: opts.connections,
      durationSec: durationSec ?? null,
      amount: opts.amount ?? null,
      keepAlive,
      loadGenerator: engine,
      ...(opts.body
        ? {
            method: 'POST' as const,
            bodyPath: opts.body.path,
            bodyBytes: opts.body.bytes,
            bodySha256: opts.body.sha256,
          }
        : {}),
    },
    environment: collectEnvironment(),
    figures: {
      completeRequests: complete,
      failedRequests: failed,
      non2xx: load.non2xx,
      timeouts: load.timeouts,
      errors: load.errors,
      timeTakenSec,
      requestsPerSec: complete / timeTakenSec,
      timePerRequestMs: complete > 0 ? (opts.connections * timeTakenSec * 1000) / complete : 0,
      timePerRequestAcrossMs: complete > 0 ? (timeTakenSec * 1000) / complete : 0,
      totalTransferredBytes: bytes,
      transferRateKBps: bytes / 1024 / timeTakenSec,
      documentLength: docLength,
      latencyMeanMs: histogram.totalCount > 0 ? histogram.mean / 1000 : 0,
    },
    percentiles,
    histogram: {
      unit: 'us',
      encoded: hdr.encodeIntoCompressedBase64(histogram),
      min: histogram.totalCount > 0 ? histogram.minNonZeroValue : 0,
      max: histogram.maxValue,
      count: histogram.totalCount,
    },
    ...(load.client
      ? {
          client: load.client,
          cpuPerRequest: {
            client: { us: complete > 0 ? (load.client.cpuS * 1e6) / complete : 0 },
          },
        }
      : {}),
  };
  histogram.destroy();
  if (!opts.quiet) process.stdout.write(formatAbSummary(result));
  if (opts.json) await writeFile(opts.json, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
