// The console's HTTP app: build(config) makes a fastify instance with the page, its bundle and
// the read-only API, without listening. Every answer that is not the page is JSON; every error is
// `{"error": CODE, "message": sentence}` with its HTTP status, the sentence what the page shows.

import type { slg } from '@slg/proto';
import {
  createLogger,
  InvalidArgumentError,
  type Logger,
  NotFoundError,
  ServiceError,
  UnavailableError,
} from '@slg/service-kit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { ErrorJson, ReportEntryJson, ReportJson, WorldJson } from '../web/types.ts';
import type { WebAssets } from './assets.ts';
import type { ConsoleConfig } from './config.ts';
import { type StackClient, stackClient } from './stack-client.ts';
import { StackMetrics } from './stack-metrics.ts';
import { mergeViewports, openWatch, type Rect, tiles } from './watch.ts';
import { cityJson, marchJson, recordFields, viewportJson, worldJson } from './wire.ts';

export interface BuildOptions {
  assets: WebAssets;
  logger?: Logger;
}

export interface ConsoleApp {
  app: FastifyInstance;
  logger: Logger;
  /** Listens on the config's host and port; resolves with the bound port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

const ID = /^[1-9]\d{0,15}$/;
/** Reports a city's details list: its player's latest. */
const CITY_REPORTS = 10;

/** A line of a report list: what its button says and opens (not the report's body). */
function reportEntry(r: slg.dataserver.v2.IRecord): ReportEntryJson {
  const f = recordFields(r);
  return {
    reportId: Number(r.memberId),
    kind: String(f.kind ?? ''),
    marchId: Number(f.march_id ?? 0),
    createdMs: Number(f.created_at ?? 0),
  };
}
const INT = /^-?\d{1,10}$/;

/** A positive int64 id of this stack (1..2^53-1) from a path parameter, or a clear 400. */
function idOf(what: string, raw: string): number {
  const v = Number(raw);
  if (!ID.test(raw) || !Number.isSafeInteger(v))
    throw new InvalidArgumentError(
      `${what} must be an integer from 1 to 2^53-1, got ${JSON.stringify(raw.slice(0, 40))}`,
    );
  return v;
}

/** What a failed call to the stack tells the page: the service, and its own words. */
function stackError(service: string, err: unknown): ServiceError {
  if (err instanceof ServiceError) {
    // The stack refusing the console's own credentials is the console's misconfiguration.
    const message = `${service}: ${err.message}`;
    if (err.code === 'UNAVAILABLE' || err.code === 'DEADLINE_EXCEEDED')
      return new UnavailableError(`${service} cannot be reached: ${err.message}`, err);
    return new ServiceError(message, err.code, err.grpcCode, err.httpStatus, err);
  }
  return new UnavailableError(`${service}: ${(err as Error).message}`, err);
}

export async function build(config: ConsoleConfig, opts: BuildOptions): Promise<ConsoleApp> {
  const logger =
    opts.logger ??
    createLogger({ name: 'console', level: config.logLevel, pretty: config.logPretty });
  const stack: StackClient = stackClient({
    mapServerAddress: config.mapServerAddress,
    dataServerAddress: config.dataServerAddress,
    deadlineMs: config.deadlineMs,
    security: config.security,
  });
  const metrics = new StackMetrics(config.metrics, config.security?.tls, {
    timeoutMs: Math.min(config.deadlineMs, 2000),
  });
  const app = Fastify({
    logger: false,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 100 },
  });
  const streams = new Set<() => void>();

  let world: { value: WorldJson; at: number } | undefined;
  /** The world's size and counts, asked again at most once a second. */
  async function currentWorld(): Promise<WorldJson> {
    if (world && Date.now() - world.at < 1000) return world.value;
    try {
      world = { value: worldJson(await stack.map.GetWorld({})), at: Date.now() };
    } catch (err) {
      throw stackError('map-server', err);
    }
    return world.value;
  }

