// The security a bench test's stack runs with: mutual TLS with the test certificates and the
// internal token, as the TLS guide sets it up.
import { type Security, securityFromEnv } from '@slg/service-kit/core';
import type { TestCerts } from '@slg/test-kit/certs';

/**
 * What a service of a test stack serves and calls with: the CA's server certificate (shown both
 * ways), client certificates asked for (mutual TLS), and the internal token.
 */
export function mutualTls(certs: TestCerts, token: string): Security {
  return {
    ...securityFromEnv({
      SLG_TLS_CERT: certs.server.cert,
      SLG_TLS_KEY: certs.server.key,
      SLG_TLS_CA: certs.ca,
      SLG_TLS_CLIENT_AUTH: 'true',
    }),
    token,
  };
}
