// Start-up inputs: environment variables, the schema file, the named queries —
// each checked whole, every problem reported at once.
import { ConfigError } from '@slg/service-kit';
import t from 'tap';
import { defaults, loadDbProxyConfig } from '../src/config.ts';
import { compile, loadQueries } from '../src/queries.ts';
import { defaultSchemaPath, loadSchema, SchemaError } from '../src/schema.ts';

t.test('environment: laptop defaults', async (t) => {
  const c = loadDbProxyConfig({});
  t.equal(c.port, 50051);
  t.equal(c.metricsPort, 9101);
  t.equal(c.host, '127.0.0.1');
  t.match(
    c.backends,
    /^sqlite:.*db-proxy\/\.data\/dbproxy\.sqlite$/,
    'embedded SQLite when no MySQL is configured',
  );
  t.equal(c.slots, 1024);
  t.same(c.limits, defaults.limits);
  const d = loadDbProxyConfig({ DBPROXY_DATA_DIR: '/var/lib/dbp' });
  t.equal(d.backends, 'sqlite:/var/lib/dbp/dbproxy.sqlite');
  const m = loadDbProxyConfig({
    DBPROXY_BACKENDS: 'mysql://root@db:3306/slg_0 mysql://root@db:3306/slg_1',
    DBPROXY_POOL_SIZE: '8',
  });
  t.equal(m.poolSize, 8);
  t.equal(m.backends, 'mysql://root@db:3306/slg_0 mysql://root@db:3306/slg_1');
});

t.test('environment: every problem at once, each naming its variable', async (t) => {
  const err = t.throws(() =>
    loadDbProxyConfig({
      DBPROXY_PORT: 'abc',
      DBPROXY_POOL_SIZE: '0',
      DBPROXY_DEFAULT_PAGE_SIZE: '5000',
      DBPROXY_BACKENDS: 'postgres://x/y',
      LOG_LEVEL: 'loud',
    }),
  ) as ConfigError;
  t.type(err, ConfigError);
  t.equal(err.problems.length, 5, err.message);
  t.match(err.message, /DBPROXY_PORT="abc"/);
  t.match(err.message, /LOG_LEVEL="loud"/);
  t.match(err.message, /DBPROXY_POOL_SIZE="0": must be an integer from 1 to 1000/);
  t.match(err.message, /DBPROXY_DEFAULT_PAGE_SIZE: must not exceed DBPROXY_MAX_PAGE_SIZE/);
  t.match(err.message, /DBPROXY_BACKENDS: postgres:\/\/x\/y: unknown scheme/);
});

t.test('the default game schema', async (t) => {
  const s = loadSchema(defaultSchemaPath);
  t.same(
    [...s.tables.keys()],
    ['player', 'building', 'troop', 'item', 'mail'].concat(
      ['map_world', 'map_region', 'map_city', 'map_field', 'map_monster', 'map_march_ref'],
      ['map_march'],
      ['map_report'],
    ),
  );
  const mail = s.tables.get('mail')!;
  t.same(
    mail.primaryKey.map((c) => c.name),
    ['player_id', 'mail_id'],
  );
  t.equal(mail.shardKey.name, 'player_id');
  t.same(
    mail.rest.map((c) => c.name),
    ['mail_id'],
  );
  t.equal(mail.byName.get('body')?.maxLength, 4096);
  t.same(mail.byName.get('attachment')?.default, Buffer.alloc(0));
  t.equal(s.tables.get('player')!.byName.get('level')?.default, 1n);
});

t.test('a bad schema: every problem listed', async (t) => {
  const err = t.throws(() =>
    loadSchema({
      tables: {
        'Bad-Name': { primaryKey: ['id'], columns: { id: { type: 'int64' } } },
        ok: { primaryKey: ['owner', 'missing'], columns: { owner: { type: 'int64' } } },
        strkey: { primaryKey: ['name'], columns: { name: { type: 'string', maxLength: 32 } } },
        ver: { primaryKey: ['id'], columns: { id: { type: 'int64' }, version: { type: 'int64' } } },
        cached: { primaryKey: ['id'], cache: 'yes', columns: { id: { type: 'int64' } } },
        types: {
          primaryKey: ['id'],
          columns: {
            id: { type: 'int64' },
            a: { type: 'float32' },
            b: { type: 'int64', maxLength: 3 },
            c: { type: 'string', maxLength: 4, default: 'too long' },
            d: { type: 'int64', default: 1.5 },
            e: { type: 'bool', extra: 1 },
          },
        },
      },
    }),
  ) as SchemaError;
  t.type(err, SchemaError);
  for (const p of [
    /tables\.Bad-Name: a table name must match/,
    /tables\.ok\.primaryKey: "missing" is not a column/,
    /tables\.strkey\.primaryKey: the first key column \(the shard key\) "name" must be int64/,
    /tables\.ver\.columns\.version: "version" is the implicit version column/,
    /tables\.types\.columns\.a\.type: must be one of int64, double, string, bool, bytes/,
    /tables\.types\.columns\.b\.maxLength: only string and bytes have one/,
    /tables\.types\.columns\.c\.default: longer than maxLength/,
    /tables\.types\.columns\.d\.default: an int64 default is an integer/,
    /tables\.types\.columns\.e: unknown property "extra"/,
    /tables\.cached\.cache: must be true or false, not "yes"/,
  ]) {
    t.match(err.message, p);
  }
  t.equal(err.problems.length, 10, err.message);
});

t.test('named queries: placeholders, dialects, and mistakes', async (t) => {
  t.same(compile("SELECT ':no' AS a, `x:y`, :a + :b -- :comment\n FROM t WHERE c = :a;"), {
    sql: "SELECT ':no' AS a, `x:y`, ? + ? \n FROM t WHERE c = ?",
    order: ['a', 'b', 'a'],
    uses: ['other', 'other', 'other'],
    statements: 1,
    rowsUncapped: true,
  });
  const q = loadQueries({
    queries: {
      both: { params: { k: 'string' }, sql: 'SELECT 1 FROM t WHERE k = :k AND o = :shard_key' },
      split: { mode: 'write', sql: { mysql: 'DO SLEEP(0)' } },
    },
  });
  // A read without a LIMIT of its own gets the row cap, bound as a parameter of its own.
  t.same(q.get('both')?.statements.mysql?.order, ['k', 'shard_key', 'slg_row_cap']);
  t.equal(
    q.get('both')?.statements.sqlite?.statement.sql,
    'SELECT 1 FROM t WHERE k = ? AND o = ? LIMIT ?',
  );
  t.equal(q.get('split')?.statements.sqlite, undefined);
  t.equal(q.get('split')?.mode, 'write');
  const err = t.throws(() =>
    loadQueries({
      queries: {
        a: { params: { x: 'int64' }, sql: 'SELECT :y' },
        b: { params: { shard_key: 'int64' }, sql: 'SELECT :shard_key' },
        c: { sql: 'SELECT 1; DROP TABLE t' },
        d: { mode: 'sometimes', sql: { oracle: 'SELECT 1' } },
      },
    }),
  ) as Error;
  for (const p of [
    /queries\.a\.sql: :y is not a declared parameter/,
    /queries\.a\.sql: parameter x is never used/,
    /queries\.b\.params\.shard_key: :shard_key is implicit/,
    /queries\.c\.sql: one statement only/,
    /queries\.d\.mode: "read" or "write"/,
    /queries\.d\.sql: unknown dialect "oracle"/,
  ]) {
    t.match(err.message, p);
  }
  t.doesNotThrow(
    () => loadQueries(new URL('../config/queries.json', import.meta.url)),
    'the shipped queries load',
  );
});
