// bench battle --body FILE: every request a POST of the file to a real battle-server (in this
// process, port 0), the body's sha256 in the result's settings (what bench compare and pair check);
// a body file that is not JSON (or not there) is a usage error naming it. --engine ab: the same
// load through ApacheBench, its counts, latencies and its own CPU read back.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { loadBattleBody, runBattleBench } from '../src/battle.ts';
import { battleServer } from './helpers/battle-server.ts';
import { runCli, tempDir } from './helpers/cli.ts';

const heavy = fileURLToPath(new URL('../fixtures/battle-heavy.json', import.meta.url));

t.test(
  '--body fixtures/battle-heavy.json: 20 POSTs, all answered 2xx, the sha256 recorded',
  async (t) => {
    const base = await battleServer(t);
    const dir = tempDir(t, 'battle-body');
    const out = join(dir, 'run.json');
    const r = await runCli([
      'battle',
      '--url',
      `${base}/v1/battles`,
      '--body',
      heavy,
      '-n',
      '20',
      '-c',
      '2',
      '-o',
      out,
    ]);
    t.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    t.match(r.stdout, /^Complete requests:\s+20$/m);
    t.match(r.stdout, /^Failed requests:\s+0$/m);
    t.notMatch(r.stdout, /Non-2xx/);
    const bytes = readFileSync(heavy);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const j = JSON.parse(readFileSync(out, 'utf8'));
    t.equal(j.kind, 'battle');
    t.equal(j.figures.completeRequests, 20);
    t.equal(j.figures.failedRequests, 0);
    t.equal(j.figures.non2xx, 0);
    t.equal(j.settings.method, 'POST');
    t.equal(j.settings.bodyPath, heavy);
    t.equal(j.settings.bodyBytes, bytes.length);
    t.equal(j.settings.bodySha256, sha256);
    // The probe POSTs the same body: the length of a battle's result (a GET would get a 404).
    const answer = await fetch(`${base}/v1/battles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bytes,
    });
    t.equal(answer.status, 200);
    const result = await answer.text();
    t.equal(j.figures.documentLength, Buffer.byteLength(result));
    t.equal(JSON.parse(result).rounds, 50, 'the fixture is fought for the 50 rounds of the limit');
  },
);

t.test('a body file that is not JSON is a usage error naming it', async (t) => {
  const dir = tempDir(t, 'battle-body-bad');
  const bad = join(dir, 'not-a-battle.json');
  writeFileSync(bad, '{"seed": 1,');
  const r = await runCli([
    'battle',
    '--url',
    'http://127.0.0.1:9/v1/battles',
    '--body',
    bad,
    '-n',
    '1',
    '-o',
    join(dir, 'run.json'),
  ]);
  t.equal(r.code, 2, `${r.stdout}\n${r.stderr}`);
  t.match(r.stderr, `--body ${bad}: not JSON`);
  // Unreadable: the same error, checked in this process (a CLI start is seconds at a high load).
  const missing = join(dir, 'missing.json');
  t.throws(() => loadBattleBody(missing), {
    name: 'UsageError',
    message: `--body ${missing}: cannot read it`,
  });
});

function abMissing(): string | false {
  try {
    execFileSync('ab', ['-V'], { stdio: 'ignore' });
    return false;
  } catch {
    return 'ab is not installed (Debian: apache2-utils)';
  }
}

t.test('--engine ab: the load through ApacheBench, read back', { skip: abMissing() }, async (t) => {
  const base = await battleServer(t);
  const dir = tempDir(t, 'battle-ab');
  const r = await runBattleBench({
    url: `${base}/v1/battles`,
    connections: 2,
    amount: 60,
    body: loadBattleBody(heavy),
    engine: 'ab',
    quiet: true,
  });
  t.equal(r.settings.loadGenerator, 'ab');
  t.equal(r.figures.completeRequests, 60);
  t.equal(r.figures.failedRequests, 0);
  t.equal(r.figures.non2xx, 0);
  t.equal(r.histogram.count, 60, "every request's time in the histogram (ab -g)");
  t.ok(r.histogram.max >= r.histogram.min && r.histogram.min >= 1, 'latencies recorded');
  t.ok(r.figures.totalTransferredBytes > 60 * 3000, 'the answers counted');
  t.ok(r.client !== undefined && r.client.cpuS >= 0, "ab's own CPU read (a child's)");
  t.equal(
    r.cpuPerRequest?.client.us,
    (r.client!.cpuS * 1e6) / 60,
    'the load generator CPU per request',
  );
  // A battle the server refuses: every answer a 400, counted as non-2xx.
  const bad = join(dir, 'no-sides.json');
  writeFileSync(bad, '{"seed": 1}');
  const refused = await runBattleBench({
    url: `${base}/v1/battles`,
    connections: 1,
    amount: 5,
    body: loadBattleBody(bad),
    engine: 'ab',
    quiet: true,
  });
  t.equal(refused.figures.non2xx, 5, 'non-2xx answers counted');
});
