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
}

export class QueriesError extends Error {
  constructor(source: string, problems: string[]) {
    super(`invalid queries ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'QueriesError';
  }
}

/** Bound to the request's shard key, so that a query reads the owner it was routed by. */
export const SHARD_KEY_PARAM = 'shard_key';

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
  for (const [d, text] of Object.entries(texts) as [Dialect, string][]) {
    const compiled = compile(text);
    for (const p of compiled.order) {
      if (p !== SHARD_KEY_PARAM && !params.has(p))
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
  };
}

/** `:name` placeholders (outside quotes and comments) to `?`, with the order of names. */
export function compile(text: string): { sql: string; order: string[]; statements: number } {
  let sql = '';
  const order: string[] = [];
  let statements = 1;
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
      sql += '?';
      i += 1 + m[0].length;
    } else {
      if (ch === ';' && text.slice(i + 1).trim()) statements++;
      if (ch !== ';') sql += ch;
      i++;
    }
  }
  return { sql: sql.trim(), order, statements };
}
