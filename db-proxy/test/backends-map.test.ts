// The persisted slot map (DBPROXY_SLOT_MAP=backend) on two private MariaDB servers: seeded once,
// the same for two db-proxy instances, changed while they serve (a move by reshard.ts), a write of
// a frozen slot held until the map changes and then applied once on the new owner. The stale-map
// fence: backends-fence.test.ts.
import t from 'tap';
import { loadDbProxyConfig } from '../src/config.ts';
import { Resharder } from '../src/reshard.ts';
import { slotOf } from '../src/shards.ts';
import { big, client, fieldsOf, int } from './helpers.ts';
import { startProxy, twoServers, until } from './two-servers.ts';

const SLOTS = 1024;

t.test('the persisted slot map: one map for two instances, changed while they serve', async (t) => {
  const s = await twoServers(t);
  const backends = `${s.urls[0]} ${s.urls[1]}`;
  const opts = { slotMap: 'backend' as const, mapRefreshMs: 50, mapLeaseMs: 10_000 };
  const a = await startProxy(t, backends, opts);
  const b = await startProxy(t, backends, opts);
  const version = async () =>
    BigInt((await s.direct(0, 'SELECT version FROM _slg_slot_map_version'))[0]![0] as string);
  t.equal(await version(), 1n, 'seeded once, at version 1');
  const owners = await s.direct(
    0,
    'SELECT owner, COUNT(*) FROM _slg_slot_map GROUP BY owner ORDER BY owner',
  );
  t.same(
    owners.map(([o, n]) => [o, Number(n)]).sort(),
    [
      [s.ids[0], 512],
      [s.ids[1], 512],
    ].sort(),
    'seeded from DBPROXY_BACKENDS: an even split',
  );
  for (const k of [1n, 2n, 3n, 4n])
    t.equal(
      a.app.backends.indexOf(a.app.shards.forKey(k)),
      b.app.backends.indexOf(b.app.shards.forKey(k)),
      `both instances route ${k} to the same backend`,
    );
  const proxies = await s.direct(0, 'SELECT instance, version FROM _slg_proxies');
  t.equal(proxies.length, 2, 'both instances registered');
  t.ok(
    proxies.every(([, v]) => BigInt(v as string) === 1n),
    'both at version 1',
  );

  // Keys of slot range 0-9, on server 0 at first.
  const keys: bigint[] = [];
  for (let k = 1n; keys.length < 8; k++) if (slotOf(k, SLOTS) < 10) keys.push(k);
  for (const k of keys) {
    await a.client.Insert({ table: 'player', fields: { player_id: int(k), gold: int(k) } });
    await b.client.Insert({ table: 'item', fields: { player_id: int(k), item_id: int(1) } });
  }
  t.equal((await s.direct(0, 'SELECT COUNT(*) FROM player'))[0]![0], String(keys.length));

  // A write of a frozen slot waits; the move goes on; the write lands on the new owner.
  const r = new Resharder({
    backends,
    slots: SLOTS,
    schema: loadDbProxyConfig({}).schema,
    pollMs: 10,
  });
  t.teardown(() => r.close());
  // Freeze slot of keys[0] by hand (as the mover's step 2 does) and wait for both acks.
  const held = slotOf(keys[0]!, SLOTS);
  await s.direct(0, 'UPDATE _slg_slot_map SET frozen = 1 WHERE slot = ?', [held]);
  await s.direct(0, 'UPDATE _slg_slot_map_version SET version = version + 1');
  await until(
    async () =>
      (await s.direct(0, 'SELECT COUNT(*) FROM _slg_proxies WHERE version >= 2'))[0]![0] === '2',
    'both acks of version 2',
  );
  let settled = false;
  // A long deadline: the write is held for the whole move (seconds on a loaded machine).
  const patient = client(a.address, 50_000);
  t.teardown(() => patient.close());
  const write = patient
    .Increment({ table: 'player', key: [int(keys[0]!)], field: 'gold', delta: 100 })
    .finally(() => {
      settled = true;
    });
  const read = await b.client.Get({ table: 'player', key: [int(keys[0]!)] });
  t.equal(fieldsOf(read.row).gold, keys[0], 'reads of a frozen slot are served');
  // The write is held: after a full refresh of both instances it is still pending.
  const v = await version();
  await s.direct(0, 'UPDATE _slg_slot_map_version SET version = version + 1');
  await until(
    async () =>
      (
        await s.direct(0, 'SELECT COUNT(*) FROM _slg_proxies WHERE version > ?', [String(v)])
      )[0]![0] === '2',
    'both acks',
  );
  t.equal(settled, false, 'a write of a frozen slot is held');
  const moveStart = Date.now();
  const report = await r.move(
    Array.from({ length: 10 }, (_, i) => i),
    s.urls[1]!,
  );
  t.same(
    report.slots,
    Array.from({ length: 10 }, (_, i) => i),
    'slots 0-9 moved',
  );
  t.comment(`move of 10 slots: ${Date.now() - moveStart} ms, writes held ${report.frozenMs} ms`);
  t.equal(report.cleaned, keys.length * 2, 'their rows removed from the old owner');
  const done = await write;
  t.equal(big(done.value), keys[0]! + 100n, 'the held write applied once, after the move');
  t.equal(
    (await s.direct(0, 'SELECT COUNT(*) FROM player'))[0]![0],
    '0',
    'nothing left on server 0',
  );
  t.equal((await s.direct(1, 'SELECT COUNT(*) FROM player'))[0]![0], String(keys.length));
  const gold = await s.direct(1, 'SELECT gold FROM player WHERE player_id = ?', [String(keys[0])]);
  t.equal(gold[0]![0], String(keys[0]! + 100n), 'on the new owner');
  for (const p of [a, b]) {
    t.equal(
      p.app.shards.forKey(keys[1]!),
      p.app.backends[1],
      'each instance routes to the new owner',
    );
    const row = await p.client.Get({ table: 'player', key: [int(keys[1]!)] });
    t.equal(fieldsOf(row.row).gold, keys[1]);
    t.equal(big((await p.client.Count({ table: 'item', shardKey: int(keys[1]!) })).count), 1n);
  }
  t.equal(
    (
      await s.direct(0, 'SELECT COUNT(*) FROM _slg_slot_map WHERE owner = ? AND slot < 10', [
        s.ids[1],
      ])
    )[0]![0],
    '10',
  );
});
