// The shared seeded generator: its first outputs for a seed are pinned (battles are recomputed
// from stored seeds, and map-server's world and bench's workloads are drawn from it), `int` is
// the exact floor(x * n / 2^32), and hash32 is pinned too (terrain and battle seeds).
import t from 'tap';
import { createRng, hash32 } from '../src/prng.ts';

t.test('the first outputs of seed 1 are pinned', async (t) => {
  const r = createRng(1);
  t.same(
    Array.from({ length: 4 }, () => r.next()),
    [1235322124, 80454549, 756047286, 620198036],
  );
  const s = createRng(1);
  t.same([s.below(6), s.below(65536), s.int(2 ** 32), s.int(1000)], [1, 1227, 756047286, 144]);
  // The seed is taken modulo 2^32.
  t.equal(createRng(2 ** 32 + 1).next(), 1235322124);
});

t.test('int(n) is floor(x * n / 2^32) exactly, up to n = 2^32', async (t) => {
  const wrong: string[] = [];
  for (const n of [1, 2, 3, 1000, 65537, 10_000_000, 2 ** 31 + 11, 2 ** 32 - 1, 2 ** 32]) {
    const r = createRng(n);
    const twin = createRng(n);
    for (let i = 0; i < 2000; i++) {
      const want = Number((BigInt(twin.next()) * BigInt(n)) >> 32n);
      const got = r.int(n);
      if (got !== want) wrong.push(`int(${n}) gave ${got}, want ${want}`);
    }
  }
  t.same(wrong, [], 'every draw is the exact product');
});

t.test('hash32 is pinned, and its high part counts', async (t) => {
  t.equal(hash32(1, 2, 3), 2547819630);
  t.equal(hash32(2 ** 40), 370282836);
  t.not(hash32(2 ** 40), hash32(0));
});
