// The console's two costs, measured in headless chromium on `npm start`'s bundles:
//   - frames per second while the page draws N moving marches (requestAnimationFrame counted in
//     the page over --seconds);
//   - what one open page adds to map-server's CPU: map-server's CPU (utime + stime of its
//     process) over --seconds with no page, with one page open, and with none again.
// A 100 x 100 world, every tile in view, N / 5 players with a city each and five scout marches
// each to points far across the map (MAPSERVER_SPEED 10: each leg lasts minutes, so every march
// moves through the whole measurement).
//   npm run build && node scripts/console-measure.ts [--marches 2000] [--seconds 20] [--shot page.png]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { childPids, commandLine, cpuSeconds, loadAverage, smapsRollup } from '@slg/bench/proc';
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import { startScriptStack } from './test/helpers/bundles.ts';
import { launchChromium, seedCities, TROOP } from './test/helpers/console-page.ts';

const { values } = parseArgs({
  options: {
    marches: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    shot: { type: 'string' },
  },
});
const marches = Number(values.marches);
const seconds = Number(values.seconds);
// A few more players than N / 5: a scout whose target is blocked terrain is refused.
const players = Math.ceil((marches / 5) * 1.2);
const say = (line: string) => process.stdout.write(`${line}\n`);

const browser = await launchChromium({ colorScheme: 'dark', width: 1400, height: 1250 });
if ('skip' in browser) throw new Error(browser.skip);
const dir = mkdtempSync(join(tmpdir(), 'slg-console-measure-'));
const { stack, ports } = await startScriptStack(
  {
    DBPROXY_DATA_DIR: dir,
    BATTLE_PROCESSES: '1',
    MAPSERVER_WIDTH: '100',
    MAPSERVER_HEIGHT: '100',
    MAPSERVER_REGION_SIZE: '50',
    MAPSERVER_FIELDS: '60',
    MAPSERVER_MONSTERS: '20',
    MAPSERVER_SPEED: '10',
  },
  { timeoutMs: 120_000, withoutNodeOptions: true },
);
try {
  const serviceOf = (pid: number) =>
    /\/([a-z-]+)\/dist\/main\.mjs/.exec((commandLine(pid) ?? []).join(' '))?.[1];
  const pids = new Map(childPids(stack.child.pid!).map((pid) => [serviceOf(pid), pid] as const));
  const mapPid = pids.get('map-server')!;
  const consolePid = pids.get('console')!;
  const mapAddr = `127.0.0.1:${ports.MAPSERVER_PORT}`;
  const ids = Array.from({ length: players }, (_, i) => 1001 + i);
  const points = ids.map((_, i) => ({ x: 5 + ((i * 37) % 90), y: 5 + ((i * 53) % 90) }));
  let t0 = performance.now();
  await seedCities({ data: `127.0.0.1:${ports.DATASERVER_PORT}`, map: mapAddr }, ids, points);
  say(`${players} players with cities in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, mapAddr, {
    deadlineMs: 60_000,
  });
  // Scouts to the far side of the map from each city: each leg 40-90 tiles.
  t0 = performance.now();
  const orders = ids
    .flatMap((id, i) =>
      Array.from({ length: 5 }, (_, k) => ({
        id,
        x: (points[i]!.x + 45 + k * 3) % 100,
        y: (points[i]!.y + 40 + k * 5) % 100,
      })),
    )
    .reverse();
  let started = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let o = orders.pop(); o && started < marches; o = orders.pop()) {
        try {
          await map.StartMarch({
            playerId: o.id,
            kind: 'scout',
            targetX: o.x,
            targetY: o.y,
            troops: [{ troopId: TROOP.troopId, count: 10 }],
          });
          started++;
        } catch {
          // A target on blocked terrain: another point near it.
          try {
            await map.StartMarch({
              playerId: o.id,
              kind: 'scout',
              targetX: (o.x + 7) % 100,
              targetY: (o.y + 3) % 100,
              troops: [{ troopId: TROOP.troopId, count: 10 }],
            });
            started++;
          } catch (err) {
            if (refused++ === 0) say(`a march refused: ${(err as Error).message}`);
          }
        }
      }
    }),
  );
  say(
    `${started} marches started (${refused} refused) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  /** map-server's CPU over `seconds`, as a share of one core. */
  const cpuOver = async (pid: number) => {
    const c0 = cpuSeconds(pid)!;
    const w0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    return (cpuSeconds(pid)! - c0) / ((performance.now() - w0) / 1000);
  };
  say(`load average before: ${loadAverage()}`);
  const closedBefore = await cpuOver(mapPid);
  const page = await browser.context.newPage();
  await page.goto(`http://127.0.0.1:${ports.CONSOLE_PORT}/?x=50&y=50`);
  await page.waitForFunction(
    `document.getElementById('map').dataset.stream === 'open' && document.getElementById('map').dataset.rect === '0,0,100,100'`,
    null,
    { timeout: 60_000 },
  );
  const drawn = Number(await page.locator('#map').getAttribute('data-marches'));
  const consoleCpu0 = cpuSeconds(consolePid)!;
  const w0 = performance.now();
  const [open, fps] = await Promise.all([
    cpuOver(mapPid),
    page.evaluate(
      `new Promise((resolve) => {
        let frames = 0;
        const t0 = performance.now();
        const tick = () => {
          frames++;
          if (performance.now() - t0 < ${seconds * 1000}) requestAnimationFrame(tick);
          else resolve(frames / ((performance.now() - t0) / 1000));
        };
        requestAnimationFrame(tick);
      })`,
    ) as Promise<number>,
  ]);
  const consoleCpu = (cpuSeconds(consolePid)! - consoleCpu0) / ((performance.now() - w0) / 1000);
  const consoleRss = (smapsRollup(consolePid)?.rss ?? 0) / 1024 / 1024;
  const drawnAfter = Number(await page.locator('#map').getAttribute('data-marches'));
  const drawMs = await page.locator('#map').getAttribute('data-draw-ms');
  if (values.shot) await page.screenshot({ path: values.shot });
  await page.close();
  const closedAfter = await cpuOver(mapPid);
  say(`load average after: ${loadAverage()}`);
  say(`marches drawn: ${drawn} at the start, ${drawnAfter} at the end`);
  say(
    `frames per second (requestAnimationFrame, ${seconds} s): ${fps.toFixed(1)}; the map's own drawing ${drawMs} ms a frame`,
  );
  const pct = (v: number) => `${(v * 100).toFixed(2)}% of a core`;
  say(
    `map-server CPU: no page ${pct(closedBefore)}, one page ${pct(open)}, no page again ${pct(closedAfter)}`,
  );
  const base = (closedBefore + closedAfter) / 2;
  say(
    `added by the page: ${((open - base) * 100).toFixed(2)} points of a core (${base > 0 ? (((open - base) / base) * 100).toFixed(0) : '-'}% of map-server's own)`,
  );
  say(
    `console process with the page open: CPU ${pct(consoleCpu)}, RSS ${consoleRss.toFixed(1)} MB`,
  );
  map.close();
} finally {
  await stack.stop('SIGINT', 15_000);
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
