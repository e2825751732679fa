// Named, parameterised statements declared in configuration (never SQL from a
// client). Each has typed parameters written as :name in its SQL, a mode (read
// or write: reads may be retried), and SQL for one or both dialects.
import { readFileSync } from 'node:fs';
import type { Dialect, Statement } from './backends/types.ts';
import { type Column, type ColumnType, columnTypes, NAME_PATTERN } from './schema.ts';

export interface NamedQuery {
  readonly name: string;
  readonly mode: 'read' | 'write';
  readonly description: string;
  /** The declared parameters, checked like columns. */
  readonly params: ReadonlyMap<string, Column>;
  /** Per dialect: the statement (with `?` placeholders) and the parameter behind each `?`. */
  readonly statements: Partial<Record<Dialect, { statement: Statement; order: readonly string[] }>>;
  /** Parameters given to a LIMIT or OFFSET: a negative one is refused (it means "all rows"). */
  readonly limitParams: ReadonlySet<string>;
  /**
   * Parameters that are only ever the row count of the statement's own LIMIT: bound no higher
   * than the row cap + 1, so that no more rows are read than can be answered.
   */
  readonly capParams: ReadonlySet<string>;
}

export class QueriesError extends Error {
  constructor(source: string, problems: string[]) {
    super(`invalid queries ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'QueriesError';
  }
}

/** Bound to the request's shard key, so that a query reads the owner it was routed by. */
export const SHARD_KEY_PARAM = 'shard_key';

/**
 * Bound to the row cap + 1 (DBPROXY_MAX_RESULT_ROWS): a read without a LIMIT of its own gets
 * `LIMIT :slg_row_cap`, so the cap is applied by the server, not after reading every row.
 */
export const ROW_CAP_PARAM = 'slg_row_cap';

export const defaultQueriesPath = new URL('../config/queries.json', import.meta.url);

export function loadQueries(
  source: string | URL | { queries: unknown },
): ReadonlyMap<string, NamedQuery> {
  let raw: unknown;
  let where = 'object';
  if (typeof source === 'string' || source instanceof URL) {
    where = String(source);
    try {
      raw = JSON.parse(readFileSync(source, 'utf8'));
    } catch (err) {
      throw new QueriesError(where, [`cannot read: ${(err as Error).message}`]);
    }
  } else raw = source;
  const problems: string[] = [];
  const out = new Map<string, NamedQuery>();
  const queries = (raw as { queries?: unknown })?.queries;
  if (typeof queries !== 'object' || queries === null || Array.isArray(queries)) {
    throw new QueriesError(where, ['"queries" must be an object of named queries']);
  }
  for (const [name, q] of Object.entries(queries as Record<string, unknown>)) {
    const parsed = parseQuery(name, q, problems);
    if (parsed) out.set(name, parsed);
  }
  if (problems.length) throw new QueriesError(where, problems);
  return out;
}

function parseQuery(name: string, raw: unknown, problems: string[]): NamedQuery | undefined {
  const at = `queries.${name}`;
  const before = problems.length;
  if (!NAME_PATTERN.test(name)) problems.push(`${at}: a query name must match ${NAME_PATTERN}`);
  if (typeof raw !== 'object' || raw === null) {
    problems.push(`${at}: must be an object with "sql"`);
    return undefined;
  }
  const q = raw as Record<string, unknown>;
  const mode = q.mode ?? 'read';
  if (mode !== 'read' && mode !== 'write') problems.push(`${at}.mode: "read" or "write"`);
  const params = new Map<string, Column>();
  const rawParams = (q.params ?? {}) as Record<string, unknown>;
  if (typeof rawParams !== 'object' || Array.isArray(rawParams))
    problems.push(`${at}.params: must be an object`);
  for (const [p, spec] of Object.entries(rawParams)) {
    const s = (typeof spec === 'string' ? { type: spec } : spec) as {
      type?: unknown;
      maxLength?: unknown;
    };
    if (!NAME_PATTERN.test(p))
      problems.push(`${at}.params.${p}: a parameter name must match ${NAME_PATTERN}`);
    if (p === SHARD_KEY_PARAM)
      problems.push(`${at}.params.${p}: :${SHARD_KEY_PARAM} is implicit (the request's shard key)`);
    if (p === ROW_CAP_PARAM)
      problems.push(`${at}.params.${p}: :${ROW_CAP_PARAM} is reserved (the row cap)`);
    if (!columnTypes.includes(s?.type as ColumnType)) {
      problems.push(`${at}.params.${p}: type must be one of ${columnTypes.join(', ')}`);
      continue;
    }
    const maxLength =
      typeof s.maxLength === 'number' && Number.isInteger(s.maxLength) && s.maxLength > 0
        ? s.maxLength
        : 4096;
    params.set(p, {
      name: p,
      type: s.type as ColumnType,
      maxLength,
      nullable: false,
      default: null,
      index: params.size,
      isKey: false,
    });
  }
  const sql = q.sql;
  const texts: Partial<Record<Dialect, string>> = {};
  if (typeof sql === 'string') {
    texts.mysql = sql;
    texts.sqlite = sql;
  } else if (typeof sql === 'object' && sql !== null) {
    for (const [d, text] of Object.entries(sql)) {
      if (d !== 'mysql' && d !== 'sqlite')
        problems.push(`${at}.sql: unknown dialect "${d}" (mysql, sqlite)`);
      else if (typeof text !== 'string' || !text.trim())
        problems.push(`${at}.sql.${d}: must be a statement`);
      else texts[d] = text;
    }
  }
  if (Object.keys(texts).length === 0)
    problems.push(`${at}.sql: a statement, or one per dialect {mysql, sqlite}`);
  const statements: NamedQuery['statements'] = {};
  const limitParams = new Set<string>();
  /** Every other use of a parameter: it cannot be capped. */
  const otherUses = new Set<string>();
  const countUses = new Set<string>();
  for (const [d, text] of Object.entries(texts) as [Dialect, string][]) {
    const compiled = compile(text);
    compiled.uses.forEach((use, i) => {
      const p = compiled.order[i]!;
      if (use !== 'other') limitParams.add(p);
      if (use === 'count') countUses.add(p);
      else otherUses.add(p);
    });
    if (mode === 'read' && compiled.rowsUncapped) {
      compiled.sql += ` LIMIT ?`;
      compiled.order.push(ROW_CAP_PARAM);
    }
    for (const p of compiled.order) {
      if (p !== SHARD_KEY_PARAM && p !== ROW_CAP_PARAM && !params.has(p))
        problems.push(
          `${at}.sql${typeof sql === 'string' ? '' : `.${d}`}: :${p} is not a declared parameter`,
        );
    }
    for (const p of params.keys()) {
      if (!compiled.order.includes(p))
        problems.push(
          `${at}.sql${typeof sql === 'string' ? '' : `.${d}`}: parameter ${p} is never used`,
        );
    }
    if (compiled.statements > 1) problems.push(`${at}.sql: one statement only (no ";")`);
    statements[d] = {
      statement: { name: `query ${name}`, sql: compiled.sql, mode: mode as 'read' | 'write' },
      order: compiled.order,
    };
  }
  if (problems.length > before) return undefined;
  return {
    name,
    mode: mode as 'read' | 'write',
    description: typeof q.description === 'string' ? q.description : '',
    params,
    statements,
    limitParams,
    capParams: new Set([...countUses].filter((p) => !otherUses.has(p))),
  };
}

/** Where a placeholder stands: the row count of the statement's own LIMIT, another LIMIT or OFFSET value, or elsewhere. */
export type PlaceholderUse = 'count' | 'limit' | 'other';

/**
 * `:name` placeholders (outside quotes and comments) to `?`, with the order of names and where
 * each stands; `rowsUncapped`: a SELECT (or WITH) with no LIMIT of its own at the top level and
 * no locking clause, to which a row cap can be appended.
 */
export function compile(text: string): {
  sql: string;
  order: string[];
  uses: PlaceholderUse[];
  statements: number;
  rowsUncapped: boolean;
} {
  let sql = '';
  const order: string[] = [];
  const uses: PlaceholderUse[] = [];
  /** Output offset just after each top-level `LIMIT ?`, to tell `LIMIT ?, ?` (offset first). */
  const topLimitAt: { use: number; end: number }[] = [];
  let statements = 1;
  let depth = 0;
  let topLimit = false;
  for (let i = 0; i < text.length; ) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== ch) j += text[j] === '\\' ? 2 : 1;
      sql += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '-' && text[i + 1] === '-') {
      const j = text.indexOf('\n', i);
      i = j < 0 ? text.length : j;
    } else if (ch === ':' && /[a-z_]/.test(text[i + 1] ?? '')) {
      const m = /^[a-z_][a-z0-9_]*/.exec(text.slice(i + 1))!;
      order.push(m[0]);
      // `LIMIT ?` and `LIMIT o, ?`: a row count; `OFFSET ?`: an offset (`LIMIT ?, n`: see below).
      const count = /\blimit\s*$/i.test(sql) || /\blimit\s+(\?|\d+)\s*,\s*$/i.test(sql);
      const offset = /\boffset\s*$/i.test(sql);
      uses.push(count ? (depth === 0 ? 'count' : 'limit') : offset ? 'limit' : 'other');
      const afterLimit = /\blimit\s*$/i.test(sql);
      sql += '?';
      if (afterLimit && depth === 0) topLimitAt.push({ use: uses.length - 1, end: sql.length });
      i += 1 + m[0].length;
    } else {
      if (ch === '(') depth++;
      else if (ch === ')') depth--;
      else if (
        depth === 0 &&
        /^limit\b/i.test(text.slice(i, i + 6)) &&
        !/[a-z0-9_]/i.test(text[i - 1] ?? '')
      )
        topLimit = true;
      if (ch === ';' && text.slice(i + 1).trim()) statements++;
      if (ch !== ';') sql += ch;
      i++;
    }
  }
  // `LIMIT ?, ?`: the first is the offset.
  for (const { use, end } of topLimitAt) {
    if (/^\s*,/.test(sql.slice(end))) uses[use] = 'limit';
  }
  sql = sql.trim();
  const rowsUncapped =
    /^(select|with)\b/i.test(sql) &&
    !topLimit &&
    !/\bfor\s+(update|share)\b|\block\s+in\s+share\s+mode\b/i.test(sql);
  return { sql, order, uses, statements, rowsUncapped };
}
