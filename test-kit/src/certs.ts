// Certificates for the TLS tests, made with the openssl command line into a temp dir: a CA, a
// server certificate and a client certificate it signs, and a second, unrelated CA with its own
// server and client certificates. Every leaf is good for 127.0.0.1 and localhost, for server and
// client use alike (a service shows one certificate both ways).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pair {
  cert: string;
  key: string;
}

export interface TestCerts {
  dir: string;
  /** The CA the stack trusts, and what it signs. */
  ca: string;
  server: Pair;
  client: Pair;
  /** An unrelated CA and what it signs: trusted by nobody in the stack. */
  otherCa: string;
  otherServer: Pair;
  otherClient: Pair;
  remove(): void;
}

/** Why certificates cannot be made here (no openssl), or undefined. */
export function opensslMissing(): string | undefined {
  const r = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : 'openssl is not installed (apt-get install openssl)';
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function makeCa(dir: string, name: string): string {
  openssl(
    [
      'req',
      '-x509',
      ...KEY,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    ],
    dir,
  );
  return name;
}

function makeLeaf(dir: string, ca: string, name: string): Pair {
  writeFileSync(
    join(dir, `${name}.ext`),
    [
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth,clientAuth',
      'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:slg.internal',
    ].join('\n'),
  );
  openssl(
    ['req', ...KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    ],
    dir,
  );
  return { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
}

export function makeTestCerts(): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'slg-certs-'));
  const a = makeCa(dir, 'ca');
  const b = makeCa(dir, 'other-ca');
  return {
    dir,
    ca: join(dir, 'ca.pem'),
    server: makeLeaf(dir, a, 'server'),
    client: makeLeaf(dir, a, 'client'),
    otherCa: join(dir, 'other-ca.pem'),
    otherServer: makeLeaf(dir, b, 'other-server'),
    otherClient: makeLeaf(dir, b, 'other-client'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
