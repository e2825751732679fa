// A workload whose prepare() keeps allocating and holding memory: what a load worker does when
// its live data outgrows the pool's heap bound (heap-bound.test.ts).
import type { Workload } from '../../src/lib/workload.ts';

export async function createWorkload(): Promise<Workload> {
  const held: number[][] = [];
  return {
    async prepare() {
      for (;;) {
        held.push(Array.from({ length: 100_000 }, (_, i) => i + 0.5));
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async step() {
      return false;
    },
    async results() {
      return { ops: [], extra: { held: held.length } };
    },
    async close() {},
  };
}
