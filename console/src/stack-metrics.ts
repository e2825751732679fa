// The stack panel's figures: each service's /metrics read (at most once a second, however many
// pages ask), and turned into rates by the difference from the previous reading of the same
// process. A service serving from several processes (battle-server in cluster mode answers
// /metrics from whichever process takes the connection, labelled `pid`) is the sum of the
// processes read in the last 10 s, each from its own previous reading.
//
// The text format is read here, not by an npm parser: parse-prometheus-text-format (the one in
// use) drops the labels, _count and _sum of a histogram whose `le` is not its last label, and
// prom-client writes `le` first.
import { type Get, httpGetter, type TlsMaterial } from '@slg/service-kit/core';
import type { ServiceSummary } from '../web/types.ts';
import type { MetricsTarget } from './config.ts';

export type { ServiceSummary };

/** A cumulative histogram: upper bounds (ascending, +Inf last) and their counts. */
interface Histogram {
  bounds: number[];
  counts: number[];
}

/** What one reading of one process holds. */
interface Reading {
  at: number;
  requests: number;
  errors: number;
  refusals: number;
  latency: Histogram;
  cpuSeconds: number;
  rssBytes: number;
  gcSeconds: number;
  gcCount: number;
  loopP99Seconds: number;
}

/** One process's figures over the interval between two readings. */
interface ProcessRates {
  at: number;
  requestsPerSec: number;
  errorsPerSec: number;
  refusalsPerSec: number;
  latency: Histogram;
  cpu: number;
  rssBytes: number;
  gcMsPerSec: number;
  gcPausesPerSec: number;
  loopP99Ms: number;
}

/**
 * The gRPC codes that are the service failing (as HTTP's 5xx): the others that are not OK are
 * answers to what was asked (a refusal: FAILED_PRECONDITION "five marches out", NOT_FOUND, a bad
 * argument), which a game meets all the time and counts apart.
 */
const SERVER_FAILURES = new Set([
  'UNKNOWN',
  'DEADLINE_EXCEEDED',
  'RESOURCE_EXHAUSTED',
  'ABORTED',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
]);

/** The request metric of each kind of service: gRPC (its status code) or HTTP (its status). */
const REQUEST_METRICS = [
  {
    name: 'grpc_server_handling_seconds',
    outcome: (l: Record<string, string>) =>
      l.grpc_code === 'OK' ? 'ok' : SERVER_FAILURES.has(l.grpc_code ?? '') ? 'error' : 'refused',
  },
  {
    name: 'http_request_duration_seconds',
    outcome: (l: Record<string, string>) => {
      const status = Number(l.status);
      return status >= 500 ? 'error' : status >= 400 ? 'refused' : 'ok';
    },
  },
];

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments skipped, label values unescaped). */
export function samplesOf(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${JSON.stringify(line.slice(0, 80))}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL))
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    const raw = m[3]!;
    const value =
      raw === '+Inf' ? Number.POSITIVE_INFINITY : raw === '-Inf' ? -Infinity : Number(raw);
    out.push({ name: m[1]!, labels, value });
  }
  return out;
}

/** Reads one /metrics text; throws with a message a person can act on when it is not one. */
export function readingOf(text: string, at: number): { pid: string; reading: Reading } {
  const samples = samplesOf(text);
  const first = (name: string) => samples.find((s) => s.name === name);
  const cpu = first('process_cpu_seconds_total');
  if (!cpu) throw new Error('no process_cpu_seconds_total: not a service of this stack');
  let requests = 0;
  let errors = 0;
  let refusals = 0;
  const merged = new Map<number, number>();
  let gcSeconds = 0;
  let gcCount = 0;
  for (const s of samples) {
    if (s.name === 'nodejs_gc_duration_seconds_sum') gcSeconds += s.value;
    else if (s.name === 'nodejs_gc_duration_seconds_count') gcCount += s.value;
    for (const { name, outcome } of REQUEST_METRICS) {
      if (!s.name.startsWith(name)) continue;
      // Scrapes and probes are not the service's work.
      const route = s.labels.route;
      if (route === '/metrics' || route === '/healthz' || route === '/readyz') continue;
      if (s.name === `${name}_count`) {
        requests += s.value;
        const o = outcome(s.labels);
        if (o === 'error') errors += s.value;
        else if (o === 'refused') refusals += s.value;
      } else if (s.name === `${name}_bucket`) {
        const le = s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le);
        merged.set(le, (merged.get(le) ?? 0) + s.value);
      }
    }
  }
  const bounds = [...merged.keys()].sort((a, b) => a - b);
  return {
    pid: cpu.labels.pid ?? '',
    reading: {
      at,
      requests,
      errors,
      refusals,
      latency: { bounds, counts: bounds.map((b) => merged.get(b)!) },
      cpuSeconds: cpu.value,
      rssBytes: first('process_resident_memory_bytes')?.value ?? 0,
      gcSeconds,
      gcCount,
      loopP99Seconds: first('nodejs_eventloop_lag_p99_seconds')?.value ?? 0,
    },
  };
}

