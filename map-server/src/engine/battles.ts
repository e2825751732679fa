// battle-server as map-server uses it: POST /v1/battles with both armies, the full result back.
import type { BattleInput, BattleResult, StackResult } from '@slg/battle-server/model';
import {
  bearer,
  httpPoster,
  InternalError,
  type Post,
  type Security,
  UnavailableError,
} from '@slg/service-kit';

export type { BattleInput, BattleResult, StackResult };

export interface BattleClient {
  fight(input: BattleInput): Promise<BattleResult>;
}

export class HttpBattleClient implements BattleClient {
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #headers: Record<string, string>;
  /** https: node:https with the stack's TLS material (the kit's httpPoster); http: fetch. */
  readonly #post: Post;

  constructor(baseUrl: string, timeoutMs = 10_000, security?: Security) {
    this.#url = `${baseUrl}/v1/battles`;
    this.#timeoutMs = timeoutMs;
    this.#headers = {
      'content-type': 'application/json',
      ...(security?.token ? { authorization: bearer(security.token) } : {}),
    };
    this.#post = httpPoster(this.#url, security?.tls);
  }

  async fight(input: BattleInput): Promise<BattleResult> {
    let res: { status: number; text: string };
    try {
      res = await this.#post(JSON.stringify(input), this.#headers, this.#timeoutMs);
    } catch (err) {
      throw new UnavailableError(`battle-server at ${this.#url}: ${(err as Error).message}`, err);
    }
    const { text } = res;
    if (res.status === 200) return JSON.parse(text) as BattleResult;
    // 503 (its queue is full) is worth a retry; anything else means the input was wrong.
    if (res.status === 503) throw new UnavailableError(`battle-server is busy: ${text}`);
    throw new InternalError(`battle-server answered ${res.status}: ${text}`);
  }
}
