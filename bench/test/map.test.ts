// `bench map` against a real map-server stack in this process, on port 0: db-proxy on MariaDB,
// data-server on Redis, battle-server, and map-server on a small world with a few long marches in
// flight. A short run (two rounds) creates its players and cities, starts its scouts, loads
// QueryViewport beside the echo ceiling, and every answer is well-formed; the printed table and
// the JSON's figures are present and consistent with each other. Seeding the same world again
// keeps what the first run made. And the answer check itself catches what a wrong answer would
// hold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as buildBattle, InlineRunner } from '@slg/battle-server';
import { build as buildMapServer, defaultConfig, systemClock } from '@slg/map-server';
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient, createLogger } from '@slg/service-kit';
import t from 'tap';
import { parsePrometheusText } from '../src/lib/server-metrics.ts';
import { lagBoundMs, lagOver, settleDelta, settleOf } from '../src/map/arrival-search.ts';
import { BENCH_RESOURCES, BENCH_TROOPS, seedWorld } from '../src/map/seed.ts';
import { checkViewport } from '../src/map/viewport-check.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { startStack } from './helpers/stack.ts';

t.test('the answer check', async (t) => {
  const r = { x: 10, y: 10, width: 30, height: 20 };
  const march = {
    id: 5,
    kind: 'scout',
    state: 'outbound',
    fromX: 0,
    fromY: 0,
    toX: 60,
    toY: 40,
    troops: [{ troopId: 1, count: 3 }],
  };
  const good = {
    cities: [{ playerId: 1, x: 9, y: 9, level: 1 }],
    fields: [{ id: 2, resource: 'gold', level: 3, x: 39, y: 29, remaining: 10 }],
    monsters: [{ id: 3, level: 1, x: 10, y: 10, troops: 100 }],
    marches: [march],
    nowMs: 1,
  };
  const ok = checkViewport(r, good);
  t.same(
    ok.problems,
    [],
    'a city overlapping by a corner, a field at the far corner, a crossing march',
  );
  t.same(ok.counts, { cities: 1, fields: 1, monsters: 1, marches: 1 });
  const bad = (o: object) => checkViewport(r, { ...good, ...o }).problems.join('; ');
  t.match(
    bad({ cities: [{ playerId: 1, x: 8, y: 9, level: 1 }] }),
    /city 1 at \(8, 9\) is outside/,
  );
  t.match(bad({ fields: [{ ...good.fields[0], x: 40 }] }), /field 2 at \(40, 29\) is outside/);
  t.match(bad({ fields: [{ ...good.fields[0], resource: 'mana' }] }), /resource mana/);
  t.match(bad({ monsters: [good.monsters[0], good.monsters[0]] }), /monster 3 listed twice/);
  t.match(
    bad({ marches: [{ ...march, fromX: 0, fromY: 0, toX: 5, toY: 50 }] }),
    /march 5 .* does not cross/,
  );
  t.match(
    bad({ marches: [{ ...march, state: 'gathering', toX: 41, toY: 20 }] }),
    /does not cross/,
    'a gathering march stands at its target',
  );
  t.match(bad({ nowMs: 0 }), /now_ms/);
});

t.test("map-server's settlement counters from /metrics", async (t) => {
  const text = (settled: [number, number], buckets: [number, number, number]) =>
    [
      '# HELP mapserver_arrivals_settled_total x',
      `mapserver_arrivals_settled_total{kind="arrival"} ${settled[0]}`,
      `mapserver_arrivals_settled_total{kind="return"} ${settled[1]}`,
      `mapserver_tick_lag_seconds_bucket{le="0.1",kind="arrival"} ${buckets[0]}`,
      `mapserver_tick_lag_seconds_bucket{le="1",kind="arrival"} ${buckets[1]}`,
      `mapserver_tick_lag_seconds_bucket{le="+Inf",kind="arrival"} ${buckets[2]}`,
      'mapserver_tick_lag_seconds_sum{kind="arrival"} 3',
    ].join('\n');
  const parse = (x: string) => settleOf(parsePrometheusText(x));
  const a = parse(text([5, 2], [4, 6, 7]));
  t.same([a.settled, a.arrivals, a.returns], [7, 5, 2], 'every kind summed, and each apart');
  const d = settleDelta(a, parse(text([105, 2], [4, 96, 107])));
  t.same([d.settled, d.arrivals, d.returns], [100, 100, 0]);
  t.same(
    [...d.lagBuckets],
    [
      [0.1, 0],
      [1, 90],
      [Infinity, 100],
    ],
  );
  t.equal(lagBoundMs(d, 0.5), 1000, 'half the steps within 1 s, none within 0.1 s');
  t.equal(lagBoundMs(d, 0.99), Infinity, 'ten over 1 s: p99 beyond the last bound');
  t.equal(lagBoundMs(settleDelta(a, a), 0.99), null, 'no step, no quantile');
  t.equal(lagOver(d, 0.1), 100, 'every step over 0.1 s');
  t.equal(lagOver(d, 1), 10, 'ten over 1 s');
  t.equal(lagOver(d, 0.25), null, 'not a bucket bound: not counted');
});

