// `bench battle`: loads the battle server over HTTP with autocannon and prints what ApacheBench
// prints (requests per second, both "time per request" lines, transfer rate, failed requests and
// the percentile table), then returns and optionally writes the result as JSON.
import { writeFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import { collectEnvironment, type Environment } from './lib/environment.ts';

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
}

async function documentLength(url: string): Promise<number | null> {
  try {
    const res = await fetch(url);
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
    '',
    `Concurrency Level:      ${r.settings.connections}`,
    `Time taken for tests:   ${fmt(f.timeTakenSec)} seconds`,
    `Complete requests:      ${f.completeRequests}`,
    `Failed requests:        ${f.failedRequests}`,
  ];
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

export async function runBattleBench(opts: BattleBenchOptions): Promise<BattleBenchResult> {
  const keepAlive = opts.keepAlive ?? true;
  const durationSec = opts.amount === undefined ? (opts.durationSec ?? 10) : opts.durationSec;
  const docLength = await documentLength(opts.url);
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
  });
  let bytes = 0;
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    ...(durationSec !== undefined ? { duration: durationSec } : {}),
    ...(opts.amount !== undefined ? { amount: opts.amount } : {}),
    timeout: 30,
    // autocannon's reconnectRate drops the answer it reconnects after; asking the server to close
    // the connection after each answer is what ab does without -k.
    ...(keepAlive ? {} : { headers: { connection: 'close' } }),
  });
  instance.on('response', (_client: unknown, _status: number, resBytes: number, ms: number) => {
    histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
    bytes += resBytes;
  });
  const res = await instance;
  const timeTakenSec = (res.finish.getTime() - res.start.getTime()) / 1000;
  const complete = res.requests.total;
  const failed = res.errors + res.timeouts;
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
      loadGenerator: 'autocannon',
    },
    environment: collectEnvironment(),
    figures: {
      completeRequests: complete,
      failedRequests: failed,
      non2xx: res.non2xx,
      timeouts: res.timeouts,
      errors: res.errors,
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
  };
  histogram.destroy();
  if (!opts.quiet) process.stdout.write(formatAbSummary(result));
  if (opts.json) await writeFile(opts.json, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
