/** Command lines inside command lines (`sh -c "…"`, `script -c '…'`) and the pseudo-terminal programs that may type a prompt's answer. */

import { RUNTIME_VALUED, RUNTIMES, shellWords } from './command-words.js';

/**
 * Programs that run a command under a pseudo-terminal they hold, so that it sees a terminal where
 * no person may be, and that may type into it: util-linux `script`, expect's `unbuffer`, `expect`
 * (and its `spawn` command in an expect script), `socat` (`EXEC:…,pty`), `empty`, `tmux`, `screen`,
 * `dtach`, `abduco`, `winpty`, `faketty`, zsh's `zpty`.
 */
const PTY_RUNNERS = /(?:^|\/)(script|unbuffer|expect|spawn|socat|empty|tmux|screen|dtach|abduco|winpty|faketty|zpty)$/;

/** Why a `call` under a pseudo-terminal program counts as `--yes`, for validate's warning and diff's detail. */
export const PTY_WHY = 'a pseudo-terminal, where a script may type the yes to its approval prompt';

/**
 * The pseudo-terminal program (see {@link PTY_RUNNERS}) that runs the command holding `words[i]`:
 * the name of the nearest such word before it in the same command (back to a `;`, which
 * {@link shellWords} writes for each operator), or `undefined`.
 */
export function ptyRunnerBefore(words: readonly string[], i: number): string | undefined {
  for (let k = i - 1; k >= 0 && words[k] !== ';'; k--) {
    const m = PTY_RUNNERS.exec(words[k]!);
    if (m) return m[1];
  }
  return undefined;
}

/** How deep command lines inside command lines are read (`sh -c "bash -c '…'"`). */
const MAX_NESTING = 3;

/**
 * The command lines written inside the command line `words`: each word that holds white space (a
 * whole command line handed to `sh -c`, `bash -c`, `script -c`, `su -c`, `ssh host`, `tmux
 * new-session`, `watch`) split as a shell splits it, and those inside it in turn, a few levels deep;
 * each with the pseudo-terminal program it runs under (see {@link ptyRunnerBefore}), or the one
 * `pty` that `words` runs under.
 */
export function nestedCommandLines(words: readonly string[], pty?: string, depth = 0): { words: string[]; pty?: string }[] {
  const out: { words: string[]; pty?: string }[] = [];
  if (depth >= MAX_NESTING) return out;
  // code given inline to an interpreter is no command line: it is read as code (see `inlineCode`)
  const code = new Set(inlineCode(words).map((c) => c.code));
  words.forEach((word, i) => {
    if (!/\s/.test(word) || !/\S\s+\S/.test(word) || code.has(word)) return;
    const inner = shellWords(word);
    const runner = pty ?? ptyRunnerBefore(words, i);
    out.push({ words: inner, ...(runner !== undefined ? { pty: runner } : {}) });
    out.push(...nestedCommandLines(inner, runner, depth + 1));
  });
  return out;
}

/** Libraries that start a process under a pseudo-terminal from code: node-pty (and forks), Python's pexpect, ptyprocess, `pty`, wexpect. */
const PTY_LIBRARIES = /\b(node-pty|pexpect|ptyprocess|wexpect)\b|^\s*(?:import (pty)\s*$|from (pty) import\b)/m;

/**
 * The pseudo-terminal library (see {@link PTY_LIBRARIES}) that the source `text` names, whose
 * processes see a terminal the code may type into; `undefined` when it names none.
 */
export function ptyLibrary(text: string): string | undefined {
  const m = PTY_LIBRARIES.exec(text);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The options of the JavaScript runtimes (`RUNTIMES`: `node -e`, `tsx --eval`, `bun -p`) whose value is code to run. */
const JS_INLINE = new Set(['-e', '-p', '-pe', '--eval', '--print']);

/**
 * Other interpreters, each with the options whose value is code to run: Python's `-c`, Perl's `-e`/`-E`, Ruby's `-e`, PHP's `-r`,
 * Lua's, R's `Rscript`, Julia's, Groovy's, Elixir's and AppleScript's (`osascript`) `-e`.
 */
const OTHER_INLINE: readonly [RegExp, ReadonlySet<string>][] = [
  [/(?:^|\/)python[\d.]*$/, new Set(['-c'])],
  [/(?:^|\/)perl$/, new Set(['-e', '-E'])],
  [/(?:^|\/)ruby$/, new Set(['-e'])],
  [/(?:^|\/)php$/, new Set(['-r'])],
  [/(?:^|\/)(?:lua[\d.]*|luajit|Rscript|julia|groovy|elixir|osascript)$/, new Set(['-e'])],
];

/** awk and its kin, whose program is their first word that is no option (`awk 'BEGIN { system("…") }'`), or gawk's `-e` value. */
const AWK = /(?:^|\/)(?:awk|gawk|mawk|nawk)$/;

/** The awk options whose value is the next word (`-F :`, `-v x=1`), or, for `-e`/`--source`, program text. */
const AWK_VALUED = new Set(['-F', '-v', '--field-separator', '--assign']);

/**
 * The program text given inline to the awk at `words[at]`: its first word that is no option nor an option's value, or each
 * `-e`/`--source` value; none when it reads its program from a file (`-f`).
 */
function awkPrograms(words: readonly string[], at: number): string[] {
  const out: string[] = [];
  for (let k = at + 1; k < words.length && words[k] !== ';'; k++) {
    const w = words[k]!;
    if (w === '-f' || w.startsWith('--file') || /^-f./.test(w)) return out;
    if ((w === '-e' || w === '--source') && words[k + 1] !== undefined) out.push(words[++k]!);
    else if (w.startsWith('--source=')) out.push(w.slice('--source='.length));
    else if (AWK_VALUED.has(w)) k++;
    else if (w === '--') return words[k + 1] === undefined ? out : [...out, words[k + 1]!];
    else if (!w.startsWith('-')) return out.length > 0 ? out : [w];
  }
  return out;
}

/**
 * The code given inline to an interpreter on the command line `words` (see `shellWords`): the value of `node -e`,
 * `-p`, `--eval`, `--print` (`--eval=…` too; `tsx`, `ts-node`, `bun` alike) and of `deno eval`, with `js` set, read
 * as a JavaScript source; and of `python -c`, `perl -e`, `ruby -e`, `php -r`, `lua -e` (see {@link OTHER_INLINE}) and an awk
 * program (see {@link awkPrograms}), read as words.
 */
export function inlineCode(words: readonly string[]): { js: boolean; code: string }[] {
  const out: { js: boolean; code: string }[] = [];
  words.forEach((word, i) => {
    if (AWK.test(word)) out.push(...awkPrograms(words, i).map((code) => ({ js: false, code })));
    const js = RUNTIMES.test(word);
    const options = js ? JS_INLINE : OTHER_INLINE.find(([name]) => name.test(word))?.[1];
    if (/(?:^|\/)deno$/.test(word) && words[i + 1] === 'eval' && words[i + 2] !== undefined)
      out.push({ js: true, code: words[i + 2 + (words[i + 2]!.startsWith('-') ? 1 : 0)] ?? '' });
    if (!options) return;
    for (let k = i + 1; k < words.length && words[k]!.startsWith('-'); k++) {
      const eq = words[k]!.indexOf('=');
      if (eq > 0 && options.has(words[k]!.slice(0, eq))) out.push({ js, code: words[k]!.slice(eq + 1) });
      else if (options.has(words[k]!) && words[k + 1] !== undefined) out.push({ js, code: words[k + 1]! });
      else if (js && RUNTIME_VALUED.has(words[k]!)) k++;
    }
  });
  return out;
}
