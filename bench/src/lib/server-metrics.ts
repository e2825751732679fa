// Each measured server's GC pauses and event-loop delay over the measured phases, from its own
// Prometheus /metrics (prom-client's default metrics, service-kit/src/metrics.ts): found from its
// pid alone (the TCP ports it listens on, tried in turn), scraped before and after each phase.
// GC pauses: the nodejs_gc_duration_seconds histogram's bucket counts after minus before, so the
// figures are the phase's own. Event-loop delay: prom-client resets its delay histogram at every
// scrape, so the gauges of the scrape after a phase cover the phase since the scrape before it.
import { listeningSocketsOf } from './proc.ts';
import { highest, int, table } from './report.ts';

/** One sample line of a Prometheus text exposition. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*,?/y;

export function promNumber(text: string): number {
  if (text === '+Inf' || text === 'Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

/** The sample lines of a Prometheus text exposition (comments and malformed lines skipped). */
export function parsePrometheusText(text: string): PromSample[] {
  const out: PromSample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    let ok = true;
    while (LABEL.lastIndex < body.length) {
      const at = LABEL.lastIndex;
      const l = LABEL.exec(body);
      if (!l) {
        // Only spaces may follow the last label (a failed sticky match resets lastIndex).
        ok = body.slice(at).trim() === '';
        break;
      }
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    if (ok) out.push({ name: m[1]!, labels, value: promNumber(m[3]!) });
  }
  return out;
}

/** The samples of the /metrics at `url`. */
export async function scrapeMetrics(url: string, timeoutMs = 10_000): Promise<PromSample[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return parsePrometheusText(await res.text());
}

/** The sum of the samples named `name` with all of `labels`; null when there is none. */
export function sumOf(
  samples: readonly PromSample[],
  name: string,
  labels: Record<string, string> = {},
): number | null {
  let sum: number | null = null;
  for (const s of samples)
    if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      sum = (sum ?? 0) + s.value;
  return sum;
}

/** One GC kind's pauses: how many, and their total (s). */
interface GcCount {
  count: number;
  sumS: number;
}

/** One GC kind's histogram: cumulative counts by upper bound (s; Infinity for +Inf). */
interface GcKind extends GcCount {
  buckets: Map<number, number>;
}

/** What one scrape says about GC and the event loop. */
export interface RuntimeScrape {
  /** nodejs_gc_duration_seconds by kind (minor, major, incremental, weakcb): since the start. */
  gc: Map<string, GcKind>;
  /** The event-loop delay since the previous scrape (prom-client resets it at each), seconds. */
  loopP99S: number | null;
  loopMaxS: number | null;
}

const GC_METRIC = 'nodejs_gc_duration_seconds';

export function runtimeScrape(text: string): RuntimeScrape {
  const gc = new Map<string, GcKind>();
  const kindOf = (kind: string) => {
    let k = gc.get(kind);
    if (!k) {
      k = { buckets: new Map(), count: 0, sumS: 0 };
      gc.set(kind, k);
    }
    return k;
  };
  let loopP99S: number | null = null;
  let loopMaxS: number | null = null;
  for (const s of parsePrometheusText(text)) {
    const kind = s.labels.kind ?? '';
    if (s.name === `${GC_METRIC}_bucket` && s.labels.le !== undefined) {
      const k = kindOf(kind);
      const le = promNumber(s.labels.le);
      k.buckets.set(le, (k.buckets.get(le) ?? 0) + s.value);
    } else if (s.name === `${GC_METRIC}_count`) {
      kindOf(kind).count += s.value;
    } else if (s.name === `${GC_METRIC}_sum`) {
      kindOf(kind).sumS += s.value;
    } else if (s.name === 'nodejs_eventloop_lag_p99_seconds') {
      loopP99S = s.value;
    } else if (s.name === 'nodejs_eventloop_lag_max_seconds') {
      loopMaxS = s.value;
    }
  }
  return { gc, loopP99S, loopMaxS };
}

