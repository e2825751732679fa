// What the rehearsal takes from the two-machine guide (docs/guides/two-machines.md) and its cloud-init
// file (docs/cloud-init/slg-server.yaml), so that it runs what a user would copy: the guide's
// `npm run bench -- pair` commands as written (their host names resolved to the rehearsal's
// hosts), with only the sizes a rehearsal must shorten appended (a later flag wins), and the
// cloud-init file's own script and settings for each server host.
import { parse } from 'yaml';

/** One `npm run bench -- pair …` command of the guide. */
export interface GuideCommand {
  /** The command as the guide writes it, continuation lines joined. */
  text: string;
  /** The words after `npm run bench --`. */
  args: string[];
  workload: string;
  /** The `--a` and `--b` targets as written (host:port). */
  a: string;
  b: string;
}

/** Shell words of a simple command line: blanks separate, '…' and "…" quote, \ escapes. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i]!;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i]!;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} in: ${text}`);
  if (word !== null) words.push(word);
  return words;
}

/** The value of `--name V` or `--name=V` in `args` (the last one: commander's rule), else null. */
export function flagValue(args: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a === name && i + 1 < args.length) value = args[++i]!;
    else if (a.startsWith(`${name}=`)) value = a.slice(name.length + 1);
  }
  return value;
}

/**
 * Every `npm run bench -- pair` command in the guide's sh blocks, in order: continuation lines
 * (a trailing backslash) joined, comment lines left out.
 */
export function guideCommands(markdown: string): GuideCommand[] {
  const out: GuideCommand[] = [];
  for (const block of markdown.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```$/gm)) {
    const lines = block[1]!.split('\n').filter((l) => !/^\s*#/.test(l));
    const joined = lines.join('\n').replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const text = line.trim();
      if (!text.startsWith('npm run bench -- pair ')) continue;
      const args = shellWords(text).slice(4);
      const workload = flagValue(args, '--workload');
      const a = flagValue(args, '--a');
      const b = flagValue(args, '--b');
      if (!workload || !a || !b)
        throw new Error(`a pair command without --workload, --a or --b: ${text}`);
      out.push({ text, args, workload, a, b });
    }
  }
  return out;
}

/** The guide's first pair command of `workload`: the one a user starts with. */
export function commandFor(commands: readonly GuideCommand[], workload: string): GuideCommand {
  const c = commands.find((x) => x.workload === workload);
  if (!c) throw new Error(`the guide has no bench pair command of the ${workload} workload`);
  return c;
}

/** A host:port's host. */
export const hostOf = (address: string): string => address.slice(0, address.lastIndexOf(':'));

/**
 * The guide's command with the rehearsal's own flags: `pairFlags` after the pair's flags (before
 * the `--` that starts the runs' flags), `runFlags` after the runs' flags. Each one given later
 * wins over the guide's (commander keeps an option's last value), and the guide's words stay as
 * they are.
 */
export function withFlags(
  args: readonly string[],
  pairFlags: readonly string[],
  runFlags: readonly string[],
): string[] {
  const sep = args.indexOf('--');
  const pair = sep === -1 ? [...args] : args.slice(0, sep);
  const run = sep === -1 ? [] : args.slice(sep + 1);
  return [...pair, ...pairFlags, '--', ...run, ...runFlags];
}

/** The words given to every run of a pair command (after its `--`). */
export function runFlagsOf(args: readonly string[]): string[] {
  const sep = args.indexOf('--');
  return sep === -1 ? [] : args.slice(sep + 1);
}

/** Every value of a repeated pair flag (`--a-arg=--dbproxy=…`), in order. */
export function repeatedFlag(args: readonly string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a === name && i + 1 < args.length) out.push(args[++i]!);
    else if (a.startsWith(`${name}=`)) out.push(a.slice(name.length + 1));
  }
  return out;
}

/** What the rehearsal runs of the cloud-init file. */
export interface CloudInit {
  /** /usr/local/sbin/slg-bootstrap: its `env FILE` mode writes the machine's description. */
  bootstrap: string;
  /** /etc/slg/slg.env's variables. */
  env: Record<string, string>;
}

export function cloudInit(yamlText: string): CloudInit {
  const doc = parse(yamlText) as { write_files?: { path: string; content: string }[] };
  const file = (p: string) => {
    const f = doc.write_files?.find((x) => x.path === p);
    if (!f) throw new Error(`the cloud-init file writes no ${p}`);
    return f.content;
  };
  const env: Record<string, string> = {};
  for (const m of file('/etc/slg/slg.env').matchAll(/^([A-Z_][A-Z0-9_]*)=(.*)$/gm))
    env[m[1]!] = m[2]!;
  return { bootstrap: file('/usr/local/sbin/slg-bootstrap'), env };
}
