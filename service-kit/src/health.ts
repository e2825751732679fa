// grpc.health.v1: Check and Watch, per service name ('' = the whole server).
import type * as grpc from '@grpc/grpc-js';
import { status as grpcStatus } from '@grpc/grpc-js';
import { grpc_health_v1_HealthDefinition, grpc as pb } from '@slg/proto';
import { quoteName } from './errors.ts';

const ServingStatus = pb.health.v1.HealthCheckResponse.ServingStatus;
export type HealthStatus = 'SERVING' | 'NOT_SERVING';

type Watcher = grpc.ServerWritableStream<
  pb.health.v1.HealthCheckRequest,
  pb.health.v1.HealthCheckResponse
>;

export class HealthService {
  readonly #statuses = new Map<string, HealthStatus>();
  readonly #watchers = new Map<string, Set<Watcher>>();

  set(service: string, status: HealthStatus): void {
    if (this.#statuses.get(service) === status) return;
    this.#statuses.set(service, status);
    for (const call of this.#watchers.get(service) ?? []) call.write(this.#response(service));
  }

  get(service: string): HealthStatus | undefined {
    return this.#statuses.get(service);
  }

  /** Marks every known service NOT_SERVING (the first step of a shutdown). */
  shutdown(): void {
    for (const service of this.#statuses.keys()) this.set(service, 'NOT_SERVING');
  }

  #response(service: string): pb.health.v1.HealthCheckResponse {
    const s = this.#statuses.get(service);
    return pb.health.v1.HealthCheckResponse.create({
      status:
        s === undefined
          ? ServingStatus.SERVICE_UNKNOWN
          : s === 'SERVING'
            ? ServingStatus.SERVING
            : ServingStatus.NOT_SERVING,
    });
  }

  readonly definition = grpc_health_v1_HealthDefinition;

  readonly implementation: grpc.UntypedServiceImplementation = {
    Check: (
      call: grpc.ServerUnaryCall<pb.health.v1.HealthCheckRequest, pb.health.v1.HealthCheckResponse>,
      callback: grpc.sendUnaryData<pb.health.v1.HealthCheckResponse>,
    ) => {
      const service = call.request.service;
      if (!this.#statuses.has(service)) {
        // Quoted and cut: a name of 100,000 characters repeated whole reset the client's connection.
        callback({ code: grpcStatus.NOT_FOUND, details: `unknown service ${quoteName(service)}` });
        return;
      }
      callback(null, this.#response(service));
    },
    Watch: (call: Watcher) => {
      const service = call.request.service;
      const set = this.#watchers.get(service) ?? new Set<Watcher>();
      this.#watchers.set(service, set);
      set.add(call);
      call.write(this.#response(service));
      call.on('cancelled', () => {
        set.delete(call);
      });
    },
  };

  /** Ends every Watch stream, so that a server shutdown is not held open by them. */
  endWatches(): void {
    for (const set of this.#watchers.values()) for (const call of set) call.end();
    this.#watchers.clear();
  }
}
