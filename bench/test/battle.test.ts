// `bench battle` against a real server on port 0: a short run, its ab-style summary and its JSON.
// (It lives with the bench, which depends on battle-server, so that no package depends back.)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { AB_PERCENTILES, formatAbSummary, runBattleBench } from '../src/battle.ts';
import { battleServer } from './helpers/battle-server.ts';
import { tempDir } from './helpers/cli.ts';

t.test('bench battle loads the sample endpoint and reports like ab', async (t) => {
  const base = await battleServer(t);
  const json = join(tempDir(t, 'battle'), 'battle.json');
  const url = `${base}/v1/battles/sample/7`;
  const r = await runBattleBench({ url, connections: 8, durationSec: 1, json, quiet: true });

  t.ok(r.figures.completeRequests > 0, `${r.figures.completeRequests} requests completed`);
  t.equal(r.figures.failedRequests, 0);
  t.equal(r.figures.non2xx, 0);
  const expected = await (await fetch(url)).text();
  t.equal(r.figures.documentLength, expected.length, 'document length of the sample answer');
  t.ok(
    Math.abs(r.figures.requestsPerSec - r.figures.completeRequests / r.figures.timeTakenSec) < 1e-6,
  );
  t.ok(
    Math.abs(r.figures.timePerRequestMs - r.figures.timePerRequestAcrossMs * 8) < 1e-6,
    'time per request = concurrency x time per request across all',
  );
  t.equal(r.histogram.count, r.figures.completeRequests, 'every answer is in the histogram');
  let prev = 0;
  for (const p of AB_PERCENTILES) {
    const v = r.percentilesMs[String(p)]!;
    t.ok(v >= prev, `p${p} (${v} ms) >= the previous percentile`);
    prev = v;
  }
  t.equal(r.environment.cores > 0, true);
  t.match(r.environment.node, /^v24\./);
  t.equal(r.settings.loadGenerator, 'autocannon');

  const summary = formatAbSummary(r);
  t.match(summary, /Requests per second: +[\d.]+ \[#\/sec\] \(mean\)/);
  t.match(summary, /Time per request: +[\d.]+ \[ms\] \(mean\)\n/);
  t.match(summary, /Time per request: +[\d.]+ \[ms\] \(mean, across all concurrent requests\)/);
  t.match(summary, /Transfer rate: +[\d.]+ \[Kbytes\/sec\] received/);
  t.match(summary, /Failed requests: +0\n/);
  t.match(summary, / 100% +\d+ \(longest request\)/);

  const written = JSON.parse(await readFile(json, 'utf8'));
  t.same(written.figures, JSON.parse(JSON.stringify(r.figures)), 'the JSON file holds the result');
});
