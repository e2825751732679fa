// Static checks of an unpacked image (its root filesystem on this machine),
// each failing with a message that says what is wrong:
//   - the base and the binaries are the image's architecture (a wrong BASE
//     would still run here, through qemu, so it is checked by ELF header);
//   - every file the bundle needs is there: the entry, the files it loads
//     beside itself (worker.mjs), the service's assets, the healthcheck, and a
//     package in node_modules for every bare import the bundle makes, and the
//     image's own platform package among that package's optional dependencies
//     (koffi's prebuilt binary is one: `npm ci --omit=optional` would drop it).

import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix } from 'node:path';
import { type Platform, StepError } from './lib.ts';
import type { ServiceImage } from './services.ts';

const ELF_MACHINES: Record<number, string> = { 62: 'x86-64 (amd64)', 183: 'aarch64 (arm64)' };

/** A path inside the image, symlinks followed inside the image (absolute links re-rooted). */
export function resolveInRoot(rootfs: string, path: string, depth = 0): string {
  if (depth > 40) throw new Error(`${path}: too many symbolic links`);
  const parts = posix.normalize(path).split('/').filter(Boolean);
  let current = '/';
  for (let i = 0; i < parts.length; i++) {
    const next = posix.join(current, parts[i]!);
    const host = join(rootfs, next);
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(host);
    } catch {
      return join(rootfs, posix.join(next, ...parts.slice(i + 1)));
    }
    if (st.isSymbolicLink()) {
      const target = readlinkSync(host);
      const abs = target.startsWith('/') ? target : posix.join(current, target);
      return resolveInRoot(rootfs, posix.join(abs, ...parts.slice(i + 1)), depth + 1);
    }
    current = next;
  }
  return join(rootfs, current);
}

/** The ELF machine of a file, or a reason it has none. */
export function elfMachine(file: string): number | string {
  if (!existsSync(file)) return 'missing';
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(20);
    const n = readSync(fd, head, 0, 20, 0);
    if (n < 20 || head.readUInt32BE(0) !== 0x7f454c46) return 'not an ELF binary';
    return head.readUInt16LE(18);
  } finally {
    closeSync(fd);
  }
}

/** The binaries whose architecture says what the image runs: its base's and the ones it adds. */
export const ARCH_PROBES = ['/bin/sh', '/usr/bin/dpkg', '/usr/local/bin/node', '/usr/bin/tini'];

export function checkArchitecture(rootfs: string, p: Platform, label: string): void {
  const wrong: string[] = [];
  for (const probe of ARCH_PROBES) {
    const m = elfMachine(resolveInRoot(rootfs, probe));
    if (m === p.elfMachine) continue;
    wrong.push(
      typeof m === 'string'
        ? `${probe} is ${m}`
        : `${probe} is ${ELF_MACHINES[m] ?? `ELF machine ${m}`}`,
    );
  }
  if (wrong.length) {
    throw new StepError(
      `${label}: wrong base or binaries for ${p.platform}: ${wrong.join('; ')} (expected ${ELF_MACHINES[p.elfMachine]})`,
    );
  }
}

/** Bare specifiers a bundle imports or requires (node: and built-in modules left out). */
export function bareImports(bundle: string): string[] {
  const found = new Set<string>();
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*|\)\(\s*)["']([^"'./][^"']*)["']/g;
  for (const m of bundle.matchAll(re)) {
    const spec = m[1]!;
    if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
    found.add(spec);
  }
  return [...found].sort();
}

/** The files a bundle loads beside itself (new URL("./worker.mjs", import.meta.url) and the like). */
export function siblingFiles(bundle: string): string[] {
  return [...new Set([...bundle.matchAll(/["']\.\/([\w.-]+\.mjs)["']/g)].map((m) => m[1]!))];
}

/**
 * The optional dependencies of the package in `dir` that carry its native code for this
 * platform: named for linux and the platform's CPU, glibc's where a libc is named
 * (`@koromix/koffi-linux-arm64`, `@napi-rs/nice-linux-x64-gnu`).
 */
export function platformPackages(dir: string, p: Platform): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  const here = new RegExp(`-linux-${p.nodeArch}(-gnu)?$`);
  return Object.keys(manifest.optionalDependencies ?? {}).filter((n) => here.test(n));
}

function packageOf(spec: string): { name: string; subpath: string } {
  const parts = spec.split('/');
  const n = spec.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, n).join('/'), subpath: parts.slice(n).join('/') };
}

/** Where Node would look for a package from a file of the image: node_modules up to /. */
function findPackage(rootfs: string, fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = posix.dirname(dir)) {
    const candidate = join(rootfs, dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === '/') return undefined;
  }
}

/**
 * Every file the service's entry needs, checked in the unpacked image; returns
 * the files checked. `entry` is the image path of the bundle its entrypoint runs.
 */
export function checkAssets(
  rootfs: string,
  p: Platform,
  s: ServiceImage,
  entry: string,
  healthcheck: string[],
  label: string,
): string[] {
  const missing: string[] = [];
  const checked: string[] = [];
  const need = (imagePath: string, what: string) => {
    checked.push(imagePath);
    if (!existsSync(resolveInRoot(rootfs, imagePath))) missing.push(`${what} ${imagePath}`);
  };
  need(entry, 'the entry bundle');
  const bundles = [entry];
  const entryFile = resolveInRoot(rootfs, entry);
  if (existsSync(entryFile)) {
    for (const f of siblingFiles(readFileSync(entryFile, 'utf8'))) {
      const p = posix.join(posix.dirname(entry), f);
      if (!p.endsWith('.ts')) {
        need(p, 'the file the bundle loads');
        bundles.push(p);
      }
    }
  }
  for (const asset of s.assets) need(`/app/${asset}`, 'the asset');
  // HEALTHCHECK ["CMD", program, script.mjs, ...arguments]: the program and the scripts it runs.
  const [form, program, ...rest] = healthcheck;
  if (form === 'CMD' && program) need(program, 'the HEALTHCHECK program');
  for (const arg of rest) if (/^\/.*\.[cm]?js$/.test(arg)) need(arg, 'the HEALTHCHECK script');
  for (const b of bundles) {
    const file = resolveInRoot(rootfs, b);
    if (!existsSync(file)) continue;
    for (const spec of bareImports(readFileSync(file, 'utf8'))) {
      const { name, subpath } = packageOf(spec);
      const pkg = findPackage(rootfs, posix.dirname(b), name);
      checked.push(`${spec} (from ${b})`);
      if (!pkg) {
        missing.push(`the package ${name} (imported by ${b})`);
        continue;
      }
      if (subpath && /\.[cm]?js$/.test(subpath) && !existsSync(join(pkg, subpath))) {
        missing.push(`the file ${spec} (imported by ${b})`);
      }
      for (const native of platformPackages(pkg, p)) {
        checked.push(`${native} (for ${name})`);
        if (!findPackage(rootfs, posix.dirname(b), native)) {
          missing.push(`the package ${native} (the native code of ${name} for ${p.platform})`);
        }
      }
    }
  }
  if (missing.length)
    throw new StepError(`${label}: missing from the image: ${missing.join('; ')}`);
  return checked;
}
