// PlaceCities: many cities placed at once, each exactly as PlaceCity places it (the player must
// exist and have no city; the free spot nearest to the point, taken in memory synchronously
// before the write), but written with one BatchWriteV2 per region and 100 cities instead of one
// write per city. Every player's lock (the key PlaceCity takes) is held for the whole request,
// so a PlaceCity racing for the same player waits; two requests racing for one spot cannot
// both get it (the tiles are taken in one synchronous pass, released if the write fails).
import {
  AlreadyExistsError,
  FailedPreconditionError,
  InvalidArgumentError,
  type Logger,
  ServiceError,
} from '@slg/service-kit';
import type { Clock } from './clock.ts';
import { type CityMsg, cityMsg } from './convert.ts';
import { withdrawPlacement } from './engine/cities.ts';
import type { Publish } from './engine/events.ts';
import type { KeyedLocks } from './engine/locks.ts';
import { cityFields, T } from './store/records.ts';
import type { MapStore } from './store/store.ts';
import type { City } from './world/types.ts';
import type { World } from './world/world.ts';

/** The most cities one request may carry. */
export const MAX_PLACE_CITIES = 1000;
/** Cities per BatchWriteV2 (data-server's limit of ops per batch). */
export const CITIES_PER_WRITE = 100;
/** Region writes in flight at once. */
const WRITES_IN_FLIGHT = 8;
/** Player lookups in flight at once. */
const FETCHES_IN_FLIGHT = 32;

export interface PlaceEntry {
  playerId: number;
  nearX: number;
  nearY: number;
}

export interface PlaceResult {
  city?: CityMsg;
  code: string;
  message: string;
}

export interface PlaceCitiesDeps {
  world: World;
  store: MapStore;
  locks: KeyedLocks;
  clock: Clock;
  publish: Publish;
  log: Logger;
}

async function pool(n: number, count: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(n, count) }, worker));
}

const failure = (err: unknown): PlaceResult => {
  if (err instanceof ServiceError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: (err as Error)?.message ?? String(err) };
};

export async function placeCities(
  d: PlaceCitiesDeps,
  entries: PlaceEntry[],
): Promise<PlaceResult[]> {
  const { world, store } = d;
  if (entries.length > MAX_PLACE_CITIES) {
    throw new InvalidArgumentError(
      `cities: ${entries.length} entries, more than the ${MAX_PLACE_CITIES} one request may carry`,
    );
  }
  const seen = new Set<number>();
  entries.forEach((e, i) => {
    if (!world.inBounds(e.nearX, e.nearY)) {
      throw new InvalidArgumentError(
        `cities[${i}]: near (${e.nearX}, ${e.nearY}) is outside the ${world.width} x ${world.height} map`,
      );
    }
    if (seen.has(e.playerId))
      throw new InvalidArgumentError(`cities[${i}]: player ${e.playerId} is named twice`);
    seen.add(e.playerId);
  });
  return d.locks.with(
    entries.map((e) => `p:${e.playerId}`),
    async () => {
      const results: (PlaceResult | undefined)[] = new Array(entries.length);
      const hasCity = (i: number) => {
        const id = entries[i]!.playerId;
        if (!world.cities.has(id)) return false;
        results[i] = failure(new AlreadyExistsError(`player ${id} already has a city`));
        return true;
      };
      // The players, looked up as PlaceCity looks them up.
      await pool(FETCHES_IN_FLIGHT, entries.length, async (i) => {
        if (hasCity(i)) return;
        const id = entries[i]!.playerId;
        try {
          if (!(await store.fetch(T.player, id)))
            results[i] = failure(new FailedPreconditionError(`player ${id} does not exist`));
        } catch (err) {
          results[i] = failure(err);
        }
      });
      // Spots found and taken in one synchronous pass, in request order.
      const placed: { i: number; city: City }[] = [];
      for (let i = 0; i < entries.length; i++) {
        if (results[i] || hasCity(i)) continue;
        const e = entries[i]!;
        const spot = world.findCitySpot(e.nearX, e.nearY);
        if (!spot) {
          results[i] = failure(
            new FailedPreconditionError(`no free spot for a city near (${e.nearX}, ${e.nearY})`),
          );
          continue;
        }
        const city: City = {
          kind: 'city',
          playerId: e.playerId,
          x: spot.x,
          y: spot.y,
          level: 1,
          seq: 1,
          region: world.regionOf(spot.x, spot.y),
          version: 0,
          reinforcements: new Set(),
          slot: 0,
        };
        world.addCity(city);
        placed.push({ i, city });
      }
      // One write per region and CITIES_PER_WRITE cities.
      const byRegion = new Map<number, { i: number; city: City }[]>();
      for (const p of placed) {
        let list = byRegion.get(p.city.region);
        if (!list) {
          list = [];
          byRegion.set(p.city.region, list);
        }
        list.push(p);
      }
      const writes: { region: number; items: { i: number; city: City }[] }[] = [];
      for (const [region, list] of byRegion) {
        for (let k = 0; k < list.length; k += CITIES_PER_WRITE)
          writes.push({ region, items: list.slice(k, k + CITIES_PER_WRITE) });
      }
      await pool(WRITES_IN_FLIGHT, writes.length, async (w) => {
        const { region, items } = writes[w]!;
        try {
          const out = await store.write(
            region,
            items.map(({ city }) => ({
              create: { table: T.city, member: city.playerId, fields: cityFields(city) },
            })),
          );
          items.forEach(({ i, city }, k) => {
            city.version = out[k]!.version;
            results[i] = { city: cityMsg(city), code: '', message: '' };
            d.publish({
              timeMs: d.clock.now(),
              type: 'city_placed',
              city: cityMsg(city),
              tiles: [{ x: city.x, y: city.y, width: 2, height: 2 }],
              paths: [],
            });
          });
        } catch (err) {
          // All or none: none of this write's cities stands; their tiles are free again, and a
          // snapshot taken while the write was out (it showed them) is told.
          d.log.warn({ err, region, cities: items.length }, 'a region write of PlaceCities failed');
          for (const { i, city } of items) {
            withdrawPlacement(d, city);
            results[i] = failure(err);
          }
        }
      });
      return results.map((r) => r ?? { code: 'INTERNAL', message: 'not placed' });
    },
  );
}
