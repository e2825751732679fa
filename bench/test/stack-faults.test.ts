// bench stack's checks catch faults: a short run on the real stack (in
// this process on port 0, as stack.test.ts runs it),
// then, between the load and the checks, two faults injected from the test: a march's
// settlement applied a second time (its home-coming's write again: troops and load added to
// the player twice, as map-server's return step writes them) and a stale cache entry (the
// player's record in Redis overwritten with an older copy: other resources, same version).
// The run must report both, naming the player, and nothing about the other players.
import { slg, toLong } from '@slg/proto';
import { Redis } from 'ioredis';
import t from 'tap';
import { num } from '../src/stack/ops.ts';
import { prepare, runOnce } from '../src/stack/run.ts';
import { inProcessStack, redisUrl, requireBackends, shortRun } from './helpers/stack-run.ts';

await requireBackends();

t.test('a march settled twice and a stale cache entry are caught', async (t) => {
  const services = await inProcessStack('stf');
  t.teardown(() => services.close());
  const s = shortRun({ seed: 11, target: services.target });
  const stack = await prepare(s, () => {});
  t.teardown(() => stack.close());
  const injected = { twice: 0, twiceTroops: 0, stale: 0, marchId: 0 };
  const r = await runOnce(s, stack, s.rate, (l) => t.comment(l), {
    async afterLoad({ data, ledger, marches }) {
      // A march of this run that came home with troops: its home-coming written again.
      const [id, m] = [...ledger.marches].find(
        ([id, m]) => marches.has(id) && m.home === 1 && m.stacks.some((x) => x[1] > 0),
      )!;
      injected.marchId = id;
      injected.twice = m.playerId;
      const ops: slg.dataserver.v2.IWriteOp[] = [];
      for (const [troopId, count, wounded] of m.stacks) {
        if (count > 0)
          ops.push({
            incrBy: {
              table: 'troop',
              ownerId: m.playerId,
              memberId: troopId,
              field: 'count',
              delta: count,
            },
          });
        if (wounded > 0)
          ops.push({
            incrBy: {
              table: 'troop',
              ownerId: m.playerId,
              memberId: troopId,
              field: 'wounded',
              delta: wounded,
            },
          });
        injected.twiceTroops += count + wounded;
      }
      for (const [k, v] of Object.entries(m.load))
        if (v > 0)
          ops.push({
            incrBy: { table: 'player', ownerId: m.playerId, memberId: 0, field: k, delta: v },
          });
      await data.BatchWriteV2({ ops });

      // Another player's record, cached, then overwritten in Redis with other gold.
      const other = stack.players.find((p) => p !== m.playerId)!;
      injected.stale = other;
      const got = await data.FetchV2({ table: 'player', ownerId: other, memberId: 0 });
      const rec = got.record!;
      const gold = num(rec.fields?.gold?.int) + 777;
      const stale = slg.dataserver.v2.FetchResponse.encode({
        record: { ...rec, fields: { ...rec.fields, gold: { int: toLong(gold) } } },
      }).finish();
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      try {
        const key = `${services.keyPrefix}{${other}}:r:player:0`;
        t.equal(await redis.exists(key), 1, `the record is in the cache (${key})`);
        await redis.set(key, Buffer.from(stale), 'KEEPTTL');
      } finally {
        redis.disconnect();
      }
    },
  });
  t.ok(injected.twice > 0 && injected.stale > 0, 'both faults injected');
  const mine = (check: string, player: number) =>
    r.violations.filter((v) => v.check === check && v.player === player);
  const twice = mine('troops', injected.twice);
  t.equal(twice.length, 1, `the march settled twice: player ${injected.twice}'s troops`);
  t.match(twice[0]?.detail ?? '', `(+${injected.twiceTroops})`, 'by the march troops');
  t.equal(twice[0]?.step, 'after the run');
  const cache = mine('cache', injected.stale);
  t.equal(cache.length, 1, `the stale entry: player ${injected.stale}'s record, served vs stored`);
  t.match(cache[0]?.detail ?? '', /^player owner \d+ member 0: served vs stored: gold/);
  t.same(
    r.violations.filter((v) => v.player !== injected.twice && v.player !== injected.stale),
    [],
    'no other player in violation',
  );
  t.notOk(r.valid, 'the run fails');
  t.comment(
    `march ${injected.marchId}; ${r.violations.map((v) => `[${v.check}] ${v.player}: ${v.detail}`).join('\n')}`,
  );
});
