// Strict structure checks through TypeScript: values (parsed YAML or JSON) written as object
// literals of a published declaration's type and type-checked by tsc, whose excess-property
// check names every field the declaration does not know (a JSON schema that allows unknown
// fields, as the Kubernetes API's do, lets a misspelt one through).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface Literal {
  /** Names the value in the problems found. */
  label: string;
  /** The type's name and the module that declares it. */
  type: string;
  from: string;
  value: unknown;
}

/** One problem per tsc error, prefixed with the label of the value it is in. */
export function typeCheckLiterals(literals: Literal[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'slg-typecheck-'));
  try {
    const lines: string[] = [];
    literals.forEach((l, i) => {
      lines.push(`import type { ${l.type} as T${i} } from '${l.from}';`);
    });
    literals.forEach((l, i) => {
      lines.push(`// ${l.label}`, `export const v${i}: T${i} = ${JSON.stringify(l.value)};`);
    });
    writeFileSync(join(dir, 'check.ts'), `${lines.join('\n')}\n`);
    // The packages resolve from this repository's node_modules, wherever the file is.
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2024',
          skipLibCheck: true,
          types: [],
          paths: { '*': [join(root, 'node_modules/*')] },
        },
        files: ['check.ts'],
      }),
    );
    // On the pinned Node, and not under tap's loaders, which tap adds to NODE_OPTIONS of
    // whatever a test spawns: `env -u` drops them (as scripts/test/start.test.ts does).
    const tsc = spawnSync(
      'env',
      [
        '-u',
        'NODE_OPTIONS',
        process.execPath,
        join(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        join(dir, 'tsconfig.json'),
      ],
      { encoding: 'utf8' },
    );
    if (tsc.error) throw tsc.error;
    if (tsc.status === 0) return [];
    // check.ts(LINE,COL): error TSnnnn: message -> the label on the line above the value.
    return `${tsc.stdout}${tsc.stderr}`
      .trim()
      .split('\n')
      .map((line) => {
        const m = /check\.ts\((\d+),\d+\): (.*)$/.exec(line);
        return m ? `${lines[Number(m[1]) - 2]?.slice(3) ?? '?'}: ${m[2]}` : line;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
