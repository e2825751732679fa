// A war under faults: scouts from every player's city aimed at one city, due within the same
// seconds, settled by map-server's group commits; while they settle, one process of the stack
// is SIGKILLed and started again (map-server, data-server, db-proxy in turn). Afterwards every
// march is home and settled exactly once: no march record left, every player's cavalry back to
// its count (a return settled twice would give it back twice, one never settled would keep
// it), and one scout report per march (an arrival settled twice would write two, or fail its
// step on the duplicate; one never settled, none).
import {
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
} from '@slg/proto';
import { createGrpcClient, type ServiceError } from '@slg/service-kit';
import t from 'tap';
import { BENCH_TROOPS, seedWorld } from '../src/map/seed.ts';
import { type GrpcService, startDataStack, startMapServer, waitFor } from './harness.ts';

const FIRST_PLAYER = 9_300_000;
const PLAYERS = 30;
const MARCHES_PER_PLAYER = 3;
const WORLD = 80;
const CAVALRY = BENCH_TROOPS.find((x) => x.kind === 'cavalry')!;

t.test('a war: SIGKILL of map-server, data-server and db-proxy mid-settlement', async (t) => {
  const stack = await startDataStack(t);
  const map = await startMapServer(t, stack, WORLD, { MAPSERVER_SPEED: 1500 });
  const players = Array.from({ length: PLAYERS }, (_, i) => FIRST_PLAYER + i);
  await seedWorld({
    target: map.address,
    dataServer: stack.dataServer.address,
    firstPlayer: FIRST_PLAYER,
    cities: PLAYERS,
    seed: 7,
    parallel: 4,
    deadlineMs: 10_000,
    worldWidth: WORLD,
    worldHeight: WORLD,
  });
  const client = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, map.address, {
    deadlineMs: 5000,
  });
  const ds = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, stack.dataServer.address, {
    deadlineMs: 5000,
  });
  t.teardown(() => {
    client.close();
    ds.close();
  });
  // The city every scout is aimed at: the first player's.
  const target = await client.GetCity({ playerId: players[0]! });
  const count = async (table: string) => {
    const n = await Promise.all(
      players.map(async (p) => Number((await ds.CCountV2({ table, ownerId: p })).count)),
    );
    return n.reduce((a, b) => a + b, 0);
  };

  let started = 0;
  const war = async (victim: GrpcService) => {
    const reportsBefore = await count('map_report');
    let legMs = 0;
    await Promise.all(
      players.slice(1).flatMap((playerId) =>
        Array.from({ length: MARCHES_PER_PLAYER }, async () => {
          const m = await client.StartMarch({
            playerId,
            kind: 'scout',
            targetX: target.x,
            targetY: target.y,
            troops: [{ troopId: CAVALRY.troopId, count: 1 }],
          });
          legMs = Math.max(legMs, Number(m.legEndMs) - Number(m.legStartMs));
        }),
      ),
    );
    const marches = (PLAYERS - 1) * MARCHES_PER_PLAYER;
    started += marches;
    t.comment(`${victim.proc.name}: ${marches} scouts out, legs up to ${legMs} ms`);
    // Mid-war: a third of the arrivals stored, the rest due or in flight.
    await waitFor(
      async () => (await count('map_report')) - reportsBefore >= marches / 3,
      60_000,
      'a third of the arrivals settled',
    );
    const [arrived, out] = [(await count('map_report')) - reportsBefore, await count('map_march')];
    await victim.proc.stop('SIGKILL');
    t.comment(`killed with ${arrived} of ${marches} arrivals stored, ${out} marches out`);
    await victim.start();
    await waitFor(async () => (await count('map_march')) === 0, 120_000, 'every march home');
    t.equal(await count('map_report'), started, `${victim.proc.name}: one report per march`);
    const cavalry = await Promise.all(
      players.map(async (p) =>
        Number(
          (await ds.FetchV2({ table: 'troop', ownerId: p, memberId: CAVALRY.troopId })).record
            ?.fields?.count?.int ?? -1,
        ),
      ),
    );
    t.same(
      cavalry.filter((c) => c !== CAVALRY.count),
      [],
      `${victim.proc.name}: every player's cavalry back to ${CAVALRY.count}`,
    );
  };
  try {
    await war(map);
    await war(stack.dataServer);
    await war(stack.dbproxy);
  } catch (err) {
    t.fail(`${(err as ServiceError).message}`);
    throw err;
  }
});
