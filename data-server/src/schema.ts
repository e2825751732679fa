// data-server's view of db-proxy's schema: which tables exist, which are
// single-record (keyed by the owner alone) and which are collections (owner +
// member), and the type of every column, used to validate requests before any
// call. The schema file itself belongs to db-proxy (db-proxy/schema/game.json).
import { readFileSync } from 'node:fs';
import shippedSchema from '@slg/db-proxy/schema/game.json' with { type: 'json' };
import { type slg, toLong } from '@slg/proto';

export type ColumnType = 'int64' | 'double' | 'string' | 'bool' | 'bytes';

export interface ColumnInfo {
  readonly name: string;
  readonly type: ColumnType;
  /** For string (characters) and bytes (bytes). */
  readonly maxLength: number | undefined;
  /** Whether NULL (a Value with no kind) may be stored. */
  readonly nullable: boolean;
  /** The value a new record gets when CreateV2 does not set it (as db-proxy stores it). */
  readonly default: slg.common.v1.Value.$Properties;
}

export interface TableInfo {
  readonly name: string;
  /** The first primary-key column: the shard key, the owning player. */
  readonly ownerColumn: string;
  /** The second primary-key column of a collection table; undefined for single-record tables. */
  readonly memberColumn: string | undefined;
  readonly collection: boolean;
  /**
   * Whether reads go through the cache and writes fill it (the schema's `"cache"`, true by
   * default). A table that no caller reads back through data-server (the map's marches and
   * reports: map-server keeps them in memory) is read from db-proxy, and a write only deletes
   * its keys after the commit: no lease, no fill, nothing stored that nobody reads.
   */
  readonly cached: boolean;
  /** Every non-key column, in schema order. */
  readonly columns: ReadonlyMap<string, ColumnInfo>;
}

export interface SchemaInfo {
  readonly tables: ReadonlyMap<string, TableInfo>;
}

/**
 * No path: db-proxy's own schema (the one `npm start` gives db-proxy), imported from the package
 * that owns it, so the bundle carries it.
 */
export const defaultSchemaPath = '';
const shippedSchemaName = '@slg/db-proxy/schema/game.json';

const columnTypes = new Set<string>(['int64', 'double', 'string', 'bool', 'bytes']);
/** db-proxy's defaults when a string/bytes column declares no maxLength. */
const defaultMaxLength: Record<ColumnType, number | undefined> = {
  int64: undefined,
  double: undefined,
  bool: undefined,
  string: 255,
  bytes: 1024,
};

interface RawSchema {
  tables?: Record<
    string,
    {
      primaryKey?: unknown;
      cache?: unknown;
      columns?: Record<
        string,
        { type?: unknown; maxLength?: unknown; nullable?: unknown; default?: unknown }
      >;
    }
  >;
}

/** Reads and checks a schema file in db-proxy's format; throws naming every problem found. */
export function loadSchemaInfo(path: string = defaultSchemaPath): SchemaInfo {
  if (path === '') return schemaInfoFrom(shippedSchema as RawSchema, shippedSchemaName);
  let raw: RawSchema;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as RawSchema;
  } catch (err) {
    throw new Error(`cannot read the schema ${path}: ${(err as Error).message}`);
  }
  return schemaInfoFrom(raw, path);
}

export function schemaInfoFrom(raw: RawSchema, source = 'schema'): SchemaInfo {
  const problems: string[] = [];
  const tables = new Map<string, TableInfo>();
  for (const [name, t] of Object.entries(raw.tables ?? {})) {
    const pk = t.primaryKey;
    if (
      !Array.isArray(pk) ||
      pk.length < 1 ||
      pk.length > 2 ||
      !pk.every((c) => typeof c === 'string')
    ) {
      problems.push(
        `${name}: data-server serves tables keyed by (owner) or (owner, member); primaryKey is ${JSON.stringify(pk)}`,
      );
      continue;
    }
    if (t.cache !== undefined && typeof t.cache !== 'boolean')
      problems.push(`${name}.cache: must be true or false, not ${JSON.stringify(t.cache)}`);
    const columns = new Map<string, ColumnInfo>();
    const keyColumns = new Set<string>(pk as string[]);
    for (const [col, c] of Object.entries(t.columns ?? {})) {
      if (typeof c.type !== 'string' || !columnTypes.has(c.type)) {
        problems.push(`${name}.${col}: unknown column type ${JSON.stringify(c.type)}`);
        continue;
      }
      if (keyColumns.has(col)) {
        if (c.type !== 'int64') problems.push(`${name}.${col}: key columns must be int64`);
        continue;
      }
      columns.set(col, {
        name: col,
        type: c.type as ColumnType,
        maxLength:
          typeof c.maxLength === 'number' ? c.maxLength : defaultMaxLength[c.type as ColumnType],
        nullable: c.nullable === true,
        default: defaultValue(c.type as ColumnType, c.default, c.nullable === true),
      });
    }
    for (const k of keyColumns) {
      if (!t.columns || !(k in t.columns))
        problems.push(`${name}: key column ${k} is not declared`);
    }
    const [owner, member] = pk as string[];
    tables.set(name, {
      name,
      ownerColumn: owner as string,
      memberColumn: member,
      collection: member !== undefined,
      cached: t.cache !== false,
      columns,
    });
  }
  if (tables.size === 0) problems.push('no tables');
  if (problems.length)
    throw new Error(`invalid schema (${source}):\n  - ${problems.join('\n  - ')}`);
  return { tables };
}

/**
 * A column's default as a wire Value, read the way db-proxy reads it (schema.ts there):
 * absent = NULL for a nullable column, else the type's zero; int64 from a number or a
 * decimal string; bytes from base64.
 */
function defaultValue(
  type: ColumnType,
  raw: unknown,
  nullable: boolean,
): slg.common.v1.Value.$Properties {
  if (raw === null || (raw === undefined && nullable)) return {};
  switch (type) {
    case 'int64':
      return { int: toLong(typeof raw === 'number' || typeof raw === 'string' ? BigInt(raw) : 0n) };
    case 'double':
      return { float: typeof raw === 'number' ? raw : 0 };
    case 'string':
      return { str: typeof raw === 'string' ? raw : '' };
    case 'bool':
      return { bool: raw === true };
    case 'bytes':
      return { bytes: typeof raw === 'string' ? Buffer.from(raw, 'base64') : Buffer.alloc(0) };
  }
}
