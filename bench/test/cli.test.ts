// The CLI's usage errors: an unknown subcommand or flag, or a missing argument, exits 2 and says
// which; help exits 0.
import t from 'tap';
import { runCli } from './helpers/cli.ts';

t.test('an unknown subcommand exits 2 and names it', async (t) => {
  const r = await runCli(['nosuchcommand']);
  t.equal(r.code, 2);
  t.match(r.stderr, /unknown command 'nosuchcommand'/);
});

t.test("a subcommand's usage errors exit 2 and name the problem", async (t) => {
  const flag = await runCli(['data', '--no-such-flag']);
  t.equal(flag.code, 2);
  t.match(flag.stderr, /unknown option '--no-such-flag'/);
  const missing = await runCli(['compare', 'a.json']);
  t.equal(missing.code, 2);
  t.match(missing.stderr, /missing required argument 'b.json'/);
});

t.test('help exits 0 and lists the commands a user runs, one line each', async (t) => {
  const r = await runCli(['--help']);
  t.equal(r.code, 0, r.stderr);
  const commands = r.stdout
    .slice(r.stdout.indexOf('Commands:'))
    .split('\n')
    .slice(1)
    .filter((l) => /^ {2}\S/.test(l))
    .map((l) => l.trim().split(' ')[0]);
  t.same(commands.sort(), [
    'battle',
    'compare',
    'data',
    'echo',
    'help',
    'map',
    'pair',
    'soak',
    'stack',
    'verify',
  ]);
  const sub = await runCli(['help', 'map']);
  t.equal(sub.code, 0, sub.stderr);
  t.match(sub.stdout, /Usage: bench map \[options\]/);
});
