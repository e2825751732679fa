// MariaDB (a private instance) paused, SIGSTOP for longer than the bench's deadline then
// SIGCONT, under the bench's data load, with the ledger: writes in flight time out (a COMMIT may
// land when it resumes). After it: 0 acknowledged writes lost, 0 phantom writes, 0 mismatches,
// errors only of the documented kinds, and the first acknowledged write within the bound.
import { dataFaults, pause } from './harness.ts';

dataFaults('mariadb-pause', [
  [
    'MariaDB SIGSTOP/SIGCONT',
    async (s) => {
      await pause(s.mariadb.proc);
    },
  ],
]);
