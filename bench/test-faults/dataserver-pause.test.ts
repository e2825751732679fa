// data-server paused (SIGSTOP, longer than the bench's deadline, then SIGCONT) under the bench's
// data load, with the ledger; and every connection from data-server to db-proxy and to Redis
// cut at once. After each: 0 acknowledged writes lost, 0 phantom writes, 0 mismatches, errors
// only of the documented kinds, and the first acknowledged write within the bound (harness.ts).
import { dataFaults, pause, sleep } from './harness.ts';

dataFaults('data-server-pause', [
  [
    'data-server SIGSTOP/SIGCONT',
    async (s) => {
      await pause(s.dataServer.proc);
      await s.dataServer.healthy();
    },
  ],
  [
    'data-server -> db-proxy and Redis connections cut together',
    async (s, t) => {
      let dropped = 0;
      for (let i = 0; i < 3; i++) {
        dropped += s.dbRelay.cut() + s.redisRelay.cut();
        await sleep(300);
      }
      t.ok(dropped > 0, `${dropped} connections dropped mid-call`);
    },
  ],
]);
