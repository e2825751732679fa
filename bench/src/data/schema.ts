// The tables the data workload uses, read from db-proxy's schema file (the one source of the
// game's tables): for each table its key columns (owner, then member for a collection) and its
// other columns with their types. The workload is the case study's: a player's own game records
// (the player and its collections); tables of other services in the same schema (the map's) are
// not part of it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COLUMN_TYPES = ['int64', 'double', 'string', 'bool', 'bytes'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface Column {
  name: string;
  type: ColumnType;
  maxLength: number | null;
}

export interface TableInfo {
  name: string;
  /** The owner (shard key) column, then the member column for a collection table. */
  keyColumns: string[];
  /** True when the table holds many records per owner (a second key column). */
  collection: boolean;
  /** Every column that is not part of the key. */
  columns: Column[];
  /** The int64 non-key columns (the ones IncrByV2 may target). */
  intColumns: Column[];
}

export interface GameSchema {
  tables: TableInfo[];
  byName: Map<string, TableInfo>;
  /** The single-record table of a player (its key is the owner alone). */
  playerTable: TableInfo;
  collections: TableInfo[];
}

/** db-proxy's schema file, as the db-proxy package exports it. */
export const defaultSchemaPath = fileURLToPath(
  import.meta.resolve('@slg/db-proxy/schema/game.json'),
);

interface RawSchema {
  tables: Record<
    string,
    {
      primaryKey: string[];
      columns: Record<string, { type: string; maxLength?: number }>;
    }
  >;
}

/** The tables of the data workload: the player record and the collections a player owns. */
const WORKLOAD_TABLES = ['player', 'building', 'troop', 'item', 'mail'] as const;

export function loadGameSchema(path = defaultSchemaPath): GameSchema {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as RawSchema;
  const missing = WORKLOAD_TABLES.filter((name) => !raw.tables[name]);
  if (missing.length > 0) {
    throw new Error(
      `schema ${path}: the data workload's tables are missing: ${missing.join(', ')}`,
    );
  }
  const tables: TableInfo[] = [];
  for (const name of WORKLOAD_TABLES) {
    const t = raw.tables[name]!;
    if (t.primaryKey.length < 1 || t.primaryKey.length > 2) {
      throw new Error(`schema ${path}: table ${name}: the bench handles keys of 1 or 2 columns`);
    }
    for (const k of t.primaryKey) {
      if (t.columns[k]?.type !== 'int64') {
        throw new Error(`schema ${path}: table ${name}: key column ${k} must be int64`);
      }
    }
    const columns: Column[] = [];
    for (const [col, c] of Object.entries(t.columns)) {
      if (t.primaryKey.includes(col)) continue;
      if (!COLUMN_TYPES.includes(c.type as ColumnType)) {
        throw new Error(`schema ${path}: ${name}.${col}: unknown type ${c.type}`);
      }
      columns.push({ name: col, type: c.type as ColumnType, maxLength: c.maxLength ?? null });
    }
    tables.push({
      name,
      keyColumns: [...t.primaryKey],
      collection: t.primaryKey.length === 2,
      columns,
      intColumns: columns.filter((c) => c.type === 'int64'),
    });
  }
  const singles = tables.filter((t) => !t.collection);
  if (singles.length !== 1) {
    throw new Error(
      `schema ${path}: expected exactly one single-record (player) table, found ${singles.length}`,
    );
  }
  const collections = tables.filter((t) => t.collection);
  if (collections.length === 0) throw new Error(`schema ${path}: no collection table`);
  return {
    tables,
    byName: new Map(tables.map((t) => [t.name, t])),
    playerTable: singles[0]!,
    collections,
  };
}
