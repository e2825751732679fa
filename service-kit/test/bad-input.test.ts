// The kit's side of the bad-input corpus (scripts/test/corpus-*.test.ts):
// - bytes that do not decode as the request message (truncated, invalid UTF-8 in a string, a
//   wire type that does not exist) are the client's mistake: INVALID_ARGUMENT naming the
//   decoder's complaint, for a unary call (addService and addGrpcService) and on a stream, where
//   grpc-js alone answers INTERNAL "Error deserializing request";
// - a status message is bounded: one that repeats 100,000 characters of a request outgrew the
//   client's HTTP/2 header limit, and the client reset the whole connection.
import * as grpc from '@grpc/grpc-js';
import { slg, slg_echo_v1_EchoServiceDefinition } from '@slg/proto';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t from 'tap';
import { GrpcServer, InvalidArgumentError } from '../src/index.ts';

const Req = slg.echo.v1.EchoRequest;
const Res = slg.echo.v1.EchoResponse;
const codec = {
  requestSerialize: (b: Buffer) => b,
  requestDeserialize: (b: Buffer) => Req.decode(b),
  responseSerialize: (m: slg.echo.v1.EchoResponse) => Buffer.from(Res.encode(m).finish()),
  responseDeserialize: (b: Buffer) => b,
};
const Raw = {
  Unary: { path: '/test.bad.v1.Raw/Unary', requestStream: false, responseStream: false, ...codec },
  Chat: { path: '/test.bad.v1.Raw/Chat', requestStream: true, responseStream: true, ...codec },
};

const identity = (b: Buffer) => b;
/** field 2 (text, a string) holding 0xff 0xfe: not UTF-8. */
const badUtf8 = Buffer.from([0x12, 0x02, 0xff, 0xfe]);
/** A length-delimited field 2 claiming 127 bytes, with one. */
const truncated = Buffer.from([0x12, 0x7f, 0x61]);
/** Field 2 with wire type 7, which does not exist. */
const wireType7 = Buffer.from([0x17, 0x01]);
const good = Buffer.from(Req.encode(Req.create({ text: 'hi' })).finish());

t.test('undecodable requests are INVALID_ARGUMENT; status messages are bounded', async (t) => {
  const logger = pino({ level: 'silent' });
  const server = new GrpcServer({ logger, registry: new Registry() });
  server.addService(slg_echo_v1_EchoServiceDefinition, {
    Echo: async (req) => {
      if (req.text === 'long')
        throw new InvalidArgumentError(`text: ${'x'.repeat(100_000)} is too long`);
      return Res.create({ text: req.text });
    },
  });
  server.addGrpcService(Raw as unknown as grpc.ServiceDefinition, {
    Unary: (
      call: grpc.ServerUnaryCall<slg.echo.v1.EchoRequest, unknown>,
      cb: grpc.sendUnaryData<unknown>,
    ) => cb(null, Res.create({ text: call.request.text })),
    Chat: (call: grpc.ServerDuplexStream<slg.echo.v1.EchoRequest, unknown>) => {
      call.on('data', (req: slg.echo.v1.EchoRequest) => call.write(Res.create({ text: req.text })));
      call.on('end', () => call.end());
    },
  });
  const port = await server.listen('127.0.0.1', 0);
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  t.teardown(async () => {
    client.close();
    await server.shutdown(1000);
  });
  const unary = (path: string, bytes: Buffer) =>
    new Promise<{ code: number; details: string }>((resolve) => {
      client.makeUnaryRequest(
        path,
        identity,
        identity,
        bytes,
        { deadline: Date.now() + 5000 },
        (err) => resolve(err ? { code: err.code, details: err.details } : { code: 0, details: '' }),
      );
    });

  for (const path of ['/slg.echo.v1.EchoService/Echo', Raw.Unary.path]) {
    for (const [what, bytes, why] of [
      ['invalid UTF-8', badUtf8, /utf-8/i],
      ['truncated', truncated, /index out of range/],
      ['wire type 7', wireType7, /wire type 7/],
    ] as const) {
      const res = await unary(path, bytes);
      t.equal(
        res.code,
        grpc.status.INVALID_ARGUMENT,
        `${path}: ${what}: INVALID_ARGUMENT (${res.details})`,
      );
      t.match(res.details, /^malformed request: not a valid (Echo|Unary) request message/);
      t.match(res.details, why, `${path}: ${what}: the decoder's complaint`);
    }
    t.equal(
      (await unary(path, good)).code,
      grpc.status.OK,
      `${path}: a good request still answers`,
    );
  }

  // On a stream: a good message answered, then one that does not decode ends the stream.
  const chat = await new Promise<{ code: number; details: string; got: number }>((resolve) => {
    const call = client.makeBidiStreamRequest(Raw.Chat.path, identity, identity, {
      deadline: Date.now() + 5000,
    });
    let got = 0;
    call.on('data', () => {
      got++;
      if (got === 1) call.write(badUtf8);
    });
    call.on('error', () => {});
    call.on('status', (s: grpc.StatusObject) => resolve({ code: s.code, details: s.details, got }));
    call.write(good);
  });
  t.equal(chat.got, 1, 'the stream answered the good message');
  t.equal(chat.code, grpc.status.INVALID_ARGUMENT, `the bad one ends it: ${chat.details}`);
  t.match(chat.details, /malformed request: .*utf-8/i);

  // A 100 KB message is cut, keeping its start and its end; the connection survives it.
  const long = Buffer.from(Req.encode(Req.create({ text: 'long' })).finish());
  const res = await unary('/slg.echo.v1.EchoService/Echo', long);
  t.equal(res.code, grpc.status.INVALID_ARGUMENT, 'the long message arrives as INVALID_ARGUMENT');
  t.ok(res.details.length <= 1000, `cut to ${res.details.length} characters`);
  t.match(res.details, /^text: x+\.\.\. \(99\d{3} characters cut\) \.\.\.x+ is too long$/);
  // The health check's one input, a service name, comes back quoted and cut.
  const unknown = await unary(
    '/grpc.health.v1.Health/Check',
    Buffer.concat([Buffer.from([0x0a, 0xa0, 0x8d, 0x06]), Buffer.alloc(100_000, 0x6e)]),
  );
  t.equal(unknown.code, grpc.status.NOT_FOUND, 'health: an unknown service of 100,000 characters');
  t.match(unknown.details, /^unknown service "n{64}"\.\.\. \(100000 characters\)$/);
  t.equal(
    (await unary('/slg.echo.v1.EchoService/Echo', good)).code,
    grpc.status.OK,
    'the same channel answers the next call',
  );
});
