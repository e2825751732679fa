// Request validation, done in full before any call to the cache or db-proxy:
// a bad request is INVALID_ARGUMENT naming the problem, and nothing is written.
import type { Long, slg } from '@slg/proto';
import { toBigInt } from '@slg/proto';
import { InvalidArgumentError, pathName, quoteName } from '@slg/service-kit';
import type { ColumnInfo, SchemaInfo, TableInfo } from './schema.ts';

type Int64 = number | Long;
type IValue = slg.common.v1.Value.$Properties;
type FieldMap = { [name: string]: IValue };

/** One record's address, checked, with its ids as decimal strings for cache keys. */
export interface RecordRef {
  readonly table: TableInfo;
  readonly owner: Int64;
  readonly member: Int64;
  readonly ownerStr: string;
  /** '0' for single-record tables. */
  readonly memberStr: string;
}

/** A collection's address (a collection table and its owner). */
export interface CollectionRef {
  readonly table: TableInfo;
  readonly owner: Int64;
  readonly ownerStr: string;
}

/** The most members one CRemoveV2 names. */
export const maxRemoveMembers = 1000;

export class Validator {
  readonly #schema: SchemaInfo;
  readonly #tableNames: string;

  constructor(schema: SchemaInfo) {
    this.#schema = schema;
    this.#tableNames = [...schema.tables.keys()].join(', ');
  }

  table(name: string): TableInfo {
    const t = this.#schema.tables.get(name);
    if (t) return t;
    if (!name) throw new InvalidArgumentError(`table is required (one of: ${this.#tableNames})`);
    throw new InvalidArgumentError(
      `table ${quoteName(name)} is unknown (one of: ${this.#tableNames})`,
    );
  }

  record(req: { table: string; ownerId: Int64; memberId: Int64 }): RecordRef {
    const table = this.table(req.table);
    const ownerStr = ownerString(req.ownerId);
    let memberStr: string;
    if (table.collection) {
      if (!isPositive(req.memberId)) {
        throw new InvalidArgumentError(
          isZero(req.memberId)
            ? `member_id is required for the collection table ${table.name} (a positive ${table.memberColumn})`
            : `member_id must be a positive ${table.memberColumn}, not ${idString(req.memberId)}`,
        );
      }
      memberStr = idString(req.memberId);
    } else {
      if (!isZero(req.memberId)) {
        throw new InvalidArgumentError(
          `member_id must be 0 for the single-record table ${table.name} (it is keyed by ${table.ownerColumn} alone), not ${idString(req.memberId)}`,
        );
      }
      memberStr = '0';
    }
    return { table, owner: req.ownerId, member: req.memberId, ownerStr, memberStr };
  }

  collection(req: { table: string; ownerId: Int64 }): CollectionRef {
    const table = this.table(req.table);
    if (!table.collection) {
      throw new InvalidArgumentError(
        `${table.name} is a single-record table, not a collection: use FetchV2/RemoveV2 with owner_id`,
      );
    }
    return { table, owner: req.ownerId, ownerStr: ownerString(req.ownerId) };
  }

  /** Fields to write: known non-key columns, each with a value of its column's type and size. */
  fields(table: TableInfo, fields: FieldMap | null | undefined, opts: { required: boolean }): void {
    let n = 0;
    for (const name in fields) {
      n++;
      const column = table.columns.get(name);
      if (!column) {
        if (name === table.ownerColumn || name === table.memberColumn) {
          throw new InvalidArgumentError(
            `fields.${name}: key columns cannot be set in fields (give them as ${name === table.ownerColumn ? 'owner_id' : 'member_id'})`,
          );
        }
        if (name === 'version') {
          throw new InvalidArgumentError(
            'fields.version: the version is maintained by the store (use expected_version to check it)',
          );
        }
        throw new InvalidArgumentError(
          `fields.${pathName(name)}: table ${table.name} has no such field (fields: ${[...table.columns.keys()].join(', ')})`,
        );
      }
      checkValue(column, (fields as FieldMap)[name]);
    }
    if (opts.required && n === 0) {
      throw new InvalidArgumentError('fields: nothing to modify (give at least one field)');
    }
  }

