// Security between services, the part without gRPC (HTTP-only processes load it too): TLS
// material read from files once at start-up and checked whole, and the shared internal token.
//
//   SLG_TLS_CERT, SLG_TLS_KEY  this process's certificate (PEM, chain allowed) and private key.
//                              A service serves TLS with them (and shows them as its client
//                              certificate when it calls another one); set both or neither.
//   SLG_TLS_CA                 CA certificate(s) (PEM) that sign the servers this process calls,
//                              and, with SLG_TLS_CLIENT_AUTH, its clients. Empty: the system roots.
//   SLG_TLS_CLIENT_AUTH        true: mutual TLS, a client without a certificate signed by
//                              SLG_TLS_CA is refused during the handshake.
//   SLG_TLS_SERVER_NAME        the name the servers' certificates are checked against (default:
//                              the host of each address), for certificates made for a DNS name.
//   SLG_INTERNAL_TOKEN         a shared secret: servers refuse a call without
//                              `authorization: Bearer <token>` (UNAUTHENTICATED / HTTP 401);
//                              clients send it. Empty: no token. Without TLS it would travel
//                              in cleartext, so that is a config error unless
//   SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT  is true: the operator accepts it (a network of its own).
//
// Nothing set (the default): plaintext, no token, as before.
import {
  createHash,
  createPrivateKey,
  type KeyObject,
  timingSafeEqual,
  X509Certificate,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { ConfigError, type EnvVarReference } from './config.ts';
import { ServiceError, status } from './errors.ts';

/** The caller did not prove it may call (no or a wrong internal token). */
export class UnauthenticatedError extends ServiceError {
  constructor(message: string, cause?: unknown) {
    super(message, 'UNAUTHENTICATED', status.UNAUTHENTICATED, 401, cause);
  }
}

export interface TlsMaterial {
  /** This process's certificate chain and key (PEM); a client without them shows none. */
  readonly cert?: Buffer;
  readonly key?: Buffer;
  /** CA certificates (PEM) to verify peers with; undefined: the system roots. */
  readonly ca?: Buffer;
  /** Servers: ask for and verify a client certificate (mutual TLS). */
  readonly clientAuth: boolean;
  /** Clients: the name a server's certificate must carry (default: the address's host). */
  readonly serverName?: string;
  /** The files, for logs (never the contents). */
  readonly files: { cert?: string; key?: string; ca?: string };
}

export interface Security {
  /** undefined: plaintext. */
  readonly tls?: TlsMaterial;
  /** undefined: no internal token asked or sent. */
  readonly token?: string;
}

export const plaintext: Security = Object.freeze({});

const TOKEN_MIN = 16;
const TOKEN_MAX = 4096;
const TOKEN = new RegExp(`^[\\x21-\\x7e]{${TOKEN_MIN},${TOKEN_MAX}}$`);

/**
 * The variables as the configuration reference lists them (securityProblems checks them): the
 * same for every service, and read by the bench.
 */
export const securityEnvReference: readonly EnvVarReference[] = [
  {
    name: 'SLG_TLS_CERT',
    type: 'file',
    default: '',
    range: 'PEM certificate (a chain allowed); with SLG_TLS_KEY or neither',
    desc: "this process's certificate: a service serves TLS with it, and shows it as its client certificate when it calls another one",
  },
  {
    name: 'SLG_TLS_KEY',
    type: 'file',
    default: '',
    range: 'PEM private key of SLG_TLS_CERT',
    desc: 'the private key of SLG_TLS_CERT',
  },
  {
    name: 'SLG_TLS_CA',
    type: 'file',
    default: '',
    range: 'PEM CA certificate(s); needs TLS on',
    desc: 'the CA certificate(s) that sign the servers this process calls, and its clients under mutual TLS; empty: the system roots',
  },
  {
    name: 'SLG_TLS_CLIENT_AUTH',
    type: 'boolean',
    default: 'false',
    range: 'true, false (1, 0, yes, no, on, off); true needs SLG_TLS_CA',
    desc: 'true: mutual TLS, a client without a certificate signed by SLG_TLS_CA fails the handshake',
  },
  {
    name: 'SLG_TLS_SERVER_NAME',
    type: 'host',
    default: '',
    range: 'a host name; needs TLS on',
    desc: "the name the servers' certificates are checked against; empty: the host of each address",
  },
  {
    name: 'SLG_INTERNAL_TOKEN',
    type: 'string',
    default: '',
    range: `${TOKEN_MIN} to ${TOKEN_MAX} printable ASCII characters, no spaces`,
    desc: 'a shared secret: servers refuse a call without `authorization: Bearer <token>` (gRPC UNAUTHENTICATED, HTTP 401), clients send it; health checks and /metrics need none; empty: no token; needs TLS unless SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT is true',
  },
  {
    name: 'SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT',
    type: 'boolean',
    default: 'false',
    range: 'true, false (1, 0, yes, no, on, off)',
    desc: 'true: a token is accepted without TLS (it then travels in cleartext); false: a token without TLS stops start-up (exit 78)',
  },
];

function readPem(
  name: string,
  path: string | undefined,
  problems: string[],
): { path: string; bytes: Buffer } | undefined {
  if (path === undefined || path.trim() === '') return undefined;
  try {
    const bytes = readFileSync(path);
    if (!bytes.includes('-----BEGIN ')) {
      problems.push(`${name}=${JSON.stringify(path)}: not a PEM file (no "-----BEGIN" line)`);
      return undefined;
    }
    return { path, bytes };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    problems.push(`${name}=${JSON.stringify(path)}: cannot read the file (${e.code ?? e.message})`);
    return undefined;
  }
}

/**
 * Reads and checks the security variables: each file readable and what it should be (a
 * certificate, a key matching it), the combinations that make sense. Throws a ConfigError naming
 * every problem. `role`: a service serves TLS when it has a certificate and key; a client-only
 * process (the bench, tools) uses TLS as soon as any TLS variable is set.
 */
export function securityFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  role: 'service' | 'client' = 'service',
): Security {
  const problems = securityProblems(env, role);
  if (problems.problems.length) throw new ConfigError(problems.problems);
  return problems.security;
}

