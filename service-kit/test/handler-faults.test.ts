// No handler can take the process down: a handler of any kind (unary, client, server or bidi
// streaming) that throws, rejects, or whose stream listener throws ends its own call with
// INTERNAL, logged once, and the server answers the next call. Before the kit guarded its
// handlers, the listener and rejection cases were uncaught exceptions that ended this process.
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import {
  grpc_health_v1_HealthDefinition,
  grpc as pb,
  slg,
  slg_echo_v1_EchoServiceDefinition,
} from '@slg/proto';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t from 'tap';
import { createGrpcClient, GrpcServer } from '../src/index.ts';

const Req = slg.echo.v1.EchoRequest;
const Res = slg.echo.v1.EchoResponse;
const codec = {
  requestSerialize: (m: slg.echo.v1.EchoRequest) => Buffer.from(Req.encode(m).finish()),
  requestDeserialize: (b: Buffer) => Req.decode(b),
  responseSerialize: (m: slg.echo.v1.EchoResponse) => Buffer.from(Res.encode(m).finish()),
  responseDeserialize: (b: Buffer) => Res.decode(b),
};
const method = (name: string, requestStream: boolean, responseStream: boolean) => ({
  path: `/test.faults.v1.Faulty/${name}`,
  requestStream,
  responseStream,
  ...codec,
});
const Faulty = {
  Unary: method('Unary', false, false),
  Upload: method('Upload', true, false),
  Download: method('Download', false, true),
  Chat: method('Chat', true, true),
};

type Duplex = grpc.ServerDuplexStream<slg.echo.v1.EchoRequest, slg.echo.v1.EchoResponse>;
type Writer = grpc.ServerWritableStream<slg.echo.v1.EchoRequest, slg.echo.v1.EchoResponse>;
type Reader = grpc.ServerReadableStream<slg.echo.v1.EchoRequest, slg.echo.v1.EchoResponse>;
const reply = (text: string) => Res.create({ text });

/** What each request text makes the handlers do. */
const implementation: grpc.UntypedServiceImplementation = {
  Unary: async (
    call: grpc.ServerUnaryCall<slg.echo.v1.EchoRequest, slg.echo.v1.EchoResponse>,
    cb: grpc.sendUnaryData<slg.echo.v1.EchoResponse>,
  ) => {
    if (call.request.text === 'throw') throw new Error('unary throws');
    await Promise.resolve();
    if (call.request.text === 'reject') throw new Error('unary rejects');
    cb(null, reply(call.request.text));
  },
  Upload: (call: Reader, cb: grpc.sendUnaryData<slg.echo.v1.EchoResponse>) => {
    let n = 0;
    call.on('data', (req: slg.echo.v1.EchoRequest) => {
      n++;
      if (req.text === 'throw') throw new Error('upload listener throws');
    });
    call.on('end', () => cb(null, reply(`got ${n}`)));
  },
  Download: async (call: Writer) => {
    const text = call.request.text;
    if (text === 'throw') throw new Error('download throws');
    call.write(reply('first'));
    await new Promise((r) => setImmediate(r));
    if (text === 'reject') throw new Error('download rejects after a message');
    call.end();
  },
  Chat: (call: Duplex) => {
    call.on('data', async (req: slg.echo.v1.EchoRequest) => {
      if (req.text === 'throw') throw new Error('chat listener throws');
      if (req.text === 'reject') {
        await Promise.resolve();
        throw new Error('chat listener rejects');
      }
      call.write(reply(req.text));
    });
    call.on('end', () => call.end());
  },
};

type TestT = Parameters<Parameters<typeof t.test>[0]>[0];

async function startServer(t: TestT) {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'error' }, sink);
  const registry = new Registry();
  const server = new GrpcServer({ logger, registry });
  server.addGrpcService(Faulty as unknown as grpc.ServiceDefinition, implementation);
  server.addService(slg_echo_v1_EchoServiceDefinition, {
    Echo: async (req) => Res.create({ text: req.text }),
  });
  const port = await server.listen('127.0.0.1', 0);
  const address = `127.0.0.1:${port}`;
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const echo = createGrpcClient(slg_echo_v1_EchoServiceDefinition, address, { deadlineMs: 5000 });
  const health = createGrpcClient(grpc_health_v1_HealthDefinition, address, { deadlineMs: 5000 });
  t.teardown(async () => {
    client.close();
    echo.close();
    health.close();
    await server.shutdown(1000);
  });
  /** The server still answers a kit unary call and the kit's health service. */
  const stillServing = async (t: TestT, what: string) => {
    t.equal(
      (await echo.Echo(Req.create({ text: 'alive' }))).text,
      'alive',
      `${what}: Echo answers`,
    );
    t.equal(
      (await health.Check(pb.health.v1.HealthCheckRequest.create({ service: '' }))).status,
      pb.health.v1.HealthCheckResponse.ServingStatus.SERVING,
      `${what}: health answers`,
    );
  };
  const failures = (message: string) =>
    logs.filter(
      (l) => l.msg === 'rpc handler failed' && (l.err as { message?: string })?.message === message,
    ).length;
  return { client, registry, stillServing, failures };
}

type Outcome = { code: number; details: string; messages: string[] };
const deadline = () => Date.now() + 5000;

