// Reading the rest of a request body that will not be used, before answering. A server that
// answers and closes while the client is still sending makes the kernel reset the connection,
// and a client that writes its whole body before reading loses the answer.

/**
 * Reads and drops the rest of a request body that is over the limit, so that the 413 reaches a
 * client that sends its whole body before it reads. Resolves true once the body has ended; false
 * if it goes on past `maxBytes` or `maxMs` (the caller then answers and closes anyway).
 */
export function drainBody(
  req: NodeJS.ReadableStream & { complete?: boolean },
  maxBytes: number,
  maxMs: number,
): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      req.removeListener('close', onError);
      resolve(ok);
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), maxMs);
    timer.unref();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onError);
    req.resume();
  });
}
