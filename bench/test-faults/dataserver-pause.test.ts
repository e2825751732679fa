// data-server paused (SIGSTOP for longer than the bench's deadline, then SIGCONT) under the
// bench's data load, with the ledger. After it: 0 acknowledged writes lost, 0 phantom writes,
// 0 mismatches, errors only of the documented kinds, and the first acknowledged write within
// the recovery bound (harness.ts).
import { dataFaults, pause } from './harness.ts';

dataFaults('data-server-pause', [
  [
    'data-server SIGSTOP/SIGCONT',
    async (s) => {
      await pause(s.dataServer.proc);
      await s.dataServer.healthy();
    },
  ],
]);
