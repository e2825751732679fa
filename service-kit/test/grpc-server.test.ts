import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import {
  grpc_health_v1_HealthDefinition,
  grpc_reflection_v1_ServerReflectionDefinition,
  grpc_reflection_v1alpha_ServerReflectionDefinition,
  grpc as pb,
  slg,
  slg_echo_v1_EchoServiceDefinition,
} from '@slg/proto';
import t from 'tap';
import { createGrpcClient, NotFoundError } from '../src/index.ts';
import { exitOf, spawnFixture } from './helpers.ts';

const fixture = fileURLToPath(new URL('./fixtures/echo-server.ts', import.meta.url));

type Reflect = typeof grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo;

/** One request over a reflection stream (v1 or v1alpha), one response back (`onBytes`: its size). */
function reflect(
  address: string,
  def: Reflect,
  request: Record<string, unknown>,
  onBytes?: (n: number) => void,
): Promise<pb.reflection.v1.ServerReflectionResponse> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    const call = client.makeBidiStreamRequest(def.path, def.requestSerialize, (b: Buffer) => {
      onBytes?.(b.length);
      return def.responseDeserialize(b);
    });
    call.on('data', (res: pb.reflection.v1.ServerReflectionResponse) => {
      resolve(res);
      call.end();
      client.close();
    });
    call.on('error', reject);
    call.write(pb.reflection.v1.ServerReflectionRequest.create(request));
  });
}

