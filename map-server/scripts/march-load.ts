// How long a start takes to load a world's marches: seeds `--players` x `--per-player` march
// records (scouts in flight for days, each with its region's entry) straight into data-server
// for world `--world`, then builds map-server in-process `--runs` times against it and prints
// each start's load time (the `world loaded` ms) and the data-server calls it made.
//   MAPSERVER_DATASERVER_ADDR=127.0.0.1:50052 node map-server/scripts/march-load.ts \
//     --world 7 --players 4000 --per-player 5 --seed --runs 3
// Without --seed it only times the starts (a world seeded before).
import { parseArgs } from 'node:util';
import { build } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import { pool } from '../src/engine/loader.ts';
import { marchFields, T } from '../src/store/records.ts';
import { RegionDirectoryStore } from '../src/store/region-directory.ts';
import { DataServerStore, type Op } from '../src/store/store.ts';
import { createRng } from '../src/world/rng.ts';
import type { March } from '../src/world/types.ts';
import { World } from '../src/world/world.ts';

const { values } = parseArgs({
  options: {
    world: { type: 'string', default: '7' },
    players: { type: 'string', default: '4000' },
    'per-player': { type: 'string', default: '5' },
    seed: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
  },
});
const worldId = Number(values.world);
const players = Number(values.players);
const perPlayer = Number(values['per-player']);
const config = configFromEnv({
  LOG_LEVEL: 'warn',
  ...process.env,
  MAPSERVER_WORLD_ID: String(worldId),
});

async function calls(app: Awaited<ReturnType<typeof build>>): Promise<string> {
  const m = await app.registry.getSingleMetric('grpc_client_handling_seconds')?.get();
  const by = new Map<string, number>();
  for (const v of m?.values ?? []) {
    if (!String((v as { metricName?: string }).metricName).endsWith('_count')) continue;
    const method = String(v.labels.grpc_method ?? v.labels.method ?? '?');
    by.set(method, (by.get(method) ?? 0) + v.value);
  }
  return [...by].map(([k, v]) => `${k} ${v}`).join(', ');
}

if (values.seed) {
  // The world record and directory, as a first start writes them.
  const first = await build(config);
  await first.close(1000);
  const world = new World(config);
  const store = new RegionDirectoryStore(new DataServerStore(config.dataServerAddress), world);
  const rng = createRng(worldId);
  const now = Date.now();
  const refs = new Map<number, Op[]>();
  const owners = Array.from({ length: players }, (_, i) => 9_000_000 + worldId * 100_000 + i);
  const t0 = performance.now();
  await pool(owners, 32, async (playerId) => {
    const homeX = rng.below(world.width - 1);
    const homeY = rng.below(world.height - 1);
    const ops: Op[] = [];
    for (let k = 0; k < perPlayer; k++) {
      const id = playerId * 10 + k + 1;
      const m: March = {
        id,
        playerId,
        kind: 'scout',
        state: 'outbound',
        refRegion: world.regionOf(homeX, homeY),
        homeX,
        homeY,
        targetX: Math.min(world.width - 1, homeX + 1 + k),
        targetY: homeY,
        targetId: 0,
        targetGen: 0,
        fromX: homeX + 1,
        fromY: homeY + 1,
        toX: Math.min(world.width - 1, homeX + 1 + k) + 0.5,
        toY: homeY + 0.5,
        legStart: now,
        legEnd: now + 10 * 86_400_000,
        troops: [{ troopId: 2, type: 'cavalry', tier: 3, count: 1, wounded: 0 }],
        load: { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 },
        step: 0,
        version: 0,
        startedAt: now,
        cells: [],
      };
      ops.push({ create: { table: T.march, member: id, fields: marchFields(m) } });
      const r = refs.get(m.refRegion) ?? [];
      r.push({ create: { table: T.marchRef, member: id, fields: { player_id: playerId } } });
      refs.set(m.refRegion, r);
    }
    await store.write(playerId, ops);
  });
  const batches: [number, Op[]][] = [];
  for (const [region, ops] of refs)
    for (let i = 0; i < ops.length; i += 100) batches.push([region, ops.slice(i, i + 100)]);
  await pool(batches, 16, async ([region, ops]) => {
    await store.write(region, ops);
  });
  store.close();
  console.log(
    `seeded world ${worldId}: ${players * perPlayer} marches of ${players} players in ${refs.size} regions, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

for (let run = 1; run <= Number(values.runs); run++) {
  const t0 = performance.now();
  const app = await build(config);
  const wall = performance.now() - t0;
  const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ');
  console.log(
    `start ${run}: ${app.loaded.marches} marches, ${app.loaded.regionsRead} regions read, loaded in ${app.loaded.ms} ms (build ${wall.toFixed(0)} ms); calls: ${await calls(app)}; load average ${load.slice(0, 3).join(' ')}`,
  );
  await app.close(1000);
}
