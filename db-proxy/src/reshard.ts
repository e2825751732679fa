// Moving slots from one backend to another while db-proxy serves (DBPROXY_SLOT_MAP=backend).
// The sequence, for a set of slots going to one target (docs/design/sharding.md says why each step):
//   1. copy: the slots' rows from each source to the target, while writes go on (a diff by full
//      row: missing or different rows written, extra rows removed);
//   2. freeze: the slots marked frozen, version V1; wait until every live db-proxy acks V1 (holds
//      the slots' writes, and nothing routed under an older map is still running);
//   3. catch up: the diff again, now that nothing writes the slots, then once more, which must
//      find nothing (else the move is undone: unfrozen, the source still the owner);
//   4. flip: the target made the owner (still frozen), V2; wait for every ack of V2 (every read
//      now goes to the target);
//   5. unfreeze: V3, the held writes go to the target; wait for every ack of V3;
//   6. clean: the slots' rows deleted from the source.
// One mover at a time (GET_LOCK on the control backend). A mover that stops half-way leaves the
// state in the map table: running the same move again finishes it.
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as Mysql from 'mysql2/promise';
import { loadSchema, type Schema, type Table } from './schema.ts';
import { type BackendSpec, type MysqlSpec, parseBackends, slotOf } from './shards.ts';
import {
  backendId,
  controlConnection,
  DB_NOW_MS,
  ensureMap,
  MAP_TABLE,
  type PersistedMap,
  PROXIES_TABLE,
  readMap,
  VERSION_TABLE,
} from './slot-map-store.ts';
import { createTable, quoteId } from './sql.ts';

export interface ReshardOptions {
  /** DBPROXY_BACKENDS: every backend, the control backend first. */
  backends: string;
  /** DBPROXY_SLOTS. */
  slots: number;
  schema: string | URL | { tables: unknown };
  /** How long to wait for every live db-proxy to ack a new map version. */
  ackTimeoutMs?: number;
  /** How often to read the acks. */
  pollMs?: number;
  /** An instance whose lease ended this long ago (the control server's clock) is taken as gone. */
  deadMarginMs?: number;
  /** Shard keys read and copied per statement. */
  keysPerBatch?: number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface MoveReport {
  to: string;
  /** Slots moved by this run (or finished from an earlier one). */
  slots: number[];
  /** Rows written to the target / removed from it, in the copy and in the catch-up. */
  copied: { rows: number; removed: number };
  caughtUp: { rows: number; removed: number };
  /** Rows deleted from the sources at the end. */
  cleaned: number;
  /** Time from the freeze's commit to the unfreeze's commit: how long writes of the slots waited at most. */
  frozenMs: number;
  versions: string[];
}

export interface ProxyStatus {
  instance: string;
  version: bigint;
  leaseMsLeft: number;
  backends: string[];
}

export class ReshardError extends Error {
  override name = 'ReshardError';
}

/** "0-9,20,30-31" into slot numbers. */
export function parseSlotList(spec: string, slots: number): number[] {
  const out = new Set<number>();
  for (const part of spec.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new ReshardError(`slots "${part}": expected a or a-b`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > b || b >= slots)
      throw new ReshardError(`slots "${part}": must be within 0-${slots - 1}, low to high`);
    for (let s = a; s <= b; s++) out.add(s);
  }
  if (out.size === 0) throw new ReshardError('no slots given');
  return [...out].sort((x, y) => x - y);
}

type Row = unknown[];

// Typed parameters, so that int64 values travel as 64-bit integers (a string compared with a
// BIGINT is compared as a double, which is not exact beyond 2^53).
const { LONGLONG, TINY } = (createRequire(import.meta.url)('mysql2/promise') as typeof Mysql)
  .TypedParameter;

function typed(v: unknown, type: string): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'int64') return LONGLONG(BigInt(v as string));
  if (type === 'bool') return TINY(Number(v));
  return v;
}

