// The hit path's own Redis connection (src/cache/resp-gets.ts): MGET replies read right whatever
// the values hold and however the bytes arrive, the setup commands a URL asks for, and every
// failure (a timeout, an error reply, a lost connection) failing the waiting calls, reported
// once, then a new connection. Against the real Redis, and against small RESP servers on port 0
// where a failure must be forced.
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import t from 'tap';
import { type GetsReply, RespGets, respTarget } from '../src/cache/resp-gets.ts';
import { dropPrefix, redisUrl, uniquePrefix, waitFor } from './helpers.ts';

interface TapLike {
  teardown(fn: () => unknown): void;
}

function mget(c: RespGets, keys: string[]): Promise<(Buffer | null)[]> {
  return new Promise((resolve, reject) => {
    const reply: GetsReply = (err, values) => (err ? reject(err) : resolve(values!));
    c.mget(keys, reply);
  });
}

async function ready(c: RespGets): Promise<void> {
  await waitFor(() => c.ready, 10_000, 'the connection to be ready');
}

/** A RESP server on port 0: `answer` gets each command (its arguments) and the socket. */
async function fakeRedis(
  t: TapLike,
  answer: (args: string[], socket: Socket) => void,
): Promise<{ server: Server; port: number; connections: number }> {
  const state = { server: undefined as unknown as Server, port: 0, connections: 0 };
  const sockets = new Set<Socket>();
  state.server = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const parsed = parseCommand(buf);
        if (!parsed) return;
        buf = buf.subarray(parsed.end);
        answer(parsed.args, socket);
      }
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.port = (state.server.address() as { port: number }).port;
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        state.server.close(() => resolve());
      }),
  );
  return state;
}

/** One RESP command (an array of bulk strings) from the start of `buf`. */
function parseCommand(buf: Buffer): { args: string[]; end: number } | undefined {
  const line = (at: number) => {
    const i = buf.indexOf('\r\n', at);
    return i === -1 ? undefined : { text: buf.toString('utf8', at, i), next: i + 2 };
  };
  const head = line(0);
  if (!head) return undefined;
  const n = Number(head.text.slice(1));
  const args: string[] = [];
  let at = head.next;
  for (let i = 0; i < n; i++) {
    const l = line(at);
    if (!l) return undefined;
    const len = Number(l.text.slice(1));
    if (l.next + len + 2 > buf.length) return undefined;
    args.push(buf.toString('utf8', l.next, l.next + len));
    at = l.next + len + 2;
  }
  return { args, end: at };
}

const bulk = (b: Buffer | null) =>
  b === null
    ? Buffer.from('$-1\r\n')
    : Buffer.concat([Buffer.from(`$${b.length}\r\n`), b, Buffer.from('\r\n')]);

t.test('respTarget: what a URL gives the connection', async (t) => {
  t.same(respTarget('redis://127.0.0.1:6380/4'), {
    host: '127.0.0.1',
    port: 6380,
    db: 4,
    username: '',
    password: '',
  });
  t.same(respTarget('redis://u%40x:p%3Aw@[::1]'), {
    host: '::1',
    port: 6379,
    db: 0,
    username: 'u@x',
    password: 'p:w',
  });
  t.equal(respTarget('rediss://host:6379'), undefined, 'TLS: ioredis only');
  t.equal(respTarget('redis://host/x'), undefined, 'a db that is not a number');
  t.equal(respTarget(''), undefined, 'no URL (cluster mode)');
});

t.test('real Redis: values of every shape, absent keys, duplicates, large replies', async (t) => {
  const prefix = uniquePrefix('resp-gets');
  const r = new Redis(redisUrl);
  const failures: string[] = [];
  const c = new RespGets(respTarget(redisUrl)!, {
    timeoutMs: 5_000,
    name: 'resp-gets-test',
    onFailure: (why) => failures.push(why),
  });
  t.teardown(async () => {
    c.close();
    await dropPrefix(redisUrl, prefix);
    r.disconnect();
  });
  const crlf = Buffer.from('\r\n$-1\r\n*2\r\n-ERR x\r\n');
  const big = Buffer.alloc(1_500_000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
  const k = (s: string) => `${prefix}{1}:${s}`;
  await r.set(k('crlf'), crlf);
  await r.set(k('empty'), Buffer.alloc(0));
  await r.set(k('big'), big);
  await r.set(k('clé'), 'utf8 key');
  await ready(c);
  const got = await mget(c, [k('crlf'), k('missing'), k('empty'), k('big'), k('crlf'), k('clé')]);
  t.ok(got[0]?.equals(crlf), 'a value holding CRLF and RESP markers, as stored');
  t.equal(got[1], null, 'an absent key: null');
  t.equal(
    got[2]?.length,
    0,
    'an empty value (the cache\'s "no such record"): zero bytes, not null',
  );
  t.ok(got[3]?.equals(big), 'a 1.5 MB value spanning many reads');
  t.ok(got[4]?.equals(crlf), 'a duplicate key answered in its place');
  t.equal(got[5]?.toString(), 'utf8 key', 'a key in UTF-8');

  // Many commands in flight at once, each answered with its own keys.
  const many = Array.from({ length: 200 }, (_, i) => k(`n${i}`));
  await r.mset(...many.flatMap((key, i) => (i % 3 === 0 ? [] : [key, `v${i}`])));
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, j) => mget(c, many.slice(j, j + 1 + (j % 40)))),
  );
  let wrong = 0;
  answers.forEach((values, j) => {
    values.forEach((v, i) => {
      const n = j + i;
      const want = n % 3 === 0 ? null : `v${n}`;
      if ((v?.toString() ?? null) !== want) wrong++;
    });
  });
  t.equal(wrong, 0, '50 MGETs in flight, every value in its place');
  const list = String(await r.client('LIST'));
  t.match(list, /name=resp-gets-test/, 'the connection is named (CLIENT SETNAME)');
  t.same(failures, [], 'no failure reported');
});

