// The post-verification: after a run, every record the run knows is read as data-server
// serves it and as the store of record (db-proxy) holds it (InspectV2), and both are compared
// with each other and with the state the clients expect. Every collection's membership is
// checked through CFetchV2 and CCountV2, and, given db-proxy's address, once more straight
// from db-proxy (List/Get), independently of data-server. A record whose last write is still
// unknown (the run could not read it back) passes in any state that write may have left.
// Every state found that no write explains is classified as the ledger does: a lost write (an
// acknowledged one missing) or a phantom write; a player whose records cannot be read is
// unreadable. Each of these fails the run.
import {
  type Long,
  slg,
  slg_dataserver_v2_DataServiceDefinition,
  slg_dbproxy_v1_DbProxyDefinition,
  toBigInt,
  toLong,
} from '@slg/proto';
import { createGrpcClient } from '@slg/service-kit';
import { inParallel } from '../lib/parallel.ts';
import { int } from '../lib/report.ts';
import {
  classify,
  diffState,
  diffWireRecords,
  type ExpectedRecord,
  type RecordState,
  recordFromJson,
} from './model.ts';
import type { GameSchema, TableInfo } from './schema.ts';

export interface VerifyOptions {
  target: string;
  dbproxy: string | null;
  schema: GameSchema;
  records: readonly ExpectedRecord[];
  concurrency: number;
  deadlineMs: number;
  /** Mismatches printed as found (all are counted and returned). */
  printLimit: number;
  /** Where the mismatches are printed (default: the console). */
  log?: (line: string) => void;
}

export interface VerifyMismatch {
  table: string;
  ownerId: string;
  memberId: string | null;
  /** served / stored: vs the expected state; served-vs-stored; collection; dbproxy. */
  check: string;
  problem: string;
  /** lost / phantom: a write missing / a value no write explains; null: cache vs store, a count. */
  kind?: 'lost' | 'phantom' | null;
}

export interface VerifyResult {
  records: number;
  collections: number;
  /** Records whose served copy came from the cache (InspectV2's `cached`). */
  cachedServed: number;
  mismatchCount: number;
  mismatches: VerifyMismatch[];
  errors: number;
  errorSamples: string[];
  elapsedS: number;
  dbproxyChecked: boolean;
  /** Records (table/owner/member) found with an acknowledged write missing. */
  lost: number;
  /** Records found in a state no write explains (or present though never created). */
  phantom: number;
  /** Players some record or collection of which could not be read. */
  unreadable: number;
  /** Records exported with alternatives (their last write's outcome still unknown). */
  unsettled: number;
}

const MAX_KEPT = 1000;

type Found = slg.dataserver.v2.IRecord | slg.dbproxy.v1.IRow | null;

