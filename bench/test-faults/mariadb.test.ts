// Faults of MariaDB (a private instance on its own port and data directory) under the bench's
// data load, with the ledger: a restart (SIGTERM, then start), and SIGKILL and start (crash
// recovery). (Paused: mariadb-pause.test.ts.) After each: 0 acknowledged writes lost, 0 phantom writes, 0
// mismatches, errors only of the documented kinds, and the first acknowledged write within
// the recovery bound (harness.ts).
import { dataFaults } from './harness.ts';

dataFaults('mariadb', [
  [
    'MariaDB restart (SIGTERM)',
    async (s) => {
      await s.mariadb.proc.stop('SIGTERM');
      await s.mariadb.start();
    },
  ],
  [
    'MariaDB SIGKILL + start',
    async (s) => {
      await s.mariadb.proc.stop('SIGKILL');
      await s.mariadb.start();
    },
  ],
]);
