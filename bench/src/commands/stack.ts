// `bench stack`: whole-game player sessions across every service, with invariants checked
// (src/stack/run.ts). One run at --rate sessions/s, or with --knee-p99-ms the highest
// session rate whose every operation's p99 stays under the bound (the pair tool's knee search,
// one target), each step a full run with its checks.
import { Command, InvalidArgumentError } from 'commander';
import {
  parseAddress,
  parseDuration,
  parseNonNegativeNumber,
  parsePositiveInt,
  UsageError,
} from '../lib/options.ts';
import { defaultResultPath, showPath, writeResult } from '../lib/result-file.ts';
import { kneeText } from '../report-html/report.ts';
import {
  formatResult,
  prepare,
  runOnce,
  type StackResult,
  type StackSettings,
} from '../stack/run.ts';
import { ACTIONS, type Action, DEFAULT_MIX } from '../stack/session.ts';
import { type KneeRun, kneeSearch } from './pair.ts';

/** "pan=2,gather=3" as weights (every action named at most once, weights >= 0). */
export function parseMix(text: string): Map<Action, number> {
  const out = new Map<Action, number>(ACTIONS.map((a) => [a, 0]));
  for (const part of text.split(',').filter(Boolean)) {
    const m = /^([a-z]+)=(\d+(?:\.\d+)?)$/.exec(part.trim());
    if (!m) throw new InvalidArgumentError(`not action=weight: ${JSON.stringify(part)}`);
    if (!(ACTIONS as readonly string[]).includes(m[1]!))
      throw new InvalidArgumentError(
        `unknown action ${JSON.stringify(m[1])} (actions: ${ACTIONS.join(', ')})`,
      );
    out.set(m[1] as Action, Number(m[2]));
  }
  if (![...out.values()].some((w) => w > 0))
    throw new InvalidArgumentError('at least one action needs a weight > 0');
  return out;
}

const mixText = (mix: ReadonlyMap<Action, number>) =>
  [...mix].map(([a, w]) => `${a}=${w}`).join(',');

