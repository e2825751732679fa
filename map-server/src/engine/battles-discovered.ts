// battle-server found through etcd (MAPSERVER_BATTLE_URL=etcd://host:port/key/prefix): each
// battle goes to the next registered instance, round-robin (service-kit/discovery.ts keeps the
// list from a watch; an instance whose lease expired is dropped from it). An instance that cannot
// be reached or is busy (UNAVAILABLE: dead but its lease not yet expired, or its queue full) is
// skipped for the next one: a battle is a pure computation of its input, so another instance
// gives the same answer.
import { UnavailableError } from '@slg/service-kit';
import { type EtcdInstances, sharedInstances } from '@slg/service-kit/discovery';
import type { BattleClient, BattleInput, BattleResult } from './battles.ts';

/** How long an instance that failed UNAVAILABLE is passed over. */
const downMs = 1000;

export class DiscoveredBattleClient implements BattleClient {
  readonly #url: string;
  readonly #held: { instances: EtcdInstances; release(): void };
  readonly #clients = new Map<string, BattleClient>();
  readonly #make: (baseUrl: string) => BattleClient;
  readonly #scheme: 'http' | 'https';
  /** Addresses that failed UNAVAILABLE, and until when (ms) they are passed over. */
  readonly #down = new Map<string, number>();

  /** `make` builds the client of one instance from its base URL (`http://host:port`). */
  constructor(url: string, make: (baseUrl: string) => BattleClient, scheme: 'http' | 'https') {
    this.#url = url;
    this.#make = make;
    this.#scheme = scheme;
    this.#held = sharedInstances(url);
  }

  async fight(input: BattleInput): Promise<BattleResult> {
    const { instances } = this.#held;
    if (!instances.isReady) {
      // The first read of etcd: waited for a while, not forever (it is tried again meanwhile).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        instances.ready,
        new Promise((resolve) => {
          timer = setTimeout(resolve, 3000);
        }),
      ]);
      clearTimeout(timer);
      if (!instances.isReady)
        throw new UnavailableError(
          `battle-server discovery at ${this.#url}: etcd does not answer${instances.lastError ? ` (${instances.lastError.message})` : ''}`,
        );
    }
    const tries = Math.min(3, Math.max(1, instances.list().length));
    for (let attempt = 1; ; attempt++) {
      const address = this.#pick(instances);
      if (!address) throw new UnavailableError(`no battle-server registered under ${this.#url}`);
      let client = this.#clients.get(address);
      if (!client) {
        client = this.#make(`${this.#scheme}://${address}`);
        this.#clients.set(address, client);
      }
      // Clients of instances no longer listed are forgotten.
      if (this.#clients.size > instances.list().length + 8) this.#prune();
      try {
        return await client.fight(input);
      } catch (err) {
        if (!(err instanceof UnavailableError)) throw err;
        // Passed over for a while (a dead instance is listed until its lease expires).
        this.#down.set(address, Date.now() + downMs);
        if (attempt >= tries) throw err;
      }
    }
  }

  /** The next address round-robin, passing over those that failed lately (unless all did). */
  #pick(instances: EtcdInstances): string | undefined {
    const n = instances.list().length;
    const now = Date.now();
    let first: string | undefined;
    for (let i = 0; i < n; i++) {
      const address = instances.next();
      if (address === undefined) return undefined;
      first ??= address;
      const until = this.#down.get(address);
      if (until === undefined) return address;
      if (until <= now) {
        this.#down.delete(address);
        return address;
      }
    }
    return first ?? instances.next();
  }

  #prune(): void {
    const live = new Set(this.#held.instances.list().map((i) => i.address));
    for (const address of this.#clients.keys())
      if (!live.has(address)) this.#clients.delete(address);
  }

  close(): void {
    this.#held.release();
  }
}
