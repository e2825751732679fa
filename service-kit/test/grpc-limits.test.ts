// The limits of a gRPC port (grpc-limits.ts) on the kit's server: streams per connection,
// connections per port, the first-request timeout, the log of connections ended by an HTTP/2
// protocol error, and their variables. Clients here are Node's own HTTP/2 client and raw
// sockets, so that what the server sends (SETTINGS, RST_STREAM, GOAWAY, a close) is seen as
// it is on the wire.
import { once } from 'node:events';
import http2 from 'node:http2';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type * as grpc from '@grpc/grpc-js';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t from 'tap';
import {
  ConfigError,
  defaultGrpcLimits,
  type GrpcLimits,
  GrpcServer,
  grpcLimitsEnv,
  grpcLimitsOf,
  loadConfig,
} from '../src/index.ts';

type TestT = Parameters<Parameters<typeof t.test>[0]>[0];

const HOLD = '/test.Hold/Hold';
/** A gRPC message frame holding an empty message. */
const EMPTY_MESSAGE = Buffer.from([0, 0, 0, 0, 0]);
const identity = (b: Buffer) => b;
/** A server-streaming method whose calls stay open until the test ends them. */
const holdDefinition = {
  Hold: {
    path: HOLD,
    requestStream: false,
    responseStream: true,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  },
};
const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
const EMPTY_SETTINGS = Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]);

async function startServer(t: TestT, limits: Partial<GrpcLimits>) {
  const registry = new Registry();
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const server = new GrpcServer({
    logger: pino({ level: 'info' }, sink),
    registry,
    limits: { ...defaultGrpcLimits, ...limits },
    idleCompactionMs: 0,
  });
  const held: grpc.ServerWritableStream<Buffer, Buffer>[] = [];
  server.addGrpcService(holdDefinition, {
    Hold(call: grpc.ServerWritableStream<Buffer, Buffer>) {
      held.push(call);
      call.write(Buffer.alloc(0));
    },
  });
  const port = await server.listen('127.0.0.1', 0);
  t.teardown(() => server.shutdown(100));
  const metric = async (name: string): Promise<number> => {
    const m = registry.getSingleMetric(name);
    return m ? ((await m.get()).values[0]?.value ?? 0) : Number.NaN;
  };
  return { port, url: `http://127.0.0.1:${port}`, metric, logs, held };
}

/** An HTTP/2 session to the port, closed at the end of the test. */
function session(t: TestT, url: string, opts: http2.ClientSessionOptions = {}) {
  const s = http2.connect(url, opts);
  s.on('error', () => {});
  t.teardown(() => s.destroy());
  return s;
}

/** A Hold call: resolves to 'answered' on response headers, 'refused' on REFUSED_STREAM. */
function hold(s: http2.ClientHttp2Session): {
  req: http2.ClientHttp2Stream;
  outcome: Promise<'answered' | 'refused' | string>;
} {
  const req = s.request({
    ':method': 'POST',
    ':path': HOLD,
    'content-type': 'application/grpc',
    te: 'trailers',
  });
  req.end(EMPTY_MESSAGE);
  const outcome = new Promise<string>((resolve) => {
    req.once('response', () => resolve('answered'));
    req.once('error', () => resolve(req.rstCode === 7 ? 'refused' : `rst ${req.rstCode}`));
    req.once('close', () => resolve(`closed (rst ${req.rstCode})`));
  });
  return { req, outcome };
}

/** A raw TCP connection that sends `bytes` and counts what comes back until it closes. */
function rawConnection(t: TestT, port: number, bytes: Buffer[]) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = 0;
  socket.on('data', (d: Buffer) => {
    received += d.length;
  });
  socket.on('error', () => {});
  const firstData = new Promise((resolve) => socket.once('data', resolve));
  socket.on('connect', () => {
    for (const b of bytes) socket.write(b);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(received)));
  t.teardown(() => socket.destroy());
  return { socket, firstData, closed };
}

t.test('the variables: defaults, and every bad value named', async (t) => {
  t.same(grpcLimitsOf(loadConfig(grpcLimitsEnv, {})), defaultGrpcLimits);
  t.same(
    grpcLimitsOf(
      loadConfig(grpcLimitsEnv, {
        SLG_GRPC_MAX_CONCURRENT_STREAMS: '8',
        SLG_GRPC_MAX_CONNECTIONS: '50',
        SLG_GRPC_FIRST_REQUEST_TIMEOUT_MS: '0',
      }),
    ),
    { maxConcurrentStreams: 8, maxConnections: 50, firstRequestTimeoutMs: 0 },
  );
  try {
    loadConfig(grpcLimitsEnv, {
      SLG_GRPC_MAX_CONCURRENT_STREAMS: '0',
      SLG_GRPC_MAX_CONNECTIONS: '1.5',
      SLG_GRPC_FIRST_REQUEST_TIMEOUT_MS: '-1',
    });
    t.fail('bad values were accepted');
  } catch (err) {
    t.type(err, ConfigError);
    t.same((err as ConfigError).problems, [
      'SLG_GRPC_MAX_CONCURRENT_STREAMS="0": must be an integer from 1 to 2147483647',
      'SLG_GRPC_MAX_CONNECTIONS="1.5": must be an integer from 1 to 1000000',
      'SLG_GRPC_FIRST_REQUEST_TIMEOUT_MS="-1": must be an integer from 0 to 3600000',
    ]);
  }
});

