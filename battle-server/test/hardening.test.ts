// What an outside tester threw at the battle server, each a test that failed before:
// a 10 MiB body always gets its 413 (Content-Length or chunked), a CONNECT its 405 (it was a
// silently closed socket), 404/414/431 in the documented
// {"error","message"} body, refusals counted by their code, bad process counts refused at
// start-up, and a cluster whose serving processes cannot start gives up instead of forking
// in a loop.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Server } from 'node:net';
import { ConfigError, UnavailableError } from '@slg/service-kit/core';
import t from 'tap';
import { build } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { type BattleRunner, InlineRunner } from '../src/runner.ts';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
const MiB = 1024 * 1024;

type Answer = { status: number; headers: string; body: string };

/**
 * A raw HTTP/1.1 exchange: writes `head` and every chunk of `body` (all of it, as a client that
 * sends its whole body before reading), then reads `answers` responses. Rejects on any socket
 * error (a reset or a broken pipe while sending is what the fix removes).
 */
function exchange(
  port: number,
  writes: (string | Buffer)[],
  answers = 1,
  after?: (socket: ReturnType<typeof connect>, first: Answer) => void,
): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    const got: Answer[] = [];
    socket.on('error', (err) =>
      reject(
        new Error(`socket ${(err as NodeJS.ErrnoException).code} after ${got.length} answers`),
      ),
    );
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const headers = buf.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        const answer = {
          status: Number(headers.split(' ')[1]),
          headers,
          body: buf.subarray(end + 4, end + 4 + length).toString(),
        };
        buf = buf.subarray(end + 4 + length);
        got.push(answer);
        if (got.length === 1) after?.(socket, answer);
        if (got.length === answers) {
          socket.destroy();
          resolve(got);
          return;
        }
      }
    });
    socket.on('close', () => {
      if (got.length < answers)
        reject(new Error(`closed after ${got.length} of ${answers} answers`));
    });
    for (const w of writes) socket.write(w);
  });
}

async function serve(t: Tap, runner: BattleRunner = new InlineRunner()) {
  await runner.start();
  const app = await build({ runner });
  await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  return { app, port: (app.server.address() as { port: number }).port };
}
type Tap = Parameters<Parameters<typeof t.test>[0]>[0];

