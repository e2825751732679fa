// The record schema: tables, typed columns, primary keys, read once from one
// JSON file and checked whole. Table and column names that reach SQL only ever
// come from here, never from a request.
import { readFileSync } from 'node:fs';

export type ColumnType = 'int64' | 'double' | 'string' | 'bool' | 'bytes';
export const columnTypes: readonly ColumnType[] = ['int64', 'double', 'string', 'bool', 'bytes'];

/** A column value inside db-proxy: int64 as an exact bigint, bytes as a Buffer, NULL as null. */
export type Cell = bigint | number | string | boolean | Buffer | null;

export interface Column {
  readonly name: string;
  readonly type: ColumnType;
  /** Characters for string, bytes for bytes. */
  readonly maxLength: number;
  readonly nullable: boolean;
  readonly default: Cell;
  /** Position in Table.columns (and in every SELECT list db-proxy builds). */
  readonly index: number;
  readonly isKey: boolean;
}

export interface Table {
  readonly name: string;
  /** Every column but the version, in the schema's order. */
  readonly columns: readonly Column[];
  readonly byName: ReadonlyMap<string, Column>;
  /** The primary key in order; the first column is the shard key. */
  readonly primaryKey: readonly Column[];
  readonly shardKey: Column;
  /** The primary-key columns after the shard key. */
  readonly rest: readonly Column[];
  /** The columns that are not part of the primary key. */
  readonly values: readonly Column[];
}

export interface Schema {
  readonly tables: ReadonlyMap<string, Table>;
}

/** The version column every table has; db-proxy alone writes it. */
export const VERSION_COLUMN = 'version';
/** Names that reach SQL (quoted) must look like this. */
export const NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_LENGTH_LIMIT = 16 * 1024 * 1024;
const DEFAULT_MAX_LENGTH: Record<ColumnType, number> = {
  int64: 0,
  double: 0,
  bool: 0,
  string: 255,
  bytes: 1024,
};

