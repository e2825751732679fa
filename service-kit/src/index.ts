// @slg/service-kit: what every service of the stack needs, and nothing that
// knows about any one service. `@slg/service-kit/core` is the gRPC-free part.
export * from './core.ts';
export {
  type CallOptions,
  type ClientOptions,
  createGrpcClient,
  type GrpcClient,
  type Plain,
} from './grpc-client.ts';
export {
  ConnectionGuard,
  defaultGrpcLimits,
  type GrpcLimits,
  grpcLimitsEnv,
  grpcLimitsOf,
} from './grpc-limits.ts';
export {
  clientSettings,
  getDefaultClientSecurity,
  serverCredentials,
  serverInterceptors,
  setDefaultClientSecurity,
} from './grpc-security.ts';
export {
  type CallContext,
  GrpcServer,
  type GrpcServerOptions,
  type Interceptor,
} from './grpc-server.ts';
export { HealthService, type HealthStatus } from './health.ts';
export { compactHeap, IdleCompactor, type IdleCompactorOptions } from './idle-gc.ts';
