// Deadlines racing a write, checked call by call against the promise the services make:
// - OK: the write is applied (once);
// - DEADLINE_EXCEEDED `not applied: ...`: not applied, then or ever;
// - DEADLINE_EXCEEDED `outcome unknown: ...`: applied once or not at all (nothing in between);
// - no other answer.
// The caller gives the service-specific parts (the call, its row as the database holds it, the
// service's own record of each answer); the loop, the classification and the final re-read are
// here, once for db-proxy's and data-server's race tests.
import type { RawAnswer } from './raw-grpc.ts';

/** The test object this needs (tap's `t`), kept structural so test-kit does not depend on tap. */
export interface RaceTest {
  comment(message: string): unknown;
  equal(found: unknown, wanted: unknown, message: string): unknown;
  same(found: unknown, wanted: unknown, message: string): unknown;
  ok(value: unknown, message: string): unknown;
}

/** A seeded generator (xorshift32), so that a failing run can be replayed with `RACE_SEED`. */
export function raceRandom(t: RaceTest): () => number {
  const seed = Number(process.env.RACE_SEED ?? Date.now() % 1e9);
  t.comment(`seed ${seed} (RACE_SEED=${seed} replays the timeouts)`);
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

export interface Race {
  /** The method's name, in messages. */
  method: string;
  calls: number;
  /** Calls without a deadline first: their median time sets the range of the timeouts. */
  warmUp: number;
  rand: () => number;
  /** A row (record) of its own for each call, untouched before it. */
  nextId(): number;
  /** The call, `timeout` the `grpc-timeout` header (none when undefined). */
  call(id: number, timeout?: string): Promise<RawAnswer>;
  /** Before each call, untimed (e.g. a read that puts the record in a cache). */
  prepare?(id: number): Promise<void>;
  /** Until whatever the answered call started has ended in the service. */
  idle(): Promise<void>;
  /** The row as the database holds it, as a string comparable with `applied` and `untouched`. */
  rowOf(id: number): Promise<string>;
  applied: string;
  untouched: string;
  /**
   * Called before each timed call; what it returns is called with the call's DEADLINE_EXCEEDED
   * answer and returns what is wrong with the service's own record of it, if anything.
   */
  watch?(): (answer: RawAnswer, what: string) => string | undefined;
  /** Once every call has ended: what is wrong with call `id`'s final row, if anything. */
  atEnd?(id: number, row: string): Promise<string | undefined>;
}

/** Runs the race for one method and asserts the promise for every call. */
export async function raceDeadlines(t: RaceTest, r: Race): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < r.warmUp; i++) {
    const id = r.nextId();
    await r.prepare?.(id);
    const started = performance.now();
    const a = await r.call(id);
    times.push(performance.now() - started);
    t.equal(a.code, 0, `${r.method} without a deadline: OK`);
  }
  times.sort((a, b) => a - b);
  const own = times[Math.floor(times.length / 2)]!;
  // Timeouts from 0.3 ms to 2.5 times the write's own time (6 ms at least), in microseconds
  // (grpc-js keeps whole milliseconds: 0.3 ms is a deadline already passed on arrival).
  const maxUs = Math.max(6000, own * 2500);
  const count = { ok: 0, notApplied: 0, unknownApplied: 0, unknownNot: 0 };
  const wrong: string[] = [];
  /** The DEADLINE_EXCEEDED messages, numbers and backends blanked, with their counts. */
  const messages = new Map<string, number>();
  /** Each call's row and what it may be once everything has ended. */
  const settled: { id: number; may: string[] }[] = [];
  for (let i = 0; i < r.calls; i++) {
    const id = r.nextId();
    await r.prepare?.(id);
    const timeoutUs = Math.round(300 + r.rand() * (maxUs - 300));
    const check = r.watch?.();
    const a = await r.call(id, `${timeoutUs}u`);
    await r.idle();
    const row = await r.rowOf(id);
    const what = `${r.method} #${i} (timeout ${timeoutUs} us): ${a.code} "${a.details}", row ${row}`;
    if (row !== r.untouched && row !== r.applied) wrong.push(`written in part: ${what}`);
    if (a.code === 0) {
      count.ok++;
      settled.push({ id, may: [r.applied] });
      if (row !== r.applied) wrong.push(`OK but not applied: ${what}`);
      continue;
    }
    if (a.code !== 4) {
      wrong.push(`neither OK nor DEADLINE_EXCEEDED: ${what}`);
      continue;
    }
    const shape = a.details.replace(/\d+/g, 'N').replace(/mysql:\/\/\S+/g, '<backend>');
    messages.set(shape, (messages.get(shape) ?? 0) + 1);
    if (a.details.startsWith('not applied: ')) {
      count.notApplied++;
      settled.push({ id, may: [r.untouched] });
      if (row !== r.untouched) wrong.push(`"not applied" but applied: ${what}`);
    } else if (a.details.startsWith('outcome unknown: ')) {
      settled.push({ id, may: [r.untouched, r.applied] });
      if (row === r.untouched) count.unknownNot++;
      else count.unknownApplied++;
    } else {
      wrong.push(`DEADLINE_EXCEEDED saying neither outcome: ${what}`);
    }
    const problem = check?.(a, what);
    if (problem) wrong.push(problem);
  }
  // Read again once every call has ended: a write that committed late, after the read that
  // followed its answer, shows here.
  await r.idle();
  for (const { id, may } of settled) {
    const row = await r.rowOf(id);
    if (!may.includes(row)) wrong.push(`${r.method} row ${id} at the end: ${row}, not ${may}`);
    const problem = await r.atEnd?.(id, row);
    if (problem) wrong.push(problem);
  }
  t.comment(
    `${r.method}: own time ${own.toFixed(2)} ms, timeouts 0.3-${(maxUs / 1000).toFixed(1)} ms; ` +
      `OK ${count.ok}, not applied ${count.notApplied}, outcome unknown ${count.unknownApplied + count.unknownNot} ` +
      `(applied ${count.unknownApplied}, not ${count.unknownNot})`,
  );
  for (const [m, n] of [...messages].sort((a, b) => b[1] - a[1])) t.comment(`  ${n} x ${m}`);
  t.same(wrong, [], `${r.method}: every answer says what happened to the row`);
  t.ok(
    count.ok > 0 && count.notApplied + count.unknownApplied + count.unknownNot > 0,
    `${r.method}: the deadlines raced the write (some calls OK, some DEADLINE_EXCEEDED)`,
  );
}
