// Start-up: the world record (created with a new world, checked against the configuration
// after), then the whole map: each region's seeded fields and monsters (generateRegion) with
// the stored records of those that changed on top, one CFetchV2 per table of each region the
// directory lists (store/region-directory.ts: the regions that hold records; every region for a
// world stored before it), and every march its region lists, read by player: one CFetchV2 of a
// player's marches, or one FetchV2 when the player has one. Steps a crash left half-done are finished here, before any
// new one starts: pending effects applied, duplicate cities of a move resolved, refs without a
// march dropped.
import type { Logger } from '@slg/service-kit';
import { FailedPreconditionError } from '@slg/service-kit';
import { createRng, hash32 } from '@slg/service-kit/prng';
import {
  cityFrom,
  type Effect,
  fieldFields,
  fieldFrom,
  marchFrom,
  monsterFields,
  monsterFrom,
  T,
} from '../store/records.ts';
import { RegionDirectoryStore } from '../store/region-directory.ts';
import type { MapStore, StoredRecord } from '../store/store.ts';
import type { City, Field, March, Monster } from '../world/types.ts';
import type { World } from '../world/world.ts';
import {
  FIELD_LEVELS,
  FIELD_SIZE_PER_LEVEL,
  MONSTER_LEVELS,
  MONSTER_TROOPS_PER_LEVEL,
  resourceOf,
} from './rules.ts';

export interface LoadOptions {
  world: World;
  store: MapStore;
  fields: number;
  monsters: number;
  concurrency: number;
  log: Logger;
  applyPending: (effects: Effect[]) => Promise<void>;
}

export interface LoadResult {
  marches: March[];
  generated: boolean;
  ms: number;
  /** Regions whose tables were read (of world.regionCount). */
  regionsRead: number;
}

