// `npm run rehearse`: the two-machine benchmark of docs/guides/two-machines.md, rehearsed on this one
// machine. Three hosts are network namespaces joined by veth links: two server hosts, each
// running the whole stack as the guide's cloud-init file sets a server up (its own MariaDB and
// Redis, the services listening on the host's address at the guide's ports, the machine's
// description written by the cloud-init file's script), and a load generator that runs the
// guide's `npm run bench -- pair` commands as written against the guide's host names. Each
// server host's processes are in a cgroup with a CPU quota: machines of known speed, so that
// what the instrument concludes can be checked against the truth.
//
//   scenario 1: equal quotas              no significant difference, the interval contains 1
//   scenario 2: B with half A's quota     "B is slower", the throughput interval holds the
//                                         ratio measured by direct runs of each host alone
//   scenario 3: the stack workload, equal quotas, once
//
// Scenarios 1 and 2 run for each of --workloads (data, battle). It prints each scenario's
// verdict beside the expected one and exits 1 when one is wrong (2: it could not run). Runs as
// root (namespaces, cgroups); everything it makes is removed on exit, Ctrl-C and errors.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { interleave, targetArgs, type Workload } from '@slg/bench/pair';
import { buildServices } from './build.ts';
import {
  cloudInit,
  commandFor,
  type GuideCommand,
  guideCommands,
  hostOf,
  repeatedFlag,
  runFlagsOf,
  withFlags,
} from './rehearsal/guide.ts';
import { findCgroupRoot, type HostSpec, Hosts, layout, sweepStale } from './rehearsal/hosts.ts';
import {
  type ComparisonFile,
  expectedText,
  type Headline,
  headlineOf,
  judge,
  SCENARIOS,
  type Scenario,
} from './rehearsal/judge.ts';
import { startServer, writeServerEnv } from './rehearsal/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const USAGE = `npm run rehearse -- [options]   (as root)
  --scenarios <list>     1,2,3 (default): 1 equal quotas, 2 B with half A's quota, 3 the stack workload
  --workloads <list>     data,battle (default): the workloads of scenarios 1 and 2
  --quota <cores>        A's CPU quota in cores of this machine (default 0.5)
  --runs <n>             measured runs per host, --runs of bench pair (default 5)
  --duration <time>      each data or battle run (default 5s)
  --stack-duration <t>   each stack run (default 20s)
  --concurrency <n>      data runs' requests in flight (default 32; the guide's 128)
  --players <n>          data runs' players (default 32; the guide's 2,000 take minutes to seed)
  --direct-runs <n>      scenario 2: runs of each host alone, the ratio the interval must hold
                         (default: --runs; A and B alternating, half before the pair, half after)
  --repeat <n>           each scenario n times, the pair's seed 1..n (default 1)
  --out <dir>            results (default bench/results/rehearsal-<time>/)`;

class UsageError extends Error {}

function positive(name: string, v: string, integer = true): number {
  const n = Number(v);
  if (!(n > 0) || (integer && !Number.isInteger(n)))
    throw new UsageError(
      `--${name} ${JSON.stringify(v)}: must be a positive ${integer ? 'integer' : 'number'}`,
    );
  return n;
}

function list(name: string, v: string, allowed: string[]): string[] {
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.filter((s) => !allowed.includes(s));
  if (items.length === 0 || bad.length)
    throw new UsageError(
      `--${name} ${JSON.stringify(v)}: each must be one of ${allowed.join(', ')}`,
    );
  return [...new Set(items)];
}

function options() {
  const { values } = parseArgs({
    options: {
      scenarios: { type: 'string', default: '1,2,3' },
      workloads: { type: 'string', default: 'data,battle' },
      quota: { type: 'string', default: '0.5' },
      runs: { type: 'string', default: '5' },
      duration: { type: 'string', default: '5s' },
      'stack-duration': { type: 'string', default: '20s' },
      concurrency: { type: 'string', default: '32' },
      players: { type: 'string', default: '32' },
      'direct-runs': { type: 'string' },
      repeat: { type: 'string', default: '1' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    say(USAGE);
    process.exit(0);
  }
  const time = (name: string, v: string) => {
    if (!/^\d+(ms|s|m)?$/.test(v))
      throw new UsageError(`--${name} ${JSON.stringify(v)}: a time such as 5s`);
    return v;
  };
  return {
    scenarios: list('scenarios', values.scenarios, ['1', '2', '3']).map(Number).sort(),
    workloads: list('workloads', values.workloads, ['data', 'battle']),
    quota: positive('quota', values.quota, false),
    runs: positive('runs', values.runs),
    duration: time('duration', values.duration),
    stackDuration: time('stack-duration', values['stack-duration']),
    concurrency: positive('concurrency', values.concurrency),
    players: positive('players', values.players),
    directRuns: positive('direct-runs', values['direct-runs'] ?? values.runs),
    repeat: positive('repeat', values.repeat),
    out: resolve(
      values.out ??
        join(
          root,
          'bench',
          'results',
          `rehearsal-${new Date().toISOString().replace(/[:.]/g, '-')}`,
        ),
    ),
  };
}

type Options = ReturnType<typeof options>;

function preflight(): void {
  if (process.getuid?.() !== 0)
    throw new UsageError('run it as root: it makes network namespaces and cgroups');
  for (const c of ['ip', 'unshare', 'mariadbd', 'mariadb-install-db', 'redis-server']) {
    try {
      execFileSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' });
    } catch {
      throw new UsageError(
        `${c} is not on the PATH (Debian: apt-get install ${c === 'ip' ? 'iproute2' : c === 'unshare' ? 'util-linux' : c.startsWith('maria') ? 'mariadb-server' : 'redis-server'})`,
      );
    }
  }
}

/** A word as a shell would need it written. */
const shellQuote = (w: string) =>
  /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;

/** What each scenario's runs are shortened to: appended to the guide's own flags. */
function runFlags(o: Options, workload: string): string[] {
  if (workload === 'data')
    return [
      '--duration',
      o.duration,
      '--concurrency',
      String(o.concurrency),
      '--players',
      String(o.players),
    ];
  if (workload === 'battle') return ['--duration', o.duration];
  return ['--duration', o.stackDuration, '--players', '100'];
}

/** `npm run bench -- <args>` on the load generator. */
type Npm = (
  args: string[],
  onLine?: (line: string) => void,
) => Promise<{ code: number; output: string }>;

interface Row {
  repetition: number;
  scenario: Scenario;
  workload: string;
  quotas: [number, number];
  command: string;
  exitCode: number;
  invalidRuns: string[];
  verdict: string | null;
  headline: Headline | null;
  directRatio: number | null;
  direct: string | null;
  expected: string;
  ok: boolean;
  why: string;
  seconds: number;
}

async function main(): Promise<number> {
  const o = options();
  preflight();
  const cgroups = findCgroupRoot();
  if (!cgroups)
    throw new UsageError(
      'no cgroup CPU controller found (v2 cpu.max under /sys/fs/cgroup, or v1 /sys/fs/cgroup/cpu)',
    );
  const guide = guideCommands(
    readFileSync(join(root, 'docs', 'guides', 'two-machines.md'), 'utf8'),
  );
  const ci = cloudInit(readFileSync(join(root, 'docs', 'cloud-init', 'slg-server.yaml'), 'utf8'));
  const workloads = [
    ...(o.scenarios.some((s) => s !== 3) ? o.workloads : []),
    ...(o.scenarios.includes(3) ? ['stack'] : []),
  ];
  const commands = new Map(workloads.map((w) => [w, commandFor(guide, w)]));
  const first = [...commands.values()][0]!;
  const [nameA, nameB] = [hostOf(first.a), hostOf(first.b)];
  for (const c of commands.values())
    if (hostOf(c.a) !== nameA || hostOf(c.b) !== nameB)
      throw new Error(`the guide's commands name other hosts: ${c.text}`);

  const swept = sweepStale(cgroups);
  if (swept.length) say(`removed what killed rehearsals left: ${swept.join(', ')}`);
  const l = layout(process.pid, [[nameA], [nameB]]);
  const hosts = new Hosts(l, cgroups);
  const [A, B] = l.servers as [HostSpec, HostSpec];
  // Whatever ends this process, the hosts go with it.
  process.once('exit', () => hosts.down(2000));
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.once(sig, () => {
      say(`\n${sig}: removing the hosts`);
      hosts.down(2000);
      process.exit(code);
    });
  }

  mkdirSync(o.out, { recursive: true });
  const started = Date.now();
  say(
    `rehearsal of docs/guides/two-machines.md: hosts ${l.lg.ns} (load generator), ${A.ns} (${nameA} ${A.address}), ${B.ns} (${nameB} ${B.address}); cgroup ${cgroups.version} CPU quotas; load average ${load()}`,
  );
  say(`results in ${o.out}`);
  hosts.up();
  // Start-up with a core each: the quotas of the scenarios are set before each one.
  hosts.setQuota(A, 1);
  hosts.setQuota(B, 1);
  await buildServices();
  const servers = await Promise.all(
    [A, B].map((spec) =>
      startServer(hosts, spec, { root, cloudInit: ci, onLine: (line) => say(line) }),
    ),
  );
  for (const s of servers)
    say(
      `${s.spec.names[0]} (${s.spec.address}): MariaDB, Redis, ${s.services}: up in ${s.startS.toFixed(1)} s (${hosts.pidsOf(s.spec).length} processes in ${s.spec.ns})`,
    );
  // As the guide's scp does: each server's description where the load generator's commands read it.
  const envFiles: Record<string, string> = {};
  for (const [spec, file] of [
    [A, 'a-env.json'],
    [B, 'b-env.json'],
  ] as const) {
    envFiles[spec.role] = join(o.out, file);
    await writeServerEnv(hosts, spec, {
      root,
      cloudInit: ci,
      dir: o.out,
      out: envFiles[spec.role]!,
    });
  }
  say(
    `machine descriptions (the cloud-init file's slg-bootstrap env): ${readFileSync(envFiles.a!, 'utf8').trim()}`,
  );

  const npm: Npm = (args, onLine) =>
    hosts.run(l.lg, 'npm', ['run', '--silent', 'bench', '--', ...args], {
      cwd: root,
      env: { ...process.env, npm_config_update_notifier: 'false', NO_COLOR: '1' },
      onLine,
    });

  const rows: Row[] = [];
  for (let rep = 1; rep <= o.repeat; rep++) {
    for (const id of o.scenarios) {
      const scenario = SCENARIOS[id]!;
      for (const workload of id === 3 ? ['stack'] : o.workloads) {
        const t0 = Date.now();
        const cmd = commands.get(workload)!;
        const quotas: [number, number] = [o.quota, o.quota * scenario.bOverA];
        hosts.setQuota(A, quotas[0]);
        hosts.setQuota(B, quotas[1]);
        const dir = join(o.out, `s${id}-${workload}${o.repeat > 1 ? `-${rep}` : ''}`);
        const args = withFlags(
          cmd.args,
          [
            '--runs',
            String(o.runs),
            '--seed',
            String(rep),
            '--out-dir',
            dir,
            '--a-env',
            envFiles.a!,
            '--b-env',
            envFiles.b!,
          ],
          runFlags(o, workload),
        );
        const command = `npm run bench -- ${args.map(shellQuote).join(' ')}`;
        say('');
        say(
          `== scenario ${id} (${scenario.title}: A ${quotas[0].toFixed(2)} cores, B ${quotas[1].toFixed(2)}), ${workload}${o.repeat > 1 ? `, repetition ${rep} of ${o.repeat}` : ''}; load average ${load()}`,
        );
        say(`the guide's command: ${cmd.text}`);
        say(`$ ${command}`);
        const direct =
          scenario.expect === 'B slower' ? new DirectRuns(o, cmd, workload, dir, npm) : null;
        // Before the pair: ends on B, as the pair starts with A's warm-up. After: starts on the
        // host its last run was not on.
        await direct?.run(Math.ceil(o.directRuns / 2), 'A');
        const r = await npm(args, (line) => say(`  | ${line}`));
        await direct?.run(
          Math.floor(o.directRuns / 2),
          interleave(o.runs, rep).at(-1) === 'A' ? 'B' : 'A',
        );
        let verdict: string | null = null;
        let headline: Headline | null = null;
        let invalidRuns: string[] = [];
        const cmpPath = join(dir, 'comparison.json');
        if (existsSync(cmpPath)) {
          const c = JSON.parse(readFileSync(cmpPath, 'utf8')) as ComparisonFile & {
            pair?: { invalid?: string[] };
          };
          verdict = c.verdict;
          headline = headlineOf(c);
          invalidRuns = c.pair?.invalid ?? [];
        }
        const d = direct ? await direct.ratio() : null;
        const directRatio = d?.ratio ?? null;
        if (d) say(`direct runs, each host alone: ${d.text}`);
        const judged = headline
          ? judge(scenario, verdict!, headline, directRatio)
          : { ok: false, why: `bench pair made no comparison (exit ${r.code})` };
        const row: Row = {
          repetition: rep,
          scenario,
          workload,
          quotas,
          command,
          exitCode: r.code,
          invalidRuns,
          verdict,
          headline,
          directRatio,
          direct: d?.text ?? null,
          expected: expectedText(scenario, directRatio),
          ok: judged.ok,
          why: judged.why,
          seconds: (Date.now() - t0) / 1000,
        };
        rows.push(row);
        say(`scenario ${id}, ${workload}: expected ${row.expected}`);
        say(`scenario ${id}, ${workload}: got      ${verdict ?? '(no comparison)'}`);
        say(
          `scenario ${id}, ${workload}: ${row.ok ? 'RIGHT' : `WRONG: ${row.why}`} (${row.seconds.toFixed(0)} s)`,
        );
      }
    }
  }

  say('');
  say(
    `rehearsal summary (${((Date.now() - started) / 1000).toFixed(0)} s; load average now ${load()}):`,
  );
  for (const r of rows) {
    const h = r.headline;
    const ci = h?.interval
      ? `${h.ratio.toFixed(3)} (${h.interval.lo.toFixed(3)}-${h.interval.hi.toFixed(3)}), p=${h.p.toFixed(3)}`
      : '-';
    say(
      `  ${r.ok ? 'RIGHT' : 'WRONG'}  scenario ${r.scenario.id} ${r.workload.padEnd(6)}${o.repeat > 1 ? ` #${r.repetition}` : ''}  A ${r.quotas[0].toFixed(2)} B ${r.quotas[1].toFixed(2)} cores  ${h?.metric ?? ''} B/A ${ci}${r.directRatio !== null ? `, direct ${r.directRatio.toFixed(3)}` : ''}${r.invalidRuns.length ? `, ${r.invalidRuns.length} run(s) left out by the gate` : ''}${r.ok ? '' : `: ${r.why}`}`,
    );
  }
  writeFileSync(
    join(o.out, 'rehearsal.json'),
    `${JSON.stringify({ options: o, hosts: l, cgroup: cgroups.version, rows }, null, 2)}\n`,
  );
  const wrong = rows.filter((r) => !r.ok).length;
  say(wrong ? `${wrong} of ${rows.length} verdicts wrong` : `all ${rows.length} verdicts right`);
  return wrong ? 1 : 0;
}

