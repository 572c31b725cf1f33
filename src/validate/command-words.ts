/** Command lines as project files write them: a shell's words, a source or TOML file's string literals, the launchers a command runs. */

import { MAX_READ_BYTES } from './limits.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { decodeUtf8 } from '../util/utf8-text.js';

/**
 * `line` split into words as a POSIX shell splits it: quotes (`'…'`, `"…"` with `\` escapes) and
 * backslashes removed (a backslash and the newline after it, outside `'…'`, vanish: `--y\` then `es` is `--yes`),
 * and each operator that ends a command (`;`, `&`, `|`, `&&`, `||`, a newline) a word of its own (`;`).
 * Expansions (`$X`, `$(…)`) are left as written.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end < 0 ? line.length : end);
      i = end < 0 ? line.length : end;
    } else if (c === '"') {
      word ??= '';
      for (i++; i < line.length && line[i] !== '"'; i++)
        if (line[i] === '\\' && line[i + 1] === '\n') i++;
        else word += line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '') ? line[++i] : line[i];
    } else if (c === '\\' && line[i + 1] === '\n') i++;
    else if (c === '\\') word = (word ?? '') + (line[++i] ?? '');
    // a redirection (2>&1) is part of its word, not the end of the command
    else if (c === '&' && /[<>]$/.test(word ?? '')) word += c;
    else if (/[\s;&|]/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      if (/[;&|\n]/.test(c) && words[words.length - 1] !== ';') words.push(';');
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** What a backslash and the character after it stand for in a string literal: `\n`, `\t`, `\r` as written, any other as the character. */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

/**
 * A character written by its code after a backslash, as Python, JavaScript, Perl, Ruby, PHP, Go, Java and TOML read
 * it in a literal with escapes: `\x65`, `\x{65}`, `\u0065`, `\u{65}`, `\U00000065`, the letter first (`x65`).
 */
const CODE_ESCAPE = /x\{([0-9A-Fa-f]{1,6})\}|x([0-9A-Fa-f]{1,2})|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})/y;

/** Files whose single-quoted literals read no escape by code (`'\x65'` is four characters): Perl, Ruby, PHP and TOML. */
const RAW_SINGLE = /\.(?:pl|pm|rb|rake|php|toml)$|(?:^|\/)(?:Rakefile|Gemfile)$/;

/**
 * The text of the literal of `text` that starts with its quote at `at` (see {@link quotedWordGroups}): its escapes read
 * (a character by its code too, see {@link CODE_ESCAPE}, but not in a single-quoted literal when `rawSingle`), where it
 * ends (its closing quote, or where it breaks off: a line's end for `'` and `"`), whether it is closed, its newlines.
 */
function literalAt(text: string, at: number, rawSingle: boolean): { value: string; end: number; closed: boolean; newlines: number } {
  const c = text[at]!;
  let value = '';
  let newlines = 0;
  let j = at + 1;
  for (; j < text.length && text[j] !== c; j++) {
    if (text[j] === '\n') {
      if (c !== '`') break;
      newlines++;
    }
    if (text[j] === '\\' && j + 1 < text.length) {
      CODE_ESCAPE.lastIndex = j + 1;
      const m = c === "'" && rawSingle ? null : CODE_ESCAPE.exec(text);
      const hex = m?.slice(1).find((h) => h !== undefined);
      if (m && hex !== undefined && parseInt(hex, 16) <= 0x10ffff) {
        value += String.fromCodePoint(parseInt(hex, 16));
        j += m[0].length;
        continue;
      }
      const next = text[++j]!;
      if (next === '\n') newlines++;
      value += ESCAPES[next] ?? next;
    } else value += text[j];
  }
  return { value, end: j, closed: text[j] === c, newlines };
}

