/** Did-you-mean for a path that is not there: the closest entry of its folder, the folder kept as the user wrote it. */

import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { closeMatches } from './suggest.js';

/**
 * The path the user likely meant by `path` (as written; `abs` the same path resolved), which is not there: the
 * entry of its folder whose name is closest to its last part by {@link closeMatches} (`tools/regisry.ts` gives
 * `tools/registry.ts`, `examples/canvs/` gives `examples/canvas`), with the folder part as written. Files and
 * folders, or only files when `only` is `'files'`; `undefined` when the folder cannot be read or nothing is close.
 */
export function nearPath(path: string, abs: string, only?: 'files'): string | undefined {
  const written = path.replace(/[\\/]+$/, '');
  const name = basename(written);
  if (name === '' || name === '.' || name === '..') return undefined;
  let entries: string[];
  try {
    entries = readdirSync(dirname(abs.replace(/[\\/]+$/, '')), { withFileTypes: true })
      .filter((e) => (only === 'files' ? e.isFile() : e.isFile() || e.isDirectory()))
      .map((e) => e.name);
  } catch {
    return undefined;
  }
  const near = closeMatches(name, entries, 1)[0];
  return near === undefined ? undefined : `${written.slice(0, written.length - name.length)}${near}`;
}
