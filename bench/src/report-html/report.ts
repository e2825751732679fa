// What the bench draws, in one module: the comparison of runs as one self-contained HTML file
// (inline SVG charts and CSS, no script, no network: throughput per run for both targets, HDR
// latency percentile plots, each metric's ratio with its interval, both sides' machines, the
// verdict; every number a test checks is in an element with data-* attributes naming it:
// data-metric, data-field, data-run), and the soak's chart, one self-contained SVG. Both draw
// with the same escaping, axis ticks and grid.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { IntervalFigures, RssSeries, SoakVerdict } from '../soak/analysis.ts';
import type {
  Comparison,
  MetricComparison,
  RunFigures,
  SideSummary,
} from '../stats/compare-runs.ts';

/** Each side's runs, in the order given. */
type Runs = { A: readonly RunFigures[]; B: readonly RunFigures[] };
type ReportExtra = { knee?: KneeSummary | null };

/** Every run with its side and its place on that side, A's first. */
const eachRun = (runs: Runs) =>
  (['A', 'B'] as const).flatMap((side) => runs[side].map((r, i) => ({ side, r, i })));

/** Whether B's point estimate is better than A's (null: equal). */
const bBetter = (m: MetricComparison): boolean | null =>
  m.ratio === 1 ? null : m.better === 'higher' ? m.ratio > 1 : m.ratio < 1;

const COLOR = { A: '#1f6fb4', B: '#d9631e' } as const;
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2'];

/** Text as HTML and SVG hold it. */
export function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
const e = esc;

/**
 * An axis's ticks: about five, at steps of 1, 2, 2.5 or 5 times a power of 10, from lo or below
 * to hi or above (the last is the axis's top).
 */
export function ticks(lo: number, hi: number): number[] {
  const raw = (hi - lo || Math.abs(hi) || 1) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((x) => x >= raw)!;
  const out: number[] = [];
  let v = Math.floor(lo / step) * step;
  while (out.length < 2 || out.at(-1)! < hi) {
    out.push(Number(v.toPrecision(12)));
    v += step;
  }
  return out;
}

/**
 * A log axis's ticks: 1, 2 and 5 times powers of 10, from the largest at or below lo to the first
 * at or above hi.
 */
export function logTicks(lo: number, hi: number): number[] {
  const m = [1, 2, 5];
  let d = 10 ** Math.floor(Math.log10(lo));
  let i = 0;
  while (i < 2 && m[i + 1]! * d <= lo) i++;
  const out: number[] = [];
  for (;;) {
    const v = Number((m[i]! * d).toPrecision(12));
    out.push(v);
    if (v >= hi && out.length >= 2) return out;
    if (++i === m.length) [i, d] = [0, d * 10];
  }
}

/** Horizontal grid lines across a plot, each labelled at its left. */
function yGrid(
  values: readonly number[],
  y: (v: number) => number,
  left: number,
  right: number,
  label: (v: number) => string = String,
): string {
  return values
    .map(
      (v) =>
        `<line x1="${left}" x2="${right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e4e4e4"/>` +
        `<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" font-size="11">${label(v)}</text>`,
    )
    .join('');
}

/** A knee search's outcome per side (bench pair --knee-p99-ms), when one ran. */
export interface KneeSummary {
  boundP99Ms: number;
  /** Runs at each rate; a rate held when every one of them did. */
  repeats: number;
  A: KneeSide;
  B: KneeSide;
}
export interface KneeSide {
  /** The highest rate tried that held (every run valid, p99 under the bound); null if none. */
  rate: number | null;
  /** The rate is the top of the range searched: the knee is there or above. */
  atTop: boolean;
  steps: {
    rate: number;
    /** The highest p99 of the rate's runs (null: a run measured none). */
    p99Ms: number | null;
    /** Each run's p99 in order; the first over the bound ended the rate's runs. */
    repeatsP99Ms: (number | null)[];
    valid: boolean;
    underBound: boolean;
  }[];
}