/** securityFromEnv's problems as a list (for configs that report them with their own). */
export function securityProblems(
  env: NodeJS.ProcessEnv,
  role: 'service' | 'client' = 'service',
): { problems: string[]; security: Security } {
  const problems: string[] = [];
  const cert = readPem('SLG_TLS_CERT', env.SLG_TLS_CERT, problems);
  const key = readPem('SLG_TLS_KEY', env.SLG_TLS_KEY, problems);
  const ca = readPem('SLG_TLS_CA', env.SLG_TLS_CA, problems);
  const set = (v: string | undefined) => v !== undefined && v.trim() !== '';
  const flag = (name: 'SLG_TLS_CLIENT_AUTH' | 'SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT') => {
    const raw = (env[name] ?? '').trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (!['', '0', 'false', 'no', 'off'].includes(raw))
      problems.push(`${name}=${JSON.stringify(env[name])}: must be true or false`);
    return false;
  };
  const clientAuth = flag('SLG_TLS_CLIENT_AUTH');
  const allowPlaintextToken = flag('SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT');
  if (set(env.SLG_TLS_CERT) !== set(env.SLG_TLS_KEY))
    problems.push('SLG_TLS_CERT and SLG_TLS_KEY: set both (a certificate and its key) or neither');
  const tlsOn =
    role === 'service'
      ? set(env.SLG_TLS_CERT) || set(env.SLG_TLS_KEY)
      : set(env.SLG_TLS_CERT) || set(env.SLG_TLS_KEY) || set(env.SLG_TLS_CA);
  if (role === 'service' && !tlsOn) {
    for (const name of ['SLG_TLS_CA', 'SLG_TLS_SERVER_NAME'] as const)
      if (set(env[name]))
        problems.push(
          `${name}: TLS is off (no SLG_TLS_CERT / SLG_TLS_KEY), so it would not be used`,
        );
    if (clientAuth)
      problems.push(
        'SLG_TLS_CLIENT_AUTH: mutual TLS needs TLS (SLG_TLS_CERT, SLG_TLS_KEY, SLG_TLS_CA)',
      );
  }
  if (role === 'service' && clientAuth && !set(env.SLG_TLS_CA))
    problems.push(
      'SLG_TLS_CLIENT_AUTH: mutual TLS needs SLG_TLS_CA, the CA that signs the clients',
    );
  // The contents: a certificate that parses, a key that parses and belongs to it, CA certificates.
  let x509: X509Certificate | undefined;
  if (cert) {
    try {
      x509 = new X509Certificate(cert.bytes);
    } catch (err) {
      problems.push(
        `SLG_TLS_CERT=${JSON.stringify(cert.path)}: not a certificate (${(err as Error).message})`,
      );
    }
  }
  let privateKey: KeyObject | undefined;
  if (key) {
    try {
      privateKey = createPrivateKey(key.bytes);
    } catch (err) {
      problems.push(
        `SLG_TLS_KEY=${JSON.stringify(key.path)}: not a private key (${(err as Error).message})`,
      );
    }
  }
  if (x509 && privateKey && !x509.checkPrivateKey(privateKey))
    problems.push(
      `SLG_TLS_KEY=${JSON.stringify(key!.path)}: is not the key of SLG_TLS_CERT=${JSON.stringify(cert!.path)}`,
    );
  if (ca) {
    try {
      createSecureContext({ ca: ca.bytes });
      new X509Certificate(ca.bytes);
    } catch (err) {
      problems.push(
        `SLG_TLS_CA=${JSON.stringify(ca.path)}: not a CA certificate (${(err as Error).message})`,
      );
    }
  }
  const token = env.SLG_INTERNAL_TOKEN;
  if (token !== undefined && token !== '' && !TOKEN.test(token))
    problems.push(
      `SLG_INTERNAL_TOKEN: must be ${TOKEN_MIN} to ${TOKEN_MAX} printable ASCII characters without spaces (got ${token.length} characters)`,
    );
  // A secret sent in cleartext is a secret anyone on the path reads: refused unless the
  // operator says so explicitly.
  if (token && !tlsOn && !allowPlaintextToken)
    problems.push(
      `SLG_INTERNAL_TOKEN: set without TLS (${role === 'service' ? 'no SLG_TLS_CERT / SLG_TLS_KEY' : 'no SLG_TLS_CA, SLG_TLS_CERT or SLG_TLS_KEY'}), so the token would travel in cleartext; turn TLS on, or set SLG_INTERNAL_TOKEN_ALLOW_PLAINTEXT=true to accept that`,
    );
  const serverName = env.SLG_TLS_SERVER_NAME?.trim() || undefined;
  if (serverName !== undefined && !/^[A-Za-z0-9.-]{1,253}$/.test(serverName))
    problems.push(`SLG_TLS_SERVER_NAME=${JSON.stringify(serverName)}: must be a host name`);
  const security: Security = {
    ...(tlsOn
      ? {
          tls: {
            ...(cert ? { cert: cert.bytes } : {}),
            ...(key ? { key: key.bytes } : {}),
            ...(ca ? { ca: ca.bytes } : {}),
            clientAuth,
            ...(serverName ? { serverName } : {}),
            files: { cert: cert?.path, key: key?.path, ca: ca?.path },
          },
        }
      : {}),
    ...(token ? { token } : {}),
  };
  return { problems, security };
}

