// data-server SIGKILLed and restarted under the bench's data load, with the ledger. After it:
// 0 acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of the documented
// kinds, and the first acknowledged write within the recovery bound (harness.ts). Its SIGTERM,
// its pause and its connections cut: dataserver-term, -pause and -cut.test.ts (one fault per
// file: each file stays under tap's 60 s on a busy machine).
import { dataFaults } from './harness.ts';

/**
 * Found by this suite (2026-12-01, 2 of 3 runs): CRemoveV2 leases only the collection's key
 * before it deletes; its members' record keys are invalidated after the commit. A SIGKILL
 * between the two leaves removed members cached (served, not stored) until their TTL.
 */
const CREMOVE_CRASH_WINDOW =
  "data-server's CRemoveV2 invalidates the members' record keys only after db-proxy's commit: a SIGKILL in between leaves them served from Redis though not stored (data-server/src/service.ts)";

dataFaults('data-server', [
  [
    'data-server SIGKILL + restart',
    async (s) => {
      await s.dataServer.proc.stop('SIGKILL');
      await s.dataServer.start();
    },
    CREMOVE_CRASH_WINDOW,
  ],
]);
