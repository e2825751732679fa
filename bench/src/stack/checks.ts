// bench stack's invariants, read from the stack itself:
// - troops per player: troop records (count + wounded) + troops in the player's marches + the
//   dead of its battle reports = what it had at the start (at each log-out, from a stable read,
//   and after the run with every march home);
// - resources per player, after the run: what it had - what its upgrades spent - what was
//   plundered from it (its defender reports) + every load its marches brought home (the map
//   ledger's home-comings: gathered and plundered);
// - every march the sessions started settled exactly once (one start, one home-coming told, no
//   march record left), and no change of the map missing from the ledger's streams;
// - every battle report recomputed through battle-server from its stored input and seed to the
//   same hash;
// - cache == store: every record of the players and the map's regions as data-server serves it
//   and as db-proxy holds it (InspectV2), equal.
import type {
  slg_dataserver_v2_DataServiceDefinition,
  slg_mapserver_v1_MapServiceDefinition,
} from '@slg/proto';
import { bearer, type GrpcClient, getDefaultClientSecurity, httpPoster } from '@slg/service-kit';
import { diffWireRecords } from '../data/model.ts';
import { type MarchLedger, RESOURCES } from './ledger.ts';
import { intField, num, type Recorders, strField } from './ops.ts';

export type DataClient = GrpcClient<typeof slg_dataserver_v2_DataServiceDefinition>;
export type MapClient = GrpcClient<typeof slg_mapserver_v1_MapServiceDefinition>;

/** A broken invariant, with the player (null: the world's) and the step that found it. */
export interface Violation {
  check: 'troops' | 'resources' | 'exactly-once' | 'report-hash' | 'stream' | 'cache';
  player: number | null;
  step: string;
  detail: string;
}

export interface PlayerState {
  baseTroops: number;
  baseResources: Record<string, number>;
  /** Reports that existed before the run (not this run's). */
  baseReports: Set<number>;
  spent: Record<string, number>;
  reportsChecked: Set<number>;
  /** Why this player's resources cannot be checked (a write of unknown outcome), or null. */
  uncertain: string | null;
}

interface ReportResult {
  role?: string;
  plunder?: Record<string, number>;
  losses?: {
    attacker?: { player: number; dead: number }[];
    defender?: { player: number; dead: number }[];
  };
}

export interface TroopRead {
  records: number;
  inMarches: number;
  dead: number;
  marches: number;
  resources: Record<string, number>;
  loadsOut: Record<string, number>;
  plunderLost: Record<string, number>;
  reportIds: number[];
  /** Versions of everything read: two equal signatures in a row are a stable read. */
  signature: string;
}

/** One read of a player's troops, marches, reports and resources (through data-server). */
export async function readPlayer(
  rec: Recorders,
  data: DataClient,
  player: number,
  baseReports: ReadonlySet<number>,
): Promise<TroopRead> {
  const [troops, marches, reports, me] = await Promise.all([
    rec.must('CFetchV2', () => data.CFetchV2({ table: 'troop', ownerId: player })),
    rec.must('CFetchV2', () => data.CFetchV2({ table: 'map_march', ownerId: player })),
    rec.must('CFetchV2', () => data.CFetchV2({ table: 'map_report', ownerId: player })),
    rec.must('FetchV2', () => data.FetchV2({ table: 'player', ownerId: player, memberId: 0 })),
  ]);
  const sig: string[] = [];
  let records = 0;
  for (const r of troops.records ?? []) {
    records += intField(r.fields as never, 'count') + intField(r.fields as never, 'wounded');
    sig.push(`t${num(r.memberId)}:${num(r.version)}`);
  }
  let inMarches = 0;
  const loadsOut: Record<string, number> = {};
  for (const r of marches.records ?? []) {
    const stacks = JSON.parse(strField(r.fields as never, 'troops') || '[]') as number[][];
    for (const s of stacks) inMarches += (s[3] ?? 0) + (s[4] ?? 0);
    const load = JSON.parse(strField(r.fields as never, 'load') || '{}') as Record<string, number>;
    for (const [k, v] of Object.entries(load)) loadsOut[k] = (loadsOut[k] ?? 0) + v;
    sig.push(`m${num(r.memberId)}:${num(r.version)}`);
  }
  let dead = 0;
  const plunderLost: Record<string, number> = {};
  for (const r of reports.records ?? []) {
    const id = num(r.memberId);
    sig.push(`r${id}`);
    if (baseReports.has(id) || strField(r.fields as never, 'kind') !== 'battle') continue;
    const result = JSON.parse(strField(r.fields as never, 'result') || '{}') as ReportResult;
    for (const row of [...(result.losses?.attacker ?? []), ...(result.losses?.defender ?? [])])
      if (row.player === player) dead += row.dead;
    if (result.role === 'defender')
      for (const [k, v] of Object.entries(result.plunder ?? {}))
        plunderLost[k] = (plunderLost[k] ?? 0) + v;
  }
  const resources: Record<string, number> = {};
  for (const k of RESOURCES) resources[k] = intField(me.record?.fields as never, k);
  sig.push(`p${num(me.record?.version)}`);
  return {
    records,
    inMarches,
    dead,
    marches: (marches.records ?? []).length,
    resources,
    loadsOut,
    plunderLost,
    reportIds: (reports.records ?? []).map((r) => num(r.memberId)),
    signature: sig.sort().join(','),
  };
}

/** Two reads in a row that agree (up to `tries`): null when the player never stood still. */
export async function stableRead(
  rec: Recorders,
  data: DataClient,
  player: number,
  baseReports: ReadonlySet<number>,
  tries = 5,
): Promise<TroopRead | null> {
  let prev = await readPlayer(rec, data, player, baseReports);
  for (let i = 0; i < tries; i++) {
    const next = await readPlayer(rec, data, player, baseReports);
    if (next.signature === prev.signature) return next;
    prev = next;
  }
  return null;
}

