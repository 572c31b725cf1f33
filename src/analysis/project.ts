/** The analysis's ts-morph project, file collection from paths and globs, and module resolution by syntax. */

import { readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { Project, ts, type SourceFile } from './ts-morph.cjs';
import { globList, isGlob } from '../util/glob.js';
import { tryAddSourceFile } from './parse-depth.js';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';
import { readOutDir, SourceResolver } from './source-resolver.js';
import { isTestFile } from './test-file.js';

const SKIP_DIRS = new Set(['node_modules', 'dist']);

/** Whether a folder walk leaves out the folder named `name`: `node_modules`, `dist` and dot folders (`.agent`, `.git`). */
const skipsFolder = (name: string): boolean => SKIP_DIRS.has(name) || name.startsWith('.');

/**
 * Whether `file` lies under the folder `root` in a folder that a folder walk leaves out but that is
 * the project's own code: a dot folder (`.lib/relax.ts`) or `dist` on the way, `node_modules` nowhere.
 * Such a file is analyzed when a file of the analysis imports it (see `analyze`): what the toolbox
 * runs is read, wherever it lies. Both paths absolute; `root` with its symbolic links resolved
 * (as `collectFiles` gives `folders`), `file`'s are resolved here.
 */
export function inSkippedFolder(file: string, root: string): boolean {
  const rel = relative(root, realPath(file));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
  const folders = rel.split(sep).slice(0, -1);
  return !folders.includes('node_modules') && folders.some(skipsFolder);
}

/**
 * The one ts-morph `Project` of an analysis: no lib files, no tsconfig file list, no
 * automatic dependency resolution. Files are added only when analyzed or when a relative
 * (or tsconfig `paths`) import or re-export is followed.
 */
export function createAnalysisProject(): Project {
  return new Project({
    compilerOptions: { allowJs: true, noLib: true, noResolve: true, target: ts.ScriptTarget.ESNext, jsx: ts.JsxEmit.Preserve },
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
  });
}

function isSourceFile(name: string): boolean {
  return SOURCE_EXTENSIONS.includes(extname(name)) && !/\.d\.[mc]?ts$/.test(name);
}

/** A JavaScript file, as tsc writes them into its `outDir`. */
const JS_FILE = /\.[cm]?jsx?$/;

/**
 * The source files under `dir`, sorted by name within each folder. A symlinked file or folder is
 * followed (a broken link is skipped); each real folder is walked once (a link back up is no
 * loop) and each real file listed once, under the first path that reached it, or else under a later one whose own name is
 * no test when the first is one (see `isTestFile`): a file is read as what the name a command line runs it by says.
 * The JavaScript files under the `outDir` of a tsconfig.json met on the way (`build/` after `tsc`) are left out: they are
 * compiled copies of the project's TypeScript, read where they were written.
 */
function walk(
  dir: string,
  out: string[],
  seen = new Set<string>(),
  listed = new Map<string, number>(),
  outDirs = new Set<string>(),
  compiled = false,
): void {
  const real = realPath(dir);
  if (seen.has(real)) return;
  seen.add(real);
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (entries.some((e) => e.name === 'tsconfig.json' && !e.isDirectory())) {
    const outDir = readOutDir(join(dir, 'tsconfig.json'));
    // an outDir that is the config's own folder (or above it) holds the sources too: nothing is left out then
    if (outDir !== undefined && !relative(dir, outDir).startsWith('..') && relative(dir, outDir) !== '') outDirs.add(realPath(outDir));
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    let isDir = e.isDirectory();
    let isFile = e.isFile();
    if (e.isSymbolicLink()) {
      try {
        const st = statSync(path);
        [isDir, isFile] = [st.isDirectory(), st.isFile()];
      } catch {
        continue; // a broken link
      }
    }
    if (isDir) {
      if (!skipsFolder(e.name)) walk(path, out, seen, listed, outDirs, compiled || outDirs.has(realPath(path)));
    } else if (isFile && isSourceFile(e.name) && !(compiled && JS_FILE.test(e.name))) {
      const file = realPath(path);
      const at = listed.get(file);
      // a link whose own name is no test (`ops/cleanup.ts` to `jobs/cleanup.test.ts`) is what a command line runs: listed by it
      if (at !== undefined && isTestFile(out[at]!) && !isTestFile(path)) out[at] = path;
      if (at !== undefined || seen.has(file)) continue;
      seen.add(file);
      listed.set(file, out.length);
      out.push(path);
    }
  }
}

/** `p` with its symbolic links resolved, or as given when it cannot be (a missing file). */
export function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Expands files, folders and globs (relative to `cwd`) into absolute source file paths:
 * folders are searched recursively for the {@link SOURCE_EXTENSIONS} (`.ts` to `.cjs`), skipping
 * `node_modules`, `dist`, dot folders, `.d.ts` and the JavaScript of a tsconfig's `outDir` (`analyze` still reads a file of a skipped
 * folder under a given folder that an analyzed file imports: see {@link inSkippedFolder}). A path that does not exist but holds glob
 * syntax is matched by picomatch (see {@link globList}) against the source files under its
 * fixed base folder; a `!glob` drops the files it matches from the rest. Sorted by path
 * within each folder, no repeats.
 *
 * @returns the files, the given paths that do not exist (`missing`), the given files of
 *   another kind (`unsupported`, e.g. `x.json`), the globs that matched no file (`unmatched`)
 *   and the given paths that are folders (`folders`, absolute, symbolic links resolved).
 */
