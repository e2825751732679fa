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

export function loadGameSchema(path = defaultSchemaPath): GameSchema {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as RawSchema;
  /** A table of the workload: keyed by its owner (1 key column) or owner and member (2). */
  const table = (name: string, keys: 1 | 2): TableInfo => {
    const t = raw.tables[name];
    if (t?.primaryKey.length !== keys)
      throw new Error(`schema ${path}: table ${name}: missing, or not keyed by ${keys} columns`);
    const columns = Object.entries(t.columns)
      .filter(([col]) => !t.primaryKey.includes(col))
      .map(([col, c]): Column => {
        if (!COLUMN_TYPES.includes(c.type as ColumnType))
          throw new Error(`schema ${path}: ${name}.${col}: unknown type ${c.type}`);
        return { name: col, type: c.type as ColumnType, maxLength: c.maxLength ?? null };
      });
    const intColumns = columns.filter((c) => c.type === 'int64');
    return { name, keyColumns: [...t.primaryKey], collection: keys === 2, columns, intColumns };
  };
  // The player record and the collections a player owns, by name.
  const playerTable = table('player', 1);
  const collections = ['building', 'troop', 'item', 'mail'].map((name) => table(name, 2));
  const tables = [playerTable, ...collections];
  return { tables, byName: new Map(tables.map((t) => [t.name, t])), playerTable, collections };
}
