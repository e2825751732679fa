// The map: a canvas of the rectangle map-server answered for the view, drawn every animation
// frame (marches move between events: each is drawn where its leg puts it at the game clock).
// Each pan or zoom asks one viewport query (QueryViewport) for the new rectangle, then opens a
// Watch stream on it (the console's /api/watch), whose events keep the entities current.
// Counts of what was drawn are on the canvas's data attributes, for the tests and for a person
// with the developer tools.
import { Terrain } from '@slg/map-server/terrain';
import { type ApiError, getJson } from './api.ts';
import { clearProblem, setProblem } from './status.ts';
import { KINDS, readTheme, type Theme } from './theme.ts';
import type {
  CityJson,
  FieldJson,
  MarchJson,
  MonsterJson,
  ViewportJson,
  WatchEventJson,
  WorldJson,
} from './types.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a click picked, for the details panel. */
export type Picked =
  | { kind: 'city'; city: CityJson }
  | { kind: 'march'; march: MarchJson; etaMs: number }
  | { kind: 'field'; field: FieldJson }
  | { kind: 'monster'; monster: MonsterJson }
  | { kind: 'battle'; battle: Battle };

export interface Battle {
  player: number;
  march: number;
  kind: string;
  x: number;
  y: number;
  atMs: number;
}

/** Pixels per tile, from far to near. */
const ZOOMS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32];
/** The static layer is drawn again at most this often while events come. */
const LAYER_MS = 200;
/** A battle stays marked this long after the arrival that fought it. */
const BATTLE_MS = 15_000;

const inRect = (r: Rect, x: number, y: number, size: number) =>
  x < r.x + r.width && x + size > r.x && y < r.y + r.height && y + size > r.y;

export class MapView {
  readonly canvas: HTMLCanvasElement;
  readonly world: WorldJson & { maxViewport: number };
  readonly #ctx: CanvasRenderingContext2D;
  readonly #terrain: Terrain;
  readonly #onPick: (p: Picked | null) => void;
  #theme: Theme;
  /** Top-left tile of the view (fractional while dragging) and the zoom. */
  #vx = 0;
  #vy = 0;
  #zoom = 6;
  /** The rectangle of the entities held (the last query's). */
  rect: Rect = { x: 0, y: 0, width: 0, height: 0 };
  cities = new Map<number, CityJson>();
  fields = new Map<number, FieldJson>();
  monsters = new Map<number, MonsterJson>();
  marches = new Map<number, MarchJson>();
  battles: Battle[] = [];
  #terrainLayer: HTMLCanvasElement | null = null;
  /** Game clock = Date.now() + offset, from the last answer's now_ms. */
  #clockOffset = 0;
  #queryTimer = 0;
  #queryAbort: AbortController | null = null;
  #stream: EventSource | null = null;
  #streamRetry = 0;
  #streamBackoffMs = 1000;
  #lastSeq = 0;
  queries = 0;
  events = 0;
  #frames = 0;
  /** Time spent in #draw since #fpsSince: its mean per frame is the canvas's data-draw-ms. */
  #drawMs = 0;
  #fpsSince = performance.now();
  fps = 0;
  #selected: Picked | null = null;
  #drag: { x: number; y: number; vx: number; vy: number; moved: boolean } | null = null;

