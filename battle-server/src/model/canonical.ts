// Canonical JSON (object keys sorted, no whitespace) and the result hash over it.
import { createHash } from 'node:crypto';
import type { BattleResult } from './types.ts';

/** JSON with the keys of every object sorted; `undefined` members are left out, as JSON does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(obj).sort()) {
    const v = obj[key];
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/** SHA-256 (hex) of the canonical JSON of a result without its `hash` and `report`. */
export function resultHash(result: BattleResult): string {
  const { hash: _hash, report: _report, ...core } = result;
  return createHash('sha256').update(canonicalJson(core)).digest('hex');
}
