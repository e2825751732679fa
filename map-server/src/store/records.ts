// How the map's entities are stored: table names, and entity <-> record fields.
import type {
  City,
  Field,
  March,
  MarchKind,
  MarchState,
  Monster,
  Resources,
  Stack,
} from '../world/types.ts';
import type { Fields, Op, StoredRecord } from './store.ts';

export const T = {
  world: 'map_world',
  region: 'map_region',
  city: 'map_city',
  field: 'map_field',
  monster: 'map_monster',
  marchRef: 'map_march_ref',
  march: 'map_march',
  report: 'map_report',
  player: 'player',
  troop: 'troop',
} as const;

const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const s = (v: unknown) => (typeof v === 'string' ? v : String(v ?? ''));

export const cityFields = (c: City): Fields => ({ x: c.x, y: c.y, level: c.level, seq: c.seq });

export function cityFrom(region: number, r: StoredRecord): City {
  return {
    kind: 'city',
    playerId: r.member,
    x: n(r.fields.x),
    y: n(r.fields.y),
    level: n(r.fields.level),
    seq: n(r.fields.seq),
    region,
    version: r.version,
    reinforcements: new Set(),
    slot: 0,
  };
}

export const fieldFields = (
  f: Pick<Field, 'resource' | 'level' | 'x' | 'y' | 'remaining' | 'gen'>,
): Fields => ({
  resource: f.resource,
  level: f.level,
  x: f.x,
  y: f.y,
  remaining: f.remaining,
  gen: f.gen,
});

export function fieldFrom(region: number, r: StoredRecord): Field {
  return {
    kind: 'field',
    id: r.member,
    region,
    resource: s(r.fields.resource) as Field['resource'],
    level: n(r.fields.level),
    x: n(r.fields.x),
    y: n(r.fields.y),
    remaining: n(r.fields.remaining),
    gen: n(r.fields.gen),
    version: r.version,
    occupant: undefined,
    slot: 0,
  };
}

export const monsterFields = (
  m: Pick<Monster, 'level' | 'x' | 'y' | 'troops' | 'gen'>,
): Fields => ({
  level: m.level,
  x: m.x,
  y: m.y,
  troops: m.troops,
  gen: m.gen,
});

export function monsterFrom(region: number, r: StoredRecord): Monster {
  return {
    kind: 'monster',
    id: r.member,
    region,
    level: n(r.fields.level),
    x: n(r.fields.x),
    y: n(r.fields.y),
    troops: n(r.fields.troops),
    gen: n(r.fields.gen),
    version: r.version,
    slot: 0,
  };
}

/**
 * A write to another owner that a march step decided, stored in the march record with the step
 * (so a restart finishes it) and applied after it, exactly once:
 * - `version`: the ops' first op modifies record (table, member) at `version`; the record at a
 *   later version means the effect was applied (nothing else writes that record while the effect
 *   is pending: its key is locked until then, and a restart applies pending effects first);
 * - `create`: the ops' first op creates a record keyed by the step; ALREADY_EXISTS means applied.
 */
export interface Effect {
  owner: number;
  guard: { kind: 'version'; table: string; member: number; version: number } | { kind: 'create' };
  ops: Op[];
}

export function marchFields(m: March, pending: Effect[] = []): Fields {
  return {
    world_id: Math.floor((m.refRegion - 1) / 2 ** 20),
    ref_region: m.refRegion,
    kind: m.kind,
    state: m.state,
    home_x: m.homeX,
    home_y: m.homeY,
    target_x: m.targetX,
    target_y: m.targetY,
    target_id: m.targetId,
    target_gen: m.targetGen,
    from_x: m.fromX,
    from_y: m.fromY,
    to_x: m.toX,
    to_y: m.toY,
    leg_start: m.legStart,
    leg_end: m.legEnd,
    troops: JSON.stringify(m.troops.map((t) => [t.troopId, t.type, t.tier, t.count, t.wounded])),
    load: JSON.stringify(m.load),
    step: m.step,
    pending: JSON.stringify(pending),
    started_at: m.startedAt,
  };
}

/**
 * The fields of a march step's write: those that differ from the march as stored, with `step`
 * and `pending` always. The write's expected version makes the stored record the one memory
 * holds, so an unchanged field needs no bytes on the way to MariaDB; `pending` is not in memory
 * (the previous step's effects, applied since) and is always written.
 */
export function marchChanges(was: March, next: March, pending: Effect[]): Fields {
  const before = marchFields(was);
  const after = marchFields(next, pending);
  const out: Fields = { step: after.step!, pending: after.pending! };
  for (const k in after) if (after[k] !== before[k]) out[k] = after[k]!;
  return out;
}

export function marchFrom(playerId: number, r: StoredRecord): { march: March; pending: Effect[] } {
  const f = r.fields;
  const troops = (
    JSON.parse(s(f.troops) || '[]') as [number, Stack['type'], number, number, number][]
  ).map(([troopId, type, tier, count, wounded]) => ({ troopId, type, tier, count, wounded }));
  const march: March = {
    id: r.member,
    playerId,
    kind: s(f.kind) as MarchKind,
    state: s(f.state) as MarchState,
    refRegion: n(f.ref_region),
    homeX: n(f.home_x),
    homeY: n(f.home_y),
    targetX: n(f.target_x),
    targetY: n(f.target_y),
    targetId: n(f.target_id),
    targetGen: n(f.target_gen),
    fromX: n(f.from_x),
    fromY: n(f.from_y),
    toX: n(f.to_x),
    toY: n(f.to_y),
    legStart: n(f.leg_start),
    legEnd: n(f.leg_end),
    troops,
    load: JSON.parse(s(f.load) || '{}') as Resources,
    step: n(f.step),
    version: r.version,
    startedAt: n(f.started_at),
    cells: [],
  };
  return { march, pending: JSON.parse(s(f.pending) || '[]') as Effect[] };
}
