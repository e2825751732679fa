// A battle's report in the web console, in chromium, on the stack `npm start` runs (the bundles
// of `npm run build`): one player's march attacks another's city through the gRPC API; once the
// page has drawn the battle, a click on it leads to the attacker's report, and a click on the
// defender's city to the defender's. Each panel says what data-server holds (its sides, its
// winner, its losses), and its hash is what battle-server answers for the battle's input again.
// A report that does not exist, or an address that names none, is a sentence in the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
} from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import type { Page } from 'playwright-core';
import t from 'tap';
import { startScriptStack } from './helpers/bundles.ts';
import { launchChromium, pageErrors, seedCities, TROOP } from './helpers/console-page.ts';

const ATTACKER = 901;
const DEFENDER = 902;
const OTHER = 903;
const PLAYERS = [ATTACKER, DEFENDER, OTHER];
const POINTS = [
  { x: 10, y: 12 },
  { x: 22, y: 14 },
  { x: 50, y: 50 },
];
const STREAM_OPEN = "document.getElementById('map').dataset.stream === 'open'";
const DETAILS_LOADED = `!document.getElementById('details').textContent.includes('loading')`;

/** The summary of the report panel: its terms and their values. */
const reportPanel = (page: Page) =>
  page.evaluate(
    `Object.fromEntries([...document.querySelectorAll('#details dl.report dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]))`,
  ) as Promise<Record<string, string>>;

interface Row {
  start: number;
  dead: number;
  wounded: number;
}
interface Outcome {
  winner: string;
  rounds: number;
  attacker: number;
  defender: number;
  role: string;
  losses: { attacker: Row[]; defender: Row[] };
}
const side = (rows: Row[]) => {
  const sum = (k: keyof Row) => rows.reduce((s, r) => s + r[k], 0);
  return `${sum('start')} troops: ${sum('dead')} dead, ${sum('wounded')} wounded`;
};

// Skipped only where Debian's chromium is missing or does not start (the reason is
// launchChromium's); MariaDB, Redis and the bundles are never a reason: CI has them.
const browser = await launchChromium({ colorScheme: 'dark', width: 1100, height: 900 });

