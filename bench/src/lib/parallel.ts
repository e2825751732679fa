// Work over many items with a bound on how much runs at once: seeding players, verifying
// records, starting marches. Each lane takes the next item when its last one is done.

/** Calls `fn` for every item (with its index), at most `lanes` at a time, started in order. */
export async function inParallel<T>(
  items: readonly T[],
  lanes: number,
  fn: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** `fn(0)` .. `fn(n - 1)`, at most `lanes` at a time, started in order. */
export function forEachIndex(
  n: number,
  lanes: number,
  fn: (index: number) => Promise<unknown>,
): Promise<void> {
  return inParallel(
    Array.from({ length: n }, (_, i) => i),
    lanes,
    fn,
  );
}