/**
 * B's throughput over A's as each host measures alone: `bench <workload>` with the pair's run
 * flags and each side's own, `--direct-runs` runs of each; half of them before the pair and half
 * after, so that a drift of the shared machine over the scenario falls on them as on the pair's
 * runs; the ratio of the means (`bench compare`'s). As many runs as the pair's: one run a side
 * varies as much as the hosts' runs do, far more than the pair's mean.
 *
 * A and B strictly alternate, never one host twice in a row, also across the pair (its first run
 * is A's warm-up, its last the last of its order): a run right after a run on the same host was
 * measured 4-5% faster than one after the other host (260 runs here; the machines share their
 * cores and caches), and runs of one host back to back would favour it.
 */
class DirectRuns {
  readonly #files: Record<'A' | 'B', string[]> = { A: [], B: [] };
  #done = 0;
  #failed: string | null = null;

  readonly o: Options;
  readonly cmd: GuideCommand;
  readonly workload: string;
  readonly dir: string;
  readonly npm: Npm;

  constructor(o: Options, cmd: GuideCommand, workload: string, dir: string, npm: Npm) {
    this.o = o;
    this.cmd = cmd;
    this.workload = workload;
    this.dir = dir;
    this.npm = npm;
  }

  /** Runs the next `n` of each host's, alternating, `first`'s first. */
  async run(n: number, first: 'A' | 'B'): Promise<void> {
    const battlePath = repeatedFlag(this.cmd.args, '--battle-path').pop() ?? '/v1/battles/sample/7';
    mkdirSync(this.dir, { recursive: true });
    const second: 'A' | 'B' = first === 'A' ? 'B' : 'A';
    for (let i = 0; i < n && !this.#failed; i++) {
      const k = ++this.#done;
      for (const side of [first, second]) {
        const file = join(this.dir, `direct-${side}${k}.json`);
        const args = [
          this.workload,
          ...targetArgs(
            { workload: this.workload as Workload, battlePath },
            side === 'A' ? this.cmd.a : this.cmd.b,
          ),
          '-o',
          file,
          '-q',
          ...runFlagsOf(this.cmd.args),
          ...runFlags(this.o, this.workload),
          ...repeatedFlag(this.cmd.args, side === 'A' ? '--a-arg' : '--b-arg'),
        ];
        const r = await this.npm(args);
        if (!existsSync(file)) {
          this.#failed = `bench ${this.workload} on ${side} wrote no result (exit ${r.code}): ${r.output.slice(-500)}`;
          return;
        }
        this.#files[side].push(file);
      }
    }
  }

  async ratio(): Promise<{ ratio: number | null; text: string }> {
    if (this.#failed) return { ratio: null, text: this.#failed };
    const json = join(this.dir, 'direct-comparison.json');
    const r = await this.npm(['compare', '--json', json, ...this.#files.A, '--', ...this.#files.B]);
    if (!existsSync(json))
      return {
        ratio: null,
        text: `bench compare failed (exit ${r.code}): ${r.output.slice(-500)}`,
      };
    const c = JSON.parse(readFileSync(json, 'utf8')) as {
      metrics: { metric: string; meanA: number; meanB: number; ratio: number }[];
    };
    const t = c.metrics.find((m) => m.metric === 'throughput')!;
    return {
      ratio: t.ratio,
      text: `A ${t.meanA.toFixed(0)} requests/s, B ${t.meanB.toFixed(0)}: B/A ${t.ratio.toFixed(3)} (${this.#done} run(s) each, half before the pair, half after)`,
    };
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(
      `rehearse: ${err instanceof UsageError ? err.message : (err.stack ?? err.message)}\n`,
    );
    if (err instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  },
);