t.test('replies arriving a few bytes at a time', async (t) => {
  const values = [Buffer.from('hello\r\nworld'), null, Buffer.alloc(0), Buffer.alloc(300, 1)];
  const pieces: Buffer[] = [];
  const drip = (socket: Socket) => {
    const reply = pieces[0];
    if (!reply || socket.destroyed) return;
    socket.write(reply.subarray(0, 3));
    if (reply.length > 3) pieces[0] = reply.subarray(3);
    else pieces.shift();
    setImmediate(() => drip(socket));
  };
  const fake = await fakeRedis(t, (args, socket) => {
    const keys = args.slice(1);
    const reply = Buffer.concat([
      Buffer.from(`*${keys.length}\r\n`),
      ...keys.map((key) => bulk(values[Number(key)] ?? null)),
    ]);
    // Written in 3-byte pieces, one per turn of the event loop, after the replies before it
    // (as Redis answers: in order).
    pieces.push(reply);
    if (pieces.length === 1) drip(socket);
  });
  const failures: string[] = [];
  const c = new RespGets(respTarget(`redis://127.0.0.1:${fake.port}`)!, {
    timeoutMs: 10_000,
    onFailure: (why) => failures.push(why),
  });
  t.teardown(() => c.close());
  await ready(c);
  const [a, b] = await Promise.all([mget(c, ['0', '1', '2', '3']), mget(c, ['3', '0'])]);
  t.same(
    a.map((v) => v?.toString('hex') ?? null),
    values.map((v) => v?.toString('hex') ?? null),
  );
  t.same(
    b.map((v) => v?.toString('hex') ?? null),
    [values[3]!.toString('hex'), values[0]!.toString('hex')],
  );
  t.same(failures, []);
});

t.test('the setup a URL asks for: AUTH, SELECT, the name, before any MGET', async (t) => {
  const seen: string[][] = [];
  const fake = await fakeRedis(t, (args, socket) => {
    seen.push(args);
    if (args[0] === 'MGET') socket.write('*1\r\n$-1\r\n');
    else socket.write('+OK\r\n');
  });
  const c = new RespGets(respTarget(`redis://me:secret@127.0.0.1:${fake.port}/5`)!, {
    timeoutMs: 10_000,
    name: 'n1',
    onFailure: () => {},
  });
  t.teardown(() => c.close());
  await ready(c);
  t.same(await mget(c, ['k']), [null]);
  t.same(seen, [
    ['AUTH', 'me', 'secret'],
    ['SELECT', '5'],
    ['CLIENT', 'SETNAME', 'n1'],
    ['MGET', 'k'],
  ]);
});

t.test('failures: every waiting call fails, reported once, then a new connection', async (t) => {
  let mode: 'silent' | 'error' | 'close' | 'ok' = 'silent';
  const fake = await fakeRedis(t, (args, socket) => {
    if (args[0] !== 'MGET') return void socket.write('+OK\r\n');
    if (mode === 'ok')
      socket.write(`*${args.length - 1}\r\n${'$1\r\nv\r\n'.repeat(args.length - 1)}`);
    else if (mode === 'error') socket.write('-ERR something\r\n');
    else if (mode === 'close') socket.destroy();
    // silent: never answers
  });
  const failures: string[] = [];
  const c = new RespGets(respTarget(`redis://127.0.0.1:${fake.port}`)!, {
    timeoutMs: 200,
    name: 'f',
    onFailure: (why) => failures.push(why),
  });
  t.teardown(() => c.close());

  for (const m of ['silent', 'error', 'close'] as const) {
    mode = m;
    await ready(c);
    const connections = fake.connections;
    const settled = await Promise.allSettled([mget(c, ['a']), mget(c, ['b', 'c'])]);
    t.same(
      settled.map((s) => s.status),
      ['rejected', 'rejected'],
      `${m}: both waiting calls fail`,
    );
    t.equal(failures.length, 1, `${m}: reported once (${failures[0]})`);
    if (m === 'silent') t.match(failures[0], /timed out after 200 ms/);
    if (m === 'error') t.match(failures[0], /ERR something/);
    failures.length = 0;
    t.notOk(c.ready, `${m}: not ready after the failure`);
    await ready(c);
    t.ok(fake.connections > connections, `${m}: a new connection`);
  }
  mode = 'ok';
  t.same(
    (await mget(c, ['x', 'y'])).map((v) => v?.toString()),
    ['v', 'v'],
    'answers again on the new connection',
  );
  c.close();
  t.notOk(c.ready);
  const settled = await Promise.allSettled([mget(c, ['z'])]);
  t.equal(settled[0]!.status, 'rejected', 'a call after close fails at once');
  t.same(failures, [], 'close reports no failure');
});
