// A view larger than map-server's largest viewport: cut into squares that cover it exactly once,
// and the answers merged with each entity once.
import t from 'tap';
import { mergeViewports, tiles } from '../src/watch.ts';

t.test('tiles cover the rectangle exactly once', async (t) => {
  t.same(tiles({ x: 5, y: 7, width: 30, height: 20 }, 100), [
    { x: 5, y: 7, width: 30, height: 20 },
  ]);
  const r = { x: 10, y: 20, width: 250, height: 130 };
  const parts = tiles(r, 100);
  t.equal(parts.length, 6, '3 x 2 squares');
  t.ok(parts.every((p) => p.width <= 100 && p.height <= 100 && p.width > 0 && p.height > 0));
  const covered = new Map<string, number>();
  for (const p of parts)
    for (let y = p.y; y < p.y + p.height; y++)
      for (let x = p.x; x < p.x + p.width; x++)
        covered.set(`${x},${y}`, (covered.get(`${x},${y}`) ?? 0) + 1);
  t.equal(covered.size, r.width * r.height, 'every tile');
  t.ok(
    [...covered.values()].every((n) => n === 1),
    'once',
  );
});

t.test('merged answers: an entity on two squares once, the latest clock', async (t) => {
  const city = { id: 7, x: 99, y: 5, level: 1, reinforcements: 0 };
  const merged = mergeViewports([
    { cities: [city], fields: [], monsters: [], marches: [], nowMs: 10 },
    {
      cities: [city, { ...city, id: 8, x: 150 }],
      fields: [{ id: 1, resource: 'food', level: 1, x: 120, y: 3, remaining: 5, occupiedBy: 0 }],
      monsters: [],
      marches: [],
      nowMs: 12,
    },
  ]);
  t.same(
    merged.cities.map((c) => c.id),
    [7, 8],
  );
  t.equal(merged.fields.length, 1);
  t.equal(merged.nowMs, 12);
});
