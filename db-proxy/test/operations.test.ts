// Operations: /metrics (pool gauges per backend, statement latency, RPC
// latency and errors by status), the slow-query log, health with unreachable
// backends, idempotent migrations, and the prepared-statement budget.
import { Writable } from 'node:stream';
import { grpc, grpc_health_v1_HealthDefinition } from '@slg/proto';
import { createGrpcClient, createLogger } from '@slg/service-kit';
import { pino } from 'pino';
import t from 'tap';
import { build, configWith, loadSchema } from '../src/index.ts';
import { MigrationError, migrate } from '../src/migrate.ts';
import { client, failure, fieldsOf, int, kinds, startProxy } from './helpers.ts';

const Status = grpc.health.v1.HealthCheckResponse.ServingStatus;
const quiet = () => createLogger({ name: 'db-proxy', level: 'silent' });

/** A logger whose JSON lines land in `lines`. */
function capture(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return pino({ name: 'db-proxy', level: 'info' }, stream);
}

const countQuery = {
  queries: {
    count_to: {
      description: 'a deliberately slow statement that runs on both dialects',
      params: { n: 'int64' },
      sql: {
        // MariaDB caps recursion (max_recursive_iterations): a short sleep is its slow statement.
        mysql: 'SELECT CAST(:n AS SIGNED) AS n FROM (SELECT SLEEP(0.1) AS s) AS slow',
        sqlite:
          'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < :n) SELECT COUNT(*) AS n FROM c',
      },
    },
  },
};

function metricLine(
  text: string,
  name: string,
  labels: Record<string, string>,
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').at(-1));
  }
  return undefined;
}

