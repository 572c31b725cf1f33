/** Code no reader sees that a command line runs or project code imports: a file not in the repository, run-time named, linked out. */

import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { sourceCandidates } from '../analysis/source-resolver.js';
import { gitLsFiles } from '../util/git-ls-files.js';
import { PREFIXES, RUNTIMES, RUNTIME_VALUED } from './command-words.js';
import { expandsAtRunTime, VARIABLE } from './loaded-code.js';
import { OPAQUE } from './spawn-commands.js';

/** Runtimes of JavaScript and TypeScript besides {@link RUNTIMES}: `deno run`, `vite-node`. */
const MORE_RUNTIMES = /(?:^|\/)(?:deno|vite-node)$/;

/** The subcommand a runtime runs a file under (`tsx watch f`, `bun run f`, `deno run f`), passed over to find the file. */
const RUN_SUBCOMMANDS = new Set(['watch', 'run']);

/** Options of a runtime that take the next word as their value, besides {@link RUNTIME_VALUED}. */
const MORE_VALUED = new Set(['--tsconfig', '-P', '--project', '--env-file', '--env-file-if-exists', '--title']);

/**
 * Options under which a runtime runs no file of its own: code given inline, a syntax check, its test runner, a package
 * script (`node --run`), its version or help, its REPL.
 */
const RUNS_NO_FILE = /^(?:-[epcvhi]|--(?:eval|print|check|test|run|version|help|interactive)(?:=.*)?)$/;

/** Words a shell reads before a command (`for ...; do tsx $f; done`, `if ...; then`, `{ ...; }`): passed over to find the program. */
const SHELL_KEYWORDS = new Set(['do', 'then', 'else', 'elif', 'if', 'while', 'until', '{', '(', '!']);

/** A YAML list item's dash and a key before a command (`- run: tsx x.ts` of a CI step): passed over to find the program. */
const YAML_KEY = /^-$|^[A-Za-z_][\w-]*:$/;

/** An extension of a file a JavaScript or TypeScript runtime runs. */
const CODE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** Folders that hold build output: a `.js` file there whose stem a TypeScript source of the project has is compiled from it. */
const BUILD_FOLDERS = new Set(['dist', 'build', 'out', 'output', '.output', 'lib', 'bin']);

/** A TypeScript source whose stem a build output may have (`src/server.ts` for `dist/server.js`); declarations aside. */
const TS_SOURCE = /^(?!.*\.d\.[cm]?ts$).*\.(?:[cm]?ts|tsx)$/;

/** Why a command line runs code no reader sees (see {@link unreadCodeRuns}), in words after the file's name. */
const UNREAD_WORDS = {
  absent: 'a file not in the repository (made, unpacked or downloaded at run time), which no reader sees',
  named: 'a file named at run time (by a variable, a glob or a value the code computes), which no reader sees',
  remote: 'code downloaded at run time, which no reader sees',
} as const;

/** What a project holds, for {@link unreadCodeRuns}: which files git ignores, and the stems of its TypeScript sources. */
export class ProjectTree {
  private ignoredPaths: { files: Set<string>; folders: string[] } | null | undefined;
  private stems: Set<string> | undefined;
  private emptySubmodules: string[] | undefined;
  private readonly realRoot: string;

  /**
   * @param root the project's root (absolute).
   * @param sources the project's source files (absolute paths), asked for once, when a build output is to be told.
   */
  constructor(
    readonly root: string,
    private readonly sources: () => readonly string[],
  ) {
    this.realRoot = realOr(root);
  }

  /** Whether git ignores the absolute `path` (`git ls-files --others --ignored`); never without git. */
  ignored(path: string): boolean {
    if (this.ignoredPaths === undefined) {
      const listed = gitLsFiles(this.root, ['--others', '--ignored', '--exclude-standard', '--directory']);
      this.ignoredPaths = listed && {
        files: new Set(listed.filter((f) => !f.endsWith('/'))),
        folders: listed.filter((f) => f.endsWith('/')),
      };
    }
    if (!this.ignoredPaths) return false;
    const shown = relative(this.root, path).split(sep).join('/');
    return this.ignoredPaths.files.has(shown) || this.ignoredPaths.folders.some((f) => shown.startsWith(f));
  }

