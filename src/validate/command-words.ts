/** Command lines as project files write them: a shell's words, a source or TOML file's string literals, the launchers a command runs. */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { decodeUtf8 } from '../util/utf8-text.js';

/**
 * `line` split into words as a POSIX shell splits it: quotes (`'…'`, `"…"` with `\` escapes) and
 * backslashes removed, and each operator that ends a command (`;`, `&`, `|`, `&&`, `||`, a newline)
 * a word of its own (`;`). Expansions (`$X`, `$(…)`) are left as written.
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
        word += line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '') ? line[++i] : line[i];
    } else if (c === '\\') word = (word ?? '') + (line[++i] ?? '');
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
 * The command lines a JavaScript, TypeScript, Python or TOML file writes as string literals, each
 * with the 1-based line of its first literal. A literal is `'…'`, `"…"` (both ending at the line's
 * end, so an apostrophe in a comment starts none) or `` `…` `` (over lines), with backslash escapes;
 * a template's `${…}` stays as written. Literals separated only by white space (newlines too),
 * commas and `[` are one command line: `spawn('npx', ['agent-tools', 'serve', ...])` and a TOML
 * `args = [...]` array each give one. A literal that holds white space is also split as a shell
 * splits it (see {@link shellWords}), a command line of its own (`execSync('npx agent-tools serve
 * tools --approve "*"')`).
 */
export function quotedWordGroups(text: string): { line: number; words: string[] }[] {
  const out: { line: number; words: string[] }[] = [];
  let group: { line: number; words: string[] } | undefined;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (c !== "'" && c !== '"' && c !== '`') {
      // only white space, commas and [ join a literal to the one before it
      if (!/[\s,[]/.test(c) && group) {
        out.push(group);
        group = undefined;
      }
      continue;
    }
    const start = line;
    let value = '';
    let j = i + 1;
    for (; j < text.length && text[j] !== c; j++) {
      if (text[j] === '\n') {
        if (c !== '`') break;
        line++;
      }
      if (text[j] === '\\' && j + 1 < text.length) {
        const next = text[++j]!;
        if (next === '\n') line++;
        value += ESCAPES[next] ?? next;
      } else value += text[j];
    }
    if (text[j] !== c) {
      // an unended literal (an apostrophe in a comment) is no word and ends the command line
      if (group) out.push(group);
      group = undefined;
      i = j - 1;
      continue;
    }
    i = j;
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
 * `args = ["serve", "tools", "--approve", "*"]`).
 */
export function tomlCommandLines(text: string): { line: number; words: string[] }[] {
  const out = quotedWordGroups(text);
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
      const args = quotedWordGroups(lines.slice(i, end + 1).join('\n'))[0];
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
const MAX_LAUNCHER_BYTES = 1_000_000;

/** How deep a launcher that a launcher runs is followed. */
const MAX_LAUNCHER_DEPTH = 3;

/**
 * The command lines of the launcher files that the command line `words`, run in the absolute
 * folder `folder`, runs: each word that names an existing file (relative to `folder`) under
 * `root` with a launcher extension (`.ts`, `.mts`, `.cts`, `.tsx`, `.js`, `.mjs`, `.cjs`, `.jsx`,
 * `.py`) is read with {@link quotedWordGroups}, and the launchers its command lines run in turn, a
 * few levels deep. Each comes with its absolute `file`; all run in `folder`. A file `ignored`
 * (by its path relative to `root`), or already in `seen` (absolute path and folder, which this
 * fills), is not read again; one that cannot be read holds none.
 */
export function launchedCommands(
  words: readonly string[],
  folder: string,
  root: string,
  seen: Set<string>,
  ignored?: (file: string) => boolean,
  depth = 0,
): { file: string; line: number; words: string[] }[] {
  const out: { file: string; line: number; words: string[] }[] = [];
  if (depth >= MAX_LAUNCHER_DEPTH) return out;
  for (const word of words) {
    if (!LAUNCHER.test(word)) continue;
    const file = resolve(folder, word);
    const shown = relative(root, file);
    const key = `${file}\0${folder}`;
    if (shown.startsWith('..') || shown === '' || seen.has(key) || !existsSync(file) || ignored?.(shown.split(sep).join('/'))) continue;
    seen.add(key);
    let text;
    try {
      const stat = statSync(file);
      if (!stat.isFile() || stat.size > MAX_LAUNCHER_BYTES) continue;
      text = decodeUtf8(readFileSync(file), 'the file');
    } catch {
      continue;
    }
    for (const group of quotedWordGroups(text)) {
      out.push({ file, ...group });
      out.push(...launchedCommands(group.words, folder, root, seen, ignored, depth + 1));
    }
  }
  return out;
}
