// @slg/service-kit/prng: the one seeded randomness of the project, shared by battle-server
// (battles), map-server (world generation) and bench (workloads). Integer arithmetic only
// (`Math.imul`, shifts, and products kept below 2^53), so one seed gives one stream on every
// platform and Node version. No dependencies: importing it loads nothing else of the kit.
//
// The generator is sfc32 (Chris Doty-Humphrey) seeded through splitmix32, exactly as
// battle-server has always drawn it: battles are recomputed from stored seeds (reports, the
// golden hashes, the PHP peer), so neither the seeding nor `below` may change.

export interface Rng {
  /** Next value, a uint32. */
  next(): number;
  /**
   * Integer in [0, n) for 0 < n <= 65536, by multiply-shift of the top 16 bits. Above 65536
   * the product wraps at 32 bits (the result stays below 65536): kept as is because stored
   * battles drew with it; `int` is the one for larger ranges.
   */
  below(n: number): number;
  /** Uniform integer in [0, n) for 0 < n <= 2^32, from all 32 bits (exact multiply-high). */
  int(n: number): number;
}

function splitmix32(state: number): number {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The generator of `seed` (taken modulo 2^32). */
export function createRng(seed: number): Rng {
  let a = splitmix32(seed | 0);
  let b = splitmix32(a ^ 0x6a09e667);
  let c = splitmix32(b ^ 0xbb67ae85);
  let d = 1;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: the first outputs of sfc32 are correlated with the seed.
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    below(n: number): number {
      return ((next() >>> 16) * n) >>> 16;
    },
    int(n: number): number {
      // floor(x * n / 2^32) with x split at 16 bits: each partial product stays below 2^48,
      // so every step is exact in a double.
      const x = next();
      const high = (x >>> 16) * n;
      const low = (x & 0xffff) * n;
      return Math.floor((high + Math.floor(low / 65536)) / 65536);
    },
  };
}

/**
 * A well-mixed uint32 of the given integers (each taken modulo 2^32, plus its high part): the
 * seed of one thing derived from several (a region of a world, a march's battle, a stream of
 * a run).
 */
export function hash32(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    const lo = v >>> 0;
    const hi = Math.floor(v / 4294967296) >>> 0;
    h = Math.imul(h ^ lo, 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13) ^ hi, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}
