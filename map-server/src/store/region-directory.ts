// Which regions hold stored records: a collection of the world (`map_region`, owner the world
// id, member the region's owner id), so that a start reads the four region tables of those
// regions only, not of every region of the map. A new world has none (its fields and monsters
// are generated from the seed): its start is two calls, not 4 x 144 CFetchV2. Those 576 calls,
// answered empty, were what kept data-server and db-proxy (and map-server) over 80 MB RSS
// idle after `npm start`: freed memory glibc's malloc keeps after the start-up traffic
// (docs/results.md, idle memory).
//
// The rule that keeps it exact: a region is marked before the first write that may create a
// record in it (any op but a remove), and a mark is never removed. A crash after the mark and
// before the write leaves a mark with nothing behind it: the start reads that region's tables
// and finds them empty, nothing more. A world stored before the directory existed has no
// `complete` entry (member DIRECTORY_COMPLETE): its start reads every region once, marks the
// regions it found records in, then writes the entry.
import { AlreadyExistsError } from '@slg/service-kit';
import { T } from './records.ts';
import type { MapStore, Op, OpResult, StoredRecord } from './store.ts';

/** The member that says the directory lists every region with records (no region has it). */
export function directoryComplete(worldId: number): number {
  return worldId * 2 ** 20;
}

export interface RegionSpace {
  readonly worldId: number;
  readonly regionCount: number;
  regionId(index: number): number;
}

/** The map's store with every write to a region preceded, once, by the region's mark. */
export class RegionDirectoryStore implements MapStore {
  readonly #store: MapStore;
  readonly #world: RegionSpace;
  readonly #first: number;
  /** Regions known to be marked (read at start, or marked since). */
  readonly #marked = new Set<number>();
  /** Marks in flight: the writes of a region wait for the one mark. */
  readonly #marking = new Map<number, Promise<void>>();
  /** Marks written since start (tests and the load log read it). */
  marksWritten = 0;

  constructor(store: MapStore, world: RegionSpace) {
    this.#store = store;
    this.#world = world;
    this.#first = world.regionId(0);
  }

  get inner(): MapStore {
    return this.#store;
  }

  #isRegion(owner: number): boolean {
    return owner >= this.#first && owner < this.#first + this.#world.regionCount;
  }

  /**
   * The regions to read at start: the marked ones, or null when the directory is not complete
   * (a world stored before it: read every region, then `complete` them).
   */
  async read(): Promise<number[] | null> {
    const entries = await this.#store.list(T.region, this.#world.worldId);
    let complete = false;
    const regions: number[] = [];
    for (const e of entries) {
      if (e.member === directoryComplete(this.#world.worldId)) complete = true;
      else if (this.#isRegion(e.member)) {
        regions.push(e.member);
        this.#marked.add(e.member);
      }
    }
    return complete ? regions : null;
  }

  /** Marks `regions` (those a full read found records in), then says the directory is complete. */
  async complete(regions: number[]): Promise<void> {
    for (const r of regions) await this.#mark(r);
    await this.#create(directoryComplete(this.#world.worldId));
  }

  /** The ops that write a new world's directory: complete, no region (with its world record). */
  static newWorldOps(worldId: number): Op[] {
    return [{ create: { table: T.region, member: directoryComplete(worldId), fields: {} } }];
  }

  async #create(member: number): Promise<void> {
    try {
      await this.#store.write(this.#world.worldId, [
        { create: { table: T.region, member, fields: {} } },
      ]);
      this.marksWritten++;
    } catch (err) {
      if (!(err instanceof AlreadyExistsError)) throw err;
    }
  }

  #mark(region: number): Promise<void> {
    if (this.#marked.has(region)) return Promise.resolve();
    let p = this.#marking.get(region);
    if (!p) {
      p = this.#create(region).then(
        () => {
          this.#marked.add(region);
          this.#marking.delete(region);
        },
        (err: unknown) => {
          this.#marking.delete(region);
          throw err;
        },
      );
      this.#marking.set(region, p);
    }
    return p;
  }

  fetch(table: string, owner: number, member?: number): Promise<StoredRecord | null> {
    return this.#store.fetch(table, owner, member);
  }

  list(table: string, owner: number): Promise<StoredRecord[]> {
    return this.#store.list(table, owner);
  }

  async write(owner: number, ops: Op[]): Promise<OpResult[]> {
    if (this.#isRegion(owner) && !this.#marked.has(owner) && ops.some((op) => !('remove' in op))) {
      await this.#mark(owner);
    }
    return this.#store.write(owner, ops);
  }

  close(): void {
    this.#store.close();
  }
}
