// For third-party servers only (mariadbd, redis-server, etcd, apache, prometheus): they cannot
// bind port 0 and tell which port they got, so their starters pick a port that is free now and
// then check that the server answering on it is their own, trying another port if not. The
// services of this repository never need this: they bind port 0 and log the port they bound.
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now (released before it resolves: another process may take it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
