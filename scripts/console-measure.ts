// The console's two costs, measured in headless chromium on `npm start`'s bundles:
//   - frames per second while the page draws N moving marches (requestAnimationFrame counted in
//     the page over --seconds);
//   - what one open page adds to map-server's CPU: map-server's CPU (utime + stime of its
//     process) over --seconds with no page, with one page open, and with none again.
// A 100 x 100 world, every tile in view, N / 5 players with a city each and five scout marches
// each to points far across the map (MAPSERVER_SPEED 10: each leg lasts minutes, so every march
// moves through the whole measurement).
//   npm run build && node scripts/console-measure.ts [--marches 2000] [--seconds 20] [--shot page.png]
//
// With --pages, what each open page costs map-server, measured so that the machine's noise cannot
// hide it: under a steady `bench stack` load (--rate sessions/s, bench's own world: 300 x 300,
// MAPSERVER_SPEED 600), windows of --seconds with 0 pages and with each count of --pages open
// (0 between every two, the order reversed each round, --rounds rounds: drift hits every count
// alike). map-server's CPU per window is utime + stime from /proc/<pid>/stat; a least-squares
// line through (pages, CPU) gives the CPU each page adds, with its standard error, compared with
// 5% of map-server's CPU with no page. Each page is chromium's, at the default view, in a
// browser context of its own. What the pages share does not grow with them: the console reads
// map-server's /metrics once a second while any page shows the stack panel. That read is
// amplified apart: windows reading it --scrapes times a second, alternated with none. One page
// is the slope per page plus one read a second; + 2 standard errors must stay under the 5%.
//   npm run build && node scripts/console-measure.ts --pages 1,5,10 [--rounds 3] [--seconds 20]
//     [--rate 2] [--settle 5] [--warmup 30] [--scrapes 10]
//
// With --clients, the pages of the windows are stand-ins that ask the console what a page asks
// (its /api/watch stream at the page's own view, read to the end; /api/world every 5 s;
// /api/stack every second), without chromium's drawing on the same two cores: that load, not
// the pages' cost, is what hid the cost per page. What one page makes map-server do is only what
// the console asks on its behalf, so the stand-ins cost map-server what pages cost it; the run
// checks that first (one real page and one stand-in open the same Watch streams on map-server).
//   npm run build && node scripts/console-measure.ts --clients --pages 10,40 [--rounds 3]

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scrapeMetrics, sumOf } from '@slg/bench/metrics';
import { childPids, commandLine, cpuSeconds, loadAverage, smapsRollup } from '@slg/bench/proc';
import { selecting } from '@slg/console';
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import { startScriptStack } from './test/helpers/bundles.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  chromium,
  launchChromium,
  type Page,
  seedCities,
  TROOP,
} from './test/helpers/console-page.ts';

const { values } = parseArgs({
  options: {
    marches: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    shot: { type: 'string' },
    pages: { type: 'string' },
    clients: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '2' },
    settle: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '30' },
    scrapes: { type: 'string', default: '10' },
  },
});
const marches = Number(values.marches);
const seconds = Number(values.seconds);
// A few more players than N / 5: a scout whose target is blocked terrain is refused.
const players = Math.ceil((marches / 5) * 1.2);
const say = (line: string) => process.stdout.write(`${line}\n`);

async function measureFrames(): Promise<void> {
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
}

/**
 * A page's stand-in: what a page asks the console while it is open and nobody touches it. Its
 * Watch stream (server-sent events) read to the end, the world's counts every 5 s, the stack's
 * figures every second (main.ts and stack-panel.ts).
 */
class StandIn {
  readonly #abort = new AbortController();
  readonly #timers: NodeJS.Timeout[] = [];
  /** Resolves once the stream's first bytes (the snapshot) arrived. */
  readonly opened: Promise<void>;

  constructor(base: string, watchPath: string) {
    const signal = this.#abort.signal;
    const get = (path: string) =>
      fetch(base + path, { signal }).then(
        (r) => r.arrayBuffer(),
        () => {},
      );
    this.opened = (async () => {
      const res = await fetch(base + watchPath, { signal });
      if (!res.ok || !res.body) throw new Error(`${watchPath}: HTTP ${res.status}`);
      const reader = res.body.getReader();
      await reader.read();
      void (async () => {
        while (!(await reader.read().catch(() => ({ done: true }))).done);
      })();
    })();
    void get('api/world');
    void get('api/stack');
    this.#timers.push(setInterval(() => void get('api/world'), 5000));
    this.#timers.push(setInterval(() => void get('api/stack'), 1000));
  }