for (const kind of kinds()) {
  t.test(
    `${kind}: /metrics shows pools, statements, RPC latency and errors by status`,
    async (t) => {
      // No health ping during the test: a ping holds a pool connection, and one caught in
      // flight by the scrape would show as "in use".
      const h = await startProxy(t, kind, `metrics_${kind}`, {
        metricsPort: 0,
        healthIntervalMs: 600_000,
      });
      const c = h.client;
      await c.Insert({ table: 'player', fields: { player_id: int(7001) } });
      for (let i = 0; i < 3; i++) await c.Get({ table: 'player', key: [int(7001)] });
      // A missing row is an answer (OK, no row), not an error.
      t.notOk((await c.Get({ table: 'player', key: [int(7002)] })).row, '7002 has no row');
      await failure(c.Get({ table: 'nope', key: [int(7002)] }));
      const text = await (await fetch(`http://127.0.0.1:${h.app.metricsPort}/metrics`)).text();
      for (const b of h.app.backends) {
        t.equal(
          metricLine(text, 'dbproxy_pool_connections', { backend: b.name, state: 'in_use' }),
          0,
          `${b.name} in use`,
        );
        t.type(
          metricLine(text, 'dbproxy_pool_connections', { backend: b.name, state: 'idle' }),
          'number',
          'idle',
        );
        t.equal(metricLine(text, 'dbproxy_pool_waiting', { backend: b.name }), 0, 'waiting');
        t.equal(
          metricLine(text, 'dbproxy_pool_max_connections', { backend: b.name }),
          kind === 'mysql' ? 16 : 1,
        );
        t.equal(metricLine(text, 'dbproxy_backend_up', { backend: b.name }), 1, 'up');
      }
      const owner = h.app.shards.forKey(7001n).name;
      const other = h.app.shards.forKey(7002n).name;
      const gets = (b: string) =>
        metricLine(text, 'dbproxy_statement_duration_seconds_count', {
          backend: b,
          statement: 'get player',
        }) ?? 0;
      t.equal(
        owner === other ? gets(owner) : gets(owner) + gets(other),
        4,
        'four Gets reached a backend',
      );
      const rpc = { grpc_service: 'slg.dbproxy.v1.DbProxy', grpc_method: 'Get' };
      t.equal(
        metricLine(text, 'grpc_server_handling_seconds_count', { ...rpc, grpc_code: 'OK' }),
        4,
        'the Get of a missing row counts as OK',
      );
      t.equal(
        metricLine(text, 'grpc_server_handling_seconds_count', { ...rpc, grpc_code: 'NOT_FOUND' }),
        undefined,
      );
      t.equal(
        metricLine(text, 'grpc_server_errors_total', { ...rpc, grpc_code: 'NOT_FOUND' }),
        undefined,
        'and not as a server error',
      );
      t.equal(
        metricLine(text, 'grpc_server_errors_total', { ...rpc, grpc_code: 'INVALID_ARGUMENT' }),
        1,
      );
      t.match(text, /process_resident_memory_bytes \d+/, 'process metrics');
    },
  );

  t.test(`${kind}: the slow-query log`, async (t) => {
    const lines: Record<string, unknown>[] = [];
    const h = await startProxy(t, kind, `slow_${kind}`, {
      slowQueryMs: 20,
      queries: countQuery,
      metricsPort: 0,
    });
    await h.app.close();
    // The same backends, with a logger the test reads.
    const app = await build(
      configWith({
        backends: h.app.config.backends,
        port: 0,
        metricsPort: null,
        slowQueryMs: 20,
        queries: countQuery,
      }),
      { logger: capture(lines) },
    );
    t.teardown(() => app.close());
    const { port } = await app.listen();
    const c = client(`127.0.0.1:${port}`);
    t.teardown(() => c.close());
    await c.Insert({ table: 'player', fields: { player_id: int(7101) } });
    const before = lines.filter((l) => l.msg === 'slow query').length;
    const r = await c.Query({
      name: 'count_to',
      shardKey: int(7101),
      params: { n: int(1_500_000) },
    });
    t.same(fieldsOf(r.rows[0]), { n: 1_500_000n });
    const slow = lines.filter((l) => l.msg === 'slow query').slice(before);
    t.equal(slow.length, 1, 'the slow statement was logged once');
    t.match(slow[0], {
      level: 40,
      statement: 'query count_to',
      sql: /SLEEP|RECURSIVE/,
      backend: app.shards.forKey(7101n).name,
    });
    t.ok((slow[0]?.ms as number) >= 20, `${slow[0]?.ms} ms`);
    t.notMatch(JSON.stringify(slow[0]), /1500000/, 'parameter values are not logged');
  });

  t.test(
    `${kind}: migrations are idempotent, add new columns, refuse a changed primary key`,
    async (t) => {
      const h = await startProxy(t, kind, `migrate_${kind}`);
      await h.client.Insert({ table: 'player', fields: { player_id: int(7201), gold: int(3) } });
      const schema = h.app.schema;
      const b = h.app.shards.forKey(7201n);
      t.same(
        await migrate(b, schema),
        { created: [], added: [], unknown: [] },
        'a second run changes nothing',
      );
      const raw = JSON.parse(
        JSON.stringify({
          tables: Object.fromEntries([...schema.tables].map(([n, tb]) => [n, tableJson(tb)])),
        }),
      );
      raw.tables.player.columns.gems = { type: 'int64', default: 5 };
      raw.tables.player.columns.motto = { type: 'string', maxLength: 64, default: "it's \\ fine" };
      raw.tables.quest = {
        primaryKey: ['player_id', 'quest_id'],
        columns: {
          player_id: { type: 'int64' },
          quest_id: { type: 'int64' },
          done: { type: 'bool', default: false },
        },
      };
      const grown = loadSchema(raw);
      const report = await migrate(b, grown);
      t.same(report, { created: ['quest'], added: ['player.gems', 'player.motto'], unknown: [] });
      t.same(await migrate(b, grown), { created: [], added: [], unknown: [] }, 'and is idempotent');
      t.same(
        await migrate(b, schema),
        { created: [], added: [], unknown: ['player.gems', 'player.motto'] },
        'unknown columns are left alone',
      );
      const app = await build(
        configWith({ backends: h.app.config.backends, port: 0, metricsPort: null, schema: raw }),
        {
          logger: quiet(),
        },
      );
      t.teardown(() => app.close());
      const { port } = await app.listen();
      const c = client(`127.0.0.1:${port}`);
      t.teardown(() => c.close());
      const f = fieldsOf((await c.Get({ table: 'player', key: [int(7201)] })).row);
      t.same(
        [f.gold, f.gems, f.motto],
        [3n, 5n, "it's \\ fine"],
        'an existing row reads the new columns as their defaults',
      );
      await c.Insert({
        table: 'quest',
        fields: { player_id: int(7201), quest_id: int(1), done: { bool: true } },
      });
      t.equal(fieldsOf((await c.Get({ table: 'quest', key: [int(7201), int(1)] })).row).done, true);
      raw.tables.item.primaryKey = ['player_id', 'kind'];
      raw.tables.item.columns.kind.maxLength = 32;
      await t.rejects(migrate(b, loadSchema(raw)), MigrationError);
      await t.rejects(
        migrate(b, loadSchema(raw)),
        /table item has the primary key \(player_id, item_id\) but the schema says \(player_id, kind\)/,
      );
    },
  );

  // Once, not per kind: it builds its own backends, one of each (an embedded SQLite backend has
  // nothing that could be unreachable on its own).
  if (kind !== 'mysql') continue;
  t.test('health with a backend that is unreachable', async (t) => {
    // One reachable SQLite shard and one MariaDB shard on a closed port.
    const dir = (await startProxy(t, 'sqlite', 'health_mixed')).locations[0]!;
    const app = await build(
      configWith({
        backends: `sqlite:${dir}.mixed mysql://root@127.0.0.1:1/nowhere`,
        port: 0,
        metricsPort: null,
        healthIntervalMs: 100,
      }),
      { logger: quiet() },
    );
    t.teardown(() => app.close());
    const { port } = await app.listen();
    const health = createGrpcClient(grpc_health_v1_HealthDefinition, `127.0.0.1:${port}`, {
      deadlineMs: 2000,
    });
    t.teardown(() => health.close());
    const check = async () =>
      (await health.Check(grpc.health.v1.HealthCheckRequest.create({ service: '' }))).status;
    t.equal(await check(), Status.SERVING, 'SERVING while one backend is reachable');
    const c = client(`127.0.0.1:${port}`);
    t.teardown(() => c.close());
    const down = [...Array(50).keys()]
      .map((i) => BigInt(i))
      .find((k) => app.shards.forKey(k).dialect === 'mysql')!;
    const up = [...Array(50).keys()]
      .map((i) => BigInt(i))
      .find((k) => app.shards.forKey(k).dialect === 'sqlite')!;
    const err = await failure(c.Get({ table: 'player', key: [int(down)] }));
    t.equal(err.code, 'UNAVAILABLE');
    t.match(err.message, /mysql:\/\/127\.0\.0\.1:1\/nowhere .* is not ready/);
    await c.Insert({ table: 'player', fields: { player_id: int(up) } });
    t.ok((await c.Get({ table: 'player', key: [int(up)] })).row, 'the reachable shard serves');

    const only = await build(
      configWith({
        backends: 'mysql://root@127.0.0.1:1/nowhere',
        port: 0,
        metricsPort: null,
        healthIntervalMs: 100,
      }),
      { logger: quiet() },
    );
    t.teardown(() => only.close());
    const p2 = (await only.listen()).port;
    const h2 = createGrpcClient(grpc_health_v1_HealthDefinition, `127.0.0.1:${p2}`, {
      deadlineMs: 2000,
    });
    t.teardown(() => h2.close());
    for (const service of ['', 'slg.dbproxy.v1.DbProxy']) {
      t.equal(
        (await h2.Check(grpc.health.v1.HealthCheckRequest.create({ service }))).status,
        Status.NOT_SERVING,
        `NOT_SERVING ("${service}") while no backend is reachable`,
      );
    }
  });
}

