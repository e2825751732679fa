// The operator's command (`npm run reshard -w @slg/db-proxy`, src/reshard-main.ts) as a process,
// beside a db-proxy on the persisted slot map over two databases of the local MariaDB: `status`
// shows the map and the instance, `move` moves slots while it serves (rows on the new owner only,
// the instance routes there); a backend not in DBPROXY_BACKENDS is refused.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import { Resharder } from '../src/reshard.ts';
import { defaultSchemaPath } from '../src/schema.ts';
import { slotOf } from '../src/shards.ts';
import { dropDatabases, fieldsOf, int, MYSQL } from './helpers.ts';
import { startProxy } from './two-servers.ts';

const run = promisify(execFile);
const main = fileURLToPath(new URL('../src/reshard-main.ts', import.meta.url));
const dbs = [`dbpt_reshard_cli_${process.pid}_0`, `dbpt_reshard_cli_${process.pid}_1`];
const urls = dbs.map((d) => `mysql://root@${MYSQL.host}:${MYSQL.port}/${d}`);
const ids = dbs.map((d) => `${MYSQL.host}:${MYSQL.port}/${d}`);

t.test('reshard status and move, as a process, beside a serving db-proxy', async (t) => {
  await dropDatabases(dbs);
  t.teardown(() => dropDatabases(dbs));
  const backends = urls.join(' ');
  const p = await startProxy(t, backends, {
    slotMap: 'backend',
    mapRefreshMs: 50,
    mapLeaseMs: 15_000,
  });
  const keys: bigint[] = [];
  for (let k = 1n; keys.length < 6; k++) if (slotOf(k, 1024) < 4) keys.push(k);
  for (const k of keys)
    await p.client.Insert({ table: 'player', fields: { player_id: int(k), gold: int(k) } });

  const env = { ...process.env, DBPROXY_BACKENDS: backends, DBPROXY_SLOT_MAP: 'backend' };
  const status = JSON.parse((await run(process.execPath, [main, 'status'], { env })).stdout);
  t.equal(status.version, '1');
  t.same(status.owners, { [ids[0]!]: '0-511', [ids[1]!]: '512-1023' }, 'status: the owners');
  t.equal(status.proxies.length, 1, 'status: the serving instance');
  t.equal(status.proxies[0].version, '1');

  const moved = await run(process.execPath, [main, 'move', '0-3', urls[1]!], {
    env: { ...env, RESHARD_ACK_TIMEOUT_MS: '8000' },
  }).catch((e: { stdout: string; stderr: string }) => {
    t.comment(e.stdout, e.stderr);
    throw e;
  });
  const lines = moved.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { msg: string; slots?: unknown; cleaned?: number });
  t.same(
    lines.map((l) => l.msg),
    ['copy', 'frozen', 'unfrozen', 'moved'],
    'move: one line per step',
  );
  t.same(lines.at(-1)!.slots, [0, 1, 2, 3]);
  t.equal(lines.at(-1)!.cleaned, keys.length, 'the rows removed from the old owner');
  for (const k of keys) {
    t.equal(p.app.shards.forKey(k), p.app.backends[1], `${k} routed to the new owner`);
    const row = await p.client.Get({ table: 'player', key: [int(k)] });
    t.equal(fieldsOf(row.row).gold, k, `${k} read from the new owner`);
  }

  // A target that is not one of DBPROXY_BACKENDS is refused before anything changes (in-process:
  // each run of the command costs seconds of start-up on a busy machine).
  const r = new Resharder({ backends, slots: 1024, schema: defaultSchemaPath });
  t.teardown(() => r.close());
  await t.rejects(r.move([9], 'mysql://root@127.0.0.1:1/x'), /not one of DBPROXY_BACKENDS/);
  t.equal((await r.map()).version, 4n, 'the map unchanged by the refused move');
});