const fmt = (v: number, digits = 0) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Throughput of every run, in the order they ran (bench pair) or as given, A and B. */
function throughputChart(runs: Runs): string {
  const all = eachRun(runs);
  const ordered = all.every((x) => x.r.pair)
    ? [...all].sort((x, y) => x.r.pair!.order - y.r.pair!.order)
    : all;
  const W = 720;
  const H = 260;
  const left = 70;
  const bottom = 40;
  const top = 20;
  const axis = ticks(0, Math.max(...all.map((x) => x.r.throughput)) * 1.05);
  const max = axis.at(-1)!;
  const bw = (W - left - 10) / Math.max(1, ordered.length);
  const y = (v: number) => top + (H - top - bottom) * (1 - v / max);
  const parts: string[] = [yGrid(axis, y, left, W - 10, (v) => fmt(v))];
  ordered.forEach((x, k) => {
    const h = y(0) - y(x.r.throughput);
    const bx = left + k * bw + bw * 0.15;
    parts.push(
      `<rect x="${bx.toFixed(1)}" y="${y(x.r.throughput).toFixed(1)}" width="${(bw * 0.7).toFixed(1)}" height="${h.toFixed(1)}" fill="${COLOR[x.side]}" data-run="${x.side}${x.i + 1}" data-throughput="${x.r.throughput}"><title>${x.side} run ${x.i + 1}: ${fmt(x.r.throughput, 1)} requests/s${x.r.pair && !x.r.pair.valid ? ' (invalid)' : ''}</title></rect>`,
      `<text x="${(bx + bw * 0.35).toFixed(1)}" y="${H - bottom + 14}" text-anchor="middle" font-size="10">${x.side}${x.i + 1}</text>`,
    );
  });
  parts.push(
    `<text x="${left}" y="${H - 6}" font-size="11">runs in the order they ran; requests/s answered</text>`,
  );
  return `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="throughput per run">${parts.join('')}</svg>`;
}

/** Percentiles plotted on the HDR axis: x = log10(1 / (1 - p)). */
const PLOT_PERCENTILES = [0, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99];

function percentilePlot(runs: Runs): string {
  const W = 720;
  const H = 300;
  const left = 70;
  const bottom = 44;
  const top = 20;
  const right = 10;
  const xOf = (p: number) => Math.log10(1 / (1 - p / 100));
  const xMax = xOf(PLOT_PERCENTILES.at(-1)!);
  const curves = eachRun(runs)
    .filter(({ r }) => r.histogram && r.histogram.totalCount > 0)
    .map(({ side, r, i }) => ({
      side,
      i,
      pts: PLOT_PERCENTILES.map((p) => [p, r.histogram!.getValueAtPercentile(p) / 1000] as const),
    }));
  // Latency on a log axis: p50 to p99 stay apart from each other rather than flattened at the
  // bottom under a tail many times higher. HDR's resolution is 1 us: nothing is drawn below it.
  const values = curves.flatMap((c) => c.pts.map((p) => Math.max(1e-3, p[1])));
  const axis = values.length ? logTicks(Math.min(...values), Math.max(...values)) : [1, 10];
  const [yLo, yHi] = [Math.log10(axis[0]!), Math.log10(axis.at(-1)!)];
  const X = (p: number) => left + ((W - left - right) * xOf(p)) / xMax;
  const Y = (v: number) =>
    top + (H - top - bottom) * (1 - (Math.log10(Math.max(1e-3, v)) - yLo) / (yHi - yLo));
  const parts: string[] = [yGrid(axis, Y, left, W - right)];
  for (const p of [0, 90, 99, 99.9, 99.99]) {
    parts.push(
      `<line x1="${X(p)}" x2="${X(p)}" y1="${top}" y2="${H - bottom}" stroke="#eee"/>`,
      `<text x="${X(p)}" y="${H - bottom + 14}" text-anchor="${p === 99.99 ? 'end' : 'middle'}" font-size="11">${p}%</text>`,
    );
  }
  for (const c of curves) {
    const d = c.pts.map(([p, v], k) => `${k ? 'L' : 'M'}${X(p).toFixed(1)},${Y(v).toFixed(1)}`);
    parts.push(
      `<path d="${d.join('')}" fill="none" stroke="${COLOR[c.side]}" stroke-width="1.5" opacity="0.75"><title>${c.side} run ${c.i + 1}</title></path>`,
    );
  }
  parts.push(
    `<text x="${left}" y="${H - 6}" font-size="11">latency (ms, log axis) at each percentile, one line per run (HDR axis: 1/(1-p), log)</text>`,
  );
  return `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="latency percentiles">${parts.join('')}</svg>`;
}

