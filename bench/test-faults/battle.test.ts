// Faults of battle-server (its bundle in cluster mode: a primary and 2 worker processes, one
// process group) under an HTTP load of sample battles: SIGKILL of the group and restart, and
// SIGSTOP/SIGCONT of the group. Every 200 answer must be the battle's answer as served before
// the faults (battles are deterministic: a different body is a mismatch); errors only of the
// kinds an outage gives (connection refused or reset, a timeout while paused); the first 200
// answer sent after the service is ready again within the recovery bound. battle-server keeps
// no state, so there is nothing to lose: lost and phantom do not apply.
import t from 'tap';
import {
  bundleOf,
  type FaultRow,
  faultTable,
  Proc,
  pause,
  RECOVERY_BOUND_MS,
  serviceEnv,
  sleep,
  waitFor,
  writeRows,
} from './harness.ts';

const ALLOWED = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'TimeoutError']);
const SEEDS = 16;

t.test('battle-server: SIGKILL + restart, SIGSTOP/SIGCONT under load', async (t) => {
  // Port 0 at the first start; the restarts take the port it reported.
  const proc = new Proc(
    'battle-server',
    process.execPath,
    [bundleOf('battle-server')],
    serviceEnv({ BATTLE_PORT: 0, BATTLE_PROCESSES: 2 }),
    true,
  );
  let port = 0;
  let base = '';
  const ready = async () =>
    waitFor(
      async () => (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) })).ok,
      60_000,
      `battle-server ready on ${port}`,
    );
  const start = async () => {
    // The port is free once the whole group is gone (the workers hold the listening socket too).
    await waitFor(
      async () =>
        !(await fetch(`${base}/readyz`).then(
          () => true,
          () => false,
        )),
      30_000,
      'the old group gone',
    );
    proc.start();
    await ready();
  };
  t.teardown(() => proc.stop('SIGKILL'));
  proc.start();
  port = (await proc.listening()).port;
  base = `http://127.0.0.1:${port}`;
  proc.pin({ BATTLE_PORT: port });
  await ready();
  const golden = new Map<number, string>();
  for (let s = 1; s <= SEEDS; s++) {
    const res = await fetch(`${base}/v1/battles/sample/${s}`);
    t.equal(res.status, 200);
    golden.set(s, await res.text());
  }

  // The load: 8 clients, each sending its next request when the previous one is answered.
  let running = true;
  let requests = 0;
  let mismatches = 0;
  const errors: Record<string, number> = {};
  const oks: { sentAt: number }[] = [];
  const client = async (c: number) => {
    let i = c;
    while (running) {
      const seed = (i++ % SEEDS) + 1;
      const sentAt = performance.now();
      requests++;
      try {
        const res = await fetch(`${base}/v1/battles/sample/${seed}`, {
          signal: AbortSignal.timeout(2000),
        });
        const body = await res.text();
        if (res.status !== 200)
          errors[`HTTP ${res.status}`] = (errors[`HTTP ${res.status}`] ?? 0) + 1;
        else if (body !== golden.get(seed)) mismatches++;
        else oks.push({ sentAt });
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        const code = e.cause?.code ?? e.name;
        errors[code] = (errors[code] ?? 0) + 1;
        await sleep(50);
      }
    }
  };
  const loops = Array.from({ length: 8 }, (_, c) => client(c));
  t.teardown(async () => {
    running = false;
    await Promise.all(loops);
  });

  const rows: FaultRow[] = [];
  const fault = async (name: string, inject: () => Promise<void>) => {
    const before = { requests, mismatches, errors: { ...errors } };
    const t0 = performance.now();
    await waitFor(() => oks.some((o) => o.sentAt >= t0), 30_000, 'answers before the fault');
    await inject();
    const backAt = performance.now();
    let recoveryMs: number | null = null;
    try {
      await waitFor(() => oks.some((o) => o.sentAt >= backAt), RECOVERY_BOUND_MS, 'a 200 answer');
      recoveryMs = performance.now() - backAt;
      const first = oks.find((o) => o.sentAt >= backAt);
      if (first) recoveryMs = Math.min(recoveryMs, recoveryMs);
    } catch {
      recoveryMs = null;
    }
    await sleep(500);
    const diff: Record<string, number> = {};
    for (const [k, v] of Object.entries(errors))
      if (v - (before.errors[k] ?? 0) > 0) diff[k] = v - (before.errors[k] ?? 0);
    const row: FaultRow = {
      group: 'battle-server',
      fault: name,
      requests: requests - before.requests,
      errors: diff,
      recoveryMs,
      unknownWrites: 0,
      unknownApplied: 0,
      lost: 0,
      phantom: 0,
      mismatches: mismatches - before.mismatches,
      unreadable: null,
      verifiedRecords: null,
    };
    rows.push(row);
    t.ok(
      recoveryMs !== null && recoveryMs <= RECOVERY_BOUND_MS,
      `${name}: a 200 answer within ${RECOVERY_BOUND_MS / 1000} s of the service being ready (${recoveryMs === null ? 'none' : `${Math.round(recoveryMs)} ms`})`,
    );
    t.equal(row.mismatches, 0, `${name}: every answer the battle's own`);
    const other = Object.keys(diff).filter((c) => !ALLOWED.has(c));
    t.equal(
      other.join(', '),
      '',
      `${name}: errors only of an outage's kinds: ${JSON.stringify(diff)}`,
    );
  };
  await fault('battle-server SIGKILL + restart', async () => {
    await proc.stop('SIGKILL');
    await start();
  });
  await fault('battle-server SIGSTOP/SIGCONT', async () => {
    await pause(proc);
    await ready();
  });
  t.comment(`\n${faultTable(rows)}`);
  writeRows('battle-server', rows);
});