  constructor(
    canvas: HTMLCanvasElement,
    world: WorldJson & { maxViewport: number },
    onPick: (p: Picked | null) => void,
  ) {
    this.canvas = canvas;
    this.world = world;
    this.#ctx = canvas.getContext('2d', { alpha: false })!;
    this.#terrain = new Terrain(world.seed);
    this.#theme = readTheme(canvas);
    this.#onPick = onPick;
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.#theme = readTheme(canvas);
      this.#terrainLayer = null;
      this.#layerDirty = true;
    });
    new ResizeObserver(() => this.#resize()).observe(canvas);
    this.#resize();
    this.#bindInput();
    const loop = () => {
      const t0 = performance.now();
      this.#draw();
      this.#drawMs += performance.now() - t0;
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }

  get zoom(): number {
    return ZOOMS[this.#zoom]!;
  }

  /** The tiles the canvas shows at this zoom (at most the largest viewport). */
  #viewTiles(): { cols: number; rows: number } {
    const t = this.zoom;
    return {
      cols: Math.min(this.world.width, Math.ceil(this.canvas.clientWidth / t) + 1),
      rows: Math.min(this.world.height, Math.ceil(this.canvas.clientHeight / t) + 1),
    };
  }

  /** The smallest zoom whose view fits in the largest viewport map-server answers. */
  #minZoom(): number {
    for (let i = 0; i < ZOOMS.length; i++) {
      const t = ZOOMS[i]!;
      const cols = Math.min(this.world.width, Math.ceil(this.canvas.clientWidth / t) + 1);
      const rows = Math.min(this.world.height, Math.ceil(this.canvas.clientHeight / t) + 1);
      if (cols <= this.world.maxViewport && rows <= this.world.maxViewport) return i;
    }
    return ZOOMS.length - 1;
  }

  #resize(): void {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(this.canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(this.canvas.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.#zoom = Math.max(this.#zoom, this.#minZoom());
    this.#clampView();
    this.#scheduleQuery(0);
  }

  #clampView(): void {
    const { cols, rows } = this.#viewTiles();
    this.#vx = Math.max(0, Math.min(this.world.width - cols + 1, this.#vx));
    this.#vy = Math.max(0, Math.min(this.world.height - rows + 1, this.#vy));
  }

  /** The rectangle to ask for the current view. */
  viewRect(): Rect {
    const { cols, rows } = this.#viewTiles();
    const x = Math.max(0, Math.floor(this.#vx));
    const y = Math.max(0, Math.floor(this.#vy));
    return {
      x,
      y,
      width: Math.max(1, Math.min(cols, this.world.maxViewport, this.world.width - x)),
      height: Math.max(1, Math.min(rows, this.world.maxViewport, this.world.height - y)),
    };
  }

  /** Centres the view on a tile. */
  centerOn(x: number, y: number): void {
    const { cols, rows } = this.#viewTiles();
    this.#vx = x - cols / 2;
    this.#vy = y - rows / 2;
    this.#clampView();
    this.#scheduleQuery(0);
  }

  /** Moves the view so that its top-left tile is (x, y), as asked: the query says if it is off the map. */
  goTo(x: number, y: number): void {
    const { cols, rows } = this.#viewTiles();
    this.#queryRect({
      x,
      y,
      width: Math.min(cols, this.world.maxViewport),
      height: Math.min(rows, this.world.maxViewport),
    });
  }

  /** The zoom nearest `px` pixels per tile that the largest viewport allows. */
  setZoom(px: number): void {
    let best = this.#minZoom();
    for (let i = best; i < ZOOMS.length; i++)
      if (Math.abs(ZOOMS[i]! - px) < Math.abs(ZOOMS[best]! - px)) best = i;
    this.#zoom = best;
    this.#clampView();
    this.#scheduleQuery(0);
  }

  zoomBy(
    step: number,
    atX = this.canvas.clientWidth / 2,
    atY = this.canvas.clientHeight / 2,
  ): void {
    const next = Math.max(this.#minZoom(), Math.min(ZOOMS.length - 1, this.#zoom + step));
    if (next === this.#zoom) return;
    const before = this.zoom;
    const tx = this.#vx + atX / before;
    const ty = this.#vy + atY / before;
    this.#zoom = next;
    this.#vx = tx - atX / this.zoom;
    this.#vy = ty - atY / this.zoom;
    this.#clampView();
    this.#scheduleQuery(120);
  }

  panBy(dxTiles: number, dyTiles: number): void {
    this.#vx += dxTiles;
    this.#vy += dyTiles;
    this.#clampView();
    this.#scheduleQuery(120);
  }

  #scheduleQuery(delayMs: number): void {
    clearTimeout(this.#queryTimer);
    this.#queryTimer = window.setTimeout(() => this.#queryRect(this.viewRect()), delayMs);
  }

  /**
   * One viewport query; on its answer, the entities are replaced and a stream opened on it.
   * Resolves false when it failed (a retry then says so in the stream's line, not the map's).
   */
  async #queryRect(r: Rect, retry = false): Promise<boolean> {
    this.#queryAbort?.abort();
    const abort = new AbortController();
    this.#queryAbort = abort;
    const timeout = setTimeout(() => abort.abort(), 10_000);
    this.queries++;
    this.canvas.dataset.queries = String(this.queries);
    try {
      const v = await getJson<ViewportJson>(
        `/api/viewport?x=${r.x}&y=${r.y}&w=${r.width}&h=${r.height}`,
        abort.signal,
      );
      // A drag keeps its fraction of a tile; a jump (goTo) lands on the rectangle asked.
      if (Math.floor(this.#vx) !== r.x) this.#vx = r.x;
      if (Math.floor(this.#vy) !== r.y) this.#vy = r.y;
      this.#replace(r, v);
      clearProblem('map');
      this.#openStream(r);
      return true;
    } catch (err) {
      if ((err as Error).name === 'AbortError') {
        // Superseded by a newer query, which goes on: not a failure.
        if (this.#queryAbort !== abort) return true;
        if (!retry) setProblem('map', 'the console took over 10 s to answer the viewport');
        return false;
      }
      if (retry) return false;
      setProblem('map', `the map was not moved: ${(err as ApiError).message}`);
      // A query the console refused leaves the view where the entities are.
      if (this.rect.width > 0) {
        this.#vx = this.rect.x;
        this.#vy = this.rect.y;
      }
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  /**
   * A hidden page (another tab in front, a minimised window) lets go of its stream: it costs
   * map-server nothing, and holds none of the six connections chromium keeps to a host, which
   * the console's other tabs need (each visible one holds one open).
   */
  pause(): void {
    clearTimeout(this.#streamRetry);
    // Let go of a query in flight as a superseded one (no stream opened by its answer).
    const query = this.#queryAbort;
    this.#queryAbort = null;
    query?.abort();
    this.#stream?.close();
    this.#stream = null;
    this.canvas.dataset.stream = 'paused';
  }

  /** Shown again: the current view asked again, then its stream. */
  resume(): void {
    if (this.#stream) return;
    this.#streamBackoffMs = 1000;
    void this.#queryRect(this.rect, true).then((ok) => {
      if (!ok && this.#stream === null && !document.hidden)
        this.#reconnect('the console did not answer the view');
    });
  }

  /** Live updates stopped: says why, and asks again after a growing wait until it works. */
  #reconnect(message: string): void {
    clearTimeout(this.#streamRetry);
    const wait = this.#streamBackoffMs;
    this.#streamBackoffMs = Math.min(10_000, wait * 2);
    setProblem(
      'stream',
      `live updates stopped: ${message}; trying again in ${Math.round(wait / 1000)} s`,
    );
    this.canvas.dataset.stream = 'closed';
    this.#streamRetry = window.setTimeout(async () => {
      if (document.hidden) return;
      if (!(await this.#queryRect(this.rect, true)) && this.#stream === null)
        this.#reconnect(message);
    }, wait);
  }

  #replace(r: Rect, v: ViewportJson): void {
    if (
      r.x !== this.rect.x ||
      r.y !== this.rect.y ||
      r.width !== this.rect.width ||
      r.height !== this.rect.height
    )
      this.#terrainLayer = null;
    this.rect = r;
    this.#layerDirty = true;
    this.cities = new Map(v.cities.map((c) => [c.id, c]));
    this.fields = new Map(v.fields.map((f) => [f.id, f]));
    this.monsters = new Map(v.monsters.map((m) => [m.id, m]));
    this.marches = new Map(v.marches.map((m) => [m.id, m]));
    if (v.nowMs) this.#clockOffset = v.nowMs - Date.now();
    this.canvas.dataset.rect = `${r.x},${r.y},${r.width},${r.height}`;
  }

  #openStream(r: Rect): void {
    this.#stream?.close();
    clearTimeout(this.#streamRetry);
    if (document.hidden) {
      this.#stream = null;
      this.canvas.dataset.stream = 'paused';
      return;
    }
    const es = new EventSource(`/api/watch?x=${r.x}&y=${r.y}&w=${r.width}&h=${r.height}`);
    this.#stream = es;
    const retry = (message: string) => {
      es.close();
      if (this.#stream !== es) return;
      this.#stream = null;
      this.#reconnect(message);
    };
    es.onopen = () => {
      this.canvas.dataset.stream = 'open';
    };
    es.onmessage = (m) => {
      const e = JSON.parse(m.data as string) as WatchEventJson;
      if (e.type === 'snapshot') {
        this.#streamBackoffMs = 1000;
        clearProblem('stream');
      }
      this.#apply(e);
    };
    es.addEventListener('failed', (m) => {
      retry((JSON.parse((m as MessageEvent).data as string) as { message: string }).message);
    });
    es.onerror = () => {
      if (this.#stream === es) retry('the console closed the stream (is it running?)');
    };
  }

  #apply(e: WatchEventJson): void {
    this.events++;
    this.#layerDirty = true;
    this.#lastSeq = e.seq;
    if (e.timeMs) this.#clockOffset = e.timeMs - Date.now();
    if (e.snapshot) {
      this.#replace(this.rect, e.snapshot);
      return;
    }
    if (e.city) {
      if (e.type === 'city_removed') this.cities.delete(e.city.id);
      else this.cities.set(e.city.id, e.city);
    }
    if (e.field) this.fields.set(e.field.id, e.field);
    if (e.monster) this.monsters.set(e.monster.id, e.monster);
    const m = e.march;
    if (m) {
      const home =
        e.type === 'march_removed' ||
        (e.type === 'march_returned' && m.state === 'returning' && m.legEndMs <= e.timeMs);
      if (home) this.marches.delete(m.id);
      else this.marches.set(m.id, m);
      if (e.type === 'march_arrived' && (m.kind === 'attack_city' || m.kind === 'attack_monster'))
        this.battles.push({
          player: m.player,
          march: m.id,
          kind: m.kind,
          x: m.targetX,
          y: m.targetY,
          atMs: Date.now(),
        });
    }
  }

  now(): number {
    return Date.now() + this.#clockOffset;
  }

  /** Where the march `id` is drawn now, in tiles; null when it is not held. */
  marchAt(id: number): [number, number] | null {
    const m = this.marches.get(id);
    return m ? this.position(m, this.now()) : null;
  }

  /** Where a march is now, in tiles. */
  position(m: MarchJson, now: number): [number, number] {
    if (m.state === 'gathering' || m.state === 'stationed') return [m.toX, m.toY];
    const span = m.legEndMs - m.legStartMs;
    const f = span > 0 ? Math.max(0, Math.min(1, (now - m.legStartMs) / span)) : 1;
    return [m.fromX + (m.toX - m.fromX) * f, m.fromY + (m.toY - m.fromY) * f];
  }

  #terrainCanvas(): HTMLCanvasElement {
    if (this.#terrainLayer) return this.#terrainLayer;
    const r = this.rect;
    const c = document.createElement('canvas');
    c.width = Math.max(1, r.width);
    c.height = Math.max(1, r.height);
    const g = c.getContext('2d')!;
    const img = g.createImageData(c.width, c.height);
    const { openLow: a, openHigh: b, blocked } = this.#theme;
    for (let y = 0; y < r.height; y++)
      for (let x = 0; x < r.width; x++) {
        const noise = this.#terrain.noise(r.x + x, r.y + y);
        const i = (y * r.width + x) * 4;
        if (noise >= 0.73) {
          img.data[i] = blocked[0];
          img.data[i + 1] = blocked[1];
          img.data[i + 2] = blocked[2];
        } else {
          const f = Math.min(1, noise / 0.73);
          img.data[i] = a[0] + (b[0] - a[0]) * f;
          img.data[i + 1] = a[1] + (b[1] - a[1]) * f;
          img.data[i + 2] = a[2] + (b[2] - a[2]) * f;
        }
        img.data[i + 3] = 255;
      }
    g.putImageData(img, 0, 0);
    this.#terrainLayer = c;
    return c;
  }

  /**
   * What changes only with an event or a move: terrain, fields, monsters, cities and the marches'
   * paths, drawn once into a layer the size of the rectangle (tile (x, y) at ((x - rect.x) * t,
   * (y - rect.y) * t)), and again when the zoom or the rectangle changes, or at most every
   * LAYER_MS while events come. Each frame then copies it and draws the armies: with 2,000
   * marches, stroking every path in every frame cost most of a frame.
   */
  #layer: HTMLCanvasElement | null = null;
  #layerKey = '';
  #layerDirty = true;
  #layerAt = 0;
  #drawn = { cities: 0, fields: 0, monsters: 0 };

  #drawLayer(t: number, dpr: number): HTMLCanvasElement {
    const r = this.rect;
    const key = `${r.x},${r.y},${r.width},${r.height},${t},${dpr}`;
    const now = performance.now();
    if (
      this.#layer &&
      key === this.#layerKey &&
      (!this.#layerDirty || now - this.#layerAt < LAYER_MS)
    )
      return this.#layer;
    this.#layerKey = key;
    this.#layerDirty = false;
    this.#layerAt = now;
    const c = this.#layer ?? document.createElement('canvas');
    this.#layer = c;
    c.width = Math.max(1, Math.round(r.width * t * dpr));
    c.height = Math.max(1, Math.round(r.height * t * dpr));
    const ctx = c.getContext('2d')!;
    const th = this.#theme;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.#terrainCanvas(), 0, 0, r.width * t, r.height * t);
    const ox = -r.x * t;
    const oy = -r.y * t;
    let fields = 0;
    for (const f of this.fields.values()) {
      if (!inRect(r, f.x, f.y, 1)) continue;
      fields++;
      ctx.fillStyle = th.fields[f.resource] ?? th.text;
      const pad = t > 6 ? t * 0.15 : 0;
      ctx.fillRect(ox + f.x * t + pad, oy + f.y * t + pad, t - 2 * pad, t - 2 * pad);
    }
    let monsters = 0;
    ctx.fillStyle = th.monster;
    ctx.beginPath();
    for (const m of this.monsters.values()) {
      if (!inRect(r, m.x, m.y, 1)) continue;
      monsters++;
      const cx = ox + (m.x + 0.5) * t;
      const cy = oy + (m.y + 0.5) * t;
      ctx.moveTo(cx, cy - t * 0.45);
      ctx.lineTo(cx + t * 0.45, cy + t * 0.4);
      ctx.lineTo(cx - t * 0.45, cy + t * 0.4);
      ctx.closePath();
    }
    ctx.fill();
    let cities = 0;
    ctx.fillStyle = th.city;
    ctx.strokeStyle = th.cityEdge;
    ctx.lineWidth = 1;
    for (const city of this.cities.values()) {
      if (!inRect(r, city.x, city.y, 2)) continue;
      cities++;
      ctx.fillRect(ox + city.x * t, oy + city.y * t, 2 * t, 2 * t);
      if (t >= 6)
        ctx.strokeRect(ox + city.x * t + 0.5, oy + city.y * t + 0.5, 2 * t - 1, 2 * t - 1);
    }
    // Each kind's paths in one stroke.
    ctx.globalAlpha = 0.3;
    for (const [kind, list] of this.#marchesByKind()) {
      ctx.strokeStyle = th.marches[kind] ?? th.text;
      ctx.beginPath();
      for (const m of list) {
        ctx.moveTo(ox + m.fromX * t, oy + m.fromY * t);
        ctx.lineTo(ox + m.toX * t, oy + m.toY * t);
      }
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    this.#drawn = { cities, fields, monsters };
    return c;
  }

  #marchesByKind(): Map<string, MarchJson[]> {
    const byKind = new Map<string, MarchJson[]>();
    for (const m of this.marches.values()) {
      const list = byKind.get(m.kind);
      if (list) list.push(m);
      else byKind.set(m.kind, [m]);
    }
    return byKind;
  }

  #draw(): void {
    const ctx = this.#ctx;
    const dpr = this.canvas.width / Math.max(1, this.canvas.clientWidth);
    const t = this.zoom;
    const th = this.#theme;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = th.background;
    ctx.fillRect(0, 0, this.canvas.clientWidth, this.canvas.clientHeight);
    const r = this.rect;
    if (r.width === 0) return;
    // Tile (x, y) is drawn at ((x - vx) * t, (y - vy) * t).
    const ox = -this.#vx * t;
    const oy = -this.#vy * t;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.#drawLayer(t, dpr), ox + r.x * t, oy + r.y * t, r.width * t, r.height * t);

    // The armies where their legs put them now: each kind in one fill.
    const now = this.now();
    let marches = 0;
    const size = Math.max(3, Math.min(8, t * 0.6));
    for (const [kind, list] of this.#marchesByKind()) {
      ctx.fillStyle = th.marches[kind] ?? th.text;
      ctx.beginPath();
      for (const m of list) {
        const [x, y] = this.position(m, now);
        if (x < r.x || y < r.y || x > r.x + r.width || y > r.y + r.height) continue;
        marches++;
        ctx.rect(ox + x * t - size / 2, oy + y * t - size / 2, size, size);
      }
      ctx.fill();
    }
    // With few marches in view and room for text: each one's ETA.
    if (t >= 12 && marches <= 60) {
      ctx.fillStyle = th.text;
      ctx.font = '11px system-ui, sans-serif';
      for (const m of this.marches.values()) {
        if (m.state !== 'outbound' && m.state !== 'returning') continue;
        const [x, y] = this.position(m, now);
        const eta = Math.max(0, Math.ceil((m.legEndMs - now) / 1000));
        ctx.fillText(`${eta}s`, ox + x * t + size, oy + y * t - size / 2);
      }
    }

    const wall = Date.now();
    this.battles = this.battles.filter((b) => wall - b.atMs < BATTLE_MS);
    ctx.strokeStyle = th.battle;
    ctx.lineWidth = 2;
    for (const b of this.battles) {
      const pulse = 0.5 + 0.5 * Math.sin((wall - b.atMs) / 150);
      ctx.beginPath();
      ctx.arc(
        ox + (b.x + 0.5) * t,
        oy + (b.y + 0.5) * t,
        t * (0.8 + pulse * 0.6) + 3,
        0,
        Math.PI * 2,
      );
      ctx.stroke();
    }
    this.#drawSelection(ox, oy, t, now);

    this.#frames++;
    const since = performance.now() - this.#fpsSince;
    if (since >= 1000) {
      this.fps = (this.#frames * 1000) / since;
      this.canvas.dataset.drawMs = (this.#drawMs / Math.max(1, this.#frames)).toFixed(2);
      this.#drawMs = 0;
      this.#frames = 0;
      this.#fpsSince = performance.now();
      this.canvas.dataset.fps = this.fps.toFixed(1);
    }
    const d = this.canvas.dataset;
    d.cities = String(this.#drawn.cities);
    d.fields = String(this.#drawn.fields);
    d.monsters = String(this.#drawn.monsters);
    d.marches = String(marches);
    d.events = String(this.events);
    d.seq = String(this.#lastSeq);
    d.battles = String(this.battles.length);
  }

  #drawSelection(ox: number, oy: number, t: number, now: number): void {
    const p = this.#selected;
    if (!p) return;
    const ctx = this.#ctx;
    ctx.strokeStyle = this.#theme.selection;
    ctx.lineWidth = 2;
    if (p.kind === 'city') {
      const c = this.cities.get(p.city.id) ?? p.city;
      ctx.strokeRect(ox + c.x * t - 2, oy + c.y * t - 2, 2 * t + 4, 2 * t + 4);
    } else if (p.kind === 'march') {
      const m = this.marches.get(p.march.id);
      if (!m) return;
      const [x, y] = this.position(m, now);
      ctx.strokeRect(ox + x * t - 7, oy + y * t - 7, 14, 14);
    }
  }

  /** What is under a point of the canvas (CSS px): a march first, then a battle, a city, a field or monster. */
  pick(px: number, py: number): Picked | null {
    const t = this.zoom;
    const tx = this.#vx + px / t;
    const ty = this.#vy + py / t;
    const now = this.now();
    let best: MarchJson | null = null;
    let bestD = (Math.max(6, t * 0.6) / t) ** 2;
    for (const m of this.marches.values()) {
      const [x, y] = this.position(m, now);
      const d = (x - tx) ** 2 + (y - ty) ** 2;
      if (d <= bestD) {
        best = m;
        bestD = d;
      }
    }
    if (best) return { kind: 'march', march: best, etaMs: Math.max(0, best.legEndMs - now) };
    // A battle is its target's tile: around it is the city attacked (2 x 2 tiles from that
    // one), which must stay clickable while the ring is drawn.
    for (const b of this.battles)
      if (Math.abs(b.x + 0.5 - tx) <= 0.75 && Math.abs(b.y + 0.5 - ty) <= 0.75)
        return { kind: 'battle', battle: b };
    const ix = Math.floor(tx);
    const iy = Math.floor(ty);
    for (const c of this.cities.values())
      if (ix >= c.x && ix < c.x + 2 && iy >= c.y && iy < c.y + 2) return { kind: 'city', city: c };
    for (const f of this.fields.values())
      if (f.x === ix && f.y === iy) return { kind: 'field', field: f };
    for (const m of this.monsters.values())
      if (m.x === ix && m.y === iy) return { kind: 'monster', monster: m };
    return null;
  }

  select(p: Picked | null): void {
    this.#selected = p;
    this.#onPick(p);
  }

  #bindInput(): void {
    const c = this.canvas;
    c.addEventListener('pointerdown', (e) => {
      c.setPointerCapture(e.pointerId);
      this.#drag = { x: e.clientX, y: e.clientY, vx: this.#vx, vy: this.#vy, moved: false };
    });
    c.addEventListener('pointermove', (e) => {
      const d = this.#drag;
      if (!d) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
      this.#vx = d.vx - dx / this.zoom;
      this.#vy = d.vy - dy / this.zoom;
      this.#clampView();
    });
    c.addEventListener('pointerup', (e) => {
      const d = this.#drag;
      this.#drag = null;
      if (!d) return;
      if (d.moved) {
        this.#scheduleQuery(0);
        return;
      }
      const rect = c.getBoundingClientRect();
      this.select(this.pick(e.clientX - rect.left, e.clientY - rect.top));
    });
    c.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const rect = c.getBoundingClientRect();
        this.zoomBy(e.deltaY < 0 ? 1 : -1, e.clientX - rect.left, e.clientY - rect.top);
      },
      { passive: false },
    );
    c.addEventListener('keydown', (e) => {
      const step = Math.max(1, Math.round(this.#viewTiles().cols / 4));
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const mv = moves[e.key];
      if (mv) {
        e.preventDefault();
        this.panBy(mv[0], mv[1]);
      } else if (e.key === '+' || e.key === '=') this.zoomBy(1);
      else if (e.key === '-') this.zoomBy(-1);
    });
  }
}

export { KINDS };
