// The full-size world that the viewport benches query (viewport-encode-bench.ts
// in-process, viewport-grpc-bench.ts through grpc-js): 1,200 x 1,200, 100,000 cities, 200,000
// fields, 20,000 monsters and 20,000 scouts in flight of up to `radius` tiles, seeded. Written
// against the World's oldest API (addCity/addField/addMonster/indexMarch), so that a copy runs
// in an older checkout for an A/B. index-bench.ts builds it with `monsters` 0: no draws for them, so
// its cities, fields and marches stand where they stood when it built its own world (which had
// no monsters), and its figures stay comparable.
import { createRng, type Rng } from '../src/world/rng.ts';
import type { City, Field, March, Monster } from '../src/world/types.ts';
import { World } from '../src/world/world.ts';

export function issueWorld(radius: number, monsters = 20_000): { w: World; rng: Rng } {
  const rng = createRng(1);
  const w = new World({ worldId: 1, width: 1200, height: 1200, seed: 1, regionSize: 100 });
  for (let p = 1; w.cities.size < 100_000; p++) {
    const x = rng.below(1199);
    const y = rng.below(1199);
    if (w.cityBlocker(x, y) !== null) continue;
    const c: City = {
      kind: 'city',
      playerId: 800_000_000 + p,
      x,
      y,
      level: 1 + (p % 20),
      seq: 1,
      region: w.regionOf(x, y),
      version: 1,
      reinforcements: new Set(),
      slot: 0,
    };
    w.addCity(c);
  }
  const resources = ['food', 'wood', 'stone', 'iron', 'gold'] as const;
  for (let id = 1; w.fields.size < 200_000; id++) {
    const x = rng.below(1200);
    const y = rng.below(1200);
    if (w.blocked(x, y) || w.at(x, y)) continue;
    const f: Field = {
      kind: 'field',
      id: Math.floor(id / 1400) * 1_000_000 + id,
      region: w.regionOf(x, y),
      resource: resources[id % 5]!,
      level: 1 + (id % 6),
      x,
      y,
      remaining: 20_000 * (1 + (id % 6)),
      gen: 0,
      version: 1,
      occupant: undefined,
      slot: 0,
    };
    w.addField(f);
  }
  for (let id = 1; w.monsters.size < monsters; id++) {
    const x = rng.below(1200);
    const y = rng.below(1200);
    if (w.blocked(x, y) || w.at(x, y)) continue;
    const m: Monster = {
      kind: 'monster',
      id: Math.floor(id / 140) * 1_000_000 + 500_000 + id,
      region: w.regionOf(x, y),
      level: 1 + (id % 8),
      x,
      y,
      troops: 500 * (1 + (id % 8)),
      gen: 0,
      version: 1,
      slot: 0,
    };
    w.addMonster(m);
  }
  const cities = [...w.cities.values()];
  for (let id = 1; id <= 20_000; id++) {
    const c = cities[rng.below(cities.length)]!;
    const dx = rng.below(2 * radius + 1) - radius;
    const dy = rng.below(2 * radius + 1) - radius;
    const m: March = {
      id: 1_000_000 + id,
      playerId: c.playerId,
      kind: 'scout',
      state: 'outbound',
      refRegion: c.region,
      homeX: c.x,
      homeY: c.y,
      targetX: c.x + dx,
      targetY: c.y + dy,
      targetId: 0,
      targetGen: 0,
      fromX: c.x + 1,
      fromY: c.y + 1,
      toX: Math.min(1199, Math.max(0, c.x + dx)) + 0.5,
      toY: Math.min(1199, Math.max(0, c.y + dy)) + 0.5,
      legStart: 1_800_000_000_000,
      legEnd: 1_800_000_060_000,
      troops: [{ troopId: 2, type: 'cavalry', tier: 3, count: 1, wounded: 0 }],
      load: { food: 0, wood: 0, stone: 0, iron: 0, gold: 0 },
      step: 0,
      version: 1,
      startedAt: 1_800_000_000_000,
      cells: [],
    };
    w.indexMarch(m);
  }
  return { w, rng };
}
