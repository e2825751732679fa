// Resharding under a write load: two private MariaDB servers, two db-proxy instances on the
// persisted slot map, writers through both keeping a ledger of every acknowledged write (inserts,
// increments, batches, deletes) and reading through the other instance; meanwhile slots 0-255
// move from server 0 to server 1 and slots 512-767 from server 1 to server 0. Afterwards every
// acknowledged write is on its slot's new owner exactly once, nothing is left on the old one,
// nothing is duplicated, and no read missed a write acknowledged before it began.
import t from 'tap';
import { loadDbProxyConfig } from '../src/config.ts';
import { Resharder } from '../src/reshard.ts';
import { slotOf } from '../src/shards.ts';
import { big, type Client, client, fieldsOf, int, str } from './helpers.ts';
import { startProxy, twoServers, until } from './two-servers.ts';

const SLOTS = 1024;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

t.test('slots move between two servers under writes: nothing lost, nothing doubled', async (t) => {
  const t0 = Date.now();
  const at = (what: string) => t.comment(`${what}: +${Date.now() - t0} ms`);
  const s = await twoServers(t);
  at('two servers up');
  const backends = `${s.urls[0]} ${s.urls[1]}`;
  const opts = { slotMap: 'backend' as const, mapRefreshMs: 100, mapLeaseMs: 10_000 };
  const proxies = [await startProxy(t, backends, opts), await startProxy(t, backends, opts)];
  at('two db-proxy instances up');
  const clients: Client[] = proxies.map((p) => client(p.address, 40_000));
  t.teardown(() => {
    for (const c of clients) c.close();
  });

  // 8 players in each quarter of the slots.
  const players: bigint[] = [];
  const perQuarter = [0, 0, 0, 0];
  for (let k = 1n; players.length < 32; k++) {
    const q = Math.floor(slotOf(k, SLOTS) / 256);
    if (perQuarter[q]! < 8) {
      perQuarter[q]!++;
      players.push(k);
    }
  }
  for (const p of players)
    await clients[0]!.Insert({ table: 'player', fields: { player_id: int(p) } });

  // The ledger: what was acknowledged, and what failed in a way that may or may not have applied.
  const items = new Map<string, bigint>(); // "player:item" -> player
  const deletedItems = new Set<string>();
  const maybeItems = new Set<string>();
  const mails = new Set<string>();
  const maybeMails = new Set<string>();
  const gold = new Map<bigint, number>(players.map((p) => [p, 0]));
  const maybeGold = new Map<bigint, number>(players.map((p) => [p, 0]));
  const power = new Map<bigint, number>(players.map((p) => [p, 0]));
  const maybePower = new Map<bigint, number>(players.map((p) => [p, 0]));
  const unexpected: string[] = [];
  const staleReads: string[] = [];
  let acked = 0;
  let nextId = 1n;
  let stop = false;
  const ambiguous = (code: string) =>
    ['DEADLINE_EXCEEDED', 'UNAVAILABLE', 'CANCELLED'].includes(code);

  let seed = 12345;
  const rand = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % n; // the high bits: the low ones of an LCG repeat quickly
  };

  const writer = async (w: number) => {
    const c = clients[w % 2]!;
    const other = clients[(w + 1) % 2]!;
    while (!stop) {
      const p = players[rand(players.length)]!;
      const op = rand(10);
      const id = nextId++;
      try {
        if (op < 3) {
          const k = `${p}:${id}`;
          try {
            await c.Insert({
              table: 'item',
              fields: { player_id: int(p), item_id: int(id), count: int(1) },
            });
          } catch (err) {
            maybeItems.add(k);
            throw err;
          }
          items.set(k, p);
        } else if (op < 6) {
          try {
            await c.Increment({ table: 'player', key: [int(p)], field: 'gold', delta: 1 });
          } catch (err) {
            maybeGold.set(p, maybeGold.get(p)! + 1);
            throw err;
          }
          gold.set(p, gold.get(p)! + 1);
        } else if (op < 8) {
          const k = `${p}:${id}`;
          try {
            await c.Batch({
              ops: [
                {
                  insert: {
                    table: 'mail',
                    fields: { player_id: int(p), mail_id: int(id), subject: str(k) },
                  },
                },
                { increment: { table: 'player', key: [int(p)], field: 'power', delta: 1 } },
              ],
            });
          } catch (err) {
            maybeMails.add(k);
            maybePower.set(p, maybePower.get(p)! + 1);
            throw err;
          }
          mails.add(k);
          power.set(p, power.get(p)! + 1);
        } else if (op < 9) {
          const mine = [...items].find(
            ([k, owner]) => owner === p && !deletedItems.has(k) && !maybeItems.has(k),
          );
          if (!mine) continue;
          const [k] = mine;
          deletedItems.add(k); // nobody else deletes it
          try {
            await c.Delete({ table: 'item', key: [int(p), int(BigInt(k.split(':')[1]!))] });
          } catch (err) {
            maybeItems.add(k);
            throw err;
          }
          items.delete(k);
        } else {
          // A read through the other instance sees every increment acknowledged before it began.
          const before = gold.get(p)!;
          const row = await other.Get({ table: 'player', key: [int(p)] });
          const seen = Number(fieldsOf(row.row).gold);
          if (seen < before)
            staleReads.push(`player ${p}: read gold ${seen} after ${before} acknowledged`);
        }
        acked++;
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (!ambiguous(code)) unexpected.push(`${code} ${(err as Error).message}`);
      }
    }
  };

  const writers = range(0, 3).map(writer);
  const resharder = new Resharder({
    backends,
    slots: SLOTS,
    schema: loadDbProxyConfig({}).schema,
    pollMs: 10,
    ackTimeoutMs: 20_000,
  });
  t.teardown(() => resharder.close());

  at('players seeded');
  await until(() => acked >= 60, '60 acknowledged writes before the first move');
  at('60 writes');
  const before1 = acked;
  const m1 = await resharder.move(range(0, 255), s.urls[1]!);
  t.comment(
    `move 1 (256 slots, 0 -> 1): writes held ${m1.frozenMs} ms, ${acked - before1} writes acknowledged during it, copied ${m1.copied.rows}, caught up ${m1.caughtUp.rows} rows`,
  );
  t.equal(m1.slots.length, 256, 'move 1: 256 slots');
  t.ok(m1.copied.rows + m1.caughtUp.rows > 8, 'move 1 carried collections, not only the 8 players');
  at('move 1 done');
  const before2 = acked;
  const m2 = await resharder.move(range(512, 767), s.urls[0]!);
  t.comment(
    `move 2 (256 slots, 1 -> 0): writes held ${m2.frozenMs} ms, ${acked - before2} writes acknowledged during it, copied ${m2.copied.rows}, caught up ${m2.caughtUp.rows} rows`,
  );
  t.equal(m2.slots.length, 256, 'move 2: 256 slots');
  t.ok(m2.copied.rows + m2.caughtUp.rows > 8, 'move 2 carried collections, not only the 8 players');
  t.ok(acked - before1 > 0, 'writes were acknowledged while the slots moved');
  at('move 2 done');
  const after = acked;
  await until(() => acked >= after + 40, '40 more writes on the new owners');
  stop = true;
  await Promise.all(writers);
  t.comment(`${acked} writes acknowledged; ${maybeItems.size + maybeMails.size} ambiguous`);

  at('writers stopped');
  t.same(unexpected, [], 'no write failed but for a deadline or an outage');
  t.same(staleReads, [], 'no read missed an acknowledged increment');

  // The map: server 0 owns 256-767, server 1 the rest, both instances route by it.
  const ownerOf = (p: bigint) => {
    const slot = slotOf(p, SLOTS);
    return slot >= 256 && slot < 768 ? 0 : 1;
  };
  const map = await resharder.map();
  t.ok(
    map.slots.every((r) => r.owner === s.ids[r.slot >= 256 && r.slot < 768 ? 0 : 1]),
    'the map after both moves',
  );
  t.ok(
    map.slots.every((r) => !r.frozen && r.movedFrom === null),
    'nothing frozen or unfinished',
  );
  for (const p of proxies)
    t.ok(
      players.every((k) => p.app.shards.forKey(k) === p.app.backends[ownerOf(k)]),
      'each instance routes by it',
    );

  // Every row on its slot's owner only, each once.
  const stored = async (sql: string) =>
    (await Promise.all([0, 1].map((i) => s.direct(i, sql)))).map((rows) =>
      rows.map((r) => r.map(String)),
    );
  for (const table of ['player', 'item', 'mail']) {
    const rows = await stored(`SELECT player_id FROM \`${table}\``);
    const misplaced = [0, 1].flatMap((i) =>
      rows[i]!.filter(([k]) => ownerOf(BigInt(k!)) !== i).map(([k]) => `${k} on ${i}`),
    );
    t.same(misplaced, [], `${table}: nothing left on an old owner`);
  }
  const players0 = await stored('SELECT player_id, gold, power FROM player');
  const allPlayers = [...players0[0]!, ...players0[1]!];
  t.equal(allPlayers.length, players.length, 'each player once');
  let goldMismatch = 0;
  for (const [k, g, pw] of allPlayers) {
    const p = BigInt(k!);
    const [lo, hi] = [gold.get(p)!, gold.get(p)! + maybeGold.get(p)!];
    const [plo, phi] = [power.get(p)!, power.get(p)! + maybePower.get(p)!];
    if (Number(g) < lo || Number(g) > hi || Number(pw) < plo || Number(pw) > phi) goldMismatch++;
  }
  t.equal(goldMismatch, 0, 'every acknowledged increment counted exactly once (gold and power)');

  const itemRows = await stored('SELECT player_id, item_id FROM item');
  const itemKeys = [...itemRows[0]!, ...itemRows[1]!].map(([p, i]) => `${p}:${i}`);
  t.equal(new Set(itemKeys).size, itemKeys.length, 'no item stored twice');
  const present = new Set(itemKeys);
  t.same(
    [...items.keys()].filter((k) => !present.has(k) && !maybeItems.has(k)),
    [],
    'every acknowledged item present',
  );
  t.same(
    itemKeys.filter((k) => !items.has(k) && !maybeItems.has(k)),
    [],
    'no item present that was deleted or never acknowledged',
  );
  const mailRows = await stored('SELECT player_id, mail_id FROM mail');
  const mailKeys = [...mailRows[0]!, ...mailRows[1]!].map(([p, i]) => `${p}:${i}`);
  t.equal(new Set(mailKeys).size, mailKeys.length, 'no mail stored twice');
  const mailSet = new Set(mailKeys);
  t.same(
    [...mails].filter((k) => !mailSet.has(k)),
    [],
    'every acknowledged batch present',
  );
  t.same(
    mailKeys.filter((k) => !mails.has(k) && !maybeMails.has(k)),
    [],
    'no mail never acknowledged',
  );
  t.ok(items.size > 0 && mails.size > 0, `${items.size} items, ${mails.size} mails in the ledger`);

  // Through db-proxy: counts per player match the ledger.
  let countMismatch = 0;
  for (const p of players.slice(0, 16)) {
    const n = big((await clients[1]!.Count({ table: 'item', shardKey: int(p) })).count);
    const want = [...items.values()].filter((o) => o === p).length;
    if (n !== BigInt(want) && ![...maybeItems].some((k) => k.startsWith(`${p}:`))) countMismatch++;
  }
  t.equal(countMismatch, 0, 'Count through db-proxy matches the ledger');
});