/** A phase's GC pauses (every kind's buckets summed) and its event-loop delay. */
export interface RuntimeDelta {
  /** Cumulative pause counts by upper bound (s), all kinds together, within the phase. */
  gcBuckets: Map<number, number>;
  gcByKind: Map<string, GcCount>;
  loopP99S: number | null;
  loopMaxS: number | null;
}

/** Adds `k` times each count of `from` into `into` (k = -1 takes them away). */
function addCounts<K>(into: Map<K, number>, from: ReadonlyMap<K, number>, k = 1): void {
  for (const [key, n] of from) into.set(key, (into.get(key) ?? 0) + k * n);
}

/**
 * The phase between two scrapes of one process. Throws when a count went back (the process
 * restarted in between: its figures would be another process's).
 */
export function runtimeDelta(before: RuntimeScrape, after: RuntimeScrape): RuntimeDelta {
  const gcBuckets = new Map<number, number>();
  const gcByKind = new Map<string, GcCount>();
  for (const [kind, a] of after.gc) {
    // A kind not seen before the phase had no pause yet: prom-client shows a label set only
    // once it has been observed.
    const b = before.gc.get(kind);
    const count = a.count - (b?.count ?? 0);
    if (count < 0) throw new Error(`its GC count went back (${kind}): restarted?`);
    gcByKind.set(kind, { count, sumS: a.sumS - (b?.sumS ?? 0) });
    addCounts(gcBuckets, a.buckets);
    if (b) addCounts(gcBuckets, b.buckets, -1);
  }
  return { gcBuckets, gcByKind, loopP99S: after.loopP99S, loopMaxS: after.loopMaxS };
}

/**
 * Several phases as one: pause counts summed (the GC percentile is then exact over them all);
 * the event loop's p99 and max are the highest phase's (a p99 of the union cannot be had from
 * the phases' own; the highest is an upper bound of it).
 */
export function sumRuntimeDeltas(parts: readonly RuntimeDelta[]): RuntimeDelta {
  const gcBuckets = new Map<number, number>();
  const gcByKind = new Map<string, GcCount>();
  for (const p of parts) {
    addCounts(gcBuckets, p.gcBuckets);
    for (const [kind, k] of p.gcByKind) {
      const s = gcByKind.get(kind) ?? { count: 0, sumS: 0 };
      gcByKind.set(kind, { count: s.count + k.count, sumS: s.sumS + k.sumS });
    }
  }
  return {
    gcBuckets,
    gcByKind,
    loopP99S: highest(parts.map((p) => p.loopP99S)),
    loopMaxS: highest(parts.map((p) => p.loopMaxS)),
  };
}

/**
 * The upper bound of the first bucket whose cumulative count reaches quantile q of all the
 * observations: the quantile is at most this (Infinity: past the last finite bound). Null
 * without observations.
 */
export function quantileBound(buckets: ReadonlyMap<number, number>, q: number): number | null {
  const total = buckets.get(Number.POSITIVE_INFINITY) ?? 0;
  if (total <= 0) return null;
  const bounds = [...buckets.keys()].sort((x, y) => x - y);
  for (const le of bounds) if ((buckets.get(le) ?? 0) >= q * total) return le;
  return Number.POSITIVE_INFINITY;
}

/** A server's GC and event-loop figures over the measured phases (the JSON's `serverMetrics[]`). */
export interface ServerRuntime {
  pid: number;
  label: string;
  /** Where its metrics were found; null when they were not. */
  url: string | null;
  /** Why there are no figures; null when there are. */
  missing: string | null;
  /** The measured phases the figures cover (one, or one per slice with --rounds). */
  phases: number;
  gc: {
    pauses: number;
    /** The 99th percentile pause is at most this (a bucket bound, ms); null without pauses. */
    p99AtMostMs: number | null;
    /** Instead, when it is past the last finite bound: that bound (ms). */
    p99OverMs: number | null;
    /** By kind (minor = scavenge, major = mark-compact, incremental, weakcb): count, mean. */
    byKind: Record<string, { count: number; sumMs: number; meanMs: number | null }>;
  } | null;
  /** prom-client's event-loop delay (1 ms sampling: an idle loop shows about 1 ms), ms. */
  eventLoop: { p99Ms: number | null; maxMs: number | null } | null;
}

