// bench stack's tests: a short run's settings (a small world, so that sessions meet: cities in
// view to attack, fields to gather), against the bundles started on free ports over MariaDB (a
// database of the run) and Redis (a key prefix of the run), as `bench stack` starts them.
import type { Security } from '@slg/service-kit';
import { parseMix } from '../../src/commands/stack.ts';
import type { StackSettings } from '../../src/stack/run.ts';

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/** The world of inProcessStack's map-server (small, so that sessions meet; a fast clock). */
const WORLD = { width: 60, height: 60, fields: 40, monsters: 20, speed: 3000 };

export function shortRun(over: Partial<StackSettings> = {}): StackSettings {
  return {
    target: null,
    mysqlUrl: 'mysql://root@127.0.0.1:3306',
    redisUrl,
    players: 8,
    rate: 2,
    durationMs: 2000,
    seed: 7,
    session: { viewWidth: 40, viewHeight: 40, actions: 3, thinkMs: 50, streamTimeoutMs: 20_000 },
    // More attacks than `bench stack`'s mix: battles (reports to recompute) in a short run.
    mix: parseMix('pan=1,gather=2,attack=3,recall=1,upgrade=1,mail=1'),
    deadlineMs: 20_000,
    quiet: true,
    ...over,
  };
}

/**
 * shortRun()'s sessions as `bench stack` flags, for `duration`, with the command's own viewport
 * (it has no flag for it) and 6 actions: more chances of a battle.
 */
export function shortRunFlags(duration: string): string[] {
  const s = shortRun();
  return [
    ['--players', s.players],
    ['--rate', s.rate],
    ['-d', duration],
    ['--think-ms', s.session.thinkMs],
    [
      '--mix',
      [...s.mix]
        .filter(([, w]) => w > 0)
        .map(([a, w]) => `${a}=${w}`)
        .join(','),
    ],
    ['--seed', s.seed],
    ['--deadline-ms', s.deadlineMs],
  ].flatMap(([k, v]) => [String(k), String(v)]);
}

/**
 * MariaDB and Redis answering, or an error that says which is not: these tests run on the
 * real backends (`.ci/run` starts them), and a missing one fails the file rather than skip it.
 */
export async function requireBackends(): Promise<void> {
  const net = await import('node:net');
  const probe = (port: number) =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
  const hint = 'the stack tests need it (bash .ci/run starts it)';
  if (!(await probe(3306))) throw new Error(`no MariaDB on 127.0.0.1:3306: ${hint}`);
  if (!(await probe(6379))) throw new Error(`no Redis on 127.0.0.1:6379: ${hint}`);
}

/**
 * The whole stack in this process on port 0 (a test's time goes to the run, not to starting
 * five processes on a busy machine): db-proxy on MariaDB and data-server on Redis
 * (./stack.ts: a database and a key prefix of this process, dropped in close), battle-server
 * with its battles in-line, map-server with WORLD. With `security`, every service
 * serves it (battle-server over https) and uses it for its calls.
 */
export async function inProcessStack(
  tag: string,
  security?: Security,
): Promise<{
  target: NonNullable<StackSettings['target']>;
  keyPrefix: string;
  close(): Promise<void>;
}> {
  const { build: buildBattle, InlineRunner } = await import('@slg/battle-server');
  const { build: buildMap, defaultConfig } = await import('@slg/map-server');
  const { createLogger } = await import('@slg/service-kit');
  const { startStack } = await import('./stack.ts');
  const base = await startStack(tag, security);
  const runner = new InlineRunner();
  await runner.start();
  const battle = await buildBattle({ runner, ...(security ? { security } : {}) });
  const battleUrl = await battle.listen({ host: '127.0.0.1', port: 0 });
  const map = await buildMap(
    defaultConfig({
      ...WORLD,
      worldId: 1,
      regionSize: 30,
      dataServerAddress: base.dataServerAddress,
      battleUrl,
      port: 0,
      shutdownTimeoutMs: 2000,
      ...(security ? { security } : {}),
    }),
    { logger: createLogger({ name: 'bench-stack-test', level: 'silent' }) },
  );
  const port = await map.listen(0, '127.0.0.1');
  return {
    target: { map: `127.0.0.1:${port}`, data: base.dataServerAddress, battleUrl },
    keyPrefix: base.prefix,
    async close() {
      await map.close(500).catch(() => {});
      await battle.close().catch(() => {});
      await base.close();
    },
  };
}
