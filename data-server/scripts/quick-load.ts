// A quick closed-loop load of data-server with the case study's mix, beside a
// bare grpc-js echo service loaded by the same client: the ratio is what counts
// on a shared 2-core machine. (The full tool with checked responses and
// post-verification is `npm run bench -- data`; this is the engineer's quick check.)
//
//   node data-server/scripts/quick-load.ts --target 127.0.0.1:50052 --seconds 10 --concurrency 64 \
//     [--pids <data-server pid>,...] [--hits-only] [--skip-seed --first-player N]
//
// Without --target it needs a running stack; --echo-only / --no-echo choose what to measure.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import {
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_echo_v1_EchoServiceDefinition,
} from '@slg/proto';

const { values: args } = parseArgs({
  options: {
    target: { type: 'string', default: '127.0.0.1:50052' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '64' },
    players: { type: 'string', default: '2000' },
    channels: { type: 'string', default: '2' },
    'no-echo': { type: 'boolean', default: false },
    'echo-only': { type: 'boolean', default: false },
    'serve-echo': { type: 'boolean', default: false },
    'skip-seed': { type: 'boolean', default: false },
    'first-player': { type: 'string', default: '' },
    /** Comma-separated server PIDs whose CPU time per call is reported (Linux /proc). */
    pids: { type: 'string', default: '' },
    /** Only FetchV2 (hits after the first round): the hit path alone. */
    'hits-only': { type: 'boolean', default: false },
  },
});

type Method = {
  path: string;
  serialize: (m: never) => Buffer;
  deserialize: (b: Buffer) => unknown;
};

function clients(address: string, n: number): grpc.Client[] {
  return Array.from(
    { length: n },
    () =>
      new grpc.Client(address, grpc.credentials.createInsecure(), {
        'grpc.use_local_subchannel_pool': 1,
      }),
  );
}

