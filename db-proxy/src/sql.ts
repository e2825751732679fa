// Every SQL text of the record API, built once per table and dialect from the
// schema: identifiers quoted from schema names, values always `?` parameters.
// Statement texts form a small fixed set (about a dozen per table), which is
// what keeps the per-connection prepared-statement cache bounded and hot.
import type { Dialect, Statement } from './backends/types.ts';
import { type Cell, type Column, type Table, VERSION_COLUMN } from './schema.ts';

export interface TableStatements {
  /** Every column then the version, by the full primary key. */
  readonly get: Statement;
  /** The same, locking the row for the rest of the transaction. */
  readonly lock: Statement;
  /** The first page of a shard key's rows: params shard, limit. */
  readonly listFirst: Statement;
  /** A later page: params shard, then the last key (expanded), then limit. */
  readonly listAfter: Statement;
  readonly count: Statement;
  /** Every column, then version 1. */
  readonly insert: Statement;
  /** Every non-key column and the version, by the full primary key. */
  readonly update: Statement;
  /**
   * MySQL only: an update in one autocommitted statement (no lock, no transaction): per
   * non-key column a flag and a value (`IF(flag, value, column)`), then the key, then the
   * expected version twice (NULL: any). The new version is the statement's insert id
   * (`LAST_INSERT_ID(version + 1)`); no row changed means not found or another version.
   */
  readonly updateOne: Statement | undefined;
  /** One int64 column and the version, by the full primary key. */
  readonly increment: ReadonlyMap<string, Statement>;
  /**
   * MySQL only, per int64 column: an increment in one autocommitted statement that checks
   * what the locking path checks (not NULL, the expected version, floor, ceiling; int64 range by
   * the server's overflow error) and leaves the new value in `@slg_incr` and the new version in
   * the insert id. Params: delta, the key, expected twice, then floor, delta, floor and
   * ceiling, delta, ceiling (NULL bounds: none).
   */
  readonly incrementOne: ReadonlyMap<string, Statement> | undefined;
  readonly delete: Statement;
  /**
   * A delete at an expected version, by the full primary key then the version: in a pipelined
   * transaction (Session.runAll) one statement where the locking read and the delete would be
   * two. No row deleted: absent or at another version, which the one-at-a-time path tells.
   */
  readonly deleteAt: Statement;
  readonly deleteAll: Statement;
}

