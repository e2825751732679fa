// The machine's gRPC ceiling: a bare grpc-js unary echo service (no kit, no interceptors, no
// work) that answers every call with a payload of a fixed size. Run as a child process by the
// bench (so it does not share the load generator's event loop); it reports its port over IPC.
//   node echo-server.ts --response-bytes 300 [--host 127.0.0.1] [--port 0]
import * as grpc from '@grpc/grpc-js';
import { slg, slg_echo_v1_EchoServiceDefinition } from '@slg/proto';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

if (import.meta.main) {
  const host = arg('host', '127.0.0.1');
  const server = new grpc.Server();
  const response = slg.echo.v1.EchoResponse.create({
    payload: Buffer.alloc(Number(arg('response-bytes', '0')), 0x61),
  });
  server.addService(slg_echo_v1_EchoServiceDefinition, {
    Echo: (
      _call: grpc.ServerUnaryCall<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      callback(null, response);
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${host}:${arg('port', '0')}`,
      grpc.ServerCredentials.createInsecure(),
      (err, p) => (err ? reject(err) : resolve(p)),
    ),
  );
  const stop = () => server.tryShutdown(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  if (process.send) process.send({ port });
  else process.stdout.write(`echo server on ${host}:${port}\n`);
}
