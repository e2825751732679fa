// Terrain that blocks placement (mountains, lakes): value noise from the world seed, computed on
// demand for any tile, so it takes no memory and is the same after every restart.
import { hash32 } from '@slg/service-kit/prng';

const CELL = 24;
/** Noise values at or above this (of 2^32) block a tile: about 9% of the map. */
const THRESHOLD = 0.73;

export class Terrain {
  readonly #seed: number;

  constructor(seed: number) {
    this.#seed = seed;
  }

  #lattice(cx: number, cy: number): number {
    return hash32(this.#seed, cx, cy, 0x7e44) / 4294967296;
  }

  /** Noise in [0, 1): two octaves of bilinear value noise. */
  noise(x: number, y: number): number {
    let sum = 0;
    let weight = 0;
    for (const [cell, w] of [
      [CELL, 0.7],
      [CELL / 3, 0.3],
    ] as const) {
      const fx = x / cell;
      const fy = y / cell;
      const cx = Math.floor(fx);
      const cy = Math.floor(fy);
      const tx = fx - cx;
      const ty = fy - cy;
      const a = this.#lattice(cx, cy + (cell === CELL ? 0 : 1e6));
      const b = this.#lattice(cx + 1, cy + (cell === CELL ? 0 : 1e6));
      const c = this.#lattice(cx, cy + 1 + (cell === CELL ? 0 : 1e6));
      const d = this.#lattice(cx + 1, cy + 1 + (cell === CELL ? 0 : 1e6));
      const top = a + (b - a) * tx;
      const bottom = c + (d - c) * tx;
      sum += (top + (bottom - top) * ty) * w;
      weight += w;
    }
    return sum / weight;
  }

  blocked(x: number, y: number): boolean {
    return this.noise(x, y) >= THRESHOLD;
  }
}
