// The rehearsal's pure parts (scripts/rehearsal/): the guide's commands as it reads them (from
// the real docs/guides/two-machines.md), its shortened flags winning in bench pair's own parser, the
// cloud-init file's script and settings, the hosts' addresses and quota files, and the judgement
// of a verdict against the scenario's known speeds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairCommand } from '@slg/bench/pair';
import t from 'tap';
import {
  cloudInit,
  commandFor,
  flagValue,
  guideCommands,
  hostOf,
  repeatedFlag,
  runFlagsOf,
  shellWords,
  withFlags,
} from '../rehearsal/guide.ts';
import { hostsFile, layout, quotaFiles, weightFile } from '../rehearsal/hosts.ts';
import { expectedText, type Headline, judge, SCENARIOS } from '../rehearsal/judge.ts';
import { serviceSettings } from '../rehearsal/server.ts';
import { root } from './helpers/bundles.ts';

const guide = readFileSync(join(root, 'docs', 'guides', 'two-machines.md'), 'utf8');

t.test('shell words', async (t) => {
  t.same(shellWords(`a  'b c' "d \\"e\\"" f\\ g --x=y`), ['a', 'b c', 'd "e"', 'f g', '--x=y']);
  t.same(shellWords("''"), ['']);
  t.throws(() => shellWords("a 'b"), /unterminated/);
});

t.test("the guide's pair commands, as written", async (t) => {
  const cmds = guideCommands(guide);
  t.same(
    cmds.map((c) => c.workload),
    ['data', 'battle', 'stack', 'data'],
    'data, battle, stack, then the open-model data command',
  );
  const data = commandFor(cmds, 'data');
  t.equal(data.a, 'x86-host:50052');
  t.equal(data.b, 'arm-host:50052');
  t.equal(hostOf(data.a), 'x86-host');
  t.same(repeatedFlag(data.args, '--a-arg'), ['--dbproxy=x86-host:50051']);
  t.same(runFlagsOf(data.args), [
    '--duration',
    '60s',
    '--concurrency',
    '128',
    '--players',
    '2000',
    '--no-ceiling',
  ]);
  t.equal(commandFor(cmds, 'stack').a, 'x86-host:50053');
  t.equal(commandFor(cmds, 'battle').b, 'arm-host:8080');
  t.throws(() => commandFor(cmds, 'map'), /no bench pair command of the map workload/);
  t.same(
    guideCommands('```sh\n# npm run bench -- pair --a x:1 --b y:1 --workload data\nls\n```\n'),
    [],
    'a comment is not a command',
  );
});

t.test("the rehearsal's flags win in bench pair's own parser", async (t) => {
  const data = commandFor(guideCommands(guide), 'data');
  const args = withFlags(
    data.args,
    ['--runs', '3', '--out-dir', '/tmp/x', '--a-env', '/tmp/a.json'],
    ['--duration', '4s'],
  );
  t.same(args.slice(0, data.args.indexOf('--')), data.args.slice(0, data.args.indexOf('--')));
  t.equal(flagValue(args, '--runs'), '3');
  let seen: { runFlags: string[]; o: Record<string, unknown> } | undefined;
  const cmd = pairCommand()
    .exitOverride()
    .action((runFlags: string[], o: Record<string, unknown>) => {
      seen = { runFlags, o };
    });
  await cmd.parseAsync(args, { from: 'user' });
  t.equal(seen!.o.runs, 3, "--runs 3 after the guide's --runs 8");
  t.equal(seen!.o.outDir, '/tmp/x');
  t.equal(seen!.o.aEnv, '/tmp/a.json');
  t.equal(seen!.o.bEnv, 'b-env.json', "the guide's own where not given");
  t.same(seen!.o.aArg, ['--dbproxy=x86-host:50051']);
  t.same(seen!.runFlags.slice(-2), ['--duration', '4s'], 'the runs get the later --duration');
  t.same(withFlags(['pair', '--a', 'x:1'], ['--runs', '2'], ['-d', '1s']), [
    'pair',
    '--a',
    'x:1',
    '--runs',
    '2',
    '--',
    '-d',
    '1s',
  ]);
});

