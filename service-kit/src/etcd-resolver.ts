// The grpc-js resolver of `etcd://` targets (createGrpcClient(definition, 'etcd://...')): the
// instances registered under the prefix (discovery.ts), given to grpc-js's round_robin. Apart
// from discovery.ts so that a process without gRPC clients (battle-server) loads no grpc-js.
import * as grpc from '@grpc/grpc-js';
import { type EtcdInstances, type Instance, sharedInstances } from './discovery.ts';
import { parseEtcdTarget } from './etcd-url.ts';

class EtcdResolver implements grpc.experimental.Resolver {
  readonly #url: string;
  readonly #listener: grpc.experimental.ResolverListener;
  #held: { instances: EtcdInstances; release(): void } | undefined;
  #onChange = (list: Instance[]) => this.#report(list);
  #onError = (err: Error) => this.#report(undefined, err);

  constructor(target: grpc.experimental.GrpcUri, listener: grpc.experimental.ResolverListener) {
    this.#url = grpc.experimental.uriToString(target);
    this.#listener = listener;
  }

  static getDefaultAuthority(target: grpc.experimental.GrpcUri): string {
    return parseEtcdTarget(grpc.experimental.uriToString(target)).name;
  }

  #report(list: Instance[] | undefined, err?: Error): void {
    if (!list) {
      this.#listener(
        grpc.experimental.statusOrFromError({
          code: grpc.status.UNAVAILABLE,
          details: `etcd discovery of ${this.#url}: ${err?.message}`,
        }),
        {},
        null,
        '',
      );
      return;
    }
    const endpoints = list.map((i) => {
      const s = grpc.experimental.splitHostPort(i.address)!;
      return { addresses: [{ host: s.host, port: s.port ?? 0 }] };
    });
    this.#listener(
      grpc.experimental.statusOrFromValue(endpoints),
      {},
      null,
      list.length ? '' : `no instance registered under ${this.#url}`,
    );
  }

  updateResolution(): void {
    if (!this.#held) {
      this.#held = sharedInstances(this.#url);
      const { instances } = this.#held;
      instances.on('change', this.#onChange);
      instances.on('error', this.#onError);
      if (instances.lastError) setImmediate(() => this.#report(undefined, instances.lastError));
      void instances.ready.then(() => {
        if (this.#held?.instances === instances) this.#report(instances.list());
      });
      return;
    }
    // The channel asks again after a connection failed: answer with what the watch knows.
    const { instances } = this.#held;
    if (!instances.isReady) return;
    setImmediate(() => {
      if (this.#held?.instances === instances) this.#report(instances.list());
    });
  }

  destroy(): void {
    if (!this.#held) return;
    this.#held.instances.off('change', this.#onChange);
    this.#held.instances.off('error', this.#onError);
    this.#held.release();
    this.#held = undefined;
  }
}

let resolverRegistered = false;

/** Lets grpc-js channels take `etcd://` targets (createGrpcClient calls it for such an address). */
export function registerEtcdResolver(): void {
  if (resolverRegistered) return;
  resolverRegistered = true;
  grpc.experimental.registerResolver('etcd', EtcdResolver);
}