t.test(
  "a battle's report, clicked to in chromium",
  { skip: 'skip' in browser ? browser.skip : false },
  async (t) => {
    if ('skip' in browser) return;
    const open = browser;
    t.teardown(() => open.close());
    const dir = mkdtempSync(join(tmpdir(), 'slg-console-report-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const { stack, ports } = await startScriptStack(
      {
        DBPROXY_DATA_DIR: dir,
        BATTLE_PROCESSES: '1',
        MAPSERVER_WIDTH: '64',
        MAPSERVER_HEIGHT: '64',
        MAPSERVER_SEED: '11',
        MAPSERVER_REGION_SIZE: '32',
        MAPSERVER_FIELDS: '10',
        MAPSERVER_MONSTERS: '4',
        // Twelve tiles in about two seconds each way: the battle comes soon.
        MAPSERVER_SPEED: '360',
      },
      { timeoutMs: 50_000, withoutNodeOptions: true },
    );
    t.teardown(() => stack.stop('SIGINT', 15_000));
    const mapAddr = `127.0.0.1:${ports.MAPSERVER_PORT}`;
    const dataAddr = `127.0.0.1:${ports.DATASERVER_PORT}`;
    await seedCities({ data: dataAddr, map: mapAddr }, PLAYERS, POINTS);
    const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, mapAddr);
    const data = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, dataAddr);
    t.teardown(() => {
      map.close();
      data.close();
    });

    const page = await open.context.newPage();
    const errors = pageErrors(page);
    const base = `http://127.0.0.1:${ports.CONSOLE_PORT}`;
    // The whole world in view at 8 pixels a tile, from tile (0, 0).
    await page.goto(`${base}/?x=32&y=32&zoom=8`);
    await page.waitForFunction(STREAM_OPEN, null, { timeout: 0 });
    await page.waitForFunction(
      `document.getElementById('map').dataset.rect === '0,0,64,64' && document.getElementById('map').dataset.cities === '3'`,
    );
    const px = (tile: number) => tile * 8;

    const target = await map.GetCity({ playerId: DEFENDER });
    const march = await map.StartMarch({
      playerId: ATTACKER,
      kind: 'attack_city',
      targetX: target.x,
      targetY: target.y,
      troops: [{ troopId: TROOP.troopId, count: 3000 }],
    });
    const marchId = Number(march.id);
    // The page draws the battle when the march's arrival comes down its stream: map-server
    // publishes it after the report is written.
    await page.waitForFunction(`consoleMap.battles.some((b) => b.march === ${marchId})`, null, {
      timeout: 0,
    });

    // What data-server holds, read here on its own.
    const reportsOf = async (player: number) =>
      (await data.CFetchV2({ table: 'map_report', ownerId: player })).records.map((r) => {
        const f = r.fields ?? {};
        return {
          reportId: Number(r.memberId),
          kind: f.kind?.str,
          marchId: Number(f.march_id?.int ?? 0),
          input: f.input?.str ?? '',
          result: JSON.parse(f.result?.str ?? '{}') as Outcome,
          hash: f.hash?.str,
        };
      });
    const [mine] = (await reportsOf(ATTACKER)).filter((r) => r.marchId === marchId);
    const [theirs] = (await reportsOf(DEFENDER)).filter((r) => r.marchId === marchId);
    t.ok(mine && theirs, 'data-server holds a report for each side');
    if (!mine || !theirs) return;
    t.equal(mine.kind, 'battle');
    t.equal(mine.reportId, theirs.reportId, 'one report id, each in its player');
    // battle-server, asked again with the battle's input, answers the same fight.
    const again = (await (
      await fetch(`http://127.0.0.1:${ports.BATTLE_PORT}/v1/battles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: mine.input,
      })
    ).json()) as { winner: string; rounds: number; hash: string };
    t.same(
      [again.winner, again.rounds, again.hash],
      [mine.result.winner, mine.result.rounds, mine.hash],
      "battle-server's answer for the input is the report's outcome",
    );

    const expected = (r: typeof mine, role: string) => ({
      role,
      winner: r.result.winner,
      attacker: `player ${ATTACKER}`,
      defender: `player ${DEFENDER}`,
      rounds: String(r.result.rounds),
      'attacker troops': side(r.result.losses.attacker),
      'defender troops': side(r.result.losses.defender),
      march: String(marchId),
      hash: again.hash,
    });

    await t.test("the battle's ring -> its march -> the attacker's report", async (t) => {
      // The ring is drawn on the target tile for a while; the march (heading home from there)
      // or the battle is picked: each opens the march's details with its reports.
      await page
        .locator('#map')
        .click({ position: { x: px(target.x! + 0.5), y: px(target.y! + 0.5) } });
      await page.waitForFunction(
        `document.querySelector('#details button.report[data-report="${mine.reportId}"]') !== null`,
      );
      t.match(await page.locator('#details h3').first().textContent(), `march ${marchId}`);
      await page.locator(`#details button.report[data-report="${mine.reportId}"]`).click();
      await page.waitForFunction(`document.querySelector('#details dl.report') !== null`);
      t.equal(
        await page.locator('#details h3').first().textContent(),
        `battle report ${mine.reportId} of player ${ATTACKER}`,
      );
      t.has(await reportPanel(page), expected(mine, 'attacker'), 'what data-server holds');
      t.equal(new URL(page.url()).hash, `#report=${ATTACKER}/${mine.reportId}`, 'its address');
    });

    await t.test("the defender's city -> its reports -> the defender's report", async (t) => {
      // Its far tile: the near one is the battle's while its ring is drawn.
      await page
        .locator('#map')
        .click({ position: { x: px(target.x! + 1.5), y: px(target.y! + 1.5) } });
      await page.waitForFunction(
        `document.getElementById('details').textContent.includes('player record (data-server)')`,
      );
      t.match(await page.locator('#details').textContent(), `city of player ${DEFENDER}`);
      t.match(await page.locator('#details').textContent(), 'reports: 1');
      await page.locator(`#details button.report[data-report="${theirs.reportId}"]`).click();
      await page.waitForFunction(
        `document.querySelector('#details dl.report') !== null && ${DETAILS_LOADED}`,
      );
      t.equal(
        await page.locator('#details h3').first().textContent(),
        `battle report ${theirs.reportId} of player ${DEFENDER}`,
      );
      t.has(await reportPanel(page), expected(theirs, 'defender'), 'what data-server holds');
    });

    t.same(errors, [], 'no console error, no page error');

    await t.test(
      'a hidden page lets go of its stream, and takes it again when shown',
      async (t) => {
        // map-server's count of open Watch streams, waited on until it is `n`.
        const streamsAre = async (n: number) => {
          for (;;) {
            const text = await (
              await fetch(`http://127.0.0.1:${ports.MAPSERVER_METRICS_PORT}/metrics`)
            ).text();
            const v = /^mapserver_stream_subscribers (\d+)/m.exec(text)?.[1];
            if (Number(v) === n) return n;
          }
        };
        t.equal(await streamsAre(1), 1, "the page's stream");
        // headless chromium shows every page: hidden as a browser hides a tab in the background.
        const visibility = (hidden: boolean) =>
          page.evaluate(`Object.defineProperty(document, 'hidden', { value: ${hidden}, configurable: true });
          Object.defineProperty(document, 'visibilityState', { value: '${hidden ? 'hidden' : 'visible'}', configurable: true });
          document.dispatchEvent(new Event('visibilitychange'))`);
        await visibility(true);
        await page.waitForFunction(`document.getElementById('map').dataset.stream === 'paused'`);
        t.equal(await streamsAre(0), 0, 'hidden: no stream at map-server');
        await visibility(false);
        await page.waitForFunction(STREAM_OPEN);
        t.equal(await streamsAre(1), 1, 'shown: its stream again');
        t.equal(
          await page.locator('#map').getAttribute('data-cities'),
          '3',
          'the view drawn again',
        );
      },
    );

    await t.test('an unknown report, a malformed address: a sentence in the page', async (t) => {
      await page.evaluate(`location.hash = '#report=${OTHER}/77'`);
      await page.waitForFunction(`document.querySelector('#details .error') !== null`);
      t.equal(
        await page.locator('#details .error').textContent(),
        `player ${OTHER} has no report 77`,
      );
      await page.evaluate(`location.hash = '#report=abc'`);
      await page.waitForFunction(
        `document.querySelector('#details .error')?.textContent.includes('abc')`,
      );
      t.equal(
        await page.locator('#details .error').textContent(),
        `a report's address is #report=PLAYER/REPORT (two whole numbers), not "#report=abc"`,
      );
      t.equal(await page.locator('#map').getAttribute('data-stream'), 'open', 'still live');
      t.same(
        errors,
        [
          'console.error: Failed to load resource: the server responded with a status of 404 (Not Found)',
        ],
        'the refused request only',
      );
    });
  },
);
