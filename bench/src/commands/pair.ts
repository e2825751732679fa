// `bench pair --a HOST:PORT --b HOST:PORT --workload data|battle|map|stack --runs N -- <run flags>`:
// one load generator drives two targets in turn. A warm-up run on each (discarded), then N runs
// each in a seeded random interleaving (each block of two is AB or BA), every run a `bench
// <workload>` child process writing its own JSON; each run is gated on validity (exit code, 0
// errors, 0 mismatches, the open model's achieved rate within a tolerance of the asked one, the
// load generator's CPU under a share of what it can use); the valid runs are compared
// (src/stats/compare-runs.ts) into a JSON and the HTML report. --knee-p99-ms adds, per target,
// the highest open-model rate whose p99 stays under the bound (a bisection of validated runs).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { collectEnvironment } from '../lib/environment.ts';
import {
  parseAddress,
  parseNonNegativeNumber,
  parsePositiveInt,
  UsageError,
} from '../lib/options.ts';
import { int } from '../lib/report.ts';
import { readResult, resultsDir, showPath, writeResult } from '../lib/result-file.ts';
import { Rng } from '../lib/rng.ts';
import {
  type KneeSide,
  type KneeSummary,
  kneeText,
  writeHtmlReport,
} from '../report-html/report.ts';
import {
  compareGroups,
  figuresOf,
  formatComparison,
  type PairAnnotation,
  type RunFigures,
  type ServerEnvironment,
} from '../stats/compare-runs.ts';
import { comparisonJson } from './compare.ts';

export type Workload = 'data' | 'battle' | 'map' | 'stack';
export type Side = 'A' | 'B';

export interface PairSettings {
  a: string;
  b: string;
  workload: Workload;
  runs: number;
  /** Discarded runs on each target before the measured ones. */
  warmUp: number;
  seed: number;
  outDir: string;
  /** Flags given to every run (after --). */
  runArgs: string[];
  aArgs: string[];
  bArgs: string[];
  aEnv?: string;
  bEnv?: string;
  priceA?: number;
  priceB?: number;
  battlePath: string;
  kneeP99Ms?: number;
  kneeMin: number;
  kneeMax?: number;
  kneeSteps: number;
}

/** Open model: a run is valid when |achieved / asked - 1| is at most this. */
const RATE_TOLERANCE = 0.02;
/** A run is valid when the load generator's CPU over what it can use is at most this. */
const MAX_CLIENT_UTIL = 0.8;
/** Runs at each rate of the knee search: a rate holds when every one of them does. */
const KNEE_REPEATS = 2;

/** Runs one run of the pair (or of the knee search) on a side, its result named `name`. */
type RunOne<R> = (
  side: Side,
  name: string,
  extra: string[],
  meta: { order: number; warmUp: boolean },
) => Promise<R>;

/**
 * The measured order: `runs` blocks, each A then B or B then A (a seeded coin): every block
 * holds one run of each, so a drift of the machine over time falls on both alike.
 */
export function interleave(runs: number, seed: number): Side[] {
  const rng = new Rng(seed, 'pair-order');
  const order: Side[] = [];
  for (let i = 0; i < runs; i++)
    order.push(...(rng.chance(0.5) ? (['A', 'B'] as const) : (['B', 'A'] as const)));
  return order;
}

/** What can be said of a run's validity; `cpuCores` is the load generator's mean use. */
export function gate(
  r: RunFigures,
  exitCode: number,
  cpuCores: number | null,
): { valid: boolean; problems: string[]; utilisation: number | null } {
  const problems: string[] = [];
  if (exitCode !== 0) problems.push(`exit code ${exitCode}`);
  if (r.errors > 0) problems.push(`${r.errors} errors`);
  if (r.mismatches > 0) problems.push(`${r.mismatches} mismatches`);
  // Said first: a run that measured nothing is not a figure, whatever else is wrong with it
  // (its load generator's CPU, all start-up, can look saturated).
  if (!(r.throughput > 0)) problems.push('nothing was answered in the measured phase');
  else if (r.targetRate !== null) {
    const achieved = r.throughput / r.targetRate;
    if (Math.abs(achieved - 1) > RATE_TOLERANCE)
      problems.push(
        `achieved ${r.throughput.toFixed(1)}/s of ${r.targetRate}/s asked (${(achieved * 100).toFixed(1)}%, tolerance ${(RATE_TOLERANCE * 100).toFixed(1)}%)`,
      );
  }
  // What the load generator can use: its worker threads (data, map) or its one thread
  // (battle's autocannon, stack's sessions), and never more than the machine's cores.
  const threads = r.kind === 'battle' || r.kind === 'stack' ? 1 : Number(r.workload.workers ?? 1);
  const capacity = Math.max(1, Math.min(threads, r.environment?.cores ?? threads));
  const utilisation = cpuCores === null ? null : cpuCores / capacity;
  if (utilisation === null) problems.push('load generator CPU unknown');
  else if (utilisation > MAX_CLIENT_UTIL)
    problems.push(
      `load generator saturated: ${cpuCores!.toFixed(2)} cores of ${capacity} (${(utilisation * 100).toFixed(0)}% > ${(MAX_CLIENT_UTIL * 100).toFixed(0)}%)`,
    );
  return { valid: problems.length === 0, problems, utilisation };
}

