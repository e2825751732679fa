// What one workspace package may take from another: only what the other exports (package.json
// `exports`), only when it declares the dependency (package.json `dependencies`, or
// `devDependencies` for its tests), never by a relative path out of its own folder; and the
// packages depend on each other without a cycle, tests included.
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

/** Module specifiers a file names: imports, re-exports, dynamic imports, resolves and file URLs. */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]/g,
    /\bimport\.meta\.resolve\(\s*['"]([^'"]+)['"]/g,
    /\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g,
  ];
  for (const p of patterns) for (const m of source.matchAll(p)) found.push(m[1]!);
  return found;
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
    for (const file of listFiles(pkg.dir)) {
      const rel = relative(root, file);
      // Development only: tests (test/, the bench's separate suite test-faults/), a package's
      // own scripts/ (proto's generator, map-server's studies) and the docs' generator
      // (scripts/docs/).
      const top = relative(pkg.dir, file).split(sep)[0] ?? '';
      const isTest =
        /^test(-|$)/.test(top) ||
        (top === 'scripts' && pkg.dir !== join(root, 'scripts')) ||
        (top === 'docs' && pkg.dir === join(root, 'scripts'));
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
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
  }
  problems.push(...cycles(packages));
  return problems;
}

/** Cycles in the graph of declared workspace dependencies (dev ones included). */
function cycles(packages: Pkg[]): string[] {
  const names = new Set(packages.map((p) => p.name));
  const edges = new Map(
    packages.map((p) => [
      p.name,
      [...p.dependencies, ...p.devDependencies].filter((d) => names.has(d)).sort(),
    ]),
  );
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string) => {
    if (state.get(n) === 'done') return;
    if (state.get(n) === 'open') {
      found.add(`dependency cycle: ${[...path.slice(path.indexOf(n)), n].join(' -> ')}`);
      return;
    }
    state.set(n, 'open');
    path.push(n);
    for (const d of edges.get(n) ?? []) visit(d);
    path.pop();
    state.set(n, 'done');
  };
  for (const n of [...names].sort()) visit(n);
  return [...found];
}

if (import.meta.main) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = importProblems(root);
  for (const p of problems) process.stderr.write(`${p}\n`);
  if (problems.length > 0) process.exitCode = 1;
  else process.stdout.write('imports between packages: declared, exported, no cycle\n');
}
