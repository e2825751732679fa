// Faults of db-proxy under the bench's data load, with the ledger: SIGKILL and restart,
// SIGSTOP/SIGCONT, and every connection from data-server to it dropped mid-call by a relay.
// After each: 0 acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of the
// documented kinds, and the first acknowledged write within the recovery bound (harness.ts).
import { dataFaults, pause, sleep } from './harness.ts';

dataFaults('db-proxy', [
  [
    'db-proxy SIGKILL + restart',
    async (s) => {
      await s.dbproxy.proc.stop('SIGKILL');
      await s.dbproxy.start();
    },
  ],
  [
    'db-proxy SIGSTOP/SIGCONT',
    async (s) => {
      await pause(s.dbproxy.proc);
      await s.dbproxy.healthy();
    },
  ],
  [
    'data-server -> db-proxy connections cut',
    async (s, t) => {
      let dropped = 0;
      for (let i = 0; i < 3; i++) {
        dropped += s.dbRelay.cut();
        await sleep(300);
      }
      t.ok(dropped > 0, `${dropped} connections dropped mid-call`);
    },
  ],
]);
