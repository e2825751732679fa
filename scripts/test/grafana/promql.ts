// The metric names a PromQL expression reads, with a small tokenizer: what is left once the
// string literals, label matchers {...}, ranges [...], label lists of by/without/on/ignoring/
// group_left/group_right, and Grafana's $variables are taken out, then every identifier that
// is not a function or aggregation (followed by "("), a keyword, or a number or duration.
// Enough for dashboards; not a PromQL parser (a metric selected only by {__name__="..."} is
// not seen).

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'atan2',
  'inf',
  'nan',
  'Inf',
  'NaN',
]);

export function metricNames(expr: string): string[] {
  let s = expr;
  s = s.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ');
  s = s.replace(/\{[^}]*\}/g, ' ');
  s = s.replace(/\[[^\]]*\]/g, ' ');
  s = s.replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  s = s.replace(/\$\{[^}]*\}|\$\w+/g, ' ');
  const names = new Set<string>();
  const token = /(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[a-zA-Z]*)|([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g;
  for (const m of s.matchAll(token)) {
    if (m[1] !== undefined || m[3] !== undefined) continue;
    if (!KEYWORDS.has(m[2]!)) names.add(m[2]!);
  }
  return [...names];
}

/** For each histogram_quantile(q, inner): its inner expression's text (balanced parentheses). */
export function quantileArguments(expr: string): string[] {
  const out: string[] = [];
  for (const m of expr.matchAll(/histogram_quantile\s*\(/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < expr.length && depth > 0; i++) {
      if (expr[i] === '(') depth++;
      else if (expr[i] === ')') depth--;
    }
    const args = expr.slice(start, i - 1);
    out.push(args.slice(args.indexOf(',') + 1).trim());
  }
  return out;
}

/** `# TYPE name type` lines of Prometheus text exposition: name -> type. */
export function exportedTypes(body: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const m of body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(m[1]!, m[2]!);
  return types;
}

/**
 * Whether `name` is exported: itself, or the _bucket/_sum/_count series of an exported
 * histogram (_sum/_count of a summary too).
 */
export function resolves(name: string, types: Map<string, string>): boolean {
  if (types.has(name)) return true;
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (!m) return false;
  const type = types.get(m[1]!);
  return type === 'histogram' || (type === 'summary' && m[2] !== 'bucket');
}

/** For each `name{...}` selector of an expression: the metric and the label names it matches on. */
export function selectorLabels(expr: string): { metric: string; labels: string[] }[] {
  const s = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  const out: { metric: string; labels: string[] }[] = [];
  for (const m of s.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{([^}]*)\}/g)) {
    const labels = [...m[2]!.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
      (l) => l[1]!,
    );
    out.push({ metric: m[1]!, labels });
  }
  return out;
}

/** The label names seen on each series name of Prometheus text exposition. */
export function sampleLabels(body: string): Map<string, Set<string>> {
  const seen = new Map<string, Set<string>>();
  for (const m of body.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+\S+/gm)) {
    const set = seen.get(m[1]!) ?? new Set<string>();
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) set.add(l[1]!);
    seen.set(m[1]!, set);
  }
  return seen;
}
