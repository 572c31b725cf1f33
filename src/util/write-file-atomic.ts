/** Writes a file atomically: a temp file in the same folder, then a rename. */

import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { ensureDir } from './ensure-dir.js';

/** Thrown by {@link writeFileAtomic} when the target exists and `overwrite` is not set. */
export class FileExistsError extends Error {
  override readonly name = 'FileExistsError';
  constructor(readonly path: string) {
    super(`${path} already exists; use --force to overwrite it`);
  }
}

/**
 * Writes `data` (UTF-8 for strings) to `path` atomically: a temp file in the same folder,
 * then a rename, so readers see the old file or the whole new one, never a part. Missing
 * parent folders are created. The temp file is removed when the write fails.
 *
 * @throws {FileExistsError} when `path` exists and `options.overwrite` is not true.
 * @throws {CannotCreateDirError} when a parent folder cannot be created.
 * @throws {Error} `cannot write <path>: <errno code>` when the write or rename fails (`code` and `path` set).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: { overwrite?: boolean } = {}): void {
  if (!options.overwrite && existsSync(path)) throw new FileExistsError(path);
  const dir = dirname(path);
  ensureDir(dir);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    throw Object.assign(new Error(`cannot write ${path}: ${code ?? (err as Error).message}`), { code, path });
  }
}
