// March ids: unique in the world, handed out from blocks reserved with one IncrByV2 of the
// world record (a restart skips the rest of a block; ids need not be dense).

import { T } from '../store/records.ts';
import type { MapStore } from '../store/store.ts';

export class IdBlocks {
  readonly #store: MapStore;
  readonly #worldId: number;
  readonly #block: number;
  #next = 0;
  #end = 0;
  #refill: Promise<void> | undefined;

  constructor(store: MapStore, worldId: number, block = 1000) {
    this.#store = store;
    this.#worldId = worldId;
    this.#block = block;
  }

  async next(): Promise<number> {
    while (this.#next >= this.#end) {
      this.#refill ??= this.#reserve().finally(() => {
        this.#refill = undefined;
      });
      await this.#refill;
    }
    return this.#next++;
  }

  async #reserve(): Promise<void> {
    const [r] = await this.#store.write(this.#worldId, [
      { incr: { table: T.world, member: 0, field: 'next_id', delta: this.#block } },
    ]);
    const last = r!.value!;
    this.#next = last - this.#block + 1;
    this.#end = last + 1;
  }
}
