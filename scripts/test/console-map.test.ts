// The web console in a real browser (Debian's chromium, headless), on the stack `npm start`
// runs (the bundles of `npm run build`, embedded SQLite and cache), with a small seeded world:
// the page loads with no console error; the cities, fields and monsters drawn are GetWorld's
// counts (the whole 64 x 64 world is in view, asked as four squares); the map matches the committed picture; a march
// started through the gRPC API appears and moves; a pan asks one viewport query and draws its
// answer; the stack panel shows the load's rates; bad input gets a sentence in the page.
//   UPDATE_EXPECTED=1 ... rewrites the expected picture (after a deliberate change of the map).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import t from 'tap';
import { startScriptStack } from './helpers/bundles.ts';
import {
  launchChromium,
  mapFigure,
  pageErrors,
  seedCities,
  TROOP,
} from './helpers/console-page.ts';

const expectedPng = join(import.meta.dirname, 'console', 'expected-map.png');
/** Pixels of the map's picture allowed to differ (anti-aliasing of chromium versions). */
const MAX_DIFF = 0.01;

const WORLD = {
  MAPSERVER_WIDTH: '64',
  MAPSERVER_HEIGHT: '64',
  MAPSERVER_SEED: '7',
  MAPSERVER_REGION_SIZE: '32',
  MAPSERVER_FIELDS: '40',
  MAPSERVER_MONSTERS: '12',
  // A march of 20 tiles takes 20 s at infantry's pace: long enough to be seen moving.
  MAPSERVER_SPEED: '60',
  // The console asks map-server for squares of 32 tiles at most: the 64 x 64 view is four
  // viewport queries and four streams, merged.
  CONSOLE_MAX_VIEWPORT: '32',
};
// Conditions evaluated in the page (strings: this file is type-checked without the DOM).
const STREAM_OPEN = "document.getElementById('map').dataset.stream === 'open'";
const rectIsNot = (r: string | null) =>
  `document.getElementById('map').dataset.rect !== ${JSON.stringify(r)}`;
const marchAt = (id: number) => `consoleMap.marchAt(${id})`;

const PLAYERS = Array.from({ length: 12 }, (_, i) => 501 + i);
const POINTS = PLAYERS.map((_, i) => ({ x: 6 + (i % 4) * 16, y: 8 + Math.floor(i / 4) * 20 }));

const browser = await launchChromium({ colorScheme: 'light', width: 1100, height: 900 });

