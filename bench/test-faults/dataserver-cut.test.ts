// Every connection of data-server to db-proxy and to Redis dropped at once, mid-call, by the
// suite's relays (three times, 300 ms apart), under the bench's data load, with the ledger.
// After it: 0 acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of the
// documented kinds, and the first acknowledged write within the recovery bound.
import { dataFaults, sleep } from './harness.ts';

dataFaults('data-server-cut', [
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
