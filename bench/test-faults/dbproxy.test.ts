// db-proxy SIGKILLed and restarted under the bench's data load, with the ledger. After it: 0
// acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of the documented
// kinds, and the first acknowledged write within the recovery bound (harness.ts). Its pause and
// its connections cut: dbproxy-pause and dbproxy-cut.test.ts.
import { dataFaults } from './harness.ts';

dataFaults('db-proxy', [
  [
    'db-proxy SIGKILL + restart',
    async (s) => {
      await s.dbproxy.proc.stop('SIGKILL');
      await s.dbproxy.start();
    },
  ],
]);