/** A metric's name cut to what fits left of the chart (the whole name in its title). */
const shortName = (s: string) => (s.length > 26 ? `${s.slice(0, 25)}…` : s);

const BETTER = '#1a7f37';
const WORSE = '#b01818';

/**
 * Each metric's ratio B/A with its interval, around the line of no difference (1), on an axis
 * with ticks. Each row says which way is better for its metric (throughput: higher; latency:
 * lower) and is coloured by where B's point estimate falls: green better, red worse; the point is
 * filled when the difference is significant, hollow when it is not.
 */
function ratioChart(metrics: readonly MetricComparison[]): string {
  const W = 720;
  const rowH = 28;
  const left = 170;
  const right = 80;
  const H = 34 + rowH * metrics.length + 34;
  // One run on a side: a point and no line (no interval exists).
  const axis = ticks(
    Math.min(0.9, ...metrics.map((m) => m.interval?.lo ?? m.ratio)),
    Math.max(1.1, ...metrics.map((m) => m.interval?.hi ?? m.ratio)),
  );
  const [lo, hi] = [axis[0]!, axis.at(-1)!];
  const X = (v: number) => left + ((W - left - right) * (v - lo)) / (hi - lo);
  const bottom = H - 30;
  const parts: string[] = axis.map(
    (v) =>
      `<line x1="${X(v).toFixed(1)}" x2="${X(v).toFixed(1)}" y1="16" y2="${bottom}" stroke="#eee"/>` +
      `<text x="${X(v).toFixed(1)}" y="${bottom + 14}" text-anchor="middle" font-size="11" data-tick="${v}">${v}</text>`,
  );
  parts.push(
    `<line x1="${X(1)}" x2="${X(1)}" y1="12" y2="${bottom}" stroke="#888" stroke-dasharray="4 3"/>`,
    `<text x="${X(1)}" y="10" text-anchor="middle" font-size="11">1 (no difference)</text>`,
    `<text x="${left}" y="${H - 4}" font-size="11">B/A. <tspan fill="${BETTER}">Green: B better</tspan>, <tspan fill="${WORSE}">red: B worse</tspan>; filled: significant, hollow: not.</text>`,
  );
  metrics.forEach((m, k) => {
    const yy = 30 + k * rowH;
    const better = bBetter(m);
    const color = better === null ? '#555' : better ? BETTER : WORSE;
    parts.push(
      `<text x="${left - 8}" y="${yy + 4}" text-anchor="end" font-size="12">${e(shortName(m.metric))}<title>${e(m.metric)}</title></text>`,
      m.interval
        ? `<line x1="${X(m.interval.lo)}" x2="${X(m.interval.hi)}" y1="${yy}" y2="${yy}" stroke="${color}" stroke-width="3"/>`
        : '',
      `<circle cx="${X(m.ratio)}" cy="${yy}" r="5" fill="${m.significant ? color : '#fff'}" stroke="${color}" stroke-width="2" data-ratio-of="${e(m.metric)}" data-better="${better === null ? 'equal' : better ? 'B' : 'A'}"><title>${e(m.metric)}: B/A ${m.ratio.toFixed(3)} (${m.interval ? `${m.interval.lo.toFixed(3)}-${m.interval.hi.toFixed(3)}` : 'no interval: one run on a side'})</title></circle>`,
      `<text x="${W - right + 8}" y="${yy + 4}" font-size="11" fill="#555">${m.better === 'higher' ? 'better →' : '← better'}</text>`,
    );
  });
  return `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="ratios with intervals">${parts.join('')}</svg>`;
}