function call(c: grpc.Client, m: Method, req: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    c.makeUnaryRequest(
      m.path,
      m.serialize as (v: unknown) => Buffer,
      m.deserialize,
      req,
      new grpc.Metadata(),
      { deadline: Date.now() + 10_000 },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

const def = (d: grpc.MethodDefinition<unknown, unknown>): Method => ({
  path: d.path,
  serialize: d.requestSerialize as never,
  deserialize: d.responseDeserialize,
});
const D = slg_dataserver_v2_DataServiceDefinition as unknown as Record<
  string,
  grpc.MethodDefinition<unknown, unknown>
>;
const M = Object.fromEntries(Object.entries(D).map(([k, v]) => [k, def(v)])) as Record<
  string,
  Method
>;

// The case study's mix by count.
const mix: [string, number][] = [
  ['FetchV2', 46.5],
  ['CFetchV2', 46.5],
  ['ModifyV2', 2.3],
  ['IncrByV2', 2.3],
  ['CreateV2', 0.9],
  ['RemoveV2', 0.5],
  ['CRemoveV2', 0.5],
  ['CCountV2', 0.5],
];
const total = mix.reduce((s, [, w]) => s + w, 0);

interface Stats {
  n: number;
  errors: number;
  lat: number[];
}

/** CPU seconds (user + system) a process used so far. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function run(
  label: string,
  seconds: number,
  concurrency: number,
  next: () => { op: string; send: () => Promise<unknown> },
  pids: number[] = [],
): Promise<void> {
  const stats = new Map<string, Stats>();
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const firstErrors: string[] = [];
  const worker = async () => {
    while (performance.now() < until) {
      const { op, send } = next();
      const t0 = performance.now();
      let s = stats.get(op);
      if (!s) {
        s = { n: 0, errors: 0, lat: [] };
        stats.set(op, s);
      }
      try {
        await send();
      } catch (err) {
        s.errors++;
        if (firstErrors.length < 5) firstErrors.push(`${op}: ${(err as Error).message}`);
      }
      s.n++;
      s.lat.push(performance.now() - t0);
      done++;
    }
  };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const servers0 = pids.map(cpuOf);
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const q = (a: number[], p: number) =>
    a[Math.min(a.length - 1, Math.floor(p * a.length))]?.toFixed(2);
  console.log(
    `${label}: ${done} calls in ${elapsed.toFixed(1)} s = ${Math.round(done / elapsed)}/s; client CPU ${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(0)}%`,
  );
  pids.forEach((pid, i) => {
    const used = cpuOf(pid) - servers0[i]!;
    console.log(
      `  server pid ${pid}: ${((used / elapsed) * 100).toFixed(0)}% of a core, ${((used / done) * 1e6).toFixed(0)} µs CPU per call`,
    );
  });
  console.log(`  client: ${((cpu.user + cpu.system) / done).toFixed(0)} µs CPU per call`);
  for (const [op, s] of [...stats].sort((a, b) => b[1].n - a[1].n)) {
    s.lat.sort((a, b) => a - b);
    console.log(
      `  ${op.padEnd(9)} n=${s.n} err=${s.errors} p50=${q(s.lat, 0.5)}ms p90=${q(s.lat, 0.9)}ms p99=${q(s.lat, 0.99)}ms max=${s.lat.at(-1)?.toFixed(1)}ms`,
    );
  }
  for (const e of firstErrors) console.log(`  error: ${e}`);
  return Promise.resolve();
}

async function main(): Promise<void> {
  const seconds = Number(args.seconds);
  const concurrency = Number(args.concurrency);
  const players = Number(args.players);
  const nch = Number(args.channels);
  const rate = 0;

  if (!args['no-echo']) {
    const child = fork(new URL(import.meta.url).pathname, ['--serve-echo'], { stdio: 'inherit' });
    const port = await new Promise<number>((resolve) =>
      child.once('message', (m: { port: number }) => resolve(m.port)),
    );
    const cs = clients(`127.0.0.1:${port}`, nch);
    const echo = def(
      slg_echo_v1_EchoServiceDefinition.Echo as grpc.MethodDefinition<unknown, unknown>,
    );
    const payload = Buffer.alloc(120, 7);
    let i = 0;
    await run('echo (bare grpc-js, warm-up)', 2, concurrency, () => ({
      op: 'Echo',
      send: () => call(cs[i++ % nch]!, echo, { payload, text: '' }),
    }));
    await run(
      'echo (bare grpc-js)',
      seconds,
      concurrency,
      () => ({ op: 'Echo', send: () => call(cs[i++ % nch]!, echo, { payload, text: '' }) }),
      [child.pid!],
    );
    for (const c of cs) c.close();
    child.kill();
    if (args['echo-only']) return;
  }
  void rate;

  const cs = clients(args.target, nch);
  let ci = 0;
  const c = () => cs[ci++ % nch]!;
  const first = args['first-player']
    ? Number(args['first-player'])
    : 1_000_000 + (process.pid % 1000) * 100_000;
  const ids = Array.from({ length: players }, (_, i) => first + i);
  const collections = ['troop', 'building', 'item'];
  const nextMember = new Map<number, number>();
  if (!args['skip-seed']) {
    const t0 = performance.now();
    let k = 0;
    const seedWorker = async () => {
      while (k < ids.length) {
        const id = ids[k++]!;
        await call(c(), M.CreateV2!, {
          table: 'player',
          ownerId: id,
          memberId: 0,
          fields: { name: { str: `p${id}` }, gold: { int: 1000 } },
        }).catch(() => {});
        for (const table of collections) {
          for (let m = 1; m <= 5; m++) {
            await call(c(), M.CreateV2!, {
              table,
              ownerId: id,
              memberId: m,
              fields: { count: { int: m } },
            }).catch(() => {});
          }
        }
        nextMember.set(id, 6);
      }
    };
    await Promise.all(Array.from({ length: 32 }, seedWorker));
    console.log(`seeded ${players} players in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
  const next = () => {
    if (args['hits-only']) {
      const owner = pick(ids);
      return {
        op: 'FetchV2',
        send: () => call(c(), M.FetchV2!, { table: 'player', ownerId: owner, memberId: 0 }),
      };
    }
    let r = rnd() * total;
    let op = 'FetchV2';
    for (const [o, w] of mix) {
      r -= w;
      if (r < 0) {
        op = o;
        break;
      }
    }
    const owner = pick(ids);
    const table = pick(collections);
    const member = 1 + Math.floor(rnd() * 5);
    const m = M[op]!;
    const ch = c();
    switch (op) {
      case 'FetchV2':
        return rnd() < 0.5
          ? { op, send: () => call(ch, m, { table: 'player', ownerId: owner, memberId: 0 }) }
          : { op, send: () => call(ch, m, { table, ownerId: owner, memberId: member }) };
      case 'CFetchV2':
      case 'CCountV2':
        return { op, send: () => call(ch, m, { table, ownerId: owner }) };
      case 'ModifyV2':
        return {
          op,
          send: () =>
            call(ch, m, {
              table: 'player',
              ownerId: owner,
              memberId: 0,
              fields: { power: { int: Math.floor(rnd() * 1e6) } },
            }),
        };
      case 'IncrByV2':
        return {
          op,
          send: () =>
            call(ch, m, { table: 'player', ownerId: owner, memberId: 0, field: 'gold', delta: 1 }),
        };
      case 'CreateV2': {
        const id = nextMember.get(owner) ?? 6;
        nextMember.set(owner, id + 1);
        return {
          op,
          send: () =>
            call(ch, m, {
              table: 'mail',
              ownerId: owner,
              memberId: id,
              fields: { subject: { str: 'hi' } },
            }),
        };
      }
      case 'RemoveV2':
        return {
          op,
          send: () =>
            call(ch, m, { table: 'mail', ownerId: owner, memberId: 6 + Math.floor(rnd() * 3) }),
        };
      default:
        return {
          op,
          send: () =>
            call(ch, m, { table: 'mail', ownerId: owner, memberIds: [6 + Math.floor(rnd() * 3)] }),
        };
    }
  };
  await run('data-server (warm-up)', 3, concurrency, next);
  const pids = args.pids ? args.pids.split(',').map(Number) : [];
  await run('data-server (case-study mix)', seconds, concurrency, next, pids);
  for (const x of cs) x.close();
}

if (args['serve-echo']) {
  // Child mode: a bare grpc-js echo service (no kit, no work).
  const server = new grpc.Server();
  server.addService(slg_echo_v1_EchoServiceDefinition, {
    Echo: (
      call: grpc.ServerUnaryCall<slg.echo.v1.EchoRequest, slg.echo.v1.EchoResponse>,
      cb: grpc.sendUnaryData<unknown>,
    ) =>
      cb(
        null,
        slg.echo.v1.EchoResponse.create({ payload: call.request.payload, text: call.request.text }),
      ),
  });
  server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) throw err;
    process.send?.({ port });
  });
} else {
  await main();
}
