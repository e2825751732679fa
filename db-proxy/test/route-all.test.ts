// routeAll: the routes of a group commit's batches. A slot being moved unfreezes only once the
// writes in flight on the old map have ended, so a group must not hold one route while it
// waits for another: with a router that behaves so, routeAll gets every route, and holds none
// while it waits.
import t from 'tap';
import type { Backend } from '../src/backends/types.ts';
import { type Route, type Router, routeAll } from '../src/slot-map.ts';

/** Shard 2 is frozen until no route is held (the mover waits for in-flight writes to drain). */
function movingRouter() {
  let held = 0;
  let waits = 0;
  let frozen = true;
  const wakers: (() => void)[] = [];
  const route = (shard: bigint): Route => {
    held++;
    let done = false;
    return {
      backend: { name: `b${shard}` } as unknown as Backend,
      deadline: Number.MAX_SAFE_INTEGER,
      release: () => {
        if (done) return;
        done = true;
        held--;
        // The move goes on once nothing is in flight, and unfreezes the slot.
        if (held === 0 && frozen && wakers.length > 0) {
          frozen = false;
          for (const w of wakers.splice(0)) w();
        }
      },
    };
  };
  const router: Router = {
    route(shard) {
      if (shard === 2n && frozen) {
        waits++;
        return new Promise<Route>((resolve) => {
          wakers.push(() => resolve(route(shard)));
          // Nothing held: the move can go on at once.
          if (held === 0) {
            frozen = false;
            for (const w of wakers.splice(0)) w();
          }
        });
      }
      return route(shard);
    },
    fresh: () => true,
    close: () => Promise.resolve(),
  };
  return { router, stats: () => ({ held, waits }) };
}

t.test('a frozen slot among others: every route, none held while waiting', async (t) => {
  const { router, stats } = movingRouter();
  const routes = await routeAll(router, [1n, 3n, 2n, 4n], Date.now() + 60_000);
  t.same(
    routes.map((r) => (r.backend as unknown as { name: string }).name),
    ['b1', 'b3', 'b2', 'b4'],
    'one route per shard, in order',
  );
  t.equal(stats().held, 4, 'all four held now');
  t.equal(stats().waits, 1, 'waited once for the frozen slot');
  for (const r of routes) r.release();
  t.equal(stats().held, 0, 'and all released');
});

t.test('a route that throws releases the ones taken', async (t) => {
  let held = 0;
  const router: Router = {
    route(shard) {
      if (shard === 9n) throw new Error('stale map');
      held++;
      return {
        backend: {} as Backend,
        deadline: 0,
        release: () => {
          held--;
        },
      };
    },
    fresh: () => true,
    close: () => Promise.resolve(),
  };
  await t.rejects(routeAll(router, [1n, 2n, 9n], 0), /stale map/);
  t.equal(held, 0, 'nothing left held');
});
