// No import circle between the bench's own files: every relative import of bench/src (static,
// `export ... from`, `import type` and `import('...')` alike) is followed, and a circle is named
// with its files. The walker is checked first on made-up graphs, so that an empty answer for
// bench/src means none was found, not that none could be.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** Every .ts file under `dir`, as absolute paths. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? tsFiles(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The relative modules a file's code imports (comments left out), resolved to absolute paths. */
function importsOf(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specs = [
    ...code.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]/g),
    ...code.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return [...new Set(specs.map((s) => resolve(dirname(file), s)))];
}

/** The circles of a graph (its strongly connected components of more than one file, or a self-import). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

t.test('the walker finds a circle, through a type import and a dynamic import too', async (t) => {
  const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
  t.same(circles(g({ a: ['b'], b: ['c'], c: [] })), []);
  t.same(circles(g({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })), [['a', 'b', 'c']]);
  t.same(circles(g({ a: ['a'] })), [['a']]);
  const file = '/x/commands/a.ts';
  t.same(
    importsOf(
      file,
      [
        "import type { B } from '../lib/b.ts';",
        "import {\n  c,\n  d,\n} from './c.ts';",
        "export { e } from './e.ts';",
        "const f = await import('./f.ts');",
        "// import { g } from './g.ts';",
        "import { h } from 'node:fs';",
      ].join('\n'),
    ),
    ['/x/lib/b.ts', '/x/commands/c.ts', '/x/commands/e.ts', '/x/commands/f.ts'],
  );
});

t.test('no import circle between the files of bench/src', async (t) => {
  const files = tsFiles(src);
  t.ok(files.length > 20, `${files.length} files read`);
  const graph = new Map(files.map((f) => [f, importsOf(f, readFileSync(f, 'utf8'))]));
  const found = circles(graph).map((c) => c.map((f) => relative(src, f)).join(' <-> '));
  t.same(found, [], 'circles of imports');
});