t.test('streams over the limit on one connection', async (t) => {
  const { url, held } = await startServer(t, { maxConcurrentStreams: 3 });

  t.test('a client that opens them anyway gets them refused (REFUSED_STREAM)', async (t) => {
    // Told the server allows 100 and sending before the server's SETTINGS arrive, Node's
    // client puts all five HEADERS on the wire at once.
    const s = session(t, url, { peerMaxConcurrentStreams: 100 });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => hold(s).outcome));
    t.same(outcomes.sort(), ['answered', 'answered', 'answered', 'refused', 'refused']);
  });

  t.test('a client that heeds SETTINGS holds the ones over it back', async (t) => {
    const s = session(t, url);
    const [settings] = (await once(s, 'remoteSettings')) as [http2.Settings];
    t.equal(settings.maxConcurrentStreams, 3, 'SETTINGS_MAX_CONCURRENT_STREAMS sent');
    held.length = 0;
    const open = [hold(s), hold(s), hold(s)];
    t.same(await Promise.all(open.map((w) => w.outcome)), ['answered', 'answered', 'answered']);
    const fourth = hold(s);
    // Frames leave in order: once a PING sent after it is answered, the fourth's HEADERS would
    // have reached the server too.
    await new Promise((resolve, reject) => s.ping((err) => (err ? reject(err) : resolve(null))));
    t.equal(held.length, 3, 'the server saw three calls: the fourth is queued in the client');
    // A call that ends frees its stream, and the client sends the fourth.
    held[0]!.end();
    t.equal(await fourth.outcome, 'answered');
    t.equal(held.length, 4);
  });
});

t.test('connections over the cap are closed as they are accepted', async (t) => {
  const { port, url, metric, logs } = await startServer(t, {
    maxConnections: 2,
    firstRequestTimeoutMs: 0,
  });
  const first = session(t, url);
  const second = session(t, url);
  await Promise.all([once(first, 'remoteSettings'), once(second, 'remoteSettings')]);
  t.equal(await metric('grpc_server_connections'), 2);

  const third = rawConnection(t, port, [PREFACE, EMPTY_SETTINGS]);
  t.equal(await third.closed, 0, 'closed without a byte of HTTP/2');
  t.equal(await metric('grpc_server_connections_refused_total'), 1);
  const refusals = logs.filter(
    (l) => l.msg === 'gRPC connection refused: SLG_GRPC_MAX_CONNECTIONS are open',
  );
  t.match(refusals, [{ level: 40, maxConnections: 2, remote: /^127\.0\.0\.1:\d+$/ }]);
  t.notOk(first.closed || second.closed, 'the two open ones are kept');

  // The cap counts connections open now: once one closes, a new one is served.
  first.destroy();
  while ((await metric('grpc_server_connections')) !== 1) await new Promise(setImmediate);
  const fourth = rawConnection(t, port, [PREFACE, EMPTY_SETTINGS]);
  await fourth.firstData;
  t.ok(fourth.socket.bytesRead > 0, 'the server answered its preface');
});

t.test('a connection that sends no request is closed after the timeout', async (t) => {
  const { port, url, metric } = await startServer(t, { firstRequestTimeoutMs: 150 });
  // A client that made a call before the timeout keeps its connection.
  const busy = session(t, url);
  t.equal(await hold(busy).outcome, 'answered');

  const silent = rawConnection(t, port, []);
  const prefaceOnly = rawConnection(t, port, [PREFACE, EMPTY_SETTINGS]);
  await silent.closed;
  await prefaceOnly.closed;
  const goaway = prefaceOnly.socket.bytesRead;
  t.ok(goaway > 0, 'the one that spoke HTTP/2 was told (SETTINGS, then GOAWAY)');
  t.equal(await metric('grpc_server_connections_idle_closed_total'), 2);
  // Both idle ones were opened after the busy one: its timer would have fired first.
  t.notOk(busy.closed || busy.destroyed, 'the connection that made a call is kept');
});

t.test('connections ended for resetting streams too fast are logged, rate limited', async (t) => {
  // Streams unlimited here: Node's client then sends every stream and its reset at once, as an
  // attacker would (with the limit it keeps most queued, and cancels those before sending).
  const { url, metric, logs } = await startServer(t, { maxConcurrentStreams: 100_000 });
  /** Opens and cancels streams until the server ends the connection; its GOAWAY code. */
  const rapidReset = async () => {
    const s = session(t, url);
    const goaway = new Promise<number>((resolve) => s.once('goaway', (code) => resolve(code)));
    await once(s, 'remoteSettings');
    for (let i = 0; i < 5000 && !s.closed && !s.destroyed; i++) {
      const req = s.request({
        ':method': 'POST',
        ':path': HOLD,
        'content-type': 'application/grpc',
      });
      req.on('error', () => {});
      req.close(http2.constants.NGHTTP2_CANCEL);
    }
    return goaway;
  };
  t.equal(await rapidReset(), http2.constants.NGHTTP2_INTERNAL_ERROR, 'GOAWAY (INTERNAL_ERROR)');
  while ((await metric('grpc_server_connection_errors_total')) < 1) await new Promise(setImmediate);
  t.equal(await rapidReset(), http2.constants.NGHTTP2_INTERNAL_ERROR);
  while ((await metric('grpc_server_connection_errors_total')) < 2) await new Promise(setImmediate);
  const lines = logs.filter(
    (l) => l.msg === 'gRPC connection ended by an HTTP/2 protocol error (GOAWAY sent)',
  );
  t.equal(lines.length, 1, 'two connections, one line within the interval');
  t.match(lines[0], { level: 40, error: 'Protocol error', remote: /^127\.0\.0\.1:\d+$/ });
});
