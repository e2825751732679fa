// `bench map --arrival-rates` against a real map-server stack in this process, on port 0
// (db-proxy on MariaDB, data-server on Redis, battle-server, map-server on a small world at
// speed 60): a tiny search (rates 2 and 4 a second over 1 s windows) starts its marches (half to
// come home in the window, half to arrive in it), reads
// map-server's /metrics around each window, prints its table and writes it in the JSON; every
// march it started arrived and came home. Whether a rate is valid depends on the machine: the
// test checks that the verdict follows from the figures, not the verdict.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as buildBattle, InlineRunner } from '@slg/battle-server';
import { build as buildMapServer, defaultConfig, systemClock } from '@slg/map-server';
import { createLogger } from '@slg/service-kit';
import t from 'tap';
import { parseFraction, parseRates } from '../src/commands/map.ts';
import { Rng } from '../src/lib/rng.ts';
import { parsePrometheusText } from '../src/lib/server-metrics.ts';
import { type ArrivalSearch, aimTile, settleOf } from '../src/map/arrival-search.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

t.test('--arrival-rates: the list and what it needs', async (t) => {
  t.same(parseRates('50, 100,300'), [50, 100, 300]);
  t.throws(() => parseRates('100,50'), /must increase/);
  t.throws(() => parseRates('10,x'), /not a list of positive rates/);
  t.throws(() => parseRates('0'), /not a list of positive rates/);
  t.equal(parseFraction('0'), 0);
  t.equal(parseFraction('0.25'), 0.25);
  t.throws(() => parseFraction('1.5'), /not a fraction from 0 to 1/);
  t.throws(() => parseFraction(''), /not a fraction from 0 to 1/);
  const run = await runCli(['map', '--arrival-rates', '10,20', '-q']);
  t.not(run.code, 0);
  t.match(run.stderr + run.stdout, /--arrival-rates needs --metrics-url/);
  const both = await runCli([
    'map',
    '--arrival-rates',
    '10',
    '--metrics-url',
    'http://127.0.0.1:1/metrics',
    '--marches',
    '5',
    '-q',
  ]);
  t.not(both.code, 0);
  t.match(both.stderr + both.stdout, /does not go with --marches/);
});

t.test('a march is aimed at the tile whose centre is nearest its distance', async (t) => {
  const rng = new Rng(7, 'aim-test');
  const world = { worldWidth: 600, worldHeight: 600 };
  let worst = 0;
  let sum = 0;
  for (let i = 0; i < 2000; i++) {
    // A city's centre is a tile corner (a city covers two by two tiles). A step's marches go
    // tens to hundreds of tiles: their lead before the window is at least 7 s.
    const from = { x: 250 + rng.range(0, 100), y: 250 + rng.range(0, 100) };
    const tiles = 30 + rng.float() * 200;
    const got = aimTile(from, tiles, world, rng);
    t.equal(got.distance, Math.hypot(got.x + 0.5 - from.x, got.y + 0.5 - from.y));
    worst = Math.max(worst, Math.abs(got.distance - tiles));
    sum += Math.abs(got.distance - tiles);
  }
  // A tenth of a tile is 67 ms of a cavalry march at speed 60; the cell a point at the distance
  // falls in is a third of a tile off on average.
  t.ok(worst < 0.1, `worst distance error ${worst.toFixed(3)} tiles`);
  t.ok(sum / 2000 < 0.02, `mean distance error ${(sum / 2000).toFixed(4)} tiles`);
  // A city in a corner, with only a quarter of the circle on the map, is aimed as exactly.
  for (let i = 0; i < 200; i++) {
    const tiles = 300 + rng.float() * 150;
    const got = aimTile({ x: 2, y: 2 }, tiles, { worldWidth: 1200, worldHeight: 1200 }, rng);
    t.ok(Math.abs(got.distance - tiles) < 0.1, `corner: ${got.distance} for ${tiles}`);
  }
  // Near an edge, the tile stays on the map; in a world smaller than the distance too.
  for (let i = 0; i < 200; i++) {
    const got = aimTile({ x: 1, y: 1 }, 30, { worldWidth: 10, worldHeight: 40 }, rng);
    t.ok(got.x >= 0 && got.x < 10 && got.y >= 0 && got.y < 40, `${got.x},${got.y} on the map`);
  }
  const tiny = aimTile({ x: 1, y: 1 }, 30, { worldWidth: 4, worldHeight: 4 }, rng);
  t.ok(tiny.x >= 0 && tiny.x < 4 && tiny.y >= 0 && tiny.y < 4);
});

