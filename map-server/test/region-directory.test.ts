// The region directory (src/store/region-directory.ts): a start reads the tables of the regions
// that hold records and of no other; a world stored before the directory is read whole once,
// then from its directory; a crash between a region's mark and its write costs nothing.
import t from 'tap';
import type { MapServer } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import { directoryComplete } from '../src/store/region-directory.ts';
import type { MapStore, Op, OpResult, StoredRecord } from '../src/store/store.ts';
import { buildApp, createRng, seedPlayers, smallConfig } from './helpers.ts';
import { MemoryStore } from './memory-store.ts';

/** Counts the collection reads of each table. */
class CountingStore implements MapStore {
  readonly lists = new Map<string, number>();
  readonly inner: MemoryStore;
  constructor(inner: MemoryStore) {
    this.inner = inner;
  }
  fetch(table: string, owner: number, member?: number): Promise<StoredRecord | null> {
    return this.inner.fetch(table, owner, member);
  }
  list(table: string, owner: number): Promise<StoredRecord[]> {
    this.lists.set(table, (this.lists.get(table) ?? 0) + 1);
    return this.inner.list(table, owner);
  }
  write(owner: number, ops: Op[]): Promise<OpResult[]> {
    return this.inner.write(owner, ops);
  }
  close(): void {}
}

const config = smallConfig(); // 160 x 160 in regions of 40: 16 regions
const REGIONS = 16;

async function start(store: MemoryStore): Promise<{ app: MapServer; counted: CountingStore }> {
  const counted = new CountingStore(store);
  const app = await buildApp(config, counted, new ManualClock());
  return { app, counted };
}

/** Every entity the world holds, as comparable text. */
function snapshot(app: MapServer): string[] {
  const w = app.world;
  return [
    ...[...w.cities.values()].map((c) => `city ${c.playerId} ${c.x},${c.y} r${c.region}`),
    ...[...w.fields.values()].map((f) => `field ${f.id} ${f.x},${f.y} ${f.remaining} g${f.gen}`),
    ...[...w.monsters.values()].map((m) => `monster ${m.id} ${m.x},${m.y} ${m.troops}`),
    ...[...w.marches.values()].map((m) => `march ${m.id} ${m.playerId} ${m.state}`),
  ].sort();
}

t.test('a new world is read from no region; a restart reads the regions written to', async (t) => {
  const store = new MemoryStore();
  const players = await seedPlayers(store, 6);
  const first = await start(store);
  t.equal(first.app.loaded.generated, true);
  t.equal(first.app.loaded.regionsRead, 0, 'a new world: no region read');
  t.equal(first.counted.lists.get('map_city') ?? 0, 0, 'no CFetchV2 of a region table');
  t.same(
    store.all('map_region').map((r) => r.member),
    [directoryComplete(config.worldId)],
    'its directory: complete, no region',
  );
  // Cities in two corners (two regions), and a march out of one of them.
  await first.app.cities.place(players[0]!, 5, 5);
  await first.app.cities.place(players[1]!, 150, 150);
  await first.app.engine.startMarch({
    playerId: players[0]!,
    kind: 'scout',
    targetX: 100,
    targetY: 20,
    troops: [{ troopId: 1, count: 1 }],
  });
  const before = snapshot(first.app);
  await first.app.close(100);

  const holding = new Set([
    ...store.all('map_city').map((r) => r.owner),
    ...store.all('map_field').map((r) => r.owner),
    ...store.all('map_monster').map((r) => r.owner),
    ...store.all('map_march_ref').map((r) => r.owner),
  ]);
  const marked = store
    .all('map_region')
    .map((r) => r.member)
    .filter((m) => m !== directoryComplete(config.worldId));
  t.ok(holding.size >= 2, `records in ${holding.size} regions`);
  t.same(
    marked.sort((a, b) => a - b),
    [...holding].sort((a, b) => a - b),
    'the regions marked are exactly those holding records',
  );

  const second = await start(store);
  t.teardown(() => second.app.close(100));
  t.equal(second.app.loaded.regionsRead, holding.size, 'the restart reads those regions only');
  t.equal(second.counted.lists.get('map_field'), holding.size, 'one CFetchV2 per table of each');
  t.same(snapshot(second.app), before, 'and rebuilds the same world');
});

t.test('a world stored before the directory: read whole once, then from it', async (t) => {
  const store = new MemoryStore();
  const players = await seedPlayers(store, 4);
  const first = await start(store);
  const rng = createRng(3);
  for (const p of players) await first.app.cities.place(p, rng.int(160), rng.int(160));
  const before = snapshot(first.app);
  await first.app.close(100);
  // As a world written before the directory existed: no map_region record at all.
  const regionsHeld = new Set(store.all('map_city').map((r) => r.owner)).size;
  for (const r of store.all('map_region')) store.data.get(`map_region/${r.owner}`)!.clear();

  const second = await start(store);
  t.equal(second.app.loaded.regionsRead, REGIONS, 'no directory: every region read');
  t.same(snapshot(second.app), before, 'the same world');
  await second.app.close(100);
  t.equal(
    store.all('map_region').length,
    regionsHeld + 1,
    'then the regions holding records marked, and the directory completed',
  );

  const third = await start(store);
  t.teardown(() => third.app.close(100));
  t.equal(third.app.loaded.regionsRead, regionsHeld, 'the next start reads those only');
  t.same(snapshot(third.app), before, 'the same world again');
});

t.test('a mark with nothing behind it (a crash after the mark) costs one empty read', async (t) => {
  const store = new MemoryStore();
  const players = await seedPlayers(store, 2);
  // The region's mark is written, the city's write fails: as a crash between the two.
  let failCity = true;
  const failing: MapStore = {
    fetch: (a, b, c) => store.fetch(a, b, c),
    list: (a, b) => store.list(a, b),
    write: (owner, ops) => {
      if (failCity && ops.some((op) => 'create' in op && op.create.table === 'map_city'))
        return Promise.reject(new Error('crash'));
      return store.write(owner, ops);
    },
    close: () => {},
  };
  const first = await buildApp(config, failing, new ManualClock());
  await t.rejects(first.cities.place(players[0]!, 5, 5));
  failCity = false;
  await first.close(100);
  t.equal(store.all('map_city').length, 0, 'no city stored');
  t.equal(store.all('map_region').length, 2, 'the region marked (and the directory entry)');
  const second = await start(store);
  t.teardown(() => second.app.close(100));
  t.equal(second.app.loaded.regionsRead, 1, 'the restart reads the marked region');
  t.equal(second.app.world.cities.size, 0, 'and finds it empty');
  await second.app.cities.place(players[0]!, 5, 5);
  t.equal(store.all('map_region').length, 2, 'a write there needs no second mark');
  t.equal(store.all('map_city').length, 1);
});
