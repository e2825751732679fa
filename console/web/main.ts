// The console's page: the world's header, the map with its controls and the details of what was
// clicked, and the stack's panels. Plain TypeScript and the DOM, bundled by esbuild.
import { type ApiError, getJson } from './api.ts';
import { MapView, type Picked } from './map-view.ts';
import { startStackPanel } from './stack-panel.ts';
import { attachStatus, clearProblem, setProblem } from './status.ts';
import type { CityJson, MarchJson, ReportEntryJson, ReportJson, WorldJson } from './types.ts';

type World = WorldJson & { maxViewport: number };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** A definition list of an object's fields (nested objects as JSON). */
function fieldsList(obj: Record<string, unknown>): HTMLElement {
  const dl = document.createElement('dl');
  dl.className = 'kv';
  for (const [k, v] of Object.entries(obj)) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
    dl.append(dt, dd);
  }
  return dl;
}

function heading(text: string): HTMLElement {
  const h = document.createElement('h3');
  h.textContent = text;
  return h;
}

const details = () => $<HTMLElement>('details');

/** Shows `parts` in the details panel, unless another click came since (`token`). */
let shown = 0;
function show(token: number, ...parts: (HTMLElement | string)[]): void {
  if (token !== shown) return;
  details().replaceChildren(...parts);
}

/** The page's address of a report: `#report=PLAYER/REPORT` (a link to it, and the back button). */
const reportHash = (player: number, reportId: number) => `#report=${player}/${reportId}`;

function reportButton(player: number, r: ReportEntryJson): HTMLElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'report';
  b.dataset.report = String(r.reportId);
  b.textContent = `${r.kind} report ${r.reportId}${r.createdMs ? ` · ${clockTime(r.createdMs)}` : ''}`;
  b.addEventListener('click', () => {
    const hash = reportHash(player, r.reportId);
    // The same address again fires no hashchange: shown here instead.
    if (location.hash === hash) void showReport(player, r.reportId);
    else location.hash = hash;
  });
  return b;
}

/** A game-clock time (ms since 1970) as the UTC time of day. */
const clockTime = (ms: number) => new Date(ms).toISOString().slice(11, 19);

interface LossRow {
  start: number;
  dead: number;
  wounded: number;
}

/** A side of a battle: its troops at the start, dead and wounded. */
function sideLine(rows: LossRow[] | undefined): string {
  const sum = (k: keyof LossRow) => (rows ?? []).reduce((s, r) => s + Number(r[k] ?? 0), 0);
  return `${sum('start')} troops: ${sum('dead')} dead, ${sum('wounded')} wounded`;
}

