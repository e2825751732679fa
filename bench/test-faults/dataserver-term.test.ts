// data-server stopped gracefully (SIGTERM) and restarted under the bench's data load, with the
// ledger. After it: 0 acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of
// the documented kinds, and the first acknowledged write within the recovery bound.
import { dataFaults } from './harness.ts';

dataFaults('data-server-term', [
  [
    'data-server SIGTERM + restart',
    async (s) => {
      await s.dataServer.proc.stop('SIGTERM');
      await s.dataServer.start();
    },
  ],
]);
