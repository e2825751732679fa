// The client side of memory-load-server.ts, for memory-load.test.ts: the server forked with the
// V8 flags every service starts with (@slg/service-kit/node-options), its IPC questions, and the
// viewport load (QueryViewport over bare grpc-js at random 30 x 20 rectangles of its 600 x 600
// world, answers taken as bytes: no decoding in the client).
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { slg } from '@slg/proto';
import { SERVICE_NODE_OPTIONS } from '@slg/service-kit/node-options';
import type { Rng } from '@slg/service-kit/prng';

/** memory-load-server.ts in a child process; `env` reaches its configuration. */
export function forkLoadServer(env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return fork(fileURLToPath(new URL('./memory-load-server.ts', import.meta.url)), [], {
    execArgv: SERVICE_NODE_OPTIONS.split(' '),
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's answer to the next message of the kind `key` names; rejected if it exits first. */
export function ask<T>(child: ChildProcess, message: string | null, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message !== null) child.send(message);
  });
}

/** QueryViewport on the server at `port`, each answer as the bytes that came. */
export function viewportClient(port: number) {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const query = (r: slg.mapserver.v1.IRect) =>
    new Promise<Buffer>((resolve, reject) => {
      client.makeUnaryRequest(
        '/slg.mapserver.v1.MapService/QueryViewport',
        (req: slg.mapserver.v1.IRect) => Buffer.from(slg.mapserver.v1.Rect.encode(req).finish()),
        (b: Buffer) => b,
        r,
        (err, res) => (err || !res ? reject(err ?? new Error('no answer')) : resolve(res)),
      );
    });
  return { query, close: () => client.close() };
}

/** `queries` queries at random 30 x 20 rectangles drawn from `rng`, `inFlight` at a time. */
export async function viewportLoad(
  query: (r: slg.mapserver.v1.IRect) => Promise<Buffer>,
  rng: Rng,
  queries: number,
  inFlight: number,
  answered: (answer: Buffer) => void = () => {},
): Promise<void> {
  let sent = 0;
  const worker = async () => {
    while (sent < queries) {
      sent++;
      const x = rng.int(570);
      const y = rng.int(580);
      answered(await query({ x, y, width: 30, height: 20 }));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}
