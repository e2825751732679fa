// Rectangles and segments in continuous tile coordinates: tile (x, y) covers [x, x+1) x [y, y+1).

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Whether the segment touches the closed rectangle [x, x+width] x [y, y+height] (Liang-Barsky). */
export function segmentTouchesRect(s: Segment, r: Rect): boolean {
  return lineTouchesRect(s.x0, s.y0, s.x1, s.y1, r);
}

/** The same on coordinates (no allocation: the viewport loop calls it per march). */
export function lineTouchesRect(x0: number, y0: number, x1: number, y1: number, r: Rect): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  // The four borders: p * t <= q keeps the part of the segment inside.
  for (let k = 0; k < 4; k++) {
    const p = k === 0 ? -dx : k === 1 ? dx : k === 2 ? -dy : dy;
    const q =
      k === 0 ? x0 - r.x : k === 1 ? r.x + r.width - x0 : k === 2 ? y0 - r.y : r.y + r.height - y0;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return true;
}

/** Whether tile rectangles (integer corners, sizes in tiles) overlap. */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Every cell of a grid of `size`-tile cells holding a point of the segment (cell of P:
 * floor(P / size)), as [cx, cy] pairs, each once. A query of the closed rectangle R looks in the
 * cells floor(R.x / size) .. floor((R.x + R.width) / size) (and the same in y), so it finds every
 * segment with a point in R.
 */
export function cellsOfSegment(
  s: Segment,
  size: number,
  out: [number, number][] = [],
): [number, number][] {
  const minX = Math.min(s.x0, s.x1);
  const maxX = Math.max(s.x0, s.x1);
  const c0 = Math.floor(minX / size);
  const c1 = Math.floor(maxX / size);
  const dx = s.x1 - s.x0;
  for (let cx = c0; cx <= c1; cx++) {
    // The part of the segment inside this column, [xa, xb].
    const xa = Math.max(minX, cx * size);
    const xb = Math.min(maxX, (cx + 1) * size);
    let ya: number;
    let yb: number;
    if (dx === 0) {
      ya = s.y0;
      yb = s.y1;
    } else {
      ya = s.y0 + ((xa - s.x0) / dx) * (s.y1 - s.y0);
      yb = s.y0 + ((xb - s.x0) / dx) * (s.y1 - s.y0);
    }
    // Every point P of the segment lies in cell (floor(Px / size), floor(Py / size)): the points
    // of this column have y between ya and yb.
    // (A hair wider than exact, so that rounding in the interpolation never drops a cell.)
    const lo = Math.floor((Math.min(ya, yb) - 1e-7) / size);
    const hi = Math.floor((Math.max(ya, yb) + 1e-7) / size);
    for (let cy = lo; cy <= hi; cy++) out.push([cx, cy]);
  }
  return out;
}