export function quoteId(name: string, dialect: Dialect): string {
  // Names come from the schema and match NAME_PATTERN; quoting still makes
  // reserved words (`read`, `count`) safe.
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

export function buildStatements(table: Table, dialect: Dialect): TableStatements {
  const q = (n: string) => quoteId(n, dialect);
  const t = q(table.name);
  const cols = [...table.columns.map((c) => q(c.name)), q(VERSION_COLUMN)].join(', ');
  const byKey = table.primaryKey.map((c) => `${q(c.name)} = ?`).join(' AND ');
  const shard = `${q(table.shardKey.name)} = ?`;
  const order = table.rest.length ? ` ORDER BY ${table.rest.map((c) => q(c.name)).join(', ')}` : '';
  const forUpdate = dialect === 'mysql' ? ' FOR UPDATE' : '';
  const name = (op: string) => `${op} ${table.name}`;
  const read = (op: string, sql: string): Statement => ({ name: name(op), sql, mode: 'read' });
  const write = (op: string, sql: string): Statement => ({ name: name(op), sql, mode: 'write' });
  const increment = new Map<string, Statement>();
  for (const c of table.values) {
    if (c.type !== 'int64') continue;
    increment.set(
      c.name,
      write(
        `increment.${c.name}`,
        `UPDATE ${t} SET ${q(c.name)} = ?, ${q(VERSION_COLUMN)} = ? WHERE ${byKey}`,
      ),
    );
  }
  const incrementOne = dialect === 'mysql' ? new Map<string, Statement>() : undefined;
  if (incrementOne) {
    const v = q(VERSION_COLUMN);
    for (const c of table.values) {
      if (c.type !== 'int64') continue;
      const col = q(c.name);
      incrementOne.set(
        c.name,
        write(
          `increment.${c.name}`,
          `UPDATE ${t} SET ${col} = (@slg_incr := ${col} + ?), ${v} = LAST_INSERT_ID(${v} + 1) ` +
            `WHERE ${byKey} AND ${col} IS NOT NULL AND (? IS NULL OR ${v} = ?) ` +
            `AND (? IS NULL OR ${col} + ? >= ?) AND (? IS NULL OR ${col} + ? <= ?)`,
        ),
      );
    }
  }
  const setValues = [
    ...table.values.map((c) => `${q(c.name)} = ?`),
    `${q(VERSION_COLUMN)} = ?`,
  ].join(', ');
  return {
    get: read('get', `SELECT ${cols} FROM ${t} WHERE ${byKey}`),
    lock: write('lock', `SELECT ${cols} FROM ${t} WHERE ${byKey}${forUpdate}`),
    listFirst: read('list', `SELECT ${cols} FROM ${t} WHERE ${shard}${order} LIMIT ?`),
    listAfter: read(
      'list',
      `SELECT ${cols} FROM ${t} WHERE ${shard} AND ${after(table.rest, q)}${order} LIMIT ?`,
    ),
    count: read('count', `SELECT COUNT(*) FROM ${t} WHERE ${shard}`),
    insert: write(
      'insert',
      `INSERT INTO ${t} (${cols}) VALUES (${table.columns.map(() => '?').join(', ')}, 1)`,
    ),
    update: write('update', `UPDATE ${t} SET ${setValues} WHERE ${byKey}`),
    updateOne:
      dialect === 'mysql'
        ? write(
            'update',
            `UPDATE ${t} SET ${[
              ...table.values.map((c) => `${q(c.name)} = IF(?, ?, ${q(c.name)})`),
              `${q(VERSION_COLUMN)} = LAST_INSERT_ID(${q(VERSION_COLUMN)} + 1)`,
            ].join(', ')} WHERE ${byKey} AND (? IS NULL OR ${q(VERSION_COLUMN)} = ?)`,
          )
        : undefined,
    increment,
    incrementOne,
    delete: write('delete', `DELETE FROM ${t} WHERE ${byKey}`),
    deleteAt: write('delete', `DELETE FROM ${t} WHERE ${byKey} AND ${q(VERSION_COLUMN)} = ?`),
    deleteAll: write('deleteAll', `DELETE FROM ${t} WHERE ${shard}`),
  };
}

/**
 * MySQL texts sent with their values inlined (Session.runAll), never prepared, so each may fit
 * its op: an update that sets only the columns it changes, and an increment that leaves its
 * new value in a variable of its own (`@slg_i<n>`), so that one SELECT at the end reads them
 * all. Shorter texts and fewer statements are what the server parses and runs.
 */
export function updateText(table: Table, columns: readonly Column[]): Statement {
  const q = (n: string) => quoteId(n, 'mysql');
  const v = q(VERSION_COLUMN);
  const set = columns.map((c) => `${q(c.name)} = ?`);
  set.push(`${v} = LAST_INSERT_ID(${v} + 1)`);
  const byKey = table.primaryKey.map((c) => `${q(c.name)} = ?`).join(' AND ');
  return {
    name: `update ${table.name}`,
    sql: `UPDATE ${q(table.name)} SET ${set.join(', ')} WHERE ${byKey} AND (? IS NULL OR ${v} = ?)`,
    mode: 'write',
  };
}

/** The one-statement increment (`incrementOne`) leaving its value in `@slg_i<n>`. */
export function incrementText(one: Statement, n: number): Statement {
  return { ...one, sql: one.sql.replace('@slg_incr', `@slg_i${n}`) };
}

/** Reads `@slg_i0` .. `@slg_i<n-1>` (incrementText's variables) in one row. */
export function incrementedValues(n: number): Statement {
  const vars = Array.from({ length: n }, (_, i) => `@slg_i${i}`);
  return { name: 'increment.values', sql: `SELECT ${vars.join(', ')}`, mode: 'read' };
}

/**
 * Keyset paging: rows after (r1, r2, ...) as (r1 > ?) OR (r1 = ? AND r2 > ?) ...,
 * which every engine turns into an index range. Params: see afterParams.
 */
function after(rest: readonly Column[], q: (n: string) => string): string {
  if (rest.length === 0) return '1 = 0';
  const terms: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const eq = rest.slice(0, i).map((c) => `${q(c.name)} = ?`);
    terms.push([...eq, `${q(rest[i]!.name)} > ?`].join(' AND '));
  }
  return terms.length === 1 ? terms[0]! : `(${terms.map((x) => `(${x})`).join(' OR ')})`;
}