/** Runs `fn` over items with at most `n` at once. */
export async function pool<I>(
  items: I[],
  n: number,
  fn: (item: I) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/** The generated fields and monsters of region `index` (a pure function of the seed). */
export function generateRegion(world: World, index: number, fields: number, monsters: number) {
  const r = world.regionRect(index);
  const rng = createRng(hash32(world.seed, index, 0x6e0));
  // Each region gets its share of the whole (the remainder to the first regions).
  const share = (total: number) =>
    Math.floor(total / world.regionCount) + (index < total % world.regionCount ? 1 : 0);
  const taken = new Set<number>();
  const spot = () => {
    for (let i = 0; i < 64; i++) {
      const x = r.x + rng.int(r.width);
      const y = r.y + rng.int(r.height);
      const k = y * world.width + x;
      if (!taken.has(k) && !world.terrain.blocked(x, y)) {
        taken.add(k);
        return { x, y };
      }
    }
    return null;
  };
  const base = index * 1_000_000;
  const outFields: { id: number; fields: ReturnType<typeof fieldFields> }[] = [];
  for (let i = 0, n = share(fields); i < n; i++) {
    const p = spot();
    if (!p) continue;
    const level = 1 + rng.int(FIELD_LEVELS);
    outFields.push({
      id: base + i + 1,
      fields: fieldFields({
        resource: resourceOf(rng.int(5)),
        level,
        x: p.x,
        y: p.y,
        remaining: level * FIELD_SIZE_PER_LEVEL,
        gen: 0,
      }),
    });
  }
  const outMonsters: { id: number; fields: ReturnType<typeof monsterFields> }[] = [];
  for (let i = 0, n = share(monsters); i < n; i++) {
    const p = spot();
    if (!p) continue;
    const level = 1 + rng.int(MONSTER_LEVELS);
    outMonsters.push({
      id: base + 500_000 + i + 1,
      fields: monsterFields({
        level,
        x: p.x,
        y: p.y,
        troops: level * MONSTER_TROOPS_PER_LEVEL,
        gen: 0,
      }),
    });
  }
  return { fields: outFields, monsters: outMonsters };
}

export async function loadWorld(o: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const { world, store, log } = o;
  const meta = await store.fetch(T.world, world.worldId);
  const shape = {
    width: world.width,
    height: world.height,
    seed: world.seed,
    region_size: world.regionSize,
  };
  let generated = false;
  if (meta) {
    const diff = Object.entries(shape).filter(([k, v]) => Number(meta.fields[k]) !== v);
    if (diff.length) {
      throw new FailedPreconditionError(
        `world ${world.worldId} is stored with ${diff.map(([k]) => `${k}=${meta.fields[k]}`).join(', ')}; the configuration says ${diff.map(([k, v]) => `${k}=${v}`).join(', ')}`,
      );
    }
  } else {
    // A new world: only its record. Fields and monsters are a function of the seed
    // (generateRegion); a record is stored for one only once it changes.
    generated = true;
    log.info(
      {
        worldId: world.worldId,
        regions: world.regionCount,
        fields: o.fields,
        monsters: o.monsters,
      },
      'a new world',
    );
    // With its region directory, complete and empty, in the same write (one owner: the world).
    await store.write(world.worldId, [
      {
        create: {
          table: T.world,
          member: 0,
          fields: { ...shape, fields: o.fields, monsters: o.monsters, next_id: 0 },
        },
      },
      ...(store instanceof RegionDirectoryStore
        ? RegionDirectoryStore.newWorldOps(world.worldId)
        : []),
    ]);
  }

  // The regions to read: those the directory lists; every region when there is none (a store
  // without it, or a world stored before it: then the regions found holding records are marked
  // and the directory completed, so the next start reads only those).
  const listed = store instanceof RegionDirectoryStore ? await store.read() : null;
  const regions = listed ?? Array.from({ length: world.regionCount }, (_, i) => world.regionId(i));

  // Pending effects first (they change fields, monsters and marches), then the map as it is.
  let loaded = await readAll(o, regions);
  const pending = loaded.marches.filter((x) => x.pending.length > 0);
  if (pending.length) {
    log.info({ marches: pending.length }, 'finishing the steps a stop left half-written');
    for (const p of pending) await o.applyPending(p.pending);
    loaded = await readAll(o, regions);
  }
  if (!listed && store instanceof RegionDirectoryStore) {
    log.info({ regions: loaded.holding.length }, 'region directory written');
    await store.complete(loaded.holding);
  }

  // A move across regions that stopped between its two writes: the newest record wins.
  const cities = new Map<number, City>();
  const stale: City[] = [];
  for (const c of loaded.cities) {
    const other = cities.get(c.playerId);
    if (!other) cities.set(c.playerId, c);
    else if (c.seq > other.seq) {
      stale.push(other);
      cities.set(c.playerId, c);
    } else stale.push(c);
  }
  for (const c of stale)
    await store.write(c.region, [{ remove: { table: T.city, member: c.playerId } }]);

  for (const c of cities.values()) world.addCity(c);
  for (const f of loaded.fields) world.addField(f);
  for (const m of loaded.monsters) world.addMonster(m);
  // The regions not read: their generated contents, nothing stored.
  const read = new Set(regions);
  for (let i = 0; i < world.regionCount; i++) {
    if (read.has(world.regionId(i))) continue;
    const g = generateRegion(world, i, o.fields, o.monsters);
    for (const x of g.fields)
      world.addField(fieldFrom(world.regionId(i), { member: x.id, version: 0, fields: x.fields }));
    for (const x of g.monsters)
      world.addMonster(
        monsterFrom(world.regionId(i), { member: x.id, version: 0, fields: x.fields }),
      );
  }
  const marches = loaded.marches.map((x) => x.march);
  const ms = Date.now() - started;
  log.info(
    {
      cities: world.cities.size,
      fields: world.fields.size,
      monsters: world.monsters.size,
      marches: marches.length,
      regionsRead: regions.length,
      ms,
    },
    'world loaded',
  );
  return { marches, generated, ms, regionsRead: regions.length };
}

async function readAll(o: LoadOptions, regions: number[]) {
  const { world, store } = o;
  const cities: City[] = [];
  const fields: Field[] = [];
  const monsters: Monster[] = [];
  const refs: { region: number; marchId: number; playerId: number }[] = [];
  /** Regions with at least one stored record. */
  const holding: number[] = [];
  await pool(regions, o.concurrency, async (region) => {
    const [c, f, m, r] = await Promise.all([
      store.list(T.city, region),
      store.list(T.field, region),
      store.list(T.monster, region),
      store.list(T.marchRef, region),
    ]);
    if (c.length + f.length + m.length + r.length > 0) holding.push(region);
    for (const x of c) cities.push(cityFrom(region, x));
    // The generated contents, with what changed since taken from the store.
    const index = region - world.regionId(0);
    const g = generateRegion(world, index, o.fields, o.monsters);
    const storedF = new Map(f.map((x) => [x.member, x]));
    const storedM = new Map(m.map((x) => [x.member, x]));
    for (const x of g.fields)
      fields.push(
        fieldFrom(region, storedF.get(x.id) ?? { member: x.id, version: 0, fields: x.fields }),
      );
    for (const x of g.monsters)
      monsters.push(
        monsterFrom(region, storedM.get(x.id) ?? { member: x.id, version: 0, fields: x.fields }),
      );
    for (const x of r)
      refs.push({ region, marchId: x.member, playerId: Number(x.fields.player_id) });
  });
  // The marches by player (their owner): one CFetchV2 of a player's marches when two or more
  // are listed (a player has at most MAX_MARCHES out), one FetchV2 for a single one.
  const byPlayer = new Map<number, typeof refs>();
  for (const ref of refs) {
    const list = byPlayer.get(ref.playerId);
    if (list) list.push(ref);
    else byPlayer.set(ref.playerId, [ref]);
  }
  const marches: { march: March; pending: Effect[] }[] = [];
  await pool([...byPlayer.values()], o.concurrency * 4, async (own) => {
    const playerId = own[0]!.playerId;
    let found: Map<number, StoredRecord>;
    if (own.length === 1) {
      const rec = await store.fetch(T.march, playerId, own[0]!.marchId);
      found = new Map(rec ? [[rec.member, rec]] : []);
    } else {
      found = new Map((await store.list(T.march, playerId)).map((r) => [r.member, r]));
    }
    for (const ref of own) {
      const rec = found.get(ref.marchId);
      if (!rec) {
        // The march ended (or never started) and its entry stayed.
        await store.write(ref.region, [{ remove: { table: T.marchRef, member: ref.marchId } }]);
        continue;
      }
      marches.push(marchFrom(playerId, rec));
    }
  });
  marches.sort((a, b) => a.march.id - b.march.id);
  holding.sort((a, b) => a - b);
  return { cities, fields, monsters, marches, holding };
}
