// The HTML report opened in a real browser (Debian's chromium, headless): the DOM it builds holds
// the comparison's numbers as the JSON states them, and the file asks for nothing from the
// network. Without a chromium that runs, the browser part is skipped, saying why.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { compareFiles } from '../src/commands/compare.ts';
import { Rng } from '../src/lib/rng.ts';
import { esc, logTicks, ticks } from '../src/report-html/report.ts';
import { tempDir } from './helpers/cli.ts';
import { normal, writeSynthetic } from './helpers/synthetic-runs.ts';

const chromium = ['chromium', 'chromium-browser', 'google-chrome'];

function dumpDom(file: string): Promise<{ dom: string } | { error: string }> {
  const tryOne = (i: number): Promise<{ dom: string } | { error: string }> =>
    new Promise((resolve) => {
      if (i >= chromium.length) {
        resolve({
          error: `no chromium on the PATH (${chromium.join(', ')}): apt-get install chromium`,
        });
        return;
      }
      execFile(
        chromium[i]!,
        ['--headless', '--no-sandbox', '--disable-gpu', '--dump-dom', `file://${file}`],
        { timeout: 45_000, maxBuffer: 16 * 1024 * 1024 },
        (err, stdout, stderr) => {
          if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') resolve(tryOne(i + 1));
          else if (err || !stdout.includes('</html>'))
            resolve({
              error: `${chromium[i]} did not render: ${err?.message ?? ''} ${stderr.slice(-300)}`,
            });
          else resolve({ dom: stdout });
        },
      );
    });
  return tryOne(0);
}

/** The text of the element with these attributes (the first), or null. */
function cell(dom: string, row: string, field: string): string | null {
  const at = dom.indexOf(row);
  if (at < 0) return null;
  const m = new RegExp(`data-field="${field}"[^>]*>([^<]*)<`).exec(dom.slice(at));
  return m ? m[1]! : null;
}

const dir = tempDir(t, 'html');
const html = join(dir, 'report.html');
const json = join(dir, 'comparison.json');
const { a, b } = await (async () => {
  const rng = new Rng(3, 'html');
  const a = [0, 1, 2, 3, 4].map((i) =>
    writeSynthetic(dir, `a${i}`, { throughput: normal(rng, 6000, 100), rngSeed: i }),
  );
  const b = [0, 1, 2, 3, 4].map((i) =>
    writeSynthetic(dir, `b${i}`, {
      throughput: normal(rng, 6300, 100),
      rngSeed: 10 + i,
      medianMs: 0.9,
      target: '10.0.0.2:50052',
    }),
  );
  await compareFiles(a, b, { seed: 1, resamples: 4000, priceA: 0.34, priceB: 0.272, json, html });
  return { a, b };
})();
const got = await dumpDom(html);

// Every test is registered after the awaits above: a test registered before them ran, and tap
// ended the file with it, before the others were created ("cannot create subtest after parent
// test ends"), which left them unrun and the file passing.
t.test("the charts' axes and text, shared by the report and the soak's chart", async (t) => {
  // Round steps of 1, 2, 2.5 or 5 times a power of 10, the last tick at or above the top.
  t.same(ticks(0, 1234), [0, 250, 500, 750, 1000, 1250]);
  t.same(ticks(37, 412), [0, 100, 200, 300, 400, 500]);
  t.same(ticks(0, 0.004), [0, 0.001, 0.002, 0.003, 0.004]);
  t.same(ticks(0, 0), [0, 0.2], 'an empty range still has two ticks (a scale)');
  t.equal(esc(`a <b> & "c" 'd'`), 'a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;');
  // The latency axis is logarithmic: 1, 2 and 5 a decade, from at or below the lowest value.
  t.same(logTicks(0.3, 40), [0.2, 0.5, 1, 2, 5, 10, 20, 50]);
  t.same(logTicks(2.5, 3), [2, 5]);
  t.same(logTicks(1, 1), [1, 2], 'one value still has two ticks');
});