export function stackCommand(): Command {
  return new Command('stack')
    .description(
      'whole-game player sessions across every service (open model, sessions/s), every invariant checked',
    )
    .option(
      '--map <host:port>',
      'the map-server to load (default: start the stack here)',
      parseAddress,
    )
    .option('--data <host:port>', 'its data-server (with --map)', parseAddress)
    .option('--battle-url <url>', 'its battle-server (with --map)')
    .option(
      '--mysql <url>',
      'the MySQL/MariaDB of the stack it starts (a database of its own)',
      'mysql://root@127.0.0.1:3306',
    )
    .option(
      '--redis <url>',
      'the Redis of the stack it starts (a key prefix of its own)',
      'redis://127.0.0.1:6379/0',
    )
    .option('--players <n>', 'players seeded (one session at a time each)', parsePositiveInt, 200)
    .option('--rate <n>', 'sessions arriving per second (open model)', parseNonNegativeNumber, 2)
    .option('-d, --duration <time>', 'how long sessions arrive', '60s')
    .option('--actions <n>', 'actions per session (after log-in and the map)', parsePositiveInt, 6)
    .option(
      '--think-ms <ms>',
      'mean think time between actions (0.5x-1.5x, seeded)',
      parseNonNegativeNumber,
      1000,
    )
    .option(
      '--mix <weights>',
      `the actions' weights (${ACTIONS.join(', ')}; default ${mixText(DEFAULT_MIX)})`,
      parseMix,
    )
    .option('--seed <n>', 'seed of the arrivals and the sessions', parseNonNegativeNumber, 1)
    .option('--deadline-ms <ms>', 'deadline of every call', parsePositiveInt, 10_000)
    .option(
      '--knee-p99-ms <ms>',
      "search the highest session rate whose every operation's p99 stays under this",
      parseNonNegativeNumber,
    )
    .option('--knee-min <rate>', 'the lowest rate of the knee search', parseNonNegativeNumber, 1)
    .option('--knee-max <rate>', 'the highest rate of the knee search', parseNonNegativeNumber, 16)
    .option('--knee-steps <n>', 'bisection steps', parsePositiveInt, 4)
    .option(
      '--knee-repeats <n>',
      'runs at each rate of the knee search: a rate holds when every one is valid with p99 under the bound (1: its noise unmeasured)',
      parsePositiveInt,
      2,
    )
    .option('-o, --out <file>', 'the JSON (default: bench/results/stack-<time>.json)')
    .option('-q, --quiet', 'no progress lines')
    .action(async (o: Record<string, unknown>) => {
      const s = settingsFrom(o);
      const say = (l: string) => console.log(l);
      const stack = await prepare(s, say);
      try {
        const out =
          (o.out as string | undefined) ?? defaultResultPath('stack', new Date().toISOString());
        if (o.kneeP99Ms === undefined) {
          const r = await runOnce(s, stack, s.rate, say);
          say('');
          say(formatResult(r));
          say(`result: ${showPath(writeResult(out, r))}`);
          process.exitCode = r.valid ? 0 : 1;
        } else {
          const runs: StackResult[] = [];
          const knee = await kneeSearch(
            o as Parameters<typeof kneeSearch>[0],
            async (_side, name, extra): Promise<KneeRun> => {
              const rate = Number(extra[extra.indexOf('--rate') + 1]);
              const r = await runOnce(s, stack, rate, say).catch((err: Error) => {
                // A run that could not finish (the stack overloaded past its deadlines) is over
                // the bound; the next run reads every player's start again.
                say(`${name}: ${rate} sessions/s: the run failed: ${err.message}`);
              });
              if (!r)
                return {
                  figures: { latencyUs: { p99: Number.POSITIVE_INFINITY } },
                  annotation: { valid: false },
                };
              runs.push(r);
              say(
                `${name}: ${rate} sessions/s: sustained ${r.sessions.sustained.toFixed(2)}/s, max p99 ${(r.maxP99Us / 1000).toFixed(1)} ms, ${r.violations.length} violations: ${r.valid ? 'valid' : `NOT valid (${r.problems.join('; ')})`}`,
              );
              return {
                figures: { latencyUs: { p99: r.maxP99Us } },
                annotation: { valid: r.valid },
              };
            },
            say,
            ['A'],
          );
          say('');
          say(
            `capacity: ${kneeText(knee.A, 'sessions/s')} with every operation's p99 under ${knee.boundP99Ms} ms in each of ${knee.repeats} run${knee.repeats === 1 ? '' : 's'} per rate (${knee.A.steps.map((x) => `${x.rate}/s: p99 ${x.repeatsP99Ms.map((v) => (v === null ? 'none' : v.toFixed(0))).join(', ')} ms${x.valid ? '' : ' invalid'}`).join('; ')})`,
          );
          const last = runs.find((r) => r.rate === knee.A.rate) ?? runs.at(-1);
          if (last) say(formatResult(last));
          say(
            `result: ${showPath(writeResult(out, { kind: 'stack-knee', knee: { boundP99Ms: knee.boundP99Ms, repeats: knee.repeats, ...knee.A }, runs }))}`,
          );
          process.exitCode = runs.some((r) => r.violations.length) ? 1 : 0;
        }
      } finally {
        await stack.close();
      }
    });
}

export function settingsFrom(o: Record<string, unknown>): StackSettings {
  const given = [o.map, o.data, o.battleUrl].filter((x) => x !== undefined).length;
  if (given !== 0 && given !== 3)
    throw new UsageError(
      '--map, --data and --battle-url go together (or none: the stack is started here)',
    );
  const rate = o.rate as number;
  if (!(rate > 0)) throw new UsageError('--rate must be > 0');
  return {
    target: given
      ? {
          map: o.map as string,
          data: o.data as string,
          battleUrl: String(o.battleUrl).replace(/\/+$/, ''),
        }
      : null,
    mysqlUrl: String(o.mysql),
    redisUrl: String(o.redis),
    players: o.players as number,
    rate,
    durationMs: parseDuration(String(o.duration)),
    seed: Math.floor(o.seed as number),
    session: {
      viewWidth: 30,
      viewHeight: 20,
      actions: o.actions as number,
      thinkMs: o.thinkMs as number,
      streamTimeoutMs: Math.max(10_000, o.deadlineMs as number),
    },
    mix: (o.mix as Map<Action, number> | undefined) ?? DEFAULT_MIX,
    deadlineMs: o.deadlineMs as number,
    quiet: o.quiet === true,
  };
}
