// The RPC handlers of slg.mapserver.v1.MapService: requests checked (INVALID_ARGUMENT naming
// the field), then handed to the engine and the cities.
import {
  type Long,
  slg,
  slg_mapserver_v1_MapServiceDefinition,
  slg_mapserver_v1_ViewportServiceDefinition,
  toBigInt,
} from '@slg/proto';
import { type CallContext, InvalidArgumentError, NotFoundError } from '@slg/service-kit';
import type { Clock } from './clock.ts';
import { cityMsg, marchMsg } from './convert.ts';
import type { Cities } from './engine/cities.ts';
import type { MarchEngine } from './engine/march-engine.ts';
import { type PlaceCitiesDeps, placeCities } from './place-cities.ts';
import { T } from './store/records.ts';
import type { MapStore } from './store/store.ts';
import type { ViewportHub } from './stream.ts';
import { ViewportEncoder } from './viewport-encode.ts';
import type { World } from './world/world.ts';

const viewportMethod = slg_mapserver_v1_MapServiceDefinition.QueryViewport;

/**
 * The unary methods (the kit serves them) and the viewport stream (served by grpc-js, guarded).
 * QueryViewport's handler answers the encoded bytes (viewport-encode.ts): its serializer passes
 * them on; a client decodes them as the generated codec does.
 */
export const unaryDefinition = {
  ...slg_mapserver_v1_MapServiceDefinition,
  QueryViewport: {
    ...viewportMethod,
    responseSerialize: (b: Buffer) => b,
    responseDeserialize: (b: Buffer) => b,
  },
};
export const watchDefinition = slg_mapserver_v1_ViewportServiceDefinition;

const pb = slg.mapserver.v1;

function id(name: string, v: Long | number | string | null | undefined): number {
  const b = toBigInt(v ?? 0);
  if (b <= 0n || b > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new InvalidArgumentError(`${name} must be 1..${Number.MAX_SAFE_INTEGER}, got ${b}`);
  }
  return Number(b);
}

/**
 * Runs `fn` with a signal that aborts when its answer is due: a tenth of the time left before
 * the caller's deadline (at most 500 ms) is kept for the answer to travel, so that a handler
 * that gives up then is heard, not cut off by the caller's own timer; or when the caller
 * cancels.
 */
async function answeringBy<R>(ctx: CallContext, fn: (signal: AbortSignal) => Promise<R>) {
  const left = ctx.remainingMs();
  const due = new AbortController();
  const timer = setTimeout(() => due.abort(), Math.max(0, left - Math.min(500, left / 10)));
  try {
    return await fn(AbortSignal.any([due.signal, ctx.signal]));
  } finally {
    clearTimeout(timer);
  }
}

export interface ServiceDeps {
  world: World;
  engine: MarchEngine;
  cities: Cities;
  hub: ViewportHub;
  store: MapStore;
  clock: Clock;
  placement: PlaceCitiesDeps;
}

export function createHandlers(d: ServiceDeps) {
  const { world, engine, cities, hub, store, clock } = d;
  const encoder = new ViewportEncoder();
  return {
    async GetWorld() {
      return pb.World.create({
        width: world.width,
        height: world.height,
        seed: world.seed,
        regionSize: world.regionSize,
        cities: world.cities.size,
        fields: world.fields.size,
        monsters: world.monsters.size,
        marches: world.marches.size,
        nowMs: clock.now(),
      });
    },
    async PlaceCity(req: slg.mapserver.v1.PlaceCityRequest) {
      const c = await cities.place(id('player_id', req.playerId), req.nearX, req.nearY);
      return pb.City.create(cityMsg(c));
    },
    async PlaceCities(req: slg.mapserver.v1.PlaceCitiesRequest) {
      const entries = req.cities.map((c, i) => ({
        playerId: id(`cities[${i}].player_id`, c.playerId),
        nearX: c.nearX ?? 0,
        nearY: c.nearY ?? 0,
      }));
      const results = await placeCities(d.placement, entries);
      return pb.PlaceCitiesResponse.create({ results });
    },
    async RelocateCity(req: slg.mapserver.v1.RelocateCityRequest) {
      const c = await cities.relocate(id('player_id', req.playerId), req.x, req.y);
      return pb.City.create(cityMsg(c));
    },
    async RemoveCity(req: slg.mapserver.v1.RemoveCityRequest) {
      return pb.RemoveCityResponse.create({
        removed: await cities.remove(id('player_id', req.playerId)),
      });
    },
    async GetCity(req: slg.mapserver.v1.GetCityRequest) {
      const playerId = id('player_id', req.playerId);
      const c = world.cities.get(playerId);
      if (!c) throw new NotFoundError(`player ${playerId} has no city`);
      return pb.City.create(cityMsg(c));
    },
    async StartMarch(req: slg.mapserver.v1.StartMarchRequest) {
      const m = await engine.startMarch({
        playerId: id('player_id', req.playerId),
        kind: req.kind,
        targetX: req.targetX,
        targetY: req.targetY,
        troops: req.troops.map((o, i) => ({
          troopId: id(`troops[${i}].troop_id`, o.troopId),
          count: Number(toBigInt(o.count ?? 0)),
        })),
      });
      return pb.March.create(marchMsg(m));
    },
    async RecallMarch(req: slg.mapserver.v1.RecallMarchRequest, ctx: CallContext) {
      const playerId = id('player_id', req.playerId);
      const marchId = id('march_id', req.marchId);
      const m = await answeringBy(ctx, (signal) => engine.recall(playerId, marchId, signal));
      return pb.March.create(marchMsg(m));
    },
    async ListMarches(req: slg.mapserver.v1.ListMarchesRequest) {
      const playerId = id('player_id', req.playerId);
      const marches = [...world.marches.values()]
        .filter((m) => m.playerId === playerId)
        .sort((a, b) => a.id - b.id);
      return pb.ListMarchesResponse.create({ marches: marches.map(marchMsg) });
    },
    async QueryViewport(req: slg.mapserver.v1.Rect) {
      const r = { x: req.x, y: req.y, width: req.width, height: req.height };
      const problem = hub.check(r);
      if (problem) throw new InvalidArgumentError(problem);
      return encoder.encodeRect(world, r, clock.now());
    },
    async GetReport(req: slg.mapserver.v1.GetReportRequest) {
      const playerId = id('player_id', req.playerId);
      const reportId = id('report_id', req.reportId);
      const r = await store.fetch(T.report, playerId, reportId);
      if (!r) throw new NotFoundError(`player ${playerId} has no report ${reportId}`);
      return pb.Report.create({
        playerId,
        reportId,
        kind: String(r.fields.kind),
        marchId: Number(r.fields.march_id),
        createdMs: Number(r.fields.created_at),
        inputJson: String(r.fields.input ?? ''),
        resultJson: String(r.fields.result ?? ''),
        hash: String(r.fields.hash ?? ''),
      });
    },
  };
}
