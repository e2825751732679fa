#!/usr/bin/env node
// The one CLI of every benchmark of the stack:
//   npm run bench -- <subcommand> [options]   (npm run bench -- --help)
// data: the case study's data-server stress run (checked responses; --verify for the
// post-verification); verify: the post-verification alone; echo: the machine's gRPC ceiling;
// battle, map, stack, soak: battle-server, map-server, the whole game, a long run; compare and
// pair: runs of two machines set against each other.
import { Command, CommanderError } from 'commander';
import { compareCommand } from './commands/compare.ts';
import { dataCommand } from './commands/data.ts';
import { echoCommand } from './commands/echo.ts';
import { verifyCommand } from './commands/verify.ts';
import { UsageError } from './lib/options.ts';
import { applySecurity, SECURITY_VALUE_FLAGS, securityOptions } from './lib/security.ts';

const program = new Command('bench')
  .description(
    "Benchmarks of the SLG backend: the case study's data-server stress test, its post-verification, the gRPC ceiling, battle-server, map-server and whole-game loads, and the comparison of two machines",
  )
  .showHelpAfterError()
  .exitOverride();
// --tls-ca, --tls-cert, --tls-key, --tls-server-name, --token: a stack with TLS or the internal
// token (lib/security.ts), before or after the subcommand; checked once before it runs.
for (const option of securityOptions()) program.addOption(option);
program.hook('preAction', () => {
  applySecurity(program.opts());
});

program.addCommand(dataCommand());
program.addCommand(verifyCommand());
program.addCommand(echoCommand());
program.addCommand(compareCommand());

// The subcommand asked for (`bench help <name>` asks for its help): only its module is loaded.
const argv = process.argv.slice(2);
const requested =
  argv[0] === 'help'
    ? argv[1]
    : argv.find((a, i) => !a.startsWith('-') && !SECURITY_VALUE_FLAGS.includes(argv[i - 1] ?? ''));

// The other subcommands live in their own modules, loaded only when asked for (they pull in
// the services' clients, mysql2, autocannon: a second of start-up);
// a module that fails to load leaves a subcommand that says why, not a broken CLI.
async function optional(
  name: string,
  description: string,
  load: () => Promise<Command>,
): Promise<void> {
  if (requested !== name) {
    // Listed in the help; never run (the command line asked for another one).
    program.addCommand(new Command(name).description(description));
    return;
  }
  try {
    program.addCommand(await load());
  } catch (err) {
    program.addCommand(
      new Command(name)
        .description(`${description} (unavailable: ${(err as Error).message.split('\n')[0]})`)
        .allowUnknownOption()
        .action(() => {
          throw new UsageError(`bench ${name} is unavailable: ${(err as Error).message}`);
        }),
    );
  }
}
await optional('map', "map-server's viewport queries beside the echo ceiling", async () =>
  (await import('./commands/map.ts')).mapCommand(),
);
await optional(
  'soak',
  'a long open-model run: p99 and RSS per interval, their slopes, pass/fail',
  async () => (await import('./commands/soak.ts')).soakCommand(),
);
await optional(
  'pair',
  'two targets from one load generator: interleaved runs, each validated, compared with intervals',
  async () => (await import('./commands/pair.ts')).pairCommand(),
);
await optional(
  'stack',
  'whole-game player sessions across every service, every invariant checked',
  async () => (await import('./commands/stack.ts')).stackCommand(),
);
await optional('battle', 'load battle-server over HTTP', async () =>
  (await import('./commands/battle.ts')).battleCommand(),
);

// Subcommands added with addCommand keep commander's own process.exit: route them here too.
for (const command of program.commands) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Commander has printed its own message (--help, or a usage error: an unknown subcommand
    // or flag, a missing argument, which it names). A usage error exits 2.
    const help = ['commander.helpDisplayed', 'commander.help', 'commander.version'];
    process.exitCode = help.includes(err.code) ? err.exitCode : 2;
  } else if (err instanceof UsageError) {
    process.stderr.write(`bench: ${err.message}\n`);
    process.exitCode = 2;
  } else {
    // The message says what is wrong; BENCH_DEBUG=1 adds where.
    const detail = process.env.BENCH_DEBUG && err instanceof Error ? err.stack : undefined;
    process.stderr.write(
      `bench: ${err instanceof Error ? err.message : String(err)}\n${detail ? `${detail}\n` : ''}`,
    );
    process.exitCode = 2;
  }
}