export async function verify(o: VerifyOptions): Promise<VerifyResult> {
  const t0 = performance.now();
  const log = o.log ?? ((line: string) => console.log(line));
  const ds = createGrpcClient(slg_dataserver_v2_DataServiceDefinition, o.target, {
    deadlineMs: o.deadlineMs,
    idempotent: ['InspectV2', 'CFetchV2', 'CCountV2'],
    channels: 2,
  });
  const db = o.dbproxy
    ? createGrpcClient(slg_dbproxy_v1_DbProxyDefinition, o.dbproxy, {
        deadlineMs: o.deadlineMs,
        idempotent: ['Get', 'List'],
      })
    : null;
  const result: VerifyResult = {
    records: o.records.length,
    collections: 0,
    cachedServed: 0,
    mismatchCount: 0,
    mismatches: [],
    errors: 0,
    errorSamples: [],
    elapsedS: 0,
    dbproxyChecked: db !== null,
    lost: 0,
    phantom: 0,
    unreadable: 0,
    unsettled: o.records.filter((e) => e.alternatives).length,
  };
  const lost = new Set<string>();
  const phantom = new Set<string>();
  const unreadable = new Set<string>();
  const report = (m: VerifyMismatch) => {
    const key = `${m.table}/${m.ownerId}/${m.memberId}`;
    if (m.kind === 'lost') lost.add(key);
    else if (m.kind === 'phantom') phantom.add(key);
    result.mismatchCount++;
    if (result.mismatches.length < MAX_KEPT) result.mismatches.push(m);
    if (result.mismatchCount <= o.printLimit) {
      log(
        `VERIFY MISMATCH ${m.table} owner=${m.ownerId}${m.memberId === null ? '' : ` member=${m.memberId}`} [${m.check}]: ${m.problem}${m.kind ? ` (${m.kind} write)` : ''}`,
      );
    }
  };
  const failed = (what: string, err: unknown, owner?: string) => {
    if (owner !== undefined) unreadable.add(owner);
    result.errors++;
    if (result.errorSamples.length < 20)
      result.errorSamples.push(`${what}: ${(err as Error).message}`);
  };
  /** A record found against every state it may be in, reported unless it is one of them. */
  const checkFound = (e: ExpectedRecord, table: TableInfo, check: string, got: Found) => {
    const wants = wantsOf(e);
    const problem = compareAny(table, BigInt(e.ownerId), Number(e.memberId), wants, got);
    if (!problem) return;
    const { ownerId, memberId } = e;
    // A record listed in the run's export existed (or may exist): found where it must not is a lost remove.
    const kind = classify(wants, got ? toBigInt(got.version as Long) : null, true);
    report({ table: e.table, ownerId, memberId, check, problem, kind });
  };
  try {
    await ds.waitForReady(10_000);
    // Records: served and stored, side by side.
    await inParallel(o.records, o.concurrency, async (e) => {
      const table = o.schema.byName.get(e.table);
      if (!table) return failed(`${e.table}`, new Error('table not in the schema'));
      let res: slg.dataserver.v2.InspectResponse;
      try {
        res = await ds.InspectV2(
          slg.dataserver.v2.InspectRequest.create({
            table: e.table,
            ownerId: toLong(BigInt(e.ownerId)),
            memberId: toLong(BigInt(e.memberId)),
          }),
        );
      } catch (err) {
        return failed(`InspectV2 ${e.table} ${e.ownerId}/${e.memberId}`, err, e.ownerId);
      }
      if (res.cached) result.cachedServed++;
      checkFound(e, table, 'served', res.served ?? null);
      checkFound(e, table, 'stored', res.stored ?? null);
      const versus = (problem: string) =>
        report({
          table: e.table,
          ownerId: e.ownerId,
          memberId: e.memberId,
          check: 'served-vs-stored',
          problem,
        });
      if (res.served && res.stored) {
        const d = diffWireRecords(res.served, res.stored);
        if (d) versus(d);
      } else if (!res.served !== !res.stored) {
        versus(res.served ? 'served but not stored' : 'stored but not served');
      }
    });
    // Collections: membership and count, through data-server and (optionally) db-proxy.
    const players = o.records.filter((e) => e.table === o.schema.playerTable.name);
    const owners = [...new Set(players.map((e) => e.ownerId))];
    // Members that must exist (with every state they may be in), and those that may exist (an
    // unsettled write's alternatives, one of them no record).
    const expected = new Map<string, Map<number, RecordState[]>>();
    const optional = new Map<string, Set<number>>();
    for (const e of o.records) {
      const wants = wantsOf(e);
      const present = wants.filter((w) => w !== undefined);
      if (present.length === 0) continue;
      const key = `${e.table}/${e.ownerId}`;
      if (present.length < wants.length) {
        optional.set(key, (optional.get(key) ?? new Set()).add(Number(e.memberId)));
      } else {
        expected.set(key, (expected.get(key) ?? new Map()).set(Number(e.memberId), present));
      }
    }
    const collections = owners.flatMap((owner) =>
      o.schema.collections.map((table) => ({ owner, table })),
    );
    result.collections = collections.length;
    await inParallel(collections, o.concurrency, async ({ owner, table }) => {
      const key = `${table.name}/${owner}`;
      const want = expected.get(key) ?? new Map<number, RecordState[]>();
      const maybe = optional.get(key) ?? new Set<number>();
      const base = { table: table.name, ownerId: owner, memberId: null };
      const ownerLong = toLong(BigInt(owner));
      // A member missing is a lost write; one no write created, a phantom; each reported once.
      const members = (check: string, source: string, ids: number[]) => {
        const got = new Set(ids);
        const missing = [...want.keys()].filter((id) => !got.has(id));
        const extra = ids.filter((id) => !want.has(id) && !maybe.has(id));
        for (const [kind, found, what] of [
          ['lost', missing, 'missing'],
          ['phantom', extra, 'nobody created (or removed)'],
        ] as const) {
          for (const id of found.sort((a, b) => a - b)) {
            const problem = `${source}: member ${id} ${what}`;
            report({ ...base, memberId: String(id), check, kind, problem });
          }
        }
      };
      try {
        const request = { table: table.name, ownerId: ownerLong };
        const res = await ds.CFetchV2(slg.dataserver.v2.CFetchRequest.create(request));
        members(
          'collection',
          'CFetchV2',
          res.records.map((r) => Number(toBigInt(r.memberId as Long))),
        );
        const counted = await ds.CCountV2(slg.dataserver.v2.CCountRequest.create(request));
        const count = Number(toBigInt(counted.count as Long));
        if (count < want.size || count > want.size + maybe.size)
          report({
            ...base,
            check: 'collection',
            problem: `CCountV2 ${count}, expected ${want.size}${maybe.size ? ` to ${want.size + maybe.size}` : ''}`,
          });
      } catch (err) {
        return failed(`CFetchV2/CCountV2 ${table.name} ${owner}`, err, owner);
      }
      if (!db) return;
      try {
        const rows = await listRows(db, table, ownerLong);
        members('dbproxy', 'List', [...rows.keys()]);
        for (const [id, states] of want) {
          const r = rows.get(id);
          const d = r && compareAny(table, BigInt(owner), id, states, r);
          if (d) report({ ...base, check: 'dbproxy', problem: `member ${id}: ${d}` });
        }
      } catch (err) {
        failed(`db-proxy List ${table.name} ${owner}`, err, owner);
      }
    });
    if (db) {
      // The player records, straight from db-proxy.
      await inParallel(players, o.concurrency, async (e) => {
        try {
          const res = await db.Get(
            slg.dbproxy.v1.GetRequest.create({
              table: e.table,
              key: [{ int: toLong(BigInt(e.ownerId)) }],
            }),
          );
          checkFound(e, o.schema.playerTable, 'dbproxy', res.row ?? null);
        } catch (err) {
          // A missing row is an OK answer without one (compared above), so any error is a failure.
          failed(`db-proxy Get ${e.table} ${e.ownerId}`, err, e.ownerId);
        }
      });
    }
  } finally {
    ds.close();
    db?.close();
  }
  result.elapsedS = (performance.now() - t0) / 1000;
  result.lost = lost.size;
  result.phantom = phantom.size;
  result.unreadable = unreadable.size;
  return result;
}