const cliPath = fileURLToPath(new URL('../cli.ts', import.meta.url));
const probePath = fileURLToPath(new URL('./pair-cpu-probe.ts', import.meta.url));

/**
 * The flags that point a run at a target. A stack target is its map-server; its data-server and
 * battle-server are taken on the same host at the stack's default ports (50052, 8080), which
 * --a-arg / --b-arg override (`--a-arg=--data=HOST:PORT`, `--a-arg=--battle-url=URL`: the later
 * flag wins).
 */
export function targetArgs(
  s: Pick<PairSettings, 'workload' | 'battlePath'>,
  target: string,
): string[] {
  if (s.workload === 'battle') return ['--url', `http://${target}${s.battlePath}`];
  if (s.workload === 'stack') {
    const host = target.slice(0, target.lastIndexOf(':'));
    return ['--map', target, '--data', `${host}:50052`, '--battle-url', `http://${host}:8080`];
  }
  return ['--target', target];
}

interface ChildRun {
  code: number;
  output: string;
  /** The child's own CPU (cores, user + system over its life), from the probe. */
  cpuCores: number | null;
  /** The child's CPU seconds over its life, from the probe. */
  cpuS: number | null;
}

function runChild(args: string[], cpuFile: string): Promise<ChildRun> {
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      ['--import', probePath, cliPath, ...args],
      {
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', BENCH_PAIR_CPU_FILE: cpuFile },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        let cpuCores: number | null = null;
        let cpuS: number | null = null;
        try {
          const c = JSON.parse(readFileSync(cpuFile, 'utf8')) as { cpuS: number; wallS: number };
          cpuCores = c.wallS > 0 ? c.cpuS / c.wallS : null;
          cpuS = c.cpuS;
          rmSync(cpuFile, { force: true });
        } catch {}
        resolveRun({ code, output: `${stdout}${stderr}`, cpuCores, cpuS });
      },
    );
  });
}

