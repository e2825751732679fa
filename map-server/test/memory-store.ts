// A test double of data-server's record API in memory, with its semantics (versions, defaults
// from db-proxy's schema, ALREADY_EXISTS / NOT_FOUND / FAILED_PRECONDITION, floors, a batch all
// or none): the fast pure tests run the engine over it. The real data-server is used by the
// service tests. Hooks let a test stop or fail a write.
import { readFileSync } from 'node:fs';
import { AlreadyExistsError, FailedPreconditionError, NotFoundError } from '@slg/service-kit';
import type { Fields, MapStore, Op, OpResult, StoredRecord } from '../src/store/store.ts';

const schema = JSON.parse(
  readFileSync(new URL(import.meta.resolve('@slg/db-proxy/schema/game.json')), 'utf8'),
) as { tables: Record<string, { columns: Record<string, { default?: unknown }> }> };

type Table = Map<number, { version: number; fields: Fields }>;

export class MemoryStore implements MapStore {
  readonly data = new Map<string, Table>();
  writes = 0;
  /** Called before each write; may throw (a failure) or never resolve (a crash). */
  beforeWrite: ((owner: number, ops: Op[]) => void | Promise<void>) | undefined;

  #table(table: string, owner: number): Table {
    const k = `${table}/${owner}`;
    let t = this.data.get(k);
    if (!t) {
      t = new Map();
      this.data.set(k, t);
    }
    return t;
  }

  /** Every (owner, record) of a table. */
  all(table: string): { owner: number; member: number; fields: Fields; version: number }[] {
    const out = [];
    for (const [k, t] of this.data) {
      const [name, owner] = k.split('/');
      if (name !== table) continue;
      for (const [member, r] of t) out.push({ owner: Number(owner), member, ...r });
    }
    return out;
  }

  async fetch(table: string, owner: number, member = 0): Promise<StoredRecord | null> {
    const r = this.#table(table, owner).get(member);
    return r ? { member, version: r.version, fields: { ...r.fields } } : null;
  }

  async list(table: string, owner: number): Promise<StoredRecord[]> {
    return [...this.#table(table, owner)]
      .sort((a, b) => a[0] - b[0])
      .map(([member, r]) => ({ member, version: r.version, fields: { ...r.fields } }));
  }

  /** Seeds a record as data-server's CreateV2 would. */
  put(table: string, owner: number, member: number, fields: Fields): void {
    this.#table(table, owner).set(member, {
      version: 1,
      fields: { ...defaults(table), ...fields },
    });
  }

  async write(owner: number, ops: Op[]): Promise<OpResult[]> {
    await this.beforeWrite?.(owner, ops);
    // All or none: work on copies of the touched records, then commit.
    const staged = new Map<
      string,
      { t: Table; member: number; rec: { version: number; fields: Fields } | null }
    >();
    const get = (table: string, member: number) => {
      const key = `${table}/${member}`;
      let s = staged.get(key);
      if (!s) {
        const t = this.#table(table, owner);
        const r = t.get(member);
        s = { t, member, rec: r ? { version: r.version, fields: { ...r.fields } } : null };
        staged.set(key, s);
      }
      return s;
    };
    const results: OpResult[] = [];
    ops.forEach((op, i) => {
      const at = ops.length > 1 ? `ops[${i}]: ` : '';
      if ('create' in op) {
        const s = get(op.create.table, op.create.member);
        if (s.rec)
          throw new AlreadyExistsError(
            `${at}${op.create.table} ${owner}/${op.create.member} already exists`,
          );
        s.rec = { version: 1, fields: { ...defaults(op.create.table), ...op.create.fields } };
        results.push({ version: 1 });
      } else if ('modify' in op) {
        const s = get(op.modify.table, op.modify.member);
        if (!s.rec)
          throw new NotFoundError(`${at}${op.modify.table} ${owner}/${op.modify.member} not found`);
        if (
          op.modify.expectedVersion !== undefined &&
          op.modify.expectedVersion !== s.rec.version
        ) {
          throw new FailedPreconditionError(
            `${at}version is ${s.rec.version}, expected ${op.modify.expectedVersion}`,
          );
        }
        s.rec = { version: s.rec.version + 1, fields: { ...s.rec.fields, ...op.modify.fields } };
        results.push({ version: s.rec.version });
      } else if ('incr' in op) {
        const s = get(op.incr.table, op.incr.member);
        if (!s.rec)
          throw new NotFoundError(`${at}${op.incr.table} ${owner}/${op.incr.member} not found`);
        const value = Number(s.rec.fields[op.incr.field] ?? 0) + op.incr.delta;
        if (op.incr.floor !== undefined && value < op.incr.floor) {
          throw new FailedPreconditionError(
            `${at}${op.incr.field} would be ${value}, below ${op.incr.floor}`,
          );
        }
        s.rec = { version: s.rec.version + 1, fields: { ...s.rec.fields, [op.incr.field]: value } };
        results.push({ version: s.rec.version, value });
      } else {
        const s = get(op.remove.table, op.remove.member);
        const expected = op.remove.expectedVersion;
        if (expected !== undefined) {
          if (!s.rec)
            throw new NotFoundError(
              `${at}${op.remove.table} ${owner}/${op.remove.member} not found`,
            );
          if (expected !== s.rec.version)
            throw new FailedPreconditionError(
              `${at}version is ${s.rec.version}, expected ${expected}`,
            );
        }
        results.push({ version: 0, removed: s.rec !== null });
        s.rec = null;
      }
    });
    for (const s of staged.values()) {
      if (s.rec) s.t.set(s.member, s.rec);
      else s.t.delete(s.member);
    }
    this.writes++;
    return results;
  }

  close(): void {}
}

function defaults(table: string): Fields {
  const t = schema.tables[table];
  if (!t) throw new Error(`no table ${table}`);
  const out: Fields = {};
  for (const [name, c] of Object.entries(t.columns)) {
    if (c.default !== undefined) out[name] = c.default as Fields[string];
  }
  return out;
}
