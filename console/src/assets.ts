// The page: index.html, its stylesheet, and the browser code (web/*.ts) bundled by esbuild into
// one script with nothing loaded from elsewhere (no CDN: the console works offline). `npm run
// build` writes them to console/dist/web/ (scripts/build.ts, with webBuildOptions), where the
// console reads them at start, from its bundle (the image) or its sources.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WebAssets {
  html: string;
  js: string;
  css: string;
}

const here = dirname(fileURLToPath(import.meta.url));

/** console/: this module is in src/ (sources) or dist/ (the bundle), both beside web/. */
const consoleDir = join(here, '..');

/** Where the web sources are. */
export const webSourceDir = join(consoleDir, 'web');

/** Where `npm run build` writes the page. */
export const webBuiltDir = join(consoleDir, 'dist', 'web');

/** The page's files copied as they are beside the bundle. */
export const webStaticFiles = ['index.html', 'app.css'] as const;

/** esbuild's options for the browser bundle (one script, for the browsers of the last years). */
export const webBuildOptions = {
  entryPoints: [join(webSourceDir, 'main.ts')],
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
} as const;

/** The page's files as `npm run build` wrote them; throws, saying what to run, when it has not. */
export function loadAssets(dir = webBuiltDir): WebAssets {
  const read = (f: string) => {
    const path = join(dir, f);
    if (!existsSync(path))
      throw new Error(`the console's page is not built (no ${path}): run \`npm run build\``);
    return readFileSync(path, 'utf8');
  };
  return { html: read('index.html'), css: read('app.css'), js: read('app.js') };
}
