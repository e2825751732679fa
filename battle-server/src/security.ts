// battle-server's side of the stack's security (service-kit tls.ts): HTTPS from SLG_TLS_CERT /
// SLG_TLS_KEY, client certificates signed by SLG_TLS_CA asked for and checked in the handshake
// under SLG_TLS_CLIENT_AUTH, and SLG_INTERNAL_TOKEN required on the battle routes (/v1/...).
// /healthz, /readyz and /metrics need no token (probes and Prometheus carry no secret; they say
// nothing of a battle); over TLS they are HTTPS like the rest: it is one port.
import { type Security, tokenChecker } from '@slg/service-kit/core';
import type { FastifyInstance } from 'fastify';
import { errorBody, JSON_TYPE } from './http-edges.ts';

/** fastify's `https` option for the material, or nothing (plain HTTP). */
export function httpsOptions(security: Security | undefined): {
  https?: {
    key: Buffer;
    cert: Buffer;
    ca?: Buffer;
    requestCert: boolean;
    rejectUnauthorized: boolean;
  };
} {
  const t = security?.tls;
  if (!t?.cert || !t.key) return {};
  return {
    https: {
      key: t.key,
      cert: t.cert,
      ...(t.ca ? { ca: t.ca } : {}),
      requestCert: t.clientAuth,
      rejectUnauthorized: t.clientAuth,
    },
  };
}

/**
 * A request to /v1/ without `authorization: Bearer <token>` (compared in constant time) is
 * answered 401 UNAUTHENTICATED before its body is read: no battle is fought.
 */
export function requireToken(app: FastifyInstance, security: Security | undefined): void {
  const check = tokenChecker(security?.token);
  if (!check) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/v1/')) return done();
    const value = request.headers.authorization;
    if (value !== undefined && check(value)) return done();
    reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .type(JSON_TYPE)
      .send(
        errorBody(
          'UNAUTHENTICATED',
          value === undefined
            ? 'no internal token (header "authorization: Bearer <token>")'
            : 'wrong internal token',
        ),
      );
  });
}
