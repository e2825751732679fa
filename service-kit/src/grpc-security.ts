// tls.ts's Security on gRPC: the server's credentials and its token check, the client's
// credentials and the token it sends. GrpcServer and createGrpcClient take a `security` option;
// without one (or with `plaintext`) nothing changes: insecure credentials, no interceptor.
import * as grpc from '@grpc/grpc-js';
import { Counter, type Registry } from 'prom-client';
import { registerOnce } from './metrics.ts';
import { bearer, type Security, tokenChecker } from './tls.ts';

/**
 * Services a caller may reach without the token: the health check, which says SERVING or not and
 * nothing else, so that probes (Kubernetes, Docker, `npm start`'s wait) need no secret. TLS, when
 * on, still applies to it: it is the same port.
 */
const OPEN_SERVICES = ['/grpc.health.v1.Health/'];

let defaultClientSecurity: Security | undefined;

/**
 * The security of every client made without a `security` option, for a whole process: the bench
 * sets it once from its flags (and in each worker thread). Services pass theirs explicitly.
 */
export function setDefaultClientSecurity(security: Security | undefined): void {
  defaultClientSecurity = security;
}

export function getDefaultClientSecurity(): Security | undefined {
  return defaultClientSecurity;
}

/** A server's credentials: TLS from the material (client certificates asked for with clientAuth). */
export function serverCredentials(security: Security | undefined): grpc.ServerCredentials {
  const t = security?.tls;
  if (!t?.cert || !t.key) return grpc.ServerCredentials.createInsecure();
  return grpc.ServerCredentials.createSsl(
    t.ca ?? null,
    [{ private_key: t.key, cert_chain: t.cert }],
    t.clientAuth,
  );
}

/**
 * The server interceptor that refuses a call whose `authorization` metadata is not the token:
 * UNAUTHENTICATED before the request message is read, so no handler runs and nothing is written.
 * Refusals are counted in grpc_server_unauthenticated_total. None without a token.
 */
export function serverInterceptors(
  security: Security | undefined,
  registry: Registry,
): grpc.ServerInterceptor[] {
  const check = tokenChecker(security?.token);
  if (!check) return [];
  const refused = registerOnce(
    registry,
    'grpc_server_unauthenticated_total',
    () =>
      new Counter({
        name: 'grpc_server_unauthenticated_total',
        help: 'Calls refused UNAUTHENTICATED: no or a wrong internal token (SLG_INTERNAL_TOKEN)',
        labelNames: ['grpc_service', 'grpc_method'],
        registers: [registry],
      }),
  );
  const interceptor: grpc.ServerInterceptor = (method, call) => {
    if (OPEN_SERVICES.some((p) => method.path.startsWith(p)))
      return new grpc.ServerInterceptingCall(call);
    const listener = new grpc.ServerListenerBuilder()
      .withOnReceiveMetadata((metadata, next) => {
        const values = metadata.get('authorization');
        if (values.length === 1 && check(values[0])) {
          next(metadata);
          return;
        }
        const slash = method.path.lastIndexOf('/');
        refused.inc({
          grpc_service: method.path.slice(1, slash),
          grpc_method: method.path.slice(slash + 1),
        });
        call.sendStatus({
          code: grpc.status.UNAUTHENTICATED,
          details:
            values.length === 0
              ? 'unauthenticated: no internal token (metadata "authorization: Bearer <token>")'
              : 'unauthenticated: wrong internal token',
          metadata: new grpc.Metadata(),
        });
      })
      .build();
    return new grpc.ServerInterceptingCall(
      call,
      new grpc.ResponderBuilder().withStart((next) => next(listener)).build(),
    );
  };
  return [interceptor];
}

/** A client's credentials, channel options and interceptors for the security. */
export function clientSettings(security: Security | undefined): {
  credentials: grpc.ChannelCredentials;
  options: grpc.ClientOptions;
} {
  const t = security?.tls;
  const credentials = t
    ? grpc.credentials.createSsl(t.ca ?? null, t.key ?? null, t.cert ?? null)
    : grpc.credentials.createInsecure();
  const options: grpc.ClientOptions = {};
  if (t?.serverName) options['grpc.ssl_target_name_override'] = t.serverName;
  const token = security?.token;
  if (token) {
    const value = bearer(token);
    options.interceptors = [
      (opts, nextCall) =>
        new grpc.InterceptingCall(nextCall(opts), {
          start(metadata, listener, next) {
            metadata.set('authorization', value);
            next(metadata, listener);
          },
        }),
    ];
  }
  return { credentials, options };
}
