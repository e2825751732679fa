// What one workspace package may take from another: only what the other exports (package.json
// `exports`), only when it declares the dependency (package.json `dependencies`, or
// `devDependencies` for its tests), never by a relative path out of its own folder; the
// packages depend on each other without a cycle, tests included; and inside a package, its
// files import each other without a cycle (a circle of modules is one module in pieces).
//   node scripts/check-imports.ts        (exit 1 and one line per problem)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Pkg {
  name: string;
  dir: string;
  dependencies: Set<string>;
  devDependencies: Set<string>;
  /** The subpaths of `exports` ('.', './model', ...). */
  exports: Set<string>;
}

/** The modules a file loads into its own: imports, re-exports and dynamic imports. */
export function imports(source: string): string[] {
  return match(source, [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]/g,
  ]);
}

/**
 * Every module specifier a file names: its imports, and the files it resolves or names by URL
 * (a worker's module, a child process's script, a schema).
 */
export function specifiers(source: string): string[] {
  return [
    ...imports(source),
    ...match(source, [
      /\bimport\.meta\.resolve\(\s*['"]([^'"]+)['"]/g,
      /\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g,
    ]),
  ];
}

function match(source: string, patterns: RegExp[]): string[] {
  return patterns.flatMap((p) => [...source.matchAll(p)].map((m) => m[1]!));
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'generated', '.data'].includes(e.name) || e.name.startsWith('.'))
      continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p));
    else if (/\.(ts|mts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

export function loadPackages(root: string): Pkg[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.map((ws) => {
    const dir = join(root, ws);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
      exports?: string | Record<string, unknown>;
    };
    const exports =
      typeof pkg.exports === 'string' || pkg.exports === undefined
        ? new Set(['.'])
        : new Set(Object.keys(pkg.exports));
    return {
      name: pkg.name,
      dir,
      dependencies: new Set(Object.keys(pkg.dependencies ?? {})),
      devDependencies: new Set(Object.keys(pkg.devDependencies ?? {})),
      exports,
    };
  });
}

/** Every problem found under `root` (a workspace monorepo), one line each. */
export function importProblems(root: string): string[] {
  const packages = loadPackages(root);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const rootDev = new Set(
    Object.keys(
      (
        JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
          devDependencies?: Record<string, string>;
        }
      ).devDependencies ?? {},
    ),
  );
  const problems: string[] = [];
  for (const pkg of packages) {
    const files = listFiles(pkg.dir);
    /** The package's own files each file names by a relative specifier. */
    const fileEdges = new Map<string, string[]>();
    for (const file of files) {
      const rel = relative(root, file);
      // Development only: tests (test/, the bench's separate suite test-faults/), a package's
      // own scripts/ (proto's generator), the docs' generator (scripts/docs/), and the sources
      // of a browser bundle (the console's web/: bundled by `npm run build`, never required at
      // run time, so what it takes is no dependency of the service's image).
      const top = relative(pkg.dir, file).split(sep)[0] ?? '';
      const isTest =
        /^test(-|$)/.test(top) ||
        top === 'web' ||
        (top === 'scripts' && pkg.dir !== join(root, 'scripts')) ||
        (top === 'docs' && pkg.dir === join(root, 'scripts'));
      const source = readFileSync(file, 'utf8');
      // A cycle is of modules loaded into one another (not of a worker's or a child's script).
      fileEdges.set(
        file,
        imports(source)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => resolve(dirname(file), spec)),
      );
      for (const spec of specifiers(source)) {
        if (spec.startsWith('.')) {
          // Inside the package, or the checkout's root itself (what a test that runs the
          // built bundles, or the bench's record of the commit, starts from).
          const target = resolve(dirname(file), spec);
          const inside = target === pkg.dir || target.startsWith(pkg.dir + sep);
          if (!inside && target !== resolve(root)) {
            problems.push(`${rel}: '${spec}' reaches out of ${pkg.name} by a relative path`);
          }
          continue;
        }
        if (spec.startsWith('node:') || spec.includes('${')) continue;
        const m = /^(@[^/]+\/[^/]+|[^@/][^/]*)(\/.*)?$/.exec(spec);
        const name = m?.[1];
        const other = name ? byName.get(name) : undefined;
        // An npm package (one installed: the scanner also reads import-like text in strings):
        // declared by the package, or for tests by the repository's root, whose
        // devDependencies are the shared toolchain (tap).
        if (name && !other && existsSync(join(root, 'node_modules', name, 'package.json'))) {
          const declared =
            pkg.dependencies.has(name) ||
            (isTest && (pkg.devDependencies.has(name) || rootDev.has(name)));
          if (!declared)
            problems.push(`${rel}: imports ${name} without declaring it in ${pkg.name}`);
          continue;
        }
        if (!other || other === pkg) continue;
        const declared =
          pkg.dependencies.has(other.name) || (isTest && pkg.devDependencies.has(other.name));
        if (!declared) {
          problems.push(
            `${rel}: imports ${other.name} without declaring it in ${pkg.name}'s ${isTest ? 'dependencies or devDependencies' : 'dependencies'}`,
          );
        }
        const sub = m?.[2] ? `.${m[2]}` : '.';
        if (!other.exports.has(sub)) {
          problems.push(`${rel}: '${spec}' is not an export of ${other.name}`);
        }
      }
    }
    for (const c of cycles(new Map(files.map((f) => [f, fileEdges.get(f) ?? []]))))
      problems.push(`import cycle in ${pkg.name}: ${c.map((f) => relative(root, f)).join(' -> ')}`);
  }
  const names = new Set(packages.map((p) => p.name));
  const dependsOn = packages.map((p): [string, string[]] => [
    p.name,
    [...p.dependencies, ...p.devDependencies].filter((d) => names.has(d)),
  ]);
  for (const c of cycles(new Map(dependsOn))) problems.push(`dependency cycle: ${c.join(' -> ')}`);
  return problems;
}

/** The cycles of a graph, each as a path that ends where it starts (nodes visited in order). */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string) => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'open') {
      const cycle = [...path.slice(path.indexOf(n)), n];
      found.set(cycle.join('\0'), cycle);
      return;
    }
    state.set(n, 'open');
    path.push(n);
    for (const d of [...(edges.get(n) ?? [])].sort()) if (edges.has(d)) visit(d);
    path.pop();
    state.set(n, 'done');
  };
  for (const n of [...edges.keys()].sort()) visit(n);
  return [...found.values()];
}

if (import.meta.main) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = importProblems(root);
  for (const p of problems) process.stderr.write(`${p}\n`);
  if (problems.length > 0) process.exitCode = 1;
  else process.stdout.write('imports: declared, exported, no cycle between packages or files\n');
}
