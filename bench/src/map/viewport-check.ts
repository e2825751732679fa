// Whether a QueryViewport answer is well-formed for the rectangle asked: every city (2 x 2 tiles)
// and every field and monster (1 tile) overlaps it, every march's current leg touches it (a
// moving march: the segment from its leg's start to its end; a gathering or stationed one: the
// point where it stands), no entity twice, the values in their ranges. The check reads the
// answer alone (the world changes between the answer and the check), so it holds for any world.
import type { slg } from '@slg/proto';

export interface ViewRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const RESOURCE_KINDS = new Set(['food', 'wood', 'stone', 'iron', 'gold']);
const MARCH_KINDS = new Set(['gather', 'attack_city', 'attack_monster', 'reinforce', 'scout']);
const MARCH_STATES = new Set(['outbound', 'gathering', 'stationed', 'returning']);

/** A tile square of `size` at (x, y) overlaps the tile rectangle. */
function covers(r: ViewRect, x: number, y: number, size: number): boolean {
  return x < r.x + r.width && r.x < x + size && y < r.y + r.height && r.y < y + size;
}

/** Whether the segment touches the closed rectangle (clipping the segment to each border). */
export function segmentTouches(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  r: ViewRect,
): boolean {
  let lo = 0;
  let hi = 1;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const t = q / p;
    if (p < 0) {
      if (t > hi) return false;
      if (t > lo) lo = t;
    } else {
      if (t < lo) return false;
      if (t < hi) hi = t;
    }
    return true;
  };
  const dx = x1 - x0;
  const dy = y1 - y0;
  return (
    clip(-dx, x0 - r.x) &&
    clip(dx, r.x + r.width - x0) &&
    clip(-dy, y0 - r.y) &&
    clip(dy, r.y + r.height - y0)
  );
}

const n = (v: unknown): number => Number(v ?? 0);

export const ENTITY_KINDS = ['cities', 'fields', 'monsters', 'marches'] as const;
/** What the answer holds, per kind. */
export type ViewportCounts = Record<(typeof ENTITY_KINDS)[number], number>;

/** A count of each kind, `count(kind)`. */
export function countKinds(count: (kind: keyof ViewportCounts) => number): ViewportCounts {
  return Object.fromEntries(ENTITY_KINDS.map((k) => [k, count(k)])) as ViewportCounts;
}

/** The problems of an answer (empty: well-formed), and its counts. */
export function checkViewport(
  r: ViewRect,
  a: slg.mapserver.v1.IViewportContents,
): { problems: string[]; counts: ViewportCounts } {
  const problems: string[] = [];
  const seen = new Set<string>();
  const once = (key: string) => {
    if (seen.has(key)) problems.push(`${key} listed twice`);
    seen.add(key);
  };
  for (const c of a.cities ?? []) {
    const id = n(c.playerId);
    once(`city ${id}`);
    if (id <= 0) problems.push(`a city without a player (${id})`);
    if (!covers(r, n(c.x), n(c.y), 2)) problems.push(`city ${id} at (${c.x}, ${c.y}) is outside`);
    if (n(c.level) < 1) problems.push(`city ${id}: level ${c.level}`);
  }
  for (const f of a.fields ?? []) {
    const id = n(f.id);
    once(`field ${id}`);
    if (!covers(r, n(f.x), n(f.y), 1)) problems.push(`field ${id} at (${f.x}, ${f.y}) is outside`);
    if (!RESOURCE_KINDS.has(f.resource ?? '')) problems.push(`field ${id}: resource ${f.resource}`);
    if (n(f.level) < 1 || n(f.remaining) < 0)
      problems.push(`field ${id}: level ${f.level}, remaining ${f.remaining}`);
  }
  for (const m of a.monsters ?? []) {
    const id = n(m.id);
    once(`monster ${id}`);
    if (!covers(r, n(m.x), n(m.y), 1))
      problems.push(`monster ${id} at (${m.x}, ${m.y}) is outside`);
    if (n(m.level) < 1 || n(m.troops) < 0)
      problems.push(`monster ${id}: level ${m.level}, troops ${m.troops}`);
  }
  for (const m of a.marches ?? []) {
    const id = n(m.id);
    once(`march ${id}`);
    if (!MARCH_KINDS.has(m.kind ?? '') || !MARCH_STATES.has(m.state ?? ''))
      problems.push(`march ${id}: kind ${m.kind}, state ${m.state}`);
    const moving = m.state === 'outbound' || m.state === 'returning';
    const [tx, ty] = [n(m.toX), n(m.toY)];
    const [fx, fy] = moving ? [n(m.fromX), n(m.fromY)] : [tx, ty];
    if (!segmentTouches(fx, fy, tx, ty, r))
      problems.push(`march ${id} (${m.state}, (${fx}, ${fy}) -> (${tx}, ${ty})) does not cross`);
    if (!(m.troops ?? []).length) problems.push(`march ${id} without troops`);
  }
  if (n(a.nowMs) <= 0) problems.push(`now_ms ${a.nowMs}`);
  return {
    problems,
    counts: countKinds((k) => a[k]?.length ?? 0),
  };
}