/** A server machine's file (the cloud-init script's JSON, or a bench result's environment), or this machine's. */
export function serverEnvironment(target: string, file: string | null): ServerEnvironment | null {
  if (file) {
    // biome-ignore lint/suspicious/noExplicitAny: either shape, checked field by field
    const j = readResult<any>(file);
    const e = j.environment ?? j;
    return {
      cpuModel: String(e.cpuModel ?? 'unknown'),
      cores: Number(e.cores ?? 0),
      arch: String(e.arch ?? 'unknown'),
      kernel: String(e.kernel ?? e.osRelease ?? 'unknown'),
      node: String(e.node ?? 'unknown'),
      commit: e.commit ?? e.gitCommit ?? null,
      source: showPath(file),
    };
  }
  const host = target.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const loopback =
    host === 'localhost' || (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
  if (!loopback) return null;
  const e = collectEnvironment();
  return {
    cpuModel: e.cpuModel,
    // The machine's cores, not this process's share: under `taskset` (the load generator pinned
    // apart from the servers) availableParallelism() counts only the load generator's.
    cores: cpus().length || e.cores,
    arch: e.arch,
    kernel: e.osRelease,
    node: e.node,
    commit: e.gitCommit,
    source: 'this machine (a loopback target)',
  };
}

export interface DoneRun {
  side: Side;
  figures: RunFigures;
  path: string;
  annotation: PairAnnotation;
}

export async function runPair(s: PairSettings, say: (line: string) => void): Promise<number> {
  if (s.workload === 'map' && s.runArgs.some((a) => a === '--rate' || a.startsWith('--rate=')))
    throw new UsageError('bench map has no open model: no --rate');
  if (s.kneeP99Ms !== undefined && s.workload !== 'data')
    throw new UsageError('--knee-p99-ms searches open-model rates: only --workload data has them');
  if (s.kneeP99Ms !== undefined && s.kneeMax === undefined)
    throw new UsageError('--knee-p99-ms needs --knee-max (the highest rate to try)');
  mkdirSync(s.outDir, { recursive: true });
  const servers = {
    A: serverEnvironment(s.a, s.aEnv ?? null),
    B: serverEnvironment(s.b, s.bEnv ?? null),
  };
  const target = { A: s.a, B: s.b };
  const sideArgs = { A: s.aArgs, B: s.bArgs };
  const order = interleave(s.runs, s.seed);
  say(
    `bench pair: ${s.workload}; A ${s.a}, B ${s.b}; ${s.warmUp} warm-up run(s) each, then ${s.runs} each in the order ${order.join(' ')} (seed ${s.seed}); run flags: ${s.runArgs.join(' ') || '(defaults)'}`,
  );
  say(`results in ${showPath(s.outDir)}`);
  let counter = 0;
  const oneRun: RunOne<DoneRun> = async (side, name, extra, meta) => {
    const path = join(s.outDir, `${name}.json`);
    const logPath = join(s.outDir, `${name}.log`);
    rmSync(path, { force: true });
    const args = [
      s.workload,
      ...targetArgs(s, target[side]),
      '-o',
      path,
      '-q',
      ...s.runArgs,
      ...extra,
      ...sideArgs[side],
    ];
    const child = await runChild(args, join(s.outDir, `.cpu-${process.pid}-${counter++}.json`));
    writeFileSync(logPath, child.output);
    if (!existsSync(path))
      throw new Error(
        `${name}: bench ${s.workload} wrote no result (exit ${child.code}); its output, ${showPath(logPath)}:\n${child.output.trim().split('\n').slice(-8).join('\n')}`,
      );
    // biome-ignore lint/suspicious/noExplicitAny: the run's own result, annotated and rewritten
    const result = readResult<any>(path);
    const figures = figuresOf(result, showPath(path));
    // The result's own figure covers the measured phase only; the probe's, the whole process.
    const cores: number | null =
      result.client?.cores ?? result.usage?.client?.cores ?? child.cpuCores;
    const g = gate(figures, child.code, cores);
    // CPU per request: the result's own (the measured phase), else the child's whole life's.
    const usPerRequest: number | null =
      result.cpuPerRequest?.client?.us ??
      (child.cpuS !== null && figures.requests > 0 ? (child.cpuS * 1e6) / figures.requests : null);
    const annotation: PairAnnotation = {
      side,
      order: meta.order,
      warmUp: meta.warmUp,
      valid: g.valid,
      problems: g.problems,
      loadGeneratorUtilisation: g.utilisation,
      loadGeneratorUsPerRequest: usPerRequest,
      loadGeneratorCores: cores,
      serverEnvironment: servers[side],
    };
    result.pair = annotation;
    writeResult(path, result);
    figures.pair = annotation;
    figures.clientCores = cores;
    say(
      `${name}: ${side} ${target[side]}: ${int(figures.throughput)} requests/s, p99 ${(figures.latencyUs.p99 / 1000).toFixed(2)} ms, load generator ${cores === null ? '?' : cores.toFixed(2)} cores, ${usPerRequest === null ? '?' : usPerRequest.toFixed(0)} us/request: ${g.valid ? 'valid' : `INVALID (${g.problems.join('; ')})`}`,
    );
    return { side, figures, path, annotation };
  };

  for (let w = 0; w < s.warmUp; w++)
    for (const side of ['A', 'B'] as const)
      await oneRun(side, `warmup-${side}${w + 1}`, [], { order: -1, warmUp: true });

  const done: DoneRun[] = [];
  const seen = { A: 0, B: 0 };
  for (let k = 0; k < order.length; k++) {
    const side = order[k]!;
    seen[side]++;
    done.push(await oneRun(side, `run-${side}${seen[side]}`, [], { order: k, warmUp: false }));
  }

  const knee =
    s.kneeP99Ms === undefined
      ? null
      : await kneeSearch({ ...s, kneeRepeats: KNEE_REPEATS }, oneRun, say);

  const valid = (side: Side) => done.filter((d) => d.side === side && d.annotation.valid);
  const invalid = done.filter((d) => !d.annotation.valid);
  say('');
  if (invalid.length)
    say(
      `${invalid.length} of ${done.length} runs failed the validity gate and are left out: ${invalid.map((d) => showPath(d.path)).join(', ')}`,
    );
  const va = valid('A').map((d) => d.figures);
  const vb = valid('B').map((d) => d.figures);
  if (va.length === 0 || vb.length === 0) {
    say('no valid run on a side: no comparison');
    if (knee) writeResult(join(s.outDir, 'knee.json'), knee);
    return 1;
  }
  const comparison = compareGroups(va, vb, {
    seed: s.seed,
    priceA: s.priceA,
    priceB: s.priceB,
    serverA: servers.A,
    serverB: servers.B,
  });
  if (invalid.length)
    comparison.notes.push(`${invalid.length} run(s) failed the validity gate and are left out`);
  say(formatComparison(comparison));
  if (knee) {
    say(
      `knee (p99 under ${knee.boundP99Ms} ms in each of ${knee.repeats} run${knee.repeats === 1 ? '' : 's'} per rate): A ${kneeText(knee.A, 'requests/s')}, B ${kneeText(knee.B, 'requests/s')}`,
    );
  }
  const jsonPath = writeResult(join(s.outDir, 'comparison.json'), {
    ...comparisonJson(comparison),
    pair: { order, seed: s.seed, runArgs: s.runArgs, invalid: invalid.map((d) => d.path) },
    knee,
  });
  const htmlPath = writeHtmlReport(
    join(s.outDir, 'report.html'),
    comparison,
    { A: va, B: vb },
    { knee },
  );
  say(`comparison: ${showPath(jsonPath)}`);
  say(`report: ${showPath(htmlPath)}`);
  return invalid.length ? 1 : 0;
}

/** What the knee search reads of a run: its p99 and its validity. */
export interface KneeRun {
  figures: { latencyUs: { p99: number } };
  annotation: { valid: boolean };
}

/**
 * Per target, the highest open-model rate in [kneeMin, kneeMax] that holds: the ends first, then a
 * bisection of kneeSteps steps (A's and B's steps alternate, so both see the machine alike). A
 * rate holds when each of kneeRepeats runs at it is valid with p99 under the bound; the first run
 * that is not ends the step, so only the rates that hold cost every repeat. A run that is not
 * valid (the rate not reached, errors, a saturated load generator) counts as over the bound. One
 * run per rate leaves its noise unmeasured: a p99 near the bound may fall either side of it the
 * next time, and the knee with it.
 */
export async function kneeSearch(
  s: Pick<PairSettings, 'kneeP99Ms' | 'kneeMin' | 'kneeMax' | 'kneeSteps'> & {
    kneeRepeats: number;
  },
  oneRun: RunOne<KneeRun>,
  say: (line: string) => void,
  /** The targets searched (bench stack searches one: A). */
  sides: readonly Side[] = ['A', 'B'],
): Promise<KneeSummary> {
  const bound = s.kneeP99Ms!;
  const top = s.kneeMax!;
  say('');
  say(
    `knee search: p99 under ${bound} ms, rates ${s.kneeMin}-${top} requests/s, ${s.kneeSteps} bisection steps per target, ${s.kneeRepeats} run${s.kneeRepeats === 1 ? '' : 's'} per rate`,
  );
  const state = {
    A: { lo: null as number | null, hi: top, steps: [] as KneeSide['steps'], done: false },
    B: { lo: null as number | null, hi: top, steps: [] as KneeSide['steps'], done: false },
  };
  const step = async (side: Side, rate: number): Promise<boolean> => {
    const r = Math.round(rate);
    const repeats: (number | null)[] = [];
    let valid = true;
    let under = true;
    for (let k = 0; k < s.kneeRepeats && under; k++) {
      const name = `knee-${side}-${r}${s.kneeRepeats > 1 ? `-${k + 1}` : ''}`;
      const d = await oneRun(side, name, ['--rate', String(r)], { order: -1, warmUp: false });
      const p99Ms = d.figures.latencyUs.p99 / 1000;
      repeats.push(Number.isFinite(p99Ms) ? p99Ms : null);
      valid &&= d.annotation.valid;
      under = d.annotation.valid && p99Ms < bound;
    }
    const known = repeats.filter((x): x is number => x !== null);
    state[side].steps.push({
      rate: r,
      p99Ms: known.length === repeats.length ? Math.max(...known) : null,
      repeatsP99Ms: repeats,
      valid,
      underBound: under,
    });
    return under;
  };
  // The ends: the lowest rate must hold (else there is no knee in range), the highest may.
  for (const side of sides) {
    if (!(await step(side, s.kneeMin))) {
      state[side].done = true;
      continue;
    }
    state[side].lo = s.kneeMin;
    if (await step(side, top)) {
      state[side].lo = top;
      state[side].done = true;
    }
  }
  for (let i = 0; i < s.kneeSteps; i++) {
    for (const side of sides) {
      const st = state[side];
      if (st.done || st.lo === null) continue;
      const mid = (st.lo + st.hi) / 2;
      if (Math.round(mid) === Math.round(st.lo) || Math.round(mid) === Math.round(st.hi)) {
        st.done = true;
        continue;
      }
      if (await step(side, mid)) st.lo = Math.round(mid);
      else st.hi = Math.round(mid);
    }
  }
  const result = (side: Side): KneeSide => ({
    rate: state[side].lo,
    // The top of the range held: the knee is there or above, not found.
    atTop: state[side].lo !== null && state[side].lo === top,
    steps: state[side].steps,
  });
  return { boundP99Ms: bound, repeats: s.kneeRepeats, A: result('A'), B: result('B') };
}

const collect = (v: string, prev: string[]) => [...prev, v];

/** The options as commander parses them: the settings, but for the names of a few. */
type PairFlags = Omit<PairSettings, 'outDir' | 'runArgs' | 'aArgs' | 'bArgs'> & {
  outDir?: string;
  aArg: string[];
  bArg: string[];
};

export function pairCommand(): Command {
  return new Command('pair')
    .description(
      'one load generator, two targets: N runs each, randomly interleaved after a warm-up, each gated on validity, compared with intervals (JSON + HTML report); flags after -- go to every run',
    )
    .requiredOption('--a <host:port>', 'target A (the reference)', parseAddress)
    .requiredOption('--b <host:port>', 'target B', parseAddress)
    .addOption(
      new Option(
        '--workload <name>',
        'what each run is: bench data, battle, map or stack (a stack target is its map-server; its data-server and battle-server on the same host at 50052 and 8080 unless --a-arg/--b-arg say --data and --battle-url)',
      )
        .choices(['data', 'battle', 'map', 'stack'])
        .makeOptionMandatory(),
    )
    .option('--runs <n>', 'measured runs per target', parsePositiveInt, 5)
    .option('--warm-up <n>', 'discarded runs per target first', parseNonNegativeNumber, 1)
    .option('--seed <n>', 'seed of the interleaving and the bootstrap', parseNonNegativeNumber, 1)
    .option(
      '--out-dir <dir>',
      'where every run, the comparison and the report go (default: bench/results/pair-<time>/)',
    )
    .option(
      '--a-arg <flag>',
      "a flag for A's runs only (repeat it), e.g. --a-arg=--dbproxy=10.0.0.1:50051",
      collect,
      [],
    )
    .option('--b-arg <flag>', "a flag for B's runs only", collect, [])
    .option(
      '--a-env <file>',
      "A's machine (JSON: cpuModel, cores, arch, kernel, node, commit; docs/guides/two-machines.md); a loopback target is this machine",
    )
    .option('--b-env <file>', "B's machine")
    .option('--price-a <dollars>', "A's price per hour", parseNonNegativeNumber)
    .option('--price-b <dollars>', "B's price per hour", parseNonNegativeNumber)
    .option(
      '--battle-path <path>',
      'battle: the path loaded on each target',
      '/v1/battles/sample/7',
    )
    .option(
      '--knee-p99-ms <ms>',
      'also search, per target, the highest open-model rate whose p99 stays under this (data)',
      parseNonNegativeNumber,
    )
    .option('--knee-min <rate>', 'the lowest rate of the knee search', parseNonNegativeNumber, 100)
    .option('--knee-max <rate>', 'the highest rate of the knee search', parseNonNegativeNumber)
    .option('--knee-steps <n>', 'bisection steps per target', parsePositiveInt, 5)
    .argument(
      '[run-flags...]',
      'after --: flags for every run (e.g. -- --duration 30s --rate 2000)',
    )
    .action(async (runArgs: string[], o: PairFlags) => {
      process.exitCode = await runPair(
        {
          ...o,
          warmUp: Math.floor(o.warmUp),
          seed: Math.floor(o.seed),
          outDir: resolve(
            o.outDir ?? join(resultsDir, `pair-${new Date().toISOString().replace(/[:.]/g, '-')}`),
          ),
          runArgs,
          aArgs: o.aArg,
          bArgs: o.bArg,
        },
        (line) => console.log(line),
      );
    });
}