t.test("the cloud-init file's script and settings", async (t) => {
  const ci = cloudInit(readFileSync(join(root, 'docs', 'cloud-init', 'slg-server.yaml'), 'utf8'));
  t.match(ci.bootstrap, /^#!\/usr\/bin\/env bash\n/);
  t.match(ci.bootstrap, /slg-bootstrap env FILE/);
  t.equal(ci.env.MAPSERVER_SPEED, '600');
  const s = serviceSettings(ci.env);
  t.equal(s.MAPSERVER_WIDTH, '300');
  t.notOk('DATASERVER_PUBLISH' in s, "compose's published ports are not the services' settings");
  t.notOk('SLG_REF' in s);
  t.throws(() => cloudInit('write_files: []\n'), /writes no \/etc\/slg\/slg.env/);
});

t.test('hosts: names, addresses, quota files', async (t) => {
  const l = layout(4242, [['x86-host'], ['arm-host', 'b']]);
  t.equal(l.lg.ns, 'slg-rh-4242-lg');
  t.same(
    l.servers.map((s) => [s.ns, s.address]),
    [
      ['slg-rh-4242-a', '10.231.1.2'],
      ['slg-rh-4242-b', '10.231.2.2'],
    ],
  );
  t.match(hostsFile(l), /^10\.231\.1\.2 x86-host$/m);
  t.match(hostsFile(l), /^10\.231\.2\.2 arm-host b$/m);
  t.same(quotaFiles('v1', 0.25), [
    ['cpu.cfs_period_us', '100000'],
    ['cpu.cfs_quota_us', '25000'],
  ]);
  t.same(quotaFiles('v2', 0.5), [['cpu.max', '50000 100000']]);
  t.same(weightFile('v1'), ['cpu.shares', '10240']);
  t.same(weightFile('v2'), ['cpu.weight', '1000']);
  t.throws(() => quotaFiles('v1', 0), /must be > 0/);
});

const h = (ratio: number, lo: number, hi: number, significant: boolean): Headline => ({
  metric: 'throughput',
  ratio,
  interval: { lo, hi },
  significant,
  p: significant ? 0.008 : 0.5,
});

t.test('the verdicts judged against the known speeds', async (t) => {
  const [same, slower] = [SCENARIOS[1]!, SCENARIOS[2]!];
  t.ok(judge(same, 'no significant difference', h(1.02, 0.95, 1.1, false), null).ok);
  t.match(judge(same, 'B is faster by 2-9%', h(1.05, 1.02, 1.09, true), null), {
    ok: false,
    why: /a difference where there is none/,
  });
  t.match(
    judge(same, 'no significant difference (MW disagrees)', h(1.05, 1.01, 1.09, false), null),
    { ok: false, why: /excludes 1/ },
    'an interval that excludes 1 is wrong here even without a verdict',
  );
  t.ok(judge(slower, 'B is slower by 40-60%', h(0.5, 0.4, 0.6, true), 0.47).ok);
  t.match(judge(slower, 'B is slower by 40-60%', h(0.5, 0.4, 0.6, true), 0.33), {
    ok: false,
    why: /does not hold the direct ratio 0.330/,
  });
  t.match(judge(slower, 'no significant difference', h(0.7, 0.4, 1.1, false), 0.5), {
    ok: false,
    why: /half quota not found/,
  });
  t.match(judge(slower, 'B is faster by 40-60%', h(1.5, 1.4, 1.6, true), 0.5), { ok: false });
  t.match(judge(slower, 'B is slower', { ...h(0.5, 0.4, 0.6, true), metric: 'p99 latency' }, 0.5), {
    ok: false,
    why: /not throughput/,
  });
  t.match(judge(same, 'no verdict', { ...h(1, 1, 1, false), interval: null }, null), {
    ok: false,
    why: /no interval/,
  });
  t.match(expectedText(slower, 0.4712), /contains 0\.471/);
});

t.test("the guide's rehearsal section: the command CI runs, options that exist", async (t) => {
  const start = guide.indexOf('## Rehearse it on one machine first');
  t.ok(start > 0, 'the section is there');
  const section = guide.slice(start, guide.indexOf('\n## ', start + 1));
  const ci = readFileSync(join(root, '.ci', 'run'), 'utf8');
  // CI's rehearse step runs this function, again after a wrong verdict, up to five times.
  const ciLine = ci.match(/^rehearse\(\) \{ (npm run rehearse -- .*); \}$/m)?.[1];
  t.match(
    ci,
    /^step rehearse .*for run in 1 2 3 4 5; do rehearse && exit 0;/m,
    'the step runs it, up to five times until a run is right',
  );
  t.ok(ciLine, '.ci/run has a rehearse step');
  t.ok(section.includes(`\`${ciLine}\``), `the section names .ci/run's command: ${ciLine}`);
  const script = readFileSync(join(root, 'scripts', 'rehearse.ts'), 'utf8');
  // The flags of the rehearsal the section names: in code spans of its command or of flags.
  const spans = [...section.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/`([^`]+)`/g)]
    .map((m) => m[1]!)
    .filter((c) => c.startsWith('npm run rehearse') || c.startsWith('--'));
  const named = new Set(spans.flatMap((c) => c.match(/--[a-z][a-z-]*/g) ?? []));
  for (const flag of named) {
    const name = flag.slice(2);
    t.match(script, new RegExp(`^\\s+'?${name}'?: \\{ type:`, 'm'), `${flag} is an option`);
  }
  t.ok(named.has('--scenarios') && named.has('--workloads'), 'it says how to pick');
  const rows = [...section.matchAll(/^\| (\d) \| A ([\d.]+), B ([\d.]+)/gm)];
  t.equal(rows.length, 3, 'a row per scenario');
  for (const [, id, a, b] of rows)
    t.equal(Number(b) / Number(a), SCENARIOS[Number(id)]!.bOverA, `scenario ${id}'s quotas`);
  t.match(script, /quota: \{ type: 'string', default: '0\.5' \}/, "A's 0.5 cores is the default");
});
