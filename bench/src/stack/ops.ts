// bench stack's operations: one recorder per RPC and HTTP call, each call timed. An answer with
// an expected refusal (a FAILED_PRECONDITION: five marches out, a field occupied, not enough
// resources) is answered and timed; any other failure is an error (counted, and it ends the
// session).
import { type slg, toBigInt } from '@slg/proto';
import { ServiceError } from '@slg/service-kit';
import { OpRecorder, type OpSnapshot } from '../lib/histogram.ts';

/** A call that failed in a way no session expects (it is counted and ends the session). */
export class CallFailed extends Error {
  override name = 'CallFailed';
  constructor(op: string, cause: unknown) {
    super(`${op}: ${(cause as Error).message}`, { cause });
  }
}

/** A refusal the session expected (answered, timed): the call's code. */
export interface Refused {
  refused: string;
}

export const isRefused = (x: unknown): x is Refused =>
  typeof x === 'object' && x !== null && 'refused' in x;

export class Recorders {
  readonly #byName = new Map<string, OpRecorder>();
  readonly errorSamples: string[] = [];

  #get(name: string): OpRecorder {
    let r = this.#byName.get(name);
    if (!r) {
      // The slow count (a call over 200 ms) of the result's ops.
      r = new OpRecorder(name, 200_000);
      this.#byName.set(name, r);
    }
    return r;
  }

  /**
   * Times one call. The codes in `expected` are refusals (answered, timed, returned as a
   * Refused); anything else failing is an error of this operation (CallFailed thrown).
   */
  async call<T>(
    name: string,
    fn: () => Promise<T>,
    expected: readonly string[] = [],
  ): Promise<T | Refused> {
    const rec = this.#get(name);
    const t0 = performance.now();
    try {
      const out = await fn();
      rec.record((performance.now() - t0) * 1000);
      return out;
    } catch (err) {
      if (err instanceof ServiceError && expected.includes(err.code)) {
        rec.record((performance.now() - t0) * 1000);
        return { refused: err.code };
      }
      rec.errors++;
      if (this.errorSamples.length < 20)
        this.errorSamples.push(`${name}: ${(err as Error).message}`);
      throw new CallFailed(name, err);
    }
  }

  /** As `call`, for a call that refuses nothing. */
  async must<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return (await this.call(name, fn)) as T;
  }

  /** The operations that were called, in the order of their first call. */
  snapshots(): OpSnapshot[] {
    return [...this.#byName.values()]
      .filter((r) => r.count + r.errors > 0)
      .map((r) => r.snapshot());
  }
}

/** Adds `v` to `into[k]`. */
export function add(into: Record<string, number>, k: string, v: number): void {
  into[k] = (into[k] ?? 0) + v;
}

/** An int64 of a decoded message (Long or number) as a number. */
export function num(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return v;
  return Number(toBigInt(v as Parameters<typeof toBigInt>[0]));
}

type WireFields = Record<string, slg.common.v1.IValue> | null | undefined;

/** A record field (slg.common.v1.Value) as a number (int or float), 0 when absent. */
export function intField(fields: WireFields, name: string): number {
  const v = fields?.[name];
  if (v?.int !== undefined && v.int !== null) return num(v.int);
  return typeof v?.float === 'number' ? v.float : 0;
}

export function strField(fields: WireFields, name: string): string {
  return fields?.[name]?.str ?? '';
}