/** What joins two literals into one string (`"--y" + "es"`; `.` in Perl and PHP, `..` in Lua), up to the next literal's quote. */
const JOINED = /\s*(?:\+|\.\.?)\s*(?=["'`])/y;

/** What joins two literals into one string in Python, which also joins literals written one after the other (`"--y" "es"`). */
const PY_JOINED = /\s*\+\s*(?=["'])|\s+(?=["'])/y;

/** A Perl list of words, `qw(npx agent-tools ...)`, from `qw` to its opening delimiter (in group 1). */
const PERL_WORDS = /qw\s*([^\w\s])/y;

/** The closing delimiter of a Perl quote-like operator that opens with the key (any other closes with itself). */
const CLOSES: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** A Python string literal on one line, `'…'` or `"…"`, with backslash escapes. */
const PY_STRING = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;

/** The text of a {@link PY_STRING} literal, its escapes read. */
const stringText = (literal: string) => literal.slice(1, -1).replace(/\\(.)/g, (_, e: string) => ESCAPES[e] ?? e);

/**
 * The value the Python `text` assigns to `name` first: the string items of a list literal (`EXTRA = ["--approve",` then
 * `"delete_note"]`, a `# comment` between items passed over; an item that names such a string read as it), or the text
 * of a string literal alone on its line (`TOOLS = "tools/notes.ts"`); `undefined` when there is none, or an item is no string.
 */
function assigned(text: string, name: string, depth = 0): string[] | string | undefined {
  const m = new RegExp(`^[ \\t]*${name}\\s*(?::[^=\\n]*)?=\\s*(?:\\[([^\\]]*)\\]|(${PY_STRING.source})[ \\t]*(?:#.*)?$)`, 'm').exec(text);
  if (m?.[2] !== undefined) return stringText(m[2]);
  const body = m?.[1]?.replace(/#.*$/gm, '');
  const items = new RegExp(`${PY_STRING.source}|[A-Za-z_]\\w*`, 'g');
  if (body === undefined || depth > 2 || body.replace(items, '').replace(/[\s,]/g, '') !== '') return undefined;
  const words = [...body.matchAll(items)].map((i) => (/^['"]/.test(i[0]) ? stringText(i[0]) : assigned(text, i[0], depth + 1)));
  return words.every((w): w is string => typeof w === 'string') ? words : undefined;
}

/**
 * The words of the Python list `name` in a command line (`*EXTRA`, `+ EXTRA`): the items of the list literal the file
 * assigns it (`valueOf`, see {@link assigned}), else (a value not written, an attribute `opts.extra`, or a call,
 * `*flags()`, when not `alone`) `${name}`, filled in at run time.
 */
function listNamed(valueOf: (name: string) => string[] | string | undefined, name: string, alone = true): string[] {
  const value = alone && /^[A-Za-z_]\w*$/.test(name) ? valueOf(name) : undefined;
  return Array.isArray(value) ? value : [`\${${name}}`];
}

/**
 * Python's `] + EXTRA + [` after a list (see {@link quotedWordGroups}): the lists added to it, names (`opts.extra` too), and
 * last a `[` when a list literal follows, or a name called or indexed (`sys.argv[1:]`, `flags()`), which ends the line.
 */
const ADDED_AFTER = /\](?:\s*\+\s*[A-Za-z_][\w.]*(?![\w.]|\s*[([]))*(?:\s*\+\s*(?:\[|[A-Za-z_][\w.]*\s*[([]))?/y;

/** Python's `BASE + [` (or `BASE + EXTRA + [`) before a list literal: the lists added before it. */
const ADDED_BEFORE = /[A-Za-z_][\w.]*(?:\s*\+\s*[A-Za-z_][\w.]*)*\s*\+\s*\[/y;

/** A name as an item of a list (`TOOLS,` or `TOOLS]`). */
const ITEM_NAME = /[A-Za-z_]\w*(?=\s*[,\]])/y;

/** What the sticky pattern `re` matches in `text` at `at`, or `''`. */
function matchAt(re: RegExp, text: string, at: number): string {
  re.lastIndex = at;
  return re.exec(text)?.[0] ?? '';
}

/**
 * The command lines a JavaScript, TypeScript, Python or TOML file writes as string literals, each
 * with the 1-based line of its first literal. A literal is `'…'`, `"…"` (both ending at the line's
 * end, so an apostrophe in a comment starts none) or `` `…` `` (over lines), with backslash escapes;
 * a template's `${…}` stays as written. Literals separated only by white space (newlines too),
 * commas and `[` are one command line: `spawn('npx', ['agent-tools', 'serve', ...])` and a TOML
 * `args = [...]` array each give one; so does Python's `[..., *EXTRA]`, with the items of the list
 * `EXTRA = [...]` the file writes, else the word `${EXTRA}` (filled in at run time), and lists added
 * together, `[...] + EXTRA`, `BASE + [...]`, `[...] + [...]`, each name read so; an item that is a
 * name the file assigns a string (`TOOLS = "tools.py"`) is that string. A literal that
 * holds white space is also split as a shell splits it (see {@link shellWords}), a command line of
 * its own (`execSync('npx agent-tools serve tools --approve "*"')`). Literals joined by `+` (`.` in
 * Perl and PHP, `..` in Lua; in a Python file, the name `file` ends in `.py`, also by white space
 * alone: `"--y" "es"`) are one word; an escape by code (`\x65`, `\u0065`) is read as its character,
 * but not in a single-quoted Perl, Ruby, PHP or TOML literal. Perl's `qw(...)` is a list of words.
 */
export function quotedWordGroups(text: string, file = ''): { line: number; words: string[] }[] {
  const rawSingle = RAW_SINGLE.test(file);
  const joined = /\.pyw?$/.test(file) ? PY_JOINED : JOINED;
  const out: { line: number; words: string[] }[] = [];
  let group: { line: number; words: string[] } | undefined;
  let line = 1;
  // what the file assigns each name, read once a name
  const values = new Map<string, string[] | string | undefined>();
  const valueOf = (name: string) => (values.has(name) ? values.get(name) : values.set(name, assigned(text, name)).get(name));
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    const starred = c === '*' && group && /[\s,[]/.test(text[i - 1] ?? '') ? /^\*([A-Za-z_][\w.]*)\b(\s*[([])?/.exec(text.slice(i)) : null;
    if (starred) {
      // Python's `*EXTRA` in the list: the items of `EXTRA = [...]` written in the file, else (`*flags()` too) a word filled in at run time
      group!.words.push(...listNamed(valueOf, starred[1]!, !starred[2]));
      i += starred[1]!.length;
      continue;
    }
    const name = /[A-Za-z_]/.test(c) && !/[\w.]/.test(text[i - 1] ?? '');
    // Perl's `qw(npx agent-tools ...)`: a list of words, as a list of literals is
    const qw = c === 'q' && !/[\w$@%]/.test(text[i - 1] ?? '') ? matchAt(PERL_WORDS, text, i) : '';
    const qwEnd = qw ? text.indexOf(CLOSES[qw.at(-1)!] ?? qw.at(-1)!, i + qw.length) : -1;
    if (qwEnd >= 0) {
      const body = text.slice(i + qw.length, qwEnd);
      group ??= { line, words: [] };
      group.words.push(...body.split(/\s+/).filter((w) => w !== ''));
      line += (qw + body).split('\n').length - 1;
      i = qwEnd;
      continue;
    }
    // Python's `[...] + EXTRA + [...]`, `BASE + [...]`: the lists added are one command line, each name's as `*EXTRA` is read
    const added = c === ']' && group ? matchAt(ADDED_AFTER, text, i) : name && !group ? matchAt(ADDED_BEFORE, text, i) : '';
    if (added.length > 1) {
      group ??= { line, words: [] };
      const names = added.match(/[A-Za-z_][\w.]*/g) ?? [];
      // a name called or indexed last (`sys.argv[1:]`) is filled in at run time, and ends the line
      const called = /[\w.]\s*[([]$/.test(added);
      names.forEach((n, k) => group!.words.push(...listNamed(valueOf, n, !(called && k === names.length - 1))));
      line += added.split('\n').length - 1;
      i += added.length - 1;
      if (called || !added.endsWith('[')) {
        out.push(group);
        group = undefined;
      }
      continue;
    }
    // an item that names a string the file assigns: `["npx", "agent-tools", "call", TOOLS, ...]`
    const item = name && group ? matchAt(ITEM_NAME, text, i) : '';
    const held = item ? valueOf(item) : undefined;
    if (typeof held === 'string') {
      group!.words.push(held);
      i += item.length - 1;
      continue;
    }
    if (c !== "'" && c !== '"' && c !== '`') {
      // only white space, commas and [ join a literal to the one before it
      if (!/[\s,[]/.test(c) && group) {
        out.push(group);
        group = undefined;
      }
      continue;
    }
    const start = line;
    const first = literalAt(text, i, rawSingle);
    line += first.newlines;
    if (!first.closed) {
      // an unended literal (an apostrophe in a comment) is no word and ends the command line
      if (group) out.push(group);
      group = undefined;
      i = first.end - 1;
      continue;
    }
    i = first.end;
    let value = first.value;
    // literals joined into one string: `"--y" + "es"`, Perl's `"--y" . "es"`, Python's `"--y" "es"`
    for (let joiner = matchAt(joined, text, i + 1); joiner !== ''; joiner = matchAt(joined, text, i + 1)) {
      const next = literalAt(text, i + 1 + joiner.length, rawSingle);
      if (!next.closed) break;
      value += next.value;
      line += joiner.split('\n').length - 1 + next.newlines;
      i = next.end;
    }
    group ??= { line: start, words: [] };
    group.words.push(value);
    if (/\s/.test(value)) out.push({ line: start, words: shellWords(value) });
  }
  if (group) out.push(group);
  return out;
}

/**
 * The command lines of a TOML file, as {@link quotedWordGroups} reads them, where a table that sets
 * both `command` and then `args` (an MCP client's server entry, Codex's `[mcp_servers.notes]`)
 * gives one command line, the command followed by the args, at the line of the args' first
 * literal: the server runs them as one (`command = "agent-tools"` with
 * `args = ["serve", "tools", "--approve", "*"]`). `file` is the name of the file, as `quotedWordGroups` takes it.
 */
export function tomlCommandLines(text: string, file = ''): { line: number; words: string[] }[] {
  const out = quotedWordGroups(text, file);
  const lines = text.split('\n');
  let command: { line: number; word: string } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*\[/.test(l)) command = undefined;
    const c = /^\s*command\s*=\s*(["'])(.*)\1\s*(?:#.*)?$/.exec(l);
    if (c) command = { line: i + 1, word: c[2]! };
    if (command && /^\s*args\s*=/.test(l)) {
      // the array up to its closing bracket, over lines
      let end = i;
      while (
        end < lines.length - 1 &&
        !lines
          .slice(i, end + 1)
          .join('\n')
          .includes(']')
      )
        end++;
      const args = quotedWordGroups(lines.slice(i, end + 1).join('\n'), file)[0];
      // the args' own command line becomes the whole one, at the same line: one finding, not two
      const own = args && out.find((g) => g.line === i + args.line && g.words.join('\0') === args.words.join('\0'));
      if (own) own.words = [command.word, ...own.words];
      command = undefined;
    }
  }
  return out;
}

/** The extensions of a file that a command line may run as a launcher: JavaScript, TypeScript and Python. */
export const LAUNCHER = /\.(?:[cm]?ts|tsx|[cm]?js|jsx|py)$/;

/** Above this size (bytes) a launcher file is not read (a bundle or a generated file). */
const MAX_LAUNCHER_BYTES = MAX_READ_BYTES;

/** How deep a launcher that a launcher runs is followed. */
const MAX_LAUNCHER_DEPTH = 3;

/** Shells that run the script file their first argument names or their stdin holds, and the builtins that read one in (`source`, `.`). */
const SHELLS = /^(?:(?:.*\/)?(?:sh|bash|zsh|dash|ksh|mksh|ash)|source|\.)$/;

/** Runtimes that run the JavaScript or TypeScript file their first argument names, or their stdin (`-`) holds. */
export const RUNTIMES = /(?:^|\/)(?:node|nodejs|tsx|ts-node|ts-node-esm|bun|esno|jiti)$/;

/** A runtime's options that take the next word as their value (`--import tsx`, `-r ./setup.cjs`): passed over to find its file or `-e`. */
export const RUNTIME_VALUED = new Set([
  '--import',
  '-r',
  '--require',
  '--loader',
  '--experimental-loader',
  '-C',
  '--conditions',
  '--input-type',
]);

/** Words that run the command after them (`npx tsx f`, `env X=1 sh f`, `exec sh f`): passed over to find the program. */
export const PREFIXES = new Set(['npx', 'bunx', 'exec', 'env', 'nohup', 'time', 'command', 'sudo']);

/**
 * How a command line runs a file it names: as a shell script (see {@link lineCommandLines}), as JavaScript or TypeScript
 * code (read for the processes it starts, and its string literals, see {@link quotedWordGroups}), or as another language's
 * code, read by its string literals only (`literals`: `perl scripts/cleanup.pl`).
 */
export type RunAs = 'shell' | 'code' | 'literals';

/**
 * Interpreters of other languages, which run the file their first word that is no option names (`perl x.pl`, `ruby x.rb`,
 * `python3 tools/x`), or awk's `-f` file: their code starts processes with string literals (`system("npx", "agent-tools", …)`).
 */
export const INTERPRETERS = /(?:^|\/)(?:python[\d.]*|perl|ruby|php|lua[\d.]*|luajit|Rscript|julia|groovy|elixir|awk|gawk|mawk|nawk)$/;

/**
 * Files whose command lines are their string literals (see {@link quotedWordGroups}): TOML (Codex's config), a Jenkins
 * pipeline or Gradle build (Groovy, Kotlin), and the code of languages that start a process with strings: Python, Perl,
 * Ruby (and Rakefile, Gemfile), PHP, Lua, Go, Java, Rust, Swift, C#, Julia, Elixir, Tcl, Crystal, Dart, Scala, awk.
 */
const LITERAL_FILE =
  /\.(?:toml|groovy|gradle|py|pyw|pl|pm|rb|rake|php|lua|go|java|kts?|rs|swift|cs|jl|exs?|tcl|cr|dart|scala|awk)$|^(?:Jenkinsfile|Rakefile|Gemfile)$/;

/**
 * Whether the file `name` is read by its string literals (see {@link LITERAL_FILE}); a file with no extension also when
 * its `#!` line (`firstLine`, asked for only then) names one of the {@link INTERPRETERS} (`#!/usr/bin/env perl`).
 */
export function isLiteralFile(name: string, firstLine: () => string | undefined): boolean {
  if (LITERAL_FILE.test(name)) return true;
  if (name.includes('.')) return false;
  const line = firstLine();
  if (!line?.startsWith('#!')) return false;
  const words = line.slice(2).trim().split(/\s+/);
  const program = /(?:^|\/)env$/.test(words[0] ?? '') ? words.slice(1).find((w) => !w.startsWith('-') && !w.includes('=')) : words[0];
  return program !== undefined && INTERPRETERS.test(program);
}

/**
 * How the command line `words` runs the file that its word `words[at]` names (see {@link shellWords}), whatever
 * its extension: `code` for a launcher extension (see {@link LAUNCHER}), or the first file argument of a runtime
 * (`node`, `tsx`, `bun`: see {@link RUNTIMES}, its options and their values passed over), or a file a runtime reads
 * on stdin (`node - < ops/purge.txt`); `shell` for the first argument of a shell (`sh`, `bash`, `zsh`, `dash`, `source`,
 * `.`) or a file a shell reads on stdin (`sh < ops/x.txt`); `literals` for the first file argument of another language's
 * interpreter (see {@link INTERPRETERS}: `perl x.pl`, `ruby x`, `awk -f x.awk`); `undefined` for any other word. A runtime or shell given
 * code inline (`-e`, `-c`) runs no file. The command's program is its first word past `X=1` assignments and runners
 * (`npx`, `env`, `exec`). The word is the file's path, or `<` then the path (`<ops/x.txt`), or follows a lone `<`.
 */
export function runAs(words: readonly string[], at: number): RunAs | undefined {
  const word = words[at]!;
  const stdin = words[at - 1] === '<' || (word.startsWith('<') && word.length > 1);
  if (!stdin && LAUNCHER.test(word)) return 'code';
  let start = at;
  while (start > 0 && words[start - 1] !== ';') start--;
  while (start < at && (/^[A-Za-z_]\w*=/.test(words[start]!) || PREFIXES.has(words[start]!))) start++;
  if (start >= at) return undefined;
  const program = words[start]!;
  const kind = SHELLS.test(program) ? 'shell' : RUNTIMES.test(program) ? 'code' : INTERPRETERS.test(program) ? 'literals' : undefined;
  if (kind === undefined) return undefined;
  const before = words.slice(start + 1, stdin ? (words[at - 1] === '<' ? at - 1 : at) : at);
  // awk's program is its first word; a file it runs follows `-f`
  if (/awk$/.test(program)) return before.at(-1) === '-f' ? 'literals' : undefined;
  const inline = kind === 'shell' ? /^-[A-Za-z]*c[A-Za-z]*$/ : kind === 'code' ? /^-[ep]$|^--(?:eval|print)(?:=|$)/ : /^-[cerEm]$/;
  if (before.some((w) => inline.test(w))) return undefined;
  if (stdin) return kind;
  // the file is the first word that is no option nor an option's value
  for (let k = 0; k < before.length; k++) {
    if (!before[k]!.startsWith('-')) return undefined;
    if (kind === 'code' && RUNTIME_VALUED.has(before[k]!)) k++;
  }
  return word.startsWith('-') ? undefined : kind;
}

/**
 * The command lines of the files that the command line `words`, run in the absolute folder `folder`, runs: each
 * word that names an existing file (relative to `folder`) under `root` that the command runs as code or as a shell
 * script (see {@link runAs}: a launcher extension, `.ts`, `.mts`, `.cts`, `.tsx`, `.js`, `.mjs`, `.cjs`, `.jsx`,
 * `.py`, or any file a runtime or shell runs, `sh notes/serve.md`, `node - < ops/purge.txt`) is read, code with
 * {@link quotedWordGroups} and a shell script with {@link lineCommandLines}, and the files its command lines run in
 * turn, a few levels deep. Each comes with its absolute `file`; all run in `folder`. A file `ignored` (by its path
 * relative to `root`), or already in `seen` (absolute path and folder, which this fills), is not read again; one
 * that cannot be read holds none. `named` hears of each file of the project a word names, read or not, with the
 * words, the word's index (see `runsAsCode`) and how it runs; `big` of each file it runs that is too big to read (over 1 MB).
 */
export function launchedCommands(
  words: readonly string[],
  folder: string,
  root: string,
  seen: Set<string>,
  ignored?: (file: string) => boolean,
  named?: (file: string, words: readonly string[], at: number, how: RunAs) => void,
  big?: (file: string) => void,
  depth = 0,
): { file: string; line: number; words: string[] }[] {
  const out: { file: string; line: number; words: string[] }[] = [];
  if (depth >= MAX_LAUNCHER_DEPTH) return out;
  for (const [at, word] of words.entries()) {
    const how = runAs(words, at);
    if (how === undefined) continue;
    const file = resolve(folder, word.startsWith('<') ? word.slice(1) : word);
    const shown = relative(root, file);
    const key = `${file}\0${folder}`;
    if (shown.startsWith('..') || shown === '' || !existsSync(file) || ignored?.(shown.split(sep).join('/'))) continue;
    named?.(file, words, at, how);
    if (seen.has(key)) continue;
    seen.add(key);
    let text;
    try {
      const stat = statSync(file);
      if (stat.isFile() && stat.size > MAX_LAUNCHER_BYTES) big?.(file);
      if (!stat.isFile() || stat.size > MAX_LAUNCHER_BYTES) continue;
      text = decodeUtf8(readFileSync(file), 'the file');
    } catch {
      continue;
    }
    for (const group of how === 'shell' ? lineCommandLines(text, false) : quotedWordGroups(text, file)) {
      out.push({ file, ...group });
      out.push(...launchedCommands(group.words, folder, root, seen, ignored, named, big, depth + 1));
    }
  }
  return out;
}

/** A bash array assignment (`args=(serve tools --approve x)`, `local -a args=(...)`): its words are in group 1. */
const ARRAY_ASSIGNMENT = /^\s*(?:(?:local|declare|typeset|readonly)(?:\s+-\w+)*\s+)?[A-Za-z_]\w*\+?=\(([^)]*)\)\s*(?:#.*)?$/;

/**
 * How a file that {@link lineCommandLines} reads joins a line ending in a backslash to the next: as a shell does, the
 * backslash and the newline vanish, and then make strips one leading tab of the next line (a recipe's), and YAML
 * (a block scalar, `run: |`) the indentation of the line the command starts on.
 */
export type LineForm = 'shell' | 'make' | 'yaml';

/**
 * The command lines of a script's `text`, each with its 1-based line: a line ending in a
 * backslash (a shell's, make's: joined as `form` says, with no space, so `--y\` then `es` is `--yes`) or a backtick
 * (PowerShell's, with a space) goes on on the next one, and so does a bash array assignment whose `(` is not closed
 * on its line (`args=(serve tools` then `--approve x)`).
 */
function scriptLines(text: string, form: LineForm): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let joined = lines[i]!;
    for (;;) {
      const next = lines[i + 1];
      if (joined.endsWith('\\') && next !== undefined) {
        const indent = /^[ \t]*/.exec(lines[start]!)![0];
        i++;
        joined =
          joined.slice(0, -1) +
          (form === 'make' ? next.replace(/^\t/, '') : form === 'yaml' && next.startsWith(indent) ? next.slice(indent.length) : next);
      } else if (joined.endsWith('`') && next !== undefined) joined = `${joined.slice(0, -1)} ${lines[++i]!}`;
      else if (/^\s*(?:\w+\s+(?:-\w+\s+)*)?[A-Za-z_]\w*\+?=\([^)]*$/.test(joined) && i + 1 < lines.length && i - start < 50)
        joined = `${joined} ${lines[++i]!}`;
      else break;
    }
    out.push({ line: start + 1, text: joined });
  }
  return out;
}

/**
 * `lines` (a shell script's command lines, in order) with bash's aliases expanded, in place: after `alias notes="npx
 * agent-tools call tools.ts delete_note "` (an `alias` word `name=value`), a command that starts with `notes` whose value
 * names agent-tools is read with the value's words in its place, and so is the word after a value that ends in a space
 * when it is an alias too (`notes confirmed` with `alias confirmed="--yes"`), as bash expands them. An alias that names
 * no agent-tools is left as written.
 */
function expandAliases(lines: { line: number; words: string[] }[]): void {
  const aliases = new Map<string, string>();
  // the words of the alias `word` (and, after a value ending in a space, of the aliases after it), from `at`; `used` stops a loop
  const expand = (words: readonly string[], at: number, used: ReadonlySet<string>): { words: string[]; end: number } => {
    const value = aliases.get(words[at]!);
    if (value === undefined || used.has(words[at]!)) return { words: [words[at]!], end: at + 1 };
    const inner = shellWords(value);
    const head = inner.length > 0 ? expand(inner, 0, new Set([...used, words[at]!])).words.concat(inner.slice(1)) : [];
    if (!/\s$/.test(value) || at + 1 >= words.length || words[at + 1] === ';') return { words: head, end: at + 1 };
    const rest = expand(words, at + 1, new Set([...used, words[at]!]));
    return { words: [...head, ...rest.words], end: rest.end };
  };
  for (const l of lines) {
    const out: string[] = [];
    for (let i = 0; i < l.words.length; i++) {
      const word = l.words[i]!;
      const first = i === 0 || l.words[i - 1] === ';';
      if (first && word === 'alias') {
        const start = i;
        for (i++; i < l.words.length && l.words[i] !== ';'; i++) {
          const m = /^([^\s=/$`'"]+)=([\s\S]*)$/.exec(l.words[i]!);
          if (m) aliases.set(m[1]!, m[2]!);
        }
        out.push(...l.words.slice(start, i));
        i--;
        continue;
      }
      if (!first || !/agent-tools/.test(aliases.get(word) ?? '')) {
        out.push(word);
        continue;
      }
      const expanded = expand(l.words, i, new Set());
      out.push(...expanded.words);
      i = expanded.end - 1;
    }
    l.words = out;
  }
}

/** The words of a JSON array of strings (a Dockerfile's `CMD ["npx", "agent-tools"]`), or `undefined` when `text` is none. */
function jsonWords(text: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((w) => typeof w === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A line's leading key, as a unit file, an INI or supervisord file, or YAML writes it (`ExecStart=`, `command =`, `- args:`). */
const KEY_PREFIX = /^\s*(?:-\s+)?[A-Za-z_][\w.-]*\s*[=:](?!\/\/)\s*/;

/** A YAML key whose value follows on the next lines or is written after it (`command:`, `- args: [...]`): its column, name and value. */
const YAML_KEY = /^(\s*(?:-\s+)?)([A-Za-z_][\w.-]*|"[^"]*"|'[^']*'):(?:\s+(.*?))?\s*$/;

/** A YAML scalar as written (plain, `'…'` or `"…"`, a plain one's ` # comment` dropped), or `undefined` for a mapping, a list, a block. */
function yamlScalar(text: string): string | undefined {
  const t = text.trim();
  if (/^'(?:[^']|'')*'$/.test(t)) return t.slice(1, -1).replace(/''/g, "'");
  if (/^"(?:[^"\\]|\\.)*"$/.test(t)) return t.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
  const plain = t.replace(/\s+#.*$/, '');
  return plain === '' || /^[[{|>&*!'"#]|:(?:\s|$)/.test(plain) ? undefined : plain;
}

/** The items of a YAML flow list written on one line (`["npx", "agent-tools"]`), each a scalar; `undefined` when `text` is none. */
function flowItems(text: string): string[] | undefined {
  const m = /^\[(.*)\]\s*(?:#.*)?$/.exec(text.trim());
  if (!m) return undefined;
  const items = (m[1]!.match(/'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^,]+/g) ?? []).filter((s) => s.trim() !== '').map(yamlScalar);
  return items.every((w) => w !== undefined) ? items : undefined;
}

/** A YAML list of scalars (see {@link lineCommandLines}): the key it is the value of, where, and its words. */
interface YamlList {
  key?: string;
  /** The key's column (0-based), and the 0-based line where the key is written. */
  indent: number;
  keyLine: number;
  /** The 1-based line of its first item, and its items. */
  line: number;
  words: string[];
}

/**
 * The YAML lists of scalars in `lines`: a block list (`- word` lines with their `-` at one column,
 * plain or quoted scalars; a blank or comment line between items is passed over) and a flow list
 * on one line (`args: ["serve", "tools"]`), each with the key it is the value of.
 */
function yamlLists(lines: readonly string[]): YamlList[] {
  const out: YamlList[] = [];
  // the key of the line before a block list: the one whose value it is
  const keyAbove = (i: number) => {
    for (let k = i - 1; k >= 0; k--) {
      if (/^\s*(?:#.*)?$/.test(lines[k]!)) continue;
      const m = YAML_KEY.exec(lines[k]!);
      return m && m[3] === undefined ? { key: m[2]!.replace(/^["']|["']$/g, ''), indent: m[1]!.length, keyLine: k } : undefined;
    }
    return undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const key = YAML_KEY.exec(lines[i]!);
    const flow = key?.[3] !== undefined ? flowItems(key[3]) : undefined;
    if (key && flow) {
      out.push({ key: key[2]!.replace(/^["']|["']$/g, ''), indent: key[1]!.length, keyLine: i, line: i + 1, words: flow });
      continue;
    }
    const item = /^(\s*)-\s+(.*)$/.exec(lines[i]!);
    const first = item ? yamlScalar(item[2]!) : undefined;
    if (!item || first === undefined) continue;
    const dash = item[1]!.length;
    const words = [first];
    let end = i;
    for (let k = i + 1; k < lines.length; k++) {
      if (/^\s*(?:#.*)?$/.test(lines[k]!)) continue;
      const next = /^(\s*)-\s+(.*)$/.exec(lines[k]!);
      const word = next && next[1]!.length === dash ? yamlScalar(next[2]!) : undefined;
      if (word === undefined) break;
      words.push(word);
      end = k;
    }
    const above = keyAbove(i);
    out.push({ ...(above && above.indent <= dash ? above : { indent: dash, keyLine: i }), line: i + 1, words });
    i = end;
  }
  return out;
}

/** An XML attribute: `name="value"` or `name='value'`. */
const XML_ATTRIBUTE = /[\w:.-]+\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The words of an XML element's attribute values, in order, where the line holds two or more and names agent-tools: a
 * JetBrains run configuration splits its command over attributes (`path-to-js-file="node_modules/agent-tools/bin/agent-tools.js"
 * application-parameters="call reg.ts delete_note --yes"`), which run as one command line.
 */
function attributeWords(text: string): string[] | undefined {
  if (!text.includes('agent-tools')) return undefined;
  const values = [...text.matchAll(XML_ATTRIBUTE)].map((m) => (m[1] ?? m[2] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  return values.length >= 2 ? values.flatMap((v) => shellWords(v)) : undefined;
}

/**
 * The command lines of a file read line by line (a shell script, a YAML file, a Makefile; with
 * `keyed`, any other text file: a systemd unit, a supervisord or INI file), each with its 1-based
 * line: each line (one ending in `\` or a backtick goes on on the next) split as a shell splits it,
 * with `keyed` its leading key dropped (`ExecStart=`, `command=`, `args:`), and its comment lines
 * (`#`, `;`, `//`) and lines of prose with code in backticks passed over; and each YAML list of
 * scalars whose items are one word each (an argv: `- npx` lines at one indent, or `["npx", ...]`),
 * its words as one, at its first item. A `command:` list (or scalar) followed by a sibling `args:`
 * list (a Kubernetes container, a Compose service) is one command line, the command's words then
 * the args', at the args' first item: the container runs them as one. A list whose items hold
 * white space is a list of command lines (GitLab's `script:`), each read as its line.
 */
export function lineCommandLines(text: string, keyed: boolean, form: LineForm = 'shell'): { line: number; words: string[] }[] {
  let entrypoint: string[] = [];
  const out = scriptLines(text, form)
    // a comment of a unit, INI or config file (`#`, `;`, `//`) runs nothing, nor does prose with code in backticks (a text changelog)
    .filter((l) => !keyed || !(/^\s*(?:[#;]|\/\/)/.test(l.text) || l.text.includes('`')))
    .map((l) => {
      // a Dockerfile's exec form (`CMD ["npx", "agent-tools", ...]`); a CMD runs after the ENTRYPOINT's words
      const exec = /^\s*(CMD|ENTRYPOINT|RUN)\s+(\[.*\])\s*$/i.exec(l.text);
      const words = exec ? jsonWords(exec[2]!) : undefined;
      if (!exec || !words) return l;
      if (exec[1]!.toUpperCase() === 'ENTRYPOINT') entrypoint = words;
      return { line: l.line, text: l.text, words: exec[1]!.toUpperCase() === 'CMD' ? [...entrypoint, ...words] : words };
    })
    // a bash array's words (`args=(npx agent-tools serve ...)`) are a command line it may run (`"${args[@]}"`)
    .map((l) => ({
      line: l.line,
      words:
        'words' in l
          ? l.words
          : ((keyed ? attributeWords(l.text) : undefined) ??
            shellWords(ARRAY_ASSIGNMENT.exec(l.text)?.[1] ?? (keyed ? l.text.replace(KEY_PREFIX, '') : l.text))),
    }));
  if (!keyed) expandAliases(out);
  if (!text.includes('- ') && !text.includes('[')) return out;
  const lines = text.split(/\r?\n/);
  const lists = yamlLists(lines).filter((l) => l.words.every((w) => w !== '' && !/\s/.test(w)));
  // a mapping's `command` scalar, by its key's line: a program the sibling args run with
  const commands = new Map<number, { indent: number; words: string[] }>();
  lines.forEach((l, i) => {
    const m = YAML_KEY.exec(l);
    const value = m?.[2] === 'command' && m[3] !== undefined ? yamlScalar(m[3]) : undefined;
    if (value !== undefined) commands.set(i, { indent: m![1]!.length, words: shellWords(value) });
  });
  for (const l of lists) if (l.key === 'command') commands.set(l.keyLine, { indent: l.indent, words: l.words });
  const used = new Set<number>();
  for (const l of lists) {
    if (l.key !== 'args') continue;
    // the nearest command above at the same column, in the same mapping (no line between starts left of the key)
    for (let k = l.keyLine - 1; k >= 0; k--) {
      const c = commands.get(k);
      if (c && c.indent === l.indent) {
        l.words = [...c.words, ...l.words];
        used.add(k);
        break;
      }
      const lead = /^\s*/.exec(lines[k]!)![0].length;
      if (lines[k]!.trim() !== '' && !lines[k]!.trim().startsWith('#') && lead < l.indent) break;
    }
  }
  for (const l of lists)
    if (l.words.length > 1 && !(l.key === 'command' && used.has(l.keyLine))) out.push({ line: l.line, words: l.words });
  return out.sort((a, b) => a.line - b.line);
}
