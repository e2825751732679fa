// `bench map`'s load: each virtual client asks map-server's QueryViewport for a rectangle of
// VIEW tiles at a random position of the world (its own RNG stream), and every answer is
// decoded and checked (bench/src/map/viewport-check.ts). The recorder and the counts start
// afresh after each run of the pool, so that one pool serves several rounds.
import { slg, slg_mapserver_v1_MapServiceDefinition } from '@slg/proto';
import type { ServiceError } from '@slg/service-kit';
import { createLoadClient } from '../lib/grpc.ts';
import { OpRecorder } from '../lib/histogram.ts';
import { Rng } from '../lib/rng.ts';
import type {
  CreateWorkload,
  Workload,
  WorkloadContext,
  WorkloadResults,
} from '../lib/workload.ts';
import {
  checkViewport,
  countKinds,
  ENTITY_KINDS,
  type ViewportCounts,
  type ViewRect,
} from './viewport-check.ts';

/** The viewport's size in tiles: a player's screen. */
export const VIEW = { width: 30, height: 20 };

export interface ViewportParams {
  target: string;
  channels: number;
  deadlineMs: number;
  slowMs: number;
  seed: number;
  worldWidth: number;
  worldHeight: number;
}

export interface ViewportExtra {
  [key: string]: unknown;
  firstError: string | null;
  /** Answers checked, and their encoded bytes (the mean is the echo ceiling's response size). */
  responses: number;
  responseBytes: number;
  requestBytes: number;
  /** Entities over every answer, per kind. */
  counts: ViewportCounts;
  /** The first malformed answers: the rectangle and the problems. */
  problemSamples: { rect: ViewRect; problems: string[] }[];
}

/** A random rectangle of the viewport's size inside the world. */
function randomRect(rng: Rng, p: ViewportParams): ViewRect {
  return {
    x: rng.int(p.worldWidth - VIEW.width + 1),
    y: rng.int(p.worldHeight - VIEW.height + 1),
    ...VIEW,
  };
}

const empty = (): ViewportExtra => ({
  firstError: null,
  responses: 0,
  responseBytes: 0,
  requestBytes: 0,
  counts: countKinds(() => 0),
  problemSamples: [],
});

class ViewportWorkload implements Workload {
  readonly #ctx: WorkloadContext<ViewportParams>;
  readonly #rngs: Rng[];
  readonly #grpc: ReturnType<
    typeof createLoadClient<typeof slg_mapserver_v1_MapServiceDefinition, 'QueryViewport'>
  >;
  #rec: OpRecorder;
  #extra = empty();

  constructor(ctx: WorkloadContext<ViewportParams>) {
    this.#ctx = ctx;
    const p = ctx.params;
    this.#rec = new OpRecorder('QueryViewport', p.slowMs * 1000);
    this.#rngs = ctx.clientIds.map((id) => new Rng(p.seed, 'map-viewport', id));
    this.#grpc = createLoadClient(slg_mapserver_v1_MapServiceDefinition, p.target, {
      channels: p.channels,
      deadlineMs: p.deadlineMs,
      raw: ['QueryViewport'],
    });
  }

  // The channels open in the unmeasured warm-up that follows.
  async prepare(): Promise<Record<string, unknown>> {
    await this.#grpc.waitForReady(10_000);
    return {};
  }

  async step(client: number, scheduledAt: number | undefined): Promise<void> {
    const rect = randomRect(this.#rngs[client]!, this.#ctx.params);
    const request = slg.mapserver.v1.Rect.encode(rect).finish();
    const x = this.#extra;
    const t0 = performance.now();
    try {
      const bytes = await this.#grpc.QueryViewport(request);
      const t1 = performance.now();
      this.#rec.record(
        (t1 - (scheduledAt !== undefined && scheduledAt < t0 ? scheduledAt : t0)) * 1000,
      );
      this.#ctx.counters.completed();
      x.responses++;
      x.responseBytes += bytes.length;
      x.requestBytes += request.length;
      let problems: string[];
      try {
        const checked = checkViewport(rect, slg.mapserver.v1.ViewportContents.decode(bytes));
        problems = checked.problems;
        for (const k of ENTITY_KINDS) x.counts[k] += checked.counts[k];
      } catch (err) {
        problems = [`an answer that does not decode (${(err as Error).message})`];
      }
      if (problems.length) {
        this.#rec.mismatches++;
        this.#ctx.counters.mismatch();
        if (x.problemSamples.length < 10) x.problemSamples.push({ rect, problems });
      }
    } catch (err) {
      this.#rec.errors++;
      this.#ctx.counters.error();
      x.firstError ??= `${(err as ServiceError).code ?? ''}: ${(err as Error).message}`;
    }
  }

  async results(): Promise<WorkloadResults> {
    const out = { ops: [this.#rec.snapshot()], extra: this.#extra };
    this.#rec = this.#rec.fresh();
    this.#extra = empty();
    return out;
  }

  async close(): Promise<void> {
    this.#grpc.close();
  }
}

export const createWorkload: CreateWorkload<ViewportParams> = async (ctx) =>
  new ViewportWorkload(ctx);
