// The cache guarantees the existing suites prove on one Redis, proved again on a private Redis
// Cluster (3 masters, 3 replicas): a suite file runs as a child process with its data-servers
// on the cluster (TEST_REDIS_CLUSTER, read by helpers.ts's startDataServer) and the Redis cache
// only (DATASERVER_TEST_CACHES=redis):
//  - races.test.ts: the stale set on a record and on a collection, a read after an ack not
//    joining an older load, single-flight (32 misses -> 1 Get, 16 CFetchV2 -> 1 List);
//  - instances.test.ts: two instances, 64 concurrent IncrByV2 -> exact total, no FetchV2 after
//    an ack older than it on either instance, the stale set across instances;
//  - write-lease.test.ts: a write that may still commit keeps its lease (no fill before its end).
// Each child's own assertions decide; the runner checks that it ran them all and none failed.
// One file per suite (cluster-races, cluster-instances, cluster-write-lease), each with its own
// cluster, so that each stays well under a minute on a busy machine.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { localCluster } from './cluster-redis.ts';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Runs one existing suite file as a child process with its data-servers on a private Redis
 * Cluster, and checks that it ran every assertion and none failed.
 */
export function runSuiteOnCluster(file: string): void {
  t.test(`${file} on a Redis Cluster`, async (t) => {
    const started = Date.now();
    const cluster = await localCluster(t);
    t.comment(`cluster up in ${Date.now() - started} ms`);
    // The child is a standalone tap process, not one of this runner's (no TAP_* of ours).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('TAP') && !k.startsWith('_TAPJS')),
    );
    const child = spawn(process.execPath, [join(here, file)], {
      env: {
        ...env,
        DATASERVER_TEST_CACHES: 'redis',
        TEST_REDIS_CLUSTER: cluster.seeds.join(','),
        TAP_TYPE_STRIP_ONLY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    t.comment(`${file} ran in ${Date.now() - started} ms (with the cluster's start)`);
    const failures = out
      .split('\n')
      .filter((l) => /^\s*not ok /.test(l) && !/# (TODO|SKIP)/.test(l));
    const summary = /# \{ total: (\d+), pass: (\d+)(.*)\}/.exec(out);
    t.equal(code, 0, `${file} exits 0 on the cluster`);
    t.same(failures, [], 'no failed assertion');
    t.ok(summary, 'the suite ran to its summary');
    if (summary) {
      t.ok(Number(summary[1]) > 0, `${summary[2]} of ${summary[1]} passed`);
      t.equal(summary[1], summary[2], 'every assertion passed');
    }
    if (code !== 0 || failures.length) t.comment(out.slice(-4000));
  });
}