t.test('each ratio is coloured by whether B is better, filled when significant', async (t) => {
  const source = readFileSync(html, 'utf8');
  const c = JSON.parse(readFileSync(json, 'utf8'));
  // B was made 5% faster with lower latency: every metric on B's better side.
  for (const m of [...c.metrics, c.cost.pricePerformance]) {
    const dot = new RegExp(
      `<circle [^>]*fill="([^"]+)" stroke="([^"]+)"[^>]*data-ratio-of="${m.metric.replace(/[.()$]/g, '\\$&')}" data-better="(\\w+)"`,
    ).exec(source);
    t.ok(dot, `${m.metric}: its dot`);
    const better = m.better === 'higher' ? m.interval.ratio > 1 : m.interval.ratio < 1;
    t.equal(dot![3], better ? 'B' : 'A', `${m.metric}: B/A ${m.interval.ratio}`);
    t.equal(dot![2], better ? '#1a7f37' : '#b01818', `${m.metric}: green when B is better`);
    t.equal(dot![1] === '#fff', !m.significant, `${m.metric}: hollow unless significant`);
  }
  t.match(source, /better →/, 'the better side marked');
  t.match(source, /← better/);
  t.match(source, /data-tick="1"/, 'the ratio axis has ticks');
});

t.test('the report is one file that fetches nothing', async (t) => {
  const source = readFileSync(html, 'utf8');
  // Self-contained: no script, no stylesheet or image fetched (the only URL is SVG's namespace).
  t.notMatch(source, /<script|<link|<img|src=|url\(/i);
  t.notMatch(source.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, ''), /https?:\/\//);
});

t.test(
  'the report renders in chromium with the JSON numbers',
  { skip: 'error' in got ? got.error : false },
  async (t) => {
    const c = JSON.parse(readFileSync(json, 'utf8'));
    const dom = (got as { dom: string }).dom;
    const close = (text: string | null, v: number, tol: number, what: string) =>
      t.ok(text !== null && Math.abs(Number(text) - v) <= tol, `${what}: DOM ${text}, JSON ${v}`);
    for (const m of [...c.metrics, c.cost.pricePerformance]) {
      const row = `data-metric="${m.metric}"`;
      close(cell(dom, row, 'ratio'), m.interval.ratio, 5e-5, `${m.metric} ratio`);
      close(cell(dom, row, 'lo'), m.interval.lo, 5e-5, `${m.metric} low`);
      close(cell(dom, row, 'hi'), m.interval.hi, 5e-5, `${m.metric} high`);
      close(cell(dom, row, 'p'), m.test.p, 5e-5, `${m.metric} p`);
      const scale = m.unit === 'us' ? 1000 : 1;
      close(cell(dom, row, 'meanA'), m.meanA / scale, 0.05, `${m.metric} mean A`);
      t.equal(cell(dom, row, 'significant'), m.significant ? 'yes' : 'no');
    }
    t.match(dom, new RegExp(`id="verdict">${c.verdict.replace(/[.()]/g, '\\$&')}<`));
    // Every run's throughput, as its own file states it, on its bar of the chart.
    for (const [side, paths] of [
      ['A', a],
      ['B', b],
    ] as const)
      paths.forEach((p, i) => {
        const rate = JSON.parse(readFileSync(p, 'utf8')).totals.rate;
        t.match(
          dom,
          new RegExp(`data-run="${side}${i + 1}" data-throughput="${rate}"`),
          `${side}${i + 1}`,
        );
      });
    // Both sides' machines and the prices.
    t.match(dom, /data-env="A\.load generator">x64|data-env="A\.load generator">arm64/);
    t.match(dom, /data-field="rpdB">[\d,]+</);
    // The charts are SVG the browser kept: the throughput bars, the percentile lines, the ratios.
    t.equal((dom.match(/<svg /g) ?? []).length, 3);
    t.equal((dom.match(/<path d="M/g) ?? []).length, 10, 'one percentile line per run');
  },
);