  /** The field IncrByV2 adds to: an int64 non-key column. */
  incrField(
    table: TableInfo,
    name: string,
    floor: Int64 | null | undefined,
    ceiling: Int64 | null | undefined,
  ): void {
    const column = table.columns.get(name);
    if (!column) {
      if (!name) throw new InvalidArgumentError('field is required (the int64 field to add to)');
      if (name === table.ownerColumn || name === table.memberColumn) {
        throw new InvalidArgumentError(`field ${name} is a key column and cannot be incremented`);
      }
      throw new InvalidArgumentError(
        `field ${quoteName(name)}: table ${table.name} has no such field`,
      );
    }
    if (column.type !== 'int64') {
      throw new InvalidArgumentError(
        `field ${name} is ${column.type}; IncrByV2 needs an int64 field`,
      );
    }
    if (floor != null && ceiling != null && toBigInt(floor) > toBigInt(ceiling)) {
      throw new InvalidArgumentError(
        `floor ${idString(floor)} is above ceiling ${idString(ceiling)}: no value can satisfy both`,
      );
    }
  }

  /** The members CRemoveV2 names: positive, at most maxRemoveMembers; duplicates dropped. */
  removeMembers(
    table: TableInfo,
    ids: Int64[] | null | undefined,
    all: boolean,
  ): { ids: Int64[]; strs: string[] } {
    if (all) return { ids: [], strs: [] };
    const list = ids ?? [];
    if (list.length === 0) {
      throw new InvalidArgumentError('member_ids is empty and all is false: nothing to remove');
    }
    if (list.length > maxRemoveMembers) {
      throw new InvalidArgumentError(
        `member_ids has ${list.length} ids, more than the ${maxRemoveMembers} one call may remove`,
      );
    }
    const seen = new Map<string, Int64>();
    for (const id of list) {
      if (!isPositive(id)) {
        throw new InvalidArgumentError(
          `member_ids: ${idString(id)} is not a positive ${table.memberColumn}`,
        );
      }
      seen.set(idString(id), id);
    }
    return { ids: [...seen.values()], strs: [...seen.keys()] };
  }
}

function ownerString(v: Int64): string {
  if (!isPositive(v)) {
    throw new InvalidArgumentError(
      isZero(v)
        ? 'owner_id is required (a positive player id)'
        : `owner_id must be a positive player id, not ${idString(v)}`,
    );
  }
  return idString(v);
}

function checkValue(column: ColumnInfo, value: IValue | undefined): void {
  const kind = value?.kind;
  const expected = kindOf[column.type];
  if (kind === undefined || value == null) {
    if (column.nullable) return;
    throw new InvalidArgumentError(
      `fields.${column.name}: a value is required (${column.type}; NULL is not stored)`,
    );
  }
  if (kind !== expected) {
    throw new InvalidArgumentError(
      `fields.${column.name}: expected ${column.type} (Value.${expected}), got Value.${kind}`,
    );
  }
  switch (column.type) {
    case 'double':
      if (!Number.isFinite(value.float)) {
        throw new InvalidArgumentError(
          `fields.${column.name}: ${value.float} is not a finite number`,
        );
      }
      return;
    case 'string': {
      const s = value.str ?? '';
      if (column.maxLength !== undefined && s.length > column.maxLength) {
        let n = 0;
        for (const _ of s) n++;
        if (n > column.maxLength) {
          throw new InvalidArgumentError(
            `fields.${column.name}: ${n} characters, more than the ${column.maxLength} allowed`,
          );
        }
      }
      return;
    }
    case 'bytes': {
      const b = value.bytes;
      if (column.maxLength !== undefined && b && b.length > column.maxLength) {
        throw new InvalidArgumentError(
          `fields.${column.name}: ${b.length} bytes, more than the ${column.maxLength} allowed`,
        );
      }
      return;
    }
    default:
      return;
  }
}

const kindOf = {
  int64: 'int',
  double: 'float',
  string: 'str',
  bool: 'bool',
  bytes: 'bytes',
} as const;

function isZero(v: Int64): boolean {
  return typeof v === 'number' ? v === 0 : v.high === 0 && v.low === 0;
}

function isPositive(v: Int64): boolean {
  return typeof v === 'number' ? v > 0 : v.high > 0 || (v.high === 0 && v.low !== 0);
}

/** An int64 as its exact decimal string (fast for ids below 2^32). */
export function idString(v: Int64): string {
  if (typeof v === 'number') return String(v);
  if (v.high === 0) return String(v.low >>> 0);
  return toBigInt(v).toString();
}