function value(m: MetricComparison, v: number): string {
  return m.unit === 'us' ? (v / 1000).toFixed(3) : m.unit === 'x E' ? v.toFixed(3) : v.toFixed(1);
}

function metricRows(metrics: readonly MetricComparison[]): string {
  return metrics
    .map(
      (m) =>
        `<tr data-metric="${e(m.metric)}"><th>${e(m.metric)}${m.unit === 'us' ? ' (ms)' : ` (${e(m.unit)})`}</th>` +
        `<td data-field="meanA">${value(m, m.meanA)}</td><td data-field="meanB">${value(m, m.meanB)}</td>` +
        `<td data-field="ratio">${m.ratio.toFixed(4)}</td>` +
        `<td data-field="lo">${m.interval ? m.interval.lo.toFixed(4) : 'none'}</td><td data-field="hi">${m.interval ? m.interval.hi.toFixed(4) : 'none'}</td>` +
        `<td data-field="p">${m.test.p.toFixed(4)}</td><td data-field="significant">${m.significant ? 'yes' : 'no'}</td></tr>`,
    )
    .join('\n');
}

function machine(s: SideSummary): string {
  const srv = s.server;
  const lg = s.loadGenerator;
  const row = (k: string, v: string) =>
    `<tr><th>${e(k)}</th><td data-env="${e(s.label)}.${e(k)}">${e(v)}</td></tr>`;
  const rows = srv
    ? [
        row('cpu', srv.cpuModel),
        row('cores', String(srv.cores)),
        row('arch', srv.arch),
        row('kernel', srv.kernel),
        row('node', srv.node),
        row('commit', srv.commit ?? 'unknown'),
        row('source', srv.source),
      ]
    : [
        row(
          'server',
          'not stated (bench pair --a-env / --b-env; for results of a machine that loaded itself, the load generator below is that machine)',
        ),
      ];
  rows.push(
    row(
      'load generator',
      `${lg.arch}, ${lg.cpuModel}, ${lg.cores} cores, kernel ${lg.osRelease}, Node ${lg.node}, commit ${lg.gitCommit?.slice(0, 10) ?? 'unknown'}${lg.gitDirty ? ' (dirty)' : ''}; load ${lg.loadAverage?.join(' ') ?? '?'}`,
    ),
  );
  return `<table class="env"><caption>${e(s.label)}: ${e(s.target)}</caption>${rows.join('')}${s.pricePerHour !== null ? row('price per hour', `$${s.pricePerHour}`) : ''}</table>`;
}

function runTable(runs: Runs): string {
  const rows = eachRun(runs).map(
    ({ side, r, i }) =>
      `<tr data-run="${side}${i + 1}"><td>${side}${i + 1}</td><td>${r.pair ? r.pair.order + 1 : ''}</td>` +
      `<td data-field="throughput">${r.throughput.toFixed(1)}</td><td data-field="p99">${(r.latencyUs.p99 / 1000).toFixed(3)}</td>` +
      `<td>${r.errors}</td><td>${r.mismatches}</td>` +
      `<td>${r.clientCores === null ? '' : r.clientCores.toFixed(2)}</td>` +
      `<td>${r.pair?.loadGeneratorUsPerRequest == null ? '' : r.pair.loadGeneratorUsPerRequest.toFixed(0)}</td>` +
      `<td>${r.pair ? (r.pair.valid ? 'valid' : e(r.pair.problems.join('; '))) : ''}</td><td>${e(r.path)}</td></tr>`,
  );
  return `<table><tr><th>run</th><th>order</th><th>requests/s</th><th>p99 (ms)</th><th>errors</th><th>mismatches</th><th>load generator CPU (cores)</th><th>load generator CPU per request (us)</th><th>gate</th><th>file</th></tr>${rows.join('')}</table>`;
}