t.test('mysql: the prepared-statement budget is checked at start', async (t) => {
  if (!kinds().includes('mysql')) return;
  await t.rejects(
    build(
      configWith({
        backends: `mysql://root@127.0.0.1:3306/dbpt_budget_${process.pid}_0 mysql://root@127.0.0.1:3306/dbpt_budget_${process.pid}_1`,
        port: 0,
        metricsPort: null,
        poolSize: 100,
        statementCacheSize: 100,
      }),
      { logger: quiet() },
    ),
    /2 pool\(s\) x 100 connections x 100 cached statements = 20000 prepared statements, not under the server's max_prepared_stmt_count 16382/,
  );
  const { dropDatabases } = await import('./helpers.ts');
  await dropDatabases([`dbpt_budget_${process.pid}_0`, `dbpt_budget_${process.pid}_1`]);
});

function tableJson(tb: {
  primaryKey: readonly { name: string }[];
  columns: readonly { name: string; type: string; maxLength: number; default: unknown }[];
}) {
  return {
    primaryKey: tb.primaryKey.map((c) => c.name),
    columns: Object.fromEntries(
      tb.columns.map((c) => [
        c.name,
        {
          type: c.type,
          ...(c.type === 'string' || c.type === 'bytes' ? { maxLength: c.maxLength } : {}),
          ...(c.type === 'bytes' || c.default === null
            ? {}
            : { default: typeof c.default === 'bigint' ? c.default.toString() : c.default }),
        },
      ]),
    ),
  };
}
