// Memory given back after a burst. Under load V8 grows its young generation (16-32 MB
// committed) and keeps it once the load stops: it shrinks it only in a collection it runs
// under allocation pressure, and an idle process allocates nothing. So a process that served
// a burst (a map-server loading its world through data-server and db-proxy) idled 15-30 MB
// above one that never did. The compactor watches a call counter; once a period passes with
// no call after at least `minCalls` since the last compaction, it runs one memory-reducing
// full collection (V8's 'last-resort' flavour, which also releases the young generation).
// Under sustained load it never runs; the cost per call is the caller's one increment.
// Start-up (modules loaded, connections made, schemas read) grows the young generation as a burst
// does: once, at the first period after start() that passes without a call, it compacts too
// (counted apart, in process_startup_compactions_total; a burst of minCalls before it is counted
// as the burst's): db-proxy on MariaDB and data-server on Redis then
// idle at 75-77 MB RSS instead of 86-89 (docs/results.md, idle memory). Start-up lasts until the process
// has served minCalls calls: until then every quiet period that follows a call compacts too, as
// a stack's start is a few small bursts (map-server loading its world through data-server and
// db-proxy after they started): db-proxy compacted before map-server's load and idled 2-3 MB
// higher when that load came after (80.1 MB in a CI run, 77.7-77.9 when it came before).
// process_calls_since_compaction says whether the heap has been compacted since the last call.
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { Counter, Gauge } from 'prom-client';
import { mallocTrim } from './malloc-trim.ts';
import { registerOnce } from './metrics.ts';

/** The compactors reporting into each registry (a process may run several gRPC servers). */
const compactors = new WeakMap<Registry, Set<IdleCompactor>>();

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let gcFn: Gc | undefined;

/** One synchronous, memory-reducing full collection (exposes V8's gc() to this module once). */
export function compactHeap(): void {
  if (!gcFn) {
    const v8 = process.getBuiltinModule('node:v8') as typeof import('node:v8');
    const vm = process.getBuiltinModule('node:vm') as typeof import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    gcFn = vm.runInNewContext('gc') as Gc;
  }
  gcFn({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface IdleCompactorOptions {
  /**
   * Reads the total of calls served so far (GrpcServer counts each connection opened and closed
   * as one too: a flood of connections that make no call leaves memory as a burst of calls does).
   */
  calls: () => number;
  registry: Registry;
  /** How long a quiet period lasts before compacting; 0 turns the compactor off. */
  periodMs?: number;
  /** Calls since the last compaction that make a burst worth compacting after. */
  minCalls?: number;
  /** Where to say, once, that malloc_trim is unavailable (malloc-trim.ts). */
  log?: Logger;
}

export class IdleCompactor {
  readonly #calls: () => number;
  readonly #minCalls: number;
  readonly #periodMs: number;
  readonly #compactions: Counter<string>;
  readonly #startupCompactions: Counter<string>;
  readonly #log: Logger | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** The first check after start(): it compacts the start-up's heap if quiet. */
  #afterStart = false;
  #lastSeen = 0;
  #atLastCompaction = 0;
  /** The calls total when start() ran: start-up lasts until minCalls more were served. */
  #atStart = 0;
  /** Periods checked so far (tests wait on it instead of on time). */
  checks = 0;
  /**
   * malloc_trim calls made so far (malloc-trim.ts): one at the period after each idle compaction,
   * since V8 frees array buffers from a background thread, and native objects (a closed
   * connection's HTTP/2 session) in tasks, after the collection returns.
   */
  trims = 0;
  #trimDue = false;

  constructor(opts: IdleCompactorOptions) {
    this.#calls = opts.calls;
    this.#periodMs = opts.periodMs ?? 5_000;
    this.#minCalls = opts.minCalls ?? 500;
    this.#log = opts.log;
    this.#compactions = registerOnce(
      opts.registry,
      'process_idle_compactions_total',
      () =>
        new Counter({
          name: 'process_idle_compactions_total',
          help: 'Memory-reducing full collections run after a burst of calls, once quiet',
          registers: [opts.registry],
        }),
    );
    registerOnce(
      opts.registry,
      'process_calls_since_compaction',
      () =>
        new Gauge({
          name: 'process_calls_since_compaction',
          help: 'Calls served since the last memory-reducing collection (0: compacted since the last call)',
          registers: [opts.registry],
          collect: () => {
            const g = opts.registry.getSingleMetric('process_calls_since_compaction') as
              | Gauge<string>
              | undefined;
            let n = 0;
            for (const c of compactors.get(opts.registry) ?? []) n += c.callsSinceCompaction();
            g?.set(n);
          },
        }),
    );
    const mine = compactors.get(opts.registry) ?? new Set<IdleCompactor>();
    compactors.set(opts.registry, mine);
    mine.add(this);
    this.#startupCompactions = registerOnce(
      opts.registry,
      'process_startup_compactions_total',
      () =>
        new Counter({
          name: 'process_startup_compactions_total',
          help: 'Memory-reducing full collections run once quiet after start-up',
          registers: [opts.registry],
        }),
    );
  }

  start(): void {
    if (this.#periodMs <= 0 || this.#timer) return;
    this.#lastSeen = this.#atLastCompaction = this.#atStart = this.#calls();
    this.#afterStart = true;
    this.#timer = setInterval(() => this.check(), this.#periodMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Calls served since the last compaction (or since start() when none ran yet). */
  callsSinceCompaction(): number {
    return this.#calls() - this.#atLastCompaction;
  }

  /**
   * One period's check: compacts when no call came since the last check after a burst, or at
   * the first quiet period after start (a service called during its first period, by a
   * neighbour starting, compacts at its first quiet one instead of never).
   */
  check(): boolean {
    this.checks++;
    if (this.#trimDue) {
      this.#trimDue = false;
      this.trims++;
      mallocTrim(this.#log);
    }
    const now = this.#calls();
    const quiet = now === this.#lastSeen;
    this.#lastSeen = now;
    if (!quiet) return false;
    if (now - this.#atLastCompaction >= this.#minCalls) {
      this.#afterStart = false;
      this.#atLastCompaction = now;
      compactHeap();
      // A burst's garbage held native memory (a flood of connections: tens of MB) that glibc
      // keeps once freed: trimmed at the next period. Not after start-up's: loading koffi maps
      // its binary (2.7 MB of RSS in a bare process), and idle services are within 2-5 MB of
      // their 80 MB target.
      this.#trimDue = true;
      this.#compactions.inc();
      return true;
    }
    // Start-up: the first quiet period, and any quiet period after a call until minCalls were served.
    const startingUp = now - this.#atStart < this.#minCalls && now > this.#atLastCompaction;
    if (!this.#afterStart && !startingUp) return false;
    this.#afterStart = false;
    this.#atLastCompaction = now;
    compactHeap();
    this.#startupCompactions.inc();
    return true;
  }
}
