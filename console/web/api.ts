// The console's API from the page: JSON answers, and every failure as one sentence to show.
import type { ErrorJson } from './types.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** GETs `path`; rejects with an ApiError whose message is the console's (or the network's) words. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { signal: signal ?? AbortSignal.timeout(10_000) });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('the console cannot be reached (is it running?)', 0);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(`the console answered HTTP ${res.status} without JSON`, res.status);
  }
  if (!res.ok) {
    const e = body as Partial<ErrorJson>;
    throw new ApiError(e.message ?? `HTTP ${res.status}`, res.status);
  }
  return body as T;
}
