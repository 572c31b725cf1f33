/** The project files outside an analysis that import one of its files: where an agent's `agent.ts` beside its tools folder is found. */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { displayPath } from './project.js';
import { SourceResolver } from './source-resolver.js';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';
import { ts } from './ts-morph.cjs';

/** Above this many source files a project is not searched beyond the analyzed files (a monorepo's root). */
export const MAX_PROJECT_FILES = 5000;

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/** One project file outside the analysis that imports or re-exports an analyzed file. */
export interface ImportingFile {
  /** Absolute path. */
  path: string;
  text: string;
}

/** What {@link importingFiles} found, and why it searched no further when it did not search a project. */
export interface ImportingScan {
  files: ImportingFile[];
  /** A project folder too big to search (more than {@link MAX_PROJECT_FILES} source files), relative to `cwd` (`.` for `cwd`). */
  tooBig?: string;
  /** True when no analyzed file has a package.json above it: no project was searched. */
  noProject?: boolean;
}

const isSource = (name: string) => SOURCE_EXTENSIONS.includes(extname(name)) && !/\.d\.[mc]?ts$/.test(name);

/**
 * The source files under `root` that git does not ignore (tracked, or untracked and not ignored
 * by .gitignore), dot folders included (`.agent/wire.ts`), `node_modules` and an untracked `dist`
 * left out; `null` when `root` is not in a git work tree (or git cannot run), `undefined` when
 * there are more than {@link MAX_PROJECT_FILES}.
 */
function gitFiles(root: string): string[] | undefined | null {
  let listing: string;
  try {
    listing = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--exclude=node_modules', '--exclude=dist'],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } catch {
    return null;
  }
  const out = new Set<string>();
  for (const rel of listing.split('\0')) {
    if (rel === '' || !isSource(rel) || rel.split('/').includes('node_modules')) continue;
    out.add(join(root, rel));
    if (out.size > MAX_PROJECT_FILES) return undefined;
  }
  return [...out].sort();
}

/**
 * The source files under `root` (`node_modules`, `dist`, `.git`, `.d.ts` and symbolic links left
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
      } else if (e.isFile() && isSource(e.name)) {
        out.push(join(dir, e.name));
        if (out.length > MAX_PROJECT_FILES) return undefined;
      }
    }
  }
  return out.sort();
}

/** `p` with its symbolic links resolved, or as given when it cannot be. */
function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * The other source files of the project that import or re-export one of `sources` directly (a
 * relative import that resolves to it), as an agent's `agent.ts` beside its tools folder does,
 * in path order. The project is the folder of the nearest package.json above each analyzed
 * file: the files git does not ignore there, or without git every folder but `node_modules`,
 * `dist` and `.git` (dot folders such as `.agent` included: see `projectFiles`);
 * none above means no file (`noProject`), and so does a project of more than
 * {@link MAX_PROJECT_FILES} source files (`tooBig` names it). Only files whose text passes
 * `mayMatter` (a cheap filter, e.g. "names an approval list") are read for their imports; a file
 * `ignored` names (by its path relative to `cwd`, as the configuration's `ignore` does) is left out.
 */
export function importingFiles(
  sources: readonly ts.SourceFile[],
  cwd: string,
  mayMatter: (text: string) => boolean,
  ignored?: (file: string) => boolean,
): ImportingScan {
  const analyzed = new Set<string>();
  const roots = new Map<string, string | undefined>();
  for (const sf of sources) {
    analyzed.add(realPath(sf.fileName));
    const dir = dirname(sf.fileName);
    if (!roots.has(dir)) roots.set(dir, packageRoot(dir));
  }
  const projects = new Set([...roots.values()].filter((r) => r !== undefined));
  const resolver = new SourceResolver();
  const seen = new Set<string>();
  const files: ImportingFile[] = [];
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
      if (!mayMatter(text) || analyzed.has(realPath(path))) continue;
      const imports = ts.preProcessFile(text, true, true).importedFiles;
      if (imports.some((i) => analyzed.has(realPath(resolver.resolveFile(path, i.fileName) ?? '')))) files.push({ path, text });
    }
  }
  return { files, ...(tooBig !== undefined ? { tooBig } : {}), ...(sources.length > 0 && projects.size === 0 ? { noProject: true } : {}) };
}

/** The folder of the nearest package.json at or above `dir`, or `undefined`. */
function packageRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return undefined;
  }
}
