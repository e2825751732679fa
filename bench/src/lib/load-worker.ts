// The worker-thread side of the load harness: loads the workload module, prepares it, then
// drives its virtual clients in the closed model (each client sends its next request as soon
// as the previous one is answered) or the open model (each client sends at fixed intended
// times, and a late send counts its lateness as latency, so a stall is never hidden).
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { securityFromTheEnvironment } from './security.ts';
import {
  Counters,
  type CreateWorkload,
  type RunPlan,
  type WorkerDone,
  type Workload,
} from './workload.ts';

export interface WorkerInit {
  workloadModule: string;
  workerIndex: number;
  clientIds: number[];
  counters: SharedArrayBuffer;
  params: unknown;
}

type FromMain = { type: 'run'; plan: RunPlan } | { type: 'stop' } | { type: 'close' };

/**
 * In the open model a client wakes up to this much before its intended time (Node timers fire
 * late by up to about a millisecond). A request sent early has its latency counted from the
 * actual send; one sent late, from the intended time.
 */
const EARLY_MS = 1;

const port = parentPort;
if (!port) throw new Error('load-worker.ts runs inside a worker thread');
const init = workerData as WorkerInit;
let stopped = false;
let workload: Workload | undefined;

function fail(err: unknown): void {
  port!.postMessage({
    type: 'error',
    message: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
}

async function runClient(w: Workload, plan: RunPlan, i: number, startPerf: number, sent: number[]) {
  const stopAt = plan.durationMs === null ? Number.POSITIVE_INFINITY : startPerf + plan.durationMs;
  const quota = plan.quotas ? plan.quotas[i]! : Number.POSITIVE_INFINITY;
  const open = plan.open;
  const wait0 = startPerf - performance.now();
  if (wait0 > 0) await sleep(wait0);
  for (let k = 0; k < quota && !stopped; k++) {
    let scheduledAt: number | undefined;
    if (open) {
      scheduledAt = startPerf + open.offsetsMs[i]! + k * open.intervalMs;
      if (scheduledAt >= stopAt) break;
      const wait = scheduledAt - performance.now() - EARLY_MS;
      if (wait > 0) await sleep(wait);
      if (stopped) break;
    } else if (performance.now() >= stopAt) {
      break;
    }
    sent[i]!++;
    if ((await w.step(i, scheduledAt)) === false) {
      sent[i]!--;
      break;
    }
  }
}

async function run(w: Workload, plan: RunPlan): Promise<WorkerDone> {
  const startPerf = plan.startAtEpochMs - performance.timeOrigin;
  const sent = init.clientIds.map(() => 0);
  await Promise.all(init.clientIds.map((_, i) => runClient(w, plan, i, startPerf, sent)));
  const endedAtEpochMs = performance.timeOrigin + performance.now();
  return { results: await w.results(), endedAtEpochMs, sent };
}

port.on('message', (m: FromMain) => {
  if (m.type === 'stop') {
    stopped = true;
  } else if (m.type === 'run') {
    if (!workload) return fail(new Error('run before the workload was ready'));
    run(workload, m.plan).then((done) => port.postMessage({ type: 'done', done }), fail);
  } else if (m.type === 'close') {
    const w = workload;
    workload = undefined;
    Promise.resolve(w?.close())
      .then(() => port.postMessage({ type: 'closed' }), fail)
      .finally(() => port.close());
  }
});

try {
  // The CLI's --tls-* / --token, which it put in the environment this thread copied.
  securityFromTheEnvironment();
  const mod = (await import(init.workloadModule)) as { createWorkload?: CreateWorkload };
  if (typeof mod.createWorkload !== 'function') {
    throw new Error(`${init.workloadModule} does not export createWorkload`);
  }
  workload = await mod.createWorkload({
    workerIndex: init.workerIndex,
    clientIds: init.clientIds,
    counters: new Counters(init.counters, init.workerIndex),
    params: init.params,
  });
  const info = await workload.prepare();
  port.postMessage({ type: 'ready', info });
} catch (err) {
  fail(err);
}
