// The answer of a call whose deadline passes before its handler answered. grpc-js ends such a
// call by itself, from a timer of the call it makes when the request's `grpc-timeout` arrives:
// DEADLINE_EXCEEDED "Deadline exceeded", while the handler runs on and may still commit what
// it sent. That answer cannot say whether anything was applied, so for the services that
// state their outcomes (GrpcServerOptions.tracksWrites) the kit takes it over: at that same
// moment the call ends (its writes' gate closes, its signal aborts: write-outcome.ts) and the
// status says `not applied: ...` or `outcome unknown: ...` from what the call had sent.
//
// grpc-js gives no hook for its deadline: its timer calls `sendStatus` on the call object it
// made, which the first server interceptor of the chain receives. The interceptor wraps that
// method of that object; a grpc-js that changed this would answer "Deadline exceeded" again,
// which service-kit's deadline-answer test and db-proxy's and data-server's deadline-race
// tests would report. The kit's handler finds its call's CallEnd by the request metadata,
// which that object keeps as `metadata` and passes along as it is (no intercepting call of our
// own, which cost a few microseconds per call); a grpc-js that did not would be reported the
// same way.
import * as grpc from '@grpc/grpc-js';
import { NOT_APPLIED, OUTCOME_UNKNOWN } from './write-outcome.ts';

/** How far a call's answer has gone, shared by the interceptor and the kit's handler. */
export interface CallEnd {
  /** `ok`: an OK answer is being written; `answered`: a status was sent (or is being). */
  state: 'open' | 'ok' | 'answered';
  /** Set by the kit's handler while it runs: ends the call now, returns the status message. */
  onDeadline: (() => string) | undefined;
}

const ends = new WeakMap<grpc.Metadata, CallEnd>();

/** The CallEnd of a call, by its request metadata (the object grpc-js passes along). */
export function callEndOf(metadata: grpc.Metadata): CallEnd | undefined {
  return ends.get(metadata);
}

/** The interceptor, to be first in the server's chain, for the unary methods in `paths`. */
export function deadlineAnswerInterceptor(paths: ReadonlySet<string>): grpc.ServerInterceptor {
  return (method, call) => {
    // The call as it is: the chain only passes it on (no intercepting call, no cost).
    if (!paths.has(method.path)) return call as grpc.ServerInterceptingCall;
    const end: CallEnd = { state: 'open', onDeadline: undefined };
    const send = call.sendStatus.bind(call);
    call.sendStatus = (status) => {
      if (status.code === grpc.status.DEADLINE_EXCEEDED && end.state !== 'answered') {
        const name = method.path.slice(method.path.lastIndexOf('/') + 1);
        const details =
          end.state === 'ok'
            ? `${OUTCOME_UNKNOWN}deadline exceeded while the answer of ${name} was being sent`
            : (end.onDeadline?.() ?? `${NOT_APPLIED}deadline exceeded before ${name} started`);
        end.state = 'answered';
        send({ ...status, details });
        return;
      }
      end.state = 'answered';
      send(status);
    };
    // The request metadata the call passes along as it is (start(): onReceiveMetadata).
    const metadata = (call as { metadata?: unknown }).metadata;
    if (metadata instanceof grpc.Metadata) ends.set(metadata, end);
    return call as grpc.ServerInterceptingCall;
  };
}