/**
 * A check of the `authorization` value a call came with, in constant time (both sides hashed
 * first, so that neither the length nor the contents of the token leak through timing).
 * undefined when no token is configured: every call passes.
 */
export function tokenChecker(token: string | undefined): ((value: unknown) => boolean) | undefined {
  if (!token) return undefined;
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return (value: unknown) => {
    const got = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value : '';
    return timingSafeEqual(createHash('sha256').update(got).digest(), expected);
  };
}

/** The `authorization` header a client sends. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** What a log may say about the security in use (never a secret). */
export function describeSecurity(s: Security | undefined): Record<string, unknown> {
  return {
    tls: s?.tls ? (s.tls.clientAuth ? 'mutual' : 'on') : 'off',
    ...(s?.tls ? { tlsFiles: s.tls.files } : {}),
    internalToken: s?.token ? 'required' : 'off',
  };
}

/** Node TLS options (https servers and agents) from the material. */
export function nodeTlsOptions(t: TlsMaterial): {
  cert?: Buffer;
  key?: Buffer;
  ca?: Buffer;
  servername?: string;
} {
  return {
    ...(t.cert ? { cert: t.cert } : {}),
    ...(t.key ? { key: t.key } : {}),
    ...(t.ca ? { ca: t.ca } : {}),
    ...(t.serverName ? { servername: t.serverName } : {}),
  };
}
