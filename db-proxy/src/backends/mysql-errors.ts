// mysql2 / MySQL errors sorted into what db-proxy does with them: a typed
// service error for the caller, and whether the connection is still usable and
// whether running the work again is safe.
import {
  AlreadyExistsError,
  DeadlineExceededError,
  InternalError,
  InvalidArgumentError,
  ResourceExhaustedError,
  ServiceError,
  UnavailableError,
} from '@slg/service-kit';

interface MysqlError {
  code?: string;
  errno?: number;
  fatal?: boolean;
  message?: string;
  sqlMessage?: string;
}

/** Errors that mean the connection (or the server) is gone. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_PACKETS_OUT_OF_ORDER',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'ER_NET_READ_ERROR',
  'ER_NET_WRITE_INTERRUPTED',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_PACKETS_OUT_OF_ORDER',
]);
/** Server errnos with the same meaning (1053 shutdown, 1040 too many connections, 1927 killed, 2006/2013 gone). */
const CONNECTION_ERRNOS = new Set([
  1040, 1053, 1077, 1078, 1079, 1080, 1152, 1153, 1154, 1158, 1159, 1160, 1161, 1927, 2006, 2013,
]);

export function isConnectionError(err: unknown): boolean {
  const e = err as MysqlError;
  if (!e || typeof e !== 'object') return false;
  if (e.fatal) return true;
  return (
    (e.code !== undefined && CONNECTION_CODES.has(e.code)) ||
    (e.errno !== undefined && CONNECTION_ERRNOS.has(e.errno))
  );
}

/**
 * Whether mysql2 knows a connection is closed: the server ended it (KILL, shutdown, a timeout),
 * the network failed, or it was ended here. Its `state` is then 'error' (a fatal or protocol
 * error was seen) or 'disconnected' (closing, or its socket destroyed); a command given to such
 * a connection is never written to the server.
 */
export function isClosed(raw: { readonly state: string }): boolean {
  return raw.state === 'error' || raw.state === 'disconnected';
}

/**
 * A statement db-proxy did not send because its connection was already closed (checked just
 * before sending: see isClosed). Nothing reached the server, so running it again is safe, and a
 * COMMIT not sent means the server rolled the transaction back. A connection error (fatal).
 */
export class NotSentError extends Error {
  readonly code = 'DBPROXY_NOT_SENT';
  readonly fatal = true;
}

/**
 * A killed statement whose answer never came: db-proxy closed its connection (see
 * `KILLED_ANSWER_GRACE_MS` in mysql.ts). A connection error (fatal): the server rolls back an
 * open transaction when the connection closes; an autocommitted write may have committed.
 */
export class UnansweredError extends Error {
  readonly code = 'DBPROXY_UNANSWERED';
  readonly fatal = true;
}

/** db-proxy did not send the statement at all: nothing reached the server. */
export function wasNeverSent(err: unknown): boolean {
  return err instanceof NotSentError;
}

/** The server rolled the whole transaction back: running it again is safe. */
export function isTransactionRetryable(err: unknown): boolean {
  const errno = (err as MysqlError)?.errno;
  return errno === 1213 /* deadlock */ || errno === 1205 /* lock wait timeout */;
}

/** A query stopped by KILL QUERY or by max_statement_time. */
export function isInterrupted(err: unknown): boolean {
  const errno = (err as MysqlError)?.errno;
  return errno === 1317 || errno === 1969 || errno === 3024;
}

/** The typed error a caller receives for a MySQL error. */
export function toServiceError(err: unknown, backend: string, what: string): ServiceError {
  if (err instanceof ServiceError) return err;
  const e = (err ?? {}) as MysqlError;
  const detail = e.sqlMessage ?? e.message ?? String(err);
  if (e.errno === 1062) return new AlreadyExistsError(`${what}: already exists`, err);
  if (isInterrupted(err))
    return new DeadlineExceededError(
      `${what}: deadline exceeded; the query was stopped on ${backend}`,
      err,
    );
  if (isTransactionRetryable(err)) {
    return new UnavailableError(
      `${what}: ${backend} kept aborting the transaction (${detail}); retry`,
      err,
    );
  }
  if (e.errno === 1040)
    return new ResourceExhaustedError(`${what}: ${backend} has too many connections`, err);
  if (isConnectionError(err))
    return new UnavailableError(
      `${what}: ${backend} is unreachable (${e.code ?? e.errno}: ${detail})`,
      err,
    );
  // Values are checked before they reach SQL; these mean a value the server still refused.
  if (e.errno === 1406 || e.errno === 1264 || e.errno === 1366 || e.errno === 1690) {
    return new InvalidArgumentError(`${what}: ${detail}`, err);
  }
  return new InternalError(`${what}: ${backend} failed: ${detail}`, err);
}
