// The HTTP contract, run against both runners (worker pool and in-line) on real servers, port 0.
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { build } from '../src/app.ts';
import { sampleBattle, simulate } from '../src/model/index.ts';
import { PoolRunner } from '../src/pool.ts';
import { type BattleRunner, InlineRunner } from '../src/runner.ts';

async function serve(runner: BattleRunner, bodyLimit?: number) {
  await runner.start();
  const app = await build({ runner, ...(bodyLimit ? { bodyLimit } : {}) });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

async function post(url: string, body: unknown, query = '') {
  const res = await fetch(`${url}/v1/battles${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const runners: [string, () => BattleRunner][] = [
  ['pool', () => new PoolRunner({ threads: 2, maxQueue: 64 })],
  ['inline', () => new InlineRunner()],
];

for (const [name, make] of runners) {
  t.test(`${name} runner`, async (t) => {
    const runner = make();
    const { app, url } = await serve(runner, 16384);
    t.teardown(async () => {
      await app.close();
      await runner.close();
    });

    t.test('the sample endpoint fights the sample battle of the seed', async (t) => {
      const res = await fetch(`${url}/v1/battles/sample/3`);
      t.equal(res.status, 200);
      t.match(res.headers.get('content-type'), /^application\/json/);
      const text = await res.text();
      const body = JSON.parse(text);
      const expected = simulate(sampleBattle(3));
      t.equal(body.hash, expected.hash);
      t.equal(body.winner, expected.winner);
      t.equal(body.rounds, expected.rounds);
      t.equal(body.attacker.dead, expected.attacker.dead);
      t.ok(text.length > 150 && text.length < 230, `compact summary (${text.length} bytes)`);
      const canned = await (await fetch(`${url}/v1/battles/canned`)).text();
      const one = await (await fetch(`${url}/v1/battles/sample/1`)).text();
      t.equal(canned, one, 'the canned answer is the sample answer of seed 1, byte for byte');
    });

    t.test('a bad seed is a 400 that says why', async (t) => {
      for (const seed of ['abc', '4294967296', '-1', '1.5']) {
        const res = await fetch(`${url}/v1/battles/sample/${seed}`);
        t.equal(res.status, 400, seed);
        const body = (await res.json()) as { error: string; message: string };
        t.equal(body.error, 'INVALID_ARGUMENT');
        t.match(body.message, /seed must be an integer from 0 to 4294967295/);
      }
    });

    t.test('POST /v1/battles returns the full result', async (t) => {
      const input = sampleBattle(6);
      const res = await post(url, input);
      t.equal(res.status, 200);
      t.same(res.body, JSON.parse(JSON.stringify(simulate(input))));
      t.notOk('report' in res.body, 'no report unless asked');
      const withReport = await post(url, input, '?report=true');
      t.equal(withReport.body['hash'], res.body['hash']);
      t.equal((withReport.body['report'] as unknown[]).length, res.body['rounds']);
    });

    t.test('malformed battles are 400s with the reason', async (t) => {
      const input = sampleBattle(6);
      let res = await post(url, { ...input, attacker: { ...input.attacker, banner: 'red' } });
      t.equal(res.status, 400);
      t.match(res.body['message'], /body\/attacker must NOT have additional properties/);
      res = await post(url, { ...input, seed: 'one' });
      t.equal(res.status, 400);
      t.match(res.body['message'], /body\/seed must be integer/);
      res = await post(url, { ...input, defender: undefined });
      t.match(res.body['message'], /must have required property 'defender'/);
      const heroes = [
        { name: 'H', skills: [{ name: 's', kind: 'heal', chance: 1, value: 1, stat: 'attack' }] },
      ];
      res = await post(url, { ...input, attacker: { ...input.attacker, heroes } });
      t.equal(res.status, 400, 'cross-field rules of the model validator');
      t.match(res.body['message'], /stat and duration apply only to buff and debuff skills/);
      res = await post(url, '{"seed": 1,');
      t.equal(res.status, 400, 'broken JSON');
      t.equal(res.body['error'], 'INVALID_ARGUMENT');
      t.match(res.body['message'], /JSON/);
    });

    t.test('army limits are 400s, an oversize body is a 413', async (t) => {
      const input = sampleBattle(6);
      const troops = Array.from({ length: 17 }, () => ({ type: 'siege', tier: 1, count: 1 }));
      let res = await post(url, { ...input, attacker: { troops } });
      t.equal(res.status, 400);
      t.match(res.body['message'], /body\/attacker\/troops must NOT have more than 16 items/);
      const big = [{ type: 'siege', tier: 1, count: 10_000_001 }];
      res = await post(url, { ...input, attacker: { troops: big } });
      t.equal(res.status, 400);
      t.match(res.body['message'], /must be <= 10000000/);
      res = await post(url, { ...input, padding: 'x'.repeat(20000) });
      t.equal(res.status, 413);
      t.same(res.body, {
        error: 'PAYLOAD_TOO_LARGE',
        message: 'the request body is over 16384 bytes',
      });
    });

    t.test('health, readiness, metrics', async (t) => {
      t.equal((await fetch(`${url}/healthz`)).status, 200);
      t.equal((await fetch(`${url}/readyz`)).status, 200);
      const metrics = await (await fetch(`${url}/metrics`)).text();
      t.match(
        metrics,
        /http_request_duration_seconds_count\{route="\/v1\/battles\/sample\/:seed",method="GET",status="200"\} [1-9]/,
      );
      t.match(metrics, /battle_pool_queue_size 0/);
      t.match(metrics, /battle_pool_utilization \d/);
      t.match(metrics, /process_resident_memory_bytes \d+/);
      t.match(metrics, /battles_rejected_total\{reason="invalid"\} [1-9]/);
    });
  });
}

t.test('not ready until the runner has started', async (t) => {
  const runner = new InlineRunner();
  const app: FastifyInstance = await build({ runner });
  t.teardown(() => app.close());
  let res = await app.inject('/readyz');
  t.equal(res.statusCode, 503);
  await runner.start();
  res = await app.inject('/readyz');
  t.equal(res.statusCode, 200);
});

t.test('a full queue gives 503 + Retry-After, and the server recovers', async (t) => {
  const runner = new PoolRunner({ threads: 1, maxQueue: 2 });
  const { app, url } = await serve(runner);
  t.teardown(async () => {
    await app.close();
    await runner.close();
  });
  // Long battles (50 rounds of 16 stacks a side, with the report) keep the single thread busy
  // while 300 arrive.
  const side = {
    troops: Array.from({ length: 16 }, (_, i) => ({
      type: (['infantry', 'cavalry', 'ranged', 'siege'] as const)[i % 4],
      tier: 10,
      count: 9_000_000 + i,
    })),
    buffs: { defense: 20000, health: 20000 },
    heroes: sampleBattle(3).attacker.heroes,
  };
  const input = { seed: 9, maxRounds: 50, attacker: side, defender: side };
  const results = await Promise.all(
    Array.from({ length: 300 }, async () => {
      const res = await fetch(`${url}/v1/battles?report=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      return { status: res.status, retry: res.headers.get('retry-after'), body: await res.text() };
    }),
  );
  const ok = results.filter((r) => r.status === 200).length;
  const full = results.filter((r) => r.status === 503);
  t.equal(ok + full.length, 300, 'every request is either served or refused');
  t.ok(full.length > 0, `${full.length} refused with 503`);
  // The first three to arrive are always taken (one on the thread, two queued).
  t.ok(ok >= 3, `${ok} served`);
  t.equal(full[0]?.retry, '1');
  t.match(full[0]?.body, /"error":"RESOURCE_EXHAUSTED"/);
  t.equal(runner.stats().queueSize, 0, 'the queue drained');
  const after = await fetch(`${url}/v1/battles/sample/3`);
  t.equal(after.status, 200, 'recovered');
  const metrics = await (await fetch(`${url}/metrics`)).text();
  t.match(metrics, new RegExp(`battles_rejected_total\\{reason="queue_full"\\} ${full.length}`));
});

t.test('the pool refuses beyond its queue bound at once, then recovers', async (t) => {
  const runner = new PoolRunner({ threads: 1, maxQueue: 3 });
  await runner.start();
  t.teardown(() => runner.close());
  // 40 tasks in one tick: one thread busy, three waiting, the rest refused.
  const settled = await Promise.allSettled(
    Array.from({ length: 40 }, (_, i) => runner.run({ kind: 'sample', seed: i })),
  );
  const refused = settled.filter((s) => s.status === 'rejected');
  t.ok(refused.length >= 40 - 4 && refused.length <= 40 - 3, `${refused.length} refused`);
  for (const r of refused) {
    t.equal((r as PromiseRejectedResult).reason.code, 'RESOURCE_EXHAUSTED');
  }
  t.equal(runner.stats().queueSize, 0);
  const again = await runner.run({ kind: 'sample', seed: 3 });
  t.equal(JSON.parse(again).hash, simulate(sampleBattle(3)).hash, 'recovered');
});
