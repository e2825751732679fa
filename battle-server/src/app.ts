// The HTTP app: build(opts) makes a fastify instance with every route, without listening.
import {
  createMetricsRegistry,
  drainBody,
  InvalidArgumentError,
  type Logger,
  type Security,
  ServiceError,
} from '@slg/service-kit/core';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import type { Registry } from 'prom-client';
import { runTask } from './battle-task.ts';
import { clientErrorHandler, errorBody, JSON_TYPE, quote, refuseConnect } from './http-edges.ts';
import { registerMetrics } from './metrics.ts';
import { BattleInputError, validateBattleInput } from './model/validate.ts';
import type { BattleRunner } from './runner.ts';
import { battleBodySchema, battleQuerySchema } from './schema.ts';
import { httpsOptions, requireToken } from './security.ts';

export interface BuildOptions {
  runner: BattleRunner;
  /** pino logger; none by default (tests). */
  logger?: Logger;
  /** A registry to add the metrics to; a new one with the process metrics by default. */
  registry?: Registry;
  /** Largest request body in bytes (default 64 KiB); larger gets 413. */
  bodyLimit?: number;
  /** Retry-After (seconds) on a 503 (default 1). */
  retryAfterSec?: number;
  /**
   * A body over the limit is read and dropped up to this many bytes (default 64 MiB, for 10 s at
   * most) before the 413, so that a client that sends its whole body before reading gets it.
   */
  drainLimit?: number;
  /** HTTPS (mutual TLS) and the internal token on /v1/ routes (security.ts); default neither. */
  security?: Security;
}

const SEED = /^\d{1,10}$/;

/** battles_rejected_total's reason for each typed error code that refuses a battle. */
const rejectionReasons: Record<string, string> = {
  RESOURCE_EXHAUSTED: 'queue_full',
  UNAVAILABLE: 'unavailable',
  INVALID_ARGUMENT: 'invalid',
};

export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const { runner } = opts;
  const retryAfter = String(opts.retryAfterSec ?? 1);
  const bodyLimit = opts.bodyLimit ?? 65536;
  const drainLimit = opts.drainLimit ?? 64 * 1024 * 1024;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    clientErrorHandler,
    ...httpsOptions(opts.security),
    // What fastify answers before routing (a parameter over maxParamLength, a bad URL).
    frameworkErrors: (err, request, reply: FastifyReply) => {
      if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply
          .code(414)
          .type(JSON_TYPE)
          .send(errorBody('URI_TOO_LONG', 'a path parameter is over 100 characters'));
      }
      // A percent-encoding that is not UTF-8 (%FF): say so, with the path (it said only the code).
      const why =
        err.code === 'FST_ERR_BAD_URL'
          ? `the path ${quote(request.url)} is not valid percent-encoded UTF-8`
          : (err.code ?? 'unknown error');
      return reply
        .code(400)
        .type(JSON_TYPE)
        .send(errorBody('INVALID_ARGUMENT', `bad request: ${why}`));
    },
  });
  app.server.on('connect', refuseConnect);
  const registry = opts.registry ?? createMetricsRegistry();
  const metrics = registerMetrics(registry, runner);
  // Same size as a sample answer, without a battle: the ceiling H of the HTTP stack alone.
  const canned = runTask({ kind: 'sample', seed: 1 });
  const sampleFought = metrics.battles.labels('sample');
  const battleFought = metrics.battles.labels('battle');

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  // The pino Logger type parameter is not part of the hook's contract (as at the end).
  requireToken(app as unknown as FastifyInstance, opts.security);

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type(JSON_TYPE)
      .send(errorBody('NOT_FOUND', `no route for ${request.method} ${quote(request.url)}`)),
  );

  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof ServiceError) {
      // Refusals by their code: a full queue, a dependency unavailable, a bad battle.
      const reason = rejectionReasons[err.code];
      if (reason) metrics.rejected.inc({ reason });
      if (err.httpStatus === 503) reply.header('retry-after', retryAfter);
      return reply.code(err.httpStatus).type(JSON_TYPE).send(errorBody(err.code, err.message));
    }
    if (err.validation) {
      metrics.rejected.inc({ reason: 'invalid' });
      return reply.code(400).type(JSON_TYPE).send(errorBody('INVALID_ARGUMENT', err.message));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // fastify stops reading and asks for the connection to close; a client still sending
      // would get a reset instead of the answer. Read the rest first; then the connection can
      // even stay open.
      if (await drainBody(request.raw, drainLimit, 10_000)) reply.removeHeader('connection');
      return reply
        .code(413)
        .type(JSON_TYPE)
        .send(errorBody('PAYLOAD_TOO_LARGE', `the request body is over ${bodyLimit} bytes`));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 400 ? 'INVALID_ARGUMENT' : (err.code ?? 'BAD_REQUEST');
      return reply.code(status).type(JSON_TYPE).send(errorBody(code, err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .type(JSON_TYPE)
      .send(errorBody('INTERNAL', 'internal error (see the server log)'));
  });

  app.get<{ Params: { seed: string } }>('/v1/battles/sample/:seed', async (request, reply) => {
    const s = request.params.seed;
    const seed = Number(s);
    if (!SEED.test(s) || seed > 0xffffffff) {
      throw new InvalidArgumentError(`seed must be an integer from 0 to 4294967295 (got "${s}")`);
    }
    const body = await runner.run({ kind: 'sample', seed });
    sampleFought.inc();
    return reply.type(JSON_TYPE).send(body);
  });

  app.get('/v1/battles/canned', async (_request, reply) => reply.type(JSON_TYPE).send(canned));

  app.post<{ Body: unknown; Querystring: { report?: string } }>(
    '/v1/battles',
    { schema: { body: battleBodySchema, querystring: battleQuerySchema } },
    async (request, reply) => {
      let input: ReturnType<typeof validateBattleInput>;
      try {
        input = validateBattleInput(request.body);
      } catch (err) {
        if (err instanceof BattleInputError) throw new InvalidArgumentError(err.message);
        throw err;
      }
      const report = request.query.report === 'true' || request.query.report === '1';
      const body = await runner.run({ kind: 'battle', input, report });
      battleFought.inc();
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.get('/healthz', async (_request, reply) => reply.type('text/plain').send('ok\n'));
  app.get('/readyz', async (_request, reply) => {
    if (runner.ready()) return reply.type('text/plain').send('ready\n');
    return reply.code(503).header('retry-after', retryAfter).type('text/plain').send('not ready\n');
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  // The pino Logger type parameter is not part of the contract callers use.
  return app as unknown as FastifyInstance;
}