/** A quantile of a cumulative histogram, interpolated in its bucket as Prometheus does; null when empty. */
export function quantile(q: number, h: Histogram): number | null {
  const total = h.counts.at(-1) ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  for (let i = 0; i < h.bounds.length; i++) {
    if (h.counts[i]! < rank) continue;
    const upper = h.bounds[i]!;
    const lower = i === 0 ? 0 : h.bounds[i - 1]!;
    // Past the last finite bound nothing better than that bound is known.
    if (!Number.isFinite(upper)) return lower;
    const below = i === 0 ? 0 : h.counts[i - 1]!;
    const inBucket = h.counts[i]! - below;
    return lower + (upper - lower) * (inBucket > 0 ? (rank - below) / inBucket : 1);
  }
  return h.bounds.at(-2) ?? null;
}

function difference(a: Histogram, b: Histogram): Histogram {
  // A restarted process, or a new label set, changes the bounds: the new reading alone then.
  if (a.bounds.length !== b.bounds.length || a.bounds.some((x, i) => x !== b.bounds[i])) return b;
  return { bounds: b.bounds, counts: b.counts.map((c, i) => Math.max(0, c - a.counts[i]!)) };
}

function ratesOf(prev: Reading, cur: Reading): ProcessRates {
  const dt = Math.max(1e-3, (cur.at - prev.at) / 1000);
  // Counters that went back mean the process restarted: count from zero.
  const restarted = cur.requests < prev.requests || cur.cpuSeconds < prev.cpuSeconds;
  const base: Reading = restarted
    ? {
        ...cur,
        requests: 0,
        errors: 0,
        refusals: 0,
        cpuSeconds: 0,
        gcSeconds: 0,
        gcCount: 0,
        latency: { bounds: [], counts: [] },
      }
    : prev;
  return {
    at: cur.at,
    requestsPerSec: (cur.requests - base.requests) / dt,
    errorsPerSec: (cur.errors - base.errors) / dt,
    refusalsPerSec: (cur.refusals - base.refusals) / dt,
    latency: difference(base.latency, cur.latency),
    cpu: (cur.cpuSeconds - base.cpuSeconds) / dt,
    rssBytes: cur.rssBytes,
    gcMsPerSec: ((cur.gcSeconds - base.gcSeconds) * 1000) / dt,
    gcPausesPerSec: (cur.gcCount - base.gcCount) / dt,
    loopP99Ms: cur.loopP99Seconds * 1000,
  };
}

const PROCESS_TTL_MS = 10_000;

/** The metric families `readingOf` reads: the rest of a service's /metrics is never used here. */
const FAMILIES = [
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_gc_duration_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  ...REQUEST_METRICS.map((m) => m.name),
];

/**
 * The /metrics URL asking for those families only (`?name=`, served by the kit's metrics
 * server; a server that ignores the query answers them all). Read once a second while a page
 * shows the panel, the whole text cost map-server more than the page's stream did.
 */
export function selecting(url: string): string {
  const u = new URL(url);
  for (const name of FAMILIES) u.searchParams.append('name', name);
  return u.toString();
}

class ServiceWatch {
  readonly name: string;
  readonly #get: Get;
  readonly #last = new Map<string, Reading>();
  readonly #rates = new Map<string, ProcessRates>();
  #error: string | undefined = 'not read yet';

