// bench's randomness: the project's one seeded generator (@slg/service-kit/prng), with
// independent streams derived from one seed: the same (seed, stream, index) always gives the
// same sequence, on any machine and any Node version.

import { createRng, type Rng as Generator, hash32 } from '@slg/service-kit/prng';
import { ownBuffer } from './own-bytes.ts';

/** A 32-bit hash of a string (FNV-1a), to name streams ("client", "player"...). */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  readonly #g: Generator;

  /** `seed` is the run's seed; `stream` and `index` name one independent sequence of it. */
  constructor(seed: number, stream = '', index = 0) {
    // Through the hash rather than xor, so streams 0, 1, 2... of a name are unrelated.
    this.#g = createRng(hash32(seed, hashString(stream), index));
  }

  /** The next unsigned 32-bit integer. */
  next(): number {
    return this.#g.next();
  }

  /** A float in [0, 1) with 32 bits of randomness. */
  float(): number {
    return this.#g.next() / 4294967296;
  }

  /** An integer in [0, n) (n up to 2^32). */
  int(n: number): number {
    return this.#g.int(n);
  }

  /** An integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** A uniformly random 64-bit unsigned integer in [0, 2^bits). */
  bigBits(bits: number): bigint {
    let v = 0n;
    for (let got = 0; got < bits; got += 32) v = (v << 32n) | BigInt(this.next());
    return v & ((1n << BigInt(bits)) - 1n);
  }

  /** `n` random bytes, in memory of their own (the model keeps them: own-bytes.ts). */
  bytes(n: number): Buffer {
    const b = ownBuffer(n);
    for (let i = 0; i < n; i++) b[i] = this.next() & 0xff;
    return b;
  }
}

/** Weighted choice over a fixed set of names: cumulative table built once. */
export class WeightedChoice<T extends string> {
  readonly names: readonly T[];
  readonly #cumulative: number[];
  readonly #total: number;

  constructor(weights: ReadonlyMap<T, number>) {
    const names: T[] = [];
    const cumulative: number[] = [];
    let total = 0;
    for (const [name, w] of weights) {
      if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`weight of ${name} must be >= 0`);
      if (w === 0) continue;
      total += w;
      names.push(name);
      cumulative.push(total);
    }
    if (total <= 0) throw new RangeError('at least one weight must be > 0');
    this.names = names;
    this.#cumulative = cumulative;
    this.#total = total;
  }

  pick(rng: Rng): T {
    const x = rng.float() * this.#total;
    const c = this.#cumulative;
    for (let i = 0; i < c.length; i++) if (x < c[i]!) return this.names[i]!;
    return this.names[this.names.length - 1]!;
  }
}
