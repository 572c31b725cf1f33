/** The project files that import an analysis's files, directly or through others (an agent.ts beside the tools), and what they import. */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { displayPath, realPath } from './project.js';
import { SourceResolver } from './source-resolver.js';
import { mayRunAsCode } from '../shared/source-extensions.js';
import { ts } from './ts-morph.cjs';
import { gitLsFiles } from '../util/git-ls-files.js';
import { firstLineOf } from '../util/first-line.js';

/** Above this many source files a project is not searched beyond the analyzed files (a monorepo's root). */
export const MAX_PROJECT_FILES = 5000;

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/** One project file outside the analysis that imports or re-exports an analyzed file, directly or through other such files. */
export interface ImportingFile {
  /** Absolute path. */
  path: string;
  text: string;
}

/** What {@link importingFiles} found, and why it searched no further when it did not search a project. */
export interface ImportingScan {
  /** The importing files whose text passes the caller's filter, in path order. */
  files: ImportingFile[];
  /** Every importing file, directly or through others, whatever its text, in path order: `files` are those that pass the filter. */
  links: ImportingFile[];
  /** A project folder too big to search (more than {@link MAX_PROJECT_FILES} source files), relative to `cwd` (`.` for `cwd`). */
  tooBig?: string;
  /** True when no analyzed file has a package.json above it: no project was searched. */
  noProject?: boolean;
}

/** Whether the project file at `path` may run as code (see `mayRunAsCode`): the approval readers read every such file. */
const isSource = (path: string) => mayRunAsCode(basename(path), () => firstLineOf(path));

/**
 * The source files under `root` that git does not ignore (tracked, or untracked and not ignored
 * by .gitignore), dot folders included (`.agent/wire.ts`), `node_modules` and an untracked `dist`
 * left out; `null` when `root` is not in a git work tree (or git cannot run), `undefined` when
 * there are more than {@link MAX_PROJECT_FILES}.
 */
function gitFiles(root: string): string[] | undefined | null {
  const listing = gitLsFiles(root, ['--cached', '--others', '--exclude-standard', '--exclude=node_modules', '--exclude=dist']);
  if (listing === null) return null;
  const out = new Set<string>();
  for (const rel of listing) {
    if (rel.split('/').includes('node_modules') || !isSource(join(root, rel))) continue;
    out.add(join(root, rel));
    if (out.size > MAX_PROJECT_FILES) return undefined;
  }
  return [...out].sort();
}

/**
 * The files under `root` that may run as code (see `mayRunAsCode`; `node_modules`, `dist`, `.git` and symbolic links left
 * out; other dot folders such as `.agent` searched), or `undefined` when there are more than
 * {@link MAX_PROJECT_FILES}. In a git work tree, the files git does not ignore (see `gitFiles`).
 */
function projectFiles(root: string): string[] | undefined {
  const listed = gitFiles(root);
  // an empty listing: a project in a folder its repository ignores, walked as without git
  if (listed !== null && listed?.length !== 0) return listed;
  const out: string[] = [];
  const dirs = [root];
  for (let dir = dirs.pop(); dir !== undefined; dir = dirs.pop()) {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) dirs.push(join(dir, e.name));
      } else if (e.isFile() && isSource(join(dir, e.name))) {
        out.push(join(dir, e.name));
        if (out.length > MAX_PROJECT_FILES) return undefined;
      }
    }
  }
  return out.sort();
}

/**
 * The other source files of the project that import or re-export one of `sources`, directly (a
 * relative import that resolves to it, as an agent's `agent.ts` beside its tools folder does) or
 * through other such files to any depth (`.agent/mcp.ts` importing `.agent/reg.ts`, which
 * re-exports the registry), in path order. A file on the way is followed whatever its text; only
 * the files whose text passes `mayMatter` (a cheap filter, e.g. "names an approval list") are in
 * `files`, every one in `links`. The project is the folder of the nearest package.json above
 * each analyzed file, and each folder above it with a package.json up to the top of its git work
 * tree (a monorepo's root package): the files git does not ignore there, or without git every folder but
 * `node_modules`, `dist` and `.git` (dot folders such as `.agent` included: see `projectFiles`);
 * none above means no file (`noProject`), and so does a project of more than
 * {@link MAX_PROJECT_FILES} source files (`tooBig` names it). A file `ignored` names (by its path
 * relative to `cwd`, as the configuration's `ignore` does) is left out, and not followed.
 */
