// Every link of every Markdown file of the checkout, checked offline: a relative link must
// name a file or folder that exists, and its #anchor a heading (or an `<a id>`) of that file, as
// GitHub renders them; an external link must at least be a well-formed URL. A scanner of the
// subset of Markdown this repository writes (inline links, reference definitions, ATX headings,
// fenced code skipped) rather than a full parser: none is among the declared dependencies.
//   node scripts/docs/links.ts        (exit 1 and one line per broken link)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', '.data', 'results', 'generated']);

/** The Markdown files under `root`, relative to it, sorted. */
export function markdownFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (SKIP_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...markdownFiles(root, path));
    else if (entry.endsWith('.md')) out.push(relative(root, path));
  }
  return out;
}

/** The lines that are Markdown text (not inside a fenced code block), with their numbers. */
function proseLines(text: string): [line: string, n: number][] {
  const out: [string, number][] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (!fence) fence = m[1]![0]!.repeat(m[1]!.length);
      else if (line.trim().startsWith(fence)) fence = undefined;
      return;
    }
    if (!fence) out.push([line, i + 1]);
  });
  return out;
}

/** A line without its inline code spans (a link written as code is not a link). */
function withoutCode(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, (m) => ' '.repeat(m.length));
}

/**
 * A heading's anchor as GitHub makes it (github-slugger): the text as rendered, lower-cased,
 * every character that is not a letter, digit, mark, connector (`_`), space or hyphen dropped,
 * spaces made hyphens.
 */
export function slug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*)/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown text has: its headings' slugs (repeats numbered) and `<a id>`s. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [line] of proseLines(text)) {
    const h = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const base = slug(h[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(a[1]!);
  }
  return out;
}

/** The link targets a Markdown text names, with their line numbers. */
export function links(text: string): [target: string, line: number][] {
  const out: [string, number][] = [];
  for (const [raw, n] of proseLines(text)) {
    const line = withoutCode(raw);
    // [text](target "title"), ![alt](target); the text may hold brackets of its own.
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      out.push([m[1]!, n]);
    // [label]: target
    const def = /^ {0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (def) out.push([def[1]!, n]);
    for (const m of line.matchAll(/<a\s+href="([^"]+)"/g)) out.push([m[1]!, n]);
  }
  return out;
}

/** Every broken link under `root`: `file:line: target: why`. */
export function linkProblems(root: string, files = markdownFiles(root)): string[] {
  const problems: string[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    let a = anchorCache.get(file);
    if (!a) {
      a = anchors(readFileSync(file, 'utf8'));
      anchorCache.set(file, a);
    }
    return a;
  };
  for (const rel of files) {
    const file = join(root, rel);
    for (const [target, line] of links(readFileSync(file, 'utf8'))) {
      const where = `${rel}:${line}: ${target}`;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        if (/^(https?|mailto):/i.test(target)) {
          try {
            new URL(target);
          } catch {
            problems.push(`${where}: not a well-formed URL`);
          }
        } else problems.push(`${where}: a scheme other than http(s) or mailto`);
        continue;
      }
      const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
      let path: string;
      try {
        path = decodeURIComponent(pathPart);
      } catch {
        problems.push(`${where}: a malformed percent-encoding`);
        continue;
      }
      const dest = path === '' ? file : resolve(dirname(file), path);
      if (!dest.startsWith(resolve(root))) {
        problems.push(`${where}: points outside the checkout`);
        continue;
      }
      if (!existsSync(dest)) {
        problems.push(`${where}: no such file`);
        continue;
      }
      if (anchor !== undefined && dest.endsWith('.md') && !anchorsOf(dest).has(anchor)) {
        problems.push(`${where}: no heading with the anchor #${anchor} in ${relative(root, dest)}`);
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const problems = linkProblems(root);
  for (const p of problems) console.error(p);
  process.exitCode = problems.length ? 1 : 0;
}
