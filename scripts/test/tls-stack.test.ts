// The stack's bundles (npm run build, as npm start runs them), with mutual TLS on every hop
// and the internal token: certificates made here by openssl (a CA, server and client
// certificates, and a second, unrelated CA). What goes through: the test writes two players
// through data-server (-> db-proxy), places their cities and sends an attack through map-server,
// whose battle is fought by battle-server over https; the report proves every hop. What does not:
// plaintext, no client certificate, a certificate of the other CA, a client that trusts the
// other CA, and a wrong or missing token, which is UNAUTHENTICATED (401) and writes nothing.
import type * as Https from 'node:https';
import { DataServerStore, reportIdOf } from '@slg/map-server';
import {
  grpc_health_v1_HealthDefinition,
  grpc as pb,
  slg_dataserver_v2_DataServiceDefinition,
  slg_dbproxy_v1_DbProxyDefinition,
  slg_mapserver_v1_MapServiceDefinition,
} from '@slg/proto';
import {
  createGrpcClient,
  grpcStatus,
  nodeTlsOptions,
  type Security,
  type ServiceError,
  securityFromEnv,
} from '@slg/service-kit';
import { makeTestCerts, opensslMissing } from '@slg/test-kit/certs';
import t from 'tap';
import { buildServices } from '../build.ts';
import { ANY_PORTS, bundleMain, type NodeProcess, spawnNode } from './helpers/bundles.ts';

const TOKEN = 'stack-internal-token-0123456789abcdef';

/** An https request with this TLS material: status and body, or the error's message. */
function httpsGet(
  url: string,
  security: Security,
  opts: { method?: string; body?: string } = {},
): Promise<{ status: number; body: string } | { error: string }> {
  const https = process.getBuiltinModule('node:https') as typeof Https;
  return new Promise((resolve) => {
    const req = https.request(
      url,
      {
        method: opts.method ?? 'GET',
        ...(security.tls ? nodeTlsOptions(security.tls) : {}),
        agent: false,
        headers: {
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
          ...(security.token ? { authorization: `Bearer ${security.token}` } : {}),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: err.message }));
    req.end(opts.body);
  });
}