/** What a report says, in lines: a battle's sides and outcome, a scout's sightings. */
function reportLines(r: ReportJson): Record<string, unknown> {
  const head = { march: r.marchId, at: new Date(r.createdMs).toISOString() };
  // A result that is not an object (text map-server could not parse) is shown as it is.
  if (typeof r.result !== 'object' || r.result === null || Array.isArray(r.result))
    return { ...head, result: r.result };
  const res = r.result as Record<string, unknown>;
  if (r.kind !== 'battle') return { ...head, ...res };
  const plunder = Object.entries((res.plunder ?? {}) as Record<string, number>)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${v}`);
  const losses = (res.losses ?? {}) as { attacker?: LossRow[]; defender?: LossRow[] };
  return {
    ...head,
    role: res.role,
    winner: res.winner,
    attacker: `player ${res.attacker}`,
    defender: res.monster ? `monster ${res.monster}` : `player ${res.defender}`,
    rounds: res.rounds,
    'attacker troops': sideLine(losses.attacker),
    'defender troops': sideLine(losses.defender),
    plunder: plunder.length ? plunder.join(', ') : 'none',
    hash: r.hash,
  };
}

async function showReport(player: number, reportId: number): Promise<void> {
  const token = ++shown;
  show(token, heading(`report ${reportId} of player ${player}`), 'loading…');
  try {
    const r = await getJson<ReportJson>(`/api/report/${player}/${reportId}`);
    const list = fieldsList(reportLines(r));
    list.classList.add('report');
    // The whole record under the summary, folded: a battle's armies are long.
    const raw = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'input and result (JSON)';
    const pre = document.createElement('pre');
    pre.textContent = JSON.stringify({ result: r.result, input: r.input }, null, 1);
    raw.append(summary, pre);
    show(token, heading(`${r.kind} report ${reportId} of player ${player}`), list, raw);
  } catch (err) {
    show(
      token,
      heading(`report ${reportId} of player ${player}`),
      errorLine((err as ApiError).message),
    );
  }
}

/** Opens the report the address names (`#report=PLAYER/REPORT`), or says what is wrong with it. */
function openHash(): void {
  let hash = location.hash;
  try {
    hash = decodeURIComponent(hash);
  } catch {
    // A stray % : the address as typed.
  }
  if (!hash.startsWith('#report')) return;
  const m = /^#report=(\d{1,16})\/(\d{1,16})$/.exec(hash);
  if (m) {
    void showReport(Number(m[1]), Number(m[2]));
    return;
  }
  ++shown;
  details().replaceChildren(
    heading('report'),
    errorLine(
      `a report's address is #report=PLAYER/REPORT (two whole numbers), not ${JSON.stringify(hash.slice(0, 60))}`,
    ),
  );
}

function errorLine(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'error';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  return p;
}

async function showCity(player: number): Promise<void> {
  const token = ++shown;
  show(token, heading(`city of player ${player}`), 'loading…');
  try {
    const r = await getJson<{
      city: CityJson;
      player: Record<string, unknown> | null;
      marches: MarchJson[];
      reports: ReportEntryJson[];
      reportsTotal: number;
    }>(`/api/city/${player}`);
    show(
      token,
      heading(`city of player ${player}`),
      fieldsList({ ...r.city }),
      heading('player record (data-server)'),
      r.player ? fieldsList(r.player) : errorLine(`data-server has no player ${player}`),
      heading(`marches out: ${r.marches.length}`),
      ...r.marches.map((m) =>
        fieldsList({ id: m.id, kind: m.kind, state: m.state, troops: m.troops }),
      ),
      heading(
        r.reportsTotal > r.reports.length
          ? `reports: the latest ${r.reports.length} of ${r.reportsTotal}`
          : `reports: ${r.reports.length}`,
      ),
      ...r.reports.map((rep) => reportButton(player, rep)),
    );
  } catch (err) {
    show(token, heading(`player ${player}`), errorLine((err as ApiError).message));
  }
}

async function showMarch(
  player: number,
  marchId: number,
  local?: Record<string, unknown>,
): Promise<void> {
  const token = ++shown;
  show(token, heading(`march ${marchId}`), ...(local ? [fieldsList(local)] : []), 'loading…');
  try {
    const r = await getJson<{
      march: MarchJson | null;
      reports: ReportEntryJson[];
    }>(`/api/march/${player}/${marchId}`);
    show(
      token,
      heading(`march ${marchId} of player ${player}`),
      r.march
        ? fieldsList({ ...r.march, ...(local?.eta ? { eta: local.eta } : {}) })
        : errorLine('home: no longer out'),
      heading(`reports: ${r.reports.length}`),
      ...r.reports.map((rep) => reportButton(player, rep)),
    );
  } catch (err) {
    show(
      token,
      heading(`march ${marchId}`),
      ...(local ? [fieldsList(local)] : []),
      errorLine((err as ApiError).message),
    );
  }
}

function onPick(p: Picked | null): void {
  if (!p) {
    ++shown;
    details().replaceChildren(
      heading('details'),
      'Click a city, a march, a battle (a ring), a field or a monster.',
    );
    return;
  }
  switch (p.kind) {
    case 'city':
      void showCity(p.city.id);
      return;
    case 'march':
      void showMarch(p.march.player, p.march.id, {
        kind: p.march.kind,
        state: p.march.state,
        eta: `${Math.ceil(p.etaMs / 1000)} s`,
      });
      return;
    case 'battle':
      void showMarch(p.battle.player, p.battle.march, {
        battle: p.battle.kind,
        at: `(${p.battle.x}, ${p.battle.y})`,
      });
      return;
    case 'field':
      ++shown;
      details().replaceChildren(
        heading(`${p.field.resource} field ${p.field.id}`),
        fieldsList({ ...p.field }),
      );
      return;
    case 'monster':
      ++shown;
      details().replaceChildren(heading(`monster ${p.monster.id}`), fieldsList({ ...p.monster }));
  }
}

async function loadWorld(): Promise<World> {
  for (let wait = 1000; ; wait = Math.min(10_000, wait * 2)) {
    try {
      const w = await getJson<World>('/api/world');
      clearProblem('world');
      return w;
    } catch (err) {
      setProblem(
        'world',
        `no map yet: ${(err as ApiError).message}; trying again in ${wait / 1000} s`,
      );
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

function worldLine(w: World): string {
  return `${w.width} x ${w.height} tiles, seed ${w.seed} · ${w.cities} cities, ${w.fields} fields, ${w.monsters} monsters, ${w.marches} marches`;
}

async function main(): Promise<void> {
  attachStatus($('status'));
  startStackPanel($('stack'));
  onPick(null);
  const world = await loadWorld();
  $('world').textContent = worldLine(world);
  const view = new MapView($<HTMLCanvasElement>('map'), world, onPick);
  // ?x=&y= centres the view on a tile, ?zoom= sets the pixels per tile (1 to 32).
  const params = new URLSearchParams(location.search);
  const zoom = Number(params.get('zoom'));
  if (Number.isFinite(zoom) && zoom > 0) view.setZoom(zoom);
  const cx = Number(params.get('x') ?? world.width / 2);
  const cy = Number(params.get('y') ?? world.height / 2);
  view.centerOn(
    Number.isFinite(cx) ? cx : world.width / 2,
    Number.isFinite(cy) ? cy : world.height / 2,
  );
  $('zoom-in').addEventListener('click', () => view.zoomBy(1));
  $('zoom-out').addEventListener('click', () => view.zoomBy(-1));
  $<HTMLFormElement>('goto').addEventListener('submit', (e) => {
    e.preventDefault();
    const x = $<HTMLInputElement>('goto-x').value.trim();
    const y = $<HTMLInputElement>('goto-y').value.trim();
    if (!/^-?\d+$/.test(x) || !/^-?\d+$/.test(y)) {
      setProblem(
        'map',
        `go to: x and y must be whole tile numbers (0 to ${world.width - 1}, 0 to ${world.height - 1})`,
      );
      return;
    }
    view.goTo(Number(x), Number(y));
  });
  $<HTMLFormElement>('find').addEventListener('submit', (e) => {
    e.preventDefault();
    const id = $<HTMLInputElement>('find-player').value.trim();
    void (async () => {
      try {
        const r = await getJson<{ city: CityJson }>(`/api/city/${encodeURIComponent(id)}`);
        clearProblem('find');
        view.centerOn(r.city.x + 1, r.city.y + 1);
        view.select({ kind: 'city', city: r.city });
      } catch (err) {
        setProblem('find', `find player: ${(err as ApiError).message}`);
      }
    })();
  });
  // A hidden page lets go of its stream (see MapView.pause) and asks nothing until shown.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) view.pause();
    else view.resume();
  });
  // The header's counts, every 5 s.
  setInterval(async () => {
    if (document.hidden) return;
    try {
      $('world').textContent = worldLine(await getJson<World>('/api/world'));
      clearProblem('world');
    } catch (err) {
      setProblem('world', `map-server: ${(err as ApiError).message}`);
    }
  }, 5000);
  // A report's address opens it: at load, and when it changes (a report button, the back button).
  window.addEventListener('hashchange', openHash);
  openHash();
  // For the tests and the developer tools.
  (window as unknown as { consoleMap: MapView }).consoleMap = view;
}

void main();