  close(): void {
    for (const t of this.#timers) clearInterval(t);
    this.#abort.abort();
  }
}

/** Least squares of y on x: the slope, its standard error, the intercept. */
function fitLine(points: { x: number; y: number }[]) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const ssr = points.reduce((s, p) => s + (p.y - intercept - slope * p.x) ** 2, 0);
  return { slope, intercept, slopeSe: Math.sqrt(ssr / (n - 2) / sxx) };
}

async function measurePages(): Promise<void> {
  const counts = values.pages!.split(',').map(Number);
  if (!counts.every((c) => Number.isInteger(c) && c > 0))
    throw new Error(`--pages is counts of pages above 0, like 1,5,10 (got ${values.pages})`);
  const rounds = Number(values.rounds);
  const settle = Number(values.settle);
  // 0 before each count; every other round in reverse, so that a drift of the machine weighs on
  // the large counts as on the small.
  const plan: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const c of r % 2 ? [...counts].reverse() : counts) plan.push(0, c);
  plan.push(0);
  // Opening 10 pages on 2 cores takes a while: time enough for bench to outlast every window.
  const scrapeWindows = 2 * rounds * counts.length + 1;
  const runSeconds = Math.ceil(
    plan.length * (seconds + settle + 15) + scrapeWindows * (seconds + 3) + 60,
  );

  if (!existsSync(CHROMIUM)) throw new Error(`no ${CHROMIUM}: apt-get install chromium`);
  // Each page in a context of its own, as N people's browsers: chromium keeps at most 6
  // connections to a host per profile, and each page holds one open (its event stream).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  const dir = mkdtempSync(join(tmpdir(), 'slg-console-pages-'));
  const { stack, ports } = await startScriptStack(
    {
      DBPROXY_DATA_DIR: dir,
      // bench stack's own world and clock.
      MAPSERVER_WIDTH: '300',
      MAPSERVER_HEIGHT: '300',
      MAPSERVER_FIELDS: '600',
      MAPSERVER_MONSTERS: '200',
      MAPSERVER_SPEED: '600',
      // Room for the largest count of pages (32 by default).
      CONSOLE_MAX_STREAMS: '100',
    },
    { timeoutMs: 120_000, withoutNodeOptions: true },
  );
  let bench: ChildProcess | undefined;
  const pages: Page[] = [];
  const standIns: StandIn[] = [];
  let watchPath = '';
  try {
    const serviceOf = (pid: number) =>
      /\/([a-z-]+)\/dist\/main\.mjs/.exec((commandLine(pid) ?? []).join(' '))?.[1];
    const pids = new Map(childPids(stack.child.pid!).map((pid) => [serviceOf(pid), pid] as const));
    const mapPid = pids.get('map-server')!;
    const consolePid = pids.get('console')!;
    // Before the load: its sessions open Watch streams of their own.
    const url = `http://127.0.0.1:${ports.CONSOLE_PORT}/`;
    const allOpen = async () => {
      for (const p of pages)
        await p.waitForFunction(`document.getElementById('map').dataset.stream === 'open'`, null, {
          timeout: 120_000,
        });
    };
    const rows: {
      pages: number;
      map: number;
      console: number;
      load: string;
      at: string;
    }[] = [];
    const openPage = async () => {
      const context = await browser.newContext({
        viewport: { width: 1100, height: 900 },
        deviceScaleFactor: 1,
        colorScheme: 'dark',
      });
      const p = await context.newPage();
      await p.goto(url, { timeout: 120_000 });
      pages.push(p);
    };
    const subscribersUrl = `http://127.0.0.1:${ports.MAPSERVER_METRICS_PORT}/metrics?name=mapserver_stream_subscribers`;
    const subscribers = async () =>
      sumOf(await scrapeMetrics(subscribersUrl), 'mapserver_stream_subscribers') ?? 0;
    const waitSubscribers = async (want: number) => {
      for (let i = 0; i < 600 && (await subscribers()) !== want; i++)
        await new Promise((r) => setTimeout(r, 100));
      const got = await subscribers();
      if (got !== want) throw new Error(`map-server has ${got} stream subscribers, not ${want}`);
    };
    if (values.clients) {
      // One real page first: the view it watches, and the streams that costs map-server.
      const before = await subscribers();
      await openPage();
      await allOpen();
      const rect = (await pages[0]!.evaluate(
        `document.getElementById('map').dataset.rect`,
      )) as string;
      const [x, y, w, h] = rect.split(',');
      watchPath = `api/watch?x=${x}&y=${y}&w=${w}&h=${h}`;
      // The page's stream is open once the console answered it; map-server counts the
      // subscription when its snapshot is sent, a moment later.
      for (let i = 0; i < 100 && (await subscribers()) === before; i++)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1000));
      const perPage = (await subscribers()) - before;
      await pages.pop()!.context().close();
      await waitSubscribers(before);
      const client = new StandIn(url, watchPath);
      await client.opened;
      await new Promise((r) => setTimeout(r, 1000));
      const perClient = (await subscribers()) - before;
      client.close();
      await waitSubscribers(before);
      say(
        `one page watches ${rect} (x,y,w,h) with ${perPage} map-server streams; a stand-in asking the same opens ${perClient}`,
      );
      if (perPage !== perClient || perPage < 1)
        throw new Error('a stand-in does not ask map-server what a page asks');
    }
    const load = spawn(
      process.execPath,
      [
        join(import.meta.dirname, '..', 'bench', 'src', 'cli.ts'),
        'stack',
        '--map',
        `127.0.0.1:${ports.MAPSERVER_PORT}`,
        '--data',
        `127.0.0.1:${ports.DATASERVER_PORT}`,
        '--battle-url',
        `http://127.0.0.1:${ports.BATTLE_PORT}`,
        '--rate',
        String(values.rate),
        '--duration',
        `${runSeconds}s`,
        '--out',
        join(dir, 'bench-stack.json'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    bench = load;
    // The windows start once bench's sessions do.
    await new Promise<void>((resolve, reject) => {
      let out = '';
      load.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        if (/players seeded/.test(out)) resolve();
        if (out.length > 100_000) out = out.slice(-1000);
      });
      load.once('exit', (code) => reject(new Error(`bench stack ended (${code}) before its load`)));
    });
    // An open model fills up: sessions arrive before the first ones end.
    await new Promise((r) => setTimeout(r, Number(values.warmup) * 1000));
    say(
      `bench stack --rate ${values.rate} running for ${values.warmup} s; windows of ${seconds} s after ${settle} s settling: ${plan.join(', ')} pages`,
    );
    for (const [i, want] of plan.entries()) {
      if (values.clients) {
        while (standIns.length > want) standIns.pop()!.close();
        while (standIns.length < want) standIns.push(new StandIn(url, watchPath));
        await Promise.all(standIns.map((c) => c.opened));
      } else {
        while (pages.length > want) await pages.pop()!.context().close();
        while (pages.length < want) await openPage();
        await allOpen();
      }
      await new Promise((r) => setTimeout(r, settle * 1000));
      if (load.exitCode !== null) throw new Error('bench stack ended before the windows did');
      const m0 = cpuSeconds(mapPid)!;
      const c0 = cpuSeconds(consolePid)!;
      const w0 = performance.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const wall = (performance.now() - w0) / 1000;
      const row = {
        pages: want,
        map: (cpuSeconds(mapPid)! - m0) / wall,
        console: (cpuSeconds(consolePid)! - c0) / wall,
        load: loadAverage() ?? '?',
        at: new Date().toISOString().slice(11, 19),
      };
      rows.push(row);
      say(
        `window ${i + 1}/${plan.length} ${row.at} UTC: ${want} pages, map-server ${(row.map * 100).toFixed(2)}% of a core, console ${(row.console * 100).toFixed(2)}%, load ${row.load}`,
      );
    }
    const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
    const base = rows.filter((r) => r.pages === 0);
    const baseMean = base.reduce((s, r) => s + r.map, 0) / base.length;
    const baseSd = Math.sqrt(
      base.reduce((s, r) => s + (r.map - baseMean) ** 2, 0) / Math.max(1, base.length - 1),
    );
    say('');
    for (const c of [0, ...counts]) {
      const of = rows.filter((r) => r.pages === c).map((r) => r.map);
      say(`${c} pages: map-server ${of.map((v) => pct(v)).join(', ')} of a core`);
    }
    const fit = fitLine(rows.map((r) => ({ x: r.pages, y: r.map })));
    const fitConsole = fitLine(rows.map((r) => ({ x: r.pages, y: r.console })));
    // Each window with pages against the mean of the 0-page windows on either side of it: a
    // cost per page that a slow drift of the machine does not move.
    const paired = rows.flatMap((r, i) =>
      r.pages === 0 ? [] : [(r.map - (rows[i - 1]!.map + rows[i + 1]!.map) / 2) / r.pages],
    );
    const pairedMean = paired.reduce((s, v) => s + v, 0) / paired.length;
    const pairedSe =
      Math.sqrt(paired.reduce((s, v) => s + (v - pairedMean) ** 2, 0) / (paired.length - 1)) /
      Math.sqrt(paired.length);
    const bound = 0.05 * baseMean;
    say(
      `map-server with no page: ${pct(baseMean)} of a core (sd ${pct(baseSd)} over ${base.length} windows); 5% of it: ${pct(bound)}`,
    );
    say(
      `added per open page (least squares over ${rows.length} windows): ${pct(fit.slope)} ± ${pct(fit.slopeSe)} of a core (standard error); ${((fit.slope / baseMean) * 100).toFixed(2)}% of map-server's own`,
    );
    say(
      `added per open page (each window against its two 0-page neighbours): ${pct(pairedMean)} ± ${pct(pairedSe)}`,
    );
    const upper = fit.slope + 2 * fit.slopeSe;
    say(
      `one page ≤ 5% of map-server: ${upper <= bound ? 'met' : 'not shown'} (slope + 2 standard errors ${pct(upper)} ${upper <= bound ? '≤' : '>'} ${pct(bound)})`,
    );
    say(
      `the console process per open page: ${pct(fitConsole.slope)} ± ${pct(fitConsole.slopeSe)} of a core`,
    );

    // What the pages share: the console reads map-server's /metrics once a second while any page
    // shows the stack panel. A step at the first page, not a slope: amplified by reading it
    // --scrapes times a second here, in windows alternated with none.
    while (pages.length) await pages.pop()!.context().close();
    while (standIns.length) standIns.pop()!.close();
    // The read the console makes: the families its stack panel shows.
    const metricsUrl = selecting(`http://127.0.0.1:${ports.MAPSERVER_METRICS_PORT}/metrics`);
    const rate = Number(values.scrapes);
    const scrapePlan: number[] = [];
    while (scrapePlan.length < scrapeWindows - 1) scrapePlan.push(0, rate);
    scrapePlan.push(0);
    const scrapeRows: { rate: number; map: number }[] = [];
    for (const [i, want] of scrapePlan.entries()) {
      let stop = false;
      const reader = (async () => {
        for (let next = performance.now(); want > 0 && !stop; ) {
          await (await fetch(metricsUrl)).text();
          next += 1000 / want;
          await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
        }
      })();
      await new Promise((r) => setTimeout(r, 2000));
      const m0 = cpuSeconds(mapPid)!;
      const w0 = performance.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const map = (cpuSeconds(mapPid)! - m0) / ((performance.now() - w0) / 1000);
      stop = true;
      await reader;
      scrapeRows.push({ rate: want, map });
      say(
        `window ${i + 1}/${scrapePlan.length} ${new Date().toISOString().slice(11, 19)} UTC: /metrics ${want} times a second, map-server ${(map * 100).toFixed(2)}% of a core, load ${loadAverage()}`,
      );
    }
    const fitScrape = fitLine(scrapeRows.map((r) => ({ x: r.rate, y: r.map })));
    say(
      `map-server per /metrics read a second: ${pct(fitScrape.slope)} ± ${pct(fitScrape.slopeSe)} of a core`,
    );
    const one = fit.slope + fitScrape.slope;
    const oneSe = Math.sqrt(fit.slopeSe ** 2 + fitScrape.slopeSe ** 2);
    const oneUpper = one + 2 * oneSe;
    say(
      `one page (its own cost + the console's /metrics read a second): ${pct(one)} ± ${pct(oneSe)} of a core, ${((one / baseMean) * 100).toFixed(2)}% of map-server's own`,
    );
    say(
      `one page ≤ 5% of map-server, reads included: ${oneUpper <= bound ? 'met' : 'not shown'} (+ 2 standard errors ${pct(oneUpper)} ${oneUpper <= bound ? '≤' : '>'} ${pct(bound)})`,
    );
  } finally {
    for (const c of standIns) c.close();
    for (const p of pages)
      await p
        .context()
        .close()
        .catch(() => {});
    if (bench) {
      const b = bench;
      b.kill('SIGINT');
      await new Promise((r) => (b.exitCode === null ? b.once('exit', r) : r(null)));
    }
    await stack.stop('SIGINT', 15_000);
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Last: the class above is not hoisted.
if (values.pages) await measurePages();
else await measureFrames();
