// bench stack against a stack that serves mutual TLS and the internal token (every service in
// this process on port 0, battle-server over https): a run with the --tls-* flags and --token is
// clean, its Watch streams and its report recomputations (POST /v1/battles) over TLS too; without
// the token it is refused, saying why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestCerts, opensslMissing } from '@slg/test-kit/certs';
import t from 'tap';
import type { StackResult } from '../src/stack/run.ts';
import { runCli, tempDir } from './helpers/cli.ts';
import { inProcessStack, requireBackends, shortRunFlags } from './helpers/stack-run.ts';
import { mutualTls } from './helpers/tls.ts';

const TOKEN = 'bench-stack-internal-token-0123456789';

await requireBackends();
const down = opensslMissing();

t.test('bench stack over mutual TLS with the internal token', { skip: down }, async (t) => {
  const certs = makeTestCerts();
  t.teardown(() => certs.remove());
  const security = mutualTls(certs, TOKEN);
  const a = await inProcessStack('sttls', security);
  t.teardown(() => a.close());
  t.match(a.target.battleUrl, /^https:/, 'battle-server serves https');
  const tls = [
    '--tls-ca',
    certs.ca,
    '--tls-cert',
    certs.client.cert,
    '--tls-key',
    certs.client.key,
  ];
  // shortRun()'s session settings as flags (its world is the in-process map-server's).
  const session = shortRunFlags('2s');
  const dir = tempDir(t, 'stack-tls');
  const on = (x: typeof a) => [
    '--map',
    x.target.map,
    '--data',
    x.target.data,
    '--battle-url',
    x.target.battleUrl,
  ];

  const out = join(dir, 'one.json');
  const one = await runCli(['stack', ...on(a), ...session, ...tls, '--token', TOKEN, '-o', out]);
  t.equal(one.code, 0, `${one.stdout}\n${one.stderr}`);
  const r = JSON.parse(readFileSync(out, 'utf8')) as StackResult;
  t.same(r.violations, [], 'no invariant violated');
  t.equal(r.errors, 0, 'no call failed');
  const names = r.ops.map((o) => o.name);
  t.ok(names.includes('Watch'), 'viewport streams over TLS, with the token');
  const recomputed = [...r.ops, ...r.checkOps].find((o) => o.name === 'POST /v1/battles');
  t.ok(
    (recomputed?.count ?? 0) > 0 && r.invariants.reportsRecomputed > 0,
    `battle reports recomputed over https (${r.invariants.reportsRecomputed})`,
  );

  const refused = await runCli(['stack', ...on(a), ...session, ...tls, '-o', join(dir, 'no.json')]);
  t.not(refused.code, 0, 'without --token the run fails');
  t.match(refused.stdout + refused.stderr, /internal token/, 'and says why');
});
