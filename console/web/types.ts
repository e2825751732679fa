// What the console's HTTP API answers (console/src/wire.ts makes them from map-server's messages).

export interface WorldJson {
  width: number;
  height: number;
  seed: number;
  regionSize: number;
  cities: number;
  fields: number;
  monsters: number;
  marches: number;
  nowMs: number;
}

export interface CityJson {
  /** The player's id: one city per player. */
  id: number;
  x: number;
  y: number;
  level: number;
  reinforcements: number;
}

export interface FieldJson {
  id: number;
  resource: string;
  level: number;
  x: number;
  y: number;
  remaining: number;
  occupiedBy: number;
}

export interface MonsterJson {
  id: number;
  level: number;
  x: number;
  y: number;
  troops: number;
}

export interface MarchJson {
  id: number;
  player: number;
  kind: string;
  state: string;
  homeX: number;
  homeY: number;
  targetX: number;
  targetY: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  legStartMs: number;
  legEndMs: number;
  startedMs: number;
  /** Troops in the march, every stack added. */
  troops: number;
}

export interface ViewportJson {
  cities: CityJson[];
  fields: FieldJson[];
  monsters: MonsterJson[];
  marches: MarchJson[];
  nowMs: number;
}

/** One Watch event as the console streams it (server-sent events, `data:` JSON). */
export interface WatchEventJson {
  seq: number;
  type: string;
  timeMs: number;
  snapshot?: ViewportJson;
  city?: CityJson;
  previousCity?: CityJson;
  march?: MarchJson;
  field?: FieldJson;
  monster?: MonsterJson;
}

export interface ServiceSummary {
  name: string;
  error?: string;
  processes: number;
  requestsPerSec: number;
  /** The service failing (gRPC UNAVAILABLE, INTERNAL, DEADLINE_EXCEEDED..., HTTP 5xx). */
  errorsPerSec: number;
  /** Refusals of what was asked (FAILED_PRECONDITION, NOT_FOUND, INVALID_ARGUMENT..., HTTP 4xx). */
  refusalsPerSec: number;
  p50Ms: number | null;
  p99Ms: number | null;
  cpu: number;
  rssMb: number;
  gcMsPerSec: number;
  gcPausesPerSec: number;
  loopP99Ms: number;
  slowest: boolean;
}

/** Every error answer of the API: a code and a sentence for the page to show. */
export interface ErrorJson {
  error: string;
  message: string;
}

/** A report in a list (a city's latest, a march's): enough for its button. */
export interface ReportEntryJson {
  reportId: number;
  kind: string;
  marchId: number;
  createdMs: number;
}

/** A report whole, as map-server keeps it: what went in (a battle's armies) and what came out. */
export interface ReportJson {
  playerId: number;
  reportId: number;
  kind: string;
  marchId: number;
  createdMs: number;
  input: unknown;
  result: unknown;
  hash: string;
}