function cellKey(v: unknown): string {
  if (v === null || v === undefined) return 'N';
  if (Buffer.isBuffer(v)) return `B${v.toString('hex')}`;
  if (typeof v === 'number') return `D${Object.is(v, -0) ? '-0' : String(v)}`;
  return `S${String(v)}`;
}

export class Resharder {
  readonly #o: Required<Omit<ReshardOptions, 'log'>> & Pick<ReshardOptions, 'log'>;
  readonly #schema: Schema;
  readonly #specs: Map<string, MysqlSpec>;
  readonly #seed: string[];
  readonly #controlId: string;
  readonly #conns = new Map<string, Mysql.Connection>();
  #control: Mysql.Connection | undefined;

  constructor(o: ReshardOptions) {
    this.#o = {
      ackTimeoutMs: 30_000,
      pollMs: 25,
      deadMarginMs: 1000,
      keysPerBatch: 200,
      ...o,
    };
    this.#schema = loadSchema(o.schema);
    const { specs, owners } = parseBackends(o.backends, o.slots);
    const ids = specs.map(backendId);
    if (specs.some((s: BackendSpec) => s.kind !== 'mysql'))
      throw new ReshardError('resharding needs MySQL backends only');
    this.#specs = new Map(ids.map((id, i) => [id, specs[i] as MysqlSpec]));
    this.#seed = owners.map((i) => ids[i]!);
    this.#controlId = ids[0]!;
  }

  #log(msg: string, fields?: Record<string, unknown>): void {
    this.#o.log?.(msg, fields);
  }

  /** A backend id from an id or a URL of DBPROXY_BACKENDS. */
  resolve(target: string): string {
    if (this.#specs.has(target)) return target;
    try {
      const { specs } = parseBackends(target.replace(/\?.*$/, ''), this.#o.slots);
      const id = backendId(specs[0]!);
      if (this.#specs.has(id)) return id;
    } catch {}
    throw new ReshardError(
      `${target} is not one of DBPROXY_BACKENDS (${[...this.#specs.keys()].join(', ')})`,
    );
  }

  async #conn(id: string): Promise<Mysql.Connection> {
    let c = this.#conns.get(id);
    if (!c) {
      c = await controlConnection(this.#specs.get(id)!);
      await c.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
      await c.query("SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION'");
      this.#conns.set(id, c);
    }
    return c;
  }

  async #controlConn(): Promise<Mysql.Connection> {
    if (!this.#control) {
      this.#control = await controlConnection(this.#specs.get(this.#controlId)!);
      await ensureMap(this.#control, this.#seed);
    }
    return this.#control;
  }

  async map(): Promise<PersistedMap> {
    return readMap(await this.#controlConn());
  }

  async proxies(): Promise<ProxyStatus[]> {
    const c = await this.#controlConn();
    const [rows] = await c.query<Mysql.RowDataPacket[]>(
      `SELECT instance, version, lease_until - ${DB_NOW_MS} AS left_ms, backends FROM \`${PROXIES_TABLE}\` ORDER BY instance`,
    );
    return rows.map((r) => ({
      instance: String(r.instance),
      version: BigInt(r.version),
      leaseMsLeft: Number(r.left_ms),
      backends: String(r.backends).split(' ').filter(Boolean),
    }));
  }

  /** Moves `slots` to `target` (a backend id or URL); see the sequence at the top of this file. */
  async move(slots: number[], target: string): Promise<MoveReport> {
    const to = this.resolve(target);
    const c = await this.#controlConn();
    const lockName = `slg_reshard_${this.#specs.get(this.#controlId)!.database}`;
    const [got] = await c.query<Mysql.RowDataPacket[]>('SELECT GET_LOCK(?, 0) AS ok', [lockName]);
    if (Number(got[0]?.ok) !== 1)
      throw new ReshardError('another reshard is running on this slot map (GET_LOCK)');
    try {
      return await this.#move(slots, to);
    } finally {
      await c.query('SELECT RELEASE_LOCK(?)', [lockName]).catch(() => undefined);
    }
  }

  async #move(slots: number[], to: string): Promise<MoveReport> {
    const report: MoveReport = {
      to,
      slots: [],
      copied: { rows: 0, removed: 0 },
      caughtUp: { rows: 0, removed: 0 },
      cleaned: 0,
      frozenMs: 0,
      versions: [],
    };
    for (const s of slots)
      if (!Number.isInteger(s) || s < 0 || s >= this.#o.slots)
        throw new ReshardError(`slot ${s} is not within 0-${this.#o.slots - 1}`);
    const missing = (await this.proxies()).filter(
      (p) => p.leaseMsLeft >= 0 && !p.backends.includes(to),
    );
    if (missing.length)
      throw new ReshardError(
        `db-proxy instances without ${to} in their DBPROXY_BACKENDS: ${missing.map((p) => p.instance).join(', ')}; restart them with it first`,
      );
    const target = await this.#conn(to);
    for (const t of this.#schema.tables.values()) await target.query(createTable(t, 'mysql'));

    const map = await this.map();
    const want = new Set(slots);
    const bySource = new Map<string, number[]>();
    for (const row of map.slots) {
      if (!want.has(row.slot) || row.owner === to) continue;
      if (!this.#specs.has(row.owner))
        throw new ReshardError(`slot ${row.slot} belongs to ${row.owner}, not in DBPROXY_BACKENDS`);
      const list = bySource.get(row.owner) ?? [];
      list.push(row.slot);
      bySource.set(row.owner, list);
    }
    const moving = [...bySource.values()].flat();
    let frozenAt = 0;
    if (moving.length) {
      this.#log('copy', { slots: moving.length, to });
      for (const [from, list] of bySource) add(report.copied, await this.#sync(from, to, list));
      const v1 = await this.#change(
        `UPDATE \`${MAP_TABLE}\` SET frozen = 1, moving_to = ? WHERE slot IN (?)`,
        [to, moving],
      );
      frozenAt = Date.now();
      report.versions.push(`${v1} freeze`);
      this.#log('frozen', { version: `${v1}` });
      try {
        await this.#waitAcks(v1);
        for (const [from, list] of bySource) add(report.caughtUp, await this.#sync(from, to, list));
        for (const [from, list] of bySource) {
          const again = await this.#sync(from, to, list);
          if (again.rows || again.removed)
            throw new ReshardError(
              `${from} -> ${to}: the slots changed while frozen (${again.rows} rows differ, ${again.removed} extra); is every db-proxy running with DBPROXY_SLOT_MAP=backend?`,
            );
        }
      } catch (err) {
        const v = await this.#change(
          `UPDATE \`${MAP_TABLE}\` SET frozen = 0, moving_to = NULL WHERE slot IN (?) AND owner <> ?`,
          [moving, to],
        );
        this.#log('move undone: the sources still own the slots', {
          version: `${v}`,
          err: (err as Error).message,
        });
        throw err;
      }
      for (const [from, list] of bySource) {
        const v2 = await this.#change(
          `UPDATE \`${MAP_TABLE}\` SET owner = ?, moved_from = ?, moving_to = NULL WHERE slot IN (?)`,
          [to, from, list],
        );
        report.versions.push(`${v2} owner`);
      }
      // Left frozen (and flipped) if this times out: running the move again finishes it.
      await this.#waitAcks(BigInt(report.versions.at(-1)!.split(' ')[0]!));
    }
    // Finish: slots of `to` still frozen or with rows left on their old owner (this run's, or an
    // earlier run's that stopped half-way).
    const now = await this.map();
    const finishing = now.slots.filter(
      (r) => want.has(r.slot) && r.owner === to && (r.frozen || r.movedFrom !== null),
    );
    if (finishing.length) {
      const v3 = await this.#change(
        `UPDATE \`${MAP_TABLE}\` SET frozen = 0, moving_to = NULL WHERE slot IN (?) AND owner = ?`,
        [finishing.map((r) => r.slot), to],
      );
      if (frozenAt) report.frozenMs = Date.now() - frozenAt;
      report.versions.push(`${v3} unfreeze`);
      this.#log('unfrozen', { version: `${v3}`, frozenMs: report.frozenMs });
      await this.#waitAcks(v3);
      const byOld = new Map<string, number[]>();
      for (const r of finishing) {
        if (r.movedFrom === null || r.movedFrom === to) continue;
        const list = byOld.get(r.movedFrom) ?? [];
        list.push(r.slot);
        byOld.set(r.movedFrom, list);
      }
      const c = await this.#controlConn();
      for (const [from, list] of byOld) {
        if (!this.#specs.has(from)) continue;
        report.cleaned += await this.#clean(from, list);
        await c.query(
          `UPDATE \`${MAP_TABLE}\` SET moved_from = NULL WHERE slot IN (?) AND owner = ?`,
          [list, to],
        );
      }
      report.slots = finishing.map((r) => r.slot);
    }
    this.#log('moved', { ...report });
    return report;
  }

  /** One change of the map, with the version bump, in one transaction; the new version. */
  async #change(sql: string, params: unknown[]): Promise<bigint> {
    const c = await this.#controlConn();
    await c.query('START TRANSACTION');
    try {
      await c.query(sql, params);
      await c.query(`UPDATE \`${VERSION_TABLE}\` SET version = version + 1 WHERE id = 1`);
      const [v] = await c.query<Mysql.RowDataPacket[]>(
        `SELECT version FROM \`${VERSION_TABLE}\` WHERE id = 1`,
      );
      await c.query('COMMIT');
      return BigInt(v[0]!.version);
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  /** Waits until every db-proxy with a live lease acks `version` (nothing routed under an older map runs). */
  async #waitAcks(version: bigint): Promise<void> {
    const c = await this.#controlConn();
    const end = Date.now() + this.#o.ackTimeoutMs;
    for (;;) {
      const [rows] = await c.query<Mysql.RowDataPacket[]>(
        `SELECT instance, version FROM \`${PROXIES_TABLE}\` WHERE version < ? AND lease_until + ? >= ${DB_NOW_MS}`,
        [String(version), this.#o.deadMarginMs],
      );
      if (rows.length === 0) return;
      if (Date.now() > end)
        throw new ReshardError(
          `map version ${version}: not acknowledged after ${this.#o.ackTimeoutMs} ms by ${rows.map((r) => `${r.instance} (at ${r.version})`).join(', ')}; run the same move again to go on`,
        );
      await sleep(this.#o.pollMs);
    }
  }

  /** The shard keys of `table` on backend `id` that hash to one of `slots`. */
  async #keys(id: string, t: Table, slots: Set<number>): Promise<string[]> {
    const c = await this.#conn(id);
    const [rows] = await c.query({
      sql: `SELECT DISTINCT ${quoteId(t.shardKey.name, 'mysql')} FROM ${quoteId(t.name, 'mysql')}`,
      rowsAsArray: true,
    });
    return (rows as unknown as Row[])
      .map((r) => String(r[0]))
      .filter((k) => slots.has(slotOf(BigInt(k), this.#o.slots)));
  }

  async #rows(c: Mysql.Connection, t: Table, keys: string[]): Promise<Row[]> {
    const n = this.#o.keysPerBatch;
    const padded = [...keys];
    while (padded.length < n) padded.push(keys[0]!);
    const params = padded.map((k) => typed(k, 'int64'));
    const cols = [...t.columns.map((col) => col.name), 'version']
      .map((x) => quoteId(x, 'mysql'))
      .join(', ');
    const [rows] = await c.execute(
      {
        sql: `SELECT ${cols} FROM ${quoteId(t.name, 'mysql')} WHERE ${quoteId(t.shardKey.name, 'mysql')} IN (${padded.map(() => '?').join(', ')})`,
        rowsAsArray: true,
      },
      params as Mysql.ExecuteValues[],
    );
    return rows as unknown as Row[];
  }

  /** Makes the target's rows of `slots` equal to the source's; what it wrote and removed. */
  async #sync(
    from: string,
    to: string,
    slots: number[],
  ): Promise<{ rows: number; removed: number }> {
    const set = new Set(slots);
    const src = await this.#conn(from);
    const dst = await this.#conn(to);
    let written = 0;
    let removed = 0;
    for (const t of this.#schema.tables.values()) {
      const keys = [
        ...new Set([...(await this.#keys(from, t, set)), ...(await this.#keys(to, t, set))]),
      ];
      const pk = t.primaryKey.map((c) => c.index);
      const types = [...t.columns.map((col) => col.type as string), 'int64'];
      const cols = [...t.columns.map((col) => col.name), 'version'];
      const replace = `REPLACE INTO ${quoteId(t.name, 'mysql')} (${cols.map((x) => quoteId(x, 'mysql')).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
      const del = `DELETE FROM ${quoteId(t.name, 'mysql')} WHERE ${t.primaryKey.map((c) => `${quoteId(c.name, 'mysql')} = ?`).join(' AND ')}`;
      for (let i = 0; i < keys.length; i += this.#o.keysPerBatch) {
        const batch = keys.slice(i, i + this.#o.keysPerBatch);
        const have = new Map<string, Row>();
        for (const r of await this.#rows(dst, t, batch))
          have.set(JSON.stringify(pk.map((j) => cellKey(r[j]))), r);
        const writes: Row[] = [];
        for (const r of await this.#rows(src, t, batch)) {
          const k = JSON.stringify(pk.map((j) => cellKey(r[j])));
          const there = have.get(k);
          have.delete(k);
          if (!there || there.some((v, j) => cellKey(v) !== cellKey(r[j]))) writes.push(r);
        }
        if (writes.length === 0 && have.size === 0) continue;
        await dst.query('START TRANSACTION');
        try {
          for (const r of writes)
            await dst.execute(
              replace,
              r.map((v, j) => typed(v, types[j]!)) as Mysql.ExecuteValues[],
            );
          for (const r of have.values())
            await dst.execute(del, pk.map((j) => typed(r[j], types[j]!)) as Mysql.ExecuteValues[]);
          await dst.query('COMMIT');
        } catch (err) {
          await dst.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
        written += writes.length;
        removed += have.size;
      }
    }
    return { rows: written, removed };
  }

  /** Deletes the rows of `slots` from a backend that no longer owns them. */
  async #clean(from: string, slots: number[]): Promise<number> {
    const set = new Set(slots);
    const c = await this.#conn(from);
    let deleted = 0;
    for (const t of this.#schema.tables.values()) {
      const keys = await this.#keys(from, t, set);
      for (let i = 0; i < keys.length; i += this.#o.keysPerBatch) {
        const batch = keys.slice(i, i + this.#o.keysPerBatch);
        // Text protocol: mysql2 writes the keys (digits only) as integer literals.
        const [r] = await c.query<Mysql.ResultSetHeader>(
          `DELETE FROM ${quoteId(t.name, 'mysql')} WHERE ${quoteId(t.shardKey.name, 'mysql')} IN (${batch.map((k) => BigInt(k).toString()).join(', ')})`,
        );
        deleted += r.affectedRows;
      }
    }
    return deleted;
  }

  async close(): Promise<void> {
    const all = [...this.#conns.values(), ...(this.#control ? [this.#control] : [])];
    this.#conns.clear();
    this.#control = undefined;
    await Promise.all(all.map((c) => c.end().catch(() => c.destroy())));
  }
}

function add(sum: { rows: number; removed: number }, x: { rows: number; removed: number }): void {
  sum.rows += x.rows;
  sum.removed += x.removed;
}
