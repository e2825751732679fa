// Seeded randomness: a 32-bit integer hash of several integers (terrain, respawn spots, battle
// seeds) and a small PRNG (sfc32 seeded by splitmix32) for generation. Integer ops only, so the
// same seed gives the same world on every platform.

/** A well-mixed uint32 of the given integers (each taken modulo 2^32, plus its high part). */
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

export interface Rng {
  /** uint32 */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return { next, below: (n) => Math.floor((next() / 4294967296) * n) };
}
