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
import { inParallel } from '../lib/parallel.ts';
import { type MarchLedger, RESOURCES } from './ledger.ts';
import { add, intField, num, type Recorders, strField } from './ops.ts';

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
  const list = (table: string) =>
    rec.must('CFetchV2', () => data.CFetchV2({ table, ownerId: player }));
  const [troops, marches, reports, me] = await Promise.all([
    list('troop'),
    list('map_march'),
    list('map_report'),
    rec.must('FetchV2', () => data.FetchV2({ table: 'player', ownerId: player, memberId: 0 })),
  ]);
  const sig: string[] = [];
  let records = 0;
  for (const r of troops.records ?? []) {
    records += intField(r.fields, 'count') + intField(r.fields, 'wounded');
    sig.push(`t${num(r.memberId)}:${num(r.version)}`);
  }
  let inMarches = 0;
  for (const r of marches.records ?? []) {
    const stacks = JSON.parse(strField(r.fields, 'troops') || '[]') as number[][];
    for (const s of stacks) inMarches += (s[3] ?? 0) + (s[4] ?? 0);
    sig.push(`m${num(r.memberId)}:${num(r.version)}`);
  }
  let dead = 0;
  const plunderLost: Record<string, number> = {};
  for (const r of reports.records ?? []) {
    const id = num(r.memberId);
    sig.push(`r${id}`);
    if (baseReports.has(id) || strField(r.fields, 'kind') !== 'battle') continue;
    const result = JSON.parse(strField(r.fields, 'result') || '{}') as ReportResult;
    for (const row of [...(result.losses?.attacker ?? []), ...(result.losses?.defender ?? [])])
      if (row.player === player) dead += row.dead;
    if (result.role === 'defender')
      for (const [k, v] of Object.entries(result.plunder ?? {})) add(plunderLost, k, v);
  }
  sig.push(`p${num(me.record?.version)}`);
  return {
    records,
    inMarches,
    dead,
    marches: (marches.records ?? []).length,
    resources: Object.fromEntries(RESOURCES.map((k) => [k, intField(me.record?.fields, k)])),
    plunderLost,
    reportIds: (reports.records ?? []).map((r) => num(r.memberId)),
    signature: sig.sort().join(','),
  };
}

/** Two reads in a row that agree (up to 5 tries): null when the player never stood still. */
export async function stableRead(
  rec: Recorders,
  data: DataClient,
  player: number,
  baseReports: ReadonlySet<number>,
): Promise<TroopRead | null> {
  let prev = await readPlayer(rec, data, player, baseReports);
  for (let i = 0; i < 5; i++) {
    const next = await readPlayer(rec, data, player, baseReports);
    if (next.signature === prev.signature) return next;
    prev = next;
  }
  return null;
}

/** The troop invariant on a stable read: a violation's text, or null. */
export function troopProblem(st: PlayerState, r: TroopRead): string | null {
  const total = r.records + r.inMarches + r.dead;
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
    const start = st.baseResources[k] ?? 0;
    const spent = st.spent[k] ?? 0;
    const plundered = r.plunderLost[k] ?? 0;
    const home = homeLoads[k] ?? 0;
    const want = start - spent - plundered + home;
    const have = r.resources[k] ?? 0;
    if (have !== want)
      problems.push(
        `${k} ${have}, expected ${want} (start ${start} - spent ${spent} - plundered ${plundered} + brought home ${home}; ${have > want ? '+' : ''}${have - want})`,
      );
  }
  return problems.length ? problems.join('; ') : null;
}

/** POST /v1/battles on battle-server, with the process's TLS material and token (the bench's flags). */
export function battlePoster(battleUrl: string, timeoutMs: number) {
  const security = getDefaultClientSecurity();
  const post = httpPoster(`${battleUrl}/v1/battles`, security?.tls);
  const headers = {
    'content-type': 'application/json',
    ...(security?.token ? { authorization: bearer(security.token) } : {}),
  };
  return (body: string) => post(body, headers, timeoutMs);
}

/** A battle report recomputed (GetReport, then its input POSTed): a violation's text, or null. */
export async function recomputeReport(
  rec: Recorders,
  map: MapClient,
  battle: ReturnType<typeof battlePoster>,
  player: number,
  reportId: number,
): Promise<string | null> {
  const r = await rec.must('GetReport', () => map.GetReport({ playerId: player, reportId }));
  if (r.kind !== 'battle') return null;
  const res = await rec.must('POST /v1/battles', async () => {
    const got = await battle(r.inputJson ?? '');
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
): Violation[] {
  const out: Violation[] = [];
  for (const [id, player] of started) {
    const e = ledger.get(id);
    const detail = !e
      ? `march ${id}: no event of it told`
      : e.started !== 1 || e.home !== 1
        ? `march ${id} (${e.kind}): started ${e.started} time(s), came home ${e.home} time(s)`
        : null;
    if (detail) out.push({ check: 'exactly-once', player, step: 'after the run', detail });
  }
  return out;
}

interface RecordRef {
  owner: number;
  table: string;
  member: number;
}

export interface CacheCheck {
  records: number;
  cached: number;
  mismatches: (RecordRef & { problem: string })[];
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
): Promise<CacheCheck> {
  const out: CacheCheck = { records: 0, cached: 0, mismatches: [] };
  const items: RecordRef[] = [];
  await inParallel(owners, 16, async (o) => {
    for (const table of o.single ?? []) items.push({ owner: o.owner, table, member: 0 });
    for (const table of o.tables) {
      const c = await rec.must('CFetchV2', () => data.CFetchV2({ table, ownerId: o.owner }));
      for (const r of c.records ?? [])
        items.push({ owner: o.owner, table, member: num(r.memberId) });
    }
  });
  await inParallel(items, 16, async (it) => {
    const r = await rec.must('InspectV2', () =>
      data.InspectV2({ table: it.table, ownerId: it.owner, memberId: it.member }),
    );
    out.records++;
    if (r.cached) out.cached++;
    const problem =
      r.served && r.stored
        ? diffWireRecords(r.served, r.stored)
        : r.served
          ? 'served but not stored'
          : r.stored
            ? 'stored but not served'
            : null;
    if (problem) out.mismatches.push({ ...it, problem: `served vs stored: ${problem}` });
  });
  return out;
}
