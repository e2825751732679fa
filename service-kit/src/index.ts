// @slg/service-kit: what every service of the stack needs, and nothing that
// knows about any one service.

export { commonEnv } from './common-env.ts';
export { bool, ConfigError, host, json, loadConfig, num, port, str, url } from './config.ts';
export {
  AlreadyExistsError,
  CancelledError,
  DeadlineExceededError,
  errorFromGrpc,
  FailedPreconditionError,
  InternalError,
  InvalidArgumentError,
  NotFoundError,
  ResourceExhaustedError,
  ServiceError,
  toGrpcStatus,
  UnavailableError,
} from './errors.ts';
export {
  type CallOptions,
  type ClientOptions,
  createGrpcClient,
  type GrpcClient,
} from './grpc-client.ts';
export {
  type CallContext,
  GrpcServer,
  type GrpcServerOptions,
  type Interceptor,
} from './grpc-server.ts';
export { HealthService, type HealthStatus } from './health.ts';
export { createLogger, type Logger } from './logger.ts';
export {
  createMetricsRegistry,
  latencyBuckets,
  type MetricsServer,
  startMetricsServer,
} from './metrics.ts';
export { runMain } from './run-main.ts';
export { onShutdown } from './shutdown.ts';