const missing = opensslMissing();
t.test(
  'the bundles with mutual TLS on every hop and the internal token',
  { skip: missing },
  async (t) => {
    const certs = makeTestCerts();
    t.teardown(() => certs.remove());
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'warn',
      // Raw JSON lines, so that an error is seen by its level.
      LOG_PRETTY: '0',
      DBPROXY_DATA_DIR: certs.dir,
      SLG_TLS_CERT: certs.server.cert,
      SLG_TLS_KEY: certs.server.key,
      SLG_TLS_CA: certs.ca,
      SLG_TLS_CLIENT_AUTH: 'true',
      SLG_INTERNAL_TOKEN: TOKEN,
      // A small world that loads fast; marches that arrive at once.
      MAPSERVER_WIDTH: '200',
      MAPSERVER_HEIGHT: '200',
      MAPSERVER_FIELDS: '20',
      MAPSERVER_MONSTERS: '10',
      MAPSERVER_SPEED: '100000',
      BATTLE_MODE: 'pool',
      BATTLE_THREADS: '1',
    };
    for (const k of [
      'NODE_OPTIONS',
      'DBPROXY_BACKENDS',
      'DATASERVER_REDIS_URL',
      'DATASERVER_DBPROXY_ADDR',
      'MAPSERVER_DATASERVER_ADDR',
      'MAPSERVER_BATTLE_URL',
      'SLG_TLS_SERVER_NAME',
    ])
      delete env[k];
    for (const [k, v] of Object.entries(ANY_PORTS)) env[k] = String(v);

    // The bundles as npm start runs them (scripts/start.ts), each on any free port, which it
    // reports in its listening line: db-proxy and battle-server at once, then data-server wired
    // to db-proxy's port, then map-server (which loads its world from data-server) to
    // data-server's and battle-server's.
    const started = performance.now();
    await buildServices();
    const children: NodeProcess[] = [];
    const launch = (name: string, vars: Record<string, string> = {}) => {
      const child = spawnNode(bundleMain(name), { name, env: { ...env, ...vars } });
      children.push(child);
      return child.listening();
    };
    t.teardown(() => Promise.all(children.map((child) => child.stop('SIGKILL'))));
    const [dbProxy, battle] = await Promise.all([launch('db-proxy'), launch('battle-server')]);
    const dataServer = await launch('data-server', {
      DATASERVER_DBPROXY_ADDR: `127.0.0.1:${dbProxy.port}`,
    });
    const mapServer = await launch('map-server', {
      MAPSERVER_DATASERVER_ADDR: `127.0.0.1:${dataServer.port}`,
      // Unset, it would be https://127.0.0.1:8080 (TLS on: https).
      MAPSERVER_BATTLE_URL: `https://127.0.0.1:${battle.port}`,
    });
    const ports = {
      DBPROXY_PORT: dbProxy.port,
      DATASERVER_PORT: dataServer.port,
      DATASERVER_METRICS_PORT: dataServer.metricsPort,
      BATTLE_PORT: battle.port,
      MAPSERVER_PORT: mapServer.port,
    };
    t.comment(`built and started in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const client = (vars: Record<string, string>, token?: string): Security => ({
      ...securityFromEnv(vars, 'client'),
      ...(token ? { token } : {}),
    });
    const good = client(
      { SLG_TLS_CA: certs.ca, SLG_TLS_CERT: certs.client.cert, SLG_TLS_KEY: certs.client.key },
      TOKEN,
    );
    const addr = (port: number) => `127.0.0.1:${port}`;
    const grpcPorts = {
      'db-proxy': ports.DBPROXY_PORT,
      'data-server': ports.DATASERVER_PORT,
      'map-server': ports.MAPSERVER_PORT,
    };

    await t.test('every gRPC service answers its health check over mutual TLS', async (t) => {
      for (const [name, port] of Object.entries(grpcPorts)) {
        const health = createGrpcClient(grpc_health_v1_HealthDefinition, addr(port), {
          security: good,
        });
        const res = await health.Check({ service: '' });
        health.close();
        t.equal(res.status, pb.health.v1.HealthCheckResponse.ServingStatus.SERVING, name);
      }
    });

    await t.test(
      'an attack through every hop: data-server, db-proxy, map-server, battle-server',
      async (t) => {
        const store = new DataServerStore(addr(ports.DATASERVER_PORT), { security: good });
        t.teardown(() => store.close());
        const res = { food: 50_000, wood: 50_000, stone: 50_000, iron: 50_000, gold: 50_000 };
        await store.write(41, [
          { create: { table: 'player', member: 0, fields: res } },
          {
            create: {
              table: 'troop',
              member: 1,
              fields: { kind: 'infantry', tier: 2, count: 6000 },
            },
          },
          {
            create: {
              table: 'troop',
              member: 2,
              fields: { kind: 'cavalry', tier: 3, count: 3000 },
            },
          },
        ]);
        await store.write(42, [
          { create: { table: 'player', member: 0, fields: res } },
          {
            create: {
              table: 'troop',
              member: 1,
              fields: { kind: 'infantry', tier: 1, count: 300 },
            },
          },
        ]);
        const map = createGrpcClient(
          slg_mapserver_v1_MapServiceDefinition,
          addr(ports.MAPSERVER_PORT),
          {
            security: good,
            deadlineMs: 10_000,
          },
        );
        t.teardown(() => map.close());
        await map.PlaceCity({ playerId: 41, nearX: 50, nearY: 50 });
        const target = await map.PlaceCity({ playerId: 42, nearX: 53, nearY: 54 });
        const m = await map.StartMarch({
          playerId: 41,
          kind: 'attack_city',
          targetX: target.x,
          targetY: target.y,
          troops: [
            { troopId: 1, count: 6000 },
            { troopId: 2, count: 3000 },
          ],
        });
        const reportId = reportIdOf(Number(m.id), 1);
        // The march arrives within milliseconds at this speed; poll until its report is stored.
        let report: Awaited<ReturnType<typeof map.GetReport>> | undefined;
        for (let i = 0; i < 600 && !report; i++) {
          report = await map.GetReport({ playerId: 41, reportId }).catch((err: ServiceError) => {
            if (err.code !== 'NOT_FOUND') throw err;
            return undefined;
          });
          if (!report) await new Promise((r) => setTimeout(r, 50));
        }
        t.ok(report, 'the battle report is stored');
        t.equal(report?.kind, 'battle', 'a battle, fought by battle-server over https');
        const winner = (JSON.parse(report?.resultJson ?? '{}') as { winner?: string }).winner;
        t.equal(winner, 'attacker');
        const metrics = await httpsGet(`https://127.0.0.1:${ports.BATTLE_PORT}/metrics`, good);
        t.match(
          'body' in metrics ? metrics.body : metrics.error,
          /battles_total\{[^}]*kind="battle"[^}]*\} 1/,
          "battle-server's /metrics over https counts the one battle",
        );
      },
    );

    await t.test('refused: plaintext, no client certificate, the other CA', async (t) => {
      const cases: [string, Security][] = [
        ['plaintext', { token: TOKEN }],
        ['no client certificate', client({ SLG_TLS_CA: certs.ca }, TOKEN)],
        [
          'a client certificate of the other CA',
          client(
            {
              SLG_TLS_CA: certs.ca,
              SLG_TLS_CERT: certs.otherClient.cert,
              SLG_TLS_KEY: certs.otherClient.key,
            },
            TOKEN,
          ),
        ],
        [
          'a client that trusts only the other CA',
          client(
            {
              SLG_TLS_CA: certs.otherCa,
              SLG_TLS_CERT: certs.client.cert,
              SLG_TLS_KEY: certs.client.key,
            },
            TOKEN,
          ),
        ],
      ];
      for (const [what, security] of cases) {
        for (const [name, port] of Object.entries(grpcPorts)) {
          const health = createGrpcClient(grpc_health_v1_HealthDefinition, addr(port), {
            security,
            deadlineMs: 5000,
          });
          const code = await health.Check({ service: '' }).then(
            () => 'OK',
            (e: ServiceError) => e.code,
          );
          health.close();
          t.equal(code, 'UNAVAILABLE', `${name}: ${what}: the handshake fails`);
        }
        if (what !== 'plaintext') {
          const r = await httpsGet(`https://127.0.0.1:${ports.BATTLE_PORT}/readyz`, security);
          t.ok(
            'error' in r,
            `battle-server: ${what}: the handshake fails (${'error' in r ? r.error : r.status})`,
          );
        }
      }
    });

    await t.test('a wrong or missing token: UNAUTHENTICATED / 401, nothing written', async (t) => {
      const tls = client({
        SLG_TLS_CA: certs.ca,
        SLG_TLS_CERT: certs.client.cert,
        SLG_TLS_KEY: certs.client.key,
      });
      for (const [what, security] of [
        ['a wrong token', { ...tls, token: `${TOKEN}-not` }],
        ['no token', tls],
      ] as [string, Security][]) {
        const ds = createGrpcClient(
          slg_dataserver_v2_DataServiceDefinition,
          addr(ports.DATASERVER_PORT),
          {
            security,
          },
        );
        const db = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, addr(ports.DBPROXY_PORT), {
          security,
        });
        const map = createGrpcClient(
          slg_mapserver_v1_MapServiceDefinition,
          addr(ports.MAPSERVER_PORT),
          {
            security,
          },
        );
        const codeOf = (p: Promise<unknown>) =>
          p.then(
            () => 0,
            (e: ServiceError) => (e.cause as { code?: number } | undefined)?.code,
          );
        t.equal(
          await codeOf(ds.CreateV2({ table: 'player', ownerId: 77, fields: { gold: { int: 1 } } })),
          grpcStatus.UNAUTHENTICATED,
          `data-server CreateV2, ${what}`,
        );
        t.equal(
          await codeOf(db.Insert({ table: 'player', fields: { player_id: { int: 78 } } })),
          grpcStatus.UNAUTHENTICATED,
          `db-proxy Insert, ${what}`,
        );
        t.equal(
          await codeOf(map.PlaceCity({ playerId: 41, nearX: 10, nearY: 10 })),
          grpcStatus.UNAUTHENTICATED,
          `map-server PlaceCity, ${what}`,
        );
        t.equal(
          await codeOf(map.GetWorld({})),
          grpcStatus.UNAUTHENTICATED,
          `map-server GetWorld (a read), ${what}`,
        );
        ds.close();
        db.close();
        map.close();
        const battle = await httpsGet(
          `https://127.0.0.1:${ports.BATTLE_PORT}/v1/battles/sample/7`,
          security,
        );
        t.equal(
          'status' in battle ? battle.status : battle.error,
          401,
          `battle-server, ${what}: 401`,
        );
        t.match('body' in battle ? battle.body : '', /"error":"UNAUTHENTICATED"/);
      }
      // Nothing was written: read with the right token.
      const ds = createGrpcClient(
        slg_dataserver_v2_DataServiceDefinition,
        addr(ports.DATASERVER_PORT),
        {
          security: good,
        },
      );
      const db = createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, addr(ports.DBPROXY_PORT), {
        security: good,
      });
      const map = createGrpcClient(
        slg_mapserver_v1_MapServiceDefinition,
        addr(ports.MAPSERVER_PORT),
        {
          security: good,
        },
      );
      const fetched = await ds.FetchV2({ table: 'player', ownerId: 77 }).then(
        (r) => (r.record ? 'found' : 'absent'),
        (e: ServiceError) => e.code,
      );
      t.equal(fetched, 'absent', 'player 77 was not created');
      const row = await db.Get({ table: 'player', key: [{ int: 78 }] });
      t.notOk(row.row, 'player 78 was not inserted');
      const city = await map.GetCity({ playerId: 41 });
      t.not(city.x, 10, 'city 41 was not moved or placed again');
      ds.close();
      db.close();
      map.close();
      const metrics = await httpsGet(`https://127.0.0.1:${ports.BATTLE_PORT}/metrics`, good);
      const body = 'body' in metrics ? metrics.body : '';
      t.match(body, /battles_total\{[^}]*kind="battle"[^}]*\} 1/, "battle-server's counts read");
      t.notMatch(
        body,
        /battles_total\{[^}]*kind="sample"[^}]*\} [1-9]/,
        'battle-server fought no sample battle for the refused calls',
      );
      const dsMetrics = await (
        await fetch(`http://127.0.0.1:${ports.DATASERVER_METRICS_PORT}/metrics`)
      ).text();
      t.match(
        dsMetrics,
        /grpc_server_unauthenticated_total\{grpc_service="slg.dataserver.v2.DataService",grpc_method="CreateV2"\} 2/,
        "data-server's /metrics (plain HTTP, no token) counts the two refusals",
      );
    });

    for (const child of [...children].reverse()) {
      await child.stop('SIGTERM');
      t.equal(child.child.exitCode, 0, `${child.name} exits 0 on SIGTERM`);
    }
    const out = children.flatMap((c) => c.lines.map((l) => `${c.name}: ${l}`)).join('\n');
    t.notMatch(out, /"level":(50|60)/, 'no service logged an error');
  },
);
