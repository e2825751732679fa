// Flags shared by the load subcommands, each also settable by an environment variable (flags
// win), and their parsing into one settings object.
import { InvalidArgumentError, Option } from 'commander';

/** A bad combination of settings, found after parsing (printed as is, exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "60", "60s", "1.5m", "500ms", "1h" as milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m)
    throw new InvalidArgumentError(`not a duration: ${JSON.stringify(text)} (e.g. 60s, 2m, 500ms)`);
  const ms = Number(m[1]) * UNIT_MS[(m[2] ?? 's') as keyof typeof UNIT_MS];
  if (!(ms > 0)) throw new InvalidArgumentError('a duration must be > 0');
  return ms;
}

export function parsePositiveInt(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError(`not a positive integer: ${JSON.stringify(text)}`);
  return n;
}

export function parseNonNegativeNumber(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError(`not a number >= 0: ${JSON.stringify(text)}`);
  return n;
}

export function parsePids(text: string): number[] {
  if (!text.trim()) return [];
  return text.split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isSafeInteger(n) || n <= 0)
      throw new InvalidArgumentError(`not a PID: ${JSON.stringify(s)}`);
    return n;
  });
}

/** --rate: requests/s, or `auto` where the command measures one (bench data). */
export function parseRateOrAuto(text: string): number | 'auto' {
  return text.trim().toLowerCase() === 'auto' ? 'auto' : parseNonNegativeNumber(text);
}

export function parseAddress(text: string): string {
  if (!/^[^\s:]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(text)) {
    throw new InvalidArgumentError(`not a host:port address: ${JSON.stringify(text)}`);
  }
  return text;
}

/** The settings every load phase takes. */
export interface LoadSettings {
  concurrency: number;
  workers: number;
  channels: number;
  durationMs: number | null;
  requests: number | null;
  rate: number | null;
  slowMs: number;
  deadlineMs: number;
  serverPids: number[];
  out: string | null;
  quiet: boolean;
  progressIntervalS: number;
}

/**
 * The options behind LoadSettings, to add to a command (defaults in `defaults`; `rateAuto`: the
 * command takes `--rate auto`, which loadSettingsFrom does not resolve).
 */
export function loadOptions(defaults: { duration: string; rateAuto?: boolean }): Option[] {
  return [
    new Option('-c, --concurrency <n>', 'requests in flight (closed model); virtual clients')
      .env('BENCH_CONCURRENCY')
      .argParser(parsePositiveInt)
      .default(64),
    new Option('-w, --workers <n>', 'worker threads of the load generator')
      .env('BENCH_WORKERS')
      .argParser(parsePositiveInt)
      .default(2),
    new Option('--channels <n>', 'gRPC channels (HTTP/2 connections) per worker')
      .env('BENCH_CHANNELS')
      .argParser(parsePositiveInt)
      .default(2),
    new Option('-d, --duration <time>', 'how long to send (e.g. 60s, 2m)')
      .env('BENCH_DURATION')
      .default(defaults.duration),
    new Option('-n, --requests <n>', 'send this many requests instead of running for a duration')
      .env('BENCH_REQUESTS')
      .argParser(parsePositiveInt),
    new Option(
      '--rate <n>',
      defaults.rateAuto
        ? 'open model: a fixed arrival rate (requests/s) instead of the closed model; auto: a third of the closed-model capacity, measured first'
        : 'open model: a fixed arrival rate (requests/s) instead of the closed model',
    )
      .env('BENCH_RATE')
      .argParser(defaults.rateAuto ? parseRateOrAuto : parseNonNegativeNumber),
    new Option('--slow-ms <ms>', 'a request slower than this is "slow" in the result line')
      .env('BENCH_SLOW_MS')
      .argParser(parseNonNegativeNumber)
      .default(200),
    new Option('--deadline-ms <ms>', 'gRPC deadline of every call')
      .env('BENCH_DEADLINE_MS')
      .argParser(parsePositiveInt)
      .default(10_000),
    new Option(
      '--server-pids <pids>',
      'comma-separated PIDs of the measured servers: their peak RSS and CPU are reported (Linux /proc); data also reports their GC pauses and event-loop delay, from the /metrics each serves',
    )
      .env('BENCH_SERVER_PIDS')
      .argParser(parsePids)
      .default([]),
    new Option(
      '-o, --out <file>',
      'the JSON result file (default: bench/results/<kind>-<time>.json)',
    ).env('BENCH_OUT'),
    new Option('-q, --quiet', 'no progress output'),
    new Option(
      '--progress-interval <s>',
      'seconds between plain progress lines (when stdout is not a terminal)',
    )
      .argParser(parseNonNegativeNumber)
      .default(5),
  ];
}

export function loadSettingsFrom(o: Record<string, unknown>): LoadSettings {
  const requests = (o.requests as number | undefined) ?? null;
  const rate = (o.rate as number | undefined) ?? null;
  if (rate !== null && rate <= 0) throw new UsageError('--rate must be > 0');
  return {
    concurrency: o.concurrency as number,
    workers: o.workers as number,
    channels: o.channels as number,
    durationMs: requests === null ? parseDuration(String(o.duration)) : null,
    requests,
    rate,
    slowMs: o.slowMs as number,
    deadlineMs: o.deadlineMs as number,
    serverPids: (o.serverPids as number[] | undefined) ?? [],
    out: (o.out as string | undefined) ?? null,
    quiet: o.quiet === true,
    progressIntervalS: (o.progressInterval as number | undefined) ?? 5,
  };
}

export function describeLoad(s: LoadSettings & { rateAuto?: boolean }): string {
  const model = s.rateAuto
    ? `open model at a third of the closed-model capacity (--rate auto; ${s.concurrency} virtual clients)`
    : s.rate === null
      ? `closed model, ${s.concurrency} in flight`
      : `open model at ${s.rate} requests/s (${s.concurrency} virtual clients)`;
  const length = s.requests !== null ? `${s.requests} requests` : `${(s.durationMs ?? 0) / 1000} s`;
  return `${model}, ${s.workers} workers x ${s.channels} channels, ${length}`;
}
