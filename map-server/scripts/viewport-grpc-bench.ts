// QueryViewport through bare grpc-js, against E: a child process serves the issue world
// (issue-world.ts) with this checkout's QueryViewport path (the service's method definition and
// encoder: encodeRect where it exists, else the entities' objects encoded directly), another
// child a bare echo method answering as many bytes as a mean answer; this process loads each in
// turn (64 calls in flight, random 30 x 20 viewports, answers not decoded) and reads each
// child's CPU time (/proc/<pid>/stat) around the measured calls, after a warm-up. Prints the
// server's CPU per call of echo, viewport, echo, and the viewport's multiple of their mean (E).
// No service-kit wrapper, metrics or march settlement: the handler's share of map-server's cost.
// For an A/B, copy this file and issue-world.ts into the other checkout and alternate runs.
//   node map-server/scripts/viewport-grpc-bench.ts [calls: 20000] [march radius: 100]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import * as grpc from '@grpc/grpc-js';
import { slg } from '@slg/proto';

const ECHO_PATH = '/bench.Echo/Echo';
const VIEWPORT_PATH = '/slg.mapserver.v1.MapService/QueryViewport';
const ECHO_BYTES = 8026; // the mean answer on this world
const identity = (b: Buffer) => b;

async function serve(kind: string, radius: number): Promise<void> {
  const server = new grpc.Server();
  if (kind === 'echo') {
    const answer = Buffer.alloc(ECHO_BYTES, 7);
    const method = {
      path: ECHO_PATH,
      requestStream: false,
      responseStream: false,
      requestSerialize: identity,
      requestDeserialize: identity,
      responseSerialize: identity,
      responseDeserialize: identity,
    };
    server.addService(
      { Echo: method },
      { Echo: (_c: unknown, cb: grpc.sendUnaryData<Buffer>) => cb(null, answer) },
    );
  } else {
    const { issueWorld } = await import('./issue-world.ts');
    const { ViewportEncoder } = await import('../src/viewport-encode.ts');
    const { unaryDefinition } = await import('../src/service.ts');
    const { w } = issueWorld(radius);
    const enc = new ViewportEncoder();
    const now = 1_800_000_030_000;
    type R = { x: number; y: number; width: number; height: number };
    const viaRect = (enc as { encodeRect?: (world: typeof w, r: R, t: number) => Buffer })
      .encodeRect;
    const answer = viaRect
      ? (r: R) => viaRect.call(enc, w, r, now)
      : (r: R) => enc.encode(w.query(r), now);
    server.addService(
      { QueryViewport: unaryDefinition.QueryViewport },
      {
        QueryViewport: (
          call: grpc.ServerUnaryCall<slg.mapserver.v1.Rect, Buffer>,
          cb: grpc.sendUnaryData<Buffer>,
        ) => {
          const q = call.request;
          cb(null, answer({ x: q.x, y: q.y, width: q.width, height: q.height }));
        },
      },
    );
  }
  server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) throw err;
    console.log(`PORT ${port}`);
  });
}

/** A child serving `kind`, once it listens. */
async function child(kind: string, radius: number) {
  const p = spawn(process.execPath, [import.meta.filename, '--serve', kind, String(radius)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: p.stdout })) {
    if (line.startsWith('PORT ')) return { proc: p, port: Number(line.slice(5)) };
  }
  throw new Error(`the ${kind} server exited before listening`);
}

/** CPU time of a process, in µs (utime + stime at 100 ticks a second). */
function cpuUs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10_000;
}

/** `calls` calls, 64 in flight; the server's CPU per call and the mean answer size. */
async function load(port: number, pid: number, path: string, calls: number, seed: number) {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  let s = seed;
  const below = (k: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % k;
  };
  const request = () =>
    path === ECHO_PATH
      ? Buffer.alloc(8, 1)
      : Buffer.from(
          slg.mapserver.v1.Rect.encode({
            x: below(1171),
            y: below(1181),
            width: 30,
            height: 20,
          }).finish(),
        );
  const one = () =>
    new Promise<number>((resolve, reject) =>
      client.makeUnaryRequest(path, identity, identity, request(), (err, res) =>
        err ? reject(err) : resolve(res!.length),
      ),
    );
  const run = async (n: number) => {
    let next = 0;
    let bytes = 0;
    const worker = async () => {
      while (next++ < n) {
        const b = await one();
        bytes += b;
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    return bytes;
  };
  await run(3000);
  const c0 = cpuUs(pid);
  const bytes = await run(calls);
  const us = (cpuUs(pid) - c0) / calls;
  client.close();
  return { us: +us.toFixed(1), meanBytes: Math.round(bytes / calls) };
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]!, Number(process.argv[4] ?? 100));
} else {
  const calls = Number(process.argv[2] ?? 20_000);
  const radius = Number(process.argv[3] ?? 100);
  const echo = await child('echo', radius);
  const view = await child('viewport', radius);
  try {
    const e1 = await load(echo.port, echo.proc.pid!, ECHO_PATH, calls, 1);
    const v = await load(view.port, view.proc.pid!, VIEWPORT_PATH, calls, 2);
    const e2 = await load(echo.port, echo.proc.pid!, ECHO_PATH, calls, 3);
    const e = (e1.us + e2.us) / 2;
    console.log(
      JSON.stringify({
        calls,
        echoUsPerCall: [e1.us, e2.us],
        viewportUsPerCall: v.us,
        xE: +(v.us / e).toFixed(2),
        meanBytes: { viewport: v.meanBytes, echo: e1.meanBytes },
        loadavg: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      }),
    );
  } finally {
    echo.proc.kill();
    view.proc.kill();
  }
}