export function importingFiles(
  sources: readonly ts.SourceFile[],
  cwd: string,
  mayMatter: (text: string) => boolean,
  ignored?: (file: string) => boolean,
): ImportingScan {
  const real = new Map<string, string>();
  const realOf = (p: string) => real.get(p) ?? real.set(p, realPath(p)).get(p)!;
  const analyzed = new Set<string>();
  const roots = new Map<string, string | undefined>();
  const projects = new Set<string>();
  const library = isLibrarySource();
  for (const sf of sources) {
    analyzed.add(realOf(sf.fileName));
    const dir = dirname(sf.fileName);
    if (roots.has(dir)) continue;
    const root = packageRoot(dir);
    roots.set(dir, root);
    // not the agent-tools repository around its own examples, whose tests import them on purpose
    if (root !== undefined)
      for (const r of [root, ...outerPackageRoots(root).filter((o) => !library(join(o, 'package.json')))]) projects.add(r);
  }
  const resolver = new SourceResolver();
  const seen = new Set<string>();
  // each project file, by the real path of each file it imports
  const importers = new Map<string, ImportingFile[]>();
  let tooBig: string | undefined;
  for (const root of projects) {
    const paths = projectFiles(root);
    if (!paths) {
      tooBig = displayPath(root, cwd) || '.';
      continue;
    }
    for (const path of paths) {
      if (seen.has(path) || ignored?.(displayPath(path, cwd))) continue;
      seen.add(path);
      let text;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue; // unreadable: not the toolbox's, which the analysis read
      }
      if (analyzed.has(realOf(path))) continue;
      for (const i of ts.preProcessFile(text, true, true).importedFiles) {
        const target = resolver.resolveFile(path, i.fileName);
        if (target === undefined) continue;
        const key = realOf(target);
        const list = importers.get(key) ?? [];
        importers.set(key, list);
        if (list[list.length - 1]?.path !== path) list.push({ path, text });
      }
    }
  }
  // breadth first from the analyzed files: a file that imports a linked file is linked
  const linked = new Map<string, ImportingFile>();
  const queue = [...analyzed];
  for (let at = queue.shift(); at !== undefined; at = queue.shift())
    for (const file of importers.get(at) ?? [])
      if (!linked.has(file.path)) {
        linked.set(file.path, file);
        queue.push(realOf(file.path));
      }
  const links = [...linked.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    files: links.filter((f) => mayMatter(f.text)),
    links,
    ...(tooBig !== undefined ? { tooBig } : {}),
    ...(sources.length > 0 && projects.size === 0 ? { noProject: true } : {}),
  };
}

/**
 * The files that `from` import by a relative specifier (`./wire.js`, `../.lib/relax.js`, as
 * `SourceResolver` finds it), and those these import so in turn, to any depth, in the order
 * found: wherever they lie (dot folders, `dist`, outside the project), but never in
 * `node_modules` nor in the agent-tools package itself (its own repository, whose examples and
 * tests import the library by relative path: see `isLibrarySource`); not one of `from` (by real
 * path), nor one `ignored` names (by its path relative to `cwd`); at most
 * {@link MAX_PROJECT_FILES}. A file that cannot be read is left out. Where a helper the toolbox
 * imports from outside the analyzed folder (`relax` in `.lib/relax.ts`) is read.
 */
export function importedFiles(from: readonly ImportingFile[], cwd: string, ignored?: (file: string) => boolean): ImportingFile[] {
  const resolver = new SourceResolver();
  const library = isLibrarySource();
  const seen = new Set(from.map((f) => realPath(f.path)));
  const queue = [...from];
  const out: ImportingFile[] = [];
  for (let at = 0; at < queue.length && out.length < MAX_PROJECT_FILES; at++) {
    const { path, text } = queue[at]!;
    for (const i of ts.preProcessFile(text, true, true).importedFiles) {
      const target = i.fileName.startsWith('.') ? resolver.resolveFile(path, i.fileName) : undefined;
      const key = target && realPath(target);
      if (!target || !key || seen.has(key) || [target, key].some((p) => p.split(sep).includes('node_modules'))) continue;
      seen.add(key);
      if (ignored?.(displayPath(target, cwd)) || library(key)) continue;
      try {
        const file = { path: target, text: readFileSync(target, 'utf8') };
        out.push(file);
        queue.push(file);
      } catch {
        // unreadable: nothing to read in it
      }
    }
  }
  return out;
}

/**
 * A test of whether a file belongs to the agent-tools package itself: the nearest package.json
 * above it (see `packageRoot`) is named `agent-tools`. That is the library, as under
 * `node_modules`, not the project's code (the approval its internals set is its own); each
 * package.json is read once per test.
 */
function isLibrarySource(): (file: string) => boolean {
  const byRoot = new Map<string, boolean>();
  return (file) => {
    const root = packageRoot(dirname(file));
    if (root === undefined) return false;
    if (!byRoot.has(root)) {
      let name: unknown;
      try {
        name = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown }).name;
      } catch {
        name = undefined;
      }
      byRoot.set(root, name === 'agent-tools');
    }
    return byRoot.get(root)!;
  };
}

/** The folder of the nearest package.json at or above `dir`, or `undefined`. */
/**
 * The folders above `root` that hold a package.json, up to the top of the git work tree `root` is in (a monorepo's root
 * package, whose `.ops/` or `scripts/` may import a workspace's tools); none outside a git work tree, so a project without
 * git is never widened to the folders around it.
 */
function outerPackageRoots(root: string): string[] {
  const out: string[] = [];
  for (let d = root; ; d = dirname(d)) {
    if (d !== root && existsSync(join(d, 'package.json'))) out.push(d);
    if (existsSync(join(d, '.git'))) return out;
    if (dirname(d) === d) return [];
  }
}

function packageRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return undefined;
  }
}
