// The bench against a stack that runs TLS, mutual TLS or the internal token (service-kit
// tls.ts): flags of every subcommand, each also read from the variable the services use. Set
// once before a subcommand runs, they become the default of every gRPC client the process makes
// (createGrpcClient), in the load worker threads too (which read them back from the
// environment), and of the battle load (autocannon) and child processes (the environment).
import {
  ConfigError,
  getDefaultClientSecurity,
  type Security,
  securityFromEnv,
  setDefaultClientSecurity,
} from '@slg/service-kit';
import { Option } from 'commander';
import { UsageError } from './options.ts';

/** The flags, each also read from the variable the services use (which it sets in turn). */
export function securityOptions(): Option[] {
  return [
    new Option(
      '--tls-ca <file>',
      "TLS: the CA certificate(s) of the services' certificates (PEM); any --tls-* flag turns TLS on",
    ).env('SLG_TLS_CA'),
    new Option(
      '--tls-cert <file>',
      'mutual TLS: the client certificate to show (PEM), with --tls-key',
    ).env('SLG_TLS_CERT'),
    new Option('--tls-key <file>', 'mutual TLS: the key of --tls-cert (PEM)').env('SLG_TLS_KEY'),
    new Option(
      '--tls-server-name <name>',
      "TLS: the name the services' certificates are checked against (default: the target's host)",
    ).env('SLG_TLS_SERVER_NAME'),
    new Option(
      '--token <token>',
      'the internal token, sent as "authorization: Bearer <token>"',
    ).env('SLG_INTERNAL_TOKEN'),
  ];
}

/** The flags that take a value (the CLI skips their values when it looks for the subcommand). */
export const SECURITY_VALUE_FLAGS = securityOptions().map((o) => o.long!);

/**
 * Checks the files once (a missing or unreadable one is a usage error naming it) and makes the
 * result the default of every client; the values go into the environment for worker threads
 * and child processes.
 */
export function applySecurity(opts: Record<string, unknown>): Security {
  for (const option of securityOptions()) {
    const v = opts[option.attributeName()];
    if (typeof v === 'string' && v !== '') process.env[option.envVar!] = v;
  }
  return securityFromTheEnvironment();
}

/** In a worker thread (or any process started by the bench): the same, from the environment. */
export function securityFromTheEnvironment(): Security {
  let security: Security;
  try {
    security = securityFromEnv(process.env, 'client');
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
  setDefaultClientSecurity(security.tls || security.token ? security : undefined);
  return security;
}

/**
 * autocannon's options for the battle load: the headers given plus the token, and over https
 * the client certificate (autocannon connects with rejectUnauthorized false: it checks no
 * server certificate).
 */
export function battleSecurity(
  url: string,
  headers: Record<string, string>,
): { headers?: Record<string, string>; tlsOptions?: Record<string, Buffer> } {
  const s = getDefaultClientSecurity();
  const all = { ...headers, ...(s?.token ? { authorization: `Bearer ${s.token}` } : {}) };
  const t = s?.tls;
  return {
    ...(Object.keys(all).length ? { headers: all } : {}),
    ...(url.startsWith('https:') && t
      ? {
          tlsOptions: {
            ...(t.cert ? { cert: t.cert } : {}),
            ...(t.key ? { key: t.key } : {}),
            ...(t.ca ? { ca: t.ca } : {}),
          },
        }
      : {}),
  };
}
