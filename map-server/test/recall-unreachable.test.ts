// RecallMarch while battle-server cannot fight: the answer comes before the caller's deadline,
// UNAVAILABLE with the reason, whether the march's step is in flight (battle-server never
// answers), failing while the recall waits behind it, failing and retried (battle-server drops
// every connection), or due and run by the recall itself; nothing is recalled by a call that
// said UNAVAILABLE. Once battle-server is back,
// every step settles once: one battle report per march, troops and resources conserved.
// (Settling concurrency 1: the one slot held by a step in flight keeps the next one due, so
// that the recall runs it.)
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fight } from '@slg/battle-server/model';
import { slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import { createGrpcClient, ServiceError } from '@slg/service-kit';
import t from 'tap';
import { ManualClock } from '../src/clock.ts';
import { HttpBattleClient } from '../src/engine/battles.ts';
import type { March } from '../src/world/types.ts';
import { buildApp, checkConservation, fieldTotals, seedPlayers, smallConfig } from './helpers.ts';
import { MemoryStore } from './memory-store.ts';

type Mode = 'hold' | 'drop' | 'up';

/** A battle-server whose answers the test decides: held (never), dropped (the connection), fought. */
async function battleServer() {
  let mode: Mode = 'hold';
  const held: { res: ServerResponse; body: string }[] = [];
  const posts: number[] = [];
  const waiters = new Set<() => void>();
  const answer = (res: ServerResponse, body: string) => {
    const result = fight(JSON.parse(body));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString();
    });
    req.on('end', () => {
      posts.push((JSON.parse(body) as { seed: number }).seed);
      for (const w of waiters) w();
      if (mode === 'drop') req.socket.destroy();
      else if (mode === 'hold') held.push({ res, body });
      else answer(res, body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    held,
    set(m: Mode) {
      mode = m;
    },
    /** Drops (or, once up, answers) the requests held so far. */
    release() {
      for (const h of held.splice(0)) {
        if (mode === 'up') answer(h.res, h.body);
        else h.res.socket?.destroy();
      }
    },
    /** Resolves once `n` requests have come. */
    posted(n: number): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (posts.length < n) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Resolves once `cond` holds (tap's timeout bounds the wait). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected the call to fail, it succeeded');
}

t.test('RecallMarch answers before its deadline while battle-server cannot fight', async (t) => {
  const battle = await battleServer();
  t.teardown(() => battle.close());
  const store = new MemoryStore();
  const clock = new ManualClock();
  const players = await seedPlayers(store, 2);
  const app = await buildApp(
    smallConfig({ settleConcurrency: 1 }),
    store,
    clock,
    // Its own timeout far away: a held request stays in flight for the whole test.
    new HttpBattleClient(battle.url, 120_000),
  );
  t.teardown(() => app.close(100));
  const initialFields = fieldTotals(app);
  const port = await app.listen(0);
  const c = createGrpcClient(slg_mapserver_v1_MapServiceDefinition, `127.0.0.1:${port}`);
  t.teardown(() => c.close());

  // Each player attacks a monster of its own.
  const monsters = [...app.world.monsters.values()];
  const marches: March[] = [];
  for (const [i, p] of players.entries()) {
    const mon = monsters[i]!;
    await app.cities.place(p, Math.min(mon.x + 6, 150), mon.y);
    marches.push(
      await app.engine.startMarch({
        playerId: p,
        kind: 'attack_monster',
        targetX: mon.x,
        targetY: mon.y,
        troops: [{ troopId: 2, count: 500 }],
      }),
    );
  }
  const [first, second] = [...marches].sort((a, b) => a.legEnd - b.legEnd) as [March, March];
  const recall = (m: March, deadlineMs: number) =>
    c.RecallMarch({ playerId: m.playerId, marchId: m.id }, { deadlineMs });

  await t.test('held up by another request: the server says so before the deadline', async (t) => {
    // Another request holds the player (as a city move would), past the recall's deadline.
    let release!: () => void;
    const other = app.engine.locks.with(
      [`p:${first.playerId}`],
      () => new Promise<void>((r) => (release = r)),
    );
    const err = await failure(recall(first, 5000));
    t.equal(err.code, 'DEADLINE_EXCEEDED');
    t.match(
      err.message,
      `march ${first.id} not recalled: the deadline came while it waited for its player or target`,
      "the server's answer, not the client's timer",
    );
    release();
    await other;
    t.notOk(app.engine.locks.busy(`p:${first.playerId}`), 'the recall left the queue');
    t.equal(app.world.marches.get(first.id)?.state, 'outbound', 'not recalled, then or later');
  });

  // Both arrive; the one slot takes the first arrival, whose battle-server call never answers.
  clock.set(second.legEnd);
  await battle.posted(1);

  await t.test('its step in flight: UNAVAILABLE before the deadline, naming it', async (t) => {
    const err = await failure(recall(first, 5000));
    t.equal(err.code, 'UNAVAILABLE', `answered before the deadline: ${err.message}`);
    t.match(
      err.message,
      `march ${first.id} cannot be recalled now: its arrival is still being settled`,
    );
    t.equal(app.world.marches.get(first.id)?.state, 'outbound', 'not recalled');
  });

  await t.test('its step due and battle-server down: the recall runs it, once', async (t) => {
    battle.set('drop');
    const err = await failure(recall(second, 10_000));
    t.equal(err.code, 'UNAVAILABLE', err.message);
    t.match(
      err.message,
      `march ${second.id} cannot be recalled now: its arrival failed (battle-server at ${battle.url}/v1/battles:`,
    );
    t.equal(battle.posts.length, 2, 'one battle asked for it, not retried inside the call');
    t.equal(app.world.marches.get(second.id)?.state, 'outbound', 'not recalled');
  });

  await t.test('waiting behind its step when that fails: UNAVAILABLE then', async (t) => {
    const pending = failure(recall(first, 30_000));
    // The handler runs (and takes its place in the march's locks) as soon as the call is in.
    await until(() => app.server.inFlight === 1);
    battle.release(); // the held call fails: the step will be retried
    const err = await pending;
    t.equal(err.code, 'UNAVAILABLE', err.message);
    t.match(
      err.message,
      `march ${first.id} cannot be recalled now: its arrival failed 1 time and is being retried (battle-server at ${battle.url}/v1/battles:`,
    );
    t.equal(app.world.marches.get(first.id)?.state, 'outbound', 'not recalled');
  });

  await t.test('its step failing and retried: UNAVAILABLE at once, with the reason', async (t) => {
    // The step's retry (a third request) fails too.
    await battle.posted(3);
    const err = await failure(recall(first, 10_000));
    t.equal(err.code, 'UNAVAILABLE', err.message);
    t.match(
      err.message,
      new RegExp(
        `^march ${first.id} cannot be recalled now: its arrival failed \\d+ times? and is being retried \\(battle-server at ${battle.url}/v1/battles: .+\\); recall it again once it is settled`,
      ),
    );
    t.equal(app.world.marches.get(first.id)?.state, 'outbound', 'not recalled');
  });

  await t.test('battle-server back: each step settled once, nothing lost', async (t) => {
    battle.set('up');
    battle.release();
    await app.engine.drain();
    for (const m of [first, second]) {
      const live = app.world.marches.get(m.id);
      t.equal(live?.state, 'returning', `march ${m.id} fought and turns home`);
      const reports = (await store.list('map_report', m.playerId)).filter(
        (r) => Number(r.fields.march_id) === m.id,
      );
      t.equal(reports.length, 1, `march ${m.id}: one battle report`);
      const again = await failure(recall(m, 10_000));
      t.equal(again.code, 'FAILED_PRECONDITION', again.message);
      t.match(again.message, 'is already returning');
    }
    clock.advance(24 * 3_600_000);
    await app.engine.drain();
    t.equal(app.world.marches.size, 0, 'both home');
    const conservation = await checkConservation(store, app, players, initialFields);
    t.same(conservation.problems, [], 'troops and resources conserved');
    t.equal(conservation.battles, 2, 'two battles');
  });
});
