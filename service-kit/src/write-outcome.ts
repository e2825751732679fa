// What a call may have changed, so that a call that fails at its deadline says exactly that:
// `not applied: ...` when nothing that could change stored data was sent (or what was sent is
// known to have changed nothing), `outcome unknown: ...` when something was sent whose effect
// is not known (a COMMIT still in flight when the deadline passed: it may commit after it).
//
// Every write that can take effect on its own (a COMMIT, an autocommitted write statement, a
// write call to another service) goes through its call's `writing` gate right before it is
// sent. The gate refuses once the call has ended (answered, cancelled, its deadline passed), so
// nothing that could change stored data leaves after the end of its call, and it records what
// was sent, which is what the status message is made from.
import { CancelledError, DeadlineExceededError, isRefusal, ServiceError } from './errors.ts';

/** The start of the message of a call that changed nothing. */
export const NOT_APPLIED = 'not applied: ';
/** The start of the message of a call that may have changed stored data, or may not. */
export const OUTCOME_UNKNOWN = 'outcome unknown: ';

/** What a layer below a handler needs of its call to send a write. */
export interface Caller {
  /** Aborted when the call's deadline passes or its client cancels. */
  readonly signal: AbortSignal;
  /**
   * The gate of a write that can take effect on its own (a COMMIT, an autocommitted write
   * statement, a write call to another service): called in the same synchronous step as the
   * send, right before it. Throws (DEADLINE_EXCEEDED or CANCELLED, `not applied: ...`) once
   * the call has ended or its deadline has passed, and then the write must not be sent.
   * Returns a function to call once the write is known to have changed nothing (refused,
   * rolled back, affected no row, never sent), so that the call's status can say so.
   */
  writing(what: string): () => void;
}

interface Sent {
  readonly what: string;
  readonly at: number;
}

/** One call's writes sent so far, and whether the call has ended (see `Caller.writing`). */
export class WriteLedger {
  readonly #deadline: number;
  /** Made on the first write: most calls send none. */
  #sent: Set<Sent> | undefined;
  #ended: ServiceError | undefined;
  #answered = false;

  constructor(deadline: number) {
    this.#deadline = deadline;
  }

  writing(what: string): () => void {
    // One reading of the clock: the time checked is the time recorded.
    const now = Date.now();
    const ended =
      this.#ended ??
      (this.#answered
        ? new CancelledError('its call had already been answered')
        : now >= this.#deadline
          ? new DeadlineExceededError('the deadline had passed')
          : undefined);
    if (ended) {
      const Cls = ended instanceof CancelledError ? CancelledError : DeadlineExceededError;
      throw new Cls(`${NOT_APPLIED}${what} was not sent: ${stripOutcome(ended.message)}`);
    }
    const sent: Sent = { what, at: now };
    this.#sent ??= new Set();
    this.#sent.add(sent);
    return () => {
      this.#sent?.delete(sent);
    };
  }

  /** No write is sent from now on; `why` is what `writing` answers. The first reason stays. */
  end(why: ServiceError): void {
    this.#ended ??= why;
  }

  /** The call was answered: no write is sent from now on (no error made until one is refused). */
  answered(): void {
    this.#answered = true;
  }

  /** The writes that may have taken effect: sent, and not known to have changed nothing. */
  get sent(): readonly Sent[] {
    return this.#sent ? [...this.#sent] : [];
  }

  /**
   * A DEADLINE_EXCEEDED status message stating the outcome: `outcome unknown: <the writes> may
   * have been applied; <details>` when a write may have taken effect, else `not applied:
   * <details>`. A message that already says the outcome is unknown (another service's) stays so.
   */
  outcome(details: string): string {
    if (details.startsWith(OUTCOME_UNKNOWN)) return details;
    const bare = stripOutcome(details);
    if (!this.#sent?.size) return NOT_APPLIED + bare;
    const what = [...new Set([...this.#sent].map((s) => s.what))].join(', ');
    return `${OUTCOME_UNKNOWN}${what} may have been applied; ${bare}`;
  }
}

function stripOutcome(details: string): string {
  return details.startsWith(NOT_APPLIED) ? details.slice(NOT_APPLIED.length) : details;
}

/**
 * Whether a failed write is known to have changed nothing: a refusal (isRefusal), or a status
 * whose message says `not applied` (a service that states its outcomes, as this kit's do).
 */
export function provesNotApplied(err: unknown): boolean {
  return isRefusal(err) || (err instanceof ServiceError && err.message.startsWith(NOT_APPLIED));
}
