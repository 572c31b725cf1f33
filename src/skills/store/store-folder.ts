/** The folder of a SQLite skill store, created when missing; the default one kept out of git. */

import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ensureDir } from '../../util/ensure-dir.js';

/** The name of the project folder agent-tools keeps its own files in (the default store is `.agent-tools/skills.db`). */
const OWN_FOLDER = '.agent-tools';

/**
 * Creates `dir` (absolute) and its missing parents (see `ensureDir`). When it is created here and
 * named `.agent-tools`, also writes `.agent-tools/.gitignore` holding `*`, as pytest does for its
 * cache folder, so the store never lands in a commit; an existing `.gitignore` is never
 * overwritten, and a folder that already existed (or any other folder) is left as it is.
 *
 * @throws {CannotCreateDirError} when the folder cannot be created.
 */
export function ensureStoreFolder(dir: string): void {
  const created = !existsSync(dir);
  ensureDir(dir);
  if (!created || basename(dir) !== OWN_FOLDER) return;
  try {
    writeFileSync(join(dir, '.gitignore'), '# written by agent-tools: its skill store is local, never committed\n*\n', { flag: 'wx' });
  } catch (err) {
    // another process created the folder and wrote it first
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