export function collectFiles(
  paths: readonly string[],
  cwd: string,
): { files: string[]; missing: string[]; unsupported: string[]; unmatched: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const missing: string[] = [];
  const unsupported: string[] = [];
  const unmatched: string[] = [];
  const excluded: string[] = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      if (p.startsWith('!')) excluded.push(p.slice(1));
      else if (isGlob(p)) {
        const found = expandGlob(p, cwd);
        if (found.length === 0) unmatched.push(p);
        files.push(...found);
      } else missing.push(p);
      continue;
    }
    if (st.isDirectory()) {
      walk(abs, files);
      folders.push(realPath(abs));
    } else if (isSourceFile(abs)) files.push(abs);
    else unsupported.push(p);
  }
  const reals = new Set<string>();
  let kept = files.filter((f) => {
    const real = realPath(f);
    if (reals.has(real)) return false;
    reals.add(real);
    return true;
  });
  for (const x of excluded) {
    const drop = globList([x.startsWith('/') || isAbsolute(x) ? displayPath(x, cwd) : x]);
    const before = kept.length;
    kept = kept.filter((f) => !drop.matches(displayPath(f, cwd)));
    if (kept.length === before) unmatched.push(`!${x}`);
  }
  return { files: kept, missing, unsupported, unmatched, folders };
}

/** The source files under `glob`'s fixed base folder that it matches (relative to `cwd`). */
function expandGlob(glob: string, cwd: string): string[] {
  const base = resolve(cwd, picomatch.scan(glob).base || '.');
  const under: string[] = [];
  try {
    if (statSync(base).isDirectory()) walk(base, under);
  } catch {
    return [];
  }
  // A CLI glob is anchored at `cwd` (as the shell would expand it): `*.ts` means ./*.ts.
  const rel = isAbsolute(glob) ? displayPath(glob, cwd) : glob;
  const list = globList([rel.includes('/') ? rel : `./${rel}`]);
  return under.filter((f) => list.matches(displayPath(f, cwd)));
}

/** `abs` relative to `cwd` with posix separators. */
export function displayPath(abs: string, cwd: string): string {
  return relative(cwd, abs).split(sep).join('/');
}

/**
 * Resolves module specifiers the way a TypeScript project would, by syntax and the file
 * system only: relative specifiers, package.json `imports` (`#core/*`, from the nearest
 * package.json above the importing file that has them; for a conditions object the
 * file Node.js loads, else the `types` one) and tsconfig `paths` (from the nearest
 * tsconfig.json). `.js` specifiers map to `.ts` sources. Packages are not followed. The rule
 * is {@link SourceResolver}'s; this adds the file to the analysis project, once per real path.
 */
export class ModuleResolver {
  private readonly files = new SourceResolver('unread');
  private readonly cache = new Map<string, SourceFile | undefined>();
  private readonly byRealPath = new Map<string, string>();

  constructor(private readonly project: Project) {}

  /**
   * The path under which `file` is analyzed: the first path seen for its real path, so a file
   * reached through a symlink and through its own path (or two links) is one source file.
   */
  canonical(file: string): string {
    const real = realPath(file);
    const first = this.byRealPath.get(real);
    if (first !== undefined) return first;
    this.byRealPath.set(real, file);
    return file;
  }

  /** The path of the source file `specifier` names from `fromFile` (not added to the project), or `undefined`. */
  resolvePath(fromFile: string, specifier: string): string | undefined {
    return typeof specifier === 'string' && specifier !== '' ? this.files.resolveFile(fromFile, specifier) : undefined;
  }

  /** Why `specifier` from `fromFile` names no file to read though one is there (see {@link SourceResolver.unreadWhy}), or `undefined`. */
  unreadWhy(fromFile: string, specifier: string): string | undefined {
    return this.files.unreadWhy(fromFile, specifier);
  }

  /** The source file `specifier` names from `fromFile`, added to the project, or `undefined`. */
  resolve(fromFile: string, specifier: string): SourceFile | undefined {
    // A broken import (a file being edited, a deleted token) has no specifier text.
    if (typeof specifier !== 'string' || specifier === '') return undefined;
    const key = `${dirname(fromFile)}\0${specifier}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const found = this.resolveUncached(fromFile, specifier);
    this.cache.set(key, found);
    return found;
  }

  private resolveUncached(fromFile: string, specifier: string): SourceFile | undefined {
    const probed = this.files.resolveFile(fromFile, specifier);
    if (!probed) return undefined;
    const file = this.canonical(probed);
    const sf = this.project.getSourceFile(file) ?? tryAddSourceFile(this.project, file);
    return 'tooDeep' in sf ? undefined : sf;
  }
}
