// The web console on a stack with mutual TLS on every hop and the internal token (the bundles of
// `npm run build`, each its own process), in chromium: it reads the map and every service's
// /metrics with the stack's settings (battle-server's over https with a client certificate);
// then map-server is killed (the page's stream closes, its panel says so, nothing else breaks)
// and started again on its ports (the page is live again, with no reload).
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient, securityFromEnv } from '@slg/service-kit';
import { makeTestCerts, opensslMissing } from '@slg/test-kit/certs';
import t from 'tap';
import { buildServices } from '../build.ts';
import { ANY_PORTS, bundleMain, type NodeProcess, spawnNode } from './helpers/bundles.ts';
import { launchChromium, mapFigure, pageErrors, seedCities } from './helpers/console-page.ts';

const TOKEN = 'console-test-token-0123456789';
const PLAYERS = Array.from({ length: 6 }, (_, i) => 701 + i);
const POINTS = PLAYERS.map((_, i) => ({ x: 8 + i * 8, y: 10 + (i % 2) * 30 }));

const missing = opensslMissing();
const browser = missing ? { skip: missing } : await launchChromium();

t.test(
  'the console on a TLS stack: reads it all, and lives through map-server dying',
  { skip: 'skip' in browser ? browser.skip : false },
  async (t) => {
    if ('skip' in browser) return;
    const open = browser;
    t.teardown(() => open.close());
    const certs = makeTestCerts();
    t.teardown(() => certs.remove());
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: '0',
      DBPROXY_DATA_DIR: certs.dir,
      SLG_TLS_CERT: certs.server.cert,
      SLG_TLS_KEY: certs.server.key,
      SLG_TLS_CA: certs.ca,
      SLG_TLS_CLIENT_AUTH: 'true',
      SLG_INTERNAL_TOKEN: TOKEN,
      MAPSERVER_WIDTH: '64',
      MAPSERVER_HEIGHT: '64',
      MAPSERVER_FIELDS: '20',
      MAPSERVER_MONSTERS: '8',
      BATTLE_PROCESSES: '1',
    };
    for (const k of ['NODE_OPTIONS', 'DBPROXY_BACKENDS', 'DATASERVER_REDIS_URL']) delete env[k];
    for (const [k, v] of Object.entries(ANY_PORTS)) env[k] = String(v);
    // The bundles as npm start runs them, this checkout's (npm start builds them the same way).
    await buildServices();
    const children: NodeProcess[] = [];
    const launch = (name: string, vars: Record<string, string> = {}) => {
      const child = spawnNode(bundleMain(name), {
        name,
        env: { ...env, ...vars },
        withoutNodeOptions: true,
      });
      children.push(child);
      return child;
    };
    t.teardown(() => Promise.all(children.map((child) => child.stop('SIGKILL'))));
    const [dbProxy, battle] = await Promise.all([
      launch('db-proxy').listening(),
      launch('battle-server').listening(),
    ]);
    const dataServer = await launch('data-server', {
      DATASERVER_DBPROXY_ADDR: `127.0.0.1:${dbProxy.port}`,
    }).listening();
    const mapVars = {
      MAPSERVER_DATASERVER_ADDR: `127.0.0.1:${dataServer.port}`,
      MAPSERVER_BATTLE_URL: `https://127.0.0.1:${battle.port}`,
    };
    let mapProcess = launch('map-server', mapVars);
    const mapServer = await mapProcess.listening();
    const consoleProcess = launch('console', {
      CONSOLE_MAPSERVER_ADDR: `127.0.0.1:${mapServer.port}`,
      CONSOLE_DATASERVER_ADDR: `127.0.0.1:${dataServer.port}`,
      CONSOLE_DBPROXY_METRICS_URL: `http://127.0.0.1:${dbProxy.metricsPort}/metrics`,
      CONSOLE_DATASERVER_METRICS_URL: `http://127.0.0.1:${dataServer.metricsPort}/metrics`,
      CONSOLE_MAPSERVER_METRICS_URL: `http://127.0.0.1:${mapServer.metricsPort}/metrics`,
      CONSOLE_BATTLE_METRICS_URL: `https://127.0.0.1:${battle.port}/metrics`,
    });
    const { log } = await consoleProcess.waitForLine((_, l) => l?.msg === 'listening', 'listening');
    const consoleUrl = log!.url as string;
    t.match(consoleUrl, /^http:\/\/127\.0\.0\.1:\d+\/$/, 'the console on 127.0.0.1');

    const security = securityFromEnv(
      { SLG_TLS_CA: certs.ca, SLG_TLS_CERT: certs.client.cert, SLG_TLS_KEY: certs.client.key },
      'client',
    );
    const withToken = { ...security, token: TOKEN };
    const mapAddr = `127.0.0.1:${mapServer.port}`;
    await seedCities(
      { data: `127.0.0.1:${dataServer.port}`, map: mapAddr },
      PLAYERS,
      POINTS,
      withToken,
    );

    const page = await open.context.newPage();
    const errors = pageErrors(page);
    await page.goto(consoleUrl);
    const STREAM_OPEN = "document.getElementById('map').dataset.stream === 'open'";
    await page.waitForFunction(STREAM_OPEN, null, { timeout: 0 });
    await page.waitForFunction(
      `Number(document.getElementById('map').dataset.cities) === ${PLAYERS.length}`,
      null,
      { timeout: 0 },
    );
    t.equal(await mapFigure(page, 'cities'), PLAYERS.length, 'the cities, read over mutual TLS');
    // Every panel read, battle-server's over https with the client certificate.
    await page.waitForFunction(
      `document.querySelectorAll('#stack .service').length === 4 &&
       document.querySelectorAll('#stack .service.down').length === 0 &&
       document.querySelector('[data-service="battle-server"] [data-figure="rss"]') !== null`,
      null,
      { timeout: 0 },
    );
    t.same(
      await page.evaluate(
        `[document.querySelectorAll('#stack .service').length, document.querySelectorAll('#stack .service.down').length, document.querySelector('[data-service="battle-server"] [data-figure="rss"]') !== null]`,
      ),
      [4, 0, true],
      'every service read, battle-server over https',
    );
    const city = await page.evaluate(`fetch('/api/city/${PLAYERS[0]}').then((r) => r.json())`);
    t.match(
      city,
      { city: { id: PLAYERS[0] }, player: { name: `console-${PLAYERS[0]}` }, marches: [] },
      'a city and its player record (data-server), with the token',
    );
    t.same(errors, [], 'no console error');

    // map-server dies: the stream closes, its panel says why; the rest of the page goes on.
    await mapProcess.stop('SIGKILL');
    await page.waitForFunction(
      `document.querySelector('#status [data-source="stream"]')?.textContent.includes('live updates stopped')`,
      null,
      { timeout: 0 },
    );
    t.match(
      await page.locator('#status [data-source="stream"]').textContent(),
      /^live updates stopped: map-server (cannot be reached|ended the stream).*; trying again in \d+ s$/,
      'the page says the stream closed, and that it tries again',
    );
    await page.waitForFunction(
      `document.querySelector('[data-service="map-server"]')?.classList.contains('down')`,
      null,
      { timeout: 0 },
    );
    t.match(
      await page.locator('[data-service="map-server"] .error').textContent(),
      // A read that started while map-server was dying ends with the socket (closed, or reset
      // by the kernel as the process went), not the connect.
      /^cannot read its \/metrics: (connect ECONNREFUSED|other side closed|read ECONNRESET)/,
      "map-server's panel says it cannot be read",
    );
    t.equal(
      await page.locator('[data-service="data-server"].down').count(),
      0,
      'the other panels go on',
    );
    t.equal(await mapFigure(page, 'cities'), PLAYERS.length, 'the map still drawn');
    const refused = await page.evaluate(
      `fetch('/api/viewport?x=0&y=0&w=10&h=10').then(async (r) => [r.status, (await r.json()).message])`,
    );
    t.match(refused, [503, /^map-server cannot be reached: /], 'a query says map-server is away');

    // Back on its ports: the page is live again by itself.
    mapProcess = launch('map-server', {
      ...mapVars,
      MAPSERVER_PORT: String(mapServer.port),
      MAPSERVER_METRICS_PORT: String(mapServer.metricsPort),
    });
    await mapProcess.listening();
    await page.waitForFunction(
      `document.querySelector('#status [data-source="stream"]') === null && ${STREAM_OPEN}`,
      null,
      { timeout: 0 },
    );
    await page.waitForFunction(
      `document.querySelector('[data-service="map-server"]:not(.down)') !== null`,
      null,
      { timeout: 0 },
    );
    t.equal(
      await mapFigure(page, 'cities'),
      PLAYERS.length,
      'the cities again, from the new map-server',
    );
    const map = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, mapAddr, {
      security: withToken,
    });
    t.teardown(() => map.close());
    t.equal(Number((await map.GetWorld({})).cities), PLAYERS.length, 'as GetWorld counts them');
    // While map-server was away the page's own requests were refused (503): the browser reports
    // each as a console error. Nothing else.
    t.same(
      errors.filter((e) => !/status of 503/.test(e)),
      [],
      'no console error but the refused requests',
    );
    t.ok(consoleProcess.running, 'the console ran through it');
  },
);
