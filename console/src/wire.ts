// map-server's messages as the page takes them: plain JSON, ids and times as numbers (ids are at
// most 2^53-1 in this stack, and game-clock times are ms since 1970), fields named once here.
// The page's types (web/types.ts) are these shapes.
import type { slg } from '@slg/proto';
import type {
  CityJson,
  FieldJson,
  MarchJson,
  MonsterJson,
  ViewportJson,
  WorldJson,
} from '../web/types.ts';

type Int64 = number | { toNumber(): number } | null | undefined;
const n = (v: Int64): number => (v == null ? 0 : typeof v === 'number' ? v : v.toNumber());

export const worldJson = (w: slg.mapserver.v1.IWorld): WorldJson => ({
  width: w.width ?? 0,
  height: w.height ?? 0,
  seed: n(w.seed),
  regionSize: w.regionSize ?? 0,
  cities: n(w.cities),
  fields: n(w.fields),
  monsters: n(w.monsters),
  marches: n(w.marches),
  nowMs: n(w.nowMs),
});

export const cityJson = (c: slg.mapserver.v1.ICity): CityJson => ({
  id: n(c.playerId),
  x: c.x ?? 0,
  y: c.y ?? 0,
  level: c.level ?? 0,
  reinforcements: c.reinforcements ?? 0,
});

export const fieldJson = (f: slg.mapserver.v1.IField): FieldJson => ({
  id: n(f.id),
  resource: f.resource ?? '',
  level: f.level ?? 0,
  x: f.x ?? 0,
  y: f.y ?? 0,
  remaining: n(f.remaining),
  occupiedBy: n(f.occupiedBy),
});

export const monsterJson = (m: slg.mapserver.v1.IMonster): MonsterJson => ({
  id: n(m.id),
  level: m.level ?? 0,
  x: m.x ?? 0,
  y: m.y ?? 0,
  troops: n(m.troops),
});

export const marchJson = (m: slg.mapserver.v1.IMarch): MarchJson => ({
  id: n(m.id),
  player: n(m.playerId),
  kind: m.kind ?? '',
  state: m.state ?? '',
  homeX: m.homeX ?? 0,
  homeY: m.homeY ?? 0,
  targetX: m.targetX ?? 0,
  targetY: m.targetY ?? 0,
  fromX: m.fromX ?? 0,
  fromY: m.fromY ?? 0,
  toX: m.toX ?? 0,
  toY: m.toY ?? 0,
  legStartMs: n(m.legStartMs),
  legEndMs: n(m.legEndMs),
  startedMs: n(m.startedMs),
  troops: (m.troops ?? []).reduce((s, t) => s + n(t.count), 0),
});

export const viewportJson = (v: slg.mapserver.v1.IViewportContents): ViewportJson => ({
  cities: (v.cities ?? []).map(cityJson),
  fields: (v.fields ?? []).map(fieldJson),
  monsters: (v.monsters ?? []).map(monsterJson),
  marches: (v.marches ?? []).map(marchJson),
  nowMs: n(v.nowMs),
});

/** A data-server record's fields as plain values (int64 as numbers, bytes as their length). */
export function recordFields(r: slg.dataserver.v2.IRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r.fields ?? {})) {
    if (v.int != null) out[k] = n(v.int);
    else if (v.float != null) out[k] = v.float;
    else if (v.str != null) out[k] = v.str;
    else if (v.bool != null) out[k] = v.bool;
    else if (v.bytes != null) out[k] = `${v.bytes.length} bytes`;
    else out[k] = null;
  }
  return out;
}
