// No handler may take the process down. grpc-js catches a handler that throws at once, but not
// a promise it rejects later, nor a throw from one of its stream listeners ('data', 'end', ...),
// which grpc-js calls from its own HTTP/2 callbacks: either would be an uncaught exception, and
// the process would exit with every call in flight. A guarded handler ends its call with
// INTERNAL instead (the failure logged once) and the server goes on serving.
import type { EventEmitter } from 'node:events';
import * as grpc from '@grpc/grpc-js';
import type { Logger } from 'pino';

const INTERNAL = { code: grpc.status.INTERNAL, details: 'internal error (see the server log)' };

/**
 * A request whose bytes did not decode (truncated, a bad wire type, invalid UTF-8 in a string).
 * grpc-js answers a deserializer that throws with INTERNAL and never calls the handler; the
 * kit's deserializers return this instead (`tolerantDefinition`), and the call is answered
 * INVALID_ARGUMENT naming the decoder's complaint.
 */
export class MalformedRequest {
  readonly details: string;
  constructor(path: string, err: unknown) {
    const why = err instanceof Error ? err.message : String(err);
    this.details = `malformed request: not a valid ${path.slice(path.lastIndexOf('/') + 1)} request message (${why})`;
  }
}

/** The definition with each request deserializer returning a MalformedRequest instead of throwing. */
export function tolerantDefinition<D extends grpc.ServiceDefinition>(definition: D): D {
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(definition)) {
    const decode = def.requestDeserialize;
    out[name] = {
      ...def,
      requestDeserialize: (b: Buffer) => {
        try {
          return decode(b);
        } catch (err) {
          return new MalformedRequest(def.path, err);
        }
      },
    };
  }
  return out as D;
}

type Listener = (...args: unknown[]) => unknown;
type Kind = 'unary' | 'clientStream' | 'serverStream' | 'bidi';
// biome-ignore lint/suspicious/noExplicitAny: grpc-js handlers differ in their call and callback types
type AnyHandler = (call: any, callback?: any) => unknown;

function kindOf(def: { requestStream: boolean; responseStream: boolean }): Kind {
  if (def.requestStream) return def.responseStream ? 'bidi' : 'clientStream';
  return def.responseStream ? 'serverStream' : 'unary';
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (
    v !== null &&
    (typeof v === 'object' || typeof v === 'function') &&
    typeof (v as { then?: unknown }).then === 'function'
  );
}

/**
 * Makes every listener added to `call` from now on report a throw (or a rejected promise it
 * returns) to `fail` instead of to the emitter. `once` and `prependOnceListener` go through
 * `on` / `prependListener`, so they are covered; `removeListener(original)` still works, as for
 * Node's own `once` wrappers, through the `listener` property.
 */
function guardListeners(
  call: EventEmitter,
  fail: (err: unknown) => void,
  malformed?: (m: MalformedRequest) => void,
): void {
  const wrap = (listener: Listener): Listener => {
    const guarded = function (this: unknown, ...args: unknown[]) {
      // A streamed message that did not decode never reaches the handler's 'data' listener.
      if (malformed && args[0] instanceof MalformedRequest) {
        malformed(args[0]);
        return;
      }
      try {
        const result = listener.apply(this, args);
        if (isThenable(result)) result.then(undefined, fail);
      } catch (err) {
        fail(err);
      }
    };
    (guarded as { listener?: Listener }).listener = listener;
    return guarded;
  };
  const on = call.on;
  const prepend = call.prependListener;
  const guardedOn = function (this: EventEmitter, event: string | symbol, listener: Listener) {
    return on.call(this, event, wrap(listener));
  };
  call.on = guardedOn;
  call.addListener = guardedOn;
  call.prependListener = function (this: EventEmitter, event, listener: Listener) {
    return prepend.call(this, event, wrap(listener));
  };
}

/**
 * One grpc-js handler, guarded. `onFailure` is told once per call that failed (the server
 * counts it); the failure is logged once, at error level.
 */
export function guardHandler(
  path: string,
  def: { requestStream: boolean; responseStream: boolean },
  handler: AnyHandler,
  log: Logger,
  onFailure: () => void = () => {},
): AnyHandler {
  const kind = kindOf(def);
  if (kind === 'unary' || kind === 'clientStream') {
    return (call: EventEmitter, callback: grpc.sendUnaryData<unknown>) => {
      let answered = false;
      let failed = false;
      const respond: grpc.sendUnaryData<unknown> = (err, value, trailer, flags) => {
        if (answered) return;
        answered = true;
        callback(err, value, trailer, flags);
      };
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        onFailure();
        log.error({ err, rpc: path }, 'rpc handler failed');
        respond(INTERNAL);
      };
      guardListeners(call, fail);
      const request = (call as { request?: unknown }).request;
      if (request instanceof MalformedRequest) {
        respond({ code: grpc.status.INVALID_ARGUMENT, details: request.details });
        return;
      }
      try {
        const result = handler(call, respond);
        if (isThenable(result)) result.then(undefined, fail);
      } catch (err) {
        fail(err);
      }
    };
  }
  return (call: grpc.ServerWritableStream<unknown, unknown>) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      onFailure();
      log.error({ err, rpc: path }, 'rpc handler failed');
      // grpc-js's documented way to end a server stream with a status: its own 'error' listener
      // sets the status and ends the stream. Too late if the handler has already ended it.
      if (!call.writableEnded && !call.destroyed) call.emit('error', INTERNAL);
    };
    // A streamed request that does not decode ends the call with INVALID_ARGUMENT; the
    // handler never sees it. (A server stream's single request is checked before it starts.)
    const refuse = (m: MalformedRequest) => {
      if (!call.writableEnded && !call.destroyed)
        call.emit('error', { code: grpc.status.INVALID_ARGUMENT, details: m.details });
    };
    guardListeners(call, fail, refuse);
    const request = (call as { request?: unknown }).request;
    if (request instanceof MalformedRequest) {
      refuse(request);
      return;
    }
    try {
      const result = handler(call);
      if (isThenable(result)) result.then(undefined, fail);
    } catch (err) {
      fail(err);
    }
  };
}

/** Every method of a grpc-js service implementation, guarded. */
export function guardImplementation(
  definition: grpc.ServiceDefinition,
  implementation: grpc.UntypedServiceImplementation,
  log: Logger,
  onFailure: (path: string) => void = () => {},
): grpc.UntypedServiceImplementation {
  const guarded: grpc.UntypedServiceImplementation = {};
  for (const [name, def] of Object.entries(definition)) {
    const handler = implementation[name];
    if (!handler) throw new Error(`${def.path}: no handler given`);
    guarded[name] = guardHandler(def.path, def, handler as AnyHandler, log, () =>
      onFailure(def.path),
    ) as grpc.UntypedHandleCall;
  }
  return guarded;
}
