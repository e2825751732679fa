// MariaDB (a private instance) SIGKILLed and started again (crash recovery, commits durable:
// innodb_flush_log_at_trx_commit=1) under the bench's data load, with the ledger. After it: 0
// acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of the documented
// kinds, and the first acknowledged write within the recovery bound (harness.ts).
import { dataFaults } from './harness.ts';

dataFaults('mariadb-kill', [
  [
    'MariaDB SIGKILL + start',
    async (s) => {
      await s.mariadb.proc.stop('SIGKILL');
      await s.mariadb.start();
    },
  ],
]);
