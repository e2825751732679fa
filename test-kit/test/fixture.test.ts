// A shared fixture is made once and seen whole, however many makers race for it: in one process
// (a test file starting two servers in one Promise.all) and in several (test files side by side).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { sharedDir } from '../src/fixture.ts';
import { FILES, makersOf, slowMake } from './fixtures/maker.ts';

const run = promisify(execFile);
const maker = fileURLToPath(new URL('./fixtures/maker.ts', import.meta.url));

/** A parent directory of this test's own, removed at teardown. */
function parent(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'slg-fixture-test-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs maker.ts in another process (the user's environment, without tap's loaders). */
async function inOtherProcess(args: string[], env: NodeJS.ProcessEnv = {}) {
  const childEnv = { ...process.env, ...env };
  delete childEnv.NODE_OPTIONS;
  const { stdout } = await run(process.execPath, [maker, ...args], { env: childEnv });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

t.test('makers in one process: one making, every caller served the whole fixture', async (t) => {
  const dir = parent(t);
  let makings = 0;
  const make = (d: string) => {
    makings++;
    return slowMake(d, `maker ${makings}`);
  };
  const paths = await Promise.all(Array.from({ length: 5 }, () => sharedDir('fx', make, dir)));
  t.equal(makings, 1, 'made once');
  t.same(new Set(paths), new Set([join(dir, 'fx')]), 'every caller has the same path');
  t.same(makersOf(join(dir, 'fx')), ['maker 1'], `all ${FILES} files, from the one maker`);
  t.same(
    readdirSync(dir).filter((f) => f.includes('.making-')),
    [],
    'no making directory left',
  );
  // Later callers find it made.
  await sharedDir('fx', make, dir);
  t.equal(makings, 1, 'found, not made again');
});

t.test('makers in several processes: one fixture, every process served it whole', async (t) => {
  const dir = parent(t);
  const results = await Promise.all(
    Array.from({ length: 4 }, () => inOtherProcess(['dir', dir, 'fx'])),
  );
  const final = makersOf(join(dir, 'fx'));
  t.equal(final.length, 1, `the fixture holds one maker's ${FILES} files (${final.join(', ')})`);
  for (const r of results) {
    t.equal(r.path, join(dir, 'fx'));
    t.same(r.makers, final, 'this process saw the same whole fixture');
  }
  t.ok(
    results.some((r) => r.made),
    'some process made it',
  );
  t.same(
    readdirSync(dir).filter((f) => f.includes('.making-')),
    [],
    "the losers' making directories are gone",
  );
});

t.test('a failed making rejects its waiters, leaves nothing, and is tried again', async (t) => {
  const dir = parent(t);
  const failing = () => Promise.reject(new Error('install failed'));
  const tries = await Promise.allSettled([
    sharedDir('fx', failing, dir),
    sharedDir('fx', failing, dir),
  ]);
  t.same(
    tries.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  t.same(readdirSync(dir), [], 'nothing left behind');
  await sharedDir('fx', (d) => slowMake(d, 'second try'), dir);
  t.same(makersOf(join(dir, 'fx')), ['second try']);
});

// The servers of the test kit are MariaDB's own binaries: without them this fails, saying so.
const noMariadb =
  spawnSync('mariadbd', ['--version'], { stdio: 'ignore' }).status === 0
    ? undefined
    : 'MariaDB is not installed (apt-get install mariadb-server; bash .ci/run installs it)';

t.test(
  'the MariaDB template, made from scratch by servers starting at once in two processes',
  async (t) => {
    if (noMariadb) throw new Error(noMariadb);
    // An empty temp directory: no template, as on a fresh machine.
    const tmp = parent(t);
    const results = await Promise.all([
      inOtherProcess(['mariadb', '2'], { TMPDIR: tmp }),
      inOtherProcess(['mariadb', '2'], { TMPDIR: tmp }),
    ]);
    t.same(
      results.map((r) => r.answers),
      [
        [2, 2],
        [2, 2],
      ],
      'all four servers answered',
    );
    t.ok(existsSync(join(tmp, 'slg-mariadb-template', '.complete')), 'one complete template');
    t.same(
      readdirSync(tmp).filter((f) => f.startsWith('slg-mariadb-template')),
      ['slg-mariadb-template'],
      'and no half of one',
    );
  },
);