  /** Whether the absolute `path` is build output of the project's TypeScript: a `.js` file in a build folder whose stem a source has. */
  built(path: string): boolean {
    if (!/\.[cm]?jsx?$/.test(path)) return false;
    const parts = relative(this.root, path).split(sep);
    if (!parts.slice(0, -1).some((p) => BUILD_FOLDERS.has(p))) return false;
    this.stems ??= new Set(
      this.sources()
        .filter((f) => TS_SOURCE.test(f) && !this.ignored(f))
        .map((f) => stem(f)),
    );
    return this.stems.has(stem(path));
  }

  /** Whether the absolute `path` lies inside the project, as written and once its links are followed. */
  holds(path: string): boolean {
    return inside(this.root, path) && (!existsSync(path) || inside(this.realRoot, realOr(path)));
  }

  /** The target of `path` when it is a symbolic link that leads outside the project (dangling or not), else `undefined`. */
  linkOut(path: string): string | undefined {
    try {
      if (!lstatSync(path).isSymbolicLink()) return undefined;
      const target = resolve(dirname(path), readlinkSync(path));
      return inside(this.root, target) || inside(this.realRoot, target) ? undefined : target;
    } catch {
      return undefined;
    }
  }

  /** Whether the absolute `path` is a file of the project the readers see: on disk, inside it, no link out, not ignored by git. */
  sees(path: string): boolean {
    return this.linkOut(path) === undefined && existsSync(path) && this.holds(path) && !this.ignored(path);
  }

  /**
   * The folder (relative to the root, `/` separators) of the git submodule that holds the absolute `path` when the root's
   * `.gitmodules` lists it and its folder is absent or empty: not checked out, as `git clone` and CI leave it unless told to.
   * `undefined` otherwise, a checked-out submodule too (its files are read as the project's).
   */
  submodule(path: string): string | undefined {
    if (this.emptySubmodules === undefined) {
      let text = '';
      try {
        text = readFileSync(join(this.root, '.gitmodules'), 'utf8');
      } catch {
        // no .gitmodules: no submodule
      }
      this.emptySubmodules = [...text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)]
        .map((m) => m[1]!.replace(/^"(.*)"$/, '$1').replace(/\/+$/, ''))
        .filter((folder) => isEmptyFolder(join(this.root, folder)));
    }
    const shown = relative(this.root, path).split(sep).join('/');
    return this.emptySubmodules.find((folder) => shown === folder || shown.startsWith(`${folder}/`));
  }
}

/** Whether the absolute `path` is a folder with nothing in it, or is not there at all. */
function isEmptyFolder(path: string): boolean {
  try {
    return readdirSync(path).length === 0;
  } catch {
    return !existsSync(path);
  }
}

/**
 * Why the absolute `file` is code no reader of the project `tree` sees, in words after its name: a symbolic link out of the
 * project, a file of a git submodule that is not checked out (see `ProjectTree.submodule`), a file not in the repository
 * (absent, outside it, ignored by git; `absent` says so). `undefined` for a file the readers see, one in `node_modules` and
 * build output of the project's TypeScript (see `ProjectTree.built`).
 */
function unseenWhy(file: string, tree: ProjectTree, absent: string = UNREAD_WORDS.absent): string | undefined {
  const target = tree.linkOut(file);
  if (target !== undefined) return `a symbolic link to ${target}, outside the repository, which no reader sees`;
  if (file.split(sep).includes('node_modules') || tree.built(file)) return undefined;
  // an empty submodule folder is on disk and tracked (as a gitlink), yet holds nothing to read
  const submodule = tree.submodule(file);
  if (submodule !== undefined) return submoduleWords(submodule);
  return tree.sees(file) ? undefined : absent;
}

/** Why code of the git submodule at `folder` (relative to the root) that is not checked out is code no reader sees, in words. */
export const submoduleWords = (folder: string) =>
  `in the git submodule ${folder}, which is not checked out (git clone and CI leave it empty), so no reader sees it`;

/** The real path of `path`, or `path` when it does not exist. */
function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether the absolute `path` is `root` or under it. */
function inside(root: string, path: string): boolean {
  const r = relative(root, path);
  return !r.startsWith('..') && !isAbsolute(r);
}

/** The name of `path` without its extensions' last part (`server` for `dist/server.js`). */
const stem = (path: string) => basename(path).replace(/\.[^.]+$/, '');

