// Writes a march step decided for other owners (a field, a monster, the defender, the
// reinforcements), applied after the step's own write with an idempotency guard
// (records/Effect), and the retrying around the store the engine needs.
import { AlreadyExistsError, FailedPreconditionError, NotFoundError } from '@slg/service-kit';
import type { Effect } from '../store/records.ts';
import type { Fields, MapStore } from '../store/store.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pause before retry `attempt` (0-based): 50 ms doubling, at most `capMs`. */
export const backoffMs = (attempt: number, capMs = 5000, maxDoublings = 7) =>
  Math.min(capMs, 50 * 2 ** Math.min(attempt, maxDoublings));

/** Applies an effect once: a repeat finds its guard and does nothing. */
export async function applyEffect(store: MapStore, e: Effect): Promise<void> {
  try {
    await store.write(e.owner, e.ops);
  } catch (err) {
    if (e.guard.kind === 'create' && err instanceof AlreadyExistsError) return;
    // A record gone: it was written after the effect (a reinforcement that came home since);
    // nothing removes a record while an effect on it is pending.
    if (e.guard.kind === 'version' && err instanceof NotFoundError) return;
    if (e.guard.kind === 'version' && err instanceof FailedPreconditionError) {
      const r = await store.fetch(e.guard.table, e.owner, e.guard.member);
      if (r && r.version > e.guard.version) return;
    }
    throw err;
  }
}

/**
 * A change of a field or monster (owned by its region). One never changed is not stored (the
 * world's generation recomputes it from the seed; version 0): the first change creates its
 * record (guard: it exists). A stored one is modified at its version (guard: a later version).
 */
export function recordEffect(
  region: number,
  table: string,
  member: number,
  version: number,
  fields: Fields,
): Effect {
  if (version === 0) {
    return {
      owner: region,
      guard: { kind: 'create' },
      ops: [{ create: { table, member, fields } }],
    };
  }
  return {
    owner: region,
    guard: { kind: 'version', table, member, version },
    ops: [{ modify: { table, member, fields, expectedVersion: version } }],
  };
}

/** A report's id: unique per march and step (both players' reports of a battle share it). */
export const reportIdOf = (marchId: number, step: number) => marchId * 64 + step;
