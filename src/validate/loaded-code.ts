/** Code that runs before or in place of the installed agent-tools: a project file preloaded into Node, a tampered agent-tools package. */

import { MAX_READ_BYTES } from './limits.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeUtf8 } from '../util/utf8-text.js';
import { gitLsFiles } from '../util/git-ls-files.js';
import { shellWords } from './command-words.js';
import { APPROVAL_PACKAGES } from './agent-tools-source.js';

/** Node's options that load a module before the program: `--import`, `--require` (`-r`), `--loader` (`--experimental-loader`). */
const PRELOAD_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/** A word the shell or a client fills in at run time: `$X`, `${X}`, `$(cmd)`, a script's arguments `"$@"` or `$*`, `` `cmd` ``, `%X%`. */
export const VARIABLE = /\$[A-Za-z_{(0-9@*]|`|%[A-Za-z_][A-Za-z0-9_]*%/;

/**
 * Whether the shell may turn `word` into other words at run time: a brace list (`{--yes,}`, `--{yes,no}`; one with a quote
 * or a colon, JSON such as `{"id":1}`, is none) or a flag holding a glob (`--ye[s]`, `--ye?`, `-*`) that a file named so
 * (a committed empty `--yes`) matches. Such an argument of `serve` or `call` counts as one filled in at run time
 * (see {@link VARIABLE}). An `--approve=` value is read as its glob, not so.
 */
export const expandsAtRunTime = (word: string) =>
  /\{[^{}\s"':]*,[^{}\s"':]*\}/.test(word) || (word.startsWith('-') && !word.startsWith('--approve=') && /[*?[]/.test(word));

/** Whether `word` runs the agent-tools CLI: `agent-tools`, `agent-tools@1.2.0`, `node_modules/.bin/agent-tools`, `bin/agent-tools.js`. */
export const isAgentTools = (word: string) => /(?:^|\/)agent-tools(?:@[^/]*|\.[cm]?js)?$/.test(word);

/** Whether the absolute `path` is a file of the project under `root`: inside it and in no `node_modules`. */
export const inProject = (path: string, root: string) => {
  const shown = relative(root, path);
  return shown !== '' && !shown.startsWith('..') && !isAbsolute(shown) && !shown.split(sep).includes('node_modules');
};

/**
 * Whether the preloaded module `value` (what follows `--import` or `-r`) is code of the project, not
 * a package: a relative path (`./scripts/telemetry.mjs`; one into `node_modules` is a package's), an
 * absolute path or `file:` URL inside `root`, a `data:` URL (code written in place), or a value filled
 * in at run time (`${workspaceFolder}/hook.mjs`, `$HOOK`). A package name (`tsx`, `dotenv/config`,
 * `ts-node/register`, `@opentelemetry/auto-instrumentations-node/register`) is not.
 */
function projectModule(value: string, root: string): boolean {
  if (value.startsWith('data:') || VARIABLE.test(value)) return true;
  if (value.startsWith('file:')) {
    try {
      return inProject(fileURLToPath(value), root);
    } catch {
      return false;
    }
  }
  if (/^\.\.?(?:[/\\]|$)/.test(value)) return !value.split(/[/\\]/).includes('node_modules');
  return isAbsolute(value) && inProject(value, root);
}

/**
 * The preloads of project code among Node's options `words`, read from `from` up to the first word
 * that is no option (the program): each `--import X`, `--import=X`, `-r X`, `--require=X`, `--loader X`
 * whose module is the project's (see `projectModule`), as written (`--import=./x.mjs`, `-r ./x.cjs`),
 * with the index of its flag; and the index where the options end.
 */
function preloadOptions(words: readonly string[], from: number, root: string): { found: { at: number; text: string }[]; end: number } {
  const found: { at: number; text: string }[] = [];
  let i = from;
  for (; i < words.length && words[i]!.startsWith('-') && words[i] !== '--'; i++) {
    const word = words[i]!;
    const eq = word.indexOf('=');
    const flag = eq < 0 ? word : word.slice(0, eq);
    if (!PRELOAD_FLAGS.has(flag)) continue;
    const value = eq < 0 ? words[++i] : word.slice(eq + 1);
    if (value !== undefined && projectModule(value, root))
      found.push({ at: i - (eq < 0 ? 1 : 0), text: eq < 0 ? `${flag} ${value}` : word });
  }
  return { found, end: i };
}

/**
 * The preloads of project code that a `NODE_OPTIONS` value sets (split as Node splits it, as a shell
 * splits words), as written: `--import=./scripts/telemetry.mjs`. Options other than those are passed over.
 */
export function nodeOptionsPreloads(value: string, root: string): string[] {
  const words = shellWords(value).filter((w) => w !== ';');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const { found, end } = preloadOptions(words, i, root);
    out.push(...found.map((f) => f.text));
    i = end;
  }
  return out;
}

/** A word that runs Node with its own options before the program: `node`, `nodejs`, `tsx` (which passes Node's on), a path to one. */
const RUNS_NODE = /(?:^|[/\\])(?:node|nodejs|tsx)(?:\.exe)?$/;

/**
 * The preloads of project code on the command line `words` (see `shellWords`), run in the absolute
 * folder `folder`, each with the index of the word that sets it and how, in words: a word
 * `NODE_OPTIONS=…` (a prefix of the command, `export`, `env`, `cross-env`, a Dockerfile's `ENV`) or a
 * YAML `NODE_OPTIONS: …` (the rest of its command), whatever it runs; and `node --import ./x.mjs F`
 * (`-r`, `--require`, `--loader`; `tsx` too) where `F` runs agent-tools or is a file of the project.
 * A package preloaded (`--import tsx`, `-r dotenv/config`) is none.
 */
export function commandLinePreloads(words: readonly string[], folder: string, root: string): { at: number; loads: string }[] {
  const out: { at: number; loads: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.startsWith('NODE_OPTIONS=')) {
      for (const p of nodeOptionsPreloads(word.slice('NODE_OPTIONS='.length), root)) out.push({ at: i, loads: `NODE_OPTIONS ${p}` });
    } else if (word === 'NODE_OPTIONS:') {
      const end = words.indexOf(';', i) < 0 ? words.length : words.indexOf(';', i);
      for (const p of nodeOptionsPreloads(words.slice(i + 1, end).join(' '), root)) out.push({ at: i, loads: `NODE_OPTIONS ${p}` });
    } else if (RUNS_NODE.test(word)) {
      const { found, end } = preloadOptions(words, i + 1, root);
      const program = words[end === words.length || words[end] !== '--' ? end : end + 1];
      const runs =
        program !== undefined &&
        (isAgentTools(program) || (inProject(resolve(folder, program), root) && existsSync(resolve(folder, program))));
      if (runs)
        for (const f of found)
          out.push({
            at: f.at,
            loads: `${word
              .split(/[/\\]/)
              .pop()!
              .replace(/\.exe$/, '')} ${f.text}`,
          });
    }
  }
  return out;
}

/**
 * The preloads of project code an `.npmrc` sets for every Node process npm and pnpm run (scripts,
 * `npx`): each `node-options=…` line's, at its 1-based line, as written.
 */
export function npmrcPreloads(text: string, root: string): { line: number; loads: string }[] {
  const out: { line: number; loads: string }[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    const m = /^\s*node[-_]options\s*=\s*(.*?)\s*$/.exec(l);
    const value = m?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
    if (value !== undefined) for (const p of nodeOptionsPreloads(value, root)) out.push({ line: i + 1, loads: `node-options ${p}` });
  });
  return out;
}

/** The shells a `script-shell` or a Makefile `SHELL` may name and still be no project code: by basename, with or without `.exe`. */
const STANDARD_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'pwsh', 'powershell', 'cmd']);

/**
 * The shells of the project an `.npmrc` sets for npm and pnpm to run every script and `npx` command
 * through: each `script-shell=…` line's value that is not a standard shell (`sh`, `bash`, `/bin/zsh`,
 * `pwsh`, `cmd.exe`, ...), at its 1-based line, as written (`script-shell ./scripts/npm-shell`). Such a
 * shell may change any command it runs (add `--yes` to an `agent-tools call`).
 */
export function npmrcShells(text: string): { line: number; shell: string }[] {
  const out: { line: number; shell: string }[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    const value = /^\s*script[-_]shell\s*=\s*(.*?)\s*$/.exec(l)?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
    const name = value
      ?.split(/[/\\]/)
      .pop()!
      .replace(/\.exe$/i, '');
    if (value && !STANDARD_SHELLS.has(name!)) out.push({ line: i + 1, shell: `script-shell ${value}` });
  });
  return out;
}

/**
 * The shells of the project a Makefile sets for make to run every recipe line through: each `SHELL =`, `:=`, `::=`, `?=`
 * (or `override SHELL`, `export SHELL`) line whose value names no standard shell (`sh`, `bash`, `/bin/bash`, `/usr/bin/env
 * bash`, `$(shell which bash)` are fine), at its 1-based line, as written (`SHELL ./ops/confirming-shell`). Such a shell
 * may add `--yes` to a recipe.
 */
export function makeShells(text: string): { line: number; shell: string }[] {
  const out: { line: number; shell: string }[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    const value = /^\s*(?:(?:override|export)\s+)*SHELL\s*(?::{1,3}|\?)?=\s*(.*?)\s*(?:#.*)?$/.exec(l)?.[1];
    if (value === undefined || value === '') return;
    // `$(shell which bash)` (also `command -v`) names the shell make finds on the PATH, a standard one by its name
    const found = /^\$[({]shell\s+(?:which|command\s+-v)\s+([^\s)}]+)\s*[)}]$/.exec(value)?.[1];
    const words = (found ?? value).split(/\s+/);
    const program = /^(?:\/usr)?\/bin\/env$/.test(words[0]!) ? words[1] : words[0];
    const standard = /^(?:(?:\/usr)?(?:\/local)?\/bin\/)?([a-z]+)$/.exec(program ?? '')?.[1];
    if (standard === undefined || !STANDARD_SHELLS.has(standard)) out.push({ line: i + 1, shell: `SHELL ${value}` });
  });
  return out;
}

/** Why a Makefile's own `SHELL` counts as a grant of every tool, for validate's warning and diff's detail. */
export const MAKE_SHELL_WHY =
  "the project's own shell, which make runs every recipe line through and which may rewrite them, adding --yes or --approve";

/** Why a project shell of npm's counts as a grant of every tool, for validate's warning and diff's detail. */
export const SHELL_WHY =
  "the project's own shell, which runs every npm script and npx command and may rewrite them, adding --yes or --approve";

/** Why the project shell `shell` (`script-shell ...` of an `.npmrc`, `SHELL ...` of a Makefile) counts as a grant of every tool. */
export const shellWhy = (shell: string) => (shell.startsWith('SHELL ') ? MAKE_SHELL_WHY : SHELL_WHY);

/** Why a preload of project code counts as a grant of every tool, for validate's warning and diff's detail. */
export const PRELOAD_WHY = 'code loaded before agent-tools that may change how it asks for approval';

/** What the tampering words end with, for validate's warning and diff's detail. */
export const TAMPER_WHY = 'the package that decides approval may not be the one installed from npm';

/** The install lifecycle scripts a package manager runs on its own: on install, and `prepare` after it. */
export const LIFECYCLE_SCRIPTS = new Set(['preinstall', 'install', 'postinstall', 'prepare']);

/** Above this size (bytes) a file a lifecycle script runs is not read (a bundle). */
const MAX_BYTES = MAX_READ_BYTES;

/**
 * Whether the lifecycle script `script`, run in the absolute folder `folder`, may change the installed
 * agent-tools: its text names `agent-tools` (other than a word that runs its command line), or it
 * runs a file of the project whose text does (`node scripts/postinstall.mjs`). That file, relative to
 * `root` with `/` separators, or the script itself (`''`); `undefined` when it names none.
 */
export function lifecycleTamper(script: string, folder: string, root: string): string | undefined {
  const words = shellWords(script);
  if (words.some((w) => !isAgentTools(w) && /agent-tools/.test(w))) return '';
  for (const word of words) {
    const file = resolve(folder, word);
    if (VARIABLE.test(word) || !inProject(file, root)) continue;
    try {
      const stat = statSync(file);
      if (stat.isFile() && stat.size <= MAX_BYTES && /agent-tools/.test(decodeUtf8(readFileSync(file), 'the file')))
        return relative(root, file).split(sep).join('/');
    } catch {
      // no such file: a word, not a file it runs
    }
  }
  return undefined;
}

/** A patch of agent-tools that patch-package applies on install: `agent-tools+1.2.0.patch` (any folder, `--patch-dir`). */
export const isAgentToolsPatch = (name: string) => /^agent-tools\+.*\.patch$/.test(name);

/**
 * The files under a `node_modules/agent-tools/` folder (or of another package of `APPROVAL_PACKAGES`) that git tracks in
 * the work tree at `root` (an untracked one is the installed package where no .gitignore names node_modules), relative
 * to `root` with `/` separators: a copy of the package committed with the project, which Node resolves before the
 * installed one for the files below that folder; and those under a `node_modules/.bin/` folder, commands an npm script runs by
 * their bare name (`"purge": "notes-purge"`) in place of what npm installs there. `undefined` when
 * `root` is in no git work tree (an installed package and a copy cannot then be told apart: none is read).
 */
export function committedAgentTools(root: string): { copies: string[]; bins: string[] } | undefined {
  const files = gitLsFiles(root, ['--cached'])?.sort();
  if (!files) return undefined;
  return {
    copies: files.filter((f) => APPROVAL_PACKAGES.some((n) => f.startsWith(`node_modules/${n}/`) || f.includes(`/node_modules/${n}/`))),
    bins: files.filter((f) => /(?:^|\/)node_modules\/\.bin\//.test(f)),
  };
}