export class SchemaError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`invalid schema ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SchemaError';
    this.problems = problems;
  }
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Reads and checks a schema file (or an already parsed object); throws a SchemaError listing every problem. */
export function loadSchema(source: string | URL | { tables: unknown }): Schema {
  let raw: unknown;
  let where = 'object';
  if (typeof source === 'string' || source instanceof URL) {
    where = String(source);
    try {
      raw = JSON.parse(readFileSync(source, 'utf8'));
    } catch (err) {
      throw new SchemaError(where, [`cannot read: ${(err as Error).message}`]);
    }
  } else {
    raw = source;
  }
  const problems: string[] = [];
  const tables = new Map<string, Table>();
  const rawTables = (raw as { tables?: unknown })?.tables;
  if (!isPlainObject(rawTables) || Object.keys(rawTables).length === 0) {
    throw new SchemaError(where, ['"tables" must be an object with at least one table']);
  }
  for (const [tableName, rawTable] of Object.entries(rawTables)) {
    const table = parseTable(tableName, rawTable, problems);
    if (table) tables.set(tableName, table);
  }
  if (problems.length) throw new SchemaError(where, problems);
  return { tables };
}

function parseTable(name: string, raw: unknown, problems: string[]): Table | undefined {
  const at = `tables.${name}`;
  const before = problems.length;
  if (!NAME_PATTERN.test(name)) problems.push(`${at}: a table name must match ${NAME_PATTERN}`);
  if (!isPlainObject(raw)) {
    problems.push(`${at}: must be an object with "primaryKey" and "columns"`);
    return undefined;
  }
  const rawColumns = raw.columns;
  const pkNames = raw.primaryKey;
  if (!isPlainObject(rawColumns) || Object.keys(rawColumns).length === 0) {
    problems.push(`${at}.columns: must be an object with at least one column`);
    return undefined;
  }
  if (
    !Array.isArray(pkNames) ||
    pkNames.length === 0 ||
    !pkNames.every((k) => typeof k === 'string')
  ) {
    problems.push(`${at}.primaryKey: must be a non-empty list of column names`);
    return undefined;
  }
  if (new Set(pkNames).size !== pkNames.length)
    problems.push(`${at}.primaryKey: lists a column twice`);
  // data-server's setting (whether it caches the table's records); refused here too when
  // malformed, since both services read the same file.
  if (raw.cache !== undefined && typeof raw.cache !== 'boolean')
    problems.push(`${at}.cache: must be true or false, not ${JSON.stringify(raw.cache)}`);
  const columns: Column[] = [];
  for (const [columnName, rawColumn] of Object.entries(rawColumns)) {
    const column = parseColumn(
      `${at}.columns.${columnName}`,
      columnName,
      rawColumn,
      columns.length,
      pkNames.includes(columnName),
      problems,
    );
    if (column) columns.push(column);
  }
  const byName = new Map(columns.map((c) => [c.name, c]));
  const primaryKey: Column[] = [];
  for (const k of pkNames as string[]) {
    const c = byName.get(k);
    if (!c) problems.push(`${at}.primaryKey: "${k}" is not a column of the table`);
    else primaryKey.push(c);
  }
  const shardKey = primaryKey[0];
  if (shardKey && shardKey.type !== 'int64') {
    problems.push(
      `${at}.primaryKey: the first key column (the shard key) "${shardKey.name}" must be int64`,
    );
  }
  for (const c of primaryKey) {
    if (c.type !== 'int64' && c.type !== 'string') {
      problems.push(
        `${at}.primaryKey: key column "${c.name}" must be int64 or string, not ${c.type}`,
      );
    }
    if (c.type === 'string' && c.maxLength > 191) {
      problems.push(`${at}.columns.${c.name}: a string key column may be at most 191 characters`);
    }
    if (c.nullable) problems.push(`${at}.columns.${c.name}: a key column cannot be nullable`);
  }
  if (problems.length > before || !shardKey) return undefined;
  return {
    name,
    columns,
    byName,
    primaryKey,
    shardKey,
    rest: primaryKey.slice(1),
    values: columns.filter((c) => !c.isKey),
  };
}

function parseColumn(
  at: string,
  name: string,
  raw: unknown,
  index: number,
  isKey: boolean,
  problems: string[],
): Column | undefined {
  if (!NAME_PATTERN.test(name)) {
    problems.push(`${at}: a column name must match ${NAME_PATTERN}`);
    return undefined;
  }
  if (name === VERSION_COLUMN) {
    problems.push(
      `${at}: "${VERSION_COLUMN}" is the implicit version column; it cannot be declared`,
    );
    return undefined;
  }
  if (!isPlainObject(raw)) {
    problems.push(`${at}: must be an object with a "type"`);
    return undefined;
  }
  const type = raw.type as ColumnType;
  if (!columnTypes.includes(type)) {
    problems.push(`${at}.type: must be one of ${columnTypes.join(', ')}`);
    return undefined;
  }
  let maxLength = DEFAULT_MAX_LENGTH[type];
  if (raw.maxLength !== undefined) {
    if (type !== 'string' && type !== 'bytes')
      problems.push(`${at}.maxLength: only string and bytes have one`);
    else if (
      typeof raw.maxLength !== 'number' ||
      !Number.isInteger(raw.maxLength) ||
      raw.maxLength < 1 ||
      raw.maxLength > MAX_LENGTH_LIMIT
    ) {
      problems.push(`${at}.maxLength: must be an integer from 1 to ${MAX_LENGTH_LIMIT}`);
    } else maxLength = raw.maxLength;
  }
  const nullable = raw.nullable === true;
  if (raw.nullable !== undefined && typeof raw.nullable !== 'boolean') {
    problems.push(`${at}.nullable: must be true or false`);
  }
  let def: Cell = nullable ? null : zero(type);
  if (raw.default !== undefined) {
    const parsed = parseDefault(type, raw.default, maxLength);
    if (typeof parsed === 'string' && parsed.startsWith('!'))
      problems.push(`${at}.default: ${parsed.slice(1)}`);
    else def = (parsed as { v: Cell }).v;
  }
  for (const k of Object.keys(raw)) {
    if (!['type', 'maxLength', 'nullable', 'default', 'description', '$comment'].includes(k)) {
      problems.push(`${at}: unknown property "${k}"`);
    }
  }
  return { name, type, maxLength, nullable, default: def, index, isKey };
}

function zero(type: ColumnType): Cell {
  switch (type) {
    case 'int64':
      return 0n;
    case 'double':
      return 0;
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'bytes':
      return Buffer.alloc(0);
  }
}

/** A default as a Cell, or "!problem". Bytes defaults are base64. */
function parseDefault(type: ColumnType, v: unknown, maxLength: number): { v: Cell } | string {
  if (v === null) return { v: null };
  switch (type) {
    case 'int64': {
      if (
        (typeof v === 'number' && Number.isSafeInteger(v)) ||
        (typeof v === 'string' && /^-?\d+$/.test(v))
      ) {
        const b = BigInt(v);
        if (b < INT64_MIN || b > INT64_MAX) return '!out of the int64 range';
        return { v: b };
      }
      return '!an int64 default is an integer (a string for values beyond 2^53)';
    }
    case 'double':
      return typeof v === 'number' && Number.isFinite(v) ? { v } : '!must be a finite number';
    case 'string':
      if (typeof v !== 'string') return '!must be a string';
      return [...v].length > maxLength ? '!longer than maxLength' : { v };
    case 'bool':
      return typeof v === 'boolean' ? { v } : '!must be true or false';
    case 'bytes': {
      if (typeof v !== 'string') return '!a bytes default is a base64 string';
      const b = Buffer.from(v, 'base64');
      return b.length > maxLength ? '!longer than maxLength' : { v: b };
    }
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The default schema shipped with db-proxy. */
export const defaultSchemaPath = new URL('../schema/game.json', import.meta.url);