  constructor(target: MetricsTarget, tls: TlsMaterial | undefined) {
    this.name = target.name;
    this.#get = httpGetter(selecting(target.url), tls);
  }

  async read(timeoutMs: number, now: number): Promise<void> {
    try {
      const res = await this.#get(timeoutMs);
      if (res.status !== 200) throw new Error(`/metrics answered HTTP ${res.status}`);
      const { pid, reading } = readingOf(res.text, now);
      const prev = this.#last.get(pid);
      this.#last.set(pid, reading);
      if (prev) this.#rates.set(pid, ratesOf(prev, reading));
      this.#error = undefined;
    } catch (err) {
      const e = err as Error & { cause?: { message?: string } };
      // fetch says only "fetch failed"; its cause says why (connect ECONNREFUSED 127.0.0.1:9103).
      const why =
        e.name === 'TimeoutError'
          ? `no answer in ${timeoutMs} ms`
          : (e.cause?.message ?? e.message);
      this.#error = `cannot read its /metrics: ${why}`;
      this.#rates.clear();
    }
    for (const [pid, r] of this.#rates) if (now - r.at > PROCESS_TTL_MS) this.#rates.delete(pid);
  }

  summary(): ServiceSummary {
    const rates = [...this.#rates.values()];
    let latency: Histogram = { bounds: [], counts: [] };
    for (const r of rates) {
      if (latency.bounds.length === 0) latency = r.latency;
      else if (latency.bounds.length === r.latency.bounds.length)
        latency = {
          bounds: latency.bounds,
          counts: latency.counts.map((c, i) => c + r.latency.counts[i]!),
        };
    }
    const sum = (f: (r: ProcessRates) => number) => rates.reduce((s, r) => s + f(r), 0);
    const p50 = quantile(0.5, latency);
    const p99 = quantile(0.99, latency);
    return {
      name: this.name,
      ...(this.#error ? { error: this.#error } : {}),
      processes: rates.length,
      requestsPerSec: sum((r) => r.requestsPerSec),
      errorsPerSec: sum((r) => r.errorsPerSec),
      refusalsPerSec: sum((r) => r.refusalsPerSec),
      p50Ms: p50 === null ? null : p50 * 1000,
      p99Ms: p99 === null ? null : p99 * 1000,
      cpu: sum((r) => r.cpu),
      rssMb: sum((r) => r.rssBytes) / 1024 / 1024,
      gcMsPerSec: sum((r) => r.gcMsPerSec),
      gcPausesPerSec: sum((r) => r.gcPausesPerSec),
      loopP99Ms: Math.max(0, ...rates.map((r) => r.loopP99Ms)),
      slowest: false,
    };
  }
}

/** Every service of the panel; `summaries()` reads them all at most once per `periodMs`. */
export class StackMetrics {
  readonly #services: ServiceWatch[];
  readonly #timeoutMs: number;
  readonly #periodMs: number;
  #reading: Promise<ServiceSummary[]> | undefined;
  #readAt = 0;
  #last: ServiceSummary[] = [];

  constructor(
    targets: readonly MetricsTarget[],
    tls: TlsMaterial | undefined,
    opts: { timeoutMs: number; periodMs?: number },
  ) {
    this.#services = targets.map((t) => new ServiceWatch(t, tls));
    this.#timeoutMs = opts.timeoutMs;
    this.#periodMs = opts.periodMs ?? 900;
  }

  summaries(): Promise<ServiceSummary[]> {
    const now = Date.now();
    if (this.#reading) return this.#reading;
    if (now - this.#readAt < this.#periodMs) return Promise.resolve(this.#last);
    this.#readAt = now;
    this.#reading = Promise.all(this.#services.map((s) => s.read(this.#timeoutMs, now)))
      .then(() => {
        const out = this.#services.map((s) => s.summary());
        let slowest: ServiceSummary | undefined;
        for (const s of out)
          if (s.p99Ms !== null && s.requestsPerSec > 0 && (!slowest || s.p99Ms > slowest.p99Ms!))
            slowest = s;
        if (slowest) slowest.slowest = true;
        this.#last = out;
        return out;
      })
      .finally(() => {
        this.#reading = undefined;
      });
    return this.#reading;
  }
}
