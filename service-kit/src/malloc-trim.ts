// glibc's malloc_trim(0): gives the free memory inside malloc's heap back to the system.
// free() returns only the top of the heap, and what native code frees in the middle of it
// stays counted in RSS: after 5 floods of 2,000 connections, closed and collected, db-proxy sat
// at 130 MB RSS with a V8 heap of 11 MB, and malloc_trim(0) took it to 78 MB. glibc's settings
// did not (MALLOC_MMAP_THRESHOLD_=65536: 141 MB, glibc.malloc.mxfast=0: 156 MB), and jemalloc
// would need preloading (scripts/flood-memory.ts measures it). Node never calls it, so it is
// called here through koffi (a C FFI with prebuilt binaries), a period after the idle
// compactor's collection freed what the closed connections held (idle-gc.ts). Linux with glibc
// only: elsewhere, or where koffi's binary is not installed, nothing is trimmed.
import type { Logger } from 'pino';

type Trim = (pad: number) => number;
let trim: Trim | null | undefined;
let unavailable: string | undefined;

function load(): Trim | null {
  if (process.platform !== 'linux') {
    unavailable = `not Linux (${process.platform})`;
    return null;
  }
  try {
    // Loaded on first use, with require (its ESM entry costs more memory): a process that never
    // compacts never maps the binary.
    const { createRequire } = process.getBuiltinModule(
      'node:module',
    ) as typeof import('node:module');
    const koffi = createRequire(import.meta.url)('koffi') as {
      load(name: string): { func(signature: string): Trim };
    };
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  } catch (err) {
    unavailable = (err as Error).message.split('\n')[0];
    return null;
  }
}

/**
 * Trims malloc's heap: true if memory was given back, false if none could be, undefined where
 * malloc_trim is unavailable (said once in `log`, at info).
 */
export function mallocTrim(log?: Logger): boolean | undefined {
  if (trim === undefined) {
    trim = load();
    if (!trim)
      log?.info({ reason: unavailable }, 'malloc_trim unavailable: freed memory stays in RSS');
  }
  return trim ? trim(0) === 1 : undefined;
}
