// The error a write gets when its caller went away (its call's signal aborted), the same for
// every backend.
import { CancelledError, DeadlineExceededError, ServiceError } from '@slg/service-kit';

/**
 * The signal's reason when it is typed (the kit aborts with DEADLINE_EXCEEDED when the deadline
 * passes), else CANCELLED; `when` says what was not done ("before COMMIT; ...").
 */
export function abortError(signal: AbortSignal, when?: string): ServiceError {
  const r = signal.reason as unknown;
  const base =
    r instanceof ServiceError ? r : new CancelledError('the call was cancelled by its caller');
  if (!when) return base;
  const Cls = base instanceof DeadlineExceededError ? DeadlineExceededError : CancelledError;
  return new Cls(`${base.message} ${when}`, base);
}