function kneeSection(k: KneeSummary): string {
  const noise = `Each rate ran up to ${k.repeats} times: it held when every run was valid with p99 under the bound; the first run that was not ended it. The p99 of each run is listed, so the spread between runs at one rate can be read.`;
  const side = (label: 'A' | 'B', s: KneeSide) =>
    `<p data-knee="${label}">${label}: highest rate with p99 under ${k.boundP99Ms} ms: <b data-field="knee">${e(kneeText(s))}</b></p>` +
    `<table><tr><th>rate</th><th>p99 of each run (ms)</th><th>valid</th><th>under bound</th></tr>${s.steps
      .map(
        (x) =>
          `<tr><td>${fmt(x.rate)}</td><td>${x.repeatsP99Ms.map((v) => (v === null ? 'none' : v.toFixed(2))).join(', ')}</td><td>${x.valid ? 'yes' : 'no'}</td><td>${x.underBound ? 'yes' : 'no'}</td></tr>`,
      )
      .join('')}</table>`;
  return `<h2>Knee: the highest arrival rate with p99 under ${k.boundP99Ms} ms</h2><p>${e(noise)}</p>${side('A', k.A)}${side('B', k.B)}`;
}

/** A knee as a person reads it: "≥" when it is the top of the range searched. */
export function kneeText(s: KneeSide, unit = 'requests/s'): string {
  if (s.rate === null) return 'none in the range tried';
  return s.atTop
    ? `≥ ${fmt(s.rate)} ${unit} (the top of the range searched held: the knee is there or higher)`
    : `${fmt(s.rate)} ${unit}`;
}

/** The banner's colour: B better or worse on the headline metric, when that is significant. */
function verdictClass(m: MetricComparison): string {
  if (!m.significant) return '';
  return bBetter(m) ? ' better' : ' worse';
}