/** The parameters of `after` for the last key of the previous page. */
export function afterParams(last: readonly Cell[]): Cell[] {
  const out: Cell[] = [];
  for (let i = 0; i < last.length; i++) {
    for (let j = 0; j < i; j++) out.push(last[j]!);
    out.push(last[i]!);
  }
  return out;
}

// ---- DDL -------------------------------------------------------------------

function columnType(c: Column, dialect: Dialect): string {
  if (dialect === 'sqlite') {
    // STRICT tables: these are the only storage classes, and they are enforced.
    return { int64: 'INTEGER', double: 'REAL', string: 'TEXT', bool: 'INTEGER', bytes: 'BLOB' }[
      c.type
    ];
  }
  switch (c.type) {
    case 'int64':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'bool':
      return 'TINYINT(1)';
    case 'string':
      // utf8mb4 counts characters; binary collation: stored and compared verbatim.
      if (c.maxLength <= 4096)
        return `VARCHAR(${c.maxLength}) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`;
      if (c.maxLength <= 16383) return 'TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';
      return 'MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';
    case 'bytes':
      if (c.maxLength <= 8192) return `VARBINARY(${c.maxLength})`;
      if (c.maxLength <= 65535) return 'BLOB';
      return 'MEDIUMBLOB';
  }
}

/** A schema default as an SQL literal (defaults come from the schema file, never from requests). */
export function literal(v: Cell, dialect: Dialect): string {
  if (v === null) return 'NULL';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isInteger(v) ? `${v}` : v.toExponential();
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (Buffer.isBuffer(v))
    return v.length ? `X'${v.toString('hex')}'` : dialect === 'mysql' ? "''" : "X''";
  const escaped = v.replaceAll("'", "''");
  return `'${dialect === 'mysql' ? escaped.replaceAll('\\', '\\\\') : escaped}'`;
}

export function columnDefinition(c: Column, dialect: Dialect): string {
  const blobLike = dialect === 'mysql' && /TEXT|BLOB/.test(columnType(c, dialect));
  // MySQL refuses literal defaults on TEXT/BLOB; db-proxy writes every column anyway.
  const def = c.isKey || blobLike ? '' : ` DEFAULT ${literal(c.default, dialect)}`;
  return `${quoteId(c.name, dialect)} ${columnType(c, dialect)}${c.nullable ? ' NULL' : ' NOT NULL'}${def}`;
}

export function createTable(table: Table, dialect: Dialect): string {
  const q = (n: string) => quoteId(n, dialect);
  const lines = [
    ...table.columns.map((c) => `  ${columnDefinition(c, dialect)}`),
    `  ${q(VERSION_COLUMN)} ${dialect === 'mysql' ? 'BIGINT' : 'INTEGER'} NOT NULL DEFAULT 1`,
    `  PRIMARY KEY (${table.primaryKey.map((c) => q(c.name)).join(', ')})`,
  ];
  const options =
    dialect === 'mysql'
      ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin'
      : ' STRICT, WITHOUT ROWID';
  return `CREATE TABLE IF NOT EXISTS ${q(table.name)} (\n${lines.join(',\n')}\n)${options}`;
}

export function addColumn(table: Table, c: Column, dialect: Dialect): string {
  let def = columnDefinition(c, dialect);
  // SQLite cannot add a NOT NULL column without a default; every value column has one.
  if (dialect === 'sqlite' && !c.nullable && !def.includes(' DEFAULT '))
    def += ` DEFAULT ${literal(c.default, dialect)}`;
  return `ALTER TABLE ${quoteId(table.name, dialect)} ADD COLUMN ${def}`;
}
