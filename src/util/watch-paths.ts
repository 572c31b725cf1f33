/** Watches source and JSON files under paths with chokidar, for `--watch`. */

import { statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { watch } from 'chokidar';
import picomatch from 'picomatch';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';

const SOURCE = new Set([...SOURCE_EXTENSIONS, '.json']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

/** What {@link watchPaths} returns: `ready` resolves once the initial scan is done; `close()` stops watching. */
export interface PathWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

/** The folder or file to watch for a path, glob or `!glob` (relative to `cwd`); `undefined` for a `!glob`. */
function rootOf(p: string, cwd: string): string | undefined {
  if (p.startsWith('!')) return undefined;
  const abs = resolve(cwd, p);
  try {
    statSync(abs);
    return abs;
  } catch {
    return resolve(cwd, picomatch.scan(p).base || '.');
  }
}

/**
 * Calls `onChange` with the absolute paths of the source files ({@link SOURCE_EXTENSIONS}, `.d.ts`
 * aside) and `.json` files added, changed or deleted under `paths` (files,
 * folders searched recursively, or globs, whose fixed base folder is watched; relative to
 * `cwd`) once changes have been quiet for `options.debounceMs` (default 30 ms), so an editor's
 * save is one call. `node_modules`, `dist`, dot folders and `options.ignore` (files relative to
 * `cwd`, e.g. the command's own output) are not watched. chokidar does the
 * watching (Node 20's recursive `fs.watch` on Linux scans the tree asynchronously and
 * missed the first change after it started).
 */
export function watchPaths(
  paths: readonly string[],
  cwd: string,
  onChange: (files: string[]) => void,
  options: { ignore?: readonly string[]; debounceMs?: number } = {},
): PathWatcher {
  const ignore = new Set((options.ignore ?? []).map((f) => resolve(cwd, f)));
  const roots = [...new Set((paths.length > 0 ? paths : ['.']).map((p) => rootOf(p, cwd)).filter((r): r is string => r !== undefined))];
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    timer = undefined;
    const files = [...pending];
    pending.clear();
    if (files.length > 0) onChange(files);
  };
  const watcher = watch(roots, {
    ignoreInitial: true,
    ignored: (path, stats) => {
      if (roots.includes(path)) return false;
      if (ignore.has(resolve(path))) return true;
      const name = basename(path);
      if (stats?.isDirectory()) return SKIPPED_DIRS.has(name) || name.startsWith('.');
      return stats?.isFile() === true && (!SOURCE.has(extname(name)) || /\.d\.[mc]?ts$/.test(name));
    },
  });
  const note = (file: string) => {
    if (!SOURCE.has(extname(file)) || /\.d\.[mc]?ts$/.test(file)) return;
    pending.add(resolve(file));
    clearTimeout(timer);
    timer = setTimeout(fire, options.debounceMs ?? 30);
  };
  watcher.on('add', note).on('change', note).on('unlink', note);
  const ready = new Promise<void>((done) => watcher.once('ready', () => done()));
  return {
    ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
