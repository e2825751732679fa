// Faults of db-proxy under the bench's data load, with the ledger: SIGKILL and restart,
// SIGSTOP/SIGCONT, and every connection from data-server to it dropped mid-call by a relay.
// After each: 0 acknowledged writes lost, 0 phantom writes, 0 mismatches, errors only of the
// documented kinds, and the first acknowledged write within the recovery bound.
import t from 'tap';
import {
  checkRow,
  DataLoad,
  dataFault,
  type FaultRow,
  faultTable,
  pause,
  sleep,
  startDataStack,
  writeRows,
} from './harness.ts';

t.test('db-proxy: SIGKILL + restart, SIGSTOP/SIGCONT, connections cut', async (t) => {
  const stack = await startDataStack(t);
  const load = await DataLoad.start(stack.dataServer.address);
  t.teardown(() => load.pause().then(() => load.workload.close()));
  const rows: FaultRow[] = [];
  const run = async (fault: string, inject: () => Promise<void>) => {
    const row = await dataFault(t, 'db-proxy', stack, load, fault, inject);
    rows.push(row);
    checkRow(t, row);
  };
  await run('db-proxy SIGKILL + restart', async () => {
    await stack.dbproxy.proc.stop('SIGKILL');
    await stack.dbproxy.start();
  });
  await run('db-proxy SIGSTOP/SIGCONT', async () => {
    await pause(stack.dbproxy.proc);
    await stack.dbproxy.healthy();
  });
  await run('data-server -> db-proxy connections cut', async () => {
    let dropped = 0;
    for (let i = 0; i < 3; i++) {
      dropped += stack.dbRelay.cut();
      await sleep(300);
    }
    t.ok(dropped > 0, `${dropped} connections dropped`);
  });
  t.comment(`\n${faultTable(rows)}`);
  writeRows('db-proxy', rows);
});