export function serverRuntime(
  pid: number,
  label: string,
  url: string | null,
  d: RuntimeDelta | null,
  missing: string | null,
  phases: number,
): ServerRuntime {
  if (d === null || missing !== null)
    return { pid, label, url, missing: missing ?? 'no figures', phases, gc: null, eventLoop: null };
  const p99 = quantileBound(d.gcBuckets, 0.99);
  const finite = [...d.gcBuckets.keys()].filter(Number.isFinite);
  const byKind: NonNullable<ServerRuntime['gc']>['byKind'] = {};
  for (const [kind, k] of [...d.gcByKind].sort(([a], [b]) => a.localeCompare(b)))
    byKind[kind] = {
      count: k.count,
      sumMs: k.sumS * 1000,
      meanMs: k.count > 0 ? (k.sumS * 1000) / k.count : null,
    };
  const ms = (s: number | null) => (s === null ? null : s * 1000);
  return {
    pid,
    label,
    url,
    missing: null,
    phases,
    gc: {
      pauses: d.gcBuckets.get(Number.POSITIVE_INFINITY) ?? 0,
      p99AtMostMs: p99 === null || p99 === Number.POSITIVE_INFINITY ? null : p99 * 1000,
      p99OverMs:
        p99 === Number.POSITIVE_INFINITY && finite.length ? Math.max(...finite) * 1000 : null,
      byKind,
    },
    eventLoop: { p99Ms: ms(d.loopP99S), maxMs: ms(d.loopMaxS) },
  };
}

/** A bucket bound in ms as written (0.5, 2, 2000), not rounded to a format's digits. */
const bound = (msValue: number) => String(Number(msValue.toPrecision(6)));
const msText = (v: number) => (v >= 100 ? int(v) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

function gcCell(g: NonNullable<ServerRuntime['gc']>): string {
  if (g.p99AtMostMs !== null) return `<= ${bound(g.p99AtMostMs)} ms`;
  if (g.p99OverMs !== null) return `> ${bound(g.p99OverMs)} ms`;
  return g.pauses === 0 ? 'no GC' : '-';
}

function kindCell(k: { count: number; meanMs: number | null } | undefined): string {
  if (!k || k.count === 0) return '0';
  return `${int(k.count)} (${msText(k.meanMs!)} ms)`;
}

/** The printed table, one row per server, and a line per server without figures saying why. */
export function runtimeTable(rows: readonly ServerRuntime[]): string {
  const phases = Math.max(1, ...rows.map((r) => r.phases));
  const lines = [
    phases > 1
      ? `GC pauses and event-loop delay of the servers in the ${phases} measured slices (their /metrics, scraped around each slice; loop delay: the highest slice's):`
      : 'GC pauses and event-loop delay of the servers in the measured phase (their /metrics, scraped before and after it):',
    table(
      [
        'process',
        'pid',
        'GC p99',
        'scavenges (mean)',
        'major GCs (mean)',
        'loop delay p99',
        'loop max',
      ],
      rows.map((r) => {
        const loop = (v: number | null | undefined) => (v == null ? '-' : `${msText(v)} ms`);
        return [
          r.label,
          String(r.pid),
          r.gc ? gcCell(r.gc) : '-',
          r.gc ? kindCell(r.gc.byKind.minor) : '-',
          r.gc ? kindCell(r.gc.byKind.major) : '-',
          loop(r.eventLoop?.p99Ms),
          loop(r.eventLoop?.maxMs),
        ];
      }),
    ),
  ];
  for (const r of rows)
    if (r.missing !== null) lines.push(`pid ${r.pid}: no figures: ${r.missing}`);
  return lines.join('\n');
}

async function getText(url: string, timeoutMs: number): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const body = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return body;
}

const why = (err: unknown) =>
  err instanceof Error
    ? (err.cause as Error | undefined)?.message
      ? `${err.message} (${(err.cause as Error).message})`
      : err.message
    : String(err);

