// The bench against a stack with mutual TLS and the internal token:
// db-proxy (embedded SQLite) and data-server (in-process cache) built here on port 0, each
// serving mutual TLS and asking for the token, data-server calling db-proxy the same way.
// `bench data` with --tls-* and --token runs clean (its players seeded from the main thread,
// the load from a worker thread); without the token every call fails UNAUTHENTICATED.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as buildDataServer, defaultConfig } from '@slg/data-server';
import { build as buildDbProxy, configWith } from '@slg/db-proxy';
import { createLogger } from '@slg/service-kit';
import { makeTestCerts, opensslMissing } from '@slg/test-kit/certs';
import t from 'tap';
import type { DataResult } from '../src/commands/data.ts';
import { runCli } from './helpers/cli.ts';
import { mutualTls } from './helpers/tls.ts';

const TOKEN = 'bench-internal-token-0123456789';

t.test(
  'bench data over mutual TLS with the internal token',
  { skip: opensslMissing() },
  async (t) => {
    const certs = makeTestCerts();
    t.teardown(() => certs.remove());
    const security = mutualTls(certs, TOKEN);
    const logger = createLogger({ name: 'bench-tls', level: 'silent' });
    const dbproxy = await buildDbProxy(
      configWith({
        port: 0,
        metricsPort: null,
        backends: `sqlite:${join(certs.dir, 'bench.sqlite')}`,
        logLevel: 'silent',
        security,
      }),
      { logger },
    );
    const { port: dbPort } = await dbproxy.listen();
    const dataServer = await buildDataServer(
      defaultConfig({
        port: 0,
        dbProxyAddress: `127.0.0.1:${dbPort}`,
        logLevel: 'silent',
        security,
      }),
      { logger },
    );
    const dsPort = await dataServer.listen(0, '127.0.0.1');
    t.teardown(async () => {
      await dataServer.close(1000);
      await dbproxy.close();
    });
    const args = (out: string) => [
      'data',
      '--target',
      `127.0.0.1:${dsPort}`,
      '-d',
      '1s',
      '--ceiling-duration',
      '300ms',
      '--players',
      '4',
      '-c',
      '4',
      '-w',
      '1',
      '-o',
      out,
      '--tls-ca',
      certs.ca,
      '--tls-cert',
      certs.client.cert,
      '--tls-key',
      certs.client.key,
    ];
    const out = join(certs.dir, 'data.json');
    const run = await runCli([...args(out), '--token', TOKEN]);
    t.equal(run.code, 0, run.stdout + run.stderr);
    const r = JSON.parse(readFileSync(out, 'utf8')) as DataResult;
    t.ok(r.totals.requests > 0, `${r.totals.requests} requests over mutual TLS`);
    t.equal(r.totals.errors, 0, 'no call failed');
    t.equal(r.totals.mismatches, 0, 'no answer wrong');

    const refused = await runCli(args(join(certs.dir, 'refused.json')));
    t.not(refused.code, 0, 'without --token the run fails');
    t.match(refused.stdout + refused.stderr, /internal token/, 'and says why');

    const badFile = await runCli([...args(out), '--tls-ca', join(certs.dir, 'no-such-ca.pem')]);
    t.equal(badFile.code, 2, 'a CA file that is not there is a usage error');
    t.match(badFile.stderr, /SLG_TLS_CA=".*no-such-ca.pem": cannot read the file \(ENOENT\)/);
  },
);
