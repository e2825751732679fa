// The stale-map fence of the persisted slot map: db-proxy over a private MariaDB (the control
// backend, first in DBPROXY_BACKENDS) and a database of the local MariaDB. With the control server
// killed, the instance cannot refresh the map: after its lease it answers UNAVAILABLE even for
// keys of the other backend, and its health is NOT_SERVING; once the server is back it serves again.

import { PrivateMariaDb } from '@slg/test-kit/private-mariadb';
import t from 'tap';
import { slotOf } from '../src/shards.ts';
import { dropDatabases, failure, fieldsOf, int, MYSQL } from './helpers.ts';
import { startProxy, until } from './two-servers.ts';

t.test('an instance that cannot refresh the map stops serving, then serves again', async (t) => {
  const control = await PrivateMariaDb.start();
  t.teardown(() => control.destroy());
  const other = `dbpt_fence_${process.pid}`;
  await dropDatabases([other]);
  t.teardown(() => dropDatabases([other]));
  const p = await startProxy(
    t,
    `mysql://root@127.0.0.1:${control.port}/slg mysql://root@${MYSQL.host}:${MYSQL.port}/${other}`,
    { slotMap: 'backend', mapRefreshMs: 50, mapLeaseMs: 2000 },
  );
  let key = 1n;
  while (slotOf(key, 1024) < 512) key++; // a key of the second backend (the even split)
  t.equal(p.app.shards.forKey(key), p.app.backends[1]);
  await p.client.Insert({ table: 'player', fields: { player_id: int(key), gold: int(7) } });

  await control.down();
  // Until the lease runs out the instance still serves; a call may also miss its deadline on a
  // busy machine meanwhile (a CI run got one DEADLINE_EXCEEDED first). Polled until the fence.
  let stale: { code: string; message: string } | null = null;
  const before: string[] = [];
  await until(
    async () => {
      stale = await failure(p.client.Get({ table: 'player', key: [int(key)] })).catch(() => null);
      if (stale && !/slot map could not be refreshed/.test(stale.message)) before.push(stale.code);
      return stale !== null && /slot map could not be refreshed/.test(stale.message);
    },
    'the fenced refusal',
    20_000,
  );
  t.match(
    stale,
    { code: 'UNAVAILABLE', message: /slot map could not be refreshed/ },
    'UNAVAILABLE for a key of the backend that is up',
  );
  t.same(
    before.filter((c) => c !== 'DEADLINE_EXCEEDED' && c !== 'UNAVAILABLE'),
    [],
    `before the fence, only deadlines or unavailability (${before.join(', ') || 'none'})`,
  );
  await p.app.checkHealth();
  t.equal(p.app.serving(), false, 'health: NOT_SERVING');

  await control.up();
  let back: unknown;
  await until(
    async () => {
      back = await p.client
        .Get({ table: 'player', key: [int(key)] })
        .then((r) => fieldsOf(r.row).gold)
        .catch(() => undefined);
      return back !== undefined;
    },
    'serving again',
    30_000,
  );
  t.equal(back, 7n, 'serving again once the control backend is back');
  await p.app.checkHealth();
  t.equal(p.app.serving(), true, 'health: SERVING');
});
