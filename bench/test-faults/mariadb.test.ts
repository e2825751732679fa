// MariaDB (a private instance on its own port and data directory) restarted (SIGTERM, then
// start) under the bench's data load, with the ledger. After it: 0 acknowledged writes lost, 0
// phantom writes, 0 mismatches, errors only of the documented kinds, and the first acknowledged
// write within the recovery bound (harness.ts). SIGKILL and pause: mariadb-kill and
// mariadb-pause.test.ts.
import { dataFaults } from './harness.ts';

dataFaults('mariadb', [
  [
    'MariaDB restart (SIGTERM)',
    async (s) => {
      await s.mariadb.proc.stop('SIGTERM');
      await s.mariadb.start();
    },
  ],
]);
