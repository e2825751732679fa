// The images' HEALTHCHECK (bundled into /app/healthcheck.mjs by stage.ts):
//   node healthcheck.mjs grpc <PORT_VARIABLE> <default port>         grpc.health.v1 Check of the
//                                                                    whole server ("") is SERVING
//   node healthcheck.mjs http <PORT_VARIABLE> <default port> <path>  GET path answers 200
//   node healthcheck.mjs http-plain ...                              the same, always plain HTTP
//                                                                    (the console: a client of a
//                                                                    TLS stack, it serves HTTP)
// The port is the service's own variable (as the container's environment sets
// it), on 127.0.0.1. Exit 0 when healthy, 1 with the reason on stderr.
// With SLG_TLS_CERT set (the service serves TLS), over TLS with the service's own certificate as
// the client's (mutual TLS) and SLG_TLS_CA; the name is not checked: this is the service itself.
import { readFileSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { grpc_health_v1_HealthDefinition, grpc as pb } from '@slg/proto';

const DEADLINE_MS = 4000;

const tlsFile = (name: string) => {
  const path = process.env[name]?.trim();
  return path ? readFileSync(path) : undefined;
};
const serviceTls = process.env.SLG_TLS_CERT?.trim()
  ? { cert: tlsFile('SLG_TLS_CERT'), key: tlsFile('SLG_TLS_KEY'), ca: tlsFile('SLG_TLS_CA') }
  : undefined;

function fail(reason: string): never {
  process.stderr.write(`unhealthy: ${reason}\n`);
  process.exit(1);
}

function checkGrpc(port: number): Promise<void> {
  const tls = serviceTls;
  const Health = grpc.makeClientConstructor(grpc_health_v1_HealthDefinition, 'Health');
  const client = new Health(
    `127.0.0.1:${port}`,
    tls
      ? grpc.credentials.createSsl(tls.ca ?? null, tls.key ?? null, tls.cert ?? null, {
          checkServerIdentity: () => undefined,
        })
      : grpc.credentials.createInsecure(),
  );
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      grpc_health_v1_HealthDefinition.Check.path,
      grpc_health_v1_HealthDefinition.Check.requestSerialize,
      grpc_health_v1_HealthDefinition.Check.responseDeserialize,
      pb.health.v1.HealthCheckRequest.create({ service: '' }),
      { deadline: Date.now() + DEADLINE_MS },
      (err, res) => {
        client.close();
        if (err) return reject(new Error(`gRPC health check on :${port}: ${err.message}`));
        const status = pb.health.v1.HealthCheckResponse.ServingStatus;
        if (res?.status !== status.SERVING) {
          return reject(new Error(`:${port} is ${status[res?.status ?? 0] ?? res?.status}`));
        }
        resolve();
      },
    );
  });
}

async function checkHttp(port: number, path: string, plain: boolean): Promise<void> {
  const tls = plain ? undefined : serviceTls;
  const { request } = process.getBuiltinModule(
    tls ? 'node:https' : 'node:http',
  ) as typeof import('node:https');
  await new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        timeout: DEADLINE_MS,
        ...(tls ? { ...tls, checkServerIdentity: () => undefined } : {}),
      },
      (res) => {
        res.resume();
        if (res.statusCode === 200) resolve();
        else reject(new Error(`GET :${port}${path} answered ${res.statusCode}`));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET :${port}${path} timed out`)));
    req.on('error', (err) => reject(new Error(`GET :${port}${path}: ${err.message}`)));
    req.end();
  });
}

const [kind, portVar, fallback, path] = process.argv.slice(2);
const http = kind === 'http' || kind === 'http-plain';
if ((kind !== 'grpc' && !http) || !portVar || !fallback || (http && !path)) {
  fail('usage: healthcheck.mjs grpc <PORT_VAR> <port> | http[-plain] <PORT_VAR> <port> <path>');
}
const raw = process.env[portVar]?.trim() || fallback;
const port = Number(raw);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`${portVar}=${raw} is not a port`);
try {
  if (kind === 'grpc') await checkGrpc(port);
  else await checkHttp(port, path!, kind === 'http-plain');
} catch (err) {
  fail((err as Error).message);
}