t.test('bench map against a real map-server stack', async (t) => {
  const stack = await startStack('map');
  t.teardown(() => stack.close());
  const logger = createLogger({
    name: 'bench-map-test',
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
      fields: 200,
      monsters: 60,
      seed: 3,
      // Minutes of travel in seconds: the bench's short scouts arrive and return during its run.
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
  const port = await map.listen(0);
  const target = `127.0.0.1:${port}`;

  // Ten players of the test's own with long scouting marches of siege across the map, in flight
  // for the whole test (30 tiles a minute at this speed: minutes): the viewports meet marches whose ends are both outside.
  const client = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, target);
  t.teardown(() => client.close());
  for (let p = 1; p <= 10; p++) {
    const res = Object.fromEntries(
      ['food', 'wood', 'stone', 'iron', 'gold'].map((k) => [k, BENCH_RESOURCES]),
    );
    await map.store.write(p, [
      { create: { table: 'player', member: 0, fields: { name: `t${p}`, alliance_id: 1, ...res } } },
      ...BENCH_TROOPS.map((x) => ({
        create: {
          table: 'troop',
          member: x.troopId,
          fields: { kind: x.kind, tier: x.tier, count: x.count },
        },
      })),
    ]);
    const city = await client.PlaceCity({ playerId: p, nearX: 5 + p * 2, nearY: 5 });
    // A free open tile near the far side of the map.
    let [tx, ty] = [119 - city.x, 115];
    while (map.world.blocked(tx, ty) || map.world.at(tx, ty)) [tx, ty] = [tx - 1, ty - (tx % 2)];
    await client.StartMarch({
      playerId: p,
      kind: 'scout',
      targetX: tx,
      targetY: ty,
      troops: [{ troopId: 4, count: 5 }],
    });
  }

  const dir = tempDir(t, 'map');
  const out = join(dir, 'map.json');
  const common = [
    'map',
    '--target',
    target,
    '--dataserver',
    stack.dataServerAddress,
    '--cities',
    '60',
    '-c',
    '8',
    '-w',
    '1',
    '--rounds',
    '2',
    '--ceiling-duration',
    '300ms',
    '--warm-up',
    '200ms',
    '--server-pids',
    String(process.pid),
    '-q',
  ];
  const run = await runCli([
    ...common,
    '-d',
    '600ms',
    '--marches',
    '20',
    '--march-radius',
    '2',
    '-o',
    out,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(
    run.stdout,
    /seeded in [\d.]+ s: players 60 created, 0 there already; cities 60 placed, 0 there already, 0 without a free spot/,
  );
  t.match(
    run.stdout,
    /world: 120 x 120 \(seed 3\), 70 cities, \d+ fields, 60 monsters, 10 marches/,
  );
  t.match(run.stdout, /^QueryViewport: num=\d+; slow=\d+; max_slow=\d+ms; ratio=\{/m);
  t.match(
    run.stdout,
    /^phase +requests +req\/s +p50 ms +p90 ms +p99 ms +max ms +errors +malformed +x echo$/m,
  );
  t.match(
    run.stdout,
    /^viewport 30 x 20 +[\d,]+ +[\d,]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +0 +0 +[\d.]+%$/m,
  );
  t.match(
    run.stdout,
    /viewport = [\d.]+% of the echo ceiling \(median of the rounds: [\d.]+%, [\d.]+%;/,
  );
  t.match(run.stdout, /^CPU per request/m);
  t.match(run.stdout, /peak RSS [\d.]+ MiB during the viewport load/);

  const r = JSON.parse(readFileSync(out, 'utf8'));
  t.equal(r.kind, 'map');
  t.equal(r.viewport.errors, 0);
  t.equal(r.viewport.mismatches, 0, 'every viewport answer well-formed');
  t.equal(r.viewport.responses, r.viewport.answered, 'every answer checked');
  t.ok(r.viewport.answered > 0, `${r.viewport.answered} viewport answers`);
  t.equal(r.viewport.requests, r.viewport.answered + r.viewport.errors);
  t.ok(
    Math.abs(r.viewport.rate - r.viewport.answered / r.viewport.elapsedS) < 1e-6,
    'the rate is the answers over the time',
  );
  const m = r.viewport.meanEntities;
  t.ok(m.cities > 0 && m.fields > 0 && m.monsters > 0, `entities per answer ${JSON.stringify(m)}`);
  t.ok(m.marches > 0, 'marches crossing the viewports are in the answers');
  t.equal(
    r.ceiling.measurements.length,
    3,
    'an echo phase before, between and after the two rounds',
  );
  t.equal(r.ceiling.responseBytes, r.ceiling.measurements[0].responseBytes);
  t.ok(r.ceiling.responseBytes > 0 && r.ceiling.sizeFromWarmUpAnswers > 0);
  t.equal(r.ceiling.errors, 0);
  t.equal(r.rounds.length, 2);
  r.rounds.forEach(
    (
      x: { viewportRate: number; ceilingBefore: number; ceilingAfter: number; ratio: number },
      i: number,
    ) => {
      t.equal(x.ceilingBefore, r.ceiling.measurements[i].rate);
      t.equal(x.ceilingAfter, r.ceiling.measurements[i + 1].rate);
      t.ok(Math.abs(x.ratio - x.viewportRate / ((x.ceilingBefore + x.ceilingAfter) / 2)) < 1e-9);
    },
  );
  const ratios = r.rounds.map((x: { ratio: number }) => x.ratio);
  t.ok(
    Math.abs(r.ratio - (ratios[0] + ratios[1]) / 2) < 1e-9,
    'the ratio is the median of two rounds',
  );
  const srv = r.cpuPerRequest.servers[0];
  t.equal(srv.pid, process.pid);
  t.equal(srv.requests, r.viewport.requests);
  t.ok(
    Math.abs(srv.us - (srv.cpuS * 1e6) / srv.requests) < 1e-6,
    'CPU per request = CPU / requests',
  );
  t.ok(r.cpuPerRequest.echoServer.us > 0);
  t.ok(r.servers[0].peakRssBytes > 0, 'peak RSS measured');
  t.equal(r.world.cities, 70);
  t.match(run.stdout, /started 20 scout marches \(\d+ targets refused and drawn again\)/);
  t.equal(r.marches.started, 20);
  // The bench's scouts are real marches: each arrives and comes home (minutes of game time,
  // seconds here), leaving the test's ten long ones.
  for (let i = 0; i < 600 && map.world.marches.size > 10; i++)
    await new Promise((done) => setTimeout(done, 50));
  t.equal(map.world.marches.size, 10, "the bench's 20 scouts settled and home");
  t.equal(map.world.cities.size, 70);

  // The same world again: the players and cities are there already; nothing is placed twice.
  // The seeding a second run does, called here (a second CLI run cost 18 s at load 5, most of it
  // starting the process and its worker).
  const again = await seedWorld({
    target,
    dataServer: stack.dataServerAddress,
    firstPlayer: r.settings.firstPlayer,
    cities: 60,
    seed: r.settings.seed,
    parallel: 8,
    deadlineMs: 20_000,
    worldWidth: 120,
    worldHeight: 120,
  });
  t.same(
    [again.playersCreated, again.playersExisting, again.citiesPlaced, again.citiesExisting],
    [0, 60, 0, 60],
    'players 0 created, 60 there already; cities 0 placed, 60 there already',
  );
  t.equal(map.world.cities.size, 70);
});