/**
 * Where the command that starts at `words[start]` (see `shellWords`) runs a JavaScript or TypeScript file: the index of its
 * runtime (`node`, `tsx`, `ts-node`, `bun`, `deno run`, `vite-node`, ... past `X=1`, `npx`, `env`, `pnpm exec`, shell
 * keywords such as `do`, a YAML step's `- run:`) and of the file, which is the first word after the runtime (and `watch`
 * or `run`) that is no option nor an option's value (`--import tsx`), or the word after `--`. `undefined` when it runs no
 * runtime, or one that runs no file of its own (`node -e`, `node --version`, `node --test`, `bun test`, stdin `-`, a redirection).
 */
export function runtimeFile(words: readonly string[], start: number): { program: number; file: number } | undefined {
  let i = start;
  for (;;) {
    const w = words[i];
    if (w === undefined) return undefined;
    if (/^[A-Za-z_]\w*=/.test(w) || SHELL_KEYWORDS.has(w) || w === 'cross-env' || YAML_KEY.test(w)) i++;
    else if (PREFIXES.has(w) || (/^(?:pnpm|yarn|npm)$/.test(w) && /^(?:exec|dlx)$/.test(words[i + 1] ?? ''))) {
      i += PREFIXES.has(w) ? 1 : 2;
      while (words[i]?.startsWith('-')) i++;
    } else break;
  }
  const program = words[i]!;
  if (!RUNTIMES.test(program) && !MORE_RUNTIMES.test(program)) return undefined;
  let k = i + 1;
  if (/deno$/.test(program) && words[k] !== 'run') return undefined;
  if (RUN_SUBCOMMANDS.has(words[k] ?? '')) k++;
  for (; words[k]?.startsWith('-') && words[k] !== '-'; k++) {
    const w = words[k]!;
    if (w === '--') {
      k++;
      break;
    }
    if (RUNS_NO_FILE.test(w)) return undefined;
    if (RUNTIME_VALUED.has(w) || MORE_VALUED.has(w)) k++;
  }
  const file = words[k];
  if (file === undefined || file === ';' || file === '-' || /^\d*[<>]/.test(file)) return undefined;
  return { program: i, file: k };
}

/**
 * The files the glob or path `word` (no variable in it) names from the absolute `folder`: the path itself when it has no
 * glob, else the files of its folder its last part matches (`scripts/*.mjs`); `undefined` when a folder part holds a glob.
 */
