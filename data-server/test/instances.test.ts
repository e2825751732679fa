// Several data-server instances sharing one Redis and one db-proxy (MariaDB):
// exact concurrent increments through both, no stale read from either after an
// acknowledgement, and the stale-set race across instances.
//
// Redis only: the embedded cache lives inside one process, so two instances
// with it would each keep their own copy; it is documented as single-instance.
import { toBigInt } from '@slg/proto';
import t from 'tap';
import {
  fieldsOf,
  gate,
  insertDirect,
  int,
  startDataServer,
  startDbProxy,
  uniquePrefix,
} from './helpers.ts';

t.test('two instances, one Redis, one db-proxy', async (t) => {
  const proxy = await startDbProxy(t, 'instances');
  const prefix = uniquePrefix('instances');
  let hold:
    | { key: string; reached: ReturnType<typeof gate>; release: ReturnType<typeof gate> }
    | undefined;
  const a = await startDataServer(t, {
    dbProxy: proxy.address,
    cache: 'redis',
    prefix,
    hooks: {
      afterLoad: async (key) => {
        if (!hold || !key.endsWith(hold.key)) return;
        const h = hold;
        hold = undefined;
        h.reached.open();
        await h.release.wait();
      },
    },
  });
  const b = await startDataServer(t, { dbProxy: proxy.address, cache: 'redis', prefix });
  const gold = async (c: typeof a.client, owner: number) =>
    fieldsOf((await c.FetchV2({ table: 'player', ownerId: owner })).record).gold as bigint;

  t.test(
    '64 concurrent IncrByV2 through both: exact total; every later FetchV2 shows at least the acked value',
    async (t) => {
      const owner = 21;
      await a.client.CreateV2({ table: 'player', ownerId: owner, fields: { gold: int(0) } });
      // Both instances have it cached before the storm.
      t.equal(await gold(a.client, owner), 0n);
      t.equal(await gold(b.client, owner), 0n);
      const n = 64;
      const violations: string[] = [];
      let checks = 0;
      const one = async (i: number) => {
        const via = i % 2 === 0 ? a : b;
        const other = i % 2 === 0 ? b : a;
        const delta = i + 1;
        const r = await via.client.IncrByV2({
          table: 'player',
          ownerId: owner,
          field: 'gold',
          delta,
        });
        const acked = toBigInt(r.value);
        // Issued after the acknowledgement, through both instances: never below the acked value.
        const [x, y] = await Promise.all([gold(via.client, owner), gold(other.client, owner)]);
        checks += 2;
        if (x < acked) violations.push(`#${i} via its own instance: ${x} < acked ${acked}`);
        if (y < acked) violations.push(`#${i} via the other instance: ${y} < acked ${acked}`);
      };
      await Promise.all(Array.from({ length: n }, (_, i) => one(i)));
      t.same(violations, [], `no stale read in ${checks} reads after acknowledgements`);
      const total = BigInt((n * (n + 1)) / 2);
      t.equal(await gold(a.client, owner), total, 'exact total through A');
      t.equal(await gold(b.client, owner), total, 'exact total through B');
      for (const c of [a.client, b.client]) {
        const r = await c.InspectV2({ table: 'player', ownerId: owner });
        t.equal(fieldsOf(r.stored).gold, total);
        t.same(fieldsOf(r.served), fieldsOf(r.stored), 'served equals stored');
        t.equal(toBigInt(r.served?.version), BigInt(n + 1), 'one version per write');
      }
    },
  );

  t.test(
    'a write through one instance is seen at once through the other (records and collections)',
    async (t) => {
      const owner = 22;
      await a.client.CreateV2({
        table: 'building',
        ownerId: owner,
        memberId: 1,
        fields: { level: int(1) },
      });
      for (let round = 2; round <= 6; round++) {
        // Cache it on both, write through one, read through the other.
        await a.client.CFetchV2({ table: 'building', ownerId: owner });
        await b.client.CFetchV2({ table: 'building', ownerId: owner });
        await b.client.FetchV2({ table: 'building', ownerId: owner, memberId: 1 });
        const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
        await writer.client.ModifyV2({
          table: 'building',
          ownerId: owner,
          memberId: 1,
          fields: { level: int(round) },
        });
        const rec = await reader.client.FetchV2({ table: 'building', ownerId: owner, memberId: 1 });
        t.equal(fieldsOf(rec.record).level, BigInt(round), `record, round ${round}`);
        const col = await reader.client.CFetchV2({ table: 'building', ownerId: owner });
        t.equal(fieldsOf(col.records[0]).level, BigInt(round), `collection, round ${round}`);
      }
      await b.client.CreateV2({ table: 'building', ownerId: owner, memberId: 2, fields: {} });
      t.equal(
        Number(toBigInt((await a.client.CCountV2({ table: 'building', ownerId: owner })).count)),
        2,
      );
      await a.client.CRemoveV2({ table: 'building', ownerId: owner, all: true });
      t.equal(
        Number(toBigInt((await b.client.CCountV2({ table: 'building', ownerId: owner })).count)),
        0,
      );
      t.equal(
        (await b.client.FetchV2({ table: 'building', ownerId: owner, memberId: 1 })).record,
        null,
      );
    },
  );

  t.test('stale set across instances: A loads the old row, B writes, A cannot fill', async (t) => {
    const owner = 23;
    await insertDirect(proxy.address, 'player', { player_id: owner }, { gold: int(5) });
    hold = { key: `{${owner}}:r:player:0`, reached: gate(), release: gate() };
    const h = hold;
    const slow = a.client.FetchV2({ table: 'player', ownerId: owner });
    await h.reached.wait();
    await b.client.ModifyV2({ table: 'player', ownerId: owner, fields: { gold: int(6) } });
    // B's reads after its acknowledgement, while A's stale fill is still pending:
    t.equal(await gold(b.client, owner), 6n);
    h.release.open();
    t.equal(fieldsOf((await slow).record).gold, 5n, 'the interleaving happened');
    t.equal(await gold(a.client, owner), 6n, 'A serves the write');
    t.equal(await gold(b.client, owner), 6n, 'B serves the write');
    const r = await a.client.InspectV2({ table: 'player', ownerId: owner });
    t.same(fieldsOf(r.served), fieldsOf(r.stored));
  });
});