t.test('a service built with the kit', async (t) => {
  const { child, ready } = await spawnFixture(fixture);
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const address = `127.0.0.1:${ready.grpcPort}`;
  const echo = createGrpcClient(slg_echo_v1_EchoServiceDefinition, address, { deadlineMs: 2000 });
  const health = createGrpcClient(grpc_health_v1_HealthDefinition, address);
  t.teardown(() => {
    echo.close();
    health.close();
  });

  t.test('health is SERVING for the server and for the service', async (t) => {
    const SERVING = pb.health.v1.HealthCheckResponse.ServingStatus.SERVING;
    t.equal((await health.Check({ service: '' })).status, SERVING);
    t.equal(
      (
        await health.Check({
          service: 'slg.echo.v1.EchoService',
        })
      ).status,
      SERVING,
    );
    await t.rejects(health.Check({ service: 'no.such.Service' }), {
      code: 'NOT_FOUND',
    });
  });

  t.test('health answers SERVING for every service the server registers', async (t) => {
    const SERVING = pb.health.v1.HealthCheckResponse.ServingStatus.SERVING;
    const list = await reflect(
      address,
      grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo,
      { listServices: '' },
    );
    const names = list.listServicesResponse?.service?.map((s) => s.name ?? '') ?? [];
    // The kit's own health and reflection services are registered as a stream service is.
    t.same([...names].sort(), [
      'grpc.health.v1.Health',
      'grpc.reflection.v1.ServerReflection',
      'grpc.reflection.v1alpha.ServerReflection',
      'slg.echo.v1.EchoService',
    ]);
    for (const service of names)
      t.equal((await health.Check({ service })).status, SERVING, service);
  });

  t.test('reflection lists the service and serves its file with its imports', async (t) => {
    for (const def of [
      grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo,
      grpc_reflection_v1alpha_ServerReflectionDefinition.ServerReflectionInfo as unknown as Reflect,
    ]) {
      const list = await reflect(address, def, { listServices: '' });
      const names = list.listServicesResponse?.service?.map((s) => s.name) ?? [];
      t.ok(names.includes('slg.echo.v1.EchoService'), `${def.path} lists the echo service`);
      t.ok(names.includes('grpc.health.v1.Health'));
    }
    const res = await reflect(
      address,
      grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo,
      {
        fileContainingSymbol: 'slg.dbproxy.v1.DbProxy.Get',
      },
    );
    const files = res.fileDescriptorResponse?.fileDescriptorProto ?? [];
    t.equal(files.length, 2, 'the file and its one import');
    const text = files.map((f) => Buffer.from(f).toString('latin1'));
    t.match(text[0], 'slg/dbproxy/v1/dbproxy.proto');
    t.match(text[1], 'slg/common/v1/value.proto');
    const missing = await reflect(
      address,
      grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo,
      {
        fileContainingSymbol: 'no.such.Symbol',
      },
    );
    t.equal(missing.errorResponse?.errorCode, grpc.status.NOT_FOUND);
  });

  t.test('a name longer than any file or symbol is refused, never echoed', async (t) => {
    const huge = 'n'.repeat(4_000_000);
    for (const def of [
      grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo,
      grpc_reflection_v1alpha_ServerReflectionDefinition.ServerReflectionInfo as unknown as Reflect,
    ]) {
      for (const [field, request] of [
        ['file_containing_symbol', { fileContainingSymbol: huge }],
        ['file_by_filename', { fileByFilename: huge }],
        ['all_extension_numbers_of_type', { allExtensionNumbersOfType: huge }],
        [
          'file_containing_extension.containing_type',
          { fileContainingExtension: { containingType: huge, extensionNumber: 1 } },
        ],
        ['list_services', { listServices: huge }],
        ['host', { host: huge, listServices: '' }],
      ] as const) {
        let bytes = 0;
        const res = await reflect(address, def, request, (n) => {
          bytes = n;
        });
        t.equal(res.errorResponse?.errorCode, grpc.status.INVALID_ARGUMENT, `${def.path} ${field}`);
        t.match(
          res.errorResponse?.errorMessage,
          `${field} "${'n'.repeat(64)}"... (4000000 characters) is longer than any file or symbol name (at most 512 bytes)`,
        );
        t.ok(bytes < 1024, `${field}: an answer of ${bytes} bytes`);
        t.notOk(res.originalRequest, 'the request is not echoed');
      }
    }
    // The longest name accepted: 512 bytes (a two-byte character at the end), looked up.
    const longest = await reflect(
      address,
      grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo,
      { fileContainingSymbol: `${'n'.repeat(510)}\u00e9` },
    );
    t.equal(longest.errorResponse?.errorCode, grpc.status.NOT_FOUND, '512 bytes: looked up');
    const over = await reflect(
      address,
      grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo,
      { fileContainingSymbol: `${'n'.repeat(511)}\u00e9` },
    );
    t.equal(over.errorResponse?.errorCode, grpc.status.INVALID_ARGUMENT, '513 bytes: refused');
  });

  t.test('a typed not-found error reaches the client as NOT_FOUND with its message', async (t) => {
    const ok = await echo.Echo(slg.echo.v1.EchoRequest.create({ text: 'hello' }));
    t.equal(ok.text, 'hello');
    const err = await echo.Echo(slg.echo.v1.EchoRequest.create({ text: 'missing' })).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.type(err, NotFoundError);
    t.equal((err as NotFoundError).grpcCode, grpc.status.NOT_FOUND);
    t.equal((err as NotFoundError).message, 'no echo named "missing"');
  });

  t.test('/metrics counts every RPC in its latency histogram', async (t) => {
    for (let i = 0; i < 5; i++) await echo.Echo(slg.echo.v1.EchoRequest.create({ text: `n${i}` }));
    const body = await (await fetch(`http://127.0.0.1:${ready.metricsPort}/metrics`)).text();
    const count = (code: string) =>
      Number(
        new RegExp(
          `grpc_server_handling_seconds_count\\{grpc_service="slg.echo.v1.EchoService",grpc_method="Echo",grpc_code="${code}"\\} (\\d+)`,
        ).exec(body)?.[1],
      );
    // 1 (hello) + 5 in the earlier subtest and this one.
    t.equal(count('OK'), 6);
    t.equal(count('NOT_FOUND'), 1);
    t.match(
      body,
      /grpc_server_errors_total\{grpc_service="slg.echo.v1.EchoService",grpc_method="Echo",grpc_code="NOT_FOUND"\} 1/,
    );
    t.match(body, /process_resident_memory_bytes \d+/);
  });
});

t.test('SIGTERM lets an in-flight call finish, then the process exits 0', async (t) => {
  const { child, ready, line } = await spawnFixture(fixture, { LOG_LEVEL: 'info' });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const echo = createGrpcClient(slg_echo_v1_EchoServiceDefinition, `127.0.0.1:${ready.grpcPort}`, {
    deadlineMs: 30_000,
  });
  t.teardown(() => echo.close());
  const holding = line((l) => l.includes('"holding":"a"'));
  const inFlight = echo.Echo(slg.echo.v1.EchoRequest.create({ text: 'hold:a' }));
  await holding;
  // The call is in the handler: the signal comes, the drain starts and waits for it.
  const draining = line((l) => l.includes('shutting down: draining'));
  child.kill('SIGTERM');
  await draining;
  t.equal(child.exitCode, null, 'still running while the call is in flight');
  child.stdin!.write('release a\n');
  const res = await inFlight;
  t.equal(res.text, 'hold:a', 'the in-flight call completed');
  t.equal(await exitOf(child), 0, 'exit code 0');
});