  /** x, y, w, h of the query string, checked against the world and the largest viewport. */
  async function rectOf(q: Record<string, string | undefined>): Promise<Rect> {
    const w = await currentWorld();
    const problems: string[] = [];
    const int = (name: string): number => {
      const raw = q[name];
      if (raw === undefined || !INT.test(raw)) {
        problems.push(
          `${name} must be an integer (got ${JSON.stringify(raw?.slice(0, 40) ?? null)})`,
        );
        return 0;
      }
      return Number(raw);
    };
    const r = { x: int('x'), y: int('y'), width: int('w'), height: int('h') };
    if (problems.length === 0) {
      if (r.width < 1 || r.width > config.maxView || r.height < 1 || r.height > config.maxView)
        problems.push(
          `the viewport is ${r.width} x ${r.height} tiles; each side must be 1 to ${config.maxView}`,
        );
      if (r.x < 0 || r.y < 0 || r.x + r.width > w.width || r.y + r.height > w.height)
        problems.push(
          `the viewport (${r.x}, ${r.y}) ${r.width} x ${r.height} is not inside the ${w.width} x ${w.height} world`,
        );
    }
    if (problems.length) throw new InvalidArgumentError(problems.join('; '));
    return r;
  }

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (err instanceof ServiceError) {
      if (err.httpStatus >= 500) logger.warn({ err: err.message }, 'the stack did not answer');
      return reply
        .code(err.httpStatus)
        .send({ error: err.code, message: err.message } satisfies ErrorJson);
    }
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) logger.error({ err }, 'console error');
    return reply
      .code(status)
      .send({ error: err.code ?? 'INTERNAL', message: err.message } satisfies ErrorJson);
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({
      error: 'NOT_FOUND',
      message: `no page at ${req.method} ${req.url.slice(0, 100)}: the console is / and its API /api/...`,
    } satisfies ErrorJson),
  );

  const page = (type: string, body: string) => (_req: FastifyRequest, reply: FastifyReply) =>
    reply.type(type).header('cache-control', 'no-cache').send(body);
  app.get('/', page('text/html; charset=utf-8', opts.assets.html));
  app.get('/app.js', page('text/javascript; charset=utf-8', opts.assets.js));
  app.get('/app.css', page('text/css; charset=utf-8', opts.assets.css));
  // Probes and Prometheus, as every service of the stack has them: alive, ready (503 while it
  // shuts down: fastify's return503OnClosing), and its own process metrics. prom-client's
  // default event-loop sampling (10 ms), not the kit's 1 ms: a thousand wake-ups a second were
  // most of what an idle console spent (0.96% of a core with no page open).
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async () => ({ ready: true }));
  app.get('/metrics', async (_req, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );

  // The page's largest view (maxViewport: the name the page knows it by).
  app.get('/api/world', async () => ({ ...(await currentWorld()), maxViewport: config.maxView }));

  app.get('/api/viewport', async (req) => {
    const rect = await rectOf(req.query as Record<string, string>);
    try {
      const parts = await Promise.all(
        tiles(rect, config.maxViewport).map((r) => stack.map.QueryViewport(r)),
      );
      return mergeViewports(parts.map(viewportJson));
    } catch (err) {
      throw stackError('map-server', err);
    }
  });

  app.get('/api/watch', async (req, reply) => {
    const rect = await rectOf(req.query as Record<string, string>);
    if (streams.size >= config.maxStreams)
      throw new ServiceError(
        `${streams.size} pages already watch the map (CONSOLE_MAX_STREAMS=${config.maxStreams}); close one`,
        'RESOURCE_EXHAUSTED',
        8,
        503,
      );
    reply.hijack();
    const stop = openWatch(stack.watch, tiles(rect, config.maxViewport), req.raw, reply.raw, {
      onEnd: () => streams.delete(stop),
      logger,
    });
    streams.add(stop);
  });

  app.get('/api/city/:player', async (req) => {
    const player = idOf('player id', (req.params as { player: string }).player);
    const city = await stack.map.GetCity({ playerId: player }).catch((err: unknown) => {
      if (err instanceof ServiceError && err.code === 'NOT_FOUND')
        throw new NotFoundError(`player ${player} has no city on this map`);
      throw stackError('map-server', err);
    });
    const [record, marches, reports] = await Promise.all([
      stack.data
        .FetchV2({ table: 'player', ownerId: player })
        .catch((err: unknown) => Promise.reject(stackError('data-server', err))),
      stack.map
        .ListMarches({ playerId: player })
        .catch((err: unknown) => Promise.reject(stackError('map-server', err))),
      stack.data
        .CFetchV2({ table: 'map_report', ownerId: player })
        .catch((err: unknown) => Promise.reject(stackError('data-server', err))),
    ]);
    // The latest first: a report's id grows with its march's, and data-server lists by id.
    const latest = reports.records.slice(-CITY_REPORTS).reverse().map(reportEntry);
    return {
      city: cityJson(city),
      player: record.record ? recordFields(record.record) : null,
      marches: marches.marches.map(marchJson),
      reports: latest,
      reportsTotal: reports.records.length,
    };
  });

  app.get('/api/march/:player/:march', async (req) => {
    const params = req.params as { player: string; march: string };
    const player = idOf('player id', params.player);
    const marchId = idOf('march id', params.march);
    const [marches, reports] = await Promise.all([
      stack.map
        .ListMarches({ playerId: player })
        .catch((err: unknown) => Promise.reject(stackError('map-server', err))),
      stack.data
        .CFetchV2({ table: 'map_report', ownerId: player })
        .catch((err: unknown) => Promise.reject(stackError('data-server', err))),
    ]);
    const ofMarch = reports.records.map(reportEntry).filter((r) => r.marchId === marchId);
    const march = marches.marches.find((m) => Number(m.id) === marchId);
    if (!march && ofMarch.length === 0)
      throw new NotFoundError(
        `march ${marchId} of player ${player} is not out and has no report (home, or never started)`,
      );
    return { march: march ? marchJson(march) : null, reports: ofMarch };
  });

  app.get('/api/report/:player/:report', async (req) => {
    const params = req.params as { player: string; report: string };
    const player = idOf('player id', params.player);
    const reportId = idOf('report id', params.report);
    const r = await stack.map.GetReport({ playerId: player, reportId }).catch((err: unknown) => {
      if (err instanceof ServiceError && err.code === 'NOT_FOUND')
        throw new NotFoundError(`player ${player} has no report ${reportId}`);
      throw stackError('map-server', err);
    });
    const parse = (s: string) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
    };
    const out: ReportJson = {
      playerId: player,
      reportId,
      kind: r.kind,
      marchId: Number(r.marchId),
      createdMs: Number(r.createdMs),
      input: r.inputJson ? parse(r.inputJson) : null,
      result: r.resultJson ? parse(r.resultJson) : null,
      hash: r.hash,
    };
    return out;
  });

  app.get('/api/stack', async () => ({ services: await metrics.summaries() }));

  let closed = false;
  return {
    app,
    logger,
    async listen() {
      await app.listen({ host: config.host, port: config.port });
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : config.port;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of [...streams]) stop();
      await app.close();
      stack.close();
    },
  };
}
