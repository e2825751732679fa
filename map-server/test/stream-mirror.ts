// What a Watch client keeps of its rectangle: the snapshot, changed by each event since, by the
// rules a client has (map-server/README.md, "Stream event types"). Each event's entity replaces
// the kept one when it is (still) in the rectangle and drops it when it is not; a march is in it
// when its path crosses it (a point while gathering or stationed), as QueryViewport says. The
// tests compare what it holds with QueryViewport's answer: a change that reaches the answer but
// is published with no event (or with a place the rectangle does not see) leaves a stale entry.
import { slg } from '@slg/proto';
import { lineTouchesRect, type Rect } from '../src/world/geometry.ts';

const pb = slg.mapserver.v1;

type Num = number | { toString(): string } | null | undefined;
/** int64 fields arrive as numbers (in-process) or Longs (decoded from the wire). */
const n = (v: Num): number => (v == null ? 0 : Number(v.toString()));

export interface MirrorEvent {
  type?: string | null;
  timeMs?: Num;
  city?: slg.mapserver.v1.ICity | null;
  previousCity?: slg.mapserver.v1.ICity | null;
  march?: slg.mapserver.v1.IMarch | null;
  field?: slg.mapserver.v1.IField | null;
  monster?: slg.mapserver.v1.IMonster | null;
}

const covers = (r: Rect, x: number, y: number, size: number) =>
  x < r.x + r.width && r.x < x + size && y < r.y + r.height && r.y < y + size;

/** The path a march message is on: its leg while moving, its target point otherwise. */
function marchTouches(m: slg.mapserver.v1.IMarch, r: Rect): boolean {
  const moving = m.state === 'outbound' || m.state === 'returning';
  const x0 = moving ? (m.fromX ?? 0) : (m.toX ?? 0);
  const y0 = moving ? (m.fromY ?? 0) : (m.toY ?? 0);
  return lineTouchesRect(x0, y0, m.toX ?? 0, m.toY ?? 0, r);
}

export class Mirror {
  readonly rect: Rect;
  readonly cities = new Map<number, slg.mapserver.v1.ICity>();
  readonly fields = new Map<number, slg.mapserver.v1.IField>();
  readonly monsters = new Map<number, slg.mapserver.v1.IMonster>();
  readonly marches = new Map<number, slg.mapserver.v1.IMarch>();
  /** Events applied, by type. */
  readonly applied: Record<string, number> = {};

  constructor(rect: Rect, snapshot: slg.mapserver.v1.IViewportContents) {
    this.rect = rect;
    for (const c of snapshot.cities ?? []) this.cities.set(n(c.playerId), c);
    for (const f of snapshot.fields ?? []) this.fields.set(n(f.id), f);
    for (const m of snapshot.monsters ?? []) this.monsters.set(n(m.id), m);
    for (const m of snapshot.marches ?? []) this.marches.set(n(m.id), m);
  }

  apply(e: MirrorEvent): void {
    const type = e.type ?? '';
    this.applied[type] = (this.applied[type] ?? 0) + 1;
    const r = this.rect;
    if (e.previousCity) this.cities.delete(n(e.previousCity.playerId));
    if (e.city) {
      const id = n(e.city.playerId);
      if (type !== 'city_removed' && covers(r, e.city.x ?? 0, e.city.y ?? 0, 2))
        this.cities.set(id, e.city);
      else this.cities.delete(id);
    }
    if (e.field) {
      const id = n(e.field.id);
      if (covers(r, e.field.x ?? 0, e.field.y ?? 0, 1)) this.fields.set(id, e.field);
      else this.fields.delete(id);
    }
    if (e.monster) {
      const id = n(e.monster.id);
      if (covers(r, e.monster.x ?? 0, e.monster.y ?? 0, 1)) this.monsters.set(id, e.monster);
      else this.monsters.delete(id);
    }
    if (e.march) {
      const m = e.march;
      const id = n(m.id);
      // Home: the `march_returned` of a march whose way home ended at the event's time.
      const home =
        type === 'march_returned' && m.state === 'returning' && n(m.legEndMs) <= n(e.timeMs);
      if (home || type === 'march_removed' || !marchTouches(m, r)) this.marches.delete(id);
      else this.marches.set(id, m);
    }
  }

  /** What it holds, as QueryViewport's message (the tests compare it canonically). */
  encode(nowMs: number): Uint8Array {
    return pb.ViewportContents.encode(
      pb.ViewportContents.create({
        cities: [...this.cities.values()],
        fields: [...this.fields.values()],
        monsters: [...this.monsters.values()],
        marches: [...this.marches.values()],
        nowMs,
      }),
    ).finish();
  }
}
