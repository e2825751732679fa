// Cities: placed on the free spot nearest to a requested one, moved (teleport) to an exact spot,
// removed. A city record lives in the collection of its region; the tiles are taken in memory,
// synchronously, before the write, so two placements racing for one spot never both get it.
import {
  AlreadyExistsError,
  FailedPreconditionError,
  InvalidArgumentError,
  type Logger,
  NotFoundError,
} from '@slg/service-kit';
import type { Clock } from '../clock.ts';
import { cityMsg } from '../convert.ts';
import { cityFields, T } from '../store/records.ts';
import type { MapStore } from '../store/store.ts';
import type { City } from '../world/types.ts';
import type { World } from '../world/world.ts';
import type { Publish } from './events.ts';
import type { KeyedLocks } from './locks.ts';

export class Cities {
  readonly #world: World;
  readonly #store: MapStore;
  readonly #locks: KeyedLocks;
  readonly #clock: Clock;
  readonly #publish: Publish;
  readonly #log: Logger;

  constructor(o: {
    world: World;
    store: MapStore;
    locks: KeyedLocks;
    clock: Clock;
    publish: Publish;
    log: Logger;
  }) {
    this.#world = o.world;
    this.#store = o.store;
    this.#locks = o.locks;
    this.#clock = o.clock;
    this.#publish = o.publish;
    this.#log = o.log;
  }

  #checkTile(what: string, x: number, y: number): void {
    if (!this.#world.inBounds(x, y)) {
      throw new InvalidArgumentError(
        `${what} (${x}, ${y}) is outside the ${this.#world.width} x ${this.#world.height} map`,
      );
    }
  }

  async #checkPlayer(playerId: number): Promise<void> {
    if (!(await this.#store.fetch(T.player, playerId))) {
      throw new FailedPreconditionError(`player ${playerId} does not exist`);
    }
  }

  #busy(c: City): void {
    let out = 0;
    for (const m of this.#world.marches.values()) if (m.playerId === c.playerId) out++;
    if (out > 0)
      throw new FailedPreconditionError(
        `player ${c.playerId} has ${out} marches out: recall them first`,
      );
    if (c.reinforcements.size > 0) {
      throw new FailedPreconditionError(
        `the city of player ${c.playerId} holds ${c.reinforcements.size} allied marches`,
      );
    }
  }

  async place(playerId: number, nearX: number, nearY: number): Promise<City> {
    this.#checkTile('near', nearX, nearY);
    return this.#locks.with([`p:${playerId}`], async () => {
      if (this.#world.cities.has(playerId))
        throw new AlreadyExistsError(`player ${playerId} already has a city`);
      await this.#checkPlayer(playerId);
      if (this.#world.cities.has(playerId))
        throw new AlreadyExistsError(`player ${playerId} already has a city`);
      // Find and take the spot in one synchronous step.
      const spot = this.#world.findCitySpot(nearX, nearY);
      if (!spot)
        throw new FailedPreconditionError(`no free spot for a city near (${nearX}, ${nearY})`);
      const c: City = {
        kind: 'city',
        playerId,
        x: spot.x,
        y: spot.y,
        level: 1,
        seq: 1,
        region: this.#world.regionOf(spot.x, spot.y),
        version: 0,
        reinforcements: new Set(),
        slot: 0,
      };
      this.#world.addCity(c);
      try {
        const [r] = await this.#store.write(c.region, [
          { create: { table: T.city, member: playerId, fields: cityFields(c) } },
        ]);
        c.version = r!.version;
      } catch (err) {
        withdrawPlacement({ world: this.#world, publish: this.#publish, clock: this.#clock }, c);
        throw err;
      }
      this.#publish({
        timeMs: this.#clock.now(),
        type: 'city_placed',
        city: cityMsg(c),
        tiles: [tilesOf(c)],
        paths: [],
      });
      return c;
    });
  }

  async relocate(playerId: number, x: number, y: number): Promise<City> {
    this.#checkTile('target', x, y);
    return this.#locks.with([`p:${playerId}`], async () => {
      const c = this.#world.cities.get(playerId);
      if (!c) throw new NotFoundError(`player ${playerId} has no city`);
      this.#busy(c);
      const why = this.#world.cityBlocker(x, y, c);
      if (why)
        throw new FailedPreconditionError(
          `cannot move the city of player ${playerId} to (${x}, ${y}): ${why}`,
        );
      const before = cityMsg(c);
      const oldTiles = tilesOf(c);
      const oldRegion = c.region;
      const region = this.#world.regionOf(x, y);
      const fields = { ...cityFields(c), x, y, seq: c.seq + 1 };
      this.#world.beginMove(c, x, y);
      let version: number;
      try {
        if (region === oldRegion) {
          const [r] = await this.#store.write(region, [
            { modify: { table: T.city, member: playerId, fields, expectedVersion: c.version } },
          ]);
          version = r!.version;
        } else {
          // Another region, another owner: the new record first (its higher seq wins if a crash
          // leaves both), then the old one goes.
          const [r] = await this.#store
            .write(region, [{ create: { table: T.city, member: playerId, fields } }])
            .catch((err: unknown) => {
              // A record left there by an earlier move whose removal failed: ours to overwrite.
              if (!(err instanceof AlreadyExistsError)) throw err;
              return this.#store.write(region, [
                { modify: { table: T.city, member: playerId, fields } },
              ]);
            });
          version = r!.version;
        }
      } catch (err) {
        this.#world.abortMove(c, x, y);
        throw err;
      }
      this.#world.commitMove(c, x, y);
      c.seq++;
      c.version = version;
      if (region !== oldRegion) {
        await this.#store
          .write(oldRegion, [{ remove: { table: T.city, member: playerId } }])
          .catch((err: unknown) =>
            this.#log.warn(
              { err, playerId },
              'old city record not removed (the next start does it)',
            ),
          );
      }
      this.#publish({
        timeMs: this.#clock.now(),
        type: 'city_moved',
        city: cityMsg(c),
        previousCity: before,
        tiles: [oldTiles, tilesOf(c)],
        paths: [],
      });
      return c;
    });
  }

  async remove(playerId: number): Promise<boolean> {
    return this.#locks.with([`p:${playerId}`], async () => {
      const c = this.#world.cities.get(playerId);
      if (!c) return false;
      this.#busy(c);
      await this.#store.write(c.region, [{ remove: { table: T.city, member: playerId } }]);
      this.#world.removeCity(c);
      this.#publish({
        timeMs: this.#clock.now(),
        type: 'city_removed',
        city: cityMsg(c),
        tiles: [tilesOf(c)],
        paths: [],
      });
      return true;
    });
  }
}

const tilesOf = (c: { x: number; y: number }) => ({ x: c.x, y: c.y, width: 2, height: 2 });

/**
 * A placed city whose write failed (PlaceCity's, or its batch's in PlaceCities) leaves the map.
 * It was on the map while the write was out, so a snapshot taken then showed it: a city_removed
 * tells that client to drop it (a client that never saw it drops nothing).
 */
export function withdrawPlacement(
  o: { world: World; publish: Publish; clock: Clock },
  c: City,
): void {
  o.world.removeCity(c);
  o.publish({
    timeMs: o.clock.now(),
    type: 'city_removed',
    city: cityMsg(c),
    tiles: [tilesOf(c)],
    paths: [],
  });
}
