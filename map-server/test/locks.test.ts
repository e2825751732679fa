// KeyedLocks: a waiter that gives up (its signal aborts) leaves every queue; the ones behind it
// move up as if it had run, and it never runs.
import t from 'tap';
import { KeyedLocks } from '../src/engine/locks.ts';

/** A holder the test releases: resolves `held` once it runs. */
function holder(
  locks: KeyedLocks,
  keys: string[],
  log: string[],
  name: string,
  signal?: AbortSignal,
) {
  let release!: () => void;
  let running!: () => void;
  const held = new Promise<void>((r) => {
    running = r;
  });
  const done = locks.with(
    keys,
    () => {
      log.push(name);
      running();
      return new Promise<void>((r) => {
        release = r;
      });
    },
    signal,
  );
  return { done, held, release: () => release() };
}

t.test('a waiter first in one queue gives up: the next one there runs', async (t) => {
  const locks = new KeyedLocks();
  const log: string[] = [];
  const a = holder(locks, ['k1'], log, 'a');
  await a.held;
  const giveUp = new AbortController();
  // b waits for k1 (a has it) and stands first in k2's queue; c waits behind b for k2.
  const b = holder(locks, ['k1', 'k2'], log, 'b', giveUp.signal);
  const c = holder(locks, ['k2'], log, 'c');
  t.same(log, ['a'], 'c waits behind b');
  giveUp.abort(new Error('answer due'));
  await t.rejects(b.done, { message: 'answer due' }, 'b rejects with the reason');
  await c.held;
  t.same(log, ['a', 'c'], 'c runs once b left, a still holding k1');
  c.release();
  a.release();
  await Promise.all([a.done, c.done]);
  t.notOk(locks.busy('k1') || locks.busy('k2'), 'every queue empty');
  t.same(log, ['a', 'c'], 'b never ran');
});

t.test('a waiter in the middle of a queue gives up: the order of the others holds', async (t) => {
  const locks = new KeyedLocks();
  const log: string[] = [];
  const a = holder(locks, ['k'], log, 'a');
  await a.held;
  const giveUp = new AbortController();
  const b = holder(locks, ['k'], log, 'b', giveUp.signal);
  const c = holder(locks, ['k'], log, 'c');
  giveUp.abort(new Error('gone'));
  await t.rejects(b.done, { message: 'gone' });
  t.same(log, ['a'], 'c still waits for a');
  a.release();
  await c.held;
  c.release();
  await c.done;
  t.same(log, ['a', 'c']);
  t.notOk(locks.busy('k'));
});

t.test('a signal aborted after the waiter runs changes nothing', async (t) => {
  const locks = new KeyedLocks();
  const log: string[] = [];
  const giveUp = new AbortController();
  const a = holder(locks, ['k'], log, 'a', giveUp.signal);
  await a.held;
  giveUp.abort(new Error('late'));
  a.release();
  await a.done;
  t.same(log, ['a']);
  t.notOk(locks.busy('k'));
});