t.test(
  'the console shows the map and the stack, in chromium',
  { skip: 'skip' in browser ? browser.skip : false },
  async (t) => {
    if ('skip' in browser) return;
    const open = browser;
    t.teardown(() => open.close());
    const dir = mkdtempSync(join(tmpdir(), 'slg-console-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const { stack, ports } = await startScriptStack(
      { ...WORLD, DBPROXY_DATA_DIR: dir, BATTLE_PROCESSES: '1' },
      { timeoutMs: 50_000, withoutNodeOptions: true },
    );
    t.teardown(() => stack.stop('SIGINT', 15_000));
    const mapAddr = `127.0.0.1:${ports.MAPSERVER_PORT}`;
    await seedCities({ data: `127.0.0.1:${ports.DATASERVER_PORT}`, map: mapAddr }, PLAYERS, POINTS);
    const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, mapAddr);
    t.teardown(() => map.close());
    const world = await map.GetWorld({});
    t.equal(Number(world.cities), PLAYERS.length, 'the world has the seeded cities');

    const page = await open.context.newPage();
    const errors = pageErrors(page);
    const base = `http://127.0.0.1:${ports.CONSOLE_PORT}`;
    await page.goto(`${base}/?x=32&y=32`);
    await page.waitForFunction(STREAM_OPEN, null, { timeout: 0 });

    await t.test('the whole world in view: what is drawn is what GetWorld counts', async (t) => {
      t.equal(await page.locator('#map').getAttribute('data-rect'), '0,0,64,64');
      await page.waitForFunction("Number(document.getElementById('map').dataset.cities) > 0");
      t.equal(await mapFigure(page, 'cities'), Number(world.cities), 'cities');
      t.equal(await mapFigure(page, 'fields'), Number(world.fields), 'fields');
      t.equal(await mapFigure(page, 'monsters'), Number(world.monsters), 'monsters');
      t.equal(await mapFigure(page, 'marches'), 0, 'no march yet');
      t.match(await page.locator('#world').textContent(), /64 x 64 tiles, seed 7/);
    });

    await t.test('the map is the expected picture', async (t) => {
      const shot = PNG.sync.read(await page.locator('#map').screenshot());
      if (process.env.UPDATE_EXPECTED === '1') writeFileSync(expectedPng, PNG.sync.write(shot));
      const expected = PNG.sync.read(readFileSync(expectedPng));
      t.same([shot.width, shot.height], [expected.width, expected.height], 'the same size');
      if (shot.width !== expected.width || shot.height !== expected.height) return;
      const diff = new PNG({ width: shot.width, height: shot.height });
      const differing = pixelmatch(shot.data, expected.data, diff.data, shot.width, shot.height, {
        threshold: 0.1,
      });
      const share = differing / (shot.width * shot.height);
      if (share > MAX_DIFF) {
        writeFileSync(join(dir, 'map-actual.png'), PNG.sync.write(shot));
        writeFileSync(join(dir, 'map-diff.png'), PNG.sync.write(diff));
      }
      t.ok(share <= MAX_DIFF, `${differing} pixels differ (${(share * 100).toFixed(2)}%)`);
    });

    await t.test("a click on a city shows its record and its player's", async (t) => {
      const city = await map.GetCity({ playerId: PLAYERS[1]! });
      // The whole world in view at 8 pixels a tile, from tile (0, 0): the city's centre.
      await page
        .locator('#map')
        .click({ position: { x: (city.x! + 1) * 8, y: (city.y! + 1) * 8 } });
      await page.waitForFunction(
        `document.getElementById('details').textContent.includes('player record (data-server)')`,
      );
      const text = await page.locator('#details').textContent();
      t.match(text, `city of player ${PLAYERS[1]}`);
      t.match(text, `console-${PLAYERS[1]}`, "the player's name, from data-server");
      t.match(text, 'marches out: 0');
    });

    await t.test('a march started through the gRPC API appears and moves', async (t) => {
      const player = PLAYERS[0]!;
      const home = await map.GetCity({ playerId: player });
      // A field at least 12 tiles away: a march long enough to be seen between two frames.
      const view = await map.QueryViewport({ x: 0, y: 0, width: 64, height: 64 });
      const field = view.fields.find(
        (f) => Math.hypot(f.x! - home.x!, f.y! - home.y!) >= 12 && Number(f.occupiedBy) === 0,
      )!;
      t.ok(field, 'a field to gather from');
      const march = await map.StartMarch({
        playerId: player,
        kind: 'gather',
        targetX: field.x,
        targetY: field.y,
        troops: [{ troopId: TROOP.troopId, count: 100 }],
      });
      const id = Number(march.id);
      await page.waitForFunction(
        `${marchAt(id)} !== null && document.getElementById('map').dataset.marches === '1'`,
      );
      const where = async () => (await page.evaluate(marchAt(id))) as [number, number];
      const first = await where();
      t.ok(
        Math.hypot(first[0] - (home.x! + 1), first[1] - (home.y! + 1)) < 12,
        'drawn near its city at first',
      );
      await page.waitForFunction(
        `Math.hypot(${marchAt(id)}[0] - ${first[0]}, ${marchAt(id)}[1] - ${first[1]}) > 0.5`,
      );
      const later = await where();
      const toField = (p: [number, number]) =>
        Math.hypot(p[0] - (field.x! + 0.5), p[1] - (field.y! + 0.5));
      t.ok(
        toField(later) < toField(first),
        `it moved toward its field (${toField(first).toFixed(1)} -> ${toField(later).toFixed(1)} tiles)`,
      );
    });

    await t.test('a pan asks one viewport query and draws its answer', async (t) => {
      await page.locator('#zoom-in').click();
      await page.locator('#zoom-in').click();
      await page.locator('#zoom-in').click();
      await page.waitForFunction(rectIsNot('0,0,64,64'));
      await page.waitForFunction(STREAM_OPEN);
      const before = await mapFigure(page, 'queries');
      const rectBefore = await page.locator('#map').getAttribute('data-rect');
      // Both presses in one task of the page: the pan's query waits 120 ms for more input, and
      // two presses sent one by one can land further apart than that on a busy machine.
      await page.evaluate(
        `for (const key of ['ArrowRight', 'ArrowDown'])
          document.getElementById('map').dispatchEvent(
            new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))`,
      );
      await page.waitForFunction(rectIsNot(rectBefore));
      await page.waitForFunction(STREAM_OPEN);
      t.equal(await mapFigure(page, 'queries'), before + 1, 'one query for the two key presses');
      const [x, y, width, height] = (await page.locator('#map').getAttribute('data-rect'))!
        .split(',')
        .map(Number) as [number, number, number, number];
      t.ok(x > 0 && y > 0, `moved right and down (${rectBefore} -> ${x},${y},${width},${height})`);
      const answer = await map.QueryViewport({ x, y, width, height });
      const inside = (cx: number, cy: number, size: number) =>
        cx < x + width && cx + size > x && cy < y + height && cy + size > y;
      t.equal(
        await mapFigure(page, 'cities'),
        answer.cities.filter((c) => inside(c.x!, c.y!, 2)).length,
        'the cities of the new rectangle',
      );
      t.equal(
        await mapFigure(page, 'fields'),
        answer.fields.filter((f) => inside(f.x!, f.y!, 1)).length,
        'its fields',
      );
      await page.locator('#zoom-out').click();
      await page.locator('#zoom-out').click();
      await page.locator('#zoom-out').click();
    });

    await t.test('the stack panel shows the rates of a load', async (t) => {
      // The panel's rate is map-server's answers in its last interval, whoever asked: the
      // page's own calls can lift it past 5/s before the load has begun. So the wait for the
      // panel starts once the load has been answered a few times.
      let stop = false;
      let sent = 0;
      let underway!: () => void;
      const loadAnswered = new Promise<void>((resolve) => {
        underway = resolve;
      });
      const load = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (!stop) {
            await map.QueryViewport({ x: 0, y: 0, width: 32, height: 32 });
            if (++sent === 8) underway();
          }
        }),
      );
      let shown = 0;
      try {
        await loadAnswered;
        await page.waitForFunction(
          `Number(document.querySelector('[data-service="map-server"]')?.dataset.rps ?? 0) > 5`,
          null,
          { timeout: 0 },
        );
        shown = Number(await page.locator('[data-service="map-server"]').getAttribute('data-rps'));
      } finally {
        stop = true;
        await load;
      }
      t.ok(shown > 5, `map-server's panel shows ${shown} requests/s under ${sent} queries`);
      const cards = (await page.evaluate(
        `[...document.querySelectorAll('#stack .service')].map((e) => ({
        name: e.dataset.service, slowest: e.classList.contains('slowest'), text: e.textContent }))`,
      )) as { name: string; slowest: boolean; text: string }[];
      t.same(
        cards.map((c) => c.name),
        ['db-proxy', 'data-server', 'battle-server', 'map-server'],
        'a panel per service',
      );
      t.equal(cards.filter((c) => c.slowest).length, 1, 'one service marked slowest');
      const mapCard = cards.find((c) => c.name === 'map-server')!;
      for (const label of [
        'requests/s',
        'errors/s',
        'p50 / p99',
        'CPU',
        'RSS',
        'GC pauses',
        'event-loop p99',
      ])
        t.match(mapCard.text, label, `map-server's panel shows ${label}`);
    });

    t.same(errors, [], 'no console error, no page error: loaded, a march, a pan, the panels');
    const loadErrors = errors.length;

    await t.test('bad input: a sentence in the page, and the page goes on', async (t) => {
      await page.locator('#find-player').fill('999999');
      await page.locator('#find button').click();
      await page.waitForFunction(
        `document.querySelector('#status [data-source="find"]')?.textContent.includes('999999')`,
      );
      t.match(
        await page.locator('#status [data-source="find"]').textContent(),
        'find player: player 999999 has no city on this map',
      );
      await page.locator('#goto-x').fill('100000000');
      await page.locator('#goto-y').fill('5');
      await page.locator('#goto button').click();
      await page.waitForFunction(
        `document.querySelector('#status [data-source="map"]')?.textContent.includes('world')`,
      );
      t.match(
        await page.locator('#status [data-source="map"]').textContent(),
        /the map was not moved: .*not inside the 64 x 64 world/,
      );
      // The API's own answers, as a client other than the page gets them.
      const get = async (path: string) => {
        const res = await fetch(`${base}${path}`);
        return {
          status: res.status,
          body: (await res.json()) as { error: string; message: string },
        };
      };
      t.same(await get('/api/city/abc'), {
        status: 400,
        body: {
          error: 'INVALID_ARGUMENT',
          message: 'player id must be an integer from 1 to 2^53-1, got "abc"',
        },
      });
      const huge = await get('/api/viewport?x=0&y=0&w=5000&h=5000');
      t.equal(huge.status, 400);
      t.match(huge.body.message, 'each side must be 1 to 300');
      const report = await get('/api/report/501/77');
      t.same(report, {
        status: 404,
        body: { error: 'NOT_FOUND', message: 'player 501 has no report 77' },
      });
      // Still drawing, still live.
      const frames = await mapFigure(page, 'events');
      t.ok(frames > 0, 'events applied');
      t.equal(await page.locator('#map').getAttribute('data-stream'), 'open', 'the stream is open');
      t.equal(
        await mapFigure(page, 'cities'),
        Number((await map.GetWorld({})).cities),
        'the whole world is drawn again',
      );
    });

    // The browser reports each refused request (4xx) of the page itself as a console error: the
    // two of the bad input above, and nothing else.
    t.same(
      errors.slice(loadErrors),
      [
        'console.error: Failed to load resource: the server responded with a status of 404 (Not Found)',
        'console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ],
      'after the bad input: only its two refused requests',
    );
  },
);