export function troopsOf(r: TroopRead): number {
  return r.records + r.inMarches + r.dead;
}

/** The troop invariant on a stable read: a violation's text, or null. */
export function troopProblem(st: PlayerState, r: TroopRead): string | null {
  const total = troopsOf(r);
  if (total === st.baseTroops) return null;
  return `troops ${r.records} in records + ${r.inMarches} in ${r.marches} marches + ${r.dead} dead = ${total}, started with ${st.baseTroops} (${total > st.baseTroops ? '+' : ''}${total - st.baseTroops})`;
}

/** The resource invariant after the run (every march home): a violation's text, or null. */
export function resourceProblem(
  st: PlayerState,
  r: TroopRead,
  homeLoads: Record<string, number>,
): string | null {
  const problems: string[] = [];
  for (const k of RESOURCES) {
    const want =
      (st.baseResources[k] ?? 0) -
      (st.spent[k] ?? 0) -
      (r.plunderLost[k] ?? 0) +
      (homeLoads[k] ?? 0);
    const have = r.resources[k] ?? 0;
    if (have !== want)
      problems.push(
        `${k} ${have}, expected ${want} (start ${st.baseResources[k] ?? 0} - spent ${st.spent[k] ?? 0} - plundered ${r.plunderLost[k] ?? 0} + brought home ${homeLoads[k] ?? 0}; ${have > want ? '+' : ''}${have - want})`,
      );
  }
  return problems.length ? problems.join('; ') : null;
}

/** A battle report recomputed: GetReport, then its input POSTed to battle-server. */
/** POST /v1/battles on battle-server, with the process's TLS material and token (the bench's flags). */
export type BattlePost = (
  body: string,
  timeoutMs: number,
) => Promise<{ status: number; text: string }>;

export function battlePoster(battleUrl: string): BattlePost {
  const security = getDefaultClientSecurity();
  const post = httpPoster(`${battleUrl}/v1/battles`, security?.tls);
  const headers = {
    'content-type': 'application/json',
    ...(security?.token ? { authorization: bearer(security.token) } : {}),
  };
  return (body, timeoutMs) => post(body, headers, timeoutMs);
}

export async function recomputeReport(
  rec: Recorders,
  map: MapClient,
  battle: BattlePost,
  deadlineMs: number,
  player: number,
  reportId: number,
): Promise<string | null> {
  const r = await rec.must('GetReport', () => map.GetReport({ playerId: player, reportId }));
  if (r.kind !== 'battle') return null;
  const res = await rec.must('POST /v1/battles', async () => {
    const got = await battle(r.inputJson ?? '', deadlineMs);
    if (got.status !== 200) throw new Error(`HTTP ${got.status}: ${got.text.slice(0, 200)}`);
    return JSON.parse(got.text) as { hash?: string };
  });
  if (res.hash !== r.hash)
    return `report ${reportId} (march ${num(r.marchId)}): stored hash ${r.hash}, recomputed ${res.hash}`;
  return null;
}

/** Exactly once, from the ledger: each started march told started once and home once. */
export function exactlyOnceProblems(
  started: ReadonlyMap<number, number>,
  ledger: ReadonlyMap<number, MarchLedger>,
): { marchId: number; player: number; detail: string }[] {
  const out: { marchId: number; player: number; detail: string }[] = [];
  for (const [id, player] of started) {
    const e = ledger.get(id);
    if (!e) {
      out.push({ marchId: id, player, detail: `march ${id}: no event of it told` });
      continue;
    }
    if (e.started !== 1 || e.home !== 1)
      out.push({
        marchId: id,
        player,
        detail: `march ${id} (${e.kind}): started ${e.started} time(s), came home ${e.home} time(s)`,
      });
  }
  return out;
}

export interface CacheCheck {
  records: number;
  cached: number;
  mismatches: { owner: number; table: string; member: number; problem: string }[];
}

async function pool<T>(items: readonly T[], lanes: number, fn: (x: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * cache == store: for each owner and table, the members data-server lists (CFetchV2), each read
 * with InspectV2 (as FetchV2 serves it, from the cache when it is there, and as db-proxy holds
 * it): both present and equal, version and fields.
 */
export async function cacheEqualsStore(
  rec: Recorders,
  data: DataClient,
  owners: readonly { owner: number; tables: readonly string[]; single?: readonly string[] }[],
  lanes = 16,
): Promise<CacheCheck> {
  const out: CacheCheck = { records: 0, cached: 0, mismatches: [] };
  const items: { owner: number; table: string; member: number }[] = [];
  await pool(owners, lanes, async (o) => {
    for (const table of o.single ?? []) items.push({ owner: o.owner, table, member: 0 });
    for (const table of o.tables) {
      const c = await rec.must('CFetchV2', () => data.CFetchV2({ table, ownerId: o.owner }));
      for (const r of c.records ?? [])
        items.push({ owner: o.owner, table, member: num(r.memberId) });
    }
  });
  await pool(items, lanes, async (it) => {
    const r = await rec.must('InspectV2', () =>
      data.InspectV2({ table: it.table, ownerId: it.owner, memberId: it.member }),
    );
    out.records++;
    if (r.cached) out.cached++;
    let problem: string | null = null;
    if (r.served && r.stored) problem = diffWireRecords(r.served, r.stored);
    else if (r.served || r.stored)
      problem = r.served ? 'served but not stored' : 'stored but not served';
    if (problem) out.mismatches.push({ ...it, problem: `served vs stored: ${problem}` });
  });
  return out;
}
