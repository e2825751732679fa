// The lint rule scripts/lint/closure-on-property.grit: it flags a function literal written
// straight into a property, and not the same literal bound to a const first. Checked on a file
// made for the purpose, with the repository's own biome and nothing else enabled.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const rule = join(root, 'scripts', 'lint', 'closure-on-property.grit');
const biome = join(
  dirname(createRequire(import.meta.url).resolve('@biomejs/biome/package.json')),
  'bin',
  'biome',
);

const sample = `export function f(o: Record<string, unknown>, k: string) {
  o.a = (x: number) => x;
  o.b = async () => 1;
  o[k] = function () { return 2; };
  o.c = (() => 3);
  const d = () => 4;
  o.d = d;
  const lit = { e: () => 5 };
  o.g = [() => 6];
  return lit;
}
export class C {
  h = () => 7;
  i?: () => number;
  constructor() { this.i = () => 8; }
}
`;

t.test('flags a literal put in a property, not one bound to a const first', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'slg-lint-closure-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'biome.json'),
    JSON.stringify({
      plugins: [rule],
      linter: { rules: { preset: 'none' } },
      formatter: { enabled: false },
    }),
  );
  writeFileSync(join(dir, 'sample.ts'), sample);
  const run = spawnSync(biome, ['lint', '--max-diagnostics=100', 'sample.ts'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const out = `${run.stdout}${run.stderr}`;
  const flagged = [...out.matchAll(/sample\.ts:(\d+):\d+ plugin/g)].map((m) => Number(m[1]));
  if (!t.same(flagged, [2, 3, 4, 5, 15], 'the five literals put in a property, no other'))
    t.comment(out);
  t.not(run.status, 0, 'the lint fails');
});