export function renderHtmlReport(c: Comparison, runs: Runs, extra: ReportExtra = {}): string {
  const metrics = c.cost ? [...c.metrics, c.cost.pricePerformance] : c.metrics;
  const title = `${c.kind}: ${c.A.target} (A) vs ${c.B.target} (B)`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;max-width:980px;color:#222}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{text-align:left;background:#f6f6f6}caption{text-align:left;font-weight:bold;padding:4px 0}
.verdict{font-size:18px;padding:10px 14px;border-left:6px solid #444;background:#f4f4f4}
.better{border-color:${BETTER}}.worse{border-color:${WORSE}}.envs{display:flex;gap:24px;flex-wrap:wrap}.envs td{text-align:left}
.key span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:middle}
</style></head><body>
<h1>${e(title)}</h1>
<p class="verdict${verdictClass(c.headline)}" id="verdict">${e(c.verdict)}</p>
<p>${e(c.kind)} workload, ${c.openModel ? `open model at ${e(String(c.rate))}` : 'closed model'}; ${c.A.runs.length} runs of A, ${c.B.runs.length} of B; runs are the unit: bootstrap ${Math.round((1 - c.options.alpha) * 100)}% interval of the ratio of means (${c.options.resamples} resamples, seed ${c.options.seed}), Mann-Whitney U; a verdict only when both find a difference.</p>
<p class="key"><span style="background:${COLOR.A}"></span>A ${e(c.A.target)} <span style="background:${COLOR.B}"></span>B ${e(c.B.target)}</p>
<h2>B over A, with the interval</h2>
${ratioChart(metrics)}
<table id="metrics"><tr><th>metric</th><th>A (mean of runs)</th><th>B (mean of runs)</th><th>B/A</th><th>interval low</th><th>interval high</th><th>Mann-Whitney p</th><th>significant</th></tr>
${metricRows(metrics)}
</table>
${c.metrics.map((m) => `<p data-verdict="${e(m.metric)}">${e(m.verdict)}</p>`).join('\n')}
${c.cost ? `<p id="cost">A $${c.cost.priceA}/h: <span data-field="rpdA">${fmt(c.cost.requestsPerDollarA)}</span> requests per dollar; B $${c.cost.priceB}/h: <span data-field="rpdB">${fmt(c.cost.requestsPerDollarB)}</span>. ${e(c.cost.pricePerformance.verdict)}</p>` : ''}
<h2>Throughput per run</h2>
${throughputChart(runs)}
<h2>Latency percentiles (HDR)</h2>
${percentilePlot(runs)}
${extra.knee ? kneeSection(extra.knee) : ''}
<h2>Machines</h2>
<div class="envs">${machine(c.A)}${machine(c.B)}</div>
<h2>Runs</h2>
${runTable(runs)}
${c.notes.length ? `<h2>Notes</h2><ul>${c.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>` : ''}
<h2>Workload settings</h2>
<pre>${e(JSON.stringify(c.workload, null, 1))}</pre>
</body></html>
`;
}

export function writeHtmlReport(
  path: string,
  c: Comparison,
  runs: Runs,
  extra: ReportExtra = {},
): string {
  const abs = resolve(path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, renderHtmlReport(c, runs, extra));
  return abs;
}

/**
 * The soak's chart: two panels over the same time axis, the p99 of each interval and each server
 * process's RSS samples with its least-squares line after the warm-up, and the verdict.
 */
export function soakChart(input: {
  title: string;
  intervals: readonly IntervalFigures[];
  rss: readonly RssSeries[];
  verdict: SoakVerdict;
}): string {
  const { intervals, rss, verdict } = input;
  const [W, panelH, left, legend, gap] = [960, 260, 70, 260, 70];
  const H = 60 + 2 * panelH + gap + 70;
  const xAxis = ticks(
    0,
    Math.max(intervals.at(-1)?.endMin ?? 1, ...rss.flatMap((s) => s.samples.map((p) => p.x)), 1e-6),
  );
  const x = (m: number) => left + (m / xAxis.at(-1)!) * (W - left - legend);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12" role="img">`,
    `<title>${esc(input.title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${left}" y="22" font-size="15" font-weight="bold">${esc(input.title)}</text>`,
  ];
  /** A panel's frame, grid, axes' labels and title; its y scale. */
  const panel = (y0: number, title: string, unit: string, lo: number, hi: number) => {
    const axis = ticks(lo, hi);
    const y = (v: number) => y0 + panelH - ((v - axis[0]!) / (axis.at(-1)! - axis[0]!)) * panelH;
    out.push(
      `<text x="${left}" y="${y0 - 8}" font-weight="bold">${esc(title)}</text>`,
      `<rect x="${left}" y="${y0}" width="${W - left - legend}" height="${panelH}" fill="none" stroke="#888"/>`,
      yGrid(axis, y, left, W - legend),
      ...xAxis.map(
        (m) =>
          `<text x="${x(m).toFixed(1)}" y="${y0 + panelH + 16}" text-anchor="middle">${m}</text>`,
      ),
      `<text x="16" y="${y0 + panelH / 2}" transform="rotate(-90 16 ${y0 + panelH / 2})" text-anchor="middle">${esc(unit)}</text>`,
    );
    return y;
  };
  const settled = verdict.rule.mode === 'settled';
  const judged =
    verdict.p99Judged === false
      ? settled
        ? 'recorded, not judged (the settled rule)'
        : 'not judged: the target rate was not held'
      : verdict.p99Pass
        ? 'pass'
        : 'FAIL';
  const y1 = panel(
    60,
    `p99 per interval (all operations)${verdict.p99Ratio === null ? '' : `: ${settled ? 'last half / first half' : 'last / second'} = ${verdict.p99Ratio.toFixed(2)} (${judged})`}`,
    'ms',
    0,
    Math.max(1, ...intervals.map((iv) => iv.p99Ms)) * 1.1,
  );
  const pts = intervals.map((iv) => [x((iv.startMin + iv.endMin) / 2), y1(iv.p99Ms)] as const);
  if (pts.length)
    out.push(
      `<polyline points="${pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ')}" fill="none" stroke="${PALETTE[0]}" stroke-width="2"/>`,
      ...pts.map(
        ([a, b]) =>
          `<circle cx="${a.toFixed(1)}" cy="${b.toFixed(1)}" r="3.5" fill="${PALETTE[0]}"/>`,
      ),
    );
  const all = rss.flatMap((s) => s.samples.map((p) => p.y));
  const y0 = 60 + panelH + gap;
  const y2 = panel(
    y0,
    'RSS of each server process',
    'MB',
    Math.max(0, Math.floor(Math.min(...all, 0) / 10) * 10),
    Math.max(...all, 10) * 1.05,
  );
  // Under the settled rule the warm-up load ran before the first interval.
  const warmEnd = settled ? 0 : (intervals[verdict.rule.warmUpIntervals - 1]?.endMin ?? 0);
  out.push(
    `<line x1="${x(warmEnd).toFixed(1)}" x2="${x(warmEnd).toFixed(1)}" y1="${y0}" y2="${y0 + panelH}" stroke="#999" stroke-dasharray="4 4"/>`,
    `<text x="${(x(warmEnd) + 4).toFixed(1)}" y="${y0 + 14}" fill="#666">warm-up ends</text>`,
  );
  rss.forEach((s, i) => {
    const color = PALETTE[i % PALETTE.length];
    const line = s.samples.map((p) => `${x(p.x).toFixed(1)},${y2(p.y).toFixed(1)}`).join(' ');
    out.push(`<polyline points="${line}" fill="none" stroke="${color}" stroke-width="1.5"/>`);
    const v = verdict.processes.find((p) => p.pid === s.pid);
    const k = v?.slopeAfterWarmUpMbPerMin;
    const after = s.samples.filter((p) => p.x >= warmEnd);
    if (k != null && after.length >= 2) {
      const mx = after.reduce((n, p) => n + p.x, 0) / after.length;
      const my = after.reduce((n, p) => n + p.y, 0) / after.length;
      const [a, b] = [after[0]!.x, after.at(-1)!.x];
      out.push(
        `<line x1="${x(a).toFixed(1)}" y1="${y2(my + k * (a - mx)).toFixed(1)}" x2="${x(b).toFixed(1)}" y2="${y2(my + k * (b - mx)).toFixed(1)}" stroke="${color}" stroke-dasharray="6 3" stroke-width="1"/>`,
      );
    }
    const ly = y0 + 14 + i * 32;
    const slope =
      k == null
        ? 'slope: n/a'
        : `${k >= 0 ? '+' : ''}${k.toFixed(2)} MB/min, peak ${v!.peakMb.toFixed(0)} MB${v!.pass ? '' : ' FAIL'}`;
    out.push(
      `<rect x="${W - legend + 14}" y="${ly - 9}" width="12" height="12" fill="${color}"/>`,
      `<text x="${W - legend + 32}" y="${ly + 1}">${esc(`${s.label} (${s.pid})`)}</text>`,
      `<text x="${W - legend + 32}" y="${ly + 15}" fill="#444">${esc(slope)}</text>`,
    );
  });
  const pass = verdict.notes?.length
    ? `PASS, p99 not judged (${settled ? 'rate held and ' : ''}CPU per request judged)`
    : 'PASS';
  out.push(
    `<text x="${left + (W - left - legend) / 2}" y="${H - 14}" text-anchor="middle">minutes since the load began — ${verdict.pass ? pass : `FAIL: ${esc(verdict.reasons.join('; '))}`}</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}