t.test('a 10 MiB body always gets its 413, with Content-Length or chunked', async (t) => {
  const { port } = await serve(t);
  const body = Buffer.alloc(10 * MiB, 'a');
  const head = (framing: string, connection: string) =>
    `POST /v1/battles HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\nConnection: ${connection}\r\n\r\n`;
  const chunked = (): (string | Buffer)[] => {
    const out: (string | Buffer)[] = [];
    for (let i = 0; i < 10; i++)
      out.push(`100000\r\n`, body.subarray(i * MiB, (i + 1) * MiB), '\r\n');
    out.push('0\r\n\r\n');
    return out;
  };
  for (let i = 0; i < 5; i++) {
    for (const [name, writes] of [
      ['content-length', [head(`Content-Length: ${body.length}`, 'close'), body]],
      ['chunked', [head('Transfer-Encoding: chunked', 'close'), ...chunked()]],
    ] as const) {
      const [answer] = await exchange(port, [...writes]);
      t.equal(answer?.status, 413, `${name} #${i + 1}: 413`);
      t.equal(
        JSON.parse(answer?.body ?? '{}').error,
        'PAYLOAD_TOO_LARGE',
        `${name} #${i + 1}: body`,
      );
    }
  }
  // Kept alive: after the 413 (the rest of the body read and dropped), the same connection serves.
  const [refused, next] = await exchange(
    port,
    [head(`Content-Length: ${body.length}`, 'keep-alive'), body],
    2,
    (socket) => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'),
  );
  t.equal(refused?.status, 413);
  t.equal(next?.status, 200, 'the connection still serves after the 413');
  // And fetch, which reads only once it has sent everything.
  const res = await fetch(`http://127.0.0.1:${port}/v1/battles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  t.equal(res.status, 413);
  t.same(Object.keys((await res.json()) as object), ['error', 'message']);
});

t.test('404, 414 and 431 answer in the documented {"error","message"} body', async (t) => {
  const { port } = await serve(t);
  const long = `/nowhere/${'x'.repeat(5000)}`;
  const notFound = await fetch(`http://127.0.0.1:${port}${long}`);
  t.equal(notFound.status, 404);
  const nf = (await notFound.json()) as { error: string; message: string };
  t.same(Object.keys(nf), ['error', 'message']);
  t.equal(nf.error, 'NOT_FOUND');
  t.ok(nf.message.length < 200, `the path is cut in the message (${nf.message.length} chars)`);
  t.match(nf.message, /GET "\/nowhere\/x+"\.\.\. \(5009 characters\)/);

  const tooLong = await fetch(`http://127.0.0.1:${port}/v1/battles/sample/${'1'.repeat(200)}`);
  t.equal(tooLong.status, 414);
  const tl = (await tooLong.json()) as { error: string; message: string };
  t.same(Object.keys(tl), ['error', 'message']);
  t.equal(tl.error, 'URI_TOO_LONG');

  const [big] = await exchange(port, [
    `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(32 * 1024)}\r\n\r\n`,
  ]);
  t.equal(big?.status, 431);
  t.match(big?.headers, /content-type: application\/json/i);
  const hb = JSON.parse(big?.body ?? '{}') as { error: string; message: string };
  t.same(Object.keys(hb), ['error', 'message']);
  t.equal(hb.error, 'REQUEST_HEADER_FIELDS_TOO_LARGE');

  const [garbage] = await exchange(port, ['NOT HTTP AT ALL\r\n\r\n']);
  t.equal(garbage?.status, 400);
  t.equal(JSON.parse(garbage?.body ?? '{}').error, 'BAD_REQUEST');
});

t.test('CONNECT, and every method not served, get a 4xx status line', async (t) => {
  const { port } = await serve(t);
  for (const target of ['127.0.0.1:22', '/v1/battles', '*']) {
    const [answer] = await exchange(port, [`CONNECT ${target} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    t.equal(answer?.status, 405, `CONNECT ${target}: 405`);
    t.match(answer?.headers, /\r\nallow: GET, HEAD, POST\r\n/i);
    t.match(answer?.headers, /\r\nconnection: close$/im);
    const body = JSON.parse(answer?.body ?? '{}') as { error: string; message: string };
    t.equal(body.error, 'METHOD_NOT_ALLOWED');
    t.match(body.message, /no proxy/);
  }
  for (const method of ['DELETE', 'PUT', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
    for (const path of ['/v1/battles', '/healthz', '/nowhere']) {
      const [answer] = await exchange(port, [`${method} ${path} HTTP/1.1\r\nHost: x\r\n\r\n`]);
      t.ok(answer && answer.status >= 400 && answer.status < 500, `${method} ${path}: 4xx`);
    }
  }
  // The server still serves.
  const [ok] = await exchange(port, ['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n']);
  t.equal(ok?.status, 200);
});

t.test('a 503 is counted by its code: unavailable is not queue_full', async (t) => {
  class DownRunner extends InlineRunner {
    override async run(): Promise<string> {
      throw new UnavailableError('the battle backend is down');
    }
  }
  const { port } = await serve(t, new DownRunner());
  const res = await fetch(`http://127.0.0.1:${port}/v1/battles/sample/1`);
  t.equal(res.status, 503);
  t.equal(((await res.json()) as { error: string }).error, 'UNAVAILABLE');
  t.equal(res.headers.get('retry-after'), '1');
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  t.match(metrics, /battles_rejected_total\{reason="unavailable"\} 1/);
  t.notMatch(metrics, /battles_rejected_total\{reason="queue_full"\}/);
});

t.test('a negative or fractional process count is refused at start-up', async (t) => {
  for (const [name, value] of [
    ['BATTLE_PROCESSES', '-3'],
    ['BATTLE_THREADS', '-1'],
    ['BATTLE_PROCESSES', '2.5'],
    ['BATTLE_MAX_QUEUE', '0'],
    ['BATTLE_BODY_LIMIT', '-10'],
  ] as const) {
    t.throws(
      () => readConfig({ [name]: value }),
      {
        name: 'ConfigError',
        message: new RegExp(`${name}="${value.replace('.', '\\.')}": must be an integer`),
      },
      `${name}=${value}`,
    );
  }
  // Every problem at once: envalid's and the bounds.
  try {
    readConfig({ BATTLE_PORT: 'eighty', BATTLE_PROCESSES: '-3' });
    t.fail('accepted');
  } catch (err) {
    t.type(err, ConfigError);
    t.equal((err as ConfigError).problems.length, 2, (err as ConfigError).message);
  }
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, BATTLE_PROCESSES: '-3', BATTLE_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  t.equal(code, 78, 'exit 78 (EX_CONFIG)');
  t.match(err, /BATTLE_PROCESSES="-3": must be an integer from 0 to 1024/);
});

function listen(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
}

t.test('pool mode: a port in use ends the process with exit 1 and the reason', async (t) => {
  const taken = await listen();
  t.teardown(() => taken.close());
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      BATTLE_MODE: 'pool',
      BATTLE_THREADS: '1',
      BATTLE_PORT: String((taken.address() as { port: number }).port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  t.equal(code, 1, "exit 1, not the graceful path's 0");
  t.match(err, /start-up failed: Error: listen EADDRINUSE/);
});

t.test(
  'cluster: processes that cannot start make the primary back off, then exit 1 with their error',
  async (t) => {
    const taken = await listen();
    t.teardown(() => taken.close());
    const port = (taken.address() as { port: number }).port;
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        BATTLE_MODE: 'cluster',
        BATTLE_PROCESSES: '2',
        BATTLE_PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    // The unfixed primary forked forever; this bound only turns that into a failure.
    const exited = once(child, 'exit') as Promise<[number | null]>;
    const hung = new Promise<'hung'>((resolve) =>
      setTimeout(() => resolve('hung'), 45_000).unref(),
    );
    const result = await Promise.race([exited, hung]);
    if (result === 'hung') {
      const forks = out.split('serving process died').length - 1;
      t.fail(`the primary is still forking (${forks} restarts so far)`);
      return;
    }
    t.equal(result[0], 1, 'the primary exits 1');
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; retryInMs?: number; reason?: string });
    const retries = lines.filter((l) => l.msg.startsWith('serving process failed to start'));
    t.same(
      retries.map((l) => l.retryInMs),
      [100, 200, 400, 800],
      'four retries, each after twice the back-off',
    );
    t.equal(lines.filter((l) => l.msg.endsWith('giving up')).length, 1, 'then it gives up');
    t.match(retries[0]?.reason, /EADDRINUSE/, "a retry names the process's error");
    t.match(
      out,
      /start-up failed: Error: 5 serving processes in a row failed to start; the last: .*EADDRINUSE/,
    );
  },
);
