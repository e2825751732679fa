// map-server over the real stack (MariaDB through db-proxy, data-server with Redis,
// battle-server over HTTP), called through gRPC: errors that change nothing, racing
// placements, a gather and an attack to the unit, battle reports that recompute to their hash,
// and /metrics. (Conservation over random marches on the same stack: conservation-stack.test.ts.)
import { slg, slg_mapserver_v1_MapServiceDefinition, toBigInt } from '@slg/proto';
import { createGrpcClient, ServiceError } from '@slg/service-kit';
import t from 'tap';
import { ManualClock } from '../src/clock.ts';
import { reportIdOf } from '../src/engine/march-engine.ts';
import { START_RESOURCES, seedPlayers, smallConfig, TROOPS } from './helpers.ts';
import { startStack } from './stack.ts';

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected the call to fail, it succeeded');
}

t.test('map-server on the real stack', async (t) => {
  const stack = await startStack(t, 'svc');
  const players = await seedPlayers(stack.store, 40);
  const clock = new ManualClock();
  const app = await stack.mapServer(smallConfig(), clock);
  const port = await app.listen(0);
  const metricsPort = await app.listenMetrics(0);
  const c = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, `127.0.0.1:${port}`);
  t.teardown(() => c.close());
  const w = app.world;

  t.test('a new world: its record stored, its contents a function of the seed', async (t) => {
    const world = await c.GetWorld({});
    t.equal(world.width, 160);
    t.equal(Number(world.fields), w.fields.size);
    t.ok(
      w.fields.size > 150 && w.monsters.size > 50,
      `${w.fields.size} fields, ${w.monsters.size} monsters`,
    );
    const meta = await stack.store.fetch('map_world', 1);
    t.equal(meta?.fields.seed, 7, 'the world record holds its seed');
    let stored = 0;
    for (let i = 0; i < w.regionCount; i++)
      stored += (await stack.store.list('map_field', w.regionId(i))).length;
    t.equal(stored, 0, 'no field is stored before it changes');
  });

  const snapshot = async (p: number) =>
    JSON.stringify([
      await stack.store.list('troop', p),
      await stack.store.list('map_march', p),
      await stack.store.fetch('player', p),
      app.world.marches.size,
      app.world.cities.size,
    ]);

  t.test('bad input: a status naming the problem, nothing changed', async (t) => {
    await c.PlaceCity({ playerId: 1, nearX: 80, nearY: 80 });
    const before = await snapshot(1);
    let open = { x: 3, y: 3 };
    for (let i = 0; w.blocked(open.x, open.y) || w.at(open.x, open.y); i++)
      open = { x: 3 + (i % 50), y: 3 + Math.floor(i / 50) };
    const cases: [string, Promise<unknown>, string, RegExp][] = [
      [
        'outside the map',
        c.PlaceCity({ playerId: 2, nearX: 500, nearY: 3 }),
        'INVALID_ARGUMENT',
        /\(500, 3\) is outside the 160 x 160 map/,
      ],
      [
        'unknown player',
        c.PlaceCity({ playerId: 999, nearX: 5, nearY: 5 }),
        'FAILED_PRECONDITION',
        /player 999 does not exist/,
      ],
      [
        'no player id',
        c.PlaceCity({ nearX: 5, nearY: 5 }),
        'INVALID_ARGUMENT',
        /player_id must be 1\.\./,
      ],
      [
        'second city',
        c.PlaceCity({ playerId: 1, nearX: 5, nearY: 5 }),
        'ALREADY_EXISTS',
        /already has a city/,
      ],
      [
        'march outside',
        c.StartMarch({
          playerId: 1,
          kind: 'scout',
          targetX: -1,
          targetY: 0,
          troops: [{ troopId: 1, count: 1 }],
        }),
        'INVALID_ARGUMENT',
        /outside the 160 x 160 map/,
      ],
      [
        'unknown kind',
        c.StartMarch({
          playerId: 1,
          kind: 'fly',
          targetX: 1,
          targetY: 1,
          troops: [{ troopId: 1, count: 1 }],
        }),
        'INVALID_ARGUMENT',
        /kind: "fly" is not one of/,
      ],
      [
        'no troops',
        c.StartMarch({ playerId: 1, kind: 'scout', targetX: 1, targetY: 1, troops: [] }),
        'INVALID_ARGUMENT',
        /at least one stack/,
      ],
      [
        'more troops than had',
        c.StartMarch({
          playerId: 1,
          kind: 'scout',
          targetX: open.x,
          targetY: open.y,
          troops: [{ troopId: 1, count: 6001 }],
        }),
        'FAILED_PRECONDITION',
        /troop 1 of player 1: 6000 available, 6001 asked/,
      ],
      [
        'unknown troop',
        c.StartMarch({
          playerId: 1,
          kind: 'scout',
          targetX: open.x,
          targetY: open.y,
          troops: [{ troopId: 9, count: 1 }],
        }),
        'FAILED_PRECONDITION',
        /player 1 has no troop 9/,
      ],
      [
        'no city',
        c.StartMarch({
          playerId: 3,
          kind: 'scout',
          targetX: open.x,
          targetY: open.y,
          troops: [{ troopId: 1, count: 1 }],
        }),
        'FAILED_PRECONDITION',
        /player 3 has no city/,
      ],
      [
        'viewport too big',
        c.QueryViewport({ x: 0, y: 0, width: 101, height: 5 }),
        'INVALID_ARGUMENT',
        /each side must be 1\.\.100/,
      ],
      [
        'recall unknown',
        c.RecallMarch({ playerId: 1, marchId: 12345 }),
        'NOT_FOUND',
        /player 1 has no march 12345/,
      ],
    ];
    let blocked: { x: number; y: number } | undefined;
    for (let y = 0; y < 160 && !blocked; y++)
      for (let x = 0; x < 160 && !blocked; x++) if (w.blocked(x, y)) blocked = { x, y };
    t.ok(blocked, 'the map has blocked terrain');
    cases.push([
      'blocked terrain',
      c.StartMarch({
        playerId: 1,
        kind: 'scout',
        targetX: blocked!.x,
        targetY: blocked!.y,
        troops: [{ troopId: 1, count: 1 }],
      }),
      'FAILED_PRECONDITION',
      /is blocked terrain/,
    ]);
    const field = [...w.fields.values()][0]!;
    cases.push([
      'attack a field',
      c.StartMarch({
        playerId: 1,
        kind: 'attack_city',
        targetX: field.x,
        targetY: field.y,
        troops: [{ troopId: 1, count: 1 }],
      }),
      'FAILED_PRECONDITION',
      /an attack_city march needs another player's city/,
    ]);
    // All sent at once; each awaited in turn below.
    for (const [, p] of cases) p.catch(() => undefined);
    for (const [name, p, code, message] of cases) {
      const err = await failure(p);
      t.equal(err.code, code, `${name}: ${code}`);
      t.match(err.message, message, `${name}: ${err.message}`);
    }
    t.equal(await snapshot(1), before, 'nothing changed');
  });

  t.test(
    'racing placements: distinct spots; racing moves to one spot: exactly one wins',
    async (t) => {
      const racers = players.slice(1, 21);
      const placed = await Promise.all(
        racers.map((p) => c.PlaceCity({ playerId: p, nearX: 40, nearY: 40 })),
      );
      const tiles = new Set<string>();
      for (const city of placed) {
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ])
          tiles.add(`${city.x + dx!},${city.y + dy!}`);
      }
      t.equal(tiles.size, 4 * racers.length, 'no two cities share a tile');
      const spot = w.findCitySpot(120, 120)!;
      const movers = racers.slice(0, 10);
      const results = await Promise.allSettled(
        movers.map((p) => c.RelocateCity({ playerId: p, x: spot.x, y: spot.y })),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      t.equal(won.length, 1, 'one move won the spot');
      for (const r of results) {
        if (r.status === 'rejected') {
          t.equal((r.reason as ServiceError).code, 'FAILED_PRECONDITION');
          // The winner's move is written or still in flight (its new tiles reserved).
          t.match(
            (r.reason as ServiceError).message,
            /is (being )?taken by the city of player \d+/,
          );
        }
      }
      // The store agrees: one city record at that spot, and one record per player.
      const records: { x: number; y: number; player: number }[] = [];
      for (let i = 0; i < w.regionCount; i++) {
        for (const r of await stack.store.list('map_city', w.regionId(i)))
          records.push({ x: Number(r.fields.x), y: Number(r.fields.y), player: r.member });
      }
      t.equal(
        records.filter((r) => r.x === spot.x && r.y === spot.y).length,
        1,
        'one stored city at the spot',
      );
      t.equal(new Set(records.map((r) => r.player)).size, records.length, 'one record per player');
      t.equal(records.length, w.cities.size);
    },
  );

  t.test('a gather, to the unit', async (t) => {
    await c.PlaceCity({ playerId: 30, nearX: 20, nearY: 130 });
    const city = w.cities.get(30)!;
    const field = [...w.fields.values()]
      .filter((f) => !f.occupant)
      .sort(
        (a, b) => Math.hypot(a.x - city.x, a.y - city.y) - Math.hypot(b.x - city.x, b.y - city.y),
      )[0]!;
    const before = field.remaining;
    const m = await c.StartMarch({
      playerId: 30,
      kind: 'gather',
      targetX: field.x,
      targetY: field.y,
      troops: [{ troopId: 1, count: 100 }],
    });
    t.equal(m.state, 'outbound');
    t.equal(
      Number((await stack.store.list('troop', 30)).find((r) => r.member === 1)!.fields.count),
      5900,
      'troops left the city',
    );
    t.equal(
      (await stack.store.list('map_march', 30)).length,
      1,
      'the march record appeared with them',
    );
    clock.set(Number(toBigInt(m.legEndMs)));
    await app.engine.drain();
    const gathering = w.marches.get(Number(toBigInt(m.id)))!;
    t.equal(gathering.state, 'gathering');
    t.equal(field.occupant, gathering);
    clock.set(gathering.legEnd);
    await app.engine.drain();
    clock.advance(3_600_000);
    await app.engine.drain();
    t.notOk(w.marches.has(Number(toBigInt(m.id))), 'home');
    const load = 100 * 10; // 100 infantry carry 10 each
    const gathered = Math.min(load, before);
    const player = await stack.store.fetch('player', 30);
    t.equal(
      Number(player!.fields[field.resource]),
      START_RESOURCES + gathered,
      `${gathered} ${field.resource} added`,
    );
    const stored = await stack.store.fetch('map_field', field.region, field.id);
    t.equal(Number(stored!.fields.remaining), before - gathered, 'the field paid exactly that');
    t.equal(
      Number((await stack.store.list('troop', 30)).find((r) => r.member === 1)!.fields.count),
      6000,
      'troops back',
    );
    t.equal(
      (await stack.store.list('map_march_ref', city.region)).length,
      0,
      'the region list is clean',
    );
  });

  t.test('an attack: losses and plunder applied, reports recompute to their hash', async (t) => {
    // Players outside the random population: a strong attacker, a weak defender.
    const res = {
      food: START_RESOURCES,
      wood: START_RESOURCES,
      stone: START_RESOURCES,
      iron: START_RESOURCES,
      gold: START_RESOURCES,
    };
    await stack.store.write(41, [
      { create: { table: 'player', member: 0, fields: res } },
      ...TROOPS.map((tr) => ({
        create: {
          table: 'troop',
          member: tr.troopId,
          fields: { kind: tr.kind, tier: tr.tier, count: tr.count },
        },
      })),
    ]);
    await stack.store.write(42, [
      { create: { table: 'player', member: 0, fields: res } },
      { create: { table: 'troop', member: 1, fields: { kind: 'infantry', tier: 1, count: 300 } } },
      { create: { table: 'troop', member: 2, fields: { kind: 'ranged', tier: 1, count: 200 } } },
    ]);
    await c.PlaceCity({ playerId: 41, nearX: 130, nearY: 20 });
    await c.PlaceCity({ playerId: 42, nearX: 133, nearY: 24 });
    const target = w.cities.get(42)!;
    const m = await c.StartMarch({
      playerId: 41,
      kind: 'attack_city',
      targetX: target.x,
      targetY: target.y,
      troops: [
        { troopId: 1, count: 6000 },
        { troopId: 2, count: 3000 },
        { troopId: 4, count: 800 },
      ],
    });
    const id = Number(toBigInt(m.id));
    clock.set(Number(toBigInt(m.legEndMs)));
    await app.engine.drain();
    const rid = reportIdOf(id, 1);
    const mine = await c.GetReport({ playerId: 41, reportId: rid });
    const theirs = await c.GetReport({ playerId: 42, reportId: rid });
    t.equal(mine.kind, 'battle');
    t.equal(mine.inputJson, theirs.inputJson, 'both players hold the same input');
    t.equal(mine.hash, theirs.hash);
    const recomputed = await fetch(`${stack.battleUrl}/v1/battles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: mine.inputJson,
    }).then((r) => r.json() as Promise<{ hash: string }>);
    t.equal(recomputed.hash, mine.hash, 'the stored input and seed give the same hash');
    const result = JSON.parse(mine.resultJson) as {
      winner: string;
      plunder: Record<string, number>;
      losses: { defender: { troop: number; dead: number; wounded: number }[] };
    };
    const troops = await stack.store.list('troop', 42);
    const start42: Record<number, number> = { 1: 300, 2: 200 };
    for (const row of result.losses.defender) {
      const tr = troops.find((x) => x.member === row.troop)!;
      const start = start42[row.troop]!;
      t.equal(
        Number(tr.fields.count),
        start - row.dead - row.wounded,
        `defender troop ${row.troop}: losses applied`,
      );
      t.equal(Number(tr.fields.wounded), row.wounded, `defender troop ${row.troop}: wounded kept`);
    }
    t.equal(result.winner, 'attacker');
    const defender = await stack.store.fetch('player', 42);
    for (const [k, v] of Object.entries(result.plunder)) {
      t.equal(Number(defender!.fields[k]), START_RESOURCES - v, `${k}: ${v} plundered`);
    }
    t.comment(`winner ${result.winner}, plunder ${JSON.stringify(result.plunder)}`);
    clock.advance(3_600_000);
    await app.engine.drain();
    const attacker = await stack.store.fetch('player', 41);
    for (const [k, v] of Object.entries(result.plunder)) {
      t.equal(Number(attacker!.fields[k]), START_RESOURCES + v, `${k}: ${v} carried home`);
    }
  });

  t.test('/metrics', async (t) => {
    const body = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    for (const name of [
      'mapserver_marches_in_flight',
      'mapserver_arrivals_settled_total{kind="arrival"}',
      'mapserver_tick_lag_seconds_bucket',
      'mapserver_stream_subscribers',
      'mapserver_index_entries{kind="tiles"}',
      'grpc_server_handling_seconds_count{grpc_service="slg.mapserver.v1.MapService",grpc_method="StartMarch"',
    ]) {
      t.ok(body.includes(name), name);
    }
    t.match(body, /mapserver_marches_in_flight 0\n/);
  });
});

void slg;