t.test('a tiny arrival-rate search on the real stack', async (t) => {
  const stack = await startStack('maparr');
  t.teardown(() => stack.close());
  const logger = createLogger({
    name: 'bench-map-arrivals-test',
    level: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const runner = new InlineRunner();
  await runner.start();
  const battle = await buildBattle({ runner });
  const battleUrl = await battle.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => battle.close());
  const map = await buildMapServer(
    defaultConfig({
      width: 120,
      height: 120,
      regionSize: 40,
      fields: 100,
      monsters: 30,
      seed: 5,
      // 90 tiles a minute for cavalry: the search's marches travel a few tiles in seconds.
      speed: 60,
      dataServerAddress: stack.dataServerAddress,
      battleUrl,
      port: 0,
      metricsPort: 0,
      shutdownTimeoutMs: 1000,
    }),
    { clock: systemClock, logger },
  );
  t.teardown(() => map.close(500));
  const target = `127.0.0.1:${await map.listen(0)}`;
  const metricsUrl = `http://127.0.0.1:${await map.listenMetrics(0)}/metrics`;

  const out = join(tempDir(t, 'map-arrivals'), 'map.json');
  const run = await runCli([
    'map',
    '--target',
    target,
    '--dataserver',
    stack.dataServerAddress,
    '--cities',
    '12',
    '-c',
    '4',
    '-w',
    '1',
    '--rounds',
    '1',
    '-d',
    '300ms',
    '--ceiling-duration',
    '200ms',
    '--warm-up',
    '100ms',
    '--metrics-url',
    metricsUrl,
    '--arrival-rates',
    '2,4',
    '--arrival-window',
    '1s',
    // This process runs the whole stack: its CPU per settled step is reported.
    '--server-pids',
    String(process.pid),
    '-q',
    '-o',
    out,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(
    run.stdout,
    /^arrival search: rates 2, 4\/s over 1 s windows, viewport queries at [\d,]+\/s \(0\.5 of the [\d,]+\/s measured\)$/m,
  );
  t.match(
    run.stdout,
    /^arrivals at 2\/s: 4 marches started in [\d.]+ s; in the 1 s window arrivals [\d.]+\/s due, [\d.]+\/s settled, returns [\d.]+\/s due, [\d.]+\/s settled \(all steps [\d.]+\/s\), tick lag p50 (-|<= [\d.]+|> 60000) ms, p99 (-|<= [\d.]+|> 60000) ms/m,
  );
  t.match(run.stdout, /^ {2}CPU per settled step: \S+ \d+ µs \(sum \d+ µs\)$/m);
  t.match(
    run.stdout,
    /^highest arrival rate settled with tick lag p99 <= 100 ms beside [\d,]+ viewport queries\/s: (none of the rates tried|[24]\/s)$/m,
  );

  const json = JSON.parse(readFileSync(out, 'utf8')) as { arrivalSearch: ArrivalSearch };
  const a = json.arrivalSearch;
  t.equal(a.windowS, 1);
  t.ok(a.steps.length >= 1 && a.steps.length <= 2, `${a.steps.length} steps`);
  for (const s of a.steps) {
    // The window (1 s) and a margin of a tenth of it on either side.
    t.equal(s.marches, 2 * Math.round(s.rate * 1.2), `rate ${s.rate}: 2 x rate x 1.2 s marches`);
    t.ok(s.dueRate >= 0 && s.dueRate <= s.marches, `rate ${s.rate}: ${s.dueRate}/s due`);
    t.ok(
      s.returnsDueRate >= 0 && s.returnsDueRate <= s.marches,
      `rate ${s.rate}: ${s.returnsDueRate}/s returns due`,
    );
    t.ok(s.viewportRate > 0, `rate ${s.rate}: viewport load beside (${s.viewportRate}/s)`);
    t.equal(s.valid, s.problems.length === 0, `rate ${s.rate}: the verdict is the problems'`);
    const lagOk = s.lagP99BoundMs !== null && s.lagP99BoundMs <= 100;
    const rateOk =
      s.dueRate >= 0.9 * s.rate &&
      s.arrivalsSettled >= 0.95 * s.arrivalsDueBetweenReads &&
      s.returnsDueRate >= 0.9 * s.rate &&
      s.returnsSettled >= 0.95 * s.returnsDueBetweenReads;
    t.equal(s.settledRate, s.arrivalsSettled / s.readSeconds);
    t.equal(s.returnsSettledRate, s.returnsSettled / s.readSeconds);
    t.equal(s.valid, lagOk && rateOk && s.viewportErrors === 0, `rate ${s.rate}: verdict`);
    t.equal(s.cpuUsPerStep.length, 1, `rate ${s.rate}: the CPU of the one --server-pids process`);
    const us = s.cpuUsPerStep[0]?.us;
    t.ok(us !== null && us !== undefined && us > 0, `rate ${s.rate}: ${us} µs per settled step`);
  }
  // The search stops at the first invalid step.
  t.ok(a.steps.slice(0, -1).every((s) => s.valid));
  const valid = a.steps.filter((s) => s.valid).map((s) => s.rate);
  t.equal(a.highestValid, valid.length ? Math.max(...valid) : null);

  // Every march the search started arrived and came home (the probe may still be on its way).
  let text = '';
  for (let i = 0; i < 300; i++) {
    text = await (await fetch(metricsUrl)).text();
    if (/^mapserver_marches_in_flight 0$/m.test(text)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const arrivals = Number(
    /^mapserver_arrivals_settled_total\{kind="arrival"\} (\S+)$/m.exec(text)?.[1],
  );
  const returns = Number(
    /^mapserver_arrivals_settled_total\{kind="return"\} (\S+)$/m.exec(text)?.[1],
  );
  t.ok(a.msPerTile > 0 && a.msPerTile < 1000, `${a.msPerTile} ms per tile`);
  // The steps' marches and the probe that measured the world's ms per tile.
  const started = a.steps.reduce((n, s) => n + s.marches, 0) + 1;
  t.equal(arrivals, started, `${started} marches arrived`);
  t.equal(returns, started, 'and came home');
  t.equal(settleOf(parsePrometheusText(text)).settled, 2 * started);
  t.match(text, /^mapserver_marches_in_flight 0$/m);

  // The arrivals alone: no viewport load beside them.
  const alone = await runCli([
    'map',
    '--target',
    target,
    '--dataserver',
    stack.dataServerAddress,
    '--cities',
    '12',
    '--seeded',
    '-c',
    '4',
    '--rounds',
    '1',
    '-d',
    '300ms',
    '--ceiling-duration',
    '200ms',
    '--warm-up',
    '100ms',
    '--metrics-url',
    metricsUrl,
    '--arrival-rates',
    '2',
    '--arrival-window',
    '1s',
    '--viewport-fraction',
    '0',
    '-q',
    '-o',
    out,
  ]);
  t.equal(alone.code, 0, alone.stdout + alone.stderr);
  t.match(alone.stdout, /^arrival search: rates 2\/s over 1 s windows, no viewport load$/m);
  const b = (JSON.parse(readFileSync(out, 'utf8')) as { arrivalSearch: ArrivalSearch })
    .arrivalSearch;
  t.same(
    b.steps.map((x) => [x.viewportRate, x.viewportP99Ms]),
    [[0, null]],
    'no viewport query during the window',
  );
});
