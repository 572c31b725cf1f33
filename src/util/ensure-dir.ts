/** Creates a folder and its missing parents one level at a time, with a clear error. */

import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EnvironmentError } from '../shared/errors.js';

/** Thrown by {@link ensureDir} when a folder cannot be created (exit 2); the message names the path and why. */
export class CannotCreateDirError extends EnvironmentError {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`cannot create folder ${path}: ${reason}`);
  }
}

/** The stat of `path`, or undefined when it or a parent does not exist (ENOTDIR: a parent is a file). */
function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/**
 * Creates folder `dir` and its missing parents, one level at a time. Not
 * `mkdirSync(dir, { recursive: true })`: on Node 20 that never returns for a path under a
 * pseudo file system such as `/proc/x/y`.
 *
 * @throws {CannotCreateDirError} when a parent is a file, or a level cannot be created
 *   (permissions, read-only or pseudo file system), naming the path and the reason.
 */
export function ensureDir(dir: string): void {
  for (const level of missingLevels(dir)) {
    try {
      mkdirSync(level);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'EEXIST' && statOrUndefined(level)?.isDirectory()) continue;
      throw new CannotCreateDirError(dir, `${e.code ?? 'error'} creating ${level}`);
    }
  }
}

/**
 * The folders {@link ensureDir} would create for `dir`, outermost first, creating none: lets a command refuse a
 * folder that cannot be made before it does anything else.
 *
 * @throws {CannotCreateDirError} when `dir` or a parent of it is a file.
 */
export function missingLevels(dir: string): string[] {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    const st = statOrUndefined(at);
    if (st) {
      if (!st.isDirectory()) throw new CannotCreateDirError(dir, `${at} is a file, not a folder`);
      break;
    }
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  return missing;
}
