// battle-server as map-server uses it: POST /v1/battles with both armies, the full result back.
import type { BattleInput, BattleResult, StackResult } from '@slg/battle-server/model';
import { InternalError, UnavailableError } from '@slg/service-kit';

export type { BattleInput, BattleResult, StackResult };

export interface BattleClient {
  fight(input: BattleInput): Promise<BattleResult>;
}

export class HttpBattleClient implements BattleClient {
  readonly #url: string;
  readonly #timeoutMs: number;

  constructor(baseUrl: string, timeoutMs = 10_000) {
    this.#url = `${baseUrl}/v1/battles`;
    this.#timeoutMs = timeoutMs;
  }

  async fight(input: BattleInput): Promise<BattleResult> {
    let res: Response;
    try {
      res = await fetch(this.#url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (err) {
      throw new UnavailableError(`battle-server at ${this.#url}: ${(err as Error).message}`, err);
    }
    const text = await res.text();
    if (res.status === 200) return JSON.parse(text) as BattleResult;
    // 503 (its queue is full) is worth a retry; anything else means the input was wrong.
    if (res.status === 503) throw new UnavailableError(`battle-server is busy: ${text}`);
    throw new InternalError(`battle-server answered ${res.status}: ${text}`);
  }
}
