// Faults of data-server under the bench's data load, with the ledger: SIGKILL and restart, and
// SIGTERM and restart (a graceful stop). After each: 0 acknowledged writes lost, 0 phantom
// writes, 0 mismatches, errors only of the documented kinds, and the first acknowledged write
// within the recovery bound (harness.ts). (SIGSTOP/SIGCONT: dataserver-pause.test.ts.)
import { dataFaults } from './harness.ts';

/**
 * Found by this suite (2026-12-01): CRemoveV2 leases only the collection's key before it
 * deletes; its members' record keys are invalidated after the commit. A SIGKILL between the
 * two leaves removed members cached (served, not stored) until their TTL.
 */
export const CREMOVE_CRASH_WINDOW =
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
  [
    'data-server SIGTERM + restart',
    async (s) => {
      await s.dataServer.proc.stop('SIGTERM');
      await s.dataServer.start();
    },
  ],
]);
