// Creates and migrates the schema's tables on a backend at start, idempotently:
// a missing table is created, a missing column added (with its default).
// Nothing is ever dropped or retyped; a primary key that differs from the
// schema stops start-up, since every statement depends on it.
import type { Backend } from './backends/types.ts';
import { type Schema, VERSION_COLUMN } from './schema.ts';
import { addColumn, createTable, quoteId } from './sql.ts';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrationReport {
  created: string[];
  added: string[];
  /** Columns in the database that the schema does not know (left alone). */
  unknown: string[];
}

export async function migrate(b: Backend, schema: Schema): Promise<MigrationReport> {
  const report: MigrationReport = { created: [], added: [], unknown: [] };
  for (const table of schema.tables.values()) {
    const info = await b.describe(table.name);
    if (!info) {
      await b.ddl(createTable(table, b.dialect));
      report.created.push(table.name);
      continue;
    }
    const want = table.primaryKey.map((c) => c.name);
    if (want.join(',') !== info.primaryKey.join(',')) {
      throw new MigrationError(
        `${b.name}: table ${table.name} has the primary key (${info.primaryKey.join(', ')}) but the schema says (${want.join(', ')}); db-proxy does not change primary keys: migrate it by hand`,
      );
    }
    const have = new Set(info.columns);
    if (!have.has(VERSION_COLUMN)) {
      const type = b.dialect === 'mysql' ? 'BIGINT' : 'INTEGER';
      await b.ddl(
        `ALTER TABLE ${quoteId(table.name, b.dialect)} ADD COLUMN ${quoteId(VERSION_COLUMN, b.dialect)} ${type} NOT NULL DEFAULT 1`,
      );
      report.added.push(`${table.name}.${VERSION_COLUMN}`);
    }
    for (const c of table.columns) {
      if (have.has(c.name)) continue;
      await b.ddl(addColumn(table, c, b.dialect));
      report.added.push(`${table.name}.${c.name}`);
    }
    for (const name of info.columns) {
      if (name !== VERSION_COLUMN && !table.byName.has(name))
        report.unknown.push(`${table.name}.${name}`);
    }
  }
  return report;
}
