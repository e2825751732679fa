// Redis paused (SIGSTOP, longer than the bench's deadline, then SIGCONT) and every connection
// from data-server to it dropped mid-call by a relay, under the bench's data load, with the
// ledger. After each: 0 acknowledged writes lost, 0 phantom writes, 0 cache/store mismatches,
// errors only of the documented kinds, and the first acknowledged write within the bound.
import { dataFaults, pause, sleep } from './harness.ts';

dataFaults('redis-pause', [
  [
    'Redis SIGSTOP/SIGCONT',
    async (s) => {
      await pause(s.redis.proc);
    },
  ],
  [
    'data-server -> Redis connections cut',
    async (s, t) => {
      let dropped = 0;
      for (let i = 0; i < 3; i++) {
        dropped += s.redisRelay.cut();
        await sleep(300);
      }
      t.ok(dropped > 0, `${dropped} connections dropped mid-call`);
    },
  ],
]);