/** Every state a record may be in: its expected state, or its unsettled write's alternatives. */
function wantsOf(e: ExpectedRecord): (RecordState | undefined)[] {
  return e.alternatives
    ? e.alternatives.map((a) => recordFromJson({ ...e, ...a }))
    : [recordFromJson(e)];
}

/** Null when `got` is one of the states, else the difference from the first. */
function compareAny(
  table: TableInfo,
  owner: bigint,
  member: number,
  wants: (RecordState | undefined)[],
  got: Found,
): string | null {
  const problems = wants.map((want) => diffState(table, owner, member, want, got));
  return problems.includes(null) ? null : problems[0]!;
}

/** A collection's rows in the store of record, by member id (every page of db-proxy's List). */
async function listRows(
  db: ReturnType<typeof createGrpcClient<typeof slg_dbproxy_v1_DbProxyDefinition>>,
  table: TableInfo,
  owner: Long,
): Promise<Map<number, slg.dbproxy.v1.IRow>> {
  const memberCol = table.keyColumns[1]!;
  const rows = new Map<number, slg.dbproxy.v1.IRow>();
  let pageToken = '';
  do {
    const page = await db.List(
      slg.dbproxy.v1.ListRequest.create({ table: table.name, shardKey: { int: owner }, pageToken }),
    );
    for (const r of page.rows)
      rows.set(Number(toBigInt((r.fields?.[memberCol]?.int ?? 0) as Long)), r);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return rows;
}

/**
 * The post-verification with its opening line (`of`: what the records are of) and its summary;
 * `failed` when it found a mismatch or an error.
 */
export async function verifyAndReport(
  o: VerifyOptions,
  of: string,
  say: (line: string) => void,
): Promise<{ result: VerifyResult; failed: boolean }> {
  say(
    `post-verification of ${int(o.records.length)} records${of} through ${o.target}${o.dbproxy ? ` and db-proxy ${o.dbproxy}` : ''}...`,
  );
  const v = await verify(o);
  say(
    `post-verification: ${int(v.records)} records (${int(v.cachedServed)} served from the cache), ${int(v.collections)} collections` +
      `${v.dbproxyChecked ? ', and db-proxy directly' : ''}, in ${v.elapsedS.toFixed(1)} s: ${int(v.mismatchCount)} mismatches, ${int(v.errors)} errors; ` +
      `lost ${int(v.lost)}, phantom ${int(v.phantom)}, unreadable ${int(v.unreadable)} players` +
      (v.unsettled
        ? ` (${int(v.unsettled)} records with a write of unknown outcome, checked against each state it may have left)`
        : ''),
  );
  for (const e of v.errorSamples.slice(0, 5)) say(`  error: ${e}`);
  const failed = v.mismatchCount > 0 || v.errors > 0;
  if (failed)
    say(
      `FAIL: post-verification found ${int(v.mismatchCount)} mismatches and ${int(v.errors)} errors`,
    );
  return { result: v, failed };
}
