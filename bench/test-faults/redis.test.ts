// Redis (a private instance, nothing on disk: it comes back empty) restarted and killed under
// the bench's data load, with the ledger. After each: 0 acknowledged writes lost, 0 phantom
// writes, 0 cache/store mismatches, errors only of the documented kinds, and the first
// acknowledged write within the recovery bound (harness.ts). (Paused, cut: redis-pause.test.ts.)
import { dataFaults } from './harness.ts';

dataFaults('redis', [
  [
    'Redis restart (SIGTERM)',
    async (s) => {
      await s.redis.proc.stop('SIGTERM');
      await s.redis.start();
    },
  ],
  [
    'Redis SIGKILL + start',
    async (s) => {
      await s.redis.proc.stop('SIGKILL');
      await s.redis.start();
    },
  ],
]);
