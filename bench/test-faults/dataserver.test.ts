// data-server SIGKILLed and restarted under the bench's data load, with the ledger. After it:
// 0 acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of the documented
// kinds, and the first acknowledged write within the recovery bound (harness.ts). Its SIGTERM,
// its pause and its connections cut: dataserver-term, -pause and -cut.test.ts (one fault per
// file: each file stays under tap's 60 s on a busy machine).
//
// This fault found a defect (2026-12-01, 4 of 6 runs): CRemoveV2 leased only the collection's
// key before it deleted, and invalidated the members' keys after the commit, so a SIGKILL in
// between left removed members served from Redis. It now leases every member's key before the
// delete (data-server/test/cremove-killed.test.ts makes that death exact), and this fault is
// held to 0 like every other.
import { dataFaults } from './harness.ts';

dataFaults('data-server', [
  [
    'data-server SIGKILL + restart',
    async (s) => {
      await s.dataServer.proc.stop('SIGKILL');
      await s.dataServer.start();
    },
  ],
]);
