// The step scheduler: steps that share a key (a player, a target) run one at a time in due
// order; a due step waiting for its keys does not hold back later steps with other keys; at
// most `concurrency` run at once; with a tick, the steps due within it start together at its end.
import t from 'tap';
import { ManualClock } from '../src/clock.ts';
import { KeyedLocks } from '../src/engine/locks.ts';
import { type Due, StepScheduler } from '../src/engine/scheduler.ts';
import type { March } from '../src/world/types.ts';
import { quietLogger } from './helpers.ts';

/** A scout of `player`, due at `at` (only what the scheduler reads). */
const scout = (id: number, player: number, at: number) =>
  ({ id, playerId: player, kind: 'scout', state: 'outbound', legEnd: at }) as unknown as March;

function setUp(concurrency: number, tickMs = 0) {
  const clock = new ManualClock(0);
  const marches = new Map<number, March>();
  const started: number[] = [];
  const running = new Map<number, () => void>();
  const s = new StepScheduler({
    clock,
    concurrency,
    tickMs,
    locks: new KeyedLocks(),
    log: quietLogger(),
    march: (id) => marches.get(id),
    run: (m: March, _d: Due) =>
      new Promise<void>((resolve) => {
        started.push(m.id);
        s.unschedule(m.id);
        running.set(m.id, () => {
          running.delete(m.id);
          resolve();
        });
      }),
  });
  const add = (m: March) => {
    marches.set(m.id, m);
    s.schedule(m);
  };
  /** Lets the promise chains of finished steps run (the scheduler pumps in their finally). */
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { clock, s, add, started, running, settle };
}

t.test('a blocked step does not hold back later steps with other keys', async (t) => {
  const { clock, s, add, started, running, settle } = setUp(8);
  // Player 1 has three steps due first; players 2 and 3 one each, due after them.
  add(scout(11, 1, 10));
  add(scout(12, 1, 20));
  add(scout(13, 1, 30));
  add(scout(21, 2, 40));
  add(scout(31, 3, 50));
  clock.set(100);
  s.start();
  await settle();
  t.same(started, [11, 21, 31], "player 1's first step, and the other players' past its next");
  t.equal(s.inFlight, 3);
  running.get(11)!();
  await settle();
  t.same(started, [11, 21, 31, 12], "then player 1's second, in due order");
  running.get(12)!();
  await settle();
  t.same(started, [11, 21, 31, 12, 13]);
  for (const done of [...running.values()]) done();
  await settle();
  t.equal(s.inFlight, 0);
  t.equal(s.scheduled, 0, 'every step ran once');
});

t.test('a shared key keeps due order across the steps that wait for it', async (t) => {
  const { clock, s, add, started, running, settle } = setUp(8);
  // 1 and 2 share player 5 with 3 (due between them); 4 has its own player.
  add(scout(1, 5, 10));
  add(scout(2, 6, 20));
  add(scout(3, 5, 30));
  add(scout(4, 7, 40));
  clock.set(100);
  s.start();
  await settle();
  t.same(started, [1, 2, 4], 'the step of player 5 due later waits');
  running.get(2)!();
  await settle();
  t.same(started, [1, 2, 4], 'still waiting: its own key is what it needs');
  running.get(1)!();
  await settle();
  t.same(started, [1, 2, 4, 3]);
});

t.test('at most `concurrency` at once, not-yet-due steps left alone', async (t) => {
  const { clock, s, add, started, running, settle } = setUp(2);
  for (let i = 1; i <= 5; i++) add(scout(i, i, i * 10));
  add(scout(6, 6, 1000));
  clock.set(100);
  s.start();
  await settle();
  t.same(started, [1, 2]);
  running.get(1)!();
  await settle();
  t.same(started, [1, 2, 3]);
  for (const done of [...running.values()]) done();
  await settle();
  for (const done of [...running.values()]) done();
  await settle();
  t.same(started, [1, 2, 3, 4, 5], 'step 6 is not due');
  clock.set(1000);
  await settle();
  t.same(started, [1, 2, 3, 4, 5, 6], 'and runs when it is');
});

t.test('with a tick, the steps due within it start together at its end', async (t) => {
  const { clock, s, add, started, running, settle } = setUp(8, 100);
  add(scout(1, 1, 130));
  add(scout(2, 2, 170));
  add(scout(3, 3, 200));
  add(scout(4, 4, 201));
  clock.set(120);
  s.start();
  clock.set(130);
  await settle();
  t.same(started, [], 'due at 130, but its tick ends at 200');
  clock.set(199);
  await settle();
  t.same(started, [], 'nothing before the boundary');
  clock.set(200);
  await settle();
  t.same(started, [1, 2, 3], 'the three due in (100, 200], at 200, in due order');
  for (const done of [...running.values()]) done();
  await settle();
  t.same(started, [1, 2, 3], 'a finished step does not start the next tick early');
  clock.set(300);
  await settle();
  t.same(started, [1, 2, 3, 4], 'the one due at 201 at the next boundary');
  running.get(4)!();
  await settle();
  t.equal(s.scheduled, 0, 'every step ran once');
});
