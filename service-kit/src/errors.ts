// Typed service errors, each with a stable code, mapped once at the boundary:
// to a gRPC status by the server bootstrap, to an HTTP status by HTTP services.

/**
 * The gRPC status codes (fixed by the gRPC spec; the same numbers as grpc-js's `status`),
 * kept here so that an HTTP-only service can use the typed errors without loading grpc-js.
 */
export const status = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type GrpcCode = (typeof status)[keyof typeof status];

export class ServiceError extends Error {
  readonly code: string;
  readonly grpcCode: GrpcCode;
  readonly httpStatus: number;

  constructor(
    message: string,
    code: string,
    grpcCode: GrpcCode,
    httpStatus: number,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    this.code = code;
    this.grpcCode = grpcCode;
    this.httpStatus = httpStatus;
  }
}

function kind(code: string, grpcCode: GrpcCode, httpStatus: number) {
  return class extends ServiceError {
    constructor(message: string, cause?: unknown) {
      super(message, code, grpcCode, httpStatus, cause);
    }
  };
}

/** The request is malformed: a missing or unknown field, a wrong type, a value out of range. */
export class InvalidArgumentError extends kind('INVALID_ARGUMENT', status.INVALID_ARGUMENT, 400) {}
export class NotFoundError extends kind('NOT_FOUND', status.NOT_FOUND, 404) {}
export class AlreadyExistsError extends kind('ALREADY_EXISTS', status.ALREADY_EXISTS, 409) {}
/** The system is not in the state the operation needs (a version mismatch, a bound crossed). */
export class FailedPreconditionError extends kind(
  'FAILED_PRECONDITION',
  status.FAILED_PRECONDITION,
  409,
) {}
/** A bounded queue or quota is full: retry later. */
export class ResourceExhaustedError extends kind(
  'RESOURCE_EXHAUSTED',
  status.RESOURCE_EXHAUSTED,
  503,
) {}
/** A dependency is down: retry later. */
export class UnavailableError extends kind('UNAVAILABLE', status.UNAVAILABLE, 503) {}
export class DeadlineExceededError extends kind(
  'DEADLINE_EXCEEDED',
  status.DEADLINE_EXCEEDED,
  504,
) {}
export class CancelledError extends kind('CANCELLED', status.CANCELLED, 499) {}
export class InternalError extends kind('INTERNAL', status.INTERNAL, 500) {}

const byGrpcCode = new Map<number, new (message: string, cause?: unknown) => ServiceError>([
  [status.INVALID_ARGUMENT, InvalidArgumentError],
  [status.NOT_FOUND, NotFoundError],
  [status.ALREADY_EXISTS, AlreadyExistsError],
  [status.FAILED_PRECONDITION, FailedPreconditionError],
  [status.RESOURCE_EXHAUSTED, ResourceExhaustedError],
  [status.UNAVAILABLE, UnavailableError],
  [status.DEADLINE_EXCEEDED, DeadlineExceededError],
  [status.CANCELLED, CancelledError],
]);

/** A grpc-js client error (or anything else) as the matching typed ServiceError. */
export function errorFromGrpc(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  const e = err as { code?: unknown; details?: unknown; message?: unknown };
  const message =
    typeof e?.details === 'string' && e.details
      ? e.details
      : typeof e?.message === 'string'
        ? e.message
        : String(err);
  const Cls = typeof e?.code === 'number' ? byGrpcCode.get(e.code as number) : undefined;
  return Cls ? new Cls(message, err) : new InternalError(message, err);
}

/**
 * A status message as sent: at most 900 characters, its start and its end (where messages say
 * what was wrong) kept. A message that repeats a request's text whole (a march kind of 100,000
 * characters) outgrew the client's HTTP/2 header limit: the client reset the connection
 * ("Protocol error"), failing every call on it, not only this one.
 */
export function boundedDetails(message: string): string {
  if (message.length <= 900) return message;
  return `${message.slice(0, 600)}... (${message.length - 900} characters cut) ...${message.slice(-300)}`;
}

/** The gRPC status and message a thrown value becomes at the server boundary. */
export function toGrpcStatus(err: unknown): { code: GrpcCode; details: string } {
  if (err instanceof ServiceError)
    return { code: err.grpcCode, details: boundedDetails(err.message) };
  return { code: status.INTERNAL, details: 'internal error (see the server log)' };
}

/**
 * Whether an error is a refusal: the request was checked against the data and turned down
 * (malformed, not found, already there, not in the state it needs), so nothing was written.
 * After any other error of a write, the write may have been applied.
 */
export function isRefusal(err: unknown): boolean {
  return (
    err instanceof InvalidArgumentError ||
    err instanceof NotFoundError ||
    err instanceof AlreadyExistsError ||
    err instanceof FailedPreconditionError
  );
}

/**
 * The status of one part of an answer that carries several (a batch of a group commit): what
 * the call's own status would be, with an internal error logged as the server logs a failed
 * call's (the caller sees only "see the server log"). `partError` reads it back.
 */
export function partStatus(
  err: unknown,
  log: { error(obj: object, msg: string): void },
): { code: GrpcCode; message: string } {
  const { code, details } = toGrpcStatus(err);
  if (code === status.INTERNAL) log.error({ err }, 'part of an answer failed');
  return { code, message: details };
}

/** A part's status (partStatus), as the typed error its own call would have thrown. */
export function partError(s: { code?: number | null; message?: string | null }): ServiceError {
  return errorFromGrpc({ code: s.code ?? status.UNKNOWN, details: s.message || 'no message' });
}

/**
 * A name from a request, quoted for an error message and cut to its first 64 characters: a
 * name of kilobytes repeated back whole made the status outgrow the client's metadata limit,
 * and the caller saw RESOURCE_EXHAUSTED instead of INVALID_ARGUMENT.
 */
export function quoteName(name: string): string {
  return name.length <= 64
    ? JSON.stringify(name)
    : `${JSON.stringify(name.slice(0, 64))}... (${name.length} characters)`;
}

/** The same name as a step of a field path (fields.<name>), cut the same way, unquoted. */
export function pathName(name: string): string {
  return name.length <= 64 ? name : `${name.slice(0, 64)}...(${name.length} characters)`;
}