/**
 * The /metrics URL of `pid`: each TCP port it listens on is asked GET /metrics (`timeoutMs`
 * each, all at once: a gRPC port answers HTTP/1.1 with an error or a reset, which is fine), and
 * the first by port whose body has the GC histogram is kept. Otherwise, why none was.
 */
export async function findMetricsUrl(
  pid: number,
  timeoutMs = 1000,
): Promise<{ url: string } | { missing: string }> {
  let sockets: ReturnType<typeof listeningSocketsOf>;
  try {
    sockets = listeningSocketsOf(pid);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      missing:
        code === 'ENOENT'
          ? 'no such process'
          : code === 'EACCES' || code === 'EPERM'
            ? `its open files cannot be read (/proc/${pid}/fd: another user's process?)`
            : why(err),
    };
  }
  if (sockets.length === 0) return { missing: 'it listens on no TCP port' };
  const urls = sockets.map(({ host, port }) =>
    host.includes(':') ? `http://[${host}]:${port}/metrics` : `http://${host}:${port}/metrics`,
  );
  const answers = await Promise.all(
    urls.map((url) =>
      getText(url, timeoutMs).then(
        (body) => body.includes(GC_METRIC),
        () => false,
      ),
    ),
  );
  const i = answers.indexOf(true);
  if (i >= 0) return { url: urls[i]! };
  return {
    missing: `none of its ports (${sockets.map((s) => s.port).join(', ')}) serves /metrics with ${GC_METRIC}`,
  };
}

/** One server's state over the run: where its metrics are, its phases so far, or why none. */
interface Tracked {
  pid: number;
  url: string | null;
  missing: string | null;
  phases: RuntimeDelta[];
}

/** A scrape of every server found, taken before a phase (null where it failed). */
export type RuntimeMark = (RuntimeScrape | null)[];

/** The servers' GC and event-loop figures over the measured phases of a run. */
export class ServerRuntimeProbe {
  readonly #servers: Tracked[];
  readonly #timeoutMs: number;

  private constructor(servers: Tracked[], timeoutMs: number) {
    this.#servers = servers;
    this.#timeoutMs = timeoutMs;
  }

  /** Finds each pid's /metrics (see findMetricsUrl). */
  static async find(pids: readonly number[], timeoutMs = 10_000): Promise<ServerRuntimeProbe> {
    const found = await Promise.all(pids.map((pid) => findMetricsUrl(pid)));
    return new ServerRuntimeProbe(
      pids.map((pid, i) => {
        const f = found[i]!;
        return 'url' in f
          ? { pid, url: f.url, missing: null, phases: [] }
          : { pid, url: null, missing: f.missing, phases: [] };
      }),
      timeoutMs,
    );
  }

  async #scrapeAll(when: string): Promise<RuntimeMark> {
    return Promise.all(
      this.#servers.map(async (s) => {
        if (s.url === null || s.missing !== null) return null;
        try {
          return runtimeScrape(await getText(s.url, this.#timeoutMs));
        } catch (err) {
          s.missing = `${s.url} failed ${when}: ${why(err)}`;
          return null;
        }
      }),
    );
  }

  /** Before a measured phase (this scrape also starts the event-loop delay's interval). */
  before(): Promise<RuntimeMark> {
    return this.#scrapeAll('before a measured phase');
  }

  /** After the phase that `mark` began: its figures are kept. */
  async after(mark: RuntimeMark): Promise<void> {
    const now = await this.#scrapeAll('after a measured phase');
    this.#servers.forEach((s, i) => {
      const a = mark[i];
      const b = now[i];
      if (s.missing !== null || !a || !b) return;
      try {
        s.phases.push(runtimeDelta(a, b));
      } catch (err) {
        s.missing = why(err);
      }
    });
  }

  /** Each server's figures over every phase measured (`label`: what the process is). */
  results(label: (pid: number) => string): ServerRuntime[] {
    return this.#servers.map((s) =>
      serverRuntime(
        s.pid,
        label(s.pid),
        s.url,
        s.phases.length ? sumRuntimeDeltas(s.phases) : null,
        s.missing ?? (s.phases.length ? null : 'no measured phase'),
        s.phases.length,
      ),
    );
  }
}
