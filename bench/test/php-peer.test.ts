// The PHP peer (bench/peers/php/): the battle ported to PHP gives battle-server's results, byte
// for byte (the golden hashes of battle-server/test/model-golden.test.ts, and the whole result
// of many seeds against the TypeScript model); Apache serves the two pages on a private port and
// stops clean; `bench battle --peer php` loads battle-server and both pages in alternation.
// Skipped, with the reason, where PHP or Apache with mod_php is not installed
// (bench/peers/php/start.sh installs them as root on Debian: apt-get install apache2
// libapache2-mod-php).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleBattle, simulate, summarize } from '@slg/battle-server';
import t from 'tap';
import { startPhpPeer } from '../src/battle-peer.ts';
import { battleServer } from './helpers/battle-server.ts';
import { runCli, tempDir } from './helpers/cli.ts';

const lib = fileURLToPath(new URL('../peers/php/htdocs/lib/battle.php', import.meta.url));

function hasPhp(): boolean {
  try {
    execFileSync('php', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const apacheReady =
  existsSync('/usr/sbin/apache2') && existsSync('/usr/lib/apache2/modules/libphp8.2.so');
const noPhp = hasPhp() ? false : 'php is not installed (apt-get install php8.2-cli)';
const noApache = apacheReady
  ? false
  : 'Apache httpd with mod_php 8.2 is not installed (apt-get install apache2 libapache2-mod-php)';

/** The PHP results of these seeds, one JSON line each. */
function phpResults(seeds: number[]): string[] {
  const code = `require ${JSON.stringify(lib)};
foreach (array_slice($argv, 1) as $s) { echo json_encode(simulate(sample_battle((int) $s))), "\\n"; }`;
  return execFileSync('php', ['-r', code, '--', ...seeds.map(String)], { encoding: 'utf8' })
    .trimEnd()
    .split('\n');
}

// battle-server/test/model-golden.test.ts's sample battles: seed, winner, rounds, hash.
const GOLDEN: [number, string, number, string][] = [
  [0, 'defender', 3, 'aaa7656b6e1e4029ceb0a2c7904ccbe198526758d6e0b9caffea69b02eb3b072'],
  [1, 'attacker', 5, '64e78feb1ee927ae4d36bf646d1e9985d8d71a938594c9d2b57389e61477071a'],
  [2, 'defender', 4, '5e68b603ec9c54d3ad051bacdb464ff8044caf9f55e1010d667314fd1a7b58b5'],
  [3, 'defender', 10, '20dbf3a3d8f9d4fe955189972f22386e86267aded3ba5b281b693f422e4120fb'],
  [4, 'attacker', 5, '455669de2f6b7b53ea3bfd5a4861ecc339c9232f48741ed439b8fad8561b7b6f'],
  [5, 'attacker', 3, '329cd5e709e5838de9c5d597f892d9cd9434452ec8efbac7372e3a7d81753c65'],
  [42, 'attacker', 10, '890b3d705679bfb2a0d7bc553f042459c9853d8f14143490a103fb0d70b5c0dd'],
  [1000, 'attacker', 8, '263d7a4ae2a093304e1f6b8450be025ee8e050511974c551f51ac3468f04db97'],
  [65535, 'attacker', 5, '01920adaa72ede79388bb9e49017ac413067598ad439022d1d3afb6a286cd7a2'],
  [4294967295, 'defender', 6, '41262c11cf66919c5b6f7240ee5e1093d9210c9459aaec977aacec4815c01846'],
];

t.test('the PHP battle gives the golden hashes', { skip: noPhp }, async (t) => {
  const lines = phpResults(GOLDEN.map(([seed]) => seed));
  t.equal(lines.length, GOLDEN.length);
  GOLDEN.forEach(([seed, winner, rounds, hash], i) => {
    const r = JSON.parse(lines[i]!) as {
      seed: number;
      winner: string;
      rounds: number;
      hash: string;
    };
    t.equal(r.seed, seed, `seed ${seed} is carried`);
    t.equal(r.winner, winner, `seed ${seed} winner`);
    t.equal(r.rounds, rounds, `seed ${seed} rounds`);
    t.equal(r.hash, hash, `seed ${seed} hash`);
  });
});

t.test(
  'the PHP battle gives the TypeScript model result, byte for byte',
  { skip: noPhp },
  async (t) => {
    // Open field and city battles (seed % 3 === 0), low seeds and seeds across the uint32 range.
    const seeds = [
      ...Array.from({ length: 150 }, (_, i) => i),
      ...Array.from({ length: 50 }, (_, i) => (i * 2654435761) >>> 0),
    ];
    const lines = phpResults(seeds);
    let same = 0;
    seeds.forEach((seed, i) => {
      const want = JSON.stringify(simulate(sampleBattle(seed)));
      if (lines[i] === want) same++;
      else t.equal(lines[i], want, `seed ${seed}`);
    });
    t.equal(same, seeds.length, `all ${seeds.length} results equal`);
    t.equal(
      summarize(simulate(sampleBattle(7))).length,
      197,
      'the sample answer is ~200 bytes (the canned page mirrors it)',
    );
  },
);

t.test(
  'Apache serves both pages on a private port and stops clean',
  { skip: noApache },
  async (t) => {
    const peer = await startPhpPeer({ workers: 3 });
    let stopped = false;
    t.teardown(() => (stopped ? undefined : peer.stop()));
    const get = async (path: string) => {
      const res = await fetch(new URL(path, peer.url));
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    };
    const canned = await get('canned.php');
    t.equal(canned.status, 200);
    t.equal(canned.type, 'application/json');
    t.equal(canned.body, summarize(simulate(sampleBattle(1))), "battle-server's canned answer");
    for (const seed of [0, 7, 4294967295]) {
      const b = await get(`battle.php?seed=${seed}`);
      t.equal(b.status, 200);
      t.equal(
        b.body,
        summarize(simulate(sampleBattle(seed))),
        `seed ${seed}: battle-server's answer`,
      );
    }
    for (const bad of ['abc', '4294967296', '-1', '']) {
      const b = await get(`battle.php?seed=${bad}`);
      t.equal(b.status, 400, `seed "${bad}" is refused`);
      t.match(JSON.parse(b.body), {
        error: 'INVALID_ARGUMENT',
        message: /^seed must be an integer from 0 to 4294967295/,
      });
    }
    t.equal((await get('lib/battle.php')).status, 403, 'the library is not a page');
    const conf = readFileSync(`/proc/${peer.pid}/cmdline`, 'utf8').split('\0')[2]!;
    t.match(conf, /\/php-peer\.[^/]+\/httpd\.conf$/, 'its own config in its own directory');
    await peer.stop();
    stopped = true;
    t.notOk(existsSync(`/proc/${peer.pid}`), 'Apache has exited');
    t.notOk(existsSync(conf), 'its directory is removed');
  },
);

t.test('bench battle --peer php: both servers in alternation', { skip: noApache }, async (t) => {
  const base = await battleServer(t);
  const out = join(tempDir(t, 'peer'), 'peer.json');
  const run = await runCli([
    'battle',
    '--peer',
    'php',
    '--url',
    `${base}/v1/battles/sample/7`,
    '--peer-workers',
    '4',
    '-c',
    '4',
    '-d',
    '1s',
    '--rounds',
    '1',
    '-o',
    out,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout, /the PHP battle answers seed 7 byte for byte as battle-server does/);
  t.match(
    run.stdout,
    /^round 1\/1: battle-server [\d,]+\/s .*; php canned [\d,]+\/s .*; php battle [\d,]+\/s/m,
  );
  t.match(run.stdout, /^battle-server \/ php canned: [\d.]+x$/m);
  const r = JSON.parse(readFileSync(out, 'utf8')) as {
    kind: string;
    sameAnswer: { equal: boolean };
    summaries: {
      target: string;
      requestsPerSec: number;
      failedRequests: number;
      non2xx: number;
      roots: number[];
      cpuUsPerRequest: number | null;
      peakRssBytes: number;
      peakProcesses: number;
    }[];
    ratios: { to: string; ratio: number }[];
  };
  t.equal(r.kind, 'battle-peer');
  t.ok(r.sameAnswer.equal);
  t.same(
    r.summaries.map((s) => s.target),
    ['battle-server', 'php canned', 'php battle'],
  );
  for (const s of r.summaries) {
    t.ok(s.requestsPerSec > 0, `${s.target} answered`);
    t.equal(s.failedRequests + s.non2xx, 0, `${s.target}: nothing failed`);
    t.ok(s.peakRssBytes > 0 && (s.cpuUsPerRequest ?? 0) > 0, `${s.target}: RSS and CPU measured`);
  }
  t.same(r.summaries[0]!.roots, [process.pid], 'battle-server found by its listening port');
  const php = r.summaries[1]!;
  t.ok(php.peakProcesses >= 2, "Apache's parent and its children were measured");
  t.notOk(existsSync(`/proc/${php.roots[0]}`), 'the peer was stopped');
  r.ratios.forEach((x, i) => {
    const want = r.summaries[0]!.requestsPerSec / r.summaries[i + 1]!.requestsPerSec;
    t.ok(Math.abs(x.ratio - want) < 1e-9, `ratio to ${x.to} = the rates' ratio`);
  });
});
