// Fixtures made once and shared by every test on the machine (a MariaDB data directory made by
// mariadb-install-db takes seconds; copying it takes milliseconds). Two test files run side by
// side, and one file may start several servers at once, so two makers can race in one process
// and in two. The rule: a fixture is made in a directory of its maker's own and renamed into
// place whole, marked complete inside; a user only ever sees no fixture or a complete one.
// In one process the callers share one making; across processes each maker that finds none
// makes its own and the first rename wins (the others delete theirs and use the winner's).
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Written last inside a made fixture: a directory without it is not one. */
const COMPLETE = '.complete';

const making = new Map<string, Promise<string>>();

/**
 * The path of the shared directory `name` under `parent` (the temp directory by default), made by
 * `make(dir)` into a fresh directory of its own when it is not there yet. Resolves once it is
 * complete; a failed making rejects every caller waiting on it and leaves nothing behind.
 */
export function sharedDir(
  name: string,
  make: (dir: string) => Promise<void> | void,
  parent: string = tmpdir(),
): Promise<string> {
  const path = join(parent, name);
  let pending = making.get(path);
  if (!pending) {
    pending = makeOnce(path, make);
    making.set(path, pending);
    // A failure is not remembered: the next caller tries again.
    pending.catch(() => making.delete(path));
  }
  return pending;
}

async function makeOnce(
  path: string,
  make: (dir: string) => Promise<void> | void,
): Promise<string> {
  if (existsSync(join(path, COMPLETE))) return path;
  // Beside the final path (same file system: the rename is atomic), named by mkdtemp: unique
  // per maker whatever the process, unlike a name built from the pid.
  const own = mkdtempSync(`${path}.making-`);
  try {
    await make(own);
    writeFileSync(join(own, COMPLETE), '');
    try {
      renameSync(own, path);
    } catch (err) {
      // Another maker's rename came first (the target is a non-empty directory): use theirs.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    }
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
  if (!existsSync(join(path, COMPLETE)))
    throw new Error(`${path} exists but is not a complete fixture: remove it and run again`);
  return path;
}
