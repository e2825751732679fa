// A small seeded PRNG with 32-bit integer operations only (sfc32 by Chris Doty-Humphrey, seeded
// through splitmix32), so the same seed gives the same stream on every platform.

export interface Rng {
  /** Next value, a uint32. */
  next(): number;
  /** Uniform integer in [0, n) for 0 < n <= 65536, by multiply-shift of the top 16 bits. */
  below(n: number): number;
}

function splitmix32(state: number): number {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

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
  };
}
