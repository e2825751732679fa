// The HTTP app: build(opts) makes a fastify instance with every route, without listening.
import {
  createMetricsRegistry,
  InvalidArgumentError,
  type Logger,
  ServiceError,
} from '@slg/service-kit/core';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import type { Registry } from 'prom-client';
import { runTask } from './battle-task.ts';
import { registerMetrics } from './metrics.ts';
import { BattleInputError, validateBattleInput } from './model/validate.ts';
import type { BattleRunner } from './runner.ts';
import { battleBodySchema, battleQuerySchema } from './schema.ts';

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
}

const SEED = /^\d{1,10}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: code, message });
}

export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const { runner } = opts;
  const retryAfter = String(opts.retryAfterSec ?? 1);
  const bodyLimit = opts.bodyLimit ?? 65536;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  });
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

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ServiceError) {
      if (err.httpStatus === 503) {
        metrics.rejected.inc({ reason: 'queue_full' });
        reply.header('retry-after', retryAfter);
      }
      if (err.code === 'INVALID_ARGUMENT') metrics.rejected.inc({ reason: 'invalid' });
      return reply.code(err.httpStatus).type(JSON_TYPE).send(errorBody(err.code, err.message));
    }
    if (err.message === 'Task queue is at limit') {
      metrics.rejected.inc({ reason: 'queue_full' });
      reply.header('retry-after', retryAfter);
      return reply
        .code(503)
        .type(JSON_TYPE)
        .send(errorBody('RESOURCE_EXHAUSTED', 'the battle queue is full; retry later'));
    }
    if (err.validation) {
      metrics.rejected.inc({ reason: 'invalid' });
      return reply.code(400).type(JSON_TYPE).send(errorBody('INVALID_ARGUMENT', err.message));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
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