t.test('a second signal forces the exit', async (t) => {
  const { child, ready, line } = await spawnFixture(fixture, { LOG_LEVEL: 'info' });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const echo = createGrpcClient(slg_echo_v1_EchoServiceDefinition, `127.0.0.1:${ready.grpcPort}`, {
    deadlineMs: 30_000,
  });
  t.teardown(() => echo.close());
  const holding = line((l) => l.includes('"holding":"b"'));
  const inFlight = echo
    .Echo(slg.echo.v1.EchoRequest.create({ text: 'hold:b' }))
    .catch((e: unknown) => e);
  await holding;
  const draining = line((l) => l.includes('shutting down: draining'));
  child.kill('SIGTERM');
  await draining;
  child.kill('SIGTERM');
  t.equal(await exitOf(child), 1, 'forced exit is not a clean one');
  t.ok((await inFlight) instanceof Error, 'the unfinished call failed');
});

t.test('a bad environment variable stops start-up with a message naming it', async (t) => {
  await t.rejects(
    spawnFixture(fixture, { ECHO_PORT: 'abc', ECHO_METRICS_PORT: '70000' }),
    /ECHO_PORT="abc"[\s\S]*ECHO_METRICS_PORT="70000"/,
  );
});

const python = '/usr/bin/python3';
const hasPythonProtobuf =
  spawnSync(python, ['-c', 'import google.protobuf'], { stdio: 'ignore' }).status === 0;

t.test(
  'reflection descriptors load in a strict implementation (Python protobuf)',
  {
    skip: hasPythonProtobuf
      ? false
      : "Python protobuf is not installed (.ci/run installs Debian's python3-protobuf)",
  },
  async (t) => {
    const { child, ready } = await spawnFixture(fixture);
    t.teardown(() => {
      child.kill('SIGKILL');
    });
    const address = `127.0.0.1:${ready.grpcPort}`;
    const def = grpc_reflection_v1_ServerReflectionDefinition.ServerReflectionInfo;
    const files = new Map<string, string>();
    for (const symbol of [
      'slg.dataserver.v2.DataService',
      'slg.dbproxy.v1.DbProxy',
      'slg.echo.v1.EchoService',
      'grpc.health.v1.Health',
    ]) {
      const res = await reflect(address, def, { fileContainingSymbol: symbol });
      for (const bytes of res.fileDescriptorResponse?.fileDescriptorProto ?? []) {
        files.set(Buffer.from(bytes).toString('base64'), symbol);
      }
    }
    // Python's pool refuses a file whose imports it has not seen, an unqualified
    // type name, or a symbol defined twice: add the files in dependency order.
    const script = `
import base64, sys
from google.protobuf import descriptor_pb2, descriptor_pool
pool = descriptor_pool.DescriptorPool()
pending = [descriptor_pb2.FileDescriptorProto.FromString(base64.b64decode(l)) for l in sys.stdin.read().split()]
added = set()
while pending:
    progress = False
    for fd in list(pending):
        if all(d in added for d in fd.dependency):
            pool.Add(fd); added.add(fd.name); pending.remove(fd); progress = True
    if not progress:
        sys.exit('unresolved imports: ' + ', '.join(p.name for p in pending))
svc = pool.FindServiceByName('slg.dataserver.v2.DataService')
m = svc.FindMethodByName('FetchV2')
f = pool.FindMessageTypeByName('slg.dataserver.v2.Record').fields_by_name['fields']
print(m.output_type.full_name, f.message_type.GetOptions().map_entry, f.message_type.fields_by_name['value'].message_type.full_name, len(added))
`;
    const r = spawnSync(python, ['-c', script], {
      input: [...files.keys()].join('\n'),
      encoding: 'utf8',
    });
    t.equal(r.status, 0, r.stderr);
    t.equal(r.stdout.trim(), 'slg.dataserver.v2.FetchResponse True slg.common.v1.Value 5');
  },
);
