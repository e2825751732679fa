// The console's configuration: the defaults run beside `npm start`'s stack; every problem is
// listed at once; battle-server's /metrics is https when the stack runs TLS.
import { ConfigError } from '@slg/service-kit';
import { makeTestCerts, opensslMissing } from '@slg/test-kit/certs';
import t from 'tap';
import { configFromEnv } from '../src/config.ts';

t.test('defaults: 127.0.0.1:8090, the stack at its default ports', async (t) => {
  const c = configFromEnv({});
  t.equal(c.host, '127.0.0.1');
  t.equal(c.port, 8090);
  t.equal(c.mapServerAddress, '127.0.0.1:50053');
  t.same(
    c.metrics.map((m) => `${m.name} ${m.url}`),
    [
      'db-proxy http://127.0.0.1:9101/metrics',
      'data-server http://127.0.0.1:9102/metrics',
      'battle-server http://127.0.0.1:8080/metrics',
      'map-server http://127.0.0.1:9103/metrics',
    ],
  );
  t.same(c.security, {});
  t.equal(configFromEnv({ CONSOLE_PORT: '0' }).port, 0, 'port 0: any free port');
  t.equal(
    configFromEnv({ CONSOLE_MAPSERVER_METRICS_URL: '' }).metrics.length,
    3,
    'an empty URL leaves its service out',
  );
});

t.test('every problem at once', async (t) => {
  const err = t.throws(() =>
    configFromEnv({
      CONSOLE_PORT: '99999',
      CONSOLE_MAPSERVER_ADDR: 'nowhere',
      CONSOLE_MAX_VIEWPORT: '0',
      CONSOLE_BATTLE_METRICS_URL: 'ftp://x/metrics',
      SLG_INTERNAL_TOKEN: 'short',
      SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT: 'true',
    }),
  ) as ConfigError;
  t.type(err, ConfigError);
  t.equal(err.problems.length, 5, err.message);
  for (const name of [
    'CONSOLE_PORT',
    'CONSOLE_MAPSERVER_ADDR',
    'CONSOLE_MAX_VIEWPORT',
    'CONSOLE_BATTLE_METRICS_URL',
    'SLG_INTERNAL_TOKEN',
  ])
    t.ok(
      err.problems.some((p) => p.startsWith(name)),
      `${name} named`,
    );
});

t.test(
  "the stack's TLS and token: used to call it, battle-server's /metrics over https",
  { skip: opensslMissing() ?? false },
  async (t) => {
    const certs = makeTestCerts();
    t.teardown(() => certs.remove());
    const c = configFromEnv({
      SLG_TLS_CA: certs.ca,
      SLG_TLS_CERT: certs.client.cert,
      SLG_TLS_KEY: certs.client.key,
      SLG_INTERNAL_TOKEN: 'a-token-of-sixteen-chars',
    });
    t.ok(c.security?.tls?.ca, 'the CA');
    t.ok(c.security?.tls?.cert, 'the client certificate');
    t.equal(c.security?.token, 'a-token-of-sixteen-chars');
    t.equal(
      c.metrics.find((m) => m.name === 'battle-server')?.url,
      'https://127.0.0.1:8080/metrics',
    );
  },
);