function globFiles(word: string, folder: string): string[] | undefined {
  const path = resolve(folder, word);
  if (!/[*?[]/.test(word)) return [path];
  if (/[*?[]/.test(dirname(word))) return undefined;
  const pattern = basename(path);
  const re = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')}$`,
  );
  try {
    return readdirSync(dirname(path))
      .filter((n) => re.test(n) && (pattern.startsWith('.') || !n.startsWith('.')))
      .map((n) => resolve(dirname(path), n));
  } catch {
    return [];
  }
}

/**
 * The project files the word `word` of `words` names when the readers can tell them: a path or a glob (see
 * {@link globFiles}), or a shell variable (`$f`, `${f}`) that a `for f in a b; do` of the same line binds to such words;
 * `undefined` when it cannot be told (another variable, an argument the code computes, a brace list, a glob in a folder).
 */
function namedFiles(word: string, words: readonly string[], folder: string): string[] | undefined {
  if (word.includes(OPAQUE) || expandsAtRunTime(word) || /\{[^{}]*,[^{}]*\}/.test(word)) return undefined;
  if (!VARIABLE.test(word)) return globFiles(word, folder);
  const name = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(word)?.[1];
  const at = words.findIndex((w, i) => w === 'for' && words[i + 1] === name && words[i + 2] === 'in');
  if (name === undefined || at < 0) return undefined;
  const files: string[] = [];
  for (let i = at + 3; i < words.length && words[i] !== ';'; i++) {
    const found = VARIABLE.test(words[i]!) ? undefined : globFiles(words[i]!, folder);
    if (!found || found.length === 0) return undefined;
    files.push(...found);
  }
  return files;
}

/** One command that runs code no reader sees (see {@link unreadCodeRuns}). */
export interface UnreadRun {
  /** The index of its runtime's word in the command line. */
  at: number;
  /** What it runs, in words: `tsx .cache/purge.ts runs .cache/purge.ts, a file not in the repository (...), which no reader sees`. */
  what: string;
}

/**
 * The commands of the command line `words` (see `shellWords`; a spawned command's words, an argument the code does not
 * show as {@link OPAQUE}), run in the absolute `folder`, that run JavaScript or TypeScript no reader of the project `tree`
 * sees (see {@link runtimeFile} for the file a runtime runs): a file with a JavaScript or TypeScript extension that is not
 * on disk, lies outside the project or in `node_modules`' stead is ignored by git (made, unpacked or downloaded at run
 * time), unless it is build output of the project's TypeScript (`node dist/server.js` with `src/server.ts`; see
 * `ProjectTree.built`); a symbolic link out of the project, dangling or not; a file named at run time that cannot be told
 * to be project files (see {@link namedFiles}); a URL (`deno run https://...`). A file in `node_modules`, or a word with no
 * such extension (`bun run build`, a package's bin), is passed over. `shown` writes a word as the message shows it.
 */
export function unreadCodeRuns(
  words: readonly string[],
  folder: string,
  tree: ProjectTree,
  shown: (word: string) => string = (w) => w,
): UnreadRun[] {
  const out: UnreadRun[] = [];
  for (let start = 0; start < words.length; start++) {
    if (start > 0 && words[start - 1] !== ';') continue;
    const found = runtimeFile(words, start);
    if (!found) continue;
    const word = words[found.file]!;
    const why = unreadWhy(word, words, folder, tree);
    if (why === undefined) continue;
    const command = words
      .slice(found.program, found.file + 1)
      .map(shown)
      .join(' ');
    out.push({ at: found.program, what: `${command} runs ${shown(word)}, ${why}` });
  }
  return out;
}

/** Why the file `word` of the command line `words`, run from `folder`, is code no reader sees (see {@link unreadCodeRuns}). */
function unreadWhy(word: string, words: readonly string[], folder: string, tree: ProjectTree): string | undefined {
  if (/^https?:\/\//.test(word)) return UNREAD_WORDS.remote;
  const runTime = word.includes(OPAQUE) || VARIABLE.test(word) || /[*?[{]/.test(word);
  if (!runTime && (!CODE_FILE.test(word) || word.split(/[/\\]/).includes('node_modules'))) return undefined;
  const files = namedFiles(word, words, folder);
  if (files === undefined || (runTime && files.length === 0)) return UNREAD_WORDS.named;
  for (const file of files) {
    const why = unseenWhy(file, tree, runTime ? UNREAD_WORDS.named : UNREAD_WORDS.absent);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** A module a specifier names that is data or an asset, not code: JSON, a stylesheet, an image, a native addon, text. */
const NOT_CODE = /\.(?:json5?|css|scss|sass|less|svg|png|jpe?g|gif|webp|avif|ico|wasm|node|txt|md|html?|graphql|gql|ya?ml|toml)$/i;

/**
 * What the relative `specifier` (`./x.js`, `../.generated/housekeep.js`; a `?query` or `#hash` left out), imported by the
 * absolute `file`, loads when that is code no reader of the project `tree` sees, in words (`'../.generated/housekeep.js'
 * loads .generated/housekeep.ts, a file not in the repository (...), which no reader sees`): the file it names as
 * `SourceResolver` finds it (a `.js` specifier names its TypeScript source first) when that is ignored by git, outside the
 * repository, a symbolic link out or in a git submodule that is not checked out; when no such file is on disk, the path as
 * written, unless it is build output of the project's TypeScript (`../dist/x.js` beside `src/x.ts`). `undefined` for a bare
 * specifier (a package), one into `node_modules`, a data or asset file (JSON, a stylesheet) and a file the readers see.
 */
export function unreadImport(specifier: string, file: string, tree: ProjectTree): string | undefined {
  if (!/^\.\.?(?:\/|$)/.test(specifier)) return undefined;
  const target = resolve(dirname(file), specifier.replace(/[?#].*$/s, ''));
  if (target.split(sep).includes('node_modules') || NOT_CODE.test(target)) return undefined;
  const candidates = sourceCandidates(target);
  // a dangling link that leads out names no file on disk, yet is the one the runtime would follow
  const found = candidates.find((c) => existsSync(c) || tree.linkOut(c) !== undefined);
  // declarations alone (`./types.js` with `types.d.ts`): a type the compiler drops from the output, or no file that runs
  const declared = [`${target.replace(/\.[cm]?[jt]sx?$/, '')}.d.ts`, join(target, 'index.d.ts')].some((d) => tree.sees(d));
  const other = extname(target) !== '' && existsSync(target);
  if (found === undefined && (declared || other || candidates.some((c) => tree.built(c)))) return undefined;
  const path = found ?? target;
  const why = unseenWhy(path, tree);
  return why && `'${specifier}' loads ${relative(tree.root, path).split(sep).join('/')}, ${why}`;
}
