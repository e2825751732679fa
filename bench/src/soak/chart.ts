// The soak's chart: one self-contained SVG (no script, no font or style from the network), two
// panels over the same time axis: p99 per interval, and each server process's RSS samples with
// its least-squares line after the warm-up.
import type { IntervalFigures, RssSeries, SoakVerdict } from './analysis.ts';

const W = 960;
const PANEL_H = 260;
const LEFT = 70;
const RIGHT = 260;
const TOP = 40;
const GAP = 70;
const COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#8c564b',
  '#e377c2',
  '#17becf',
];

function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Round figures for an axis from 0 (or lo) to hi: about five ticks. */
function ticks(lo: number, hi: number): number[] {
  const span = hi - lo || 1;
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step)
    out.push(Number(v.toPrecision(12)));
  return out;
}

interface Panel {
  y0: number;
  title: string;
  unit: string;
  yMin: number;
  yMax: number;
}

export function soakChart(input: {
  title: string;
  intervals: readonly IntervalFigures[];
  rss: readonly RssSeries[];
  verdict: SoakVerdict;
}): string {
  const { intervals, rss, verdict } = input;
  const xMax = Math.max(
    intervals.at(-1)?.endMin ?? 1,
    ...rss.flatMap((s) => s.samples.map((p) => p.x)),
    1e-6,
  );
  const plotW = W - LEFT - RIGHT;
  const x = (m: number) => LEFT + (m / xMax) * plotW;
  const out: string[] = [];
  const H = TOP + 2 * PANEL_H + GAP + 70;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12" role="img">`,
    `<title>${esc(input.title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${LEFT}" y="22" font-size="15" font-weight="bold">${esc(input.title)}</text>`,
  );

  const drawPanel = (p: Panel): ((v: number) => number) => {
    const y = (v: number) => p.y0 + PANEL_H - ((v - p.yMin) / (p.yMax - p.yMin || 1)) * PANEL_H;
    out.push(`<text x="${LEFT}" y="${p.y0 - 8}" font-weight="bold">${esc(p.title)}</text>`);
    out.push(
      `<rect x="${LEFT}" y="${p.y0}" width="${plotW}" height="${PANEL_H}" fill="none" stroke="#888"/>`,
    );
    for (const v of ticks(p.yMin, p.yMax)) {
      out.push(
        `<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#eee"/>`,
        `<text x="${LEFT - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v}</text>`,
      );
    }
    for (const m of ticks(0, xMax)) {
      out.push(
        `<text x="${x(m).toFixed(1)}" y="${p.y0 + PANEL_H + 16}" text-anchor="middle">${m}</text>`,
      );
    }
    out.push(
      `<text x="16" y="${p.y0 + PANEL_H / 2}" transform="rotate(-90 16 ${p.y0 + PANEL_H / 2})" text-anchor="middle">${esc(p.unit)}</text>`,
    );
    return y;
  };

  // Panel 1: p99 per interval.
  const p99s = intervals.map((iv) => iv.p99Ms);
  const y1 = drawPanel({
    y0: TOP + 20,
    title: `p99 per interval (all operations)${verdict.p99Ratio === null ? '' : `: ${verdict.rule.mode === 'settled' ? 'last half / first half' : 'last / second'} = ${verdict.p99Ratio.toFixed(2)} (${verdict.p99Judged === false ? (verdict.rule.judgeOn === 'cpu' && verdict.rule.mode === 'settled' ? 'recorded, not judged: --judge cpu' : 'not judged: the target rate was not held') : verdict.p99Pass ? 'pass' : 'FAIL'})`}`,
    unit: 'ms',
    yMin: 0,
    yMax: Math.max(1, ...p99s) * 1.1,
  });
  const pts = intervals.map(
    (iv) => `${x((iv.startMin + iv.endMin) / 2).toFixed(1)},${y1(iv.p99Ms).toFixed(1)}`,
  );
  if (pts.length) {
    out.push(
      `<polyline points="${pts.join(' ')}" fill="none" stroke="${COLORS[0]}" stroke-width="2"/>`,
    );
    for (const p of pts) {
      const [cx, cy] = p.split(',');
      out.push(`<circle cx="${cx}" cy="${cy}" r="3.5" fill="${COLORS[0]}"/>`);
    }
  }

  // Panel 2: RSS of each process, with its line after the warm-up.
  const all = rss.flatMap((s) => s.samples.map((p) => p.y));
  const lo = Math.max(0, Math.floor(Math.min(...all, 0) / 10) * 10);
  const hi = Math.max(...all, 10) * 1.05;
  const y0b = TOP + 20 + PANEL_H + GAP;
  const y2 = drawPanel({
    y0: y0b,
    title: 'RSS of each server process',
    unit: 'MB',
    yMin: lo,
    yMax: hi,
  });
  // Under the settled rule the warm-up load ran before the first interval.
  const warmEnd =
    verdict.rule.mode === 'settled'
      ? 0
      : (intervals[verdict.rule.warmUpIntervals - 1]?.endMin ?? 0);
  out.push(
    `<line x1="${x(warmEnd).toFixed(1)}" x2="${x(warmEnd).toFixed(1)}" y1="${y0b}" y2="${y0b + PANEL_H}" stroke="#999" stroke-dasharray="4 4"/>`,
    `<text x="${(x(warmEnd) + 4).toFixed(1)}" y="${y0b + 14}" fill="#666">warm-up ends</text>`,
  );
  rss.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const line = s.samples.map((p) => `${x(p.x).toFixed(1)},${y2(p.y).toFixed(1)}`).join(' ');
    out.push(`<polyline points="${line}" fill="none" stroke="${color}" stroke-width="1.5"/>`);
    const v = verdict.processes.find((p) => p.pid === s.pid);
    const after = s.samples.filter((p) => p.x >= warmEnd);
    if (v?.slopeAfterWarmUpMbPerMin != null && after.length >= 2) {
      const mx = after.reduce((n, p) => n + p.x, 0) / after.length;
      const my = after.reduce((n, p) => n + p.y, 0) / after.length;
      const a = after[0]!.x;
      const b = after.at(-1)!.x;
      const k = v.slopeAfterWarmUpMbPerMin;
      out.push(
        `<line x1="${x(a).toFixed(1)}" y1="${y2(my + k * (a - mx)).toFixed(1)}" x2="${x(b).toFixed(1)}" y2="${y2(my + k * (b - mx)).toFixed(1)}" stroke="${color}" stroke-dasharray="6 3" stroke-width="1"/>`,
      );
    }
    const ly = y0b + 14 + i * 32;
    out.push(
      `<rect x="${W - RIGHT + 14}" y="${ly - 9}" width="12" height="12" fill="${color}"/>`,
      `<text x="${W - RIGHT + 32}" y="${ly + 1}">${esc(`${s.label} (${s.pid})`)}</text>`,
      `<text x="${W - RIGHT + 32}" y="${ly + 15}" fill="#444">${esc(
        v?.slopeAfterWarmUpMbPerMin == null
          ? 'slope: n/a'
          : `${v.slopeAfterWarmUpMbPerMin >= 0 ? '+' : ''}${v.slopeAfterWarmUpMbPerMin.toFixed(2)} MB/min, peak ${v.peakMb.toFixed(0)} MB${v.pass ? '' : ' FAIL'}`,
      )}</text>`,
    );
  });
  out.push(
    `<text x="${LEFT + plotW / 2}" y="${H - 14}" text-anchor="middle">minutes since the load began — ${verdict.pass ? (verdict.notes?.length ? `PASS, p99 not judged (${verdict.rule.judgeOn === 'cpu' && verdict.rule.mode === 'settled' ? 'rate held and ' : ''}CPU per request judged)` : 'PASS') : `FAIL: ${esc(verdict.reasons.join('; '))}`}</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}
