// TLS, mutual TLS and the internal token on the kit's gRPC server and client (tls.ts,
// grpc-security.ts), with certificates openssl makes here: a CA, a server and a client
// certificate it signs, and a second, unrelated CA with its own.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  grpc_health_v1_HealthDefinition,
  grpc as pb,
  slg,
  slg_echo_v1_EchoServiceDefinition,
} from '@slg/proto';
import { makeTestCerts, opensslMissing } from '@slg/test-kit/certs';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import t from 'tap';
import {
  ConfigError,
  createGrpcClient,
  GrpcServer,
  grpcStatus,
  type Security,
  type ServiceError,
  securityFromEnv,
} from '../src/index.ts';

const missing = opensslMissing();
if (missing) {
  t.test('TLS on the kit', { skip: missing }, () => {});
} else {
  const certs = makeTestCerts();
  t.teardown(() => certs.remove());
  const TOKEN = 'a-shared-token-0123456789';

  /** An echo server whose calls are counted: a refused call must not reach the handler. */
  async function echoServer(security: Security) {
    let handled = 0;
    const registry = new Registry();
    const server = new GrpcServer({ logger: pino({ level: 'silent' }), registry, security });
    server.addService(slg_echo_v1_EchoServiceDefinition, {
      async Echo(req: slg.echo.v1.EchoRequest) {
        handled++;
        return slg.echo.v1.EchoResponse.create({ text: req.text });
      },
    });
    const port = await server.listen('127.0.0.1', 0);
    return {
      address: `127.0.0.1:${port}`,
      handled: () => handled,
      registry,
      close: () => server.shutdown(1000),
    };
  }

  /** One Echo with a client of this security: the answer's text, or the error's code name. */
  async function echo(address: string, security: Security, text = 'hi'): Promise<string> {
    const c = createGrpcClient(slg_echo_v1_EchoServiceDefinition, address, {
      security,
      deadlineMs: 5000,
    });
    try {
      return (await c.Echo({ text })).text;
    } catch (err) {
      // A refused handshake is UNAVAILABLE (the kit maps it to UnavailableError).
      const e = err as ServiceError;
      return `${e.code}: ${e.message}`;
    } finally {
      c.close();
    }
  }

  const env = (vars: Record<string, string>) => securityFromEnv(vars);
  const serverTls = env({
    SLG_TLS_CERT: certs.server.cert,
    SLG_TLS_KEY: certs.server.key,
    SLG_TLS_CA: certs.ca,
  });
  const serverMtls = env({
    SLG_TLS_CERT: certs.server.cert,
    SLG_TLS_KEY: certs.server.key,
    SLG_TLS_CA: certs.ca,
    SLG_TLS_CLIENT_AUTH: 'true',
  });
  const client = (vars: Record<string, string>) => securityFromEnv(vars, 'client');

  t.test(
    'TLS: a client trusting the CA is served; plaintext and the wrong CA are refused',
    async (t) => {
      const s = await echoServer(serverTls);
      t.teardown(s.close);
      t.equal(await echo(s.address, client({ SLG_TLS_CA: certs.ca }), 'over tls'), 'over tls');
      t.equal(
        await echo(
          s.address,
          client({ SLG_TLS_CA: certs.ca, SLG_TLS_SERVER_NAME: 'slg.internal' }),
        ),
        'hi',
        'the certificate checked against SLG_TLS_SERVER_NAME',
      );
      t.match(await echo(s.address, {}), /^UNAVAILABLE/, 'a plaintext client is refused');
      t.match(
        await echo(s.address, client({ SLG_TLS_CA: certs.otherCa })),
        /^UNAVAILABLE/,
        'a client trusting another CA refuses the server',
      );
      t.match(
        await echo(
          s.address,
          client({ SLG_TLS_CA: certs.ca, SLG_TLS_SERVER_NAME: 'elsewhere.example' }),
        ),
        /^UNAVAILABLE/,
        'a certificate without the expected name is refused',
      );
      t.equal(s.handled(), 2, 'only the two trusted calls reached the handler');
    },
  );

  t.test(
    "mutual TLS: a client certificate of the CA is served, none or another CA's refused",
    async (t) => {
      const s = await echoServer(serverMtls);
      t.teardown(s.close);
      const good = client({
        SLG_TLS_CA: certs.ca,
        SLG_TLS_CERT: certs.client.cert,
        SLG_TLS_KEY: certs.client.key,
      });
      t.equal(await echo(s.address, good, 'mutual'), 'mutual');
      t.match(
        await echo(s.address, client({ SLG_TLS_CA: certs.ca })),
        /^UNAVAILABLE/,
        'no client certificate: refused',
      );
      t.match(
        await echo(
          s.address,
          client({
            SLG_TLS_CA: certs.ca,
            SLG_TLS_CERT: certs.otherClient.cert,
            SLG_TLS_KEY: certs.otherClient.key,
          }),
        ),
        /^UNAVAILABLE/,
        'a client certificate of the other CA: refused',
      );
      t.equal(s.handled(), 1, 'only the good client reached the handler');
    },
  );

  t.test(
    'the internal token: a wrong or missing one is UNAUTHENTICATED, the handler never runs',
    async (t) => {
      for (const [name, sec] of [
        ['plaintext', {}],
        ['mutual TLS', serverMtls],
      ] as const) {
        const s = await echoServer({ ...sec, token: TOKEN });
        const tls: Security =
          name === 'plaintext'
            ? {}
            : client({
                SLG_TLS_CA: certs.ca,
                SLG_TLS_CERT: certs.client.cert,
                SLG_TLS_KEY: certs.client.key,
              });
        t.equal(
          await echo(s.address, { ...tls, token: TOKEN }, 'with token'),
          'with token',
          `${name}: the right token`,
        );
        const wrong = await echo(s.address, { ...tls, token: `${TOKEN}x` });
        t.match(wrong, /wrong internal token/, `${name}: a wrong token`);
        const none = await echo(s.address, tls);
        t.match(none, /no internal token/, `${name}: no token`);
        // The typed error's code on the client is INTERNAL (UNAUTHENTICATED has no typed class in
        // errorFromGrpc): check the wire status itself.
        const raw = createGrpcClient(slg_echo_v1_EchoServiceDefinition, s.address, {
          security: { ...tls, token: 'not-the-token-at-all' },
        });
        const status = await raw.Echo({ text: 'x' }).then(
          () => 0,
          (e: ServiceError) => (e.cause as { code?: number }).code,
        );
        raw.close();
        t.equal(status, grpcStatus.UNAUTHENTICATED, `${name}: the status is UNAUTHENTICATED`);
        t.equal(s.handled(), 1, `${name}: only the call with the right token was handled`);
        const metrics = await s.registry.metrics();
        t.match(
          metrics,
          /grpc_server_unauthenticated_total\{grpc_service="slg.echo.v1.EchoService",grpc_method="Echo"\} 3/,
          `${name}: the refusals counted`,
        );
        // The health check needs no token (probes carry no secret).
        const health = createGrpcClient(grpc_health_v1_HealthDefinition, s.address, {
          security: tls,
        });
        const res = await health.Check({ service: '' });
        health.close();
        t.equal(
          res.status,
          pb.health.v1.HealthCheckResponse.ServingStatus.SERVING,
          `${name}: health without a token`,
        );
        await s.close();
      }
    },
  );

  t.test('the variables are checked once, every problem named', async (t) => {
    const unreadable = join(certs.dir, 'unreadable.pem');
    writeFileSync(unreadable, 'x');
    chmodSync(unreadable, 0o000);
    const notPem = join(certs.dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    const problems = (vars: Record<string, string>, role: 'service' | 'client' = 'service') => {
      try {
        securityFromEnv(vars, role);
        return [];
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        return err.problems;
      }
    };
    t.same(problems({}), [], 'nothing set: plaintext');
    t.same(securityFromEnv({}), {}, 'nothing set: no tls, no token');
    const p1 = problems({
      SLG_TLS_CERT: join(certs.dir, 'missing.pem'),
      SLG_TLS_KEY: notPem,
      SLG_TLS_CA: certs.ca,
    });
    t.match(p1.join('\n'), /SLG_TLS_CERT=".*missing.pem": cannot read the file \(ENOENT\)/);
    t.match(p1.join('\n'), /SLG_TLS_KEY=".*not.pem": not a PEM file/);
    if (process.getuid?.() !== 0) {
      t.match(
        problems({ SLG_TLS_CERT: unreadable, SLG_TLS_KEY: certs.server.key }).join('\n'),
        /EACCES/,
      );
    }
    t.match(
      problems({ SLG_TLS_CERT: certs.server.cert, SLG_TLS_KEY: certs.client.key }).join('\n'),
      /is not the key of SLG_TLS_CERT/,
      'a key of another certificate',
    );
    t.match(problems({ SLG_TLS_CERT: certs.server.cert }).join('\n'), /set both/);
    t.match(
      problems({
        SLG_TLS_CERT: certs.server.cert,
        SLG_TLS_KEY: certs.server.key,
        SLG_TLS_CLIENT_AUTH: 'true',
      }).join('\n'),
      /mutual TLS needs SLG_TLS_CA/,
    );
    t.match(problems({ SLG_TLS_CLIENT_AUTH: 'maybe' }).join('\n'), /must be true or false/);
    t.match(problems({ SLG_TLS_CA: certs.ca }).join('\n'), /TLS is off/, 'a CA alone on a service');
    t.same(problems({ SLG_TLS_CA: certs.ca }, 'client'), [], 'a CA alone on a client: TLS on');
    t.match(problems({ SLG_INTERNAL_TOKEN: 'short' }).join('\n'), /16 to 4096 printable/);
    t.match(
      problems({ SLG_INTERNAL_TOKEN: 'has a space in it, long enough' }).join('\n'),
      /16 to 4096/,
    );
    // A token without TLS would travel in cleartext: refused, unless explicitly allowed.
    t.match(
      problems({ SLG_INTERNAL_TOKEN: TOKEN }).join('\n'),
      /SLG_INTERNAL_TOKEN: set without TLS \(no SLG_TLS_CERT \/ SLG_TLS_KEY\), so the token would travel in cleartext/,
    );
    t.match(
      problems({ SLG_INTERNAL_TOKEN: TOKEN }, 'client').join('\n'),
      /no SLG_TLS_CA, SLG_TLS_CERT or SLG_TLS_KEY\), so the token would travel in cleartext/,
    );
    t.same(
      problems({ SLG_INTERNAL_TOKEN: TOKEN, SLG_TLS_CA: certs.ca }, 'client'),
      [],
      'a client with a CA: TLS on, the token goes',
    );
    t.match(
      problems({ SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT: 'maybe' }).join('\n'),
      /SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT="maybe": must be true or false/,
    );
    const s = securityFromEnv({
      SLG_INTERNAL_TOKEN: TOKEN,
      SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT: 'true',
    });
    t.equal(s.token, TOKEN, 'allowed explicitly: the token without TLS');
    t.notOk(s.tls);
  });
}
