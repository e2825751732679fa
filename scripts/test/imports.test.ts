// Packages take from each other only what they declare and what the other exports, never by a
// relative path, and without a cycle, and a package's files import each other without a cycle:
// checked on this repository, and shown to catch each fault on a small monorepo made for the
// purpose.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { importProblems, imports, specifiers } from '../check-imports.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

t.test('this repository: declared, exported, no cycle of packages or of files', async (t) => {
  t.same(importProblems(root), []);
});

t.test('the specifiers a file names', async (t) => {
  t.same(
    specifiers(`import { a } from '@x/a';
import type { B } from "../b.ts";
export { c } from './c.ts';
import './side.ts';
const d = await import('@x/d/sub');
const e = import.meta.resolve('@x/e/schema.json');
const f = new URL('../f.json', import.meta.url);`),
    ['@x/a', '../b.ts', './c.ts', './side.ts', '@x/d/sub', '@x/e/schema.json', '../f.json'],
  );
  // What a file loads into its own (a cycle's edges): not a worker's or a child's script.
  t.same(
    imports(`import {
  a,
} from './a.ts';
const w = new URL('./worker.ts', import.meta.url);
const d = await import('./d.ts');`),
    ['./a.ts', './d.ts'],
  );
});

t.test('each fault is reported', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-imports-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const pkg = (name: string, extra: Record<string, unknown>) =>
    write(`${name}/package.json`, JSON.stringify({ name: `@x/${name}`, ...extra }));
  write(
    'package.json',
    JSON.stringify({ workspaces: ['a', 'b', 'c'], devDependencies: { tap: '1' } }),
  );
  // Installed npm packages (the check judges only what is installed).
  for (const name of ['left-pad', 'tap', 'undeclared'])
    write(`node_modules/${name}/package.json`, JSON.stringify({ name }));
  pkg('a', { exports: { '.': './src/index.ts' }, dependencies: { '@x/b': '1' } });
  pkg('b', { exports: { '.': './src/index.ts' }, devDependencies: { '@x/a': '1' } });
  pkg('c', {
    exports: { '.': './src/index.ts', './schema.json': './schema.json' },
    dependencies: { 'left-pad': '1' },
  });
  write('a/src/index.ts', "import { b } from '@x/b';\nimport { c } from '@x/c';\n");
  // Two files of a package that import each other (one of them for a type only); a third that
  // starts the first as a worker's script is no part of a cycle.
  write('a/src/x.ts', "import { y } from './y.ts';\n");
  write(
    'a/src/y.ts',
    "import type { X } from './x.ts';\nconst w = new URL('./w.ts', import.meta.url);\n",
  );
  write('a/src/w.ts', "import { y } from './y.ts';\n");
  write('a/test/a.test.ts', "import { x } from '@x/b/src/inner.ts';\n");
  // Split so that the check, run over this repository, does not read it as this file's own.
  write('b/src/index.ts', 'const s = new URL(' + "'../../c/schema.json', import.meta.url);\n");
  write('b/test/b.test.ts', "import { a } from '@x/a';\n");
  write(
    'c/src/index.ts',
    "const s = import.meta.resolve('@x/c/schema.json');\nimport pad from 'left-pad';\nimport u from 'undeclared';\n",
  );
  // A test may use the root's toolchain, not a package nobody declared.
  write('c/test/c.test.ts', "import t from 'tap';\nimport u from 'undeclared/sub';\n");
  t.same(importProblems(dir).sort(), [
    "a/src/index.ts: imports @x/c without declaring it in @x/a's dependencies",
    "a/test/a.test.ts: '@x/b/src/inner.ts' is not an export of @x/b",
    "b/src/index.ts: '../../c/schema.json' reaches out of @x/b by a relative path",
    'c/src/index.ts: imports undeclared without declaring it in @x/c',
    'c/test/c.test.ts: imports undeclared without declaring it in @x/c',
    'dependency cycle: @x/a -> @x/b -> @x/a',
    'import cycle in @x/a: a/src/y.ts -> a/src/x.ts -> a/src/y.ts',
  ]);
});
