// @slg/service-kit/core: the part of the kit that any process needs (config, logging,
// typed errors, metrics, shutdown) and that loads no gRPC: HTTP-only services and their
// worker processes import this, and stay ~20 MB lighter.

export { commonEnv } from './common-env.ts';
export {
  type Bounds,
  bool,
  ConfigError,
  describeEnv,
  type EnvVarReference,
  host,
  int,
  json,
  listenPort,
  loadConfig,
  nonNegativeNum,
  num,
  port,
  positiveNum,
  readInts,
  str,
  url,
} from './config.ts';
export {
  AlreadyExistsError,
  CancelledError,
  DeadlineExceededError,
  errorFromGrpc,
  FailedPreconditionError,
  type GrpcCode,
  InternalError,
  InvalidArgumentError,
  isRefusal,
  NotFoundError,
  partError,
  partStatus,
  pathName,
  quoteName,
  ResourceExhaustedError,
  ServiceError,
  status as grpcStatus,
  toGrpcStatus,
  UnavailableError,
} from './errors.ts';
export { FastHistogram, type HistogramChild } from './histogram.ts';
export { drainBody } from './http-drain.ts';
export { type Get, httpGetter, httpPoster, type Post } from './http-post.ts';
export { compactHeap, IdleCompactor, type IdleCompactorOptions } from './idle-gc.ts';
export {
  formatStackUp,
  LISTENING_MSG,
  type ListeningPorts,
  listeningPorts,
  logListening,
  parseStackUp,
  STACK_UP,
} from './listening.ts';
export { createLogger, type Logger } from './logger.ts';
export {
  createMetricsRegistry,
  latencyBuckets,
  type MetricsServer,
  registerOnce,
  startMetricsServer,
} from './metrics.ts';
export { createRng, hash32, type Rng } from './prng.ts';
export { runMain } from './run-main.ts';
export { onShutdown } from './shutdown.ts';
export {
  bearer,
  describeSecurity,
  nodeTlsOptions,
  plaintext,
  type Security,
  securityEnvReference,
  securityFromEnv,
  securityProblems,
  type TlsMaterial,
  tokenChecker,
  UnauthenticatedError,
} from './tls.ts';
export {
  type Caller,
  NOT_APPLIED,
  OUTCOME_UNKNOWN,
  provesNotApplied,
} from './write-outcome.ts';