function unary(client: grpc.Client, path: string, text: string): Promise<Outcome> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      path,
      codec.requestSerialize,
      codec.responseDeserialize,
      Req.create({ text }),
      new grpc.Metadata(),
      { deadline: deadline() },
      (err, res) =>
        resolve(
          err
            ? { code: err.code, details: err.details, messages: [] }
            : { code: 0, details: '', messages: [res?.text ?? ''] },
        ),
    );
  });
}

function upload(client: grpc.Client, texts: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const call = client.makeClientStreamRequest(
      Faulty.Upload.path,
      codec.requestSerialize,
      codec.responseDeserialize,
      new grpc.Metadata(),
      { deadline: deadline() },
      (err, res) =>
        resolve(
          err
            ? { code: err.code, details: err.details, messages: [] }
            : { code: 0, details: '', messages: [res?.text ?? ''] },
        ),
    );
    for (const text of texts) call.write(Req.create({ text }));
    call.end();
  });
}

function download(client: grpc.Client, text: string): Promise<Outcome> {
  return collect(
    client.makeServerStreamRequest(
      Faulty.Download.path,
      codec.requestSerialize,
      codec.responseDeserialize,
      Req.create({ text }),
      new grpc.Metadata(),
      { deadline: deadline() },
    ),
  );
}

function chat(client: grpc.Client, texts: string[]): Promise<Outcome> {
  const call = client.makeBidiStreamRequest(
    Faulty.Chat.path,
    codec.requestSerialize,
    codec.responseDeserialize,
    new grpc.Metadata(),
    { deadline: deadline() },
  );
  const outcome = collect(call);
  for (const text of texts) call.write(Req.create({ text }));
  call.end();
  return outcome;
}

function collect(
  call:
    | grpc.ClientReadableStream<slg.echo.v1.EchoResponse>
    | grpc.ClientDuplexStream<never, slg.echo.v1.EchoResponse>,
): Promise<Outcome> {
  const messages: string[] = [];
  return new Promise((resolve) => {
    call.on('data', (m: slg.echo.v1.EchoResponse) => messages.push(m.text));
    call.on('error', () => {});
    call.on('status', (s: grpc.StatusObject) =>
      resolve({ code: s.code, details: s.details, messages }),
    );
  });
}

const INTERNAL = grpc.status.INTERNAL;

t.test('handlers that throw or reject end their call with INTERNAL, and only it', async (t) => {
  const { client, registry, stillServing, failures } = await startServer(t);

  t.test('unary: a throw and a rejection', async (t) => {
    t.match(await unary(client, Faulty.Unary.path, 'ok'), { code: 0, messages: ['ok'] });
    for (const text of ['throw', 'reject']) {
      const out = await unary(client, Faulty.Unary.path, text);
      t.equal(out.code, INTERNAL, `${text}: INTERNAL`);
      t.equal(out.details, 'internal error (see the server log)', `${text}: no internals leak`);
    }
    t.equal(failures('unary throws'), 1, 'the throw is logged once');
    t.equal(failures('unary rejects'), 1, 'the rejection is logged once');
    await stillServing(t, 'after unary failures');
  });

  t.test('client streaming: a data listener that throws', async (t) => {
    t.match(await upload(client, ['a', 'b']), { code: 0, messages: ['got 2'] });
    const out = await upload(client, ['a', 'throw', 'throw', 'b']);
    t.equal(out.code, INTERNAL);
    t.equal(failures('upload listener throws'), 1, 'logged once though it threw twice');
    await stillServing(t, 'after a client-streaming failure');
  });

  t.test('server streaming: a throw, and a rejection after a message', async (t) => {
    t.match(await download(client, 'ok'), { code: 0, messages: ['first'] });
    t.match(await download(client, 'throw'), { code: INTERNAL, messages: [] });
    t.match(await download(client, 'reject'), { code: INTERNAL, messages: ['first'] });
    t.equal(failures('download throws'), 1);
    t.equal(failures('download rejects after a message'), 1);
    await stillServing(t, 'after server-streaming failures');
  });

  t.test('bidi streaming: a data listener that throws, one that rejects', async (t) => {
    t.match(await chat(client, ['a', 'b']), { code: 0, messages: ['a', 'b'] });
    const thrown = await chat(client, ['a', 'throw', 'throw']);
    t.equal(thrown.code, INTERNAL);
    t.same(thrown.messages, ['a'], 'what was answered before the fault arrives');
    const rejected = await chat(client, ['reject']);
    t.equal(rejected.code, INTERNAL);
    t.equal(failures('chat listener throws'), 1, 'logged once though it threw twice');
    t.equal(failures('chat listener rejects'), 1);
    await stillServing(t, 'after bidi failures');
  });

  t.test('the failures are counted as INTERNAL errors', async (t) => {
    const text = await registry.metrics();
    const count = (m: string) =>
      Number(
        new RegExp(
          `grpc_server_errors_total\\{grpc_service="test.faults.v1.Faulty",grpc_method="${m}",grpc_code="INTERNAL"\\} (\\d+)`,
        ).exec(text)?.[1],
      );
    t.equal(count('Unary'), 2);
    t.equal(count('Upload'), 1);
    t.equal(count('Download'), 2);
    t.equal(count('Chat'), 2);
  });
});
